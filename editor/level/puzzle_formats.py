"""The puzzle exchange formats, one table keyed by file suffix (Qt-free).

``.non`` (Steve Simpson's, with nonogram-db's colour extension), ``.nonpack`` (nonogram-db's
bundle of ``.non`` puzzles), ``.xml`` (webpbn's), ``.g`` (Olsak's) and ``.nin`` (Wilk's). Each
reads into a :class:`~nonogram_editor.level.non_format.NonPuzzle` (two colours) or a
:class:`~nonogram_editor.level.colour.ColourPuzzle` (clues; a goal picture, title and metadata where the
format has them), and writes a drawing's clues, or a colour puzzle's (with its goal and metadata
where the format has room for them). A file may hold several puzzles (a webpbn ``<puzzleset>``,
a ``.nonpack``): :func:`read_puzzle_file` reads the first, :func:`read_puzzles` all. Errors are
:class:`~nonogram_editor.level.non_format.NonFormatError` (a LevelError naming the file and the fault).

    puzzle = read_puzzle_file("cat.xml")
    write_puzzle_file("cat.g", solution, title="Cat")
    write_colour_puzzle_file("parrot.non", colour_puzzle)
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from nonogram_editor.level.clue_formats import read_g, read_nin, write_colour_g, write_g, write_nin
from nonogram_editor.level.colour import ColourPuzzle
from nonogram_editor.level.non_format import NonPuzzle, read_non, read_nonpack, write_colour_non, write_non
from nonogram_editor.level.webpbn_format import read_webpbn, read_webpbn_set, write_colour_webpbn, write_webpbn

Puzzle = NonPuzzle | ColourPuzzle


@dataclass(frozen=True)
class PuzzleFormat:
    name: str                                      # as a file dialog shows it
    suffix: str
    read: Callable[[str | os.PathLike], Puzzle]    # the file's first puzzle
    write: Callable[..., None]                     # (path, solution, title="", metadata=None)
    has_goal: bool                                 # False: clues only
    read_all: Callable[[str | os.PathLike], list[Puzzle]] | None = None  # None: one puzzle a file
    write_colour: Callable[[str | os.PathLike, ColourPuzzle], None] | None = None  # None: two colours only

    @property
    def name_filter(self) -> str:
        return f"{self.name} (*{self.suffix})"


PUZZLE_FORMATS: dict[str, PuzzleFormat] = {format.suffix: format for format in (
    PuzzleFormat("Nonogram puzzles", ".non", read_non, write_non, True, write_colour=write_colour_non),
    PuzzleFormat("Nonogram bundles", ".nonpack", lambda path: read_nonpack(path)[0], write_non, True,
                 read_nonpack, write_colour_non),
    PuzzleFormat("webpbn XML puzzles", ".xml", read_webpbn, write_webpbn, True, read_webpbn_set,
                 write_colour_webpbn),
    PuzzleFormat("Olsak .g puzzles", ".g", read_g, write_g, False, write_colour=write_colour_g),
    PuzzleFormat("Wilk .nin puzzles", ".nin", read_nin, write_nin, False),
)}
PUZZLE_SUFFIXES = tuple(PUZZLE_FORMATS)
DEFAULT_SUFFIX = ".non"


def puzzle_format(path: str | os.PathLike) -> PuzzleFormat | None:
    """The format of a puzzle file by its suffix (None: not a puzzle file)."""
    return PUZZLE_FORMATS.get(Path(path).suffix.lower())


def is_puzzle_file(path: str | os.PathLike) -> bool:
    return puzzle_format(path) is not None


def _format_of(path: str | os.PathLike) -> PuzzleFormat:
    format = puzzle_format(path)
    if format is None:
        raise ValueError(f"{path}: not a puzzle file ({', '.join(PUZZLE_SUFFIXES)})")
    return format


def read_puzzle_file(path: str | os.PathLike) -> Puzzle:
    """Read (the first puzzle of) a puzzle file in the format its suffix names (ValueError for
    another suffix)."""
    return _format_of(path).read(path)


def read_puzzles(path: str | os.PathLike) -> list[Puzzle]:
    """Every puzzle of a puzzle file, in order (one for most files)."""
    format = _format_of(path)
    return format.read_all(path) if format.read_all else [format.read(path)]


def write_puzzle_file(path: str | os.PathLike, solution: np.ndarray, title: str = "",
                      metadata: dict[str, str] | None = None) -> None:
    """Export a drawing in the format its suffix names (``.non`` for any other suffix)."""
    format = puzzle_format(path) or PUZZLE_FORMATS[DEFAULT_SUFFIX]
    format.write(path, solution, title, metadata)


def write_colour_puzzle_file(path: str | os.PathLike, puzzle: ColourPuzzle) -> None:
    """Export a colour puzzle in the format its suffix names (``.non`` for any other suffix);
    ValueError if that format holds two-colour puzzles only, or fewer colours than the puzzle has."""
    format = puzzle_format(path) or PUZZLE_FORMATS[DEFAULT_SUFFIX]
    if format.write_colour is None:
        raise ValueError(f"{path}: {format.name} hold two-colour puzzles only; export a colour puzzle as "
                         + ", ".join(f.suffix for f in PUZZLE_FORMATS.values() if f.write_colour))
    format.write_colour(path, puzzle)


def checked_goal(puzzle: Puzzle, path: str | os.PathLike) -> tuple[np.ndarray | None, list[str]]:
    """The goal to check ``puzzle`` (of either kind) with, and warnings: its goal when it has one
    that fits its clues; else None, and when its goal does not fit, a warning naming ``path``
    (the clues alone are checked)."""
    if puzzle.goal is None or puzzle.goal_fits():
        return puzzle.goal, []
    return None, [f"{Path(path)}: the goal picture does not fit the clues; checking the clues alone"]
