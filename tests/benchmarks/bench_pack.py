"""Opening a pack of many levels: the scan with every thumbnail, the first check, and the re-open.

    .venv/bin/python tests/benchmarks/bench_pack.py [--levels 500] [--no-check]

Makes a folder of ``--levels`` levels (mixed sizes from 5x5 to 128x128, square and not; pictures
of a few filled rectangles and discs), then times, in this process (CPU seconds, user + system,
beside the wall time: the machine may be busy):
  * the scan (``Pack.open``: every file read, its picture and solution) and a picture and a
    solution thumbnail of each (``THUMBNAIL`` pixels a side, as the gallery shows them): the
    goal is every thumbnail within 2 s for 500 levels;
  * the first check of every verdict and grade, into an empty cache (unless ``--no-check``);
  * the re-open: the scan and the thumbnails again, and every verdict from the cache; it must
    check nothing (the number it checked is printed).
"""
from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path

import numpy as np

from nonogram_editor.level import Level, save_level
from nonogram_editor.pack import Pack
from nonogram_editor.pack.checks import ResultCache
from nonogram_editor.pack.entries import thumbnail

SIDES = (5, 10, 15, 20, 25, 30, 40, 50, 64, 80, 100, 128)
THUMBNAIL = 96  # pixels: the gallery's thumbnail side


def make_levels(folder: Path, count: int, seed: int = 39) -> None:
    rng = np.random.default_rng(seed)
    for number in range(count):
        height, width = int(rng.choice(SIDES)), int(rng.choice(SIDES))
        solution = np.zeros((height, width), dtype=bool)
        rows, columns = np.ogrid[:height, :width]
        for _ in range(int(rng.integers(2, 6))):
            top, left = int(rng.integers(0, height)), int(rng.integers(0, width))
            if rng.random() < 0.5:
                solution[top:top + int(rng.integers(1, height + 1)), left:left + int(rng.integers(1, width + 1))] = True
            else:
                radius = max(1.0, rng.random() * min(height, width) / 2)
                solution |= (rows - top) ** 2 + (columns - left) ** 2 <= radius ** 2
        colour = rng.integers(0, 200, 3).astype(np.uint8)
        picture = np.where(solution[:, :, None], colour, np.uint8(255)).astype(np.uint8)
        save_level(Level(solution, picture), folder / f"level-{number:03d}.level")


def cpu() -> float:
    """CPU seconds of this process and of the children it waited for (a check's SAT process)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def open_with_thumbnails(folder: Path) -> Pack:
    pack = Pack.open(folder)
    for entry in pack.entries:
        thumbnail(entry.picture, THUMBNAIL)
        thumbnail(entry.solution, THUMBNAIL)
    return pack


def timed(label: str, work):
    wall, processor = time.perf_counter(), cpu()
    value = work()
    print(f"{label:44s} {time.perf_counter() - wall:7.2f} s wall {cpu() - processor:7.2f} s CPU")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, default=500)
    parser.add_argument("--no-check", action="store_true", help="time the scan and thumbnails only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder, cache = Path(temporary, "pack"), ResultCache(Path(temporary, "cache"))
        folder.mkdir()
        make_levels(folder, args.levels)
        size = sum(path.stat().st_size for path in folder.iterdir())
        print(f"{args.levels} levels, {size / 1e6:.1f} MB")
        timed("scan and thumbnails (goal: within 2 s)", lambda: open_with_thumbnails(folder))
        if args.no_check:
            return
        first = open_with_thumbnails(folder)
        timed("first check (verdicts and grades, no cache)", lambda: first.check(cache))
        verdicts = {}
        for entry in first.entries:
            verdicts[entry.result.verdict] = verdicts.get(entry.result.verdict, 0) + 1
        print(f"  verdicts: {verdicts}")
        again = timed("re-open: scan and thumbnails", lambda: open_with_thumbnails(folder))
        timed("re-open: every verdict from the cache", lambda: again.check(cache))
        checked = sum(not entry.result.cached for entry in again.entries)
        print(f"  re-open checked {checked} of {len(again.entries)} levels again")


if __name__ == "__main__":
    main()
