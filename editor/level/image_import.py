"""Pictures in, puzzles out: a level's two grids from any image pillow reads (Qt-free).

    source = ImageSource.open("photo.jpg")            # ImageImportError names the file if unreadable
    width, height = source.grid_size(30)              # 30 across the longer side, aspect kept
    solution = source.solution(width, height, threshold=128, invert=False, dither=False)
    picture = source.picture(width, height, colours=8)
    picture, background = source.colour_picture(width, height, colours=3)   # a colour puzzle: 3 + background

Opening refuses what is not a regular file (a pipe, a device: see ``nonogram_editor.level.reading``)
and an image whose header declares more than ``MAX_PIXELS`` pixels to decode, before
decoding it; every failure of the decoder becomes an :class:`ImageImportError` naming the
file and saying in words what is wrong with the image (not an image, cut short, damaged). It keeps a working copy no
bigger than ``WORKING_SIDE`` pixels; the grids are scaled down from it (box filter: each cell is the mean of its pixels)
and kept per grid size, so moving the threshold slider only compares lightness values again. Transparent
pixels count as white paper.

The two derivations between a level's grids are here too: :func:`solution_from_picture`
(filled where the picture is darker than a lightness threshold) and
:func:`picture_from_solution` (two colours).
"""
from __future__ import annotations

import os
import warnings
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

import numpy as np
from PIL import Image, UnidentifiedImageError

from nonogram_editor.level.errors import LevelError, LevelErrorKind
from nonogram_editor.level.reading import open_regular

WORKING_SIDE = 512  # pixels of the longer side kept after opening
MAX_PIXELS = 4096 * 4096  # decoded at most (a JPEG is decoded reduced, see Image.draft)
MAX_GRID = 128  # the editor's largest width and height
INK = (0, 0, 0)
PAPER = (255, 255, 255)


class ImageImportError(LevelError):
    """An image that cannot be read (``str()`` names the file and the fault)."""


def _fault(error: Exception, part: str) -> str:
    """What is wrong with an image, in words, from the error pillow raised decoding its ``part``."""
    if isinstance(error, UnidentifiedImageError):
        return "not an image Pillow can read (PNG, JPEG, GIF, BMP, TIFF, WebP and others)"
    if isinstance(error, Image.DecompressionBombError):
        return "the image declares far more pixels than an import uses"
    if isinstance(error, MemoryError):
        return "not enough memory to decode the image"
    if "truncated" in str(error).lower():
        return "the file is cut short: it ends before the image does"
    return f"the image is damaged: its {part} cannot be decoded"


def _lightness(rgb: np.ndarray) -> np.ndarray:
    """Rec. 601 luma of an (..., 3) uint8 array, 0-255 as float."""
    return rgb[..., :3].astype(np.float32) @ np.array([0.299, 0.587, 0.114], dtype=np.float32)


class ImageSource:
    """An opened image, ready to be turned into grids of any size quickly."""

    def __init__(self, image: Image.Image, path: str | os.PathLike[str] = "<image>"):
        self.path = Path(path)
        image.load()
        if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
            rgba = image.convert("RGBA")
            image = Image.alpha_composite(Image.new("RGBA", rgba.size, PAPER + (255,)), rgba)
        image = image.convert("RGB")
        self.size = image.size  # the original's (width, height)
        if max(image.size) > WORKING_SIDE:
            image = image.copy()
            image.thumbnail((WORKING_SIDE, WORKING_SIDE), Image.Resampling.BOX)
        self.image = image
        self._cells = lru_cache(maxsize=16)(self._scaled)
        self._palettes: dict[tuple[int, Image.Quantize], Image.Image] = {}

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> ImageSource:
        path = Path(path)
        if not os.path.lexists(path):
            raise ImageImportError(LevelErrorKind.IO, path, "no such file")
        try:
            file, _ = open_regular(path)
        except LevelError as error:
            raise ImageImportError(error.kind, error.path, error.detail) from None
        with file:
            return cls.read(file, path)

    @classmethod
    def read(cls, file: BinaryIO, path: str | os.PathLike[str]) -> ImageSource:
        """The image in the open ``file``; ``path`` names it in an :class:`ImageImportError`,
        which says what is wrong with the image in words."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # MAX_PIXELS is checked here; damage is an error or harmless
            try:
                image = Image.open(file)  # reads the header only
            except Exception as error:  # noqa: BLE001 - pillow's plugins raise many types on a damaged header
                raise ImageImportError(LevelErrorKind.IMAGE, path, _fault(error, "header")) from None
            with image:
                width, height = image.size
                if width * height > MAX_PIXELS:
                    raise ImageImportError(LevelErrorKind.IMAGE, path, f"the image is {width}x{height} pixels, "
                                           f"more than the {MAX_PIXELS // 1_000_000} million an import uses")
                try:
                    image.draft("RGB", (WORKING_SIDE, WORKING_SIDE))  # JPEG: decode at a reduced size
                    return cls(image, path)
                except Exception as error:  # noqa: BLE001 - and its decoders on damaged data
                    raise ImageImportError(LevelErrorKind.IMAGE, path, _fault(error, "pixel data")) from None

    def grid_size(self, longer_side: int) -> tuple[int, int]:
        """(width, height) with ``longer_side`` cells across the longer side, aspect ratio kept."""
        longer_side = max(1, min(MAX_GRID, int(longer_side)))
        width, height = self.size
        scale = longer_side / max(width, height)
        return max(1, min(MAX_GRID, round(width * scale))), max(1, min(MAX_GRID, round(height * scale)))

    def _scaled(self, width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
        """The image scaled to the grid: (rgb uint8 (h, w, 3), lightness float (h, w))."""
        rgb = np.asarray(self.image.resize((width, height), Image.Resampling.BOX))
        return rgb, _lightness(rgb)

    def solution(self, width: int, height: int, threshold: int = 128, invert: bool = False,
                 dither: bool = False) -> np.ndarray:
        """Filled where a cell is darker than ``threshold`` (0-255; lighter with ``invert``).

        ``dither``: error diffusion (Floyd-Steinberg) around the same threshold, so that
        grey areas become a scatter of filled cells in proportion to their darkness.
        """
        lightness = self._cells(width, height)[1]
        if invert:
            lightness = 255.0 - lightness
        if not dither:
            return lightness < threshold
        return _floyd_steinberg(lightness, threshold)

    def picture(self, width: int, height: int, colours: int = 8,
                method: Image.Quantize = Image.Quantize.MEDIANCUT) -> np.ndarray:
        """The colour picture, quantised to ``colours`` colours chosen from the whole image."""
        rgb = self._cells(width, height)[0]
        colours = max(1, min(256, int(colours)))
        palette = self._palettes.get((colours, method))
        if palette is None:
            palette = self._palettes[colours, method] = _palette(self.image, colours, method)
        small = Image.fromarray(rgb).quantize(palette=palette, dither=Image.Dither.NONE)
        return np.asarray(small.convert("RGB")).copy()

    def colour_picture(self, width: int, height: int, colours: int = 3,
                       background: tuple[int, int, int] | None = None) -> tuple[np.ndarray, tuple[int, int, int]]:
        """The picture of a colour puzzle of ``colours`` colours plus the background, and that
        background: the picture is quantised to ``colours + 1`` colours; the one nearest to
        ``background`` becomes exactly ``background``, or, by default, the colour most cells
        along the grid's edge have is the background (a subject on a plain backdrop)."""
        # octree keeps small areas of a distinct colour that median cut blends into their neighbours
        picture = self.picture(width, height, max(1, int(colours)) + 1, Image.Quantize.FASTOCTREE)
        if background is None:
            edge = np.concatenate((picture[0], picture[-1], picture[:, 0], picture[:, -1]))
            found, counts = np.unique(edge, axis=0, return_counts=True)
            return picture, tuple(int(value) for value in found[int(np.argmax(counts))])  # type: ignore[return-value]
        found = np.unique(picture.reshape(-1, 3), axis=0)
        distance = ((found.astype(np.int32) - np.asarray(background, dtype=np.int32)) ** 2).sum(axis=1)
        nearest = found[int(np.argmin(distance))]
        picture[np.all(picture == nearest, axis=2)] = background
        return picture, tuple(int(value) for value in background)  # type: ignore[return-value]


def _palette(image: Image.Image, colours: int, method: Image.Quantize = Image.Quantize.MEDIANCUT) -> Image.Image:
    """An image in "P" mode whose palette is ``colours`` colours typical of ``image``."""
    sample = image.copy()
    sample.thumbnail((64, 64), Image.Resampling.BOX)  # median cut on more pixels costs 100 ms
    return sample.quantize(colors=colours, method=method)


def _floyd_steinberg(lightness: np.ndarray, threshold: float) -> np.ndarray:
    values = lightness.astype(np.float64).copy()
    height, width = values.shape
    filled = np.zeros((height, width), dtype=bool)
    for row in range(height):
        line = values[row]
        below = values[row + 1] if row + 1 < height else None
        for column in range(width):
            old = line[column]
            dark = old < threshold
            filled[row, column] = dark
            error = old - (0.0 if dark else 255.0)
            if column + 1 < width:
                line[column + 1] += error * 7 / 16
            if below is not None:
                if column:
                    below[column - 1] += error * 3 / 16
                below[column] += error * 5 / 16
                if column + 1 < width:
                    below[column + 1] += error / 16
    return filled


def solution_from_picture(picture: np.ndarray, threshold: int = 128) -> np.ndarray:
    """Filled where the picture's lightness is below ``threshold``."""
    return _lightness(np.asarray(picture)) < threshold


def picture_from_solution(solution: np.ndarray, ink: tuple[int, int, int] = INK,
                          paper: tuple[int, int, int] = PAPER) -> np.ndarray:
    """A two-colour picture: ``ink`` where the solution is filled, ``paper`` elsewhere."""
    solution = np.asarray(solution, dtype=bool)
    picture = np.empty((*solution.shape, 3), dtype=np.uint8)
    picture[:] = paper
    picture[solution] = ink
    return picture
