"""Two clue-only puzzle formats: Olsak's ``.g`` and Jakub Wilk's ``.nin`` (Qt-free).

Neither holds a goal picture: a puzzle read from them has clues only (the editor solves them
on import), and an export writes the drawing's clues.

``.g`` (Mirek Olsak's ``grid`` solver; pbnsolve reads it): text before the first line that
starts with ``:`` is a comment (an export writes the title and metadata there as
``title "Cat"`` lines, which are read back). The row clues follow, one line each (block sizes
separated by spaces; an empty line, or ``0``, for a line without blocks), up to the next line
starting with ``:``; then the column clues, up to the next ``:`` line or the end. ``#t`` starts
a triddler, refused. ``#d`` starts colour declarations, one a line up to the ``:`` line:
``c:o word`` gives the character ``c`` used after a block size its colour ``word`` (a colour
name or ``#rrggbb``; ``o`` is the character ``grid`` prints); ``0`` declares the background
(white by default), ``1`` the colour of a size without a character. A file declaring colours
other than ``0`` and ``1`` is a :class:`~nonogram_editor.level.colour.ColourPuzzle`.

``.nin`` (the survey format of Wilk's ``nonogram``, used in Jan Wolter's solver survey):
the first line is ``WIDTH HEIGHT``, then one line per row clue and one per column clue
(``0`` for a line without blocks).
"""
from __future__ import annotations

import os
import re
import string
from pathlib import Path

from nonogram_editor.infra.lazy import numpy as np
from nonogram_editor.level.clues import clues as clues_of_grid
from nonogram_editor.level.colour import RGB, ColourPuzzle, hex_colour, parse_hex_colour
from nonogram_editor.level.model import WHITE
from nonogram_editor.level.non_format import (
    MAX_SIDE,
    NonErrorKind,
    NonFormatError,
    NonPuzzle,
    colour_characters,
    decoded,
    drawing,
    parse_clue,
    parse_colour_clue,
    read_puzzle_data,
    write_text,
)
from nonogram_editor.level.webpbn_format import named_colour

_CLUE_LINE = re.compile(r"^[\d\s,]*$")


def _clue_text(clue: list[int], empty: str) -> str:
    return " ".join(map(str, clue)) or empty


def _check_side(count: int, name: str, path: Path, kind: NonErrorKind) -> None:
    if not 1 <= count <= MAX_SIDE:
        raise NonFormatError.parse(path, f"{count} {name}; a puzzle has between 1 and {MAX_SIDE}", kind)


# ------------------------------------------------------------------ Olsak's .g
def read_g(path: str | os.PathLike[str]) -> NonPuzzle | ColourPuzzle:
    path = Path(path)
    return parse_g(decoded(read_puzzle_data(path, "an Olsak .g puzzle")), path)


def parse_g(text: str, path: str | os.PathLike = "<text>") -> NonPuzzle | ColourPuzzle:
    """A puzzle from the text of a ``.g`` file (``path`` only names it in errors)."""
    path, kind = Path(path), NonErrorKind.PARSE_G
    lines = text.splitlines()
    index = 0
    declarations: list[tuple[int, str]] = []
    metadata: dict[str, str] = {}
    while index < len(lines) and not lines[index].startswith(":"):
        line = lines[index]
        if line[:2].lower() == "#t":
            raise NonFormatError.parse(path, f"line {index + 1}: a triddler; only grid puzzles can be read", kind)
        if line[:2].lower() == "#d":  # colour declarations, up to a line starting with ':'
            index += 1
            while index < len(lines) and not lines[index].startswith(":"):
                if lines[index].strip():
                    declarations.append((index + 1, lines[index]))
                index += 1
            break
        written = _METADATA_LINE.fullmatch(line.strip())
        if written:  # as format_g writes the title and metadata
            metadata[written.group(1)] = written.group(2)
        index += 1
    if index >= len(lines):
        raise NonFormatError.parse(path, "no line starting with ':' before the row clues", kind)
    sections = []
    for name in ("rows", "columns"):
        index += 1  # past the ':' line
        section = []
        while index < len(lines) and not lines[index].startswith(":"):
            section.append((index + 1, lines[index]))
            index += 1
        if name == "columns" and index >= len(lines):
            while section and not section[-1][1].strip():
                section.pop()  # the blank lines that end the file
        elif index >= len(lines):
            raise NonFormatError.parse(path, "no line starting with ':' between the row and the column clues", kind)
        sections.append(section)
    rows, columns = sections
    _check_side(len(rows), "rows", path, kind)
    _check_side(len(columns), "columns", path, kind)
    title = metadata.pop("title", "")
    palette, index_of = _declared_colours(declarations, path)
    if len(palette) > 2 or set(index_of) - {"1", ""}:
        return ColourPuzzle([parse_colour_clue(line, path, f"line {number}", len(columns), index_of.__getitem__,
                                               kind) for number, line in rows],
                            [parse_colour_clue(line, path, f"line {number}", len(rows), index_of.__getitem__,
                                               kind) for number, line in columns],
                            palette, None, title, metadata)
    for number, line in rows + columns:
        if not _CLUE_LINE.match(line):
            raise NonFormatError.parse(path, f"line {number} is not a two-colour clue (block sizes separated "
                                             "by spaces; a letter after a size marks a colour)", kind)
    row_clues = [parse_clue(line, path, f"line {number}", len(columns), kind) for number, line in rows]
    column_clues = [parse_clue(line, path, f"line {number}", len(rows), kind) for number, line in columns]
    return NonPuzzle(len(columns), len(rows), row_clues, column_clues, title=title, metadata=metadata)


_METADATA_LINE = re.compile(r'([A-Za-z]\w*) "([^"]*)"')
# a colour declaration: <inchar>:<outchar> <word_XPM> [comment]; the word is a colour name or #rrggbb
_DECLARATION = re.compile(r"\s*(\S):(\S?)\s+(\S+).*")


def _declared_colours(declarations: list[tuple[int, str]], path: Path) -> tuple[list[RGB], dict[str, int]]:
    """The palette (the background, white unless ``0`` declares it, first) and the palette
    index of each input character (``""``, a block without one, is the colour ``1``'s)."""
    kind = NonErrorKind.PARSE_G
    palette: list[RGB] = [WHITE]
    index_of: dict[str, int] = {}
    seen = set()
    for number, line in declarations:
        match = _DECLARATION.fullmatch(line)
        if match is None:
            raise NonFormatError.parse(path, f"line {number}: a colour is declared as 'c:c #ff0000' (or a colour "
                                             f"name), not {line.strip()[:24]!r}", kind)
        character, word = match.group(1), match.group(3)
        if "/" in word or "\\" in word:
            raise NonFormatError.parse(path, f"line {number}: a triangle colour ({word[:24]}); only square cells "
                                             "can be read", kind)
        rgb = parse_hex_colour(word) if word.startswith("#") else named_colour(word)
        if rgb is None:
            raise NonFormatError.parse(path, f"line {number}: {word[:24]!r} is not a colour name or #rrggbb", kind)
        if character in seen:
            raise NonFormatError.parse(path, f"line {number}: the colour '{character}' is declared twice", kind)
        if character.isdigit() and character not in "01" or character == ",":
            raise NonFormatError.parse(path, f"line {number}: a colour's character may not be {character!r}", kind)
        seen.add(character)
        if character == "0":
            palette[0] = rgb
        else:
            index_of[character] = len(palette)
            palette.append(rgb)
    if not index_of:  # no declarations: black on white
        palette, index_of = [WHITE, (0, 0, 0)], {"1": 1}
    if "1" in index_of:
        index_of[""] = index_of["1"]
    return palette, index_of


def format_g(solution: np.ndarray, title: str = "", metadata: dict[str, str] | None = None) -> str:
    """The ``.g`` text of a drawing's clues, the title and metadata in the comment before them."""
    rows, columns = clues_of_grid(drawing(solution))
    out = _comment(title, metadata) + [": rows"] + [_clue_text(clue, "") for clue in rows]
    out += [": columns"] + [_clue_text(clue, "") for clue in columns] + [": end"]
    return "\n".join(out) + "\n"


def write_g(path: str | os.PathLike, solution: np.ndarray, title: str = "",
            metadata: dict[str, str] | None = None) -> None:
    write_text(path, format_g(solution, title, metadata))


def _comment(title: str, metadata: dict[str, str] | None) -> list[str]:
    """The title and metadata as ``key "value"`` lines before the clues (``parse_g`` reads them back)."""
    return [f'{key} "{" ".join(value.split()).replace(chr(34), chr(39))}"'
            for key, value in [("title", title), *(metadata or {}).items()]
            if value and re.fullmatch(r"[A-Za-z]\w*", key)]


G_COLOUR_CHARACTERS = string.ascii_letters + "!$%&*+-=?@^~"  # not digits, spaces, commas, ':' or '#'


def format_colour_g(puzzle: ColourPuzzle) -> str:
    """The ``.g`` text of a colour puzzle's clues: ``#d`` declares the background (``0``) and a
    character per colour (``a:a #ff0000``), and each block names its colour (``3a 1b``)."""
    characters = colour_characters(puzzle, G_COLOUR_CHARACTERS, "Olsak .g")
    out = _comment(puzzle.title, puzzle.metadata) + ["#d", f"   0:.  {hex_colour(puzzle.background)}"]
    out += [f"   {character}:{character}  {hex_colour(colour)}"
            for character, colour in zip(characters, puzzle.palette[1:])]
    for name, lines in (("rows", puzzle.rows), ("columns", puzzle.columns)):
        out.append(f": {name}")
        out += [" ".join(f"{length}{characters[colour - 1]}" for length, colour in line) for line in lines]
    out.append(": end")
    return "\n".join(out) + "\n"


def write_colour_g(path: str | os.PathLike, puzzle: ColourPuzzle) -> None:
    write_text(path, format_colour_g(puzzle))


# ------------------------------------------------------------------ Wilk's .nin
def read_nin(path: str | os.PathLike) -> NonPuzzle:
    path = Path(path)
    return parse_nin(decoded(read_puzzle_data(path, "a .nin puzzle")), path)


def parse_nin(text: str, path: str | os.PathLike = "<text>") -> NonPuzzle:
    """A puzzle from the text of a ``.nin`` file (``path`` only names it in errors)."""
    path, kind = Path(path), NonErrorKind.PARSE_NIN
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1)]
    while lines and not lines[0][1].strip():
        lines.pop(0)
    while lines and not lines[-1][1].strip():
        lines.pop()
    if not lines:
        raise NonFormatError.parse(path, "the file is empty", kind)
    size = lines[0][1].split()
    if len(size) != 2 or not all(part.isascii() and part.isdigit() and len(part) <= 6 for part in size):
        raise NonFormatError.parse(path, f"line {lines[0][0]}: the first line must be WIDTH HEIGHT "
                                         "(two whole numbers)", kind)
    width, height = int(size[0]), int(size[1])
    _check_side(width, "columns", path, kind)
    _check_side(height, "rows", path, kind)
    clue_lines = lines[1:]
    if len(clue_lines) != width + height:
        without_blanks = [entry for entry in clue_lines if entry[1].strip()]
        if len(without_blanks) != width + height:
            raise NonFormatError.parse(path, f"{len(without_blanks)} clue lines, but {width} x {height} needs "
                                             f"{height} row and {width} column clues ({width + height})", kind)
        clue_lines = without_blanks
    for number, line in clue_lines:
        if not _CLUE_LINE.match(line):
            raise NonFormatError.parse(path, f"line {number} is not a clue (block sizes separated by spaces)", kind)
    rows = [parse_clue(line, path, f"line {number}", width, kind) for number, line in clue_lines[:height]]
    columns = [parse_clue(line, path, f"line {number}", height, kind) for number, line in clue_lines[height:]]
    return NonPuzzle(width, height, rows, columns)


def format_nin(solution: np.ndarray, title: str = "", metadata: dict[str, str] | None = None) -> str:
    """The ``.nin`` text of a drawing's clues (the format has no place for a title or metadata)."""
    solution = drawing(solution)
    rows, columns = clues_of_grid(solution)
    height, width = solution.shape
    return "\n".join([f"{width} {height}"] + [_clue_text(clue, "0") for clue in rows + columns]) + "\n"


def write_nin(path: str | os.PathLike, solution: np.ndarray, title: str = "",
              metadata: dict[str, str] | None = None) -> None:
    write_text(path, format_nin(solution, title, metadata))
