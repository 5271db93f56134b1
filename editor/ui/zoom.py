"""The main window's zoom: the cell size both grids are drawn at, and fitting it to the window."""
from __future__ import annotations

from PySide6.QtCore import QObject

from nonogram_editor.core.grid_look import DEFAULT_CELL, MAX_CELL, MIN_CELL, largest_fitting, zoomed


class Zoom(QObject):
    """The cell size of ``window``'s solution and picture canvases."""

    def __init__(self, window):
        super().__init__(window)
        self._window = window
        self._cell_size = DEFAULT_CELL

    @property
    def cell_size(self) -> int:
        return self._cell_size

    def set_cell_size(self, cell_size: int) -> None:
        window = self._window
        self._cell_size = max(MIN_CELL, min(MAX_CELL, cell_size))
        window.solution_canvas.set_cell_size(self._cell_size)
        window.picture_canvas.set_cell_size(self._cell_size)
        window.show_message(self.tr("Zoom: {0} pixels per cell").format(self._cell_size))

    def steps(self, steps: int) -> None:
        """Zoom in (``steps`` > 0) or out by that many wheel steps."""
        self.set_cell_size(zoomed(self._cell_size, steps))

    def fitting_cell_size(self, largest: int = MAX_CELL) -> int:
        """The largest cell size (up to ``largest``) at which the solution grid and its clues
        fit the visible area without scrolling (at least ``MIN_CELL``)."""
        viewport = self._window.solution_scroll.viewport().size()

        def fits(size: int) -> bool:
            needed = self._window.solution_canvas.size_at(size)
            return needed.width() <= viewport.width() and needed.height() <= viewport.height()

        return largest_fitting(MIN_CELL, largest, fits)

    def fit_to_window(self) -> None:
        self.set_cell_size(self.fitting_cell_size())

    def zoom_in(self) -> None:
        self.steps(1)

    def zoom_out(self) -> None:
        self.steps(-1)

    def reset(self) -> None:
        self.set_cell_size(DEFAULT_CELL)

    def fit_new_level(self) -> None:
        """A level just opened or imported: the zoom chosen, unless the level does not fit it."""
        if self._window.isVisible():
            self.set_cell_size(self.fitting_cell_size(largest=max(self._cell_size, DEFAULT_CELL)))
