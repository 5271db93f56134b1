"""Texts laid out once and drawn many times (:class:`StaticTexts`), for the grids' clues and line labels."""
from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFont, QImage, QPainter, QStaticText, QTransform

MAX_TEXTS = 20000  # laid-out texts (and, apart, measured inks) kept; more empty that cache
MAX_TIGHTEN = 1  # pixels a too wide text's letters may come closer (more would make digits touch)
INK_MARGIN = 4  # pixels measured beside a text for its ink (a glyph may reach outside its advance)


class StaticTexts:
    """Texts laid out in a font (QStaticText), kept by font size, text and squeeze."""

    def __init__(self):
        self._texts: dict[tuple[int, str, float, int], tuple[QStaticText, float, float]] = {}
        self._inks: dict[tuple[int, str, int], tuple[int, int]] = {}  # (pixel size, text, tighten) -> ink

    def text(self, font: QFont, text: str, squeeze: float = 1, tighten: int = 0) -> tuple[QStaticText, float, float]:
        """``text`` laid out in ``font`` (narrowed by the factor ``squeeze``, or with its letters
        ``tighten`` pixels closer: :func:`tightened`), with its width and height, once: the clues
        of a 128x128 grid are thousands of texts, measured at every click and drawn ~5 times
        faster laid out than by drawText."""
        key = (font.pixelSize(), text, squeeze, tighten)
        known = self._texts.get(key)
        if known is None:
            if len(self._texts) > MAX_TEXTS:
                self._texts.clear()
            laid_out = QStaticText(text)
            laid_out.setTextFormat(Qt.PlainText)
            laid_out.prepare(QTransform.fromScale(squeeze, 1), tightened(font, tighten))
            size = laid_out.size()
            known = self._texts[key] = (laid_out, size.width(), size.height())
        return known

    def ink(self, font: QFont, text: str, tighten: int = 0) -> tuple[int, int]:
        """Where ``text`` (as :meth:`text` lays it out) puts ink across, measured on pixels once:
        (its first pixel column from the text's left edge, how many columns); (0, 0) for none."""
        key = (font.pixelSize(), text, tighten)
        known = self._inks.get(key)
        if known is None:
            if len(self._inks) > MAX_TEXTS:
                self._inks.clear()
            laid_out, width, height = self.text(font, text, tighten=tighten)
            image = QImage(math.ceil(width) + 2 * INK_MARGIN, max(1, math.ceil(height)),
                           QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(0)
            painter = QPainter(image)
            painter.setFont(tightened(font, tighten))
            painter.drawStaticText(QPoint(INK_MARGIN, 0), laid_out)
            painter.end()
            words = np.frombuffer(image.constBits(), np.uint32, image.sizeInBytes() // 4)
            alpha = words.reshape(image.height(), image.bytesPerLine() // 4)[:, :image.width()] >> 24
            columns = np.flatnonzero(alpha.any(axis=0))
            known = (int(columns[0]) - INK_MARGIN, int(columns[-1] - columns[0]) + 1) if columns.size else (0, 0)
            self._inks[key] = known
        return known

    def draw(self, painter: QPainter, font: QFont, x: float, y: float, text: str, align_x: float,
             max_width: float = math.inf) -> None:
        """Draw ``text`` in ``font`` (the painter's) with its vertical middle at ``y``, and its
        left edge (``align_x`` 0), centre (0.5) or right edge (1) at ``x``. A text wider than
        ``max_width`` is drawn with its ink that wide at most, placed so: its letters a pixel
        closer if that is enough (glyphs as crisp as ever), else squeezed across (thinner)."""
        laid_out, width, height = self.text(font, text)
        if width <= max_width:
            painter.drawStaticText(QPoint(round(x - align_x * width), round(y - height / 2)), laid_out)
            return
        for tighten in range(MAX_TIGHTEN + 1):
            left, ink = self.ink(font, text, tighten)
            if ink <= max_width:
                laid_out, _, height = self.text(font, text, tighten=tighten)
                painter.save()
                painter.setFont(tightened(font, tighten))
                painter.drawStaticText(QPoint(round(x - align_x * ink) - left, round(y - height / 2)), laid_out)
                painter.restore()
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


def tightened(font: QFont, pixels: int) -> QFont:
    """``font`` with its letters ``pixels`` closer together (``font`` itself for 0)."""
    if not pixels:
        return font
    font = QFont(font)
    font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, -pixels)
    return font
