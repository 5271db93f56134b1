"""Texts laid out once and drawn many times (:class:`StaticTexts`), for the grids' clues and line labels."""
from __future__ import annotations

import math

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFont, QPainter, QStaticText, QTransform

MAX_TEXTS = 20000  # laid-out texts kept; more empty the cache


class StaticTexts:
    """Texts laid out in a font (QStaticText), kept by font size, text and squeeze."""

    def __init__(self):
        self._texts: dict[tuple, tuple[QStaticText, float, float]] = {}

    def text(self, font: QFont, text: str, squeeze: float = 1) -> tuple[QStaticText, float, float]:
        """``text`` laid out in ``font`` (narrowed by the factor ``squeeze``), with its width
        and height in ``font``, once: the clues of a 128x128 grid are thousands of texts,
        measured at every click and drawn ~5 times faster laid out than by drawText."""
        key = (font.pixelSize(), text, squeeze)
        known = self._texts.get(key)
        if known is None:
            if len(self._texts) > MAX_TEXTS:
                self._texts.clear()
            laid_out = QStaticText(text)
            laid_out.setTextFormat(Qt.PlainText)
            laid_out.prepare(QTransform.fromScale(squeeze, 1), font)
            size = laid_out.size()
            known = self._texts[key] = (laid_out, size.width(), size.height())
        return known

    def draw(self, painter: QPainter, font: QFont, x: float, y: float, text: str, align_x: float,
             max_width: float = math.inf) -> None:
        """Draw ``text`` in ``font`` (the painter's) with its vertical middle at ``y``, and its
        left edge (``align_x`` 0), centre (0.5) or right edge (1) at ``x``; a text wider than
        ``max_width`` is squeezed across to that width (as tall as ever)."""
        laid_out, width, height = self.text(font, text)
        if width <= max_width:
            painter.drawStaticText(QPoint(round(x - align_x * width), round(y - height / 2)), laid_out)
            return
        squeeze = max_width / width
        painter.save()
        painter.translate(round(x - align_x * max_width), round(y - height / 2))
        painter.scale(squeeze, 1)
        painter.drawStaticText(QPoint(0, 0), self.text(font, text, squeeze)[0])
        painter.restore()

    def widest(self, font: QFont, texts) -> int:
        """The width of the widest of ``texts`` in ``font`` (0 for none)."""
        return math.ceil(max((self.text(font, text)[1] for text in texts), default=0))
