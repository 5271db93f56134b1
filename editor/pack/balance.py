"""The warnings a designer wants about a pack as a whole (Qt-free).

- a puzzle that is not unique (MULT), has no solution, or was not decided;
- two entries with the same solution or the same clues, also when one is a mirror image or a
  turn of the other: each is compared in its canonical form, the least of its 8 images under
  the quarter turns and mirrors (a non-square grid turned a quarter is the other way round,
  so a 10x15 level and its turned 15x10 copy are found too);
- a big jump in difficulty: a grade at least ``JUMP`` above the one before it in play order.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import numpy as np

from nonogram_editor.pack.entries import Entry

JUMP = 2.0  # grades (1.0 to 5.9) between neighbours that make a big jump


def images(grid: np.ndarray) -> list[np.ndarray]:
    """The 8 images of a grid under the quarter turns and mirrors (the first: the grid itself)."""
    return [np.rot90(grid, turns) for turns in range(4)] + [np.rot90(grid.T, turns) for turns in range(4)]


def canonical_grid(grid: np.ndarray) -> tuple:
    """The same for a grid and each of its mirror images and turns."""
    grid = np.asarray(grid).astype(np.int32)
    return min((image.shape, image.tobytes()) for image in images(grid))


def canonical_clues(rows: Sequence, columns: Sequence) -> tuple:
    """The same for clues and those of each mirror image and turn of their grid. Mirroring left
    to right reverses each row's clue and the order of the columns; a transpose swaps rows and
    columns."""
    rows = tuple(tuple(clue) for clue in rows)
    columns = tuple(tuple(clue) for clue in columns)
    forms = []
    for across, down in ((rows, columns), (columns, rows)):  # as drawn, and transposed
        for left_right in (False, True):
            for top_bottom in (False, True):
                a = tuple(clue[::-1] for clue in across) if left_right else across
                d = down[::-1] if left_right else down
                a = a[::-1] if top_bottom else a
                d = tuple(clue[::-1] for clue in d) if top_bottom else d
                forms.append(repr((a, d)))
    return min(forms)


def pack_warnings(entries: list[Entry]) -> dict[int, list[str]]:
    """Warnings by entry position (``entries`` in play order; those checked so far have results)."""
    warnings: dict[int, list[str]] = defaultdict(list)
    for position, entry in enumerate(entries):
        result = entry.result
        if result is None:
            continue
        if result.verdict == "MULT":
            warnings[position].append(f"not unique: {result.detail}")
        elif result.verdict == "CONTRADICTION":
            warnings[position].append("no solution: no picture fits the clues")
        elif result.verdict == "UNDECIDED":
            warnings[position].append(f"not decided: {result.detail}")
        warnings[position] += result.warnings
    _same(entries, warnings)
    _jumps(entries, warnings)
    return {position: found for position, found in warnings.items() if found}


def _same(entries: list[Entry], warnings: dict[int, list[str]]) -> None:
    pictures: dict[tuple, list[int]] = defaultdict(list)
    clues: dict[tuple, list[int]] = defaultdict(list)
    for position, entry in enumerate(entries):
        if entry.error is not None or entry.clues() is None:
            continue
        if entry.solution is not None:
            pictures[canonical_grid(entry.solution)].append(position)
        clues[_clue_form(entry)].append(position)
    same_picture = set()
    for group in pictures.values():
        for position in group:
            others = [other for other in group if other != position]
            for other in others:
                same_picture.add((position, other))
                turned = not _equal(entries[position].solution, entries[other].solution)
                warnings[position].append(f"same picture as {entries[other].label}"
                                          + (", mirrored or turned" if turned else ""))
    for group in clues.values():
        for position in group:
            for other in group:
                if other != position and (position, other) not in same_picture:
                    pictured = entries[position].solution is not None and entries[other].solution is not None
                    warnings[position].append(f"same clues as {entries[other].label}"
                                              + (", another picture" if pictured else ""))


def _clue_form(entry: Entry) -> tuple:
    puzzle = entry.clues()
    if hasattr(puzzle, "row_clues"):
        return ("two-colour", canonical_clues(puzzle.row_clues, puzzle.column_clues))
    return ("colour", canonical_clues(puzzle.rows, puzzle.columns))


def _equal(a: np.ndarray | None, b: np.ndarray | None) -> bool:
    return a is not None and b is not None and a.shape == b.shape and np.array_equal(a, b)


def _jumps(entries: list[Entry], warnings: dict[int, list[str]]) -> None:
    graded = [(position, entry.result.grade) for position, entry in enumerate(entries)
              if entry.result is not None and entry.result.grade is not None]
    for (before, low), (position, high) in zip(graded, graded[1:]):
        if high - low >= JUMP:
            warnings[position].append(f"a big jump in difficulty: grade {high} after {low} "
                                      f"({entries[before].label})")
