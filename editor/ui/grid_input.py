"""What the mouse and the keys do on the main window's two grids: a press, a drag or an
editing key paints through the editor core with the current tool (the right button on the
picture picks the colour under it instead), and the cell under the pointer, or the cell
cursor, is outlined on both grids and described in the status bar.

On a colour level the solution grid paints the picture: the current colour, or the
background colour to clear.
"""
from __future__ import annotations

from PySide6.QtCore import Qt

from nonogram_editor.core import Layer
from nonogram_editor.core.colour_level import background
from nonogram_editor.level.colour import COLOUR
from nonogram_editor.level.model import WHITE
from nonogram_editor.qt.lifetime import connect_alive


class GridInput:
    """Sends what happens on the canvases of ``window`` (a MainWindow) to its editor core."""

    def __init__(self, window):
        self.window = window
        self.editor = window.editor
        self.hovered: tuple[Layer, int, int] | None = None  # the cell the status bar describes
        for canvas in (window.solution_canvas, window.picture_canvas):
            layer = canvas.layer
            connect_alive(canvas.pressed, window,
                          lambda cell, button, _shift, layer=layer: self._pressed(layer, cell, button))
            canvas.dragged.connect(self.editor.strokes.drag_to)  # the cell, and whether Shift keeps to a line
            canvas.released.connect(self.editor.strokes.release)
            connect_alive(canvas.hovered, window, lambda row, column, layer=layer: self.show_cell(layer, row, column))
            connect_alive(canvas.arrow_key, window, lambda rows, columns, shift, layer=layer:
                          self.editor.move_cursor(rows, columns, self._painted(layer) if shift else None,
                                                  self._paint_value(layer, True)))
            connect_alive(canvas.cell_key, window, lambda key, layer=layer: self._cell_key(layer, key))

    def _painted(self, layer: Layer) -> Layer:
        """The layer a canvas paints: on a colour level the solution grid paints the picture."""
        return Layer.PICTURE if layer == Layer.SOLUTION and self.editor.kind == COLOUR else layer

    def _paint_value(self, layer: Layer, fill: bool):
        """What a fill (or clear) paints on ``layer``: True/False, or the current colour/white
        (on a colour level's solution grid: the current colour or the background)."""
        palette = self.window.palette_widget
        if layer == Layer.SOLUTION and self.editor.kind == COLOUR:
            return palette.current_colour() if fill else background(self.editor.document)
        if layer == Layer.SOLUTION:
            return fill
        return palette.current_colour() if fill else WHITE

    def _pressed(self, layer: Layer, cell, button) -> None:
        if layer == Layer.PICTURE and button == Qt.RightButton:
            self.window.palette_widget.pick(self.editor.colour_at(cell))
            return
        value = self._paint_value(layer, button == Qt.LeftButton)
        if value is not None:
            self.editor.strokes.press(self._painted(layer), self.window.tools.current, cell, value)

    def _cell_key(self, layer: Layer, key: str) -> None:
        if key == "delete" and self.editor.selection is not None:
            self.editor.clipboard.delete_selection()
        else:
            self.editor.set_cell(self._painted(layer), self.editor.cursor, self._paint_value(layer, key == "fill"))

    def show_cell(self, layer: Layer, row: int, column: int) -> None:
        """Outline the cell on both grids and describe it in the status bar ((-1, -1): none)."""
        window = self.window
        inside = row >= 0 and self.editor.document.contains(row, column)
        for canvas in (window.solution_canvas, window.picture_canvas):
            canvas.set_pointed((row, column) if inside else None)
        if not inside:
            self.hovered = None
            window.cell_label.clear()
            return
        self.hovered = (layer, row, column)
        window.cell_label.setText(self.editor.describe_cell(layer, (row, column)))
