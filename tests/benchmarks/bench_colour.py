"""Benchmark of the colour engine: CPU seconds per puzzle, beside pbnsolve where given.

    .venv/bin/python tests/benchmarks/bench_colour.py [--quick] [--pbnsolve PATH] [--seed N] [--big-noise N]

First the colour line solver: median microseconds (CPU) of the complete deduction on 500
random 30-cell lines of 3 colours and the background, a third of the cells known.

Then random colour pictures (2 and 3 colours and the background, 20x20 and 30x30; half blocky,
a small random grid scaled up, half noise of a random density) and the colour puzzles in
tests/data/colour/ and tests/data/formats/ (the public ones: ``.g`` files and webpbn XML colour
puzzles). ``--big-noise N``: instead, N noise pictures of 50x50, 3 colours and the
background (numpy seeds 1 to N), whose bare clues go to the SAT stage's race (1 to 3 are
the hard ones). Per puzzle: the verdict on the drawing (as the editor's live check), on the
bare clues (as ``check`` on an imported puzzle), and with ``--pbnsolve`` the class
``pbnsolve -u`` gives: on a public puzzle's own file, on a random one's clues written as webpbn
XML by the editor (pbnsolve must be built with libxml2). CPU seconds count this process and
its reaped children (the SAT process, pbnsolve). A differing class is printed as DIFFER,
a puzzle pbnsolve takes over a second on and the editor longer as SLOWER; ``error`` is
pbnsolve stopping on an internal check (it does on some random colour clues).
"""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nonogram_editor.level.colour import ColourPuzzle, colour_clues, colour_line_clue  # noqa: E402
from nonogram_editor.level.puzzle_formats import read_puzzles  # noqa: E402
from nonogram_editor.level.webpbn_format import format_colour_webpbn  # noqa: E402
from nonogram_editor.nonogram.colour import ColourLineSolver, check_colour, check_colour_drawing  # noqa: E402
from nonogram_editor.nonogram.verdict import Kind  # noqa: E402
from tests.editor.nonogram.colour_reference import read_g  # noqa: E402

PBNSOLVE_CLASSES = (("UNIQUE LINE SOLUTION", "unique"), ("UNIQUE SOLUTION", "unique"),
                    ("FOUND MULTIPLE SOLUTIONS", "MULT"), ("NO SOLUTION", "CONTRADICTION"))


def cpu() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def timed(function, *args, **kwargs):
    start = cpu()
    result = function(*args, **kwargs)
    return result, cpu() - start


def pictures(rng, count: int, size: int, colours: int):
    for index in range(count):
        if index % 2:
            scale = int(rng.integers(2, 4))
            small = rng.integers(0, colours, size=(size // scale + 1, size // scale + 1))
            yield "blocky", np.kron(small, np.ones((scale, scale), dtype=int))[:size, :size]
        else:
            yield "noise", noise(rng, size, colours)


def noise(rng, size: int, colours: int) -> np.ndarray:
    """Random colours, with the background on a random share (0.3 to 0.6) of the cells."""
    picture = rng.integers(1, colours, size=(size, size))
    picture[rng.random(picture.shape) < rng.uniform(0.3, 0.6)] = 0
    return picture


def write_xml(path: Path, rows, columns, colours: int) -> None:
    """The clues as webpbn XML, by the editor's own writer."""
    palette = [(255, 255, 255)] + [((c * 40) % 256, (c * 90) % 256, (c * 150) % 256) for c in range(1, colours)]
    path.write_text(format_colour_webpbn(ColourPuzzle(rows, columns, palette)))


def public_puzzles():
    """(name, rows, columns, colours, pbnsolve's arguments) of the public colour puzzles."""
    for path in sorted((ROOT / "tests" / "data" / "colour").glob("*.g")):
        rows, columns, colours = read_g(path)
        yield path.name, rows, columns, colours, [str(path)]
    for folder in ("colour", "formats"):
        for path in sorted((ROOT / "tests" / "data" / folder).glob("*.xml")):
            for index, puzzle in enumerate(read_puzzles(path), start=1):
                if isinstance(puzzle, ColourPuzzle):
                    yield f"{path.stem} #{index}", puzzle.rows, puzzle.columns, len(puzzle.palette), \
                        [f"-n{index}", str(path)]


def pbnsolve_class(binary: str, arguments: list[str], limit: float) -> tuple[str, float]:
    start = cpu()
    try:
        done = subprocess.run([binary, "-u", *arguments], capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return f">{limit:.0f}s", cpu() - start
    for text, kind in PBNSOLVE_CLASSES:
        if text in done.stdout:
            return kind, cpu() - start
    return "error", cpu() - start  # e.g. "Left solution but no right solution for row 24" (pbnsolve 1.10)


def unique_or(kind: str) -> str:
    return "unique" if kind in (Kind.LINE, Kind.BRANCH) else kind


def bench_line(rng) -> None:
    n, colours = 30, 4
    cases = []
    for _ in range(500):
        line = rng.integers(1, colours, size=n)
        line[rng.random(n) < 0.4] = 0
        allowed = [(1 << n) - 1] * colours
        for cell in rng.choice(n, n // 3, replace=False):
            for colour in range(colours):
                if colour != line[cell]:
                    allowed[colour] &= ~(1 << int(cell))
        cases.append((ColourLineSolver(colour_line_clue(np.asarray(line)), n, colours), tuple(allowed)))
    times = []
    for _ in range(5):
        for solver, allowed in cases:
            start = time.process_time()
            solver.deduce(allowed)
            times.append(time.process_time() - start)
    blocks = np.mean([len(solver.clue) for solver, _ in cases])
    print(f"colour line solver, 30 cells, 3 colours, a third known ({blocks:.1f} blocks on average): "
          f"median {np.median(times) * 1e6:.1f} us, p90 {np.percentile(times, 90) * 1e6:.1f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="4 pictures per size and palette instead of 12")
    parser.add_argument("--pbnsolve", help="pbnsolve binary (built with libxml2), run as pbnsolve -u FILE")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--big-noise", type=int, metavar="N", help="only N noise pictures of 50x50, 3 colours")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    cases = []
    if args.big_noise:
        for seed in range(1, args.big_noise + 1):
            picture = noise(np.random.default_rng(seed), 50, 4)
            rows, columns = colour_clues(picture)
            cases.append((f"noise 50x50 c3 #{seed}", rows, columns, 4, picture, None))
    else:
        bench_line(rng)
        count = 4 if args.quick else 12
        for colours in (3, 4):
            for size in (20, 30):
                for kind, picture in pictures(rng, count, size, colours):
                    rows, columns = colour_clues(picture)
                    cases.append((f"{kind} {size}x{size} c{colours - 1}", rows, columns, colours, picture, None))
        cases += [(name, rows, columns, colours, None, arguments)
                  for name, rows, columns, colours, arguments in public_puzzles()]

    folder = Path(tempfile.mkdtemp(prefix="bench-colour-"))
    header = f"{'puzzle':<24} {'drawing':>16} {'bare clues':>16}"
    if args.pbnsolve:
        header += f" {'pbnsolve':>16}"
    print(header)
    totals = {"drawing": [], "clues": [], "pbnsolve": []}
    for index, (name, rows, columns, colours, picture, arguments) in enumerate(cases):
        cells = [name[:24].ljust(24)]
        if picture is not None:
            verdict, seconds = timed(check_colour_drawing, picture, colours, time_limit=args.time_limit)
            totals["drawing"].append(seconds)
            cells.append(f"{verdict.kind:>8} {seconds:6.3f}s")
        else:
            cells.append(f"{'':>16}")
        verdict, seconds = timed(check_colour, rows, columns, colours, time_limit=args.time_limit)
        totals["clues"].append(seconds)
        cells.append(f"{verdict.kind:>8} {seconds:6.3f}s")
        if args.pbnsolve:
            if arguments is None:
                arguments = [str(folder / f"{index}.xml")]
                write_xml(folder / f"{index}.xml", rows, columns, colours)
            theirs, their_seconds = pbnsolve_class(args.pbnsolve, arguments, args.time_limit)
            totals["pbnsolve"].append(their_seconds)
            agree = theirs == unique_or(verdict.kind) or theirs.startswith(">") or theirs == "error"
            slower = their_seconds > 1 and seconds > their_seconds
            cells.append(f"{theirs:>8} {their_seconds:6.3f}s" + ("" if agree else "  DIFFER") + ("  SLOWER" if slower
                                                                                                 else ""))
        print(" ".join(cells), flush=True)
    for label, values in totals.items():
        if values:
            print(f"{label}: total {sum(values):.2f} CPU s, median {np.median(values):.3f}, max {max(values):.3f}")


if __name__ == "__main__":
    start = time.perf_counter()
    main()
    print(f"wall {time.perf_counter() - start:.1f} s")
