"""``nonogram-editor fix LEVEL [--max-edits N] [--json] [--write] [--harder]``.

For a MULT or BRANCH level: the best single-cell edits and their effect, then a small set
of edits that makes it line-solvable (``make_line_solvable``) and the verdict it reaches.
With ``--harder``, for a unique level: single edits that keep it unique but grade harder.
A puzzle file without a goal picture that fits its clues (``.g`` and ``.nin`` never have one)
is solved from its clues first, and the first solution is fixed.
``--write`` saves the fixed level beside the original (``NAME-fixed.level`` and its
``.pbm``/``.ppm``, or ``NAME-fixed.non``, ``.xml``, ``.g`` or ``.nin``: the format it was
read in; ``-fixed-2`` and so on if that exists), never over it. Exit status: 0 when the
result is what was asked for (LINE; with ``--harder`` a harder unique level), 1 when not,
2 when the level could not be read or written.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from editor.level import Level, LevelError, load_level, save_level
from editor.level.puzzle_formats import is_puzzle_file, read_puzzle_file, write_puzzle_file
from editor.nonogram.fix import flipped, make_harder, make_line_solvable, single_cell_effects
from editor.nonogram.clue_solve import solve_clues
from editor.nonogram.verdict import LINE, cells_to_json, check_drawing
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


def run_fix(path_text: str, max_edits: int = 20, as_json: bool = False, write: bool = False,
            harder: bool = False) -> int:
    path = Path(path_text)
    try:
        if is_puzzle_file(path):
            puzzle = read_puzzle_file(path)
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
    try:
        report, result, success = (_harder if harder else _fix)(drawing, max_edits)
    except (Cancelled, KeyboardInterrupt):
        print("cancelled", file=sys.stderr)
        return 130
    if write and result is not None:
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


def _fix(drawing: np.ndarray, max_edits: int):
    verdict, suggestions = single_cell_effects(drawing)
    report = {"verdict": verdict.kind, "suggestions": [s.to_json() for s in suggestions[:SHOWN]],
              "lines": [f"{verdict.kind}, {verdict.open_cells} cells open after line logic"]}
    if verdict.kind == LINE:
        report["lines"].append("already unique and line-solvable: nothing to fix")
        report["edits"] = []
        return report, None, True
    if suggestions:
        report["lines"].append("single-cell edits (row, column from 1):")
        report["lines"] += [f"  {s.describe()}" for s in suggestions[:SHOWN]]
    plan = make_line_solvable(drawing, max_edits)
    report.update(plan.to_json())
    edits = " ".join(f"({r + 1},{c + 1})" for r, c in plan.cells) or "none"
    report["lines"].append(f"make it line-solvable: {len(plan.cells)} edits {edits} -> {plan.verdict.kind}"
                           + (f", grade {plan.grade}" if plan.grade else ""))
    return report, flipped(drawing, plan.cells) if plan.cells else None, plan.verdict.kind == LINE


def _harder(drawing: np.ndarray, _max_edits: int):  # one edit: the hardest single one
    verdict = check_drawing(drawing)
    suggestions = make_harder(drawing)
    report = {"verdict": verdict.kind, "suggestions": [s.to_json() for s in suggestions[:SHOWN]],
              "lines": [f"{verdict.kind}; single edits that keep it unique but grade harder:"]}
    report["lines"] += [f"  {s.describe()}" for s in suggestions[:SHOWN]] or ["  none found"]
    best = suggestions[0] if suggestions else None
    report["edits"] = cells_to_json(best.cells) if best else []
    return report, flipped(drawing, best.cells) if best else None, best is not None
