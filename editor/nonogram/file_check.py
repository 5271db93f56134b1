"""A level or puzzle file checked (and graded) as ``check`` does it, for the command line and
the pack (Qt-free): the file read, the engine its kind needs, the time counted from the start."""
from __future__ import annotations

import sys
import time
from pathlib import Path

from nonogram_editor.infra.tasks import Task, TimeUp
from nonogram_editor.level import load_level
from nonogram_editor.level.model import EXTENSIONS
from nonogram_editor.level.puzzle_formats import Puzzle, checked_goal, read_puzzle_file
from nonogram_editor.nonogram.colour.files import check_colour_puzzle, colour_puzzle_of_file, kind_json
from nonogram_editor.nonogram.grade import SolvePath, grade_verdict
from nonogram_editor.nonogram.verdict import Verdict, check_drawing, check_puzzle


def check_file(path: Path, time_limit: float | None = None, task: Task | None = None,
               puzzle: Puzzle | None = None) -> tuple[Verdict, list[str], dict]:
    """The verdict on one level or puzzle file (``puzzle``: one already read from it), warnings
    about it, and its kind for JSON (:func:`nonogram_editor.nonogram.colour.files.kind_json`). A colour
    level or puzzle is checked by the colour engine. The time limit and the verdict's seconds
    count from the start, reading the file included."""
    start = time.perf_counter()
    task = task or Task(time_limit=time_limit)
    if puzzle is None and path.suffix.lower() not in EXTENSIONS:
        puzzle = read_puzzle_file(path)
    colour = colour_puzzle_of_file(path, puzzle)
    if colour is not None:
        verdict, warnings = check_colour_puzzle(colour, path, task)
    elif puzzle is not None:
        goal, warnings = checked_goal(puzzle, path)
        verdict = check_puzzle(puzzle.row_clues, puzzle.column_clues, goal, task)
    else:
        warnings = []
        verdict = check_drawing(load_level(path).solution, task)
    verdict.seconds = time.perf_counter() - start
    return verdict, warnings, kind_json(colour)


def grade_file(path: Path, time_limit: float | None = None, puzzle: Puzzle | None = None,
               grade: bool = True, task: Task | None = None) -> tuple[Verdict, SolvePath | None, list[str], dict]:
    """:func:`check_file` and, for a LINE or BRANCH level of either kind, its solve path
    with what it took in its ``seconds`` and ``cpu_seconds`` (None if the time ran out, or
    without ``grade``: docs/benchmarks.md "Grade and fix" has its cost beside the check's).
    ``task``: the caller's, so that its cancel stops the check (its time limit is set here)."""
    if task is None:
        task = Task(time_limit=time_limit)
    else:
        task.set_time_limit(time_limit)
    verdict, warnings, kind = check_file(path, task=task, puzzle=puzzle)
    if not grade:
        return verdict, None, warnings, kind
    start, cpu = time.perf_counter(), cpu_seconds()
    try:
        solve = grade_verdict(verdict, task)
    except TimeUp:
        return verdict, None, warnings, kind
    if solve is not None:
        solve.seconds, solve.cpu_seconds = time.perf_counter() - start, cpu_seconds() - cpu
    return verdict, solve, warnings, kind


def cpu_seconds() -> float:
    """CPU seconds (user and system) of this process, its threads and the child processes it
    has waited for (the SAT process of a check is waited for when it is ended)."""
    children = 0.0
    if sys.platform != "win32":  # os.times counts in clock ticks (10 ms): too coarse for a quick check
        import resource

        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        children = usage.ru_utime + usage.ru_stime
    return time.process_time() + children
