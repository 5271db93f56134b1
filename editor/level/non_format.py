"""Steve Simpson's ``.non`` nonogram format: import and export (Qt-free).

A ``.non`` file is lines of ``keyword value``. ``width`` and ``height`` give the size;
``rows`` and ``columns`` are each followed by one clue per line (numbers separated by
commas, ``0`` or nothing for an empty line); ``goal "0101..."`` is the intended picture,
row by row. Other keywords (``title``, ``by``, ``catalogue``, ``copyright``,
``license``, ...) are metadata and travel along as text.

    puzzle = read_non("cat.non")      # NonPuzzle: width, height, row_clues, column_clues, goal, title, metadata
    write_non("mine.non", solution, title="Mine")

A file that cannot be read raises :class:`NonFormatError` (a :class:`LevelError`), whose
message names the file, the line and what is wrong.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

import numpy as np

from editor.level.clues import clues as clues_of_grid
from editor.level.errors import LevelError, LevelErrorKind
from editor.level.reading import read_capped
from editor.safe_write import write_file

_CLUE_LINE = re.compile(r"^[\d\s,]*$")
_SECTIONS = ("rows", "columns")
MAX_SIDE = 1024               # rows and columns of a puzzle to check (the editor draws up to 128)
FILE_LIMIT = 16 << 20         # bytes: a 1024x1024 puzzle with its goal needs about 4 MB


class NonErrorKind(Enum):
    PARSE_NON = "not a valid .non puzzle"
    PARSE_XML = "not a valid webpbn XML puzzle"
    PARSE_G = "not a valid Olsak .g puzzle"
    PARSE_NIN = "not a valid .nin puzzle"


class NonFormatError(LevelError):
    """A puzzle file (``.non`` or another exchange format) that cannot be read or written
    (``str()`` names the file and the fault)."""

    def __init__(self, kind: LevelErrorKind | NonErrorKind, path: str | Path, detail: str = ""):
        super().__init__(kind, path, detail)  # type: ignore[arg-type]

    @classmethod
    def parse(cls, path: str | Path, detail: str, kind: NonErrorKind = NonErrorKind.PARSE_NON) -> "NonFormatError":
        return cls(kind, path, detail)


@dataclass
class NonPuzzle:
    width: int
    height: int
    row_clues: list[list[int]]
    column_clues: list[list[int]]
    goal: np.ndarray | None = None  # bool (height, width), True = filled
    title: str = ""
    metadata: dict[str, str] = field(default_factory=dict)  # the other keywords, as written

    def goal_fits(self) -> bool:
        """Whether the goal picture has exactly these clues."""
        if self.goal is None:
            return False
        rows, columns = clues_of_grid(self.goal)
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


def read_non(path: str | os.PathLike) -> NonPuzzle:
    path = Path(path)
    return parse_non(decoded(read_puzzle_data(path, "a .non puzzle")), path)


def parse_non(text: str, path: str | os.PathLike = "<text>") -> NonPuzzle:
    """A puzzle from the text of a ``.non`` file (``path`` only names it in errors)."""
    path = Path(path)
    lines = text.splitlines()
    values: dict[str, str] = {}
    sections: dict[str, list[tuple[int, str]]] = {}
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
            while index < len(lines) and _CLUE_LINE.match(lines[index].strip()):
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

    clues = {}
    for name, count in (("rows", height), ("columns", width)):
        if name not in sections:
            raise NonFormatError.parse(path, f"no '{name}' section")
        clue_lines = sections[name]
        if len(clue_lines) != count:
            without_blanks = [entry for entry in clue_lines if entry[1].strip()]
            if len(without_blanks) != count:
                raise NonFormatError.parse(
                    path, f"'{name}' has {len(clue_lines)} clue lines, but the puzzle has {count} {name}")
            clue_lines = without_blanks
        length = width if name == "rows" else height
        clues[name] = [parse_clue(clue_text, path, f"line {line_number}", length) for line_number, clue_text in clue_lines]

    goal = None
    if "goal" in values:
        digits = re.sub(r"\s", "", _unquote(values.pop("goal")).replace('"', ""))
        if not re.fullmatch(r"[01]*", digits):
            raise NonFormatError.parse(path, "the goal holds characters other than 0 and 1")
        if len(digits) != width * height:
            raise NonFormatError.parse(
                path, f"the goal has {len(digits)} cells, but {width} x {height} needs {width * height}")
        goal = (np.frombuffer(digits.encode("ascii"), dtype=np.uint8) == ord("1")).reshape(height, width)

    title = _unquote(values.pop("title", ""))
    for name in ("width", "height"):
        values.pop(name)
    metadata = {key: _unquote(value) for key, value in values.items()}
    return NonPuzzle(width, height, clues["rows"], clues["columns"], goal, title, metadata)


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
