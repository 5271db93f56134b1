"""Benchmark of reading the puzzle exchange formats (editor/level/puzzle_formats.py).

    .venv/bin/python tests/benchmarks/bench_puzzle_formats.py [REVISION]

Writes a random 1000x1000 two-colour drawing and a random 600x600 picture of 4 colours on a
background (the largest whose webpbn XML stays under the 16 MB a file may have), each as
.non, webpbn .xml and .g, and prints the CPU milliseconds (median of 5) a
read takes. With REVISION (e.g. a commit before colour puzzles), its ``parse_non`` reads the
two-colour .non too, side by side (``git show REVISION:editor/level/non_format.py``).
"""
from __future__ import annotations

import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nonogram_editor.level.colour import ColourPuzzle  # noqa: E402
from nonogram_editor.level.puzzle_formats import read_puzzle_file, write_colour_puzzle_file, write_puzzle_file  # noqa: E402


def cpu_ms(function, *args) -> float:
    times = []
    for _ in range(5):
        start = time.process_time()
        function(*args)
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def old_parse_non(revision: str):
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{revision}:editor/level/non_format.py"],
                            capture_output=True, text=True, check=True).stdout
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as file:
        file.write(source)
    spec = importlib.util.spec_from_file_location("old_non_format", file.name)
    module = importlib.util.module_from_spec(spec)
    sys.modules["old_non_format"] = module
    spec.loader.exec_module(module)
    return module.parse_non


def main() -> None:
    rng = np.random.default_rng(0)
    drawing = rng.random((1000, 1000)) < 0.5
    colour = ColourPuzzle.of_grid(rng.integers(0, 5, (600, 600)),
                                  [(255, 255, 255), (200, 30, 30), (30, 160, 60), (40, 80, 220), (0, 0, 0)])
    with tempfile.TemporaryDirectory() as folder:
        for suffix in (".non", ".xml", ".g"):
            two, many = Path(folder) / f"two{suffix}", Path(folder) / f"colour{suffix}"
            write_puzzle_file(two, drawing, "noise")
            write_colour_puzzle_file(many, colour)
            print(f"{suffix:5s} two-colour 1000x1000 {cpu_ms(read_puzzle_file, two):6.0f} ms CPU, "
                  f"4 colours 600x600 {cpu_ms(read_puzzle_file, many):6.0f} ms CPU")
        if len(sys.argv) > 1:
            text = (Path(folder) / "two.non").read_text()
            print(f".non two-colour at {sys.argv[1]}: {cpu_ms(old_parse_non(sys.argv[1]), text):7.0f} ms CPU")


if __name__ == "__main__":
    main()
