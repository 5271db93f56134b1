"""Benchmark of image import (editor/level/image_import.py): a photo-sized PNG to 30x30.

    .venv/bin/python tests/benchmarks/bench_image_import.py

Writes a 4000x3000 noisy colour PNG to a temporary folder, opens it once (decode and
working copy), then times what the import dialog recomputes per slider move: the
threshold (and invert), the grid size, dithering, and the colour count (a new palette
the first time a count is used). Median and max ms over the moves; the target is under
100 ms per move.
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nonogram_editor.level.image_import import ImageSource  # noqa: E402


def timed(function, *args, **kwargs) -> float:
    start = time.perf_counter()
    function(*args, **kwargs)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    rng = np.random.default_rng(0)
    y, x = np.mgrid[0:3000, 0:4000]
    photo = np.stack([x * 255 // 4000, y * 255 // 3000, (x + y) % 256], -1)
    photo = (photo + rng.integers(0, 40, photo.shape)).clip(0, 255).astype(np.uint8)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "photo.png"
        Image.fromarray(photo).save(path)
        start = time.perf_counter()
        source = ImageSource.open(path)
        print(f"open a 4000x3000 PNG: {(time.perf_counter() - start) * 1000:.0f} ms (once, in the background)")
    width, height = source.grid_size(30)
    moves = {
        "threshold": [timed(source.solution, width, height, t) for t in range(60, 200, 5)],
        "invert": [timed(source.solution, width, height, t, invert=True) for t in range(60, 200, 20)],
        "grid size": [timed(source.solution, *source.grid_size(side), 128) for side in range(20, 41)],
        "dither": [timed(source.solution, width, height, t, dither=True) for t in range(60, 200, 10)],
        "colours (new count)": [timed(source.picture, width, height, n) for n in range(2, 17)],
        "colours (seen count)": [timed(source.picture, width, height, n) for n in range(2, 17)],
    }
    for name, times in moves.items():
        print(f"{name:22s} median {statistics.median(times):6.2f} ms  max {max(times):6.2f} ms")
    print(f"slowest slider move: {max(max(t) for t in moves.values()):.1f} ms (target 100 ms)")


if __name__ == "__main__":
    main()
