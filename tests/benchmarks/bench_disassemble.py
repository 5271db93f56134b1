"""CPU time of the voxel disassembler (issue 28), per BurrTools example file, beside BurrTools'.

    .venv/bin/python tests/benchmarks/bench_disassemble.py
    .venv/bin/python tests/benchmarks/bench_disassemble.py --burrtxt PATH/burrTxt   # and BurrTools' own

For each file of ``tests/data/burrtools``, two figures in CPU seconds of this process:

- ``stored``: taking apart the assemblies BurrTools stored with its solutions (the same
  input as ``burrTxt -x FILE``, which only re-disassembles them);
- ``counted``: taking apart every assembly our count finds, one per class (the pass
  ``solve FILE --count`` adds after counting; BurrTools' ``burrTxt -d`` does this while it
  assembles, so its share is ``burrTxt -d -q`` minus ``burrTxt -q``).

With ``--burrtxt`` (BurrTools' command-line solver built from source) the same figures
for BurrTools, as user + system CPU seconds of the child process. ``burrTxt`` needs only
g++ and zlib (not FLTK, which only the GUI needs); without meson, in a clone of
github.com/burr-tools/burr-tools (about 5 minutes on one core)::

    mkdir obj && for f in src/tools/fileexists.cpp src/tools/gzstream.cpp src/tools/xml.cpp \
        src/halfedge/*.cpp $(sed -n '/^libburr_src/,/^]/p' meson.build | grep -o 'src/lib/[a-z_0-9]*\.cpp') \
        src/burrTxt.cpp; do g++ -std=c++11 -O2 -Isrc -c $f -o obj/$(echo $f | tr / _).o; done
    g++ -o burrTxt obj/*.o -lz -lpthread

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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from plugins.voxel import solver  # noqa: E402
from plugins.voxel.burrtools import load_burrtools, problem_names  # noqa: E402
from plugins.voxel.burrtools_solutions import solved_problems  # noqa: E402
from plugins.voxel.disassemble import Disassembler, tally  # noqa: E402

DATA = ROOT / "tests" / "data" / "burrtools"


def child_cpu(command: list[str]) -> tuple[float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    output = subprocess.run(command, capture_output=True, text=True, timeout=3600).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, output


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--burrtxt", help="BurrTools' burrTxt, built from source")
    args = parser.parse_args()
    Disassembler().disassemble([[(0, 0, 0)], [(1, 0, 0)]])  # load the compiled code before timing
    print(f"{'file':22} {'stored':>7} {'ours s':>8} {'counted':>8} {'ours s':>8}"
          + (f" {'burrTxt -x s':>13} {'burrTxt -d s':>13} {'assembly s':>11}" if args.burrtxt else ""))
    for path, number, problem in solved_problems(sorted(DATA.glob("*.xmpuzzle"))):
        groups = problem.groups
        disassembler = Disassembler()
        start = time.process_time()
        stored_apart = sum(disassembler.disassemble(s.cells, [groups[p] for p in s.pieces]) is not None
                           for s in problem.stored)
        stored_seconds = time.process_time() - start
        names = problem_names(path)
        puzzle = load_burrtools(path, names[number] if len(names) > 1 else None)
        outcome = solver.count_solutions(puzzle)
        start = time.process_time()
        solutions = tally(puzzle, outcome.solutions).solutions
        counted_seconds = time.process_time() - start
        line = (f"{path.stem:22} {f'{stored_apart}/{len(problem.stored)}':>7} {stored_seconds:8.3f} "
                f"{f'{solutions}/{outcome.distinct}':>8} {counted_seconds:8.3f}")
        if args.burrtxt:
            again, _ = child_cpu([args.burrtxt, "-x", str(path)])
            with_disassembly, said = child_cpu([args.burrtxt, "-d", "-q", str(path)])
            assembly, _ = child_cpu([args.burrtxt, "-q", str(path)])
            found = re.search(r"(\d+) assemblies and (\d+) solutions", said)
            line += f" {again:13.3f} {with_disassembly:13.3f} {assembly:11.3f}"
            line += f"  (burrTxt: {found.group(2)}/{found.group(1)})" if found else ""
        print(line, flush=True)


if __name__ == "__main__":
    main()
