"""What the two-colour and the colour engines both offer, written down (Qt-free).

The solvers come in two kinds that mirror each other: two-colour
(:mod:`nonogram_editor.nonogram.puzzle`, :mod:`~nonogram_editor.nonogram.decimate`, ``grade``'s
``_Player``) and colour (:mod:`nonogram_editor.nonogram.colour.puzzle`,
:mod:`~nonogram_editor.nonogram.colour.decimate`, ``grade``'s ``_ColourPlayer``). Code written once
for both (decimation, the solve path, the verdicts' shading) relies only on what these protocols
name; a new kind of puzzle offers the same. A cell's value is a bool in two colours and a colour
index in colour (``int``, of which ``bool`` is one); what an assumption about a cell says is a
value (two colours) or the colours it may keep, as bits (colour).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

import numpy as np

from nonogram_editor.infra.tasks import Task


@runtime_checkable
class Board(Protocol):
    """What is known about every cell of a ``height`` x ``width`` grid (``Board``, ``ColourBoard``)."""

    width: int
    height: int

    def copy(self) -> Self: ...

    def value(self, row: int, column: int, /) -> int | None:
        """The cell's value when it is decided, else None."""

    def unknown_count(self) -> int: ...

    def is_complete(self) -> bool: ...

    def unknown_cells(self) -> Iterable[tuple[int, int]]:
        """Every open cell, row by row."""

    def filled_array(self) -> np.ndarray:
        """Cells decided to something other than the background (bool, height x width)."""

    def empty_array(self) -> np.ndarray:
        """Cells decided to the background."""


B = TypeVar("B", bound=Board)


@runtime_checkable
class Clues(Protocol[B]):
    """A puzzle's row and column clues with line logic over its boards (``Puzzle``, ``ColourClues``)."""

    height: int
    width: int

    @property
    def row_clues(self) -> Sequence[Sequence[Any]]: ...

    @property
    def column_clues(self) -> Sequence[Sequence[Any]]: ...

    def board(self) -> B:
        """A board with nothing known."""

    def is_solution(self, grid: np.ndarray, /) -> bool: ...

    def propagate(self, board: B, rows: Iterable[int] | None = None, columns: Iterable[int] | None = None,
                  task: Task | None = None) -> int | None:
        """Line logic on ``board`` in place to a fixpoint: the sweeps that found something, None
        on a contradiction."""

    def assume(self, board: B, row: int, column: int, assumption: int, task: Task | None = None, /) -> B | None:
        """A copy of ``board`` with the cell as ``assumption`` says, line logic run; None on a contradiction."""

    def line_counts(self, board: B, task: Task | None = None) -> tuple[list[int], list[int]]:
        """Each row's and column's number of placements consistent with ``board``."""


@runtime_checkable
class Decimation(Protocol[B]):
    """What :func:`nonogram_editor.nonogram.decimate.decimate` does that differs by kind
    (``TwoColour``, ``Colour``); ``value`` is a cell's likely value from :meth:`guess`."""

    def guess(self, board: B, beliefs: Any, task: Task | None) -> tuple[np.ndarray, np.ndarray, Any]:
        """(each cell's likely value, how sure that is with -1 on decided cells, the beliefs to go on from)."""

    def set(self, board: B, row: int, column: int, value: Any, /) -> None: ...

    def assume(self, board: B, row: int, column: int, value: Any, task: Task | None, /) -> B | None: ...

    def refuse(self, board: B, row: int, column: int, value: Any, task: Task | None, /) -> B | None: ...

    def complete(self, board: B) -> B | None | bool:
        """A solution completing ``board``; None when there is none, False when the search gave up."""

    def probe(self, board: B, task: Task | None) -> bool:
        """``board`` probed to a fixpoint in place; False on a contradiction."""


class Player(Protocol):
    """A player solving step by step with the easiest reasoning that finds something
    (:mod:`nonogram_editor.nonogram.grade`); each step method says whether it found something."""

    picture: np.ndarray | None  # the unique solution, which search steps take their values from

    @property
    def board(self) -> Board: ...

    def simple_sweep(self) -> bool: ...

    def line_step(self) -> bool: ...

    def probe_step(self) -> bool: ...

    def search_step(self, row: int, column: int) -> None:
        """Settle the cell from ``picture``."""
