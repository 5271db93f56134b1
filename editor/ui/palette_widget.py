"""The picture's palette: a grid of swatches; one is the current painting colour.

The widget is a view of the editor core's palette: Add…, Edit… and Remove ask what they
need in non-blocking dialogs (``open()``, never ``exec()``) and send the answer to the
core. Removing a colour the picture uses first asks which colour replaces it.
"""
from __future__ import annotations

import base64

from PySide6.QtCore import QBuffer, QIODevice, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QColorDialog,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QInputDialog,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from nonogram_editor.core import Editor, colour_name
from nonogram_editor.level.document import Colour
from nonogram_editor.level.model import WHITE
from nonogram_editor.qt.lifetime import connect_alive

COLUMNS = 8
SWATCH = 22


class PaletteWidget(QWidget):
    current_changed = Signal(int)
    message = Signal(str)  # for the status bar

    def __init__(self, editor: Editor, parent=None):
        super().__init__(parent)
        self.editor = editor
        self._colours: list[Colour] = []
        self.current_index = 0
        self.colour_dialog: QColorDialog | None = None
        self.replace_dialog: QInputDialog | None = None
        self._swatches = QButtonGroup(self)
        self._swatches.setExclusive(True)
        self._swatches.idClicked.connect(self._choose)
        self._grid = QGridLayout()
        self._grid.setSpacing(3)
        self._grid.setAlignment(Qt.AlignLeft | Qt.AlignTop)
        self.add_button = QPushButton(self.tr("Add…"))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.edit_button = QPushButton(self.tr("Edit…"))
        self.add_button.setToolTip(self.tr("Add a colour to the palette"))
        self.remove_button.setToolTip(
            self.tr("Remove the current colour (asks which colour replaces it in the picture)"))
        self.edit_button.setToolTip(self.tr("Change the current colour, everywhere the picture uses it"))
        self.add_button.clicked.connect(self._ask_new_colour)
        connect_alive(self.remove_button.clicked, self, lambda: self.remove_colour(self.current_index))
        self.edit_button.clicked.connect(self._ask_edit_colour)
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
            button.setAccessibleName(colour_name(colour))
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

    # -- edits, through the core
    def pick(self, colour: Colour) -> None:
        """Make ``colour`` (picked from the picture) current, adding it if it is new."""
        self.add_colour(colour)
        self.message.emit(self.tr("Picked {0}").format(colour_name(colour)))

    def add_colour(self, colour) -> None:
        colour = tuple(int(v) for v in colour)
        self.editor.palette.add(colour)
        self.select_colour(colour)

    def edit_colour(self, index: int, colour) -> None:
        self.editor.palette.edit(index, colour)
        self.select_colour(tuple(int(v) for v in colour))

    def remove_colour(self, index: int) -> None:
        """Remove a palette colour; if the picture uses it, ask what replaces it first."""
        palette = self.editor.document.palette
        if len(palette) <= 1 or not 0 <= index < len(palette):
            return
        if not self.editor.palette.in_use(index):
            self.editor.palette.remove(index)
            return
        others = [colour for colour in palette if colour != palette[index]]
        names = [colour_name(colour) for colour in others]
        dialog = QInputDialog(self)
        dialog.setWindowTitle(self.tr("Remove a colour"))
        dialog.setLabelText(self.tr("The picture uses {0} {1}. Which colour replaces it?").format(
            swatch_html(palette[index]), colour_name(palette[index])))
        dialog.setComboBoxItems(names)
        choices = dialog.findChild(QComboBox)
        for item, colour in enumerate(others):
            choices.setItemIcon(item, swatch_icon(colour))
        dialog.setTextValue(colour_name(WHITE) if WHITE in others else names[0])
        dialog.setAttribute(Qt.WA_DeleteOnClose)
        connect_alive(dialog.textValueSelected, self,
                      lambda name: self.editor.palette.remove(index, others[names.index(name)]))
        self.replace_dialog = dialog
        dialog.open()

    def _colour_dialog_for(self, title: str, initial, on_chosen) -> None:
        dialog = QColorDialog(qcolor(initial), self)
        dialog.setWindowTitle(title)
        dialog.setAttribute(Qt.WA_DeleteOnClose)
        connect_alive(dialog.colorSelected, self, lambda c: on_chosen((c.red(), c.green(), c.blue())))
        self.colour_dialog = dialog
        dialog.open()

    def _ask_new_colour(self) -> None:
        self._colour_dialog_for(self.tr("Add a colour"), self.current_colour() or (0, 0, 0), self.add_colour)

    def _ask_edit_colour(self) -> None:
        index, current = self.current_index, self.current_colour()
        if current is not None:
            self._colour_dialog_for(self.tr("Edit the colour"), current, lambda colour: self.edit_colour(index, colour))


def qcolor(colour: Colour) -> QColor:
    return QColor(*colour)


def swatch_pixmap(colour: Colour) -> QPixmap:
    pixmap = QPixmap(SWATCH - 6, SWATCH - 6)
    pixmap.fill(qcolor(colour))
    painter = QPainter(pixmap)
    painter.setPen(QColor(120, 120, 120))
    painter.drawRect(0, 0, pixmap.width() - 1, pixmap.height() - 1)
    painter.end()
    return pixmap


def swatch_icon(colour: Colour) -> QIcon:
    return QIcon(swatch_pixmap(colour))


def swatch_html(colour: Colour) -> str:
    """The swatch as an image in a rich-text label."""
    data = QBuffer()
    data.open(QIODevice.OpenModeFlag.WriteOnly)
    swatch_pixmap(colour).save(data, "PNG")
    return f"<img src='data:image/png;base64,{base64.b64encode(bytes(data.data())).decode()}'>"
