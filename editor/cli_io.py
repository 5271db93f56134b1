"""Standard input and output for the command line: ``-`` as a path (Qt-free).

A command reads a puzzle from standard input in the format ``--format`` names, else in the
one its content shows (:func:`nonogram_editor.level.puzzle_formats.sniff_format`).
"""
from __future__ import annotations

import sys

from nonogram_editor.level.errors import LevelErrorKind
from nonogram_editor.level.non_format import FILE_LIMIT, NonFormatError
from nonogram_editor.level.puzzle_formats import PUZZLE_FORMATS, Puzzle, PuzzleFormat, parse_puzzles

STDIO = "-"  # the path that means standard input (or output)
LEVEL = "level"
FORMAT_NAMES = tuple(suffix.lstrip(".") for suffix in PUZZLE_FORMATS) + (LEVEL,)


def format_named(name: str) -> PuzzleFormat | None:
    """The puzzle format ``--format`` names (``non``, ``.xml``, ...; None for ``level``);
    ValueError for another name."""
    name = name.lower().lstrip(".")
    if name == LEVEL:
        return None
    if "." + name not in PUZZLE_FORMATS:
        raise ValueError(f"--format {name!r}: one of {', '.join(FORMAT_NAMES)}")
    return PUZZLE_FORMATS["." + name]


def read_standard_input(limit: int = FILE_LIMIT) -> bytes:
    """All of standard input, at most ``limit`` bytes (NonFormatError naming ``-`` beyond that)."""
    data = sys.stdin.buffer.read(limit + 1)
    if len(data) > limit:
        raise NonFormatError(LevelErrorKind.IO, STDIO, f"standard input holds more than {limit} bytes, too "
                                                       "many for a puzzle")
    return data


def standard_input_puzzles(format_name: str | None) -> list[Puzzle]:
    """Every puzzle on standard input, in the format ``format_name`` names or its content shows
    (ValueError for a format without puzzles; NonFormatError naming ``-`` for bad content)."""
    format = format_named(format_name) if format_name else None
    if format_name and format is None:
        raise ValueError("a level is three files (.level, .pbm, .ppm): it cannot be read from standard input")
    return parse_puzzles(read_standard_input(), STDIO, format)
