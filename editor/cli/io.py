"""Standard input and output for the command line: ``-`` as a path (Qt-free).

A command reads a puzzle from standard input in the format ``--format`` names, else in the
one its content shows (:func:`nonogram_editor.level.puzzle_formats.sniff_format`).
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from nonogram_editor.infra.wording import printable
from nonogram_editor.level.errors import LevelError, LevelErrorKind
from nonogram_editor.level.model import EXTENSIONS, level_paths
from nonogram_editor.level.non_format import FILE_LIMIT, NonFormatError
from nonogram_editor.level.puzzle_formats import PUZZLE_FORMATS, Puzzle, PuzzleFormat, parse_puzzles, read_puzzles

STDIO = "-"  # the path that means standard input (or output)
LEVEL = "level"
FORMAT_NAMES = tuple(suffix.lstrip(".") for suffix in PUZZLE_FORMATS) + (LEVEL,)


def report_failure(message: str, status: int = 2, *, as_json: bool, **record) -> int:
    """A command's failure: ``error: message`` on stderr and, with ``as_json``, the JSON object
    ``record`` (what it names: the path, the puzzle) with ``error`` on stdout. Returns ``status``."""
    print(f"error: {printable(message)}", file=sys.stderr)
    if as_json:
        print(json.dumps({**record, "error": message}))
    return status


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


def puzzles_of(path_text: str, format_name: str | None = None) -> list[Puzzle] | None:
    """What a command's path holds: the puzzles of a puzzle file or of standard input (``-``),
    or None for a level trio (``.level``, ``.pbm`` or ``.ppm``). A puzzle file is read in the
    format ``format_name`` names, else in the one its content shows, else its suffix's.
    LevelError names the path as given when there is nothing there or it cannot be read."""
    if path_text == STDIO:
        return standard_input_puzzles(format_name)
    path = Path(path_text)
    if not os.path.lexists(path):
        if not path.suffix and os.path.lexists(level_paths(path)[0]):
            return None  # NAME for NAME.level
        raise LevelError(LevelErrorKind.IO, path, "no such file")
    if format_name:
        format = format_named(format_name)
        return None if format is None else read_puzzles(path, format)
    if path.suffix.lower() in EXTENSIONS:
        return None
    return read_puzzles(path)
