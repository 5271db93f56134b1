"""Random small BurrTools problems counted here and by BurrTools' own ``burrTxt -d`` (issue 28).

    .venv/bin/python tests/benchmarks/bench_burrtxt_random.py --burrtxt PATH/burrTxt [--seed 1] [--cases 500]

Each case is a cube-grid file: a result of up to 12 voxels in a small box (some variable, some
coloured), cut into random pieces (some coloured, with variable voxels, some coloured), colour
pairs at random, each piece a ``<shape>`` of its own or listed with an identical one (under one
shape id, as two entries or one with count 2), with random ``group`` attributes. It prints each
case whose assemblies or solutions differ from ``burrTxt -d``'s (the file is kept in the
temporary folder printed), then how many cases had assemblies and how many differed.
``burrTxt`` merges mirror images (it has no "keep mirror solutions" option), so its figures
are set against ``distinct`` and against ``distinct_rotations``.

``--burrtxt``: the path of ``burrTxt``, BurrTools 0.6.3's command-line solver.
"""
from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nonogram_editor_builtins.voxel import solver  # noqa: E402
from nonogram_editor_builtins.voxel.burrtools import load_burrtools  # noqa: E402
from nonogram_editor_builtins.voxel.disassemble import tally  # noqa: E402
from nonogram_editor_builtins.voxel.geometry import FACE_STEPS  # noqa: E402
from nonogram_editor_builtins.voxel.model import PuzzleFileError  # noqa: E402

KEEP = 100_000  # assemblies a count keeps: the figures are compared below it


def voxel_text(cells, variable, colours) -> tuple[list[int], str]:
    voxels = set(cells) | set(variable)
    size = [max(v[i] for v in voxels) + 1 for i in range(3)]
    text = []
    for v in ((x, y, z) for z in range(size[2]) for y in range(size[1]) for x in range(size[0])):
        char = "#" if v in cells else "+" if v in variable else "_"
        text.append(char + (str(colours[v]) if colours.get(v) and char != "_" else ""))
    return size, "".join(text)


def random_file(rng: random.Random) -> str:
    box = rng.choice([(3, 3, 1), (4, 2, 1), (3, 2, 2), (4, 3, 1)])
    target = {(x, y, z) for x in range(box[0]) for y in range(box[1]) for z in range(box[2])}
    if rng.random() < 0.5:
        target.remove(rng.choice(sorted(target)))
    optional = set(rng.sample(sorted(target), rng.randint(0, 2)))
    n_colours = rng.randint(1, 3)
    result_colours = {v: rng.randint(0, n_colours) for v in target}
    left = target - set(rng.sample(sorted(optional), rng.randint(0, len(optional))))
    shapes = []
    while left:
        piece = {min(left)}
        for _ in range(rng.randint(0, 4)):
            grow = sorted({(x + dx, y + dy, z + dz) for x, y, z in piece for dx, dy, dz in FACE_STEPS} & left - piece)
            if grow:
                piece.add(rng.choice(grow))
        left -= piece
        low = [min(v[i] for v in piece) for i in range(3)]
        cells = sorted((x - low[0], y - low[1], z - low[2]) for x, y, z in piece)
        colours = {v: rng.randint(0, n_colours) for v in cells if rng.random() < 0.25}
        high = [max(v[i] for v in cells) + 1 for i in range(3)]
        variable = {tuple(rng.randint(0, high[i]) for i in range(3)) for _ in range(rng.choice([0, 0, 0, 1, 1, 2]))}
        variable -= set(cells)
        colours.update({v: rng.randint(0, n_colours) for v in variable if rng.random() < 0.5})
        shapes.append(voxel_text(cells, variable, colours))
    entries = []  # [shape id, count, group attribute]
    for i, shape in enumerate(shapes):
        same = shapes.index(shape)
        group = rng.choice(["", "", ' group="1"', ' group="2"'])
        if same < i and entries[-1][0] == same and entries[-1][2] == group and rng.random() < 0.5:
            entries[-1][1] += 1
        else:
            entries.append([same if rng.random() < 0.7 else i, 1, group])
    pairs = sorted((a, b) for a in range(n_colours) for b in range(n_colours) if a == b or rng.random() < 0.4)
    out = ['<?xml version="1.0"?>\n<puzzle version="2"><gridType type="0"/><colors>']
    out += ['<color red="1" green="2" blue="3"/>'] * n_colours
    out.append("</colors><shapes>")
    for i, (size, text) in enumerate(shapes + [voxel_text(target - optional, optional, result_colours)]):
        out.append(f'<voxel x="{size[0]}" y="{size[1]}" z="{size[2]}" name="S{i}" type="0">{text}</voxel>')
    out.append('</shapes><problems><problem name="p"><shapes>')
    out += [f'<shape id="{i}" count="{count}"{group}/>' for i, count, group in entries]
    out.append(f'</shapes><result id="{len(shapes)}"/><bitmap>')
    out += [f'<pair piece="{a}" result="{b}"/>' for a, b in pairs]
    out.append("</bitmap></problem></problems></puzzle>")
    return "".join(out)


def burrtxt_figures(burrtxt: str, path: Path) -> tuple[int, int] | None:
    """(assemblies, solutions) as ``burrTxt -d`` finds them; (0, 0) where a piece fits nowhere;
    None if it takes over a minute."""
    try:
        out = subprocess.run([burrtxt, "-d", "-q", str(path)], capture_output=True, text=True, timeout=60).stdout
    except subprocess.TimeoutExpired:
        return None
    found = re.search(r"(\d+) assemblies and (\d+) solutions", out)
    if found:
        return int(found.group(1)), int(found.group(2))
    if "place nowhere" in out:
        return 0, 0
    raise RuntimeError(f"{path}: burrTxt said {out!r}")


def our_figures(path: Path) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """((distinct, solutions), (distinct_rotations, solutions_rotations)); None past ``KEEP``."""
    puzzle = load_burrtools(path)
    try:
        outcome = solver.count_solutions(puzzle, keep=KEEP)
    except PuzzleFileError:  # a piece fits nowhere
        return (0, 0), (0, 0)
    if outcome.distinct >= KEEP:
        return None
    apart = tally(puzzle, outcome.solutions)
    return (outcome.distinct, apart.solutions), (outcome.distinct_rotations, apart.solutions_rotations)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--burrtxt", required=True, help="the path of burrTxt (BurrTools 0.6.3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", type=int, default=500)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="burrtxt-random-"))
    compared = solved = differ = 0
    for case in range(args.cases):
        path = folder / f"case{case}.xml"
        path.write_text(random_file(rng))
        theirs = burrtxt_figures(args.burrtxt, path)
        ours = our_figures(path) if theirs is not None else None
        if ours is None:
            continue
        compared += 1
        solved += theirs != (0, 0)
        if theirs not in ours:
            differ += 1
            print(f"{path}: burrTxt {theirs}, here {ours[0]} (rotations only: {ours[1]})")
        else:
            path.unlink()
    print(f"seed {args.seed}: {compared} cases compared, {solved} with assemblies, {differ} differ ({folder})")


if __name__ == "__main__":
    main()
