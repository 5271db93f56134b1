"""Level files for the editor: reading a puzzle to edit (solving its clues when it has no goal
that fits them), writing a level or exporting it as a puzzle, and the words for a failure.

No Qt here; :class:`~nonogram_editor.core.editor.Editor` opens and saves through these, and the
command line uses them directly.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from nonogram_editor.infra.tasks import Task
from nonogram_editor.level.colour import (
    COLOUR,
    ColourPuzzle,
    about_of_colour_puzzle,
    colour_puzzle_of_level,
    colour_solution,
    level_background,
    level_kind,
    level_of_colour_puzzle,
)
from nonogram_editor.level.metadata import about_of_non, format_about, non_metadata
from nonogram_editor.level.model import Level, save_level

if TYPE_CHECKING:
    from nonogram_editor.nonogram.clue_solve import ClueReport


def describe_failure(error: BaseException, path: Path | None = None) -> str:
    """A file operation's failure as the user reads it, naming the file (a LevelError already does)."""
    text = str(error)
    if path is not None and str(path) not in text:
        text = f"{path}: {text}"
    if isinstance(error, ImportError):
        text = f"{path}: this feature is not available in this installation ({error})"
    return text


def level_from_non(puzzle, path: Path) -> Level:
    """The level of an imported .non puzzle (its goal picture; filled cells black)."""
    if puzzle.goal is None:
        raise ValueError(f"{path}: the puzzle has clues but no goal picture, so there is no solution grid to edit")
    solution = np.asarray(puzzle.goal, dtype=bool)
    picture = np.where(solution[:, :, None], np.uint8(0), np.uint8(255)).repeat(3, axis=2)
    return Level(solution, picture, path=Path(path).with_suffix(".level"))


CLUE_SOLVE_SECONDS = 60  # solving an imported puzzle's clues gives up (UNDECIDED) after this


@dataclass
class ImportedPuzzle:
    """A ``.non`` puzzle made ready to edit. ``level`` holds its goal picture or, when it has
    no goal that fits its clues, the solution the clues give (the first of two for MULT);
    it is None when the clues have no solution (or none was found in time). ``report``
    says what solving the clues found (None: the goal fits and decides). ``choices`` names
    the puzzles of a file holding several when :func:`read_puzzle` was asked to let the user
    choose (``level`` is None then)."""

    level: Level | None
    about: dict[str, str]
    report: ClueReport | None = None
    choices: list[str] = field(default_factory=list)  # the file's puzzles, when it holds several and none was chosen


class UnsolvableClues(ValueError):
    """An imported puzzle whose clues give no level to edit; ``report`` says why (the lines)."""

    def __init__(self, path, report: ClueReport):
        super().__init__(f"{path}: {report.verdict.kind}: {report.describe()}")
        self.report = report


def read_puzzle(path: str | os.PathLike, task: Task | None = None, index: int | None = 0,
                puzzles: list | None = None) -> ImportedPuzzle:
    """Read a puzzle file (``.non``, ``.nonpack``, ``.xml``, ``.g``, ``.nin``) and, without a goal
    that fits its clues, solve the clues (:func:`nonogram_editor.nonogram.clue_solve.solve_clues`, within
    ``task``; by default within ``CLUE_SOLVE_SECONDS``). ``index``: which puzzle of a file
    holding several, from 0; None: when it holds several, none is read and ``choices`` names
    them. ``puzzles``: the file's, already read (e.g. from standard input). A colour puzzle
    with a goal that fits opens as a colour level; one without is solved from its colour
    clues. LevelError names the file and the fault when it cannot be read."""
    from nonogram_editor.level.puzzle_formats import read_puzzles  # optional at import time
    from nonogram_editor.nonogram.clue_solve import solve_clues, solve_colour_clues

    path = Path(path)
    puzzles = puzzles if puzzles is not None else read_puzzles(path)
    if index is None and len(puzzles) > 1:
        choices = [f"{number}. {puzzle.title or 'untitled'} ({puzzle.width}x{puzzle.height}"
                   f"{', colour' if isinstance(puzzle, ColourPuzzle) else ''})"
                   for number, puzzle in enumerate(puzzles, 1)]
        return ImportedPuzzle(None, {}, choices=choices)
    index = index or 0
    if not 0 <= index < len(puzzles):
        raise ValueError(f"{path}: holds {len(puzzles)} puzzles; there is no puzzle {index + 1}")
    puzzle = puzzles[index]
    # where Save writes the level: beside the file, named after it (and the puzzle's number in a set)
    named = path.with_name(f"{path.stem}-{index + 1}{path.suffix}") if index else path
    if isinstance(puzzle, ColourPuzzle):
        report = None
        if not puzzle.goal_fits():
            report = solve_colour_clues(puzzle.rows, puzzle.columns, len(puzzle.palette), puzzle.goal,
                                        task or Task(time_limit=CLUE_SOLVE_SECONDS))
            if not report.solutions:
                return ImportedPuzzle(None, about_of_colour_puzzle(puzzle), report)
            puzzle = ColourPuzzle(puzzle.rows, puzzle.columns, puzzle.palette, report.solutions[0], puzzle.title,
                                  puzzle.metadata)
        level, about = level_of_colour_puzzle(puzzle)
        level.path = named.with_suffix(".level")
        return ImportedPuzzle(level, about, report)
    about = about_of_non(puzzle)
    if puzzle.goal is not None and puzzle.goal_fits():
        return ImportedPuzzle(level_from_non(puzzle, named), about)
    report = solve_clues(puzzle.row_clues, puzzle.column_clues, puzzle.goal,
                         task or Task(time_limit=CLUE_SOLVE_SECONDS))
    if not report.solutions:
        return ImportedPuzzle(None, about, report)
    return ImportedPuzzle(level_from_non(replace(puzzle, goal=report.solutions[0]), named), about, report)


def write_level(level: Level, about: dict[str, str], path: str | os.PathLike) -> None:
    """Save the trio and the level info beside it as one (LevelError names the file that failed).
    A colour level's ``.pbm`` is written as its picture's "not background", whatever the solution grid holds."""
    if level_kind(about) == COLOUR:
        level = replace(level, solution=colour_solution(level.picture, level_background(about)))
    save_level(level, path, format_about(about).encode("utf-8"))


def write_puzzle(path: str | os.PathLike, solution: np.ndarray, about: dict[str, str],
                 level: Path | None = None, picture: np.ndarray | None = None) -> None:
    """Export ``solution`` as a puzzle file in the format ``path``'s suffix names (``.non``
    for another) with the level info (the title defaults to the level's file name, else the
    export's). A colour level (its ``about`` says so) exports its ``picture`` as a colour puzzle."""
    from nonogram_editor.level.puzzle_formats import write_colour_puzzle_file, write_puzzle_file

    title, metadata = non_metadata(about)
    title = title or Path(level or path).stem
    if picture is not None and level_kind(about) == COLOUR:
        puzzle = colour_puzzle_of_level(Level(solution, picture), about)
        puzzle.title = title
        write_colour_puzzle_file(path, puzzle)
        return
    write_puzzle_file(path, solution, title=title, metadata=metadata)


def level_path(path: Path) -> Path:
    path = Path(path)
    return path if path.suffix == ".level" else path.with_name(path.name + ".level")
