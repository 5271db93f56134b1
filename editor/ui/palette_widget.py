"""The picture's palette: a grid of swatches; one is the current painting colour."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QButtonGroup, QGridLayout, QHBoxLayout, QPushButton, QToolButton, QVBoxLayout, QWidget

from editor.level.document import Colour
from editor.ui.lifetime import connect_alive

COLUMNS = 8
SWATCH = 22


def colour_name(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


class PaletteWidget(QWidget):
    """Shows the colours; the window owns the palette and turns requests into commands."""

    current_changed = Signal(int)
    add_requested = Signal()
    remove_requested = Signal(int)
    edit_requested = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._colours: list[Colour] = []
        self.current_index = 0
        self._swatches = QButtonGroup(self)
        self._swatches.setExclusive(True)
        self._swatches.idClicked.connect(self._choose)
        self._grid = QGridLayout()
        self._grid.setSpacing(3)
        self._grid.setAlignment(Qt.AlignLeft | Qt.AlignTop)
        self.add_button = QPushButton("Add…")
        self.remove_button = QPushButton("Remove")
        self.edit_button = QPushButton("Edit…")
        self.add_button.setToolTip("Add a colour to the palette")
        self.remove_button.setToolTip("Remove the current colour from the palette (the picture keeps it)")
        self.edit_button.setToolTip("Change the current colour, everywhere the picture uses it")
        self.add_button.clicked.connect(self.add_requested)
        connect_alive(self.remove_button.clicked, self, lambda: self.remove_requested.emit(self.current_index))
        connect_alive(self.edit_button.clicked, self, lambda: self.edit_requested.emit(self.current_index))
        buttons = QHBoxLayout()
        for button in (self.add_button, self.edit_button, self.remove_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._grid)
        layout.addLayout(buttons)
        layout.addStretch(1)

    @property
    def colours(self) -> list[Colour]:
        return list(self._colours)

    def current_colour(self) -> Colour | None:
        return self._colours[self.current_index] if self._colours else None

    def swatch(self, index: int) -> QToolButton:
        return self._swatches.button(index)

    def set_colours(self, colours: list[Colour], current: Colour | None = None) -> None:
        """Rebuild the swatches; keep ``current`` (or the old current colour) selected if present."""
        keep = current if current is not None else self.current_colour()
        for button in self._swatches.buttons():
            self._swatches.removeButton(button)
            button.deleteLater()
        self._colours = list(colours)
        for index, colour in enumerate(self._colours):
            button = QToolButton()
            button.setCheckable(True)
            button.setFixedSize(QSize(SWATCH, SWATCH))
            button.setToolTip(colour_name(colour))
            button.setIcon(swatch_icon(colour))
            button.setIconSize(QSize(SWATCH - 6, SWATCH - 6))
            self._swatches.addButton(button, index)
            self._grid.addWidget(button, index // COLUMNS, index % COLUMNS)
        index = self._colours.index(keep) if keep in self._colours else 0
        self._choose(min(index, max(0, len(self._colours) - 1)))
        self.remove_button.setEnabled(len(self._colours) > 1)
        self.edit_button.setEnabled(bool(self._colours))

    def select_colour(self, colour: Colour) -> bool:
        if colour not in self._colours:
            return False
        self._choose(self._colours.index(colour))
        return True

    def _choose(self, index: int) -> None:
        self.current_index = index
        button = self._swatches.button(index)
        if button is not None:
            button.setChecked(True)
        self.current_changed.emit(index)


def qcolor(colour: Colour) -> QColor:
    return QColor(*colour)


def swatch_icon(colour: Colour) -> QIcon:
    pixmap = QPixmap(SWATCH - 6, SWATCH - 6)
    pixmap.fill(qcolor(colour))
    painter = QPainter(pixmap)
    painter.setPen(QColor(120, 120, 120))
    painter.drawRect(0, 0, pixmap.width() - 1, pixmap.height() - 1)
    painter.end()
    return QIcon(pixmap)
