"""A row of colour swatches, one of them chosen: the colour Test-Solve paints with on a colour level."""
from __future__ import annotations

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QToolButton, QWidget

from nonogram_editor.core import colour_name
from nonogram_editor.level.document import Colour
from nonogram_editor.ui.palette_widget import SWATCH, swatch_icon


class ColourPicker(QWidget):
    """Swatches of ``colours``; ``current`` is the chosen one's index, counted from ``first_index``
    (1 for a colour puzzle's palette without its background). Keys 1-9 choose too."""

    chosen = Signal(int)

    def __init__(self, colours: list[Colour], first_index: int = 0, parent=None):
        super().__init__(parent)
        self.current = first_index
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for index, colour in enumerate(colours, start=first_index):
            button = QToolButton()
            button.setCheckable(True)
            button.setFixedSize(QSize(SWATCH + 4, SWATCH + 4))
            button.setIcon(swatch_icon(colour))
            button.setIconSize(QSize(SWATCH - 4, SWATCH - 4))
            button.setToolTip(self.tr("Paint with {0} (key {1})").format(colour_name(colour), index - first_index + 1)
                              if index - first_index < 9 else colour_name(colour))
            button.setAccessibleName(colour_name(colour))
            if index - first_index < 9:
                button.setShortcut(str(index - first_index + 1))
            self._group.addButton(button, index)
            layout.addWidget(button)
        layout.addStretch(1)
        self._group.idClicked.connect(self.choose)
        self.choose(first_index)

    def swatch(self, index: int) -> QToolButton:
        return self._group.button(index)

    def choose(self, index: int) -> None:
        self.current = index
        button = self._group.button(index)
        if button is not None and not button.isChecked():
            button.setChecked(True)
        self.chosen.emit(index)
