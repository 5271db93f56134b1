"""Slow, obviously-correct references the bit-parallel engine is checked against.

Lines are enumerated pattern by pattern; grids by backtracking over row patterns. Nothing
here shares code with ``nonogram_editor.nonogram``.
"""
from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path

NONOGRAMS = Path(__file__).resolve().parents[2] / "data" / "nonograms"


def runs(cells) -> tuple[int, ...]:
    """The clue of a sequence of 0/1 cells."""
    return tuple(len(list(group)) for value, group in itertools.groupby(cells) if value)


@cache
def patterns(clue: tuple[int, ...], n: int) -> tuple[tuple[int, ...], ...]:
    """Every line of n cells whose clue is ``clue``, as 0/1 tuples."""
    return tuple(cells for cells in itertools.product((0, 1), repeat=n) if runs(cells) == clue)


def line_deduction(clue, n, known):
    """``known``: a tuple of None/0/1 per cell. The cells every fitting pattern agrees on, or None."""
    fitting = [p for p in patterns(tuple(clue), n) if all(k is None or k == v for k, v in zip(known, p))]
    if not fitting:
        return None
    return tuple(p0 if all(p[i] == p0 for p in fitting) else None for i, p0 in enumerate(fitting[0])), len(fitting)


def line_logic(row_clues, column_clues):
    """Line logic to a fixpoint: (the grid of None/0/1, the rounds of all rows then all
    columns that changed something), or None on a contradiction."""
    height, width = len(row_clues), len(column_clues)
    grid = [[None] * width for _ in range(height)]
    changed = True
    sweeps = -1
    while changed:
        sweeps += 1
        changed = False
        for r in range(height):
            result = line_deduction(row_clues[r], width, tuple(grid[r]))
            if result is None:
                return None
            if list(result[0]) != grid[r]:
                grid[r] = list(result[0])
                changed = True
        for c in range(width):
            column = tuple(grid[r][c] for r in range(height))
            result = line_deduction(column_clues[c], height, column)
            if result is None:
                return None
            for r in range(height):
                if grid[r][c] != result[0][r]:
                    grid[r][c] = result[0][r]
                    changed = True
    return grid, sweeps


def solutions(row_clues, column_clues, limit=2):
    """Up to ``limit`` solutions (tuples of row tuples), by backtracking over row patterns."""
    height, width = len(row_clues), len(column_clues)
    found = []

    def column_prefix_ok(rows):
        for c in range(width):
            column = [row[c] for row in rows]
            clue = column_clues[c]
            done = runs(column)
            # the finished runs must match the clue's start; an open run may still grow
            if column and column[-1] == 1:
                closed, open_run = done[:-1], done[-1]
            else:
                closed, open_run = done, 0
            if closed != tuple(clue[:len(closed)]):
                return False
            if open_run and (len(closed) >= len(clue) or open_run > clue[len(closed)]):
                return False
            if len(rows) == height and done != tuple(clue):
                return False
        return True

    def extend(rows):
        if len(found) >= limit:
            return
        if len(rows) == height:
            found.append(tuple(rows))
            return
        for pattern in patterns(tuple(row_clues[len(rows)]), width):
            rows.append(pattern)
            if column_prefix_ok(rows):
                extend(rows)
            rows.pop()

    extend([])
    return found


def expected_class(picture) -> str:
    """LINE / BRANCH / MULT of a picture (tuple of row tuples), by the references above."""
    row_clues = [runs(row) for row in picture]
    column_clues = [runs(column) for column in zip(*picture)]
    if len(solutions(row_clues, column_clues, 2)) > 1:
        return "MULT"
    grid, _ = line_logic(row_clues, column_clues)
    return "LINE" if all(cell is not None for row in grid for cell in row) else "BRANCH"
