"""Which ink a number is written in on a colour swatch: black or white, whichever contrasts more
(WCAG 2), for the window's colour clues and the printed sheets alike."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor


def relative_luminance(rgb) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0 black .. 1 white)."""
    def linear(value: int) -> float:
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(int(v)) for v in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def number_colour(rgb) -> QColor:
    """Black or white, whichever contrasts more with ``rgb``."""
    luminance = relative_luminance(rgb)
    on_black = (luminance + 0.05) / 0.05
    on_white = 1.05 / (luminance + 0.05)
    return QColor(Qt.black) if on_black >= on_white else QColor(Qt.white)
