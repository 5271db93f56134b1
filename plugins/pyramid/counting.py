"""One count of the pyramid's solutions, resumable (no Qt; numba only once it runs, which
imports the solver: the panel makes one on the GUI thread)."""
from __future__ import annotations

from nonogram_editor_builtins.pyramid.model import Puzzle
from nonogram_editor_builtins.pyramid.store import SolutionStore


class Counting:
    """What one count keeps between its runs: the store and the resumable filling of it
    (cancelled, it goes on where it stopped when run again)."""

    def __init__(self, puzzle: Puzzle):
        self.store = SolutionStore(puzzle)
        self.filling = None  # created in the first run (off the GUI thread): importing the solver loads numba

    def run(self, task, jobs: int) -> SolutionStore:
        from nonogram_editor_builtins.pyramid import solver

        if self.filling is None:
            self.filling = solver.Filling(self.store, solver.build_tables(self.store.puzzle))
        return self.filling.run(task, jobs)
