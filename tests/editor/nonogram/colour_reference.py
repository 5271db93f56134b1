"""Brute-force references for the colour engine's tests (independent of it: nothing here
uses editor.nonogram.colour)."""
from __future__ import annotations

import itertools

import numpy as np


def colour_clue(line) -> tuple[tuple[int, int], ...]:
    """The clue of a line of colour indices: each maximal run of one non-background colour."""
    clue = []
    for colour, run in itertools.groupby(int(cell) for cell in line):
        if colour:
            clue.append((len(list(run)), colour))
    return tuple(clue)


def grid_clues(grid) -> tuple[list, list]:
    grid = np.asarray(grid)
    return [colour_clue(row) for row in grid], [colour_clue(column) for column in grid.T]


def all_lines(n: int, colours: int) -> np.ndarray:
    """Every line of ``n`` cells over ``colours`` colours, one per row."""
    return np.array(list(itertools.product(range(colours), repeat=n)), dtype=np.int8).reshape(-1, n)


def lines_by_clue(n: int, colours: int) -> dict[tuple, np.ndarray]:
    """Every clue on ``n`` cells with the lines that have it."""
    lines = all_lines(n, colours)
    groups: dict[tuple, list[int]] = {}
    for index, line in enumerate(lines):
        groups.setdefault(colour_clue(line), []).append(index)
    return {clue: lines[indices] for clue, indices in groups.items()}


def masks_of(allowed: np.ndarray) -> tuple[int, ...]:
    """(colours, n) bool -> a bit mask per colour."""
    return tuple(int(sum(1 << i for i in np.nonzero(row)[0])) for row in allowed)


def brute_line(solutions: np.ndarray, allowed: np.ndarray):
    """The lines among ``solutions`` that ``allowed`` ((colours, n) bool) admits: (the
    colours they give each cell as a (colours, n) bool array, how many there are)."""
    n = solutions.shape[1]
    fit = allowed[solutions, np.arange(n)].all(axis=1)
    chosen = solutions[fit]
    can = np.zeros_like(allowed)
    for colour in range(allowed.shape[0]):
        can[colour] = (chosen == colour).any(axis=0)
    return can, len(chosen)


def all_solutions(rows, columns, colours: int, limit: int = 3) -> list[np.ndarray]:
    """Up to ``limit`` grids with these clues, by brute force over each row's lines (small grids)."""
    width = len(columns)
    by_clue = lines_by_clue(width, colours)
    choices = [by_clue.get(tuple(clue), np.zeros((0, width), dtype=np.int8)) for clue in rows]
    found = []
    for combo in itertools.product(*choices):
        grid = np.array(combo)
        if [colour_clue(column) for column in grid.T] == [tuple(c) for c in columns]:
            found.append(grid)
            if len(found) >= limit:
                break
    return found
