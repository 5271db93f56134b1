"""The solution grid's overlays: one dock's set at a time, each explained by its own legend.

The solver dock (open cells, the other solution) and the Assist dock (heat, proposal,
solve path) each keep their overlays in an :class:`OverlaySet`. An :class:`OverlaySwitch`
puts on the grid only the set of the dock shown last (its tab brought to the front, or the
dock opened), so the colours of two docks never mix on a cell and what the grid shows is
what the visible legend explains. A set that is not shown remembers its overlays and puts
them back when its dock is shown again.
"""
from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QDockWidget

from nonogram_editor.qt.lifetime import connect_alive


class OverlaySet:
    """One dock's overlays on ``canvas`` (a SolutionCanvas): each sent to it only when it
    changes and while the set is active."""

    def __init__(self, canvas, active: bool = True):
        self._canvas = canvas
        self._wanted: dict[str, tuple[np.ndarray | None, QColor, int]] = {}
        self._shown: dict[str, np.ndarray] = {}  # what the canvas has of this set now
        self.active = active

    def set(self, name: str, cells: np.ndarray | None, colour: QColor, frame: int = 0) -> None:
        """Mark the True cells of ``cells`` in ``colour``, a tint or a ``frame`` (the canvas's
        ``set_overlay``); None or no True cell: none."""
        if cells is not None and not cells.any():
            cells = None
        self._wanted[name] = (cells, QColor(colour), frame)
        self._send(name)

    def cells(self, name: str) -> np.ndarray | None:
        """What the set holds under ``name``, shown or not."""
        return self._wanted.get(name, (None, None, 0))[0]

    def set_active(self, active: bool) -> None:
        if active != self.active:
            self.active = active
            for name in self._wanted:
                self._send(name)

    def _send(self, name: str) -> None:
        cells, colour, frame = self._wanted[name]
        if not self.active:
            cells = None
        shown = self._shown.get(name)
        if (cells is None and shown is None) or (cells is not None and shown is not None
                                                 and np.array_equal(cells, shown)):
            return
        if cells is None:
            del self._shown[name]
        else:
            self._shown[name] = cells
        self._canvas.set_overlay(name, cells, colour, frame)


class OverlaySwitch:
    """Keeps on the grid the overlay set of the dock shown last among those added."""

    def __init__(self):
        self._order: list[tuple[QDockWidget, OverlaySet]] = []  # the dock shown last first
        self._visible: dict[QDockWidget, bool] = {}

    def add(self, dock: QDockWidget, overlays: OverlaySet) -> None:
        self._order.append((dock, overlays))
        self._visible[dock] = dock.isVisible()
        connect_alive(dock.visibilityChanged, dock, lambda visible: self._shown(dock, visible))
        self._choose()

    def _shown(self, dock: QDockWidget, visible: bool) -> None:
        self._visible[dock] = visible
        if visible:
            self._order.sort(key=lambda entry: entry[0] is not dock)
        self._choose()

    def _choose(self) -> None:
        visible = [overlays for dock, overlays in self._order if self._visible[dock]]
        chosen = visible[0] if visible else None
        if chosen is None:  # before the window is shown, or every dock closed: the first added
            chosen = self._order[0][1]
        for _, overlays in self._order:
            overlays.set_active(overlays is chosen)


def swatch(colour: QColor, text: str) -> str:
    """A legend row: ``colour`` (opaque) and what it means."""
    name = QColor(colour.red(), colour.green(), colour.blue()).name()
    return (f'<tr><td style="background-color: {name}; color: {name}">&nbsp;&nbsp;&nbsp;&nbsp;</td>'
            f"<td>&nbsp;{text}</td></tr>")


def legend_html(rows: list[tuple[QColor, str]], note: str = "") -> str:
    return ("<b>Legend</b><table cellspacing='2'>" + "".join(swatch(colour, text) for colour, text in rows)
            + "</table>" + (f"<p>{note}</p>" if note else ""))
