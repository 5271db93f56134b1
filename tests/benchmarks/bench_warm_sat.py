"""What a SAT solver kept warm across single-cell edits would save: per edit, the CPU
seconds of the SAT question the verdict asks ("another solution than the drawing, with
the cells line logic proved?") answered cold, as the SAT stage answers it today (the
automaton encoding built, then kissat), and warm, by one CaDiCaL kept across the edits
(incremental solving: each line's clauses guarded by a selector literal, a changed line's
new clauses added under a new selector and the old one retired, the question's clause
under a selector of its own, the proved cells as assumptions). The two answers must agree.

    .venv/bin/python tests/benchmarks/bench_warm_sat.py [NAME...] [--edits N] [--seed S] [--chain]

NAME: knotty, forever, 9-dom (``bench_edits.py``'s drawings) or a ``.non`` file with a goal.
Only the SAT question is timed, in this process (no process start, no windows, no search).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.benchmarks.bench_edits import drawing  # noqa: E402


class WarmSolver:
    """One CaDiCaL for a drawing's edits (incremental, with assumptions)."""

    def __init__(self, height: int, width: int):
        from nonogram_editor.infra.sat_solvers import Solver

        self.cells = np.arange(1, height * width + 1).reshape(height, width)
        self.last_variable = height * width
        self.solver = Solver(name="cadical195")
        self.lines: dict[tuple[int, int], tuple[tuple, int]] = {}  # (direction, index) -> (clue, selector)

    def _selector(self, direction: int, index: int, clue) -> int:
        from nonogram_editor.nonogram.cnf import line_clauses

        old = self.lines.get((direction, index))
        if old is not None and old[0] == tuple(clue):
            return old[1]
        if old is not None:
            self.solver.add_clause([-old[1]])  # that clue is gone for good
        cells = (self.cells if direction == 0 else self.cells.T)[index:index + 1]
        nothing = np.zeros(cells.shape, dtype=bool)
        clauses, self.last_variable = line_clauses([list(clue)], cells, nothing, nothing, self.last_variable)
        self.last_variable += 1
        selector = self.last_variable
        self.solver.append_formula([clause + [-selector] for clause in clauses])
        self.lines[(direction, index)] = (tuple(clue), selector)
        return selector

    def other_exists(self, puzzle, filled: np.ndarray, empty: np.ndarray, picture: np.ndarray) -> bool:
        selectors = [self._selector(direction, index, clue)
                     for direction, clues in enumerate((puzzle.row_clues, puzzle.column_clues))
                     for index, clue in enumerate(clues)]
        stays = np.where(picture, self.cells, -self.cells)
        open_cells = ~(filled | empty)
        self.last_variable += 1
        question = self.last_variable
        self.solver.add_clause((-stays[open_cells]).tolist() + [-question])
        self.solver.set_phases(stays.ravel().tolist())
        found = self.solver.solve(assumptions=selectors + [question] + stays[~open_cells].tolist())
        self.solver.add_clause([-question])
        return found


def other_exists_cold(puzzle, filled: np.ndarray, empty: np.ndarray, picture: np.ndarray) -> bool:
    from nonogram_editor.infra.sat_solvers import Solver
    from nonogram_editor.nonogram.cnf import encode
    from nonogram_editor.nonogram.portfolio import DEFAULT_SOLVER
    from nonogram_editor.nonogram.puzzle import array_to_rows

    clauses, _ = encode(puzzle.row_clues, puzzle.column_clues, (array_to_rows(filled), array_to_rows(empty)))
    cells = np.arange(1, picture.size + 1).reshape(picture.shape)
    clauses.append(np.where(picture, -cells, cells)[~(filled | empty)].tolist())
    with Solver(name=DEFAULT_SOLVER, bootstrap_with=clauses) as solver:
        return solver.solve()


def main() -> None:
    from nonogram_editor.nonogram.puzzle import Puzzle

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", default=["knotty", "forever", "9-dom"])
    parser.add_argument("--edits", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chain", action="store_true", help="each edit from the previous edit's drawing")
    args = parser.parse_args()
    for name in args.names:
        base = drawing(name)
        warm = WarmSolver(*base.shape)
        rng = np.random.default_rng(args.seed)
        current, times = base, {"warm": [], "cold": []}
        for index in range(-1, args.edits):  # -1: the unedited drawing, which warms the solver (not counted)
            edited = current.copy()
            if index >= 0:
                row, column = int(rng.integers(base.shape[0])), int(rng.integers(base.shape[1]))
                edited[row, column] = ~edited[row, column]
            puzzle = Puzzle.from_grid(edited)
            board = puzzle.board()
            puzzle.propagate(board)
            known = (puzzle, board.filled_array(), board.empty_array(), edited)
            answers = []
            for way, ask in (("warm", warm.other_exists), ("cold", other_exists_cold)):
                cpu = time.process_time()
                answers.append(ask(*known))
                if index >= 0:
                    times[way].append(time.process_time() - cpu)
            if answers[0] != answers[1]:
                raise SystemExit(f"{name} edit {index}: warm and cold answers differ")
            if args.chain:
                current = edited
        warm_median, cold_median = statistics.median(times["warm"]), statistics.median(times["cold"])
        print(f"{name} {base.shape[1]}x{base.shape[0]}, {args.edits} edits: SAT question CPU s warm median "
              f"{warm_median:.3f}, max {max(times['warm']):.3f}; cold median {cold_median:.3f}, "
              f"max {max(times['cold']):.3f}; saved per edit (median) {cold_median - warm_median:.3f}", flush=True)


if __name__ == "__main__":
    main()
