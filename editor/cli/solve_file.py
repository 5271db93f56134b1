"""``nonogram-editor solve FILE [--format FORMAT] [--index N] [--output LEVEL] [--json] [--memory-limit MB]``: a
nonogram's solution.

FILE is a level or a puzzle file (``.non``, ``.nonpack``, webpbn ``.xml``, Olsak ``.g``, Wilk
``.nin``; another suffix: its content shows the format), or ``-`` for standard input. The
clues alone are solved (a goal picture in the file is not looked at) by the engine that checks
levels (:func:`nonogram_editor.nonogram.clue_solve.solve_clues`; a colour puzzle's colour
clues by :func:`~nonogram_editor.nonogram.clue_solve.solve_colour_clues`). The solution is
printed as rows of ``#`` (filled) and ``.`` (empty); a colour puzzle's as a letter per colour
(``.`` the background) after a legend. ``--output x.level`` writes it as a level (with the
puzzle's title and metadata, as File > Import Puzzle makes it). ``--json``: one JSON object,
the fields of ``check --json`` and ``puzzle``, ``found``, ``unique`` (and ``written``).
Exit status: 0 a unique solution; 1 none, or more than one (the first is printed; ``--json``
has another as ``alternative``); 2 a file that cannot be read or written.
"""
from __future__ import annotations

import json
import string
import sys
from dataclasses import replace
from functools import partial

import numpy as np

from nonogram_editor.cli.io import STDIO, puzzles_of, report_failure
from nonogram_editor.infra.tasks import Cancelled, Task
from nonogram_editor.level import LevelError, load_level
from nonogram_editor.level.clues import clues as clues_of_grid
from nonogram_editor.level.colour import COLOUR, ColourPuzzle, colour_puzzle_of_level, hex_colour, level_kind
from nonogram_editor.level.metadata import read_about
from nonogram_editor.nonogram.clue_solve import ClueReport, solve_clues, solve_colour_clues
from nonogram_editor.nonogram.colour.files import kind_json
from nonogram_editor.nonogram.verdict import Kind

LETTERS = string.ascii_lowercase + string.ascii_uppercase  # a colour puzzle's colours in the text output


def run_solve_file(path_text: str, format_name: str | None = None, index: int | None = None,
                   output: str | None = None, as_json: bool = False) -> int:
    fail = partial(report_failure, as_json=as_json, puzzle=path_text)
    try:
        puzzles = puzzles_of(path_text, format_name)
        if puzzles is None:  # a level: its drawing's clues
            level, about = load_level(path_text), read_about(path_text)
            puzzles = [colour_puzzle_of_level(level, about) if level_kind(about) == COLOUR
                       else _two_colour(level.solution, about)]
    except (LevelError, ValueError) as error:
        return fail(str(error))
    if index is not None and not 1 <= index <= len(puzzles):
        return fail(f"{path_text}: --index {index}: it holds {len(puzzles)} puzzle{'s' * (len(puzzles) > 1)}")
    if index is None and len(puzzles) > 1:
        return fail(f"{path_text}: it holds {len(puzzles)} puzzles; choose one with --index N (1 to {len(puzzles)})")
    number = (index or 1) - 1
    puzzle = puzzles[number]
    colour = puzzle if isinstance(puzzle, ColourPuzzle) else None
    try:
        report = (solve_colour_clues(colour.rows, colour.columns, len(colour.palette), None, Task()) if colour
                  else solve_clues(puzzle.row_clues, puzzle.column_clues, None, Task()))
    except (Cancelled, KeyboardInterrupt):
        print("cancelled", file=sys.stderr)
        return 130
    found = bool(report.solutions)
    record = {"puzzle": path_text, **({"index": index} if index else {}), **kind_json(colour),
              **report.verdict.to_json(), "found": found, "unique": report.verdict.kind in (Kind.LINE, Kind.BRANCH)}
    if found and output:
        try:
            record["written"] = _write_level(path_text, puzzles, number, report.solutions[0], output)
        except (LevelError, OSError, ValueError) as error:
            return fail(str(error) if output in str(error) else f"{output}: {error}")
    if as_json:
        print(json.dumps(record))
    else:
        _print(path_text, puzzle, colour, report)
        if "written" in record:
            print(f"written: {record['written']}")
    return 0 if record["unique"] else 1


def _two_colour(solution: np.ndarray, about: dict[str, str]):
    from nonogram_editor.level.non_format import NonPuzzle

    rows, columns = clues_of_grid(solution)
    return NonPuzzle(solution.shape[1], solution.shape[0], rows, columns, solution, about.get("title", ""))


def _print(path_text: str, puzzle, colour: ColourPuzzle | None, report: ClueReport) -> None:
    verdict = report.verdict
    print(f"{path_text}: {verdict.kind} {puzzle.width}x{puzzle.height}"
          + (f" {len(colour.palette)} colours" if colour else "") + f" in {verdict.seconds:.3f} s: "
          + report.describe())
    if not report.solutions:
        return
    if colour is not None:
        print("\n".join(f"  {letter} {hex_colour(rgb)}" for letter, rgb in zip("." + LETTERS, colour.palette)))
        characters = np.array(list("." + LETTERS[:len(colour.palette) - 1]))
    else:
        characters = np.array([".", "#"])
    print("\n".join("".join(characters[np.asarray(row, dtype=np.int64)]) for row in report.solutions[0]))


def _write_level(path_text: str, puzzles: list, number: int, solution: np.ndarray, output: str) -> str:
    """Write ``solution`` of puzzle ``number`` as a level, as File > Import Puzzle makes one; its path."""
    from nonogram_editor.core import read_puzzle
    from nonogram_editor.core.level_files import level_path, write_level

    solved = list(puzzles)
    solved[number] = replace(puzzles[number], goal=np.asarray(solution))
    imported = read_puzzle(STDIO if path_text == STDIO else path_text, None, number, solved)
    target = level_path(output)
    write_level(imported.level, imported.about, target)
    return str(target)
