"""Solutions kept as bytes while a search is still adding to them (no Qt, no numba).

A state is ``piece * 3 + rotation``; a row holds one state per board position.
"""
from __future__ import annotations

import threading

import numpy as np

from nonogram_editor_builtins.pyramid.model import SIDES, Puzzle, Solution


def states_to_solution(row: np.ndarray) -> Solution:
    return tuple((int(s) // SIDES, int(s) % SIDES) for s in row)


class SolutionStore:
    """The solutions found so far; safe to read from one thread while another appends.

    It keeps the canonical solutions (middle piece in rotation 0, see ``solver``);
    solution ``n`` is canonical solution ``n // 3`` with the triangle turned ``n % 3``
    times, so ``len(store)`` counts every solution.
    """

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self._rows = np.empty((1024, len(puzzle.positions)), dtype=np.uint8)
        self._canonical = 0
        self._lock = threading.Lock()
        self.complete = False

    def append(self, rows: np.ndarray) -> None:
        with self._lock:
            needed = self._canonical + len(rows)
            if needed > len(self._rows):
                grown = np.empty((max(needed, 2 * len(self._rows)), self._rows.shape[1]), dtype=np.uint8)
                grown[:self._canonical] = self._rows[:self._canonical]
                self._rows = grown
            self._rows[self._canonical:needed] = rows
            self._canonical = needed

    @property
    def distinct(self) -> int:
        return self._canonical

    def __len__(self) -> int:
        return SIDES * self._canonical

    def __getitem__(self, n: int) -> Solution:
        with self._lock:
            if not 0 <= n < SIDES * self._canonical:
                raise IndexError(f"solution {n} is not found (yet); {SIDES * self._canonical} known")
            row = self._rows[n // SIDES].copy()
        return self.puzzle.rotate_solution(states_to_solution(row), n % SIDES)

