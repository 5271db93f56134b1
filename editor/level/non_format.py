"""Steve Simpson's ``.non`` nonogram format: import and export (Qt-free).

A ``.non`` file is lines of ``keyword value``. ``width`` and ``height`` give the size;
``rows`` and ``columns`` are each followed by one clue per line (numbers separated by
commas, ``0`` or nothing for an empty line); ``goal "0101..."`` is the intended picture,
row by row. Other keywords (``title``, ``by``, ``catalogue``, ``copyright``,
``license``, ...) are metadata and travel along as text.

nonogram-db's colour extension (https://github.com/mikix/nonogram-db, ``FORMAT.md``): ``color a
#ff0000`` lines give colour characters their colours, a clue's numbers carry their colour
character (``3b,1d,6b``) and the goal holds ``0`` and colour characters. Such a file is read
as a :class:`~nonogram_editor.level.colour.ColourPuzzle`; a ``background #rrggbb`` key (this editor's,
which other programs ignore) names a background other than white. ``.nonpack`` bundles are
``.non`` texts separated by ``====`` lines (:func:`parse_nonpack`).

    puzzle = read_non("cat.non")      # NonPuzzle: width, height, row_clues, column_clues, goal, title, metadata
    write_non("mine.non", solution, title="Mine")

A file that cannot be read raises :class:`NonFormatError` (a :class:`LevelError`), whose
message names the file, the line and what is wrong.
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from nonogram_editor.infra.lazy import numpy as np
from nonogram_editor.infra.safe_write import write_file
from nonogram_editor.level.bit_rows import BitRows, GridField, given
from nonogram_editor.level.clues import clues as clues_of_grid
from nonogram_editor.level.colour import RGB, ColourPuzzle, clue_length, hex_colour, parse_hex_colour
from nonogram_editor.level.document import DEFAULT_PALETTE
from nonogram_editor.level.errors import LevelError, LevelErrorKind
from nonogram_editor.level.model import WHITE
from nonogram_editor.level.reading import read_capped

_PLAIN_CLUE_LINE = re.compile(r"^[\d\s,]*$")
# a colour clue line: numbers, each with an optional colour letter (``3b,1d``), separated by commas or spaces
_COLOUR_CLUE_LINE = re.compile(r"^[\s,]*(?:\d+[A-Za-z]?(?:[\s,]+|$))*$")
_COLOUR_LINE = re.compile(r"^\s*([A-Za-z])\s+(#?[0-9A-Fa-f]{6}|#?[0-9A-Fa-f]{3})\s*$")
_SECTIONS = ("rows", "columns")
MAX_SIDE = 1024               # rows and columns of a puzzle to check (the editor draws up to 128)
FILE_LIMIT = 16 << 20         # bytes: a 1024x1024 puzzle with its goal needs about 4 MB


class NonErrorKind(Enum):
    PARSE_NON = "not a valid .non puzzle"
    PARSE_XML = "not a valid webpbn XML puzzle"
    PARSE_G = "not a valid Olsak .g puzzle"
    PARSE_NIN = "not a valid .nin puzzle"
    UNKNOWN = "not a level or puzzle file"


class NonFormatError(LevelError):
    """A puzzle file (``.non`` or another exchange format) that cannot be read or written
    (``str()`` names the file and the fault)."""

    def __init__(self, kind: LevelErrorKind | NonErrorKind, path: str | Path, detail: str = ""):
        super().__init__(kind, path, detail)  # type: ignore[arg-type]

    @classmethod
    def parse(cls, path: str | Path, detail: str, kind: NonErrorKind = NonErrorKind.PARSE_NON) -> NonFormatError:
        return cls(kind, path, detail)


@dataclass
class NonPuzzle:
    width: int
    height: int
    row_clues: list[list[int]]
    column_clues: list[list[int]]
    # reads as a bool array (height, width) or None, True = filled; given as one or as BitRows
    goal: GridField = GridField()
    title: str = ""
    metadata: dict[str, str] = field(default_factory=dict)  # the other keywords, as written

    def goal_fits(self) -> bool:
        """Whether the goal picture has exactly these clues."""
        goal = given(self, "goal")
        if goal is None:
            return False
        rows, columns = goal.clues() if isinstance(goal, BitRows) else clues_of_grid(goal)
        return rows == self.row_clues and columns == self.column_clues


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return text[1:-1]
    return text


def _shown(text: str) -> str:
    """A short quote of a value from the file (a long one is cut)."""
    text = text.strip()
    return repr(text if len(text) <= 24 else text[:20] + "...")


def parse_clue(text: str, path: Path, where: str, length: int,
               kind: NonErrorKind = NonErrorKind.PARSE_NON) -> list[int]:
    """One line's clue (numbers separated by commas or white space; ``0`` alone for none),
    which must fit in ``length`` cells; ``where`` (e.g. "line 12") starts an error's detail."""
    numbers = [part.strip().lstrip("0") or "0" for part in re.split(r"[,\s]+", text) if part.strip()]
    if not all(number.isascii() and number.isdigit() for number in numbers):
        raise NonFormatError.parse(path, f"{where}: the clue {_shown(text)} is not whole numbers", kind)
    if any(len(number) > len(str(length)) for number in numbers):  # before int(): it may have thousands of digits
        raise NonFormatError.parse(path, f"{where}: the clue {_shown(text)} does not fit in {length} cells",
                                   kind)
    clue = [int(number) for number in numbers]
    if clue == [0]:
        return []
    if any(number <= 0 for number in clue):
        raise NonFormatError.parse(path, f"{where}: a clue number is 0 inside a clue: {_shown(text)}", kind)
    if sum(clue) + len(clue) - 1 > length:
        raise NonFormatError.parse(path, f"{where}: the clue {_shown(text)} does not fit in {length} cells",
                                   kind)
    return clue


def read_puzzle_data(path: Path, what: str) -> bytes:
    """The bytes of a puzzle file no larger than ``FILE_LIMIT`` (``what`` names its format)."""
    try:
        return read_capped(path, FILE_LIMIT, what)
    except LevelError as error:
        raise NonFormatError(error.kind, error.path, error.detail) from None


def decoded(data: bytes) -> str:
    """The text of a puzzle file: UTF-8 (with or without a byte-order mark), else Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_non(path: str | os.PathLike[str]) -> NonPuzzle | ColourPuzzle:
    path = Path(path)
    return parse_non(decoded(read_puzzle_data(path, "a .non puzzle")), path)


def parse_non(text: str, path: str | os.PathLike[str] = "<text>") -> NonPuzzle | ColourPuzzle:
    """A puzzle from the text of a ``.non`` file (``path`` only names it in errors)."""
    path = Path(path)
    lines = text.splitlines()
    values: dict[str, str] = {}
    sections: dict[str, list[tuple[int, str]]] = {}
    colour_lines: list[tuple[int, str]] = []  # (line number, "a #ff0000") of each 'color' key
    index = 0
    while index < len(lines):
        line = lines[index].strip()
        index += 1
        if not line or line.startswith("#"):
            continue
        keyword, _, value = line.replace("\t", " ").partition(" ")
        keyword = keyword.lower()
        if keyword in _SECTIONS:
            if keyword in sections:
                raise NonFormatError.parse(path, f"line {index}: a second '{keyword}' section")
            clue_lines = []
            while index < len(lines) and (_PLAIN_CLUE_LINE.match(lines[index])
                                          or _COLOUR_CLUE_LINE.match(lines[index].strip())):
                clue_lines.append((index + 1, lines[index]))
                index += 1
            while clue_lines and not clue_lines[-1][1].strip():
                clue_lines.pop()  # the blank lines that end the section
            sections[keyword] = clue_lines
        elif keyword == "goal" and not value.strip().strip('"'):
            # the picture may follow on its own line(s)
            picture = []
            while index < len(lines) and re.fullmatch(r'\s*"?[01\s]*"?\s*', lines[index]) and lines[index].strip():
                picture.append(lines[index])
                index += 1
            values["goal"] = "".join(picture)
        else:
            values[keyword] = value
            if keyword == "color":
                colour_lines.append((index, value))

    size = {}
    for name in ("width", "height"):
        if name not in values:
            raise NonFormatError.parse(path, f"no '{name}' line")
        digits = values[name].strip()
        if not digits.isascii() or not digits.isdigit():
            raise NonFormatError.parse(path, f"'{name}' is not a whole number: {_shown(values[name])}")
        digits = digits.lstrip("0") or "0"
        if len(digits) > len(str(MAX_SIDE)) or not 1 <= int(digits) <= MAX_SIDE:
            number = digits if len(digits) <= 20 else f"a {len(digits)}-digit number"
            raise NonFormatError.parse(path, f"'{name}' is {number}; it must be between 1 and {MAX_SIDE}")
        size[name] = int(digits)
    width, height = size["width"], size["height"]

    for name, count in (("rows", height), ("columns", width)):
        if name not in sections:
            raise NonFormatError.parse(path, f"no '{name}' section")
        if len(sections[name]) != count:
            without_blanks = [entry for entry in sections[name] if entry[1].strip()]
            if len(without_blanks) != count:
                raise NonFormatError.parse(
                    path, f"'{name}' has {len(sections[name])} clue lines, but the puzzle has {count} {name}")
            sections[name] = without_blanks
    goal_text = re.sub(r"\s", "", _unquote(values.pop("goal")).replace('"', "")) if "goal" in values else None
    title = _unquote(values.pop("title", ""))
    for name in ("width", "height"):
        values.pop(name)
    if re.search(r"[A-Za-z]", "".join(text for name in _SECTIONS for _, text in sections[name])) \
            or (goal_text is not None and re.search(r"[^01]", goal_text)):
        return _colour_non(sections, goal_text, colour_lines, values, title, width, height, path)

    clues = {}
    for name, length in (("rows", width), ("columns", height)):
        clues[name] = [parse_clue(clue_text, path, f"line {line_number}", length)
                       for line_number, clue_text in sections[name]]

    goal = None
    if goal_text is not None:
        _check_goal_size(goal_text, width, height, path)
        goal = BitRows.of_strings([goal_text[row * width:(row + 1) * width] for row in range(height)], width)
    metadata = {key: _unquote(value) for key, value in values.items()}
    return NonPuzzle(width, height, clues["rows"], clues["columns"], goal, title, metadata)


def _goal_cells(text: str, width: int, height: int, path: Path) -> np.ndarray:
    """The characters of a goal, as uint8 (height, width)."""
    _check_goal_size(text, width, height, path)
    return np.frombuffer(text.encode("ascii"), dtype=np.uint8).reshape(height, width)


def _check_goal_size(text: str, width: int, height: int, path: Path) -> None:
    """A NonFormatError unless the goal's text has a character for each cell, all ASCII."""
    if len(text) != width * height:
        raise NonFormatError.parse(
            path, f"the goal has {len(text)} cells, but {width} x {height} needs {width * height}")
    if not text.isascii():
        raise NonFormatError.parse(path, "the goal holds characters other than 0, 1 and colour letters")


_SEPARATORS = re.compile(r"[,\s]+")
_BLOCK = re.compile(r"(\d+)(\D?)")


def parse_colour_clue(text: str, path: Path, where: str, length: int, colour_of: Callable[[str], int],
                      kind: NonErrorKind = NonErrorKind.PARSE_NON) -> list[tuple[int, int]]:
    """One line's colour clue: numbers each followed by its colour's character (``3b,1d,6b``;
    ``0`` alone for none), separated by commas or white space; ``colour_of`` gives a character's
    palette index (a number without one: of the character ``""``) or raises KeyError."""
    tokens = [token for token in _SEPARATORS.split(text.strip()) if token]
    if [token.lstrip("0") for token in tokens] == [""]:
        return []
    blocks: list[tuple[str, str]] = []
    for token in tokens:
        match = _BLOCK.fullmatch(token)
        if match is None:
            raise NonFormatError.parse(path, f"{where}: {_shown(token)} is not a block (a number and its colour)",
                                       kind)
        blocks.append((match.group(1), match.group(2)))
    return colour_clue(blocks, text, path, where, length, colour_of, kind)


def colour_clue(blocks: list[tuple[str, Any]], text: str, path: Path, where: str, length: int,
                colour_of: Callable[[Any], int], kind: NonErrorKind) -> list[tuple[int, int]]:
    """The clue of ``blocks`` (the digits of each and what names its colour for ``colour_of``),
    which must fit in ``length`` cells; ``text`` quotes the clue in an error."""
    clue, digits_at_most, colour = [], len(str(length)), None
    try:
        for digits, colour in blocks:
            number = digits.lstrip("0")
            if not (digits.isascii() and digits.isdigit()):
                raise NonFormatError.parse(path, f"{where}: the clue {_shown(text)} is not whole numbers", kind)
            if not number:
                raise NonFormatError.parse(path, f"{where}: a clue number is 0 inside a clue: {_shown(text)}", kind)
            if len(number) > digits_at_most:  # before int(): it may have thousands of digits
                raise NonFormatError.parse(path, f"{where}: the clue {_shown(text)} does not fit in {length} cells",
                                           kind)
            clue.append((int(number), colour_of(colour)))
    except KeyError:
        raise NonFormatError.parse(path, f"{where}: the colour {str(colour)[:20]!r} of the clue "
                                         f"{_shown(text)} is not declared", kind) from None
    if clue_length(clue) > length:
        raise NonFormatError.parse(path, f"{where}: the clue {_shown(text)} does not fit in {length} cells", kind)
    return clue


def spare_colours(palette: list[RGB], count: int) -> list[RGB]:
    """``count`` colours for characters a file uses without declaring them: the editor's
    default palette's colours not in ``palette`` yet, then greys."""
    spare = [colour for colour in DEFAULT_PALETTE[1:] if colour not in palette]
    spare += [(value, value, value) for value in range(8, 248, 4) if (value, value, value) not in palette]
    return spare[:count]


def _colour_non(sections: dict[str, list[tuple[int, str]]], goal_text: str | None, colour_lines: list[tuple[int, str]],
                values: dict[str, str], title: str, width: int, height: int, path: Path) -> ColourPuzzle:
    """The colour puzzle of a ``.non`` file (nonogram-db's extension): ``color a #ff0000`` keys,
    clues such as ``3b,1d`` (a number alone is of the colour ``1``) and a goal of ``0`` and
    colour characters. The background is white, or ``background #rrggbb`` (this editor's key)."""
    background = WHITE
    if "background" in values:
        declared = parse_hex_colour(_unquote(values.pop("background")))
        if declared is None:
            raise NonFormatError.parse(path, "'background' is not a colour #rrggbb")
        background = declared
    palette: list[RGB] = [background]
    index_of: dict[str, int] = {}
    for number, value in colour_lines:
        match = _COLOUR_LINE.match(_unquote(value))
        if match is None:
            raise NonFormatError.parse(path, f"line {number}: a colour is declared as 'color a #ff0000', "
                                             f"not {_shown(value)}")
        character = match.group(1)
        if character in index_of:
            raise NonFormatError.parse(path, f"line {number}: the colour '{character}' is declared twice")
        index_of[character] = len(palette)
        colour = parse_hex_colour(match.group(2))
        assert colour is not None  # the line's pattern is a hex colour
        palette.append(colour)
    values.pop("color", None)
    undeclared = []

    def colour_of(character: str) -> int:
        character = character or "1"
        if character not in index_of:
            if not character.isascii() or not character.isalnum():
                raise KeyError(character)
            undeclared.append(character)
            index_of[character] = len(palette) + len(undeclared) - 1
        return index_of[character]

    clues = {}
    for name in _SECTIONS:
        length = width if name == "rows" else height
        clues[name] = [parse_colour_clue(text, path, f"line {number}", length, colour_of)
                       for number, text in sections[name]]
    goal = None
    if goal_text is not None:
        cells = _goal_cells(goal_text, width, height, path)
        lookup = np.full(256, -1, dtype=np.int32)
        lookup[ord("0")] = 0
        for character in sorted({chr(code) for code in np.unique(cells)} - {"0"}):
            try:
                lookup[ord(character)] = colour_of(character)
            except KeyError:
                raise NonFormatError.parse(path, f"the goal holds {character!r}, which is not a colour") from None
        goal = lookup[cells]
    spare = spare_colours(palette, len(undeclared))
    if len(spare) < len(undeclared):
        raise NonFormatError.parse(path, f"{len(undeclared)} colours are used without a 'color' line; "
                                         f"at most {len(spare)} can be chosen")
    palette += spare
    metadata = {key: _unquote(value) for key, value in values.items()}
    return ColourPuzzle(clues["rows"], clues["columns"], palette, goal, title, metadata)


def _quote(text: str) -> str:
    return '"' + text.replace('"', "'").replace("\n", " ") + '"'


def drawing(solution: np.ndarray) -> np.ndarray:
    """``solution`` as a bool grid (ValueError unless it is a non-empty 2-D grid)."""
    solution = np.asarray(solution, dtype=bool)
    if solution.ndim != 2 or 0 in solution.shape:
        raise ValueError(f"a drawing must be a non-empty 2-D grid, not of shape {solution.shape}")
    return solution


def format_non(solution: np.ndarray, title: str = "", metadata: dict[str, str] | None = None) -> str:
    """The ``.non`` text of a drawing: its clues and the drawing as the goal."""
    solution = drawing(solution)
    rows, columns = clues_of_grid(solution)
    out = []
    if title:
        out.append(f"title {_quote(title)}")
    for key, value in (metadata or {}).items():
        if key not in ("title", "width", "height", "rows", "columns", "goal"):
            out.append(f"{key} {_quote(value)}")
    height, width = solution.shape
    out += [f"width {width}", f"height {height}", "", "rows"]
    out += [",".join(map(str, clue)) or "0" for clue in rows]
    out += ["", "columns"]
    out += [",".join(map(str, clue)) or "0" for clue in columns]
    out += ["", "goal " + _quote("".join("1" if cell else "0" for cell in solution.ravel()))]
    return "\n".join(out) + "\n"


NON_COLOUR_CHARACTERS = "abcdefghijklmnopqrstuvwxyz"  # nonogram-db's colour characters
_NOT_METADATA = ("title", "width", "height", "rows", "columns", "goal", "color", "background")


def colour_characters(puzzle: ColourPuzzle, characters: str, format_name: str) -> str:
    """A character for each colour of the palette after the background (ValueError when the
    format has too few)."""
    count = len(puzzle.palette) - 1
    if count > len(characters):
        raise ValueError(f"{format_name} holds at most {len(characters)} colours; this puzzle has {count}")
    return characters[:count]


def format_colour_non(puzzle: ColourPuzzle) -> str:
    """The ``.non`` text of a colour puzzle (nonogram-db's extension: ``color a #rrggbb`` per
    colour, clues such as ``3a,1b``, the goal in colour characters); a background other than
    white is written as ``background #rrggbb`` (a key other programs ignore)."""
    characters = colour_characters(puzzle, NON_COLOUR_CHARACTERS, ".non")
    out = [f"title {_quote(puzzle.title)}"] if puzzle.title else []
    out += [f"{key} {_quote(value)}" for key, value in puzzle.metadata.items() if key not in _NOT_METADATA]
    if puzzle.background != WHITE:
        out.append(f"background {hex_colour(puzzle.background)}")
    out += [f"color {character} {hex_colour(colour)}" for character, colour in zip(characters, puzzle.palette[1:])]
    out += [f"width {puzzle.width}", f"height {puzzle.height}"]
    for name, lines in (("rows", puzzle.rows), ("columns", puzzle.columns)):
        out += ["", name] + [",".join(f"{length}{characters[colour - 1]}" for length, colour in line) or "0"
                             for line in lines]
    if puzzle.goal is not None:
        cells = np.frombuffer(("0" + characters).encode("ascii"), dtype=np.uint8)[puzzle.goal]
        out += ["", "goal " + _quote(cells.tobytes().decode("ascii"))]
    return "\n".join(out) + "\n"


def write_colour_non(path: str | os.PathLike, puzzle: ColourPuzzle) -> None:
    """Export a colour puzzle as ``.non``; a failed write leaves the previous file as it was."""
    write_text(path, format_colour_non(puzzle))


# ------------------------------------------------------------------ .nonpack bundles
NONPACK_DIVIDER = re.compile(r"^====\s*$", re.MULTILINE)


def parse_nonpack(text: str, path: str | os.PathLike = "<text>") -> list[NonPuzzle | ColourPuzzle]:
    path = Path(path)
    parts = [part for part in NONPACK_DIVIDER.split(text) if part.strip()]
    if not parts:
        raise NonFormatError.parse(path, "the bundle holds no puzzle")
    puzzles = []
    for number, part in enumerate(parts, 1):
        try:
            puzzles.append(parse_non(part, path))
        except NonFormatError as error:
            raise NonFormatError.parse(path, f"puzzle {number} of {len(parts)}: {error.detail}") from None
    return puzzles


def format_nonpack(puzzles: list[NonPuzzle | ColourPuzzle]) -> str:
    """A bundle of puzzles as ``.non`` texts (ValueError for a two-colour one without a goal,
    which ``.non`` is written from)."""
    texts = []
    for number, puzzle in enumerate(puzzles, 1):
        if isinstance(puzzle, ColourPuzzle):
            texts.append(format_colour_non(puzzle))
        elif puzzle.goal is None:
            raise ValueError(f"puzzle {number} has no goal picture to write")
        else:
            texts.append(format_non(puzzle.goal, puzzle.title, puzzle.metadata))
    return "====\n".join(texts)


def write_nonpack(path: str | os.PathLike, puzzles: list[NonPuzzle | ColourPuzzle]) -> None:
    """Write puzzles as a ``.nonpack`` bundle; a failed write leaves the previous file as it was."""
    write_text(path, format_nonpack(puzzles))


def write_non(path: str | os.PathLike, solution: np.ndarray, title: str = "",
              metadata: dict[str, str] | None = None) -> None:
    """Export a drawing as a ``.non`` puzzle; a failed write leaves the previous file as it was."""
    write_text(path, format_non(solution, title, metadata))


def write_text(path: str | os.PathLike, text: str) -> None:
    """Write a puzzle file's text (UTF-8); a failed write leaves the previous file as it was."""
    path = Path(path)
    try:
        write_file(path, text.encode("utf-8"))
    except OSError as error:
        raise NonFormatError(LevelErrorKind.IO, path, error.strerror or str(error)) from None
