"""CPU time of counting assemblies here and by BurrTools' own ``burrTxt`` (issue 28), on the
shipped voxel puzzles written as BurrTools files.

    .venv/bin/python tests/benchmarks/bench_burrtools_count.py --burrtxt PATH/burrTxt [--puzzles tetris-cube soma]

For each puzzle (of ``plugins/voxel/data``, every one unless ``--puzzles`` names some): our
count in one process (``solver.count_solutions``, CPU seconds of this process, numba's compile
done before) and ``burrTxt -q`` (assemblies only, no disassembly: user + system CPU seconds of
the child, less ``burrTxt -a c``, which only reads the file), with both counts of assemblies,
which must agree (BurrTools merges rotations and mirror images, as ``distinct`` does). Pieces are
never turned over here, as in BurrTools. ``--burrtxt``: the path of
``burrTxt``, BurrTools 0.6.3's command-line solver.
"""
from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench_burrtxt_random import voxel_text  # noqa: E402
from bench_disassemble import child_cpu  # noqa: E402

from nonogram_editor_builtins.voxel import solver  # noqa: E402
from nonogram_editor_builtins.voxel.model import Puzzle, load_puzzle, shipped_puzzle_paths  # noqa: E402


def burrtools_file(puzzle: Puzzle) -> str:
    """``puzzle`` as a BurrTools file: a shape per piece, then the target as the result."""
    shapes = [voxel_text(piece.cells, set(), {}) for piece in puzzle.pieces]
    shapes.append(voxel_text(set(puzzle.target) - set(puzzle.optional), set(puzzle.optional), {}))
    out = ['<?xml version="1.0"?>\n<puzzle version="2"><gridType type="0"/><colors/><shapes>']
    for i, (size, text) in enumerate(shapes):
        out.append(f'<voxel x="{size[0]}" y="{size[1]}" z="{size[2]}" name="S{i}" type="0">{text}</voxel>')
    out.append('</shapes><problems><problem name="p"><shapes>')
    out += [f'<shape id="{i}" count="{piece.copies}"/>' for i, piece in enumerate(puzzle.pieces)]
    out.append(f'</shapes><result id="{len(puzzle.pieces)}"/><bitmap/></problem></problems></puzzle>')
    return "".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--burrtxt", required=True, help="the path of burrTxt (BurrTools 0.6.3)")
    parser.add_argument("--puzzles", nargs="*", help="names in plugins/voxel/data (default: all)")
    args = parser.parse_args()
    paths = [path for path in shipped_puzzle_paths() if not args.puzzles or path.stem in args.puzzles]
    folder = Path(tempfile.mkdtemp(prefix="burrtools-count-"))
    solver.count_solutions(load_puzzle(paths[0]), keep=0)  # load (or compile) the compiled code
    print(f"{'puzzle':22} {'ours s':>8} {'classes':>8} {'burrTxt s':>10} {'burrTxt':>8} {'ratio':>6}")
    for path in paths:
        puzzle = load_puzzle(path)
        if puzzle.mirror:
            print(f"{path.stem:22} left out: its pieces may be turned over, which BurrTools never does")
            continue
        start = time.process_time()
        outcome = solver.count_solutions(puzzle, keep=0)
        ours = time.process_time() - start
        written = folder / f"{path.stem}.xmpuzzle"
        written.write_text(burrtools_file(puzzle))
        theirs, said = child_cpu([args.burrtxt, "-q", str(written)], 1)
        reading, _ = child_cpu([args.burrtxt, "-a", "c", str(written)], 1)
        found = re.search(r"(\d+) assemblies", said)
        print(f"{path.stem:22} {ours:8.1f} {outcome.distinct:8} {theirs - reading:10.1f} "
              f"{found.group(1) if found else '?':>8} {(theirs - reading) / ours:6.1f}", flush=True)


if __name__ == "__main__":
    main()
