"""Colours named for people: the hex code and the nearest common colour name (Qt-free).

    colour_name((220, 40, 40))   # '#dc2828 (red)'

The names are CSS colour keywords a designer knows; "nearest" is the smallest CIE76
difference in CIELAB, which follows what the eye sees far better than RGB distance.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

COMMON_COLOURS: dict[str, tuple[int, int, int]] = {
    "black": (0, 0, 0), "dark grey": (64, 64, 64), "grey": (128, 128, 128), "slate grey": (112, 128, 144),
    "silver": (192, 192, 192), "white": (255, 255, 255), "red": (255, 0, 0), "dark red": (139, 0, 0),
    "maroon": (128, 0, 0), "salmon": (250, 128, 114), "coral": (255, 127, 80), "orange": (255, 165, 0),
    "gold": (255, 215, 0), "yellow": (255, 255, 0), "beige": (245, 245, 220), "tan": (210, 180, 140),
    "brown": (139, 69, 19), "olive": (128, 128, 0), "lime": (0, 255, 0), "light green": (144, 238, 144),
    "green": (0, 128, 0), "dark green": (0, 100, 0), "teal": (0, 128, 128), "turquoise": (64, 224, 208),
    "cyan": (0, 255, 255), "sky blue": (135, 206, 235), "light blue": (173, 216, 230), "steel blue": (70, 130, 180),
    "royal blue": (65, 105, 225), "blue": (0, 0, 255), "navy": (0, 0, 128), "indigo": (75, 0, 130),
    "purple": (128, 0, 128), "violet": (238, 130, 238), "lavender": (230, 230, 250), "magenta": (255, 0, 255),
    "pink": (255, 192, 203), "hot pink": (255, 105, 180),
}


def colour_name(colour: Iterable[int]) -> str:
    """``#rrggbb (nearest common name)``."""
    red, green, blue = (int(value) for value in colour)
    return f"#{red:02x}{green:02x}{blue:02x} ({nearest_name((red, green, blue))})"


@lru_cache(maxsize=4096)
def nearest_name(colour: tuple[int, int, int]) -> str:
    lab = _lab(colour)
    return min(COMMON_COLOURS, key=lambda name: sum((a - b) ** 2 for a, b in zip(_LABS[name], lab)))


def _lab(colour: tuple[int, int, int]) -> tuple[float, float, float]:
    """sRGB (0-255) to CIELAB (D65)."""
    def linear(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(value) for value in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


_LABS = {name: _lab(rgb) for name, rgb in COMMON_COLOURS.items()}
