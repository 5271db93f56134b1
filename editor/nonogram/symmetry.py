"""Symmetric clues: look for a symmetric solution first (Qt-free).

Designers often draw symmetric pictures, and then the clues are symmetric too: a turn or
a mirror of the grid maps every line onto a line with the same clue (read the other way
where the turn reverses it). Then the turned image of any solution is a solution as well,
and a solution that the turn leaves unchanged may exist: one where a cell and its image
always agree, so that only a fraction of the cells are free (a quarter under a quarter
turn). A SAT solver finds such a solution much sooner than an unrestricted one (Knotty,
its clues unchanged by a quarter turn, is the case in point). A unique solution is always
symmetric if its clues are (its image is a solution).

It is only a first try: symmetric clues do not promise a symmetric solution, so the search
gets a conflict budget and the caller goes on without it. The turns act on the *clued box*,
the rows and columns between the first and last lines with a non-empty clue (everything
outside it is empty in every solution), so a picture drawn off-centre still counts.
"""
from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

import numpy as np

SYMMETRIC_SOLVER = "cadical195"  # it takes a conflict budget (kissat in python-sat does not)
SYMMETRIC_CONFLICTS = 20_000  # room for Knotty's quarter-turn solution, whatever the clause order

class Symmetry(StrEnum):
    """The symmetry modes (Tools > Symmetry, ``fix --symmetry``): each mirrors a stroke its way.
    Each member is also its name as the command line spells it (``Symmetry.BOTH == "both"``)."""

    NONE = "none"
    LEFT_RIGHT = "left-right"
    TOP_BOTTOM = "top-bottom"
    BOTH = "both"  # left-right and top-bottom
    ROTATE_180 = "rotate 180"


SYMMETRIES = tuple(Symmetry)


def symmetric(mask: np.ndarray, symmetry: str) -> np.ndarray:
    """``mask`` together with its mirror images under ``symmetry`` (a :class:`Symmetry`)."""
    if symmetry == Symmetry.LEFT_RIGHT:
        return mask | mask[:, ::-1]
    if symmetry == Symmetry.TOP_BOTTOM:
        return mask | mask[::-1, :]
    if symmetry == Symmetry.BOTH:
        return mask | mask[:, ::-1] | mask[::-1, :] | mask[::-1, ::-1]
    if symmetry == Symmetry.ROTATE_180:
        return mask | mask[::-1, ::-1]
    return mask


# the turns and mirrors of a box, as what they do to an array (a square box has four more)
_ANY_BOX = {
    "mirror left-right": np.fliplr,
    "mirror top-bottom": np.flipud,
    "half turn": lambda cells: np.rot90(cells, 2),
}
_SQUARE_BOX = {
    "quarter turn": np.rot90,
    "three-quarter turn": lambda cells: np.rot90(cells, 3),
    "transpose": np.transpose,
    "anti-transpose": lambda cells: np.rot90(cells, 2).T,
}


def _clued_box(row_clues, column_clues) -> tuple[slice, slice] | None:
    """The rows and columns from the first to the last line with a non-empty clue."""
    rows = [index for index, clue in enumerate(row_clues) if any(clue)]
    columns = [index for index, clue in enumerate(column_clues) if any(clue)]
    if not rows or not columns:
        return None
    return slice(rows[0], rows[-1] + 1), slice(columns[0], columns[-1] + 1)


def clue_symmetries(row_clues: Sequence[Sequence[int]], column_clues: Sequence[Sequence[int]]) -> dict[str, np.ndarray]:
    """The turns and mirrors that map the clues onto themselves: name -> an int array of
    the grid's shape giving, for each cell of the clued box, the cell (flat index, row by
    row) that the turn brings there (-1 outside the box)."""
    height, width = len(row_clues), len(column_clues)
    box = _clued_box(row_clues, column_clues)
    if box is None:
        return {}
    cells = np.arange(height * width).reshape(height, width)[box]
    clue_of = {}  # a line of the box as its cells in order (either way) -> its clue read that way
    for row, line in zip(range(height)[box[0]], cells):
        clue = tuple(n for n in row_clues[row] if n)
        clue_of[tuple(line)], clue_of[tuple(line[::-1])] = clue, clue[::-1]
    for column, line in zip(range(width)[box[1]], cells.T):
        clue = tuple(n for n in column_clues[column] if n)
        clue_of[tuple(line)], clue_of[tuple(line[::-1])] = clue, clue[::-1]
    turns = dict(_ANY_BOX, **(_SQUARE_BOX if cells.shape[0] == cells.shape[1] else {}))
    found = {}
    for name, turn in turns.items():
        turned = turn(cells)  # turned[i, j]: the cell the turn brings to (i, j)
        # the turned picture of a solution fits the clues when each line lands on its own clue
        if all(clue_of[tuple(line)] == clue_of[tuple(own)] for line, own in zip(turned, cells)) and \
                all(clue_of[tuple(line)] == clue_of[tuple(own)] for line, own in zip(turned.T, cells.T)):
            image = np.full((height, width), -1)
            image[box] = turned
            found[name] = image
    return found


def symmetric_model(clauses: list[list[int]], row_clues, column_clues,
                    budget: int = SYMMETRIC_CONFLICTS) -> list[int] | None:
    """A model of ``clauses`` (the puzzle's CNF, cell (r, c) = variable ``r * width + c + 1``)
    that every symmetry of the clues leaves unchanged, or None: the clues have no symmetry,
    there is no such solution, or ``budget`` conflicts passed first."""
    symmetries = clue_symmetries(row_clues, column_clues)
    if not symmetries:
        return None
    from nonogram_editor.infra.sat_solvers import Solver

    with Solver(name=SYMMETRIC_SOLVER, bootstrap_with=clauses) as solver:
        for image in symmetries.values():
            for cell, source in enumerate(image.ravel().tolist()):
                if source >= 0 and source != cell:  # the cell takes the value of the one turned onto it
                    solver.add_clause([-(cell + 1), source + 1])
                    solver.add_clause([cell + 1, -(source + 1)])
        solver.conf_budget(budget)
        return solver.get_model() if solver.solve_limited() else None
