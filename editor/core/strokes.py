"""Mouse strokes of the editor core (no Qt): a stroke shows live while the pointer moves and
becomes one undo step when released. The select tool selects, or drags the selection when
pressed inside it."""
from __future__ import annotations

from dataclasses import dataclass

from nonogram_editor.core.history import Snapshot, difference
from nonogram_editor.core.kinds import Aspect, Layer, Tool
from nonogram_editor.core.midend import Midend, Rect
from nonogram_editor.core.selection import move_block
from nonogram_editor.core.shapes import Cell, bresenham, cells_mask, constrain, flood_mask, rectangle_mask

TOOLS = tuple(Tool)


@dataclass
class _Stroke:
    layer: Layer
    tool: Tool
    value: object
    anchor: Cell
    last: Cell
    before: Snapshot
    moving: Rect | None = None  # the selection being dragged (select tool pressed inside it)


class Strokes:
    """The stroke in progress on ``editor``'s level, if any."""

    def __init__(self, editor: Midend):
        self._editor = editor
        self._stroke: _Stroke | None = None

    def press(self, layer: Layer, tool: Tool, cell: Cell, value=None) -> None:
        """Start a stroke at ``cell``: ``value`` is True/False on the solution, a colour on
        the picture. The select tool selects, or moves the selection if pressed inside it."""
        editor = self._editor
        self.cancel()
        if tool not in TOOLS:
            raise ValueError(f"no tool {tool!r}")
        if not editor.contains(cell):
            return
        selection = editor.selection
        moving = selection if tool == Tool.SELECT and selection and selection.contains(cell) else None
        self._stroke = _Stroke(layer, tool, value, cell, cell, Snapshot.of(editor.document), moving)
        editor.cursor = cell
        if tool == Tool.SELECT and moving is None:
            editor.selection = Rect.spanning(cell, cell)
            editor.notify({Aspect.SELECTION, Aspect.CURSOR})
        elif tool == Tool.FILL:
            editor.paint(layer, flood_mask(editor.grid(layer), cell), value)
            editor.notify({Aspect(layer), Aspect.CURSOR})
        elif tool != Tool.SELECT:
            self._draw_to(cell)

    def drag_to(self, cell: Cell, constrained: bool = False) -> None:
        """The pointer moved to ``cell`` (it may be outside the grid); ``constrained`` (Shift)
        keeps the stroke on the row or column it started in."""
        stroke = self._stroke
        if stroke is None or stroke.tool == Tool.FILL:
            return
        if constrained:
            cell = constrain(stroke.anchor, cell)
        if stroke.tool != Tool.PEN:  # shapes and selections stop at the edge; the pen just paints nothing outside
            height, width = self._editor.shape()
            cell = (min(max(cell[0], 0), height - 1), min(max(cell[1], 0), width - 1))
        if cell == stroke.last:
            return
        self._draw_to(cell)

    def _draw_to(self, cell: Cell) -> None:
        editor, stroke = self._editor, self._stroke
        shape = editor.shape()
        previous, stroke.last = stroke.last, cell
        if stroke.tool == Tool.SELECT:
            if stroke.moving is None:
                editor.selection = Rect.spanning(stroke.anchor, cell)
                editor.notify({Aspect.SELECTION})
            else:
                self._move_selection(cell[0] - stroke.anchor[0], cell[1] - stroke.anchor[1])
            return
        if stroke.tool == Tool.PEN:
            mask = cells_mask(shape, bresenham(previous, cell))
        else:
            stroke.before.restore(editor.document)  # a shape is redrawn from scratch as it grows
            if stroke.tool == Tool.LINE:
                mask = cells_mask(shape, bresenham(stroke.anchor, cell))
            else:
                mask = rectangle_mask(shape, stroke.anchor, cell, filled=stroke.tool == Tool.FILLED_RECTANGLE)
        editor.paint(stroke.layer, mask, stroke.value)
        editor.notify({Aspect(stroke.layer)})

    def _move_selection(self, rows: int, columns: int) -> None:
        editor, stroke = self._editor, self._stroke
        stroke.before.restore(editor.document)
        move_block(editor, stroke.moving, rows, columns)
        editor.selection = stroke.moving.moved(rows, columns).clipped(editor.shape())
        editor.notify({Aspect.SOLUTION, Aspect.PICTURE, Aspect.SELECTION})

    def release(self) -> None:
        """End the stroke: what it changed becomes one undo step."""
        stroke, self._stroke = self._stroke, None
        if stroke is None:
            return
        label = "Move the selection" if stroke.moving else f"{stroke.tool.capitalize()} on the {stroke.layer}"
        self._editor.record(label, stroke.before)

    def cancel(self) -> None:
        """Forget a stroke in progress and put back what it painted."""
        stroke, self._stroke = self._stroke, None
        if stroke is not None and difference("", stroke.before, self._editor.document) is not None:
            stroke.before.restore(self._editor.document)
            self._editor.notify({Aspect.SOLUTION, Aspect.PICTURE})

    def forget(self) -> None:
        """Drop a stroke in progress without putting anything back (its level was replaced)."""
        self._stroke = None
