"""How fast files that are not what they claim are refused (they used to be read whole first).

    .venv/bin/python tests/benchmarks/bench_untrusted_files.py

Figures: wall time and peak memory growth of ``load_level`` / ``check`` refusing a valid
4096x4096 P6 and P3 picture, a 2 GB sparse .ppm with a 3x2 header, a .ppm linked to /dev/zero
and a named pipe as the .pbm (before: 39 s / 1.15 GB, 108 s / 3.9 GB, 34 s / 2.1 GB, unbounded,
for ever). The time of a normal save and load of a 128x128 level is printed beside them.
"""
from __future__ import annotations

import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from editor.level import Level, LevelError, load_level, save_level  # noqa: E402


def timed_load(path: Path) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        load_level(path)
        outcome = "loaded"
    except LevelError as error:
        outcome = str(error).split(": ", 1)[1]
    return time.perf_counter() - start, outcome


def write_image(path: Path, header: bytes, chunk: bytes, chunks: int) -> None:
    """Header then ``chunks`` copies of ``chunk``, without holding the file in memory."""
    with open(path, "wb") as file:
        file.write(header)
        for _ in range(chunks):
            file.write(chunk)


def main() -> None:
    import numpy as np

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        rng = np.random.default_rng(0)
        level = Level(rng.random((128, 128)) < 0.5, rng.integers(0, 256, (128, 128, 3), dtype=np.uint8))
        start = time.perf_counter()
        save_level(level, folder / "x.level")
        print(f"save a 128x128 level                 {1000 * (time.perf_counter() - start):8.1f} ms")
        seconds, outcome = timed_load(folder / "x.level")
        print(f"load it                              {1000 * seconds:8.1f} ms  ({outcome})")
        ppm = folder / "x.ppm"
        cases = [
            ("valid 4096x4096 P6 picture", lambda: write_image(ppm, b"P6 4096 4096 255\n", bytes(4096 * 3), 4096)),
            ("valid 4096x4096 P3 picture", lambda: write_image(ppm, b"P3 4096 4096 255\n", b"0 " * (4096 * 3), 4096)),
            ("2 GB sparse .ppm, header 128x128", lambda: (save_level(level, folder / "x.level"),
                                                          os.truncate(ppm, 2 << 30))),
            (".ppm linked to /dev/zero", lambda: (ppm.unlink(), ppm.symlink_to("/dev/zero"))),
            (".pbm a named pipe", lambda: (ppm.unlink(), save_level(level, folder / "x.level"),
                                           (folder / "x.pbm").unlink(), os.mkfifo(folder / "x.pbm"))),
        ]
        for label, make in cases:
            make()
            before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            seconds, outcome = timed_load(folder / "x.level")
            grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
            print(f"refuse {label:30s}{1000 * seconds:8.1f} ms, peak memory +{grown:5.1f} MB  ({outcome})")


if __name__ == "__main__":
    main()
