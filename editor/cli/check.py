"""``nonogram-editor check PATH... [--json] [--time-limit SECONDS] [--memory-limit MB] [--jobs N] [--format FORMAT]
[--grade | --no-grade]``: verdicts for level packs, e.g. in CI.

PATHs are ``.level`` files (or their ``.pbm``/``.ppm``), puzzle files (``.non``, ``.nonpack``,
webpbn ``.xml``, Olsak ``.g``, Wilk ``.nin``: ``nonogram_editor.level.puzzle_formats``; a file named
otherwise is read in the format its content shows), ``-`` (a puzzle on standard input, in
``--format`` or the format its content shows) and folders (searched recursively for levels
and puzzle files by their suffixes). Each level gets one line, and so does each puzzle of a
file that holds several (a webpbn ``<puzzleset>``, a ``.nonpack``: named ``PATH (puzzle N of M)``,
in JSON with the key ``puzzle``, N from 1): its verdict, sweeps and time,
and for a unique one its grade (``nonogram_editor.nonogram.grade``; not with ``--no-grade``)
(``--json``: one JSON object per line, the grade only with ``--grade``). A puzzle file's
goal picture is the drawing when it fits the clues; without one its bare clues are checked.
A level not decided within the time limit is UNDECIDED. ``--jobs N`` checks N files at once (in worker
processes), printing
them in the same order. A path or file that cannot be read or checked is reported on stderr
(naming the file and the fault; with ``--json`` also as ``{"path", "error"}`` on stdout) and
the rest are still checked. Exit status: 0 only if every level is
LINE; 1 if every file was checked and some level is not LINE; 2 if a path or file could not
be read or checked, or holds no level (this wins over 1).
"""
from __future__ import annotations

import json
import os
import signal
import sys
from dataclasses import dataclass
from pathlib import Path

from nonogram_editor.cli.io import STDIO, report_failure, standard_input_puzzles
from nonogram_editor.infra.tasks import Cancelled, Task
from nonogram_editor.infra.wording import printable
from nonogram_editor.level import LevelError
from nonogram_editor.level.colour import COLOUR
from nonogram_editor.level.model import EXTENSIONS
from nonogram_editor.level.puzzle_formats import PUZZLE_SUFFIXES, Puzzle, is_puzzle_file, puzzle_format, read_puzzles
from nonogram_editor.level.reading import open_regular
from nonogram_editor.nonogram.file_check import cpu_seconds, grade_file
from nonogram_editor.nonogram.grade import SolvePath
from nonogram_editor.nonogram.verdict import Kind, Verdict

Problem = tuple[str, str]  # a path that cannot be checked, and why (naming it)


def level_files(paths: list[str]) -> tuple[list[Path], list[Problem]]:
    """The files to check (``-``: standard input), and a problem for each path that is not a
    file or a folder, or that cannot be read (a folder among them is searched for the rest all
    the same). A file named explicitly is checked whatever its suffix: its content shows its format."""
    files: list[Path] = []
    problems: list[Problem] = []
    for name in paths:
        path = Path(name)
        if name == STDIO:
            files.append(path)
            continue
        try:
            is_dir = path.is_dir()
        except OSError as error:  # e.g. inside a folder without search permission
            problems.append((name, f"{path}: cannot be read ({error.strerror or error})"))
            continue
        if is_dir:
            found, unreadable = _files_in(path)
            if not found and not unreadable:
                problems.append((name, f"{path}: no .level or puzzle ({', '.join(PUZZLE_SUFFIXES)}) files in "
                                       "this folder"))
            files += found
            problems += unreadable
        elif not path.exists():
            problems.append((name, f"{path}: {_missing(path)}"))
        else:
            files.append(path)
    return files, problems


def _files_in(folder: Path) -> tuple[list[Path], list[Problem]]:
    """The ``.level`` and puzzle files below ``folder`` (links to folders not followed), and a
    problem for each folder below it that cannot be read. Not only regular files: a pipe or a
    broken link named x.level is reported by its check, not skipped."""
    unreadable: list[Problem] = []

    def report(error: OSError) -> None:
        unreadable.append((str(error.filename), f"{error.filename}: this folder cannot be read "
                                                f"({error.strerror or error}); its levels were not checked"))

    found = [Path(top, name) for top, _, names in os.walk(folder, onerror=report) for name in names
             if Path(name).suffix.lower() == ".level" or is_puzzle_file(name)]
    return sorted(found), unreadable


def _missing(path: Path) -> str:
    """Why a path does not lead to anything: nothing there, a broken link or a link loop."""
    if not os.path.islink(path):
        return "no such file or folder"
    try:
        open_regular(path)[0].close()
    except LevelError as error:
        return error.detail
    return "no such file or folder"  # it appeared since


def _text_line(path, verdict: Verdict, solve: SolvePath | None, kind: dict) -> str:
    size = f"{verdict.width}x{verdict.height}" + (f" {len(kind['palette'])} colours" if kind["kind"] == COLOUR else "")
    line = (f"{printable(str(path))}: {verdict.kind:13s} {size}  sweeps {verdict.sweeps:3d}  "
            f"{verdict.seconds * 1000:8.1f} ms")
    if solve is not None:
        line += f"  grade {solve.grade}: {solve.words}; graded in {solve.seconds * 1000:.1f} ms"
    if verdict.kind == Kind.LINE:
        return line
    if verdict.kind == Kind.MULT:
        detail = f"{int(verdict.differing.sum())} cells differ in an alternative solution"
    elif verdict.kind == Kind.BRANCH:
        detail = verdict.lookahead_text()
    elif verdict.kind == Kind.UNDECIDED:
        option = "--time-limit" if verdict.memory_limit is None else "--memory-limit"
        detail = f"{verdict.undecided_reason()} before a verdict; {option} 0 checks without one"
    else:
        detail = "no solution"
    return f"{line}  ({verdict.open_cells} cells open after line logic; {detail})"


@dataclass(frozen=True)
class Options:
    """How each level is checked and reported: JSON lines or text, the time limit (None:
    none), whether unique levels are graded."""

    as_json: bool = False
    time_limit: float | None = None
    grade: bool = True


def run_check(paths: list[str], as_json: bool = False, time_limit: float | None = None, jobs: int = 1,
              format_name: str | None = None, grade: bool | None = None) -> int:
    """``jobs``: processes checking files at once; the output is in the files' order all the
    same. ``format_name``: the format of standard input (``-``), else its content shows it.
    ``grade``: grade unique levels (their solve path); None: in text, not in JSON (a script
    reading the verdicts need not pay for it: docs/benchmarks.md "Grade and fix")."""
    try:
        return _check_all(paths, Options(as_json, time_limit, not as_json if grade is None else grade), jobs,
                          format_name)
    except BrokenPipeError:  # the reader stopped early (``| head``): not an error of the levels
        sys.stdout = open(os.devnull, "w")
        return 1
    except (Cancelled, KeyboardInterrupt):
        print("\ncancelled", file=sys.stderr)
        return 130


def _report(item: tuple[Path, Options, list[Puzzle] | Exception | None]
            ) -> list[tuple[str | None, str | None, list[str]]]:
    """What the command prints for one file (its puzzles: already read from standard input),
    for each level or puzzle in it: (its line, its kind or None after an error, its warnings
    and errors for stderr). Module-level: a worker process runs it."""
    path, options, puzzles = item
    format = puzzle_format(path)
    if path.suffix.lower() in EXTENSIONS or (format is not None and not format.bundle):
        return [_report_one(path, None, path, options, {})]  # one level: read once, by its check
    try:
        puzzles = puzzles if puzzles is not None else read_puzzles(path)
        if isinstance(puzzles, Exception):  # standard input could not be read
            raise puzzles
    except Exception as error:
        return [_error_report(path, path, error, options.as_json, {})]
    if len(puzzles) == 1:  # a file is read again by the check, whose time counts the reading
        return [_report_one(path, puzzles[0] if str(path) == STDIO else None, path, options, {})]
    return [_report_one(path, puzzle, f"{path} (puzzle {number} of {len(puzzles)})", options, {"puzzle": number})
            for number, puzzle in enumerate(puzzles, 1)]


def _report_one(path: Path, puzzle: Puzzle | None, name, options: Options,
                extra: dict) -> tuple[str | None, str | None, list[str]]:
    cpu = cpu_seconds()
    try:
        verdict, solve, warnings, kind = grade_file(path, options.time_limit, puzzle, options.grade)
    except Exception as error:  # one bad file costs only itself (a LevelError names it already)
        return _error_report(path, name, error, options.as_json, extra)
    if options.as_json:  # cpu_seconds: the check's own; the grade's apart
        graded = {**solve.to_json(), "grade_cpu_seconds": round(solve.cpu_seconds, 4)} if solve else {}
        cpu = cpu_seconds() - cpu - (solve.cpu_seconds if solve else 0.0)
        line = json.dumps({"path": str(path), **extra, **kind, **verdict.to_json(), "cpu_seconds": round(cpu, 4),
                           **graded})
    else:
        line = _text_line(name, verdict, solve, kind)
    return line, verdict.kind, [f"warning: {warning}" for warning in warnings]


def _error_report(path: Path, name, error: Exception, as_json: bool,
                  extra: dict) -> tuple[str | None, None, list[str]]:
    """The report of a file (or of the puzzle ``name`` of a set) that could not be read or checked."""
    if isinstance(error, LevelError):
        message = f"{name}: {error.kind.value}: {error.detail}" if extra else str(error)
    else:
        message = f"{name}: could not be checked: {type(error).__name__}: {error}"
    line = json.dumps({"path": str(path), **extra, "error": message}) if as_json else None
    return line, None, [f"error: {printable(message)}"]


def _check_all(paths: list[str], options: Options, jobs: int, format_name: str | None) -> int:
    files, problems = level_files(paths)
    for path, problem in problems:
        report_failure(problem, as_json=options.as_json, path=path)
    sys.stdout.flush()
    failed = bool(problems)
    all_line = True
    for line, kind, messages in _in_order(files, options, jobs, format_name):
        for message in messages:
            print(message, file=sys.stderr)
        failed |= kind is None
        all_line &= kind == Kind.LINE
        if line is not None:
            print(line, flush=True)
    if failed or not files:
        return 2
    return 0 if all_line else 1


def _in_order(files: list[Path], options: Options, jobs: int, format_name: str | None):
    """:func:`_report` for every file, in the files' order, on up to ``jobs`` processes
    (:func:`nonogram_editor.infra.child_process.map_in_processes`; one: here, no process started)."""
    items = [(path, options, _standard_input(format_name) if str(path) == STDIO else None)
             for path in files]
    if jobs <= 1 or len(files) <= 1:
        for item in items:
            yield from _report(item)
        return
    from nonogram_editor.infra.child_process import map_in_processes

    done: dict[int, tuple] = {}
    following = 0
    for index, report in map_in_processes(Task(), _numbered_report, list(enumerate(items)), jobs):
        done[index] = report
        while following in done:
            yield from done.pop(following)
            following += 1


def _standard_input(format_name: str | None) -> list[Puzzle] | Exception:
    """The puzzles on standard input, or what went wrong reading them (reported as the file's error)."""
    try:
        return standard_input_puzzles(format_name)
    except (LevelError, ValueError) as error:
        return error


def _numbered_report(numbered: tuple[int, tuple]) -> tuple[int, tuple]:
    """:func:`_report` in a worker process, which a stopped check ends with SIGTERM: that
    ends the check of the file as an exception does (its SAT solver's process with it),
    then the worker."""
    signal.signal(signal.SIGTERM, _exit_on_termination)
    index, item = numbered
    try:
        return index, _report(item)
    except SystemExit as stop:  # not back to the pool's loop, which would take the next file
        os._exit(stop.code)


def _exit_on_termination(signum, _frame):
    raise SystemExit(128 + signum)
