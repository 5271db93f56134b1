"""The puzzle exchange formats, one table keyed by file suffix (Qt-free).

``.non`` (Steve Simpson's, with nonogram-db's colour extension), ``.nonpack`` (nonogram-db's
bundle of ``.non`` puzzles), ``.xml`` (webpbn's), ``.g`` (Olsak's) and ``.nin`` (Wilk's). Each
reads into a :class:`~nonogram_editor.level.non_format.NonPuzzle` (two colours) or a
:class:`~nonogram_editor.level.colour.ColourPuzzle` (clues; a goal picture, title and metadata where the
format has them), and writes a drawing's clues, or a colour puzzle's (with its goal and metadata
where the format has room for them). A file may hold several puzzles (a webpbn ``<puzzleset>``,
a ``.nonpack``): :func:`read_puzzle_file` reads the first, :func:`read_puzzles` all. Errors are
:class:`~nonogram_editor.level.non_format.NonFormatError` (a LevelError naming the file and the fault).

The format of a file is read from its content (:func:`sniff_format`) when its suffix names none
or another one (a webpbn XML file named ``.pbn``, a ``.non`` named ``.txt``); :func:`parse_puzzles`
reads bytes from anywhere (standard input) in a format named or sniffed.

    puzzle = read_puzzle_file("cat.xml")
    write_puzzle_file("cat.g", solution, title="Cat")
    write_colour_puzzle_file("parrot.non", colour_puzzle)
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from nonogram_editor.infra.lazy import numpy as np
from nonogram_editor.level.bit_rows import BitRows, given
from nonogram_editor.level.clue_formats import parse_g, parse_nin, write_colour_g, write_g, write_nin
from nonogram_editor.level.colour import ColourPuzzle
from nonogram_editor.level.non_format import (
    FILE_LIMIT,
    NonErrorKind,
    NonFormatError,
    NonPuzzle,
    decoded,
    parse_non,
    parse_nonpack,
    read_puzzle_data,
    write_colour_non,
    write_non,
    write_nonpack,
)
from nonogram_editor.level.webpbn_format import parse_webpbn_set, write_colour_webpbn, write_webpbn, write_webpbn_set

Puzzle = NonPuzzle | ColourPuzzle


@dataclass(frozen=True)
class PuzzleFormat:
    name: str                                      # as a file dialog shows it
    suffix: str
    parse: Callable[[bytes, Path], list[Puzzle]]   # every puzzle of a file's bytes (the path names it in errors)
    write: Callable[..., None]                     # (path, solution, title="", metadata=None)
    write_colour: Callable[[str | os.PathLike, ColourPuzzle], None] | None = None  # None: two colours only
    write_all: Callable[[str | os.PathLike, list[Puzzle]], None] | None = None  # None: writes one puzzle a file
    bundle: bool = False  # a file may hold several puzzles (else one: a level of its own)

    @property
    def name_filter(self) -> str:
        return f"{self.name} (*{self.suffix})"


PUZZLE_FORMATS: dict[str, PuzzleFormat] = {format.suffix: format for format in (
    PuzzleFormat("Nonogram puzzles", ".non", lambda data, path: [parse_non(decoded(data), path)], write_non,
                 write_colour_non),
    PuzzleFormat("Nonogram bundles", ".nonpack", lambda data, path: parse_nonpack(decoded(data), path), write_non,
                 write_colour_non, write_nonpack, bundle=True),
    PuzzleFormat("webpbn XML puzzles", ".xml", parse_webpbn_set, write_webpbn, write_colour_webpbn, write_webpbn_set,
                 bundle=True),
    PuzzleFormat("Olsak .g puzzles", ".g", lambda data, path: [parse_g(decoded(data), path)], write_g, write_colour_g),
    PuzzleFormat("Wilk .nin puzzles", ".nin", lambda data, path: [parse_nin(decoded(data), path)], write_nin),
)}
PUZZLE_SUFFIXES = tuple(PUZZLE_FORMATS)
DEFAULT_SUFFIX = ".non"


def puzzle_format(path: str | os.PathLike) -> PuzzleFormat | None:
    """The format of a puzzle file by its suffix (None: not a puzzle file)."""
    return PUZZLE_FORMATS.get(Path(path).suffix.lower())


def is_puzzle_file(path: str | os.PathLike) -> bool:
    return puzzle_format(path) is not None


def read_puzzle_file(path: str | os.PathLike) -> Puzzle:
    """Read (the first puzzle of) a puzzle file (:func:`read_puzzles`)."""
    return read_puzzles(path)[0]


def read_puzzles(path: str | os.PathLike, format: PuzzleFormat | None = None) -> list[Puzzle]:
    """Every puzzle of a puzzle file, in order (one for most files), in ``format``, else in the
    format its content shows (:func:`sniff_format`), else in the one its suffix names
    (NonFormatError when none does)."""
    path = Path(path)
    return parse_puzzles(read_puzzle_data(path, "a puzzle file"), path, format)


def parse_puzzles(data: bytes, path: str | os.PathLike = "-", format: PuzzleFormat | None = None) -> list[Puzzle]:
    """Every puzzle of the bytes of a puzzle file (``path`` names it in errors; ``format`` as
    :func:`read_puzzles` chooses it)."""
    path = Path(path)
    format = format or _content_format(data, path)
    return format.parse(data, path)


def _content_format(data: bytes, path: Path) -> PuzzleFormat:
    """The format of a file's bytes: its suffix's unless the content shows another."""
    named, sniffed = puzzle_format(path), sniff_format(data)
    if named is not None and (sniffed is None or {named.suffix, sniffed.suffix} <= {".non", ".nonpack"}):
        return named  # a bundle of one puzzle reads as a .non
    if sniffed is None:
        raise NonFormatError(NonErrorKind.UNKNOWN, path, "neither its name nor its content shows a puzzle format ("
                                                         f"{', '.join(PUZZLE_SUFFIXES)})")
    return sniffed


_XML_START = re.compile(rb"^(\xef\xbb\xbf)?\s*<")
_G_SECTION = re.compile(r"^:", re.MULTILINE)
_NON_KEYWORDS = re.compile(r"^\s*(rows|columns)\s*$", re.MULTILINE | re.IGNORECASE)
_NON_SIZE = re.compile(r"^\s*(width|height)\s+\d+\s*$", re.MULTILINE | re.IGNORECASE)
_NONPACK_DIVIDER = re.compile(r"^====\s*$", re.MULTILINE)
_NIN = re.compile(r"\s*\d+[ \t]+\d+[ \t]*\n[\d\s,]*")


def sniff_format(data: bytes) -> PuzzleFormat | None:
    """The puzzle format the bytes of a file are written in, from their content alone (None:
    none of them): XML is webpbn's; a line starting with ``:`` is Olsak's ``.g``; ``rows`` and
    ``columns`` lines with ``width`` or ``height`` make a ``.non`` (a ``.nonpack`` with ``====``
    lines between puzzles); a first line of two numbers and lines of numbers only, a ``.nin``."""
    if _XML_START.match(data[:1024]):
        return PUZZLE_FORMATS[".xml"]
    text = decoded(data[:FILE_LIMIT])
    if _NON_KEYWORDS.search(text) and _NON_SIZE.search(text):
        return PUZZLE_FORMATS[".nonpack" if _NONPACK_DIVIDER.search(text) else ".non"]
    if _G_SECTION.search(text):
        return PUZZLE_FORMATS[".g"]
    if _NIN.fullmatch(text):
        return PUZZLE_FORMATS[".nin"]
    return None


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


def checked_goal(puzzle: Puzzle, path: str | os.PathLike) -> tuple[np.ndarray | BitRows | None, list[str]]:
    """The goal to check ``puzzle`` (of either kind) with, as it was read (a two-colour one may
    be :class:`BitRows`), and warnings: its goal when it has one that fits its clues; else None,
    and when its goal does not fit, a warning naming ``path`` (the clues alone are checked)."""
    goal = given(puzzle, "goal")
    if goal is None or puzzle.goal_fits():
        return goal, []
    return None, [f"{Path(path)}: the goal picture does not fit the clues; checking the clues alone"]
