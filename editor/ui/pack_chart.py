"""The difficulty curve of a pack: grade and size per position in play order (the gallery's chart).

One column per entry, left to right in play order: a bar as tall as its grade (1 to 6 on the
chart's scale; none while not graded), coloured by its verdict (LINE green, BRANCH amber, the
others red), and a dark dot for its size (cells, on the scale of the largest entry).
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QWidget

from nonogram_editor.pack.entries import Entry

TOP_GRADE = 6.0
MARGIN = 6
LINE_COLOUR = QColor(60, 170, 70)
BRANCH_COLOUR = QColor(245, 160, 30)
OTHER_COLOUR = QColor(210, 50, 50)
SIZE_COLOUR = QColor(40, 40, 120)


def bar_colour(verdict: str) -> QColor:
    return LINE_COLOUR if verdict == "LINE" else BRANCH_COLOUR if verdict == "BRANCH" else OTHER_COLOUR


class DifficultyChart(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.entries: list[Entry] = []
        self.setMinimumHeight(90)
        self.setToolTip(self.tr("Grade (bars, coloured by verdict) and size (dots) of each entry in play order"))

    def sizeHint(self) -> QSize:
        return QSize(600, 110)

    def show_entries(self, entries: list[Entry]) -> None:
        self.entries = list(entries)
        self.update()

    def column(self, position: int) -> QRectF:
        """The column of the entry at ``position`` in play order."""
        width = (self.width() - 2 * MARGIN) / max(1, len(self.entries))
        return QRectF(MARGIN + position * width, MARGIN, width, self.height() - 2 * MARGIN)

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), self.palette().base())
        largest = max((entry.width * entry.height for entry in self.entries), default=0) or 1
        for position, entry in enumerate(self.entries):
            box = self.column(position)
            result = entry.result
            if result is not None and result.grade is not None:
                height = box.height() * min(result.grade, TOP_GRADE) / TOP_GRADE
                bar = QRectF(box.left() + box.width() * 0.15, box.bottom() - height, box.width() * 0.7, height)
                painter.fillRect(bar, bar_colour(result.verdict))
            elif result is not None:  # not unique or not decided: a short red mark at the foot
                painter.fillRect(QRectF(box.left() + box.width() * 0.15, box.bottom() - 4, box.width() * 0.7, 4),
                                 bar_colour(result.verdict))
            if entry.width:
                y = box.bottom() - box.height() * entry.width * entry.height / largest
                painter.setPen(QPen(SIZE_COLOUR, 1))
                painter.setBrush(SIZE_COLOUR)
                painter.drawEllipse(QPointF(box.center().x(), y), 2.5, 2.5)
        painter.setPen(QPen(self.palette().mid().color(), 1, Qt.DotLine))
        for grade in range(1, int(TOP_GRADE)):
            y = MARGIN + (self.height() - 2 * MARGIN) * (1 - grade / TOP_GRADE)
            painter.drawLine(QPointF(MARGIN, y), QPointF(self.width() - MARGIN, y))
        painter.end()
