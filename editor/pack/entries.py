"""The levels and puzzles of a pack folder, read without trusting them (Qt-free).

:func:`scan_folder` finds every level (``NAME.level`` with its ``.pbm`` and ``.ppm``) and puzzle
file the editor opens (``nonogram_editor.level.puzzle_formats``) directly in a folder, and reads
each into an :class:`Entry` (one per puzzle of a file holding several): its size, colours,
title, cleared flag, solution and picture (the thumbnails), its clues, and a digest of its
bytes (the key of its cached verdict, ``nonogram_editor.pack.checks``). A file that cannot be
read is an entry with its ``error`` in words.
"""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from nonogram_editor.level.clues import clues as clues_of_grid
from nonogram_editor.level.colour import COLOUR, ColourPuzzle, colour_puzzle_of_level, level_kind
from nonogram_editor.level.metadata import about_path, non_metadata, read_about
from nonogram_editor.level.model import EXTENSIONS, level_paths, load_level
from nonogram_editor.level.non_format import NonPuzzle, read_puzzle_data
from nonogram_editor.level.puzzle_formats import Puzzle, is_puzzle_file, parse_puzzles
from nonogram_editor.level.reading import read_capped
from nonogram_editor.pack.result import Result

LEVEL = "level"
LEVEL_SUFFIX = EXTENSIONS[0]
LEVEL_FILE_LIMIT = 1 << 26  # bytes per file of a trio, for the digest (a 128x128 plain PPM is ~200 kB)
BLACK_AND_WHITE = np.array([[255, 255, 255], [0, 0, 0]], dtype=np.uint8)


@dataclass(eq=False)
class Entry:
    """One level or puzzle of a pack. ``name``: its file in the folder (a level's ``NAME.level``);
    ``index``: which puzzle of a file holding several (from 0; None: the file holds one).
    ``solution``: bool for two colours, palette indices for colour (None: bare clues, until
    solved); ``picture``: RGB uint8 (a two-colour puzzle file's: black on white)."""

    name: str
    index: int | None = None
    kind: str = LEVEL  # LEVEL or a puzzle file's suffix
    digest: str = ""
    title: str = ""
    width: int = 0
    height: int = 0
    colours: int = 2  # the palette's size, background included
    cleared: bool | None = None  # levels only
    solution: np.ndarray | None = None
    picture: np.ndarray | None = None
    puzzle: Puzzle | None = None  # the clues (with the goal where known); a two-colour level's: see clues()
    about: dict[str, str] = field(default_factory=dict)
    error: str | None = None
    result: Result | None = None  # its verdict and grade, once checked (nonogram_editor.pack.result)

    @property
    def label(self) -> str:
        """How messages name it: the file, and the puzzle's number in a file holding several."""
        return self.name if self.index is None else f"{self.name} (puzzle {self.index + 1})"

    @property
    def size(self) -> str:
        return f"{self.width}x{self.height}" if self.width else ""

    def clues(self) -> Puzzle | None:
        """The entry's puzzle: its clues, and its goal where known (a two-colour level's clues
        are worked out from its solution when first asked for)."""
        if self.puzzle is None and self.error is None and self.solution is not None:
            rows, columns = clues_of_grid(self.solution)
            title, metadata = non_metadata(self.about)
            self.puzzle = NonPuzzle(self.width, self.height, rows, columns, self.solution, title or self.title,
                                    metadata)
        return self.puzzle

    def solved(self, solution: np.ndarray) -> None:
        """Give bare clues the solution their check found (the solution thumbnail and picture)."""
        colour = isinstance(self.puzzle, ColourPuzzle)  # one ink and the background: still palette indices
        self.solution = np.asarray(solution, dtype=np.int32 if colour else bool)
        self.picture = _picture(self.puzzle, self.solution)


def scan_folder(folder: str | os.PathLike) -> list[Entry]:
    """Every level and puzzle in ``folder`` (not its subfolders), by file name; OSError when the
    folder cannot be listed."""
    folder = Path(folder)
    names = sorted(name for name in os.listdir(folder) if is_pack_file(name))
    return [entry for name in names for entry in read_entries(folder, name)]


def is_pack_file(name: str) -> bool:
    """Whether a file of a folder is one of its pack's entries (hidden files never are)."""
    return not name.startswith(".") and (Path(name).suffix.lower() == LEVEL_SUFFIX or is_puzzle_file(name))


def read_entries(folder: Path, name: str) -> list[Entry]:
    """The entries of one file: one for a level, one per puzzle of a puzzle file (one with the
    error when it cannot be read)."""
    path = folder / name
    try:
        if Path(name).suffix.lower() == LEVEL_SUFFIX:
            return [_level_entry(path, name)]
        return _puzzle_entries(path, name)
    except Exception as error:  # one bad file costs only itself (a LevelError names it already)
        text = str(error)
        if name not in text:
            text = f"{path}: could not be read: {type(error).__name__}: {text}"
        return [Entry(name, kind=LEVEL if name.lower().endswith(LEVEL_SUFFIX) else Path(name).suffix.lower(),
                      title=Path(name).stem, error=text)]


def _level_entry(path: Path, name: str) -> Entry:
    trio = level_paths(path)
    about_file = about_path(path)
    parts = [read_capped(file, LEVEL_FILE_LIMIT, "a level's file") for file in trio]
    if os.path.lexists(about_file):
        parts.append(read_capped(about_file, LEVEL_FILE_LIMIT, "level info"))
    level = load_level(path)
    about = read_about(path)
    title = about.get("title") or trio[0].stem
    entry = Entry(name, kind=LEVEL, digest=_digest(parts), title=title, width=level.width, height=level.height,
                  cleared=level.cleared, picture=level.picture, about=about)
    if level_kind(about) == COLOUR:
        puzzle = colour_puzzle_of_level(level, about)
        puzzle.title = title
        entry.puzzle, entry.solution, entry.colours = puzzle, puzzle.goal, len(puzzle.palette)
    else:
        entry.solution = level.solution
    return entry


def _puzzle_entries(path: Path, name: str) -> list[Entry]:
    data = read_puzzle_data(path, "a puzzle file")
    puzzles = parse_puzzles(data, path)
    digest = _digest([data])
    entries = []
    for index, puzzle in enumerate(puzzles):
        several = len(puzzles) > 1
        fits = puzzle.goal is not None and puzzle.goal_fits()
        colours = len(puzzle.palette) if isinstance(puzzle, ColourPuzzle) else 2
        entry = Entry(name, index if several else None, Path(name).suffix.lower(), digest,
                      puzzle.title or (f"{path.stem} {index + 1}" if several else path.stem),
                      puzzle.width, puzzle.height, colours, puzzle=puzzle)
        if fits:
            entry.solved(puzzle.goal)
        entries.append(entry)
    return entries


def _picture(puzzle: Puzzle | None, solution: np.ndarray) -> np.ndarray:
    """The colour picture of a puzzle's solution: its palette's colours, or black on white."""
    if isinstance(puzzle, ColourPuzzle):
        return np.asarray(puzzle.palette, dtype=np.uint8)[solution.astype(np.intp)]
    return BLACK_AND_WHITE[solution.astype(np.intp)]


def _digest(parts: list[bytes]) -> str:
    """A digest of a file's bytes (of a level's files, in order): equal for equal contents."""
    digest = hashlib.blake2b(digest_size=20)
    for part in parts:
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.hexdigest()


def thumbnail(grid: np.ndarray, side: int) -> np.ndarray:
    """A picture (RGB) or solution (bool or palette indices: black where not blank, on white)
    made at most ``side`` pixels on its longer side (nearest cell; a small grid stays as it is)."""
    if grid.ndim == 2:
        grid = BLACK_AND_WHITE[(grid != 0).astype(np.intp)]
    height, width = grid.shape[:2]
    scale = max(height, width) / side
    if scale <= 1:
        return np.ascontiguousarray(grid)
    rows = (np.arange(max(1, round(height / scale))) * scale).astype(np.intp)
    columns = (np.arange(max(1, round(width / scale))) * scale).astype(np.intp)
    return np.ascontiguousarray(grid[rows][:, columns])
