"""Where decimation's guesses go wrong: one descent to its first dead end, then whether
the boards before its batches still have a solution.

    .venv/bin/python tests/benchmarks/bench_decimate.py [--limit CPU_SECONDS] [--every N] [--step N]
        [--rounds N] [--update-rounds N] [--damping F] FILE.non ...

Per file: the descent of :func:`nonogram_editor.nonogram.decimate.decimate` (belief propagation,
the surest ``--step`` open cells at once, line logic; one cell at a time where a batch
contradicts) without going back, its CPU seconds and the open cells at the dead end (or
"solved"); then, from the dead end backwards, every ``--every``-th board before a batch,
checked in a process of its own (RLIMIT_CPU ``--limit``) by kissat on the block encoding
(:func:`nonogram_editor.nonogram.order_cnf.encode`, the fastest to prove these boards have no
solution): "no" (and the CPU seconds), "yes", or ">limit". The first "yes" going back
says how early the descent went wrong: decimation's dead-end handling (a short CaDiCaL
search on the boards just before the dead end) only helps when that is late.

Measured (session 8): the 50x50 text picture has no solution left at 1,403 open cells
(of 1,767; proved in 5 CPU s) and one at 1,491: its ninth batch was wrong, and the dead
end comes at 291 open. The 60x60 diagonals picture (density 0.7) has none left before
its 18th batch (2,824 open of 3,600; 4.5 CPU s) and one before its 6th (3,390), its dead
end at 110 open. Noise on the batch order, batches of
10 or 20, 10 update rounds, probing every 30% fewer open cells: every descent still dies
with 130 to 550 cells open.
"""
from __future__ import annotations

import argparse
import json
import pickle
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_first import cpu, run_child  # noqa: E402


def descend(puzzle, board, step: int, rounds: int, update_rounds: int):
    """(the boards before each batch, the last board, whether it is a dead end): decimation's
    descent without going back."""
    from nonogram_editor.nonogram.belief import propagate

    width = puzzle.width
    beliefs, boards = None, []
    while True:
        filled, empty = board.filled_array(), board.empty_array()
        open_cells = ~(filled | empty)
        count = int(open_cells.sum())
        if not count:
            return boards, board, False
        beliefs = propagate(puzzle.row_clues, puzzle.column_clues, filled, empty,
                            rounds if beliefs is None else update_rounds, beliefs)
        likely = beliefs.filled()
        sureness = np.where(open_cells, np.abs(likely - 0.5), -1.0)
        batch = [divmod(int(index), width)
                 for index in np.argsort(-sureness, axis=None, kind="stable")[:min(count, step)]]
        trial = board.copy()
        for row, column in batch:
            trial.set(row, column, bool(likely[row, column] >= 0.5))
        if len(batch) > 1 and puzzle.propagate(trial, {r for r, _ in batch}, {c for _, c in batch}) is not None:
            boards.append(board)
            board = trial
            continue
        for row, column in batch:  # one at a time, as decimation does
            if board.value(row, column) is not None:
                continue
            value = bool(likely[row, column] >= 0.5)
            trial = puzzle.assume(board, row, column, value)
            if trial is None:
                trial = puzzle.assume(board, row, column, not value)
                if trial is None:
                    return boards, board, True
                board = trial
                break
            board = trial


def check_board(pickled: str) -> None:
    """In the child: kissat on the block encoding of the pickled board; prints JSON."""
    from pysat.solvers import Solver

    from nonogram_editor.nonogram import order_cnf

    with open(pickled, "rb") as handle:
        row_clues, column_clues, filled, empty = pickle.load(handle)
    start = cpu()
    encoded = order_cnf.encode(row_clues, column_clues, filled, empty, phases=False)
    if encoded is None:
        found = False
    else:
        with Solver(name="kissat404", bootstrap_with=encoded[0]) as solver:
            found = solver.solve()
    print(json.dumps({"found": found, "cpu": cpu() - start}), flush=True)


def solvable(puzzle, board, limit: float) -> str:
    with tempfile.NamedTemporaryFile(suffix=".pickle") as handle:
        pickle.dump((puzzle.row_clues, puzzle.column_clues, board.filled_array(), board.empty_array()), handle)
        handle.flush()
        answer = run_child([__file__, "--child", handle.name], limit, 2)
    if isinstance(answer, str):
        return answer
    return f"{'yes' if answer['found'] else 'no'} {answer['cpu']:.1f}"


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        check_board(sys.argv[2])
        return
    from nonogram_editor.level.non_format import read_non
    from nonogram_editor.nonogram import belief
    from nonogram_editor.nonogram.decimate import STEP, UPDATE_ROUNDS
    from nonogram_editor.nonogram.puzzle import Puzzle

    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=float, default=20.0, help="CPU seconds per board checked")
    parser.add_argument("--every", type=int, default=2, help="check every N-th board going back")
    parser.add_argument("--step", type=int, default=STEP)
    parser.add_argument("--rounds", type=int, default=belief.ROUNDS)
    parser.add_argument("--update-rounds", type=int, default=UPDATE_ROUNDS)
    parser.add_argument("--damping", type=float, default=belief.DAMPING)
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args()
    belief.DAMPING = args.damping
    for path in args.files:
        level = read_non(path)
        puzzle = Puzzle(level.row_clues, level.column_clues)
        board = puzzle.board()
        puzzle.propagate(board)
        opened = board.unknown_count()
        start = cpu()
        boards, last, dead = descend(puzzle, board, args.step, args.rounds, args.update_rounds)
        print(f"{path.name}: {opened} open; descent {cpu() - start:.2f} CPU s, {len(boards)} batches, "
              + (f"dead end at {last.unknown_count()} open" if dead else "solved"), flush=True)
        if not dead:
            continue
        for index in range(len(boards) - 1, -1, -args.every):
            begun = time.perf_counter()
            answer = solvable(puzzle, boards[index], args.limit)
            print(f"  before batch {index + 1:3d}: {boards[index].unknown_count():5d} open  {answer:>8s}"
                  f"   (wall {time.perf_counter() - begun:.1f} s)", flush=True)
            if answer.startswith("yes"):
                break


if __name__ == "__main__":
    main()
