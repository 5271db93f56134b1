"""``nonogram-editor fix LEVEL [--max-edits N] [--time-limit S] [--symmetry MODE] [--json] [--write] [--harder]``.

For a MULT or BRANCH level: the best single-cell edits and their effect, then edits that
make it line-solvable (``make_line_solvable``, until LINE, ``--max-edits`` or the time
limit) and the verdict reached. With ``--harder``, for a unique level: single edits that
keep it unique but grade harder, the gentlest step up first (``--write`` takes that one). A
symmetric drawing (or ``--symmetry MODE``) gets symmetric edits: a cell with its mirror
images, one edit. A puzzle file without a goal picture that fits its clues (``.g`` and
``.nin`` never have one) is solved from its clues first, and the first solution is fixed.
``--write`` saves the fixed level beside the original (``NAME-fixed.level`` and its
``.pbm``/``.ppm``, or ``NAME-fixed.non``, ``.xml``, ``.g`` or ``.nin``: the format it was
read in; ``-fixed-2`` and so on if that exists), never over it, and only when the result
is what was asked for. Exit status: 0 when the result is what was asked for (LINE; with
``--harder`` a harder unique level), 1 when not (nothing written), 2 when the level could
not be read or written, is a colour puzzle (not fixed yet) or an option is wrong.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from editor.level import Level, LevelError, load_level, save_level
from editor.core.shapes import SYMMETRIES
from editor.level.puzzle_formats import is_puzzle_file, read_puzzle_file, write_puzzle_file
from editor.nonogram.clue_solve import solve_clues
from editor.nonogram.colour.files import colour_puzzle_of_file
from editor.nonogram.fix import PLAN_SECONDS, drawing_symmetry, flipped, make_harder, make_line_solvable, single_cell_effects
from editor.nonogram.verdict import Kind, cells_to_json, check_drawing
from editor.tasks import Cancelled, Task

CLUE_SOLVE_SECONDS = 60  # solving a clue-only puzzle gives up after this, as the core's read_puzzle does

SHOWN = 5  # single-cell suggestions printed


def fixed_path(path: Path) -> Path:
    """A free name beside ``path``: ``NAME-fixed.SUFFIX``, else ``NAME-fixed-2.SUFFIX``, ..."""
    suffix = path.suffix.lower() if is_puzzle_file(path) else ".level"
    stem = path.stem
    for number in range(1, 1000):
        candidate = path.with_name(f"{stem}-fixed{'' if number == 1 else f'-{number}'}{suffix}")
        if not any(candidate.with_suffix(ext).exists() for ext in (suffix, ".pbm", ".ppm")):
            return candidate
    raise FileExistsError(f"{path}: no free name for the fixed level beside it")


def _save(path: Path, drawing: np.ndarray, level: Level | None, extra: dict) -> Path:
    target = fixed_path(path)
    if level is None:
        write_puzzle_file(target, drawing, extra.get("title", ""), extra.get("metadata"))
    else:
        save_level(Level(drawing, level.picture), target)
    return target


def _solved(puzzle, path: Path) -> np.ndarray | None:
    """A drawing for a puzzle without a goal that fits its clues: the first solution of the
    clues (as File > Import Puzzle finds it), or None after saying why there is none."""
    report = solve_clues(puzzle.row_clues, puzzle.column_clues, puzzle.goal, Task(time_limit=CLUE_SOLVE_SECONDS))
    if not report.solutions:
        print(f"error: {path}: no goal picture fits the clues, and solving them found no drawing to fix: "
              f"{report.verdict.kind}: {report.describe()}", file=sys.stderr)
        return None
    print(f"{path}: no goal picture fits the clues; fixing the {'first ' if len(report.solutions) > 1 else ''}"
          "solution of the clues", file=sys.stderr)
    return report.solutions[0]


def run_fix(path_text: str, max_edits: int | None = None, as_json: bool = False, write: bool = False,
            harder: bool = False, time_limit: float | None = PLAN_SECONDS, symmetry: str = "auto") -> int:
    path = Path(path_text)
    if symmetry != "auto" and symmetry not in SYMMETRIES:
        print(f"error: --symmetry {symmetry!r}: one of auto, {', '.join(SYMMETRIES)}", file=sys.stderr)
        return 2
    try:
        puzzle = read_puzzle_file(path) if is_puzzle_file(path) else None
        if colour_puzzle_of_file(path, puzzle) is not None:
            print(f"error: {path}: a colour puzzle: fix handles two-colour levels only so far "
                  "(nonogram-editor check gives its verdict)", file=sys.stderr)
            return 2
        if puzzle is not None:
            drawing = puzzle.goal if puzzle.goal is not None and puzzle.goal_fits() else _solved(puzzle, path)
            if drawing is None:
                return 2
            level, extra = None, {"title": puzzle.title, "metadata": puzzle.metadata}
        else:
            level = load_level(path)
            drawing, extra = level.solution, {}
    except LevelError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if symmetry == "auto":
        symmetry = drawing_symmetry(drawing)
    try:
        if harder:
            report, result, success = _harder(drawing, symmetry)
        else:
            report, result, success = _fix(drawing, max_edits, time_limit, symmetry)
    except (Cancelled, KeyboardInterrupt):
        print("cancelled", file=sys.stderr)
        return 130
    if write and result is not None and not success:
        report["lines"].append(f"not written: the result is {report['result']}, not line-solvable")
    if write and result is not None and success:
        try:
            report["written"] = str(_save(path, result, level, extra))
        except (LevelError, OSError) as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
    if as_json:
        print(json.dumps({"path": str(path), **{k: v for k, v in report.items() if k != "lines"}}))
    else:
        print("\n".join(f"{path}: {report['lines'][0]}" if i == 0 else line
                        for i, line in enumerate(report["lines"])))
        if "written" in report:
            print(f"written: {report['written']}")
    return 0 if success else 1


def _fix(drawing: np.ndarray, max_edits: int | None, time_limit: float | None, symmetry: str):
    effects = single_cell_effects(drawing, symmetry=symmetry)
    verdict, suggestions = effects.verdict, effects.suggestions
    report = {"verdict": verdict.kind, "symmetry": symmetry, "suggestions": [s.to_json() for s in suggestions[:SHOWN]],
              "lines": [f"{verdict.kind}, {verdict.open_cells} cells open after line logic"
                        + (f"; symmetric ({symmetry}): each edit flips a cell with its mirror images"
                           if symmetry != "none" else "")]}
    if verdict.kind == Kind.LINE:
        report["lines"].append("already unique and line-solvable: nothing to fix")
        report["edits"] = []
        return report, None, True
    if suggestions:
        report["lines"].append("single-cell edits (row, column from 1):" if symmetry == "none"
                               else "symmetric edits (row, column from 1):")
        report["lines"] += [f"  {s.describe()}" for s in suggestions[:SHOWN]]
    if not effects.complete:
        report["lines"].append(f"  {effects.describe_search()}")
    plan = make_line_solvable(drawing, max_edits, symmetry=symmetry, seconds=time_limit)
    report.update(plan.to_json())
    edits = " ".join("+".join(f"({r + 1},{c + 1})" for r, c in edit) for edit in plan.edits) or "none"
    report["lines"].append(f"make it line-solvable: {plan.describe()}: {edits}")
    return report, flipped(drawing, plan.cells) if plan.cells else None, plan.verdict.kind == Kind.LINE


def _harder(drawing: np.ndarray, symmetry: str):  # one edit: the gentlest step up
    verdict = check_drawing(drawing)
    suggestions = make_harder(drawing, symmetry=symmetry)
    report = {"verdict": verdict.kind, "symmetry": symmetry, "suggestions": [s.to_json() for s in suggestions[:SHOWN]],
              "lines": [f"{verdict.kind}; single edits that keep it unique but grade harder (gentlest first):"]}
    report["lines"] += [f"  {s.describe()}" for s in suggestions[:SHOWN]] or ["  none found"]
    best = suggestions[0] if suggestions else None
    report["edits"] = cells_to_json(best.cells) if best else []
    return report, flipped(drawing, best.cells) if best else None, best is not None
