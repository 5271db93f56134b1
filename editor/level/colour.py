"""Colour puzzles: the second kind of level, and the colour puzzle the exchange formats carry (Qt-free).

A level is of one of two kinds:

- **two-colour** (the seed game's kind, and the default): the solution grid is the puzzle and
  the picture is the reward the player wins;
- **colour**: the picture is the puzzle. Its colours make the palette, one of which is the
  background (the blank of a colour nonogram). The trio is written as for a two-colour level,
  its ``.pbm`` holding "not background", so the seed game still sees the shape.

The kind and the background are kept in the level info ``NAME.about`` (``kind "colour"``,
``background "#ffffff"``; see ``nonogram_editor.level.metadata``); without them a level is two-colour.

In a colour nonogram each block has a colour; blocks of the same colour are separated by at
least one blank, blocks of different colours may touch. A :class:`ColourPuzzle` holds the clues
as ``(length, colour)`` pairs, ``colour`` an index ``1..len(palette)-1`` into the palette, whose
entry 0 is the background; its goal, when known, is a grid of palette indices.

    grid, palette = indexed_picture(level.picture, background)
    rows, columns = colour_clues(grid)
    puzzle = colour_puzzle_of_level(level, about)         # ColourPuzzle (goal = the picture)
    level, about = level_of_colour_puzzle(puzzle)        # and back
    level, about = colour_level(picture, background)     # e.g. of ImageSource.colour_picture
    level, about = convert_level(level, about, COLOUR)   # one undo step in the editor
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from nonogram_editor.infra.lazy import numpy as np
from nonogram_editor.level.model import WHITE, Level

RGB = tuple[int, int, int]
Clue = list[tuple[int, int]]          # one line: (length, colour index) per block
TWO_COLOUR = "two-colour"
COLOUR = "colour"
KINDS = (TWO_COLOUR, COLOUR)
KIND_KEY = "kind"                     # the keys of NAME.about that belong to the level, not to its metadata
BACKGROUND_KEY = "background"
LEVEL_KEYS = (KIND_KEY, BACKGROUND_KEY)


@dataclass(eq=False)
class ColourPuzzle:
    """A colour nonogram: ``rows`` and ``columns`` of ``(length, colour)`` blocks, the ``palette``
    (RGB; entry 0 the background), the ``goal`` (int (height, width) of palette indices) when
    known, and the ``title`` and other ``metadata`` (keywords as in ``.non``: ``by``, ...)."""

    rows: list[Clue]
    columns: list[Clue]
    palette: list[RGB]
    goal: np.ndarray | None = None
    title: str = ""
    metadata: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rows = [[(int(length), int(colour)) for length, colour in line] for line in self.rows]
        self.columns = [[(int(length), int(colour)) for length, colour in line] for line in self.columns]
        self.palette = [tuple(int(value) for value in colour) for colour in self.palette]  # type: ignore[misc]
        if self.goal is not None:
            self.goal = np.asarray(self.goal, dtype=np.int32)
        if len(self.palette) < 2:
            raise ValueError("a colour puzzle needs a background and at least one colour")
        used = {colour for line in self.rows + self.columns for _, colour in line}
        if used - set(range(1, len(self.palette))):
            raise ValueError(f"a clue's colour {min(used - set(range(1, len(self.palette))))} is not in the "
                             f"palette of {len(self.palette)} (1..{len(self.palette) - 1}: 0 is the background)")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ColourPuzzle):
            return NotImplemented
        same_goal = (self.goal is None) == (other.goal is None) and (
            self.goal is None or other.goal is None or np.array_equal(self.goal, other.goal))
        return (same_goal and (self.rows, self.columns, self.palette, self.title, self.metadata)
                == (other.rows, other.columns, other.palette, other.title, other.metadata))

    @classmethod
    def of_grid(cls, grid: np.ndarray, palette: Sequence[RGB], title: str = "",
                metadata: dict[str, str] | None = None) -> ColourPuzzle:
        """The puzzle whose goal is ``grid`` (palette indices), with the clues it implies."""
        grid = np.asarray(grid, dtype=np.int32)
        rows, columns = colour_clues(grid)
        return cls(rows, columns, list(palette), grid, title, dict(metadata or {}))

    @property
    def width(self) -> int:
        return len(self.columns)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def background(self) -> RGB:
        return self.palette[0]

    def goal_fits(self) -> bool:
        """Whether the goal picture has exactly these clues."""
        if self.goal is None or self.goal.shape != (self.height, self.width):
            return False
        return colour_clues(self.goal) == (self.rows, self.columns)

    def picture(self) -> np.ndarray:
        """The goal in the palette's colours: uint8 (height, width, 3) (ValueError without a goal)."""
        if self.goal is None:
            raise ValueError("the puzzle has no goal picture")
        return np.asarray(self.palette, dtype=np.uint8)[self.goal]


# ------------------------------------------------------------------ clues and palettes
def colour_line_clue(line: np.ndarray) -> Clue:
    """The blocks of one line of palette indices: runs of one non-zero index, left to right."""
    line = np.asarray(line)
    if line.size == 0:
        return []
    starts = np.flatnonzero(np.concatenate(([True], line[1:] != line[:-1])))
    lengths = np.diff(np.concatenate((starts, [line.size])))
    return [(int(length), int(line[start])) for start, length in zip(starts, lengths) if line[start] != 0]


def clue_length(clue: Clue) -> int:
    """The fewest cells a line with these blocks needs: their lengths, and one blank between
    neighbours of the same colour."""
    return sum(length for length, _ in clue) + sum(a[1] == b[1] for a, b in zip(clue, clue[1:]))


def colour_clues(grid: np.ndarray) -> tuple[list[Clue], list[Clue]]:
    """``(rows, columns)`` of an int grid of palette indices (0 = background)."""
    grid = np.asarray(grid)
    if grid.ndim != 2:
        raise ValueError(f"a colour grid must be 2-D, not of shape {grid.shape}")
    return [colour_line_clue(row) for row in grid], [colour_line_clue(column) for column in grid.T]


def indexed_picture(picture: np.ndarray, background: RGB = WHITE) -> tuple[np.ndarray, list[RGB]]:
    """A picture as ``(grid, palette)``: palette entry 0 is ``background`` (whether or not the
    picture shows it), then the picture's other colours in the order they first appear (row by
    row); ``grid`` (int32 (height, width)) holds each cell's index."""
    picture = np.asarray(picture, dtype=np.uint8)
    if picture.ndim != 3 or picture.shape[2] != 3:
        raise ValueError(f"a picture must be (height, width, 3), not of shape {picture.shape}")
    height, width = picture.shape[:2]
    codes = (picture[..., 0].astype(np.int32) << 16) | (picture[..., 1].astype(np.int32) << 8) | picture[..., 2]
    background_code = (background[0] << 16) | (background[1] << 8) | background[2]
    values, first, inverse = np.unique(codes.ravel(), return_index=True, return_inverse=True)
    order = [index for index in np.argsort(first, kind="stable") if values[index] != background_code]
    index_of = np.zeros(len(values), dtype=np.int32)
    index_of[order] = np.arange(1, len(order) + 1, dtype=np.int32)
    palette = [tuple(int(v) for v in background)] + [_rgb_of_code(int(values[index])) for index in order]
    return index_of[inverse].reshape(height, width), palette  # type: ignore[return-value]


def _rgb_of_code(code: int) -> RGB:
    return (code >> 16) & 255, (code >> 8) & 255, code & 255


def colour_solution(picture: np.ndarray, background: RGB = WHITE) -> np.ndarray:
    """The ``.pbm`` grid of a colour level: True where the picture is not the background."""
    return np.any(np.asarray(picture, dtype=np.uint8) != np.asarray(background, dtype=np.uint8), axis=2)


# ------------------------------------------------------------------ the kind, in NAME.about
def hex_colour(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def parse_hex_colour(text: str) -> RGB | None:
    """``#rrggbb`` (or ``rrggbb``, ``#rgb``) as RGB; None if it is not one."""
    digits = text.strip().lstrip("#")
    if re.fullmatch(r"[0-9A-Fa-f]{3}", digits):
        digits = "".join(digit * 2 for digit in digits)
    if not re.fullmatch(r"[0-9A-Fa-f]{6}", digits):
        return None
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def level_kind(about: dict[str, str]) -> str:
    """The kind of a level from its level info: :data:`COLOUR` or :data:`TWO_COLOUR` (the
    default, also for a kind this version does not know)."""
    return COLOUR if about.get(KIND_KEY, "").strip().lower() in (COLOUR, "color") else TWO_COLOUR


def level_background(about: dict[str, str]) -> RGB:
    """The background of a colour level (white when its level info names none or no colour)."""
    return parse_hex_colour(about.get(BACKGROUND_KEY, "")) or WHITE


def with_kind(about: dict[str, str], kind: str, background: RGB = WHITE) -> dict[str, str]:
    """A copy of ``about`` saying the level is of ``kind`` (a two-colour level's info keeps no kind)."""
    if kind not in KINDS:
        raise ValueError(f"a level's kind is one of {', '.join(KINDS)}, not {kind!r}")
    about = {key: value for key, value in about.items() if key not in LEVEL_KEYS}
    if kind == COLOUR:
        about |= {KIND_KEY: COLOUR, BACKGROUND_KEY: hex_colour(background)}
    return about


# ------------------------------------------------------------------ levels and colour puzzles
def colour_puzzle_of_level(level: Level, about: dict[str, str]) -> ColourPuzzle:
    """The colour puzzle of a level's picture, on the level's background (white for a
    two-colour level), with the level info's title and metadata."""
    grid, palette = indexed_picture(level.picture, level_background(about))
    metadata = {key: value for key, value in about.items() if key not in LEVEL_KEYS + ("title",) and value}
    if len(palette) < 2:  # a blank picture: one colour all the same, so that the palette is complete
        palette.append((0, 0, 0) if palette[0] != (0, 0, 0) else WHITE)
    return ColourPuzzle.of_grid(grid, palette, about.get("title", ""), metadata)


def level_of_colour_puzzle(puzzle: ColourPuzzle) -> tuple[Level, dict[str, str]]:
    """The colour level of a puzzle with a goal (its picture) and its level info."""
    return Level(colour_solution(puzzle.picture(), puzzle.background), puzzle.picture()), about_of_colour_puzzle(puzzle)


def about_of_colour_puzzle(puzzle: ColourPuzzle) -> dict[str, str]:
    """The level info of a colour puzzle: its title and metadata, its kind and background."""
    about = ({"title": puzzle.title} if puzzle.title else {}) | dict(puzzle.metadata)
    return with_kind(about, COLOUR, puzzle.background)


def colour_level(picture: np.ndarray, background: RGB, about: dict[str, str] | None = None
                 ) -> tuple[Level, dict[str, str]]:
    """The colour level of ``picture`` on ``background`` (e.g. an imported image's
    ``ImageSource.colour_picture``), with ``about`` saying so."""
    picture = np.asarray(picture, dtype=np.uint8)
    return Level(colour_solution(picture, background), picture), with_kind(about or {}, COLOUR, background)


def likely_background(level: Level) -> RGB:
    """The colour a two-colour level's picture shows most where its solution is empty (where
    the whole grid is filled: most overall) - the background it would have as a colour level."""
    picture = level.picture[~level.solution] if (~level.solution).any() else level.picture.reshape(-1, 3)
    colours, counts = np.unique(picture.reshape(-1, 3), axis=0, return_counts=True)
    return tuple(int(value) for value in colours[int(np.argmax(counts))])  # type: ignore[return-value]


def convert_level(level: Level, about: dict[str, str], kind: str,
                  background: RGB | None = None) -> tuple[Level, dict[str, str]]:
    """``(level, about)`` as a level of ``kind`` (a pure function: the inputs are not changed).

    To colour: the picture becomes the puzzle, as it is; ``background`` (by default
    :func:`likely_background`) is its blank, and the solution becomes "not background".
    To two-colour: the colour picture's shape ("not background") becomes the solution and the
    picture stays as the reward. Converting to the kind a level has changes only the
    background of a colour level (when one is given)."""
    if kind not in KINDS:
        raise ValueError(f"a level's kind is one of {', '.join(KINDS)}, not {kind!r}")
    picture = level.picture.copy()
    if kind == TWO_COLOUR:
        solution = colour_solution(picture, level_background(about)) if level_kind(about) == COLOUR \
            else level.solution.copy()
        return Level(solution, picture, level.cleared, level.path), with_kind(about, TWO_COLOUR)
    if background is None:
        background = level_background(about) if level_kind(about) == COLOUR else likely_background(level)
    return (Level(colour_solution(picture, background), picture, level.cleared, level.path),
            with_kind(about, COLOUR, background))
