"""``nonogram-editor fix LEVEL [--max-edits N] [--time-limit S] [--symmetry MODE] [--json] [--write] [--harder]``.

For a MULT or BRANCH level: the best single-cell edits and their effect, then edits that
make it line-solvable (``make_line_solvable``, until LINE, ``--max-edits`` or the time
limit) and the verdict reached. With ``--harder``, for a unique level: single edits that
keep it unique but grade harder, the gentlest step up first (``--write`` takes that one). A
symmetric drawing (or ``--symmetry MODE``) gets symmetric edits: a cell with its mirror
images, one edit. A colour level or colour puzzle file is fixed in colour: an edit gives a
cell another palette colour or the background. A puzzle file without a goal picture that
fits its clues (``.g`` and ``.nin`` never have one) is solved from its clues first, and the
first solution is fixed.
``--write`` saves the fixed level beside the original (``NAME-fixed.level`` and its
``.pbm``/``.ppm`` (and ``.about`` for a colour level), or ``NAME-fixed.non``, ``.xml``,
``.g`` or ``.nin``: the format it was read in; ``-fixed-2`` and so on if that exists),
never over it, and only when the result is what was asked for. Exit status: 0 when the
result is what was asked for (LINE; with ``--harder`` a harder unique level), 1 when not
(nothing written), 2 when the level could not be read or written or an option is wrong.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import numpy as np

from nonogram_editor.cli.io import puzzles_of, report_failure
from nonogram_editor.core.colours import colour_name
from nonogram_editor.infra.tasks import Cancelled, Task
from nonogram_editor.level import Level, LevelError, load_level, save_level
from nonogram_editor.level.colour import ColourPuzzle, level_of_colour_puzzle
from nonogram_editor.level.metadata import format_about
from nonogram_editor.level.puzzle_formats import (
    DEFAULT_SUFFIX,
    is_puzzle_file,
    write_colour_puzzle_file,
    write_puzzle_file,
)
from nonogram_editor.nonogram.clue_solve import ClueReport, solve_clues, solve_colour_clues
from nonogram_editor.nonogram.colour.files import colour_puzzle_of_file, kind_json
from nonogram_editor.nonogram.fix import (
    PLAN_SECONDS,
    drawing_symmetry,
    edited,
    make_harder,
    make_line_solvable,
    rules_of,
    single_cell_effects,
)
from nonogram_editor.nonogram.symmetry import SYMMETRIES
from nonogram_editor.nonogram.verdict import Kind, cells_to_json

CLUE_SOLVE_SECONDS = 60  # solving a clue-only puzzle gives up after this, as the core's read_puzzle does

SHOWN = 5  # single-cell suggestions printed


def fixed_path(path: Path, suffix: str) -> Path:
    """A free name beside ``path``: ``NAME-fixed.SUFFIX``, else ``NAME-fixed-2.SUFFIX``, ..."""
    stem = path.stem
    for number in range(1, 1000):
        candidate = path.with_name(f"{stem}-fixed{'' if number == 1 else f'-{number}'}{suffix}")
        if not any(candidate.with_suffix(ext).exists() for ext in (suffix, ".pbm", ".ppm")):
            return candidate
    raise FileExistsError(f"{path}: no free name for the fixed level beside it")


@dataclass
class _Source:
    """The drawing a file holds, ready to fix: ``colours`` is a colour drawing's palette size
    (None: two-colour), ``save(target, drawing)`` writes a fixed drawing as a file like it,
    ``kind`` is the file's kind for ``--json`` (:func:`nonogram_editor.nonogram.colour.files.kind_json`)."""

    drawing: np.ndarray
    colours: int | None
    save: Callable[[Path, np.ndarray], None]
    kind: dict
    suffix: str  # of a file like it: the puzzle format's (.non for a puzzle file named otherwise), or .level
    names: list[str] = field(default_factory=list)  # a colour puzzle's: "colour N, #rrggbb (name)" per palette entry


class _NoDrawing(ValueError):
    """A puzzle whose clues give no drawing to fix (the message names the file and says why)."""


def _read(path: Path) -> _Source:
    """The drawing of a level or puzzle file (of either kind; a puzzle file named otherwise is
    read in the format its content shows). Raises :class:`LevelError` when the file cannot be
    read, :class:`_NoDrawing` when its clues give no drawing."""
    puzzles = puzzles_of(str(path))
    puzzle = puzzles[0] if puzzles else None
    suffix = ".level" if puzzle is None else path.suffix.lower() if is_puzzle_file(path) else DEFAULT_SUFFIX
    colour = colour_puzzle_of_file(path, puzzle)
    if colour is not None:
        colours = len(colour.palette)
        drawing = colour.goal if colour.goal is not None and colour.goal_fits() else _solved(
            path, lambda task: solve_colour_clues(colour.rows, colour.columns, colours, colour.goal, task))

        def save_colour(target: Path, result: np.ndarray) -> None:
            fixed = ColourPuzzle.of_grid(result, colour.palette, colour.title, colour.metadata)
            if puzzle is not None:
                write_colour_puzzle_file(target, fixed)
            else:
                level, about = level_of_colour_puzzle(fixed)
                save_level(level, target, format_about(about).encode())

        return _Source(np.asarray(drawing, dtype=np.int64), colours, save_colour, kind_json(colour), suffix,
                       [f"colour {index}, {colour_name(rgb)}" for index, rgb in enumerate(colour.palette)])
    if puzzle is not None:
        drawing = puzzle.goal if puzzle.goal is not None and puzzle.goal_fits() else _solved(
            path, lambda task: solve_clues(puzzle.row_clues, puzzle.column_clues, puzzle.goal, task))
        return _Source(drawing, None, lambda target, result: write_puzzle_file(target, result, puzzle.title,
                                                                                puzzle.metadata), kind_json(None),
                       suffix)
    level = load_level(path)
    return _Source(level.solution, None, lambda target, result: save_level(Level(result, level.picture), target),
                   kind_json(None), suffix)


def _solved(path: Path, solve: Callable[[Task], ClueReport]) -> np.ndarray:
    """A drawing for a puzzle without a goal that fits its clues: the first solution of the
    clues (as File > Import Puzzle finds it); :class:`_NoDrawing` says why there is none."""
    report = solve(Task(time_limit=CLUE_SOLVE_SECONDS))
    if not report.solutions:
        raise _NoDrawing(f"{path}: no goal picture fits the clues, and solving them found no drawing to fix: "
                         f"{report.verdict.kind}: {report.describe()}")
    print(f"{path}: no goal picture fits the clues; fixing the {'first ' if len(report.solutions) > 1 else ''}"
          "solution of the clues", file=sys.stderr)
    return report.solutions[0]


def run_fix(path_text: str, max_edits: int | None = None, as_json: bool = False, write: bool = False,
            harder: bool = False, time_limit: float | None = PLAN_SECONDS, symmetry: str = "auto") -> int:
    path = Path(path_text)

    fail = partial(report_failure, as_json=as_json, path=path_text)
    if symmetry != "auto" and symmetry not in SYMMETRIES:
        return fail(f"--symmetry {symmetry!r}: one of auto, {', '.join(SYMMETRIES)}")
    try:
        source = _read(path)
    except (LevelError, _NoDrawing) as error:
        return fail(str(error))
    drawing = source.drawing
    if symmetry == "auto":
        symmetry = drawing_symmetry(drawing)
    try:
        if harder:
            report, result, success = _harder(drawing, symmetry, source.colours, source.names, time_limit)
        else:
            report, result, success = _fix(drawing, max_edits, time_limit, symmetry, source.colours, source.names)
    except (Cancelled, KeyboardInterrupt):
        print("cancelled", file=sys.stderr)
        return 130
    if write and result is not None and not success:
        report["lines"].append(f"not written: the result is {report['result']}, not line-solvable")
    if write and result is not None and success:
        try:
            target = fixed_path(path, source.suffix)
            source.save(target, result)
        except (LevelError, OSError, ValueError) as error:
            return fail(str(error))
        report["written"] = str(target)
    if as_json:
        print(json.dumps({"path": str(path), **source.kind, **{k: v for k, v in report.items() if k != "lines"}}))
    else:
        print("\n".join(f"{path}: {report['lines'][0]}" if i == 0 else line
                        for i, line in enumerate(report["lines"])))
        if "written" in report:
            print(f"written: {report['written']}")
    return 0 if success else 1


def _fix(drawing: np.ndarray, max_edits: int | None, time_limit: float | None, symmetry: str,
         colours: int | None, names: list[str]):
    effects = single_cell_effects(drawing, symmetry=symmetry, colours=colours)
    verdict, suggestions = effects.verdict, effects.suggestions
    change = "changes a cell to another colour or the background" if colours else "flips a cell"
    report = {"verdict": verdict.kind, "symmetry": symmetry, "suggestions": [s.to_json() for s in suggestions[:SHOWN]],
              "lines": [f"{verdict.kind}, {verdict.open_cells} cells open after line logic"
                        + (f"; symmetric ({symmetry}): each edit {change} with its mirror images"
                           if symmetry != "none" else "")]}
    if verdict.kind == Kind.LINE:
        report["lines"].append("already unique and line-solvable: nothing to fix")
        report["edits"] = []
        return report, None, True
    if suggestions:
        report["lines"].append("single-cell edits (row, column from 1):" if symmetry == "none"
                               else "symmetric edits (row, column from 1):")
        report["lines"] += [f"  {s.describe(names)}" for s in suggestions[:SHOWN]]
    if not effects.complete:
        report["lines"].append(f"  {effects.describe_search()}")
    plan = make_line_solvable(drawing, max_edits, symmetry=symmetry, seconds=time_limit, colours=colours)
    report.update(plan.to_json())
    report["lines"].append(f"make it line-solvable: {plan.describe()}: {plan.describe_edits()}")
    return report, edited(drawing, plan.edits) if plan.edits else None, plan.verdict.kind == Kind.LINE


def _harder(drawing: np.ndarray, symmetry: str, colours: int | None, names: list[str],
            time_limit: float | None):  # one edit: the gentlest step up
    task = Task(time_limit=time_limit)
    verdict = rules_of(drawing, colours).check(drawing, task)
    suggestions = make_harder(drawing, task, symmetry=symmetry, colours=colours, verdict=verdict)
    out_of_time = task.time_is_up()
    report = {"verdict": verdict.kind, "symmetry": symmetry, "suggestions": [s.to_json() for s in suggestions[:SHOWN]],
              "complete": not out_of_time,
              "lines": [f"{verdict.kind}; single edits that keep it unique but grade harder (gentlest first):"]}
    report["lines"] += [f"  {s.describe(names)}" for s in suggestions[:SHOWN]] or ["  none found"]
    if out_of_time:
        report["lines"].append(f"  the time limit ({time_limit:g} s) passed: the edits graded by then")
    best = suggestions[0] if suggestions else None
    report["edits"] = cells_to_json(best.cells) if best else []
    if best is not None and best.colour:
        report["colours"] = [int(best.edit.value)] * len(best.cells)
    return report, edited(drawing, [best.edit]) if best else None, best is not None
