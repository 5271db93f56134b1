"""Solutions to a file (no Qt): what the panel's Export… saves.

The file is JSON::

    {"puzzle": "voxel-soma", "title": "Soma cube", "which": "every solution",
     "solutions": [{"pieces": [{"piece": "V", "cells": [[0, 0, 0], ...]}, ...]}, ...],
     "count": 11520}

``which`` is "one per symmetry class" (the solutions a count keeps) or "every solution"
(each class with all its images under the puzzle's symmetries). Each solution is in the
form ``solve ID --first --json`` prints. The file replaces an old one only once it is
complete.
"""
from __future__ import annotations

import json
from pathlib import Path

from nonogram_editor.plugin_api import AtomicFiles, Task
from nonogram_editor_builtins.voxel import layout, solver
from nonogram_editor_builtins.voxel.model import Puzzle

ONE_PER_CLASS = "one per symmetry class"
EVERY_SOLUTION = "every solution"


class ExportError(Exception):
    """The file could not be written; the message names it."""


def write_solutions(path: str | Path, puzzle: Puzzle, classes: list[solver.Solution], every: bool,
                    task: Task | None = None) -> int:
    """Write ``classes`` (one solution per class), or with ``every`` all their members; returns how many."""
    task = task or Task()
    head = {"puzzle": puzzle.id, "title": puzzle.title, "which": EVERY_SOLUTION if every else ONE_PER_CLASS}
    written = 0
    try:
        with AtomicFiles([path]) as files:
            with files.open(path) as file:
                file.write(json.dumps(head)[:-1].encode() + b', "solutions": [')
                for number, solution in enumerate(classes):
                    task.check_cancelled()
                    task.report(number, len(classes), f"exporting: {written} solutions written")
                    for member in solver.class_members(puzzle, solution) if every else [solution]:
                        text = json.dumps(layout.solution_to_json(puzzle, member))
                        file.write((",\n" if written else "\n").encode() + text.encode())
                        written += 1
                file.write(f'\n], "count": {written}}}\n'.encode())
            files.commit()
    except OSError as exc:
        raise ExportError(f"{path}: could not write the solutions: {exc.strerror or exc}") from None
    return written
