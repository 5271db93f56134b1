"""Ways to a first solution of bare clues, each alone: CPU seconds of the solver per file.

    .venv/bin/python tests/benchmarks/bench_first.py [--limit CPU_SECONDS] [--ways A,B,...] FILE.non ...

Per file: line logic, probing to a fixpoint (:mod:`nonogram_editor.nonogram.probing`), the block
encoding (:mod:`nonogram_editor.nonogram.order_cnf`) with and without belief-propagation phases,
and the automaton encoding (:mod:`nonogram_editor.nonogram.cnf`), once, with their CPU seconds;
then each way (``WAYS``) in a process of its own, limited to ``--limit`` CPU seconds
(RLIMIT_CPU), timed from the encoded clauses on (``>limit``: no answer by then). The
check's block racer is ``block`` (``block-seed1``: the same with CaDiCaL's seed 1).
"""
from __future__ import annotations

import argparse
import json
import os
import pickle
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nonogram_editor.nonogram.order_cnf import FIRST_CONFLICTS, SATISFIABLE  # noqa: E402  (the check's block racer's)


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def prepare(path: Path) -> tuple[dict, dict]:
    """(the encodings, CPU seconds of each step)."""
    from nonogram_editor.level.non_format import read_non
    from nonogram_editor.nonogram import cnf, order_cnf
    from nonogram_editor.nonogram.probing import probe_to_fixpoint
    from nonogram_editor.nonogram.puzzle import Puzzle

    level = read_non(path)
    puzzle = Puzzle(level.row_clues, level.column_clues)
    board = puzzle.board()
    puzzle.propagate(board)
    rows, columns = puzzle.row_clues, puzzle.column_clues
    seconds, data = {}, {"height": puzzle.height, "width": puzzle.width}
    start = cpu()
    data["automaton"] = cnf.encode(rows, columns, (board.row_filled, board.row_empty))[0]
    seconds["automaton"] = cpu() - start
    data["open"] = int((~(board.filled_array() | board.empty_array())).sum())
    start = cpu()
    implications = probe_to_fixpoint(puzzle, board)
    seconds["probing"] = cpu() - start
    filled, empty = board.filled_array(), board.empty_array()
    data["open after probing"] = int((~(filled | empty)).sum())
    start = cpu()
    clauses, _, data["phases"] = order_cnf.encode(rows, columns, filled, empty)
    seconds["blocks, phases"] = cpu() - start
    data["blocks"] = clauses + implications
    start = cpu()
    data["blocks, no phases"] = order_cnf.encode(rows, columns, filled, empty, phases=False)[0] + implications
    seconds["blocks"] = cpu() - start
    return data, seconds


def _cadical(data, name="cadical195", phases=True, staged=True, options=None):
    from pysat.solvers import Solver

    with Solver(name=name) as solver:
        if options:
            solver.configure(options)
        solver.append_formula(data["blocks"] if phases else data["blocks, no phases"])
        if phases:
            solver.set_phases(data["phases"])
        if staged:
            solver.conf_budget(FIRST_CONFLICTS)
            found = solver.solve_limited()
            if found is not None:
                return found
            solver.configure(SATISFIABLE)
        return solver.solve()


def _plain(data, name, encoding):
    from pysat.solvers import Solver

    with Solver(name=name, bootstrap_with=data[encoding]) as solver:
        return solver.solve()


WAYS = {  # name: (function, keyword arguments)
    "block": (_cadical, {}),  # what the check's block racer runs
    "block-seed1": (_cadical, {"options": {"seed": 1}}),
    "block-seed2": (_cadical, {"options": {"seed": 2}}),
    "block-no-phases": (_cadical, {"phases": False}),
    "sat-config": (_cadical, {"staged": False, "options": SATISFIABLE}),
    "sat-config-no-phases": (_cadical, {"staged": False, "phases": False, "options": SATISFIABLE}),
    "block-walk": (_cadical, {"options": {"walk": 1, "walkreleff": 100}}),
    "cadical300": (_cadical, {"name": "cadical300"}),
    "kissat-blocks": (_plain, {"name": "kissat404", "encoding": "blocks, no phases"}),
    "kissat-automaton": (_plain, {"name": "kissat404", "encoding": "automaton"}),
    "cadical153-blocks": (_plain, {"name": "cadical153", "encoding": "blocks, no phases"}),
    "maplechrono-blocks": (_plain, {"name": "maplechrono", "encoding": "blocks, no phases"}),
    "lingeling-blocks": (_plain, {"name": "lingeling", "encoding": "blocks, no phases"}),
}


def run_way(pickled: str, way: str) -> None:
    """In the child: one way on the pickled encodings; prints its CPU seconds as JSON."""
    with open(pickled, "rb") as handle:
        data = pickle.load(handle)
    function, keywords = WAYS[way]
    start = cpu()
    found = function(data, **keywords)
    print(json.dumps({"found": found, "cpu": cpu() - start}), flush=True)


def run_child(arguments: list[str], limit: float, slack: int) -> dict | str:
    """``python ARGUMENTS`` (a benchmark's child, printing a JSON line with its "cpu") held to
    ``limit`` + ``slack`` CPU seconds (RLIMIT_CPU): its last JSON line, or ">limit" when it
    went over ``limit``, or "error"."""
    def limited():
        seconds = int(limit) + slack
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds))

    done = subprocess.run([sys.executable, *arguments], capture_output=True, text=True, preexec_fn=limited,
                          env=dict(os.environ, PYTHONPATH=str(ROOT), OPENBLAS_NUM_THREADS="1"))
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        return f">{limit:.0f}" if done.returncode < 0 else "error"
    answer = json.loads(lines[-1])
    return f">{limit:.0f}" if answer["cpu"] > limit else answer


def time_way(pickled: str, way: str, limit: float) -> str:
    answer = run_child([__file__, "--child", pickled, way], limit, 5)  # the pickle's loading on top
    if isinstance(answer, str):
        return answer
    return f"{answer['cpu']:.1f}" + ("" if answer["found"] else " (none)")


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        run_way(sys.argv[2], sys.argv[3])
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=float, default=30.0, help="CPU seconds per way")
    parser.add_argument("--ways", default=",".join(WAYS), help="comma-separated, of: " + ", ".join(WAYS))
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args()
    ways = args.ways.split(",")
    for path in args.files:
        data, seconds = prepare(path)
        print(f"{path.name}: {data['height']}x{data['width']}, {data['open']} open cells "
              f"({data['open after probing']} after probing); CPU s: "
              + ", ".join(f"{step} {value:.2f}" for step, value in seconds.items()), flush=True)
        with tempfile.NamedTemporaryFile(suffix=".pickle") as handle:
            pickle.dump(data, handle)
            handle.flush()
            for way in ways:
                start = time.perf_counter()
                figure = time_way(handle.name, way, args.limit)
                print(f"  {way:22s} {figure:>8s} CPU s   (wall {time.perf_counter() - start:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
