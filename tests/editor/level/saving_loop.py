"""Saves numbered versions of one level over and over, printing each number once saved.

    python -m tests.editor.level.saving_loop FOLDER/x.level FIRST [about]

The SIGKILL test runs this and kills it at random moments. Version ``i`` differs from its
neighbours in size, content and cleared flag, so a trio mixed from two saves is detected.
With ``about`` each version is 128x128 and saved with its level info (``NAME.about``), which
names the version.
"""
from __future__ import annotations

import sys

import numpy as np

from nonogram_editor.level import Level, save_level


def version(number: int, large: bool = False) -> Level:
    rng = np.random.default_rng(number)
    height, width = (128, 128) if large else (40 + number % 7, 48 + number % 5)
    return Level(rng.random((height, width)) < 0.5, rng.integers(0, 256, (height, width, 3), dtype=np.uint8),
                 cleared=bool(number % 2))


def version_about(number: int) -> dict[str, str]:
    return {"title": f"Version {number}", "by": f"Saver {number}", "catalogue": f"#{number}"}


def main() -> None:
    path, number, with_about = sys.argv[1], int(sys.argv[2]), sys.argv[3:] == ["about"]
    from nonogram_editor.core.level_files import write_level

    while True:
        if with_about:
            write_level(version(number, large=True), version_about(number), path)
        else:
            save_level(version(number), path)
        print(number, flush=True)
        number += 1


if __name__ == "__main__":
    main()
