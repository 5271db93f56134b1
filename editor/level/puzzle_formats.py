"""The puzzle exchange formats, one table keyed by file suffix (Qt-free).

``.non`` (Steve Simpson's), ``.xml`` (webpbn's), ``.g`` (Olsak's) and ``.nin`` (Wilk's). Each
reads into a :class:`~editor.level.non_format.NonPuzzle` (clues; a goal picture, title and
metadata where the format has them) and writes a drawing's clues (with its goal and metadata
where the format has room for them). Errors are :class:`~editor.level.non_format.NonFormatError`
(a LevelError naming the file and the fault).

    puzzle = read_puzzle_file("cat.xml")
    write_puzzle_file("cat.g", solution, title="Cat")
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from editor.level.clue_formats import read_g, read_nin, write_g, write_nin
from editor.level.non_format import NonPuzzle, read_non, write_non
from editor.level.webpbn_format import read_webpbn, write_webpbn


@dataclass(frozen=True)
class PuzzleFormat:
    name: str                                      # as a file dialog shows it
    suffix: str
    read: Callable[[str | os.PathLike], NonPuzzle]
    write: Callable[..., None]                     # (path, solution, title="", metadata=None)
    has_goal: bool                                 # False: clues only

    @property
    def name_filter(self) -> str:
        return f"{self.name} (*{self.suffix})"


PUZZLE_FORMATS: dict[str, PuzzleFormat] = {format.suffix: format for format in (
    PuzzleFormat("Nonogram puzzles", ".non", read_non, write_non, True),
    PuzzleFormat("webpbn XML puzzles", ".xml", read_webpbn, write_webpbn, True),
    PuzzleFormat("Olsak .g puzzles", ".g", read_g, write_g, False),
    PuzzleFormat("Wilk .nin puzzles", ".nin", read_nin, write_nin, False),
)}
PUZZLE_SUFFIXES = tuple(PUZZLE_FORMATS)
DEFAULT_SUFFIX = ".non"


def puzzle_format(path: str | os.PathLike) -> PuzzleFormat | None:
    """The format of a puzzle file by its suffix (None: not a puzzle file)."""
    return PUZZLE_FORMATS.get(Path(path).suffix.lower())


def is_puzzle_file(path: str | os.PathLike) -> bool:
    return puzzle_format(path) is not None


def read_puzzle_file(path: str | os.PathLike) -> NonPuzzle:
    """Read a puzzle file in the format its suffix names (ValueError for another suffix)."""
    format = puzzle_format(path)
    if format is None:
        raise ValueError(f"{path}: not a puzzle file ({', '.join(PUZZLE_SUFFIXES)})")
    return format.read(path)


def write_puzzle_file(path: str | os.PathLike, solution: np.ndarray, title: str = "",
                      metadata: dict[str, str] | None = None) -> None:
    """Export a drawing in the format its suffix names (``.non`` for any other suffix)."""
    format = puzzle_format(path) or PUZZLE_FORMATS[DEFAULT_SUFFIX]
    format.write(path, solution, title, metadata)
