"""CPU time of the voxel disassembler (issue 28), per BurrTools example file, beside BurrTools'.

    .venv/bin/python tests/benchmarks/bench_disassemble.py
    .venv/bin/python tests/benchmarks/bench_disassemble.py --burrtxt PATH/burrTxt   # and BurrTools' own

For each file of ``tests/data/burrtools``, two figures in CPU seconds of this process, each
the least of ``--repeat`` runs with a fresh disassembler (so the pair distances are worked out
each time, as BurrTools' run does; numba's compile is done before, and reported apart):

- ``stored``: taking apart the assemblies BurrTools stored with its solutions, to their
  levels (the same input and work as ``burrTxt -x FILE``, which only re-disassembles them);
- ``counted``: taking apart every assembly our count finds, one per class (the disassembly
  ``solve FILE --count`` adds after counting; BurrTools' ``burrTxt -d`` does this while it
  assembles, so its share is ``burrTxt -d -q`` minus ``burrTxt -q``). ``tally s`` is the
  whole pass after the count, with the classes up to rotation only worked out beside.

With ``--burrtxt PATH`` (the path of ``burrTxt``, the command-line solver of BurrTools 0.6.3,
github.com/burr-tools/burr-tools) the same figures for BurrTools, as user + system CPU seconds
of the child process, the least of ``--repeat`` runs: ``burrTxt -x`` less ``burrTxt -a c``
(which reads the file and prints its comment: the start-up and reading both runs share), and
``burrTxt -d -q`` less ``burrTxt -q``.

``burrTxt`` leaves out BurrTools' "keep mirror solutions" option, so its assembly counts of some files are
smaller than the stored ones; the disassembly of the stored assemblies is the fair match.
"""
from __future__ import annotations

import argparse
import re
import resource
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nonogram_editor_builtins.voxel import solver  # noqa: E402
from nonogram_editor_builtins.voxel.burrtools import load_burrtools, problem_names  # noqa: E402
from nonogram_editor_builtins.voxel.burrtools_solutions import solved_problems  # noqa: E402
from nonogram_editor_builtins.voxel.disassemble import Disassembler, assemblies_of, solution_assemblies, tally  # noqa: E402

DATA = ROOT / "tests" / "data" / "burrtools"


def child_cpu(command: list[str], repeat: int) -> tuple[float, str]:
    """The least user + system CPU seconds of ``repeat`` runs of ``command``, and its output."""
    best, output = float("inf"), ""
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        output = subprocess.run(command, capture_output=True, text=True, timeout=3600).stdout
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return best, output


def least_cpu(work, repeat: int):
    """The least CPU seconds of ``repeat`` calls of ``work()``, and its last answer."""
    best, answer = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        answer = work()
        best = min(best, time.process_time() - start)
    return best, answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--burrtxt", help="the path of burrTxt (BurrTools 0.6.3)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure, the least is shown (default 5)")
    args = parser.parse_args()
    start = time.process_time()
    Disassembler().disassemble([[(0, 0, 0)], [(1, 0, 0)]])  # load (or compile) the compiled code before timing
    Disassembler().levels(assemblies_of([[(0, [(0, 0, 0)]), (0, [(1, 0, 0)])]], [[]]))
    print(f"loading the compiled code: {time.process_time() - start:.3f} s")
    print(f"{'file':22} {'stored':>7} {'ours s':>7} {'counted':>8} {'ours s':>7} {'tally s':>8}"
          + (f" {'BurrTools -x s':>15} {'-d s':>7}" if args.burrtxt else ""))
    for path, number, problem in solved_problems(sorted(DATA.glob("*.xmpuzzle"))):
        stored = problem.stored_assemblies
        stored_seconds, found = least_cpu(lambda stored=stored: Disassembler().levels(stored), args.repeat)
        stored_apart = sum(level is not None for level in found)
        names = problem_names(path)
        puzzle = load_burrtools(path, names[number] if len(names) > 1 else None)
        outcome = solver.count_solutions(puzzle)
        counted = solution_assemblies(puzzle, outcome.solutions)
        counted_seconds, found = least_cpu(lambda counted=counted: Disassembler().levels(counted), args.repeat)
        tally_seconds, apart = least_cpu(partial(tally, puzzle, outcome.solutions), args.repeat)
        line = (f"{path.stem:22} {f'{stored_apart}/{len(problem.stored)}':>7} {stored_seconds:7.4f} "
                f"{f'{apart.solutions}/{outcome.distinct}':>8} {counted_seconds:7.4f} {tally_seconds:8.4f}")
        if args.burrtxt:
            again, _ = child_cpu([args.burrtxt, "-x", "-q", str(path)], args.repeat)
            reading, _ = child_cpu([args.burrtxt, "-a", "c", str(path)], args.repeat)
            with_disassembly, said = child_cpu([args.burrtxt, "-d", "-q", str(path)], args.repeat)
            assembly, _ = child_cpu([args.burrtxt, "-q", str(path)], args.repeat)
            found = re.search(r"(\d+) assemblies and (\d+) solutions", said)
            line += f" {again - reading:15.4f} {with_disassembly - assembly:7.4f}"
            line += f"  (burrTxt: {found.group(2)}/{found.group(1)})" if found else ""
        print(line, flush=True)


if __name__ == "__main__":
    main()
