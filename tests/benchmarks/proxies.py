"""Proxies of the kinds of hard webpbn puzzles the judges keep aside (Sierpinski #12548,
Thing #18297, Gettysburg #22336, Nature #9892, Marley #10088, Meow, #25820, ...), which
this project may not use: pictures generated here from a seed, none copied from a puzzle.

    for name, picture in proxy_pictures(seed=1): ...   # bool (height, width), True = filled

Per size (15x15 to 99x59, ``PROXY_SIZES``): fractals (Sierpinski's triangle as Pascal's
triangle mod 2 and in its square form, Sierpinski's carpet; shifted, some magnified),
dithered images (Floyd-Steinberg or ordered 4x4 Bayer dithering of gradients, radial
gradients, smooth noise and grey shapes, 30-70% filled), line art (text in pillow's own
font, one-cell strokes) and pictures with many solutions (checkerboard patches in noise,
thin diagonals). ``bench_unseen.py --proxies`` checks them; the tests take a few.
"""
from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFont

PROXY_SIZES = ((15, 15), (20, 20), (25, 25), (30, 30), (40, 40), (45, 35), (50, 50), (60, 60), (80, 60), (99, 59))
BAYER = (np.array([[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]]) + 0.5) / 16


def _fractal(kind: str, width: int, height: int, dx: int, dy: int, scale: int) -> np.ndarray:
    """Sierpinski's triangle as Pascal's triangle mod 2 (``pascal``), its square form
    (``sierpinski``: row AND column is 0) or Sierpinski's carpet, shifted and magnified."""
    row, column = np.indices((height, width))
    row, column = (row + dy) // scale, (column + dx) // scale
    if kind == "pascal":
        return (column <= row) & ((column & row) == column)
    if kind == "sierpinski":
        return (row & column) == 0
    hole = np.zeros((height, width), dtype=bool)
    while (row > 0).any() or (column > 0).any():
        hole |= (row % 3 == 1) & (column % 3 == 1)
        row, column = row // 3, column // 3
    return ~hole


def _dithered(lightness: np.ndarray, how: str) -> np.ndarray:
    """Filled where dark: Floyd-Steinberg (pillow's ``convert("1")``) or a 4x4 Bayer matrix."""
    lightness = np.clip(lightness, 0, 255)
    if how == "fs":
        return np.asarray(Image.fromarray(lightness.astype(np.uint8)).convert("1")) == 0
    height, width = lightness.shape
    return lightness / 255 < np.tile(BAYER, (height // 4 + 1, width // 4 + 1))[:height, :width]


def _greys(kind: str, width: int, height: int, density: float, generator) -> np.ndarray:
    """A grey image (0-255, dark = filled) of mean darkness about ``density``."""
    row, column = np.indices((height, width)) / max(width, height)
    if kind == "gradient":
        angle = generator.uniform(0, np.pi)
        shade = np.cos(angle) * column + np.sin(angle) * row
    elif kind == "radial":
        shade = -np.hypot(row - generator.uniform(0.2, 0.8), column - generator.uniform(0.2, 0.8))
    elif kind == "noise":  # smooth value noise: a coarse random grid scaled up
        coarse = generator.random((4 + height // 8, 4 + width // 8)) * 255
        shade = _pixels(Image.fromarray(coarse.astype(np.uint8)).resize((width, height), Image.Resampling.BICUBIC))
    else:  # shapes: grey discs and boxes on a grey ground
        image = Image.new("L", (width, height), int(generator.integers(120, 220)))
        draw = ImageDraw.Draw(image)
        for _ in range(int(generator.integers(3, 8))):
            x, y = generator.integers(0, width), generator.integers(0, height)
            size = generator.integers(3, max(4, min(width, height) // 2))
            box = [x - size, y - size, x + size, y + size]
            (draw.ellipse if generator.random() < 0.5 else draw.rectangle)(box, fill=int(generator.integers(0, 256)))
        shade = -_pixels(image)
    shade = (shade - shade.min()) / max(1e-9, np.ptp(shade))  # 0 light to 1 dark
    shade = shade + (density - shade.mean())
    return 255 * (1 - shade)


def _pixels(image: Image.Image) -> np.ndarray:
    return np.asarray(image.convert("L"), dtype=np.float64)


def _line_art(kind: str, width: int, height: int, generator) -> np.ndarray:
    """Text in pillow's own font (Aileron), or one-cell-wide strokes: lines, circles, arcs."""
    image = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(image)
    if kind == "text":
        size = int(generator.integers(9, 15))
        font = ImageFont.load_default(size=size)
        words = ["Nonogram", "Gettysburg", "MEOW", "Thing", "Marley", "Nature", "fractal", "8 0 5 7", "picross"]
        for top in range(0, height - size // 2, size + 1):
            text = " ".join(generator.choice(words, 3))
            draw.text((int(generator.integers(-4, 2)), top), text, font=font, fill=0)
    else:
        for _ in range(int(generator.integers(4, 10))):
            x0, x1 = generator.integers(0, width, 2)
            y0, y1 = generator.integers(0, height, 2)
            shape = generator.integers(0, 3)
            if shape == 0:
                draw.line([(x0, y0), (x1, y1)], fill=0, width=1)
            elif shape == 1:
                draw.ellipse([min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)], outline=0)
            else:
                draw.arc([min(x0, x1), min(y0, y1), max(x0, x1) + 2, max(y0, y1) + 2],
                         int(generator.integers(0, 360)), int(generator.integers(0, 360)), fill=0)
    return _pixels(image) < 128


def _many_solutions(kind: str, width: int, height: int, density: float, generator) -> np.ndarray:
    """Pictures with many solutions: checkerboard patches in random noise, or thin diagonals."""
    if kind == "checker":
        picture = generator.random((height, width)) < density
        row, column = np.indices((height, width))
        for _ in range(int(generator.integers(2, 6))):
            top, left = generator.integers(0, height - 4), generator.integers(0, width - 4)
            h, w = generator.integers(4, max(5, height // 3)), generator.integers(4, max(5, width // 3))
            patch = (slice(top, top + h), slice(left, left + w))
            picture[patch] = ((row + column) % 2 == 0)[patch]
        return picture
    picture = np.zeros((height, width), dtype=bool)
    row, column = np.indices((height, width))
    while picture.mean() < density * 0.5:
        slope = generator.choice([-1, 1])
        offset = generator.integers(-height, width)
        picture |= (column - slope * row) % (width + height) == offset % (width + height)
    return picture


def proxy_pictures(seed: int):
    """(name, picture) for every proxy: each kind at several sizes, densities and offsets."""
    generator = np.random.default_rng(seed)
    for index, (width, height) in enumerate(PROXY_SIZES):
        for kind in ("pascal", "sierpinski", "carpet"):
            scale = 1 + (index + len(kind)) % 2
            dx, dy = generator.integers(0, 9, 2)
            yield f"{kind}-{width}x{height}-x{scale}-{dx}-{dy}", _fractal(kind, width, height, dx, dy, scale)
        for kind in ("gradient", "radial", "noise", "shapes"):
            density = generator.choice([0.3, 0.4, 0.5, 0.6, 0.7])
            how = "fs" if generator.random() < 0.6 else "bayer"
            picture = _dithered(_greys(kind, width, height, density, generator), how)
            yield f"{how}-{kind}-{width}x{height}-d{density:g}", picture
        for kind in ("text", "strokes"):
            yield f"{kind}-{width}x{height}", _line_art(kind, width, height, generator)
        for kind in ("checker", "diagonals"):
            density = generator.choice([0.3, 0.5, 0.7])
            yield f"{kind}-{width}x{height}-d{density:g}", _many_solutions(kind, width, height, density, generator)
