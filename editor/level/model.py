"""A level: the seed game's trio ``name.level`` + ``name.pbm`` + ``name.ppm`` (Qt-free).

``name.level`` holds one line, ``0`` or ``1`` (cleared yet); ``name.pbm`` the solution
(1 = filled); ``name.ppm`` the colour picture the player wins. :func:`load_level` reads
any netpbm form; :func:`save_level` writes plain P1/P3 atomically.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from editor.level.errors import LevelError, LevelErrorKind
from editor.level.netpbm import NetpbmError, format_pbm, format_ppm, parse_pbm, parse_ppm
from editor.safe_write import AtomicFiles

EXTENSIONS = (".level", ".pbm", ".ppm")
WHITE = (255, 255, 255)




@dataclass
class Level:
    """``solution``: bool (height, width), True = filled; ``picture``: uint8 (height, width, 3)."""

    solution: np.ndarray
    picture: np.ndarray
    cleared: bool = False
    path: Path | None = field(default=None, compare=False)

    def __post_init__(self):
        self.solution = np.asarray(self.solution, dtype=bool)
        self.picture = np.asarray(self.picture, dtype=np.uint8)
        if self.solution.ndim != 2 or self.picture.shape != (*self.solution.shape, 3):
            raise ValueError(f"solution {self.solution.shape} and picture {self.picture.shape} do not match")

    @classmethod
    def blank(cls, width: int, height: int, colour: tuple[int, int, int] = WHITE) -> "Level":
        picture = np.empty((height, width, 3), dtype=np.uint8)
        picture[:] = colour
        return cls(np.zeros((height, width), dtype=bool), picture)

    @property
    def width(self) -> int:
        return int(self.solution.shape[1])

    @property
    def height(self) -> int:
        return int(self.solution.shape[0])

    def __eq__(self, other) -> bool:
        if not isinstance(other, Level):
            return NotImplemented
        return (self.cleared == other.cleared and np.array_equal(self.solution, other.solution)
                and np.array_equal(self.picture, other.picture))


def level_paths(path: str | os.PathLike) -> tuple[Path, Path, Path]:
    """The ``.level``, ``.pbm`` and ``.ppm`` paths of a level given by any of the three."""
    path = Path(path)
    if path.suffix.lower() in EXTENSIONS:
        path = path.with_suffix("")
    return tuple(path.with_name(path.name + ext) for ext in EXTENSIONS)  # type: ignore[return-value]


def _check_directory(folder: Path, writing: bool) -> None:
    if not folder.is_dir():
        reason = "does not exist" if not folder.exists() else "is not a folder"
        raise LevelError(LevelErrorKind.INVALID_DIRECTORY, folder, f"the folder {reason}")
    mode = os.W_OK | os.X_OK if writing else os.R_OK | os.X_OK
    if not os.access(folder, mode):
        raise LevelError(LevelErrorKind.INVALID_DIRECTORY, folder,
                         f"no permission to {'write' if writing else 'read'} in this folder")


def _read_bytes(path: Path) -> bytes:
    try:
        with open(path, "rb") as file:
            return file.read()
    except FileNotFoundError:
        raise LevelError(LevelErrorKind.IO, path, "the file is missing") from None
    except IsADirectoryError:
        raise LevelError(LevelErrorKind.IO, path, "this is a folder, not a file") from None
    except OSError as exc:
        raise LevelError(LevelErrorKind.IO, path, exc.strerror or str(exc)) from None


def parse_level_flag(data: bytes, path: Path) -> bool:
    """The cleared flag of a ``.level`` file: one line, 0 or 1."""
    text = data.strip()
    if text not in (b"0", b"1"):
        found = repr(text[:20].decode("latin-1")) if text else "nothing"
        raise LevelError(LevelErrorKind.LEVEL_FLAG, path,
                         f"it must hold 0 (not cleared) or 1 (cleared), it holds {found}")
    return text == b"1"


def load_level(path: str | os.PathLike) -> Level:
    """Read a level trio; raises :class:`LevelError` naming the file and the problem."""
    level_path, pbm_path, ppm_path = level_paths(path)
    _check_directory(level_path.parent, writing=False)
    cleared = parse_level_flag(_read_bytes(level_path), level_path)
    try:
        solution = parse_pbm(_read_bytes(pbm_path))
    except NetpbmError as exc:
        raise LevelError(LevelErrorKind.PARSE_PBM, pbm_path, str(exc)) from None
    try:
        picture = parse_ppm(_read_bytes(ppm_path))
    except NetpbmError as exc:
        raise LevelError(LevelErrorKind.PARSE_PPM, ppm_path, str(exc)) from None
    if picture.shape[:2] != solution.shape:
        raise LevelError(LevelErrorKind.SIZE_MISMATCH, ppm_path,
                         f"the picture is {picture.shape[1]}x{picture.shape[0]}, "
                         f"the solution {pbm_path.name} is {solution.shape[1]}x{solution.shape[0]}")
    return Level(solution, picture, cleared, level_path)


def save_level(level: Level, path: str | os.PathLike) -> None:
    """Write the trio atomically: all three go to temporary files in the same folder, are
    flushed to disk, then each replaces its target. If anything fails before the renames,
    the previous files are untouched and :class:`LevelError` is raised."""
    targets = level_paths(path)
    _check_directory(targets[0].parent, writing=True)
    contents = (b"1\n" if level.cleared else b"0\n", format_pbm(level.solution), format_ppm(level.picture))
    target = targets[0]
    try:
        with AtomicFiles() as files:
            for target, data in zip(targets, contents):
                if target.is_dir():
                    raise LevelError(LevelErrorKind.IO, target, "a folder has this name")
                with files.open(target) as file:
                    file.write(data)
            files.commit()
    except OSError as exc:
        raise LevelError(LevelErrorKind.IO, target, f"could not save: {exc.strerror or exc}") from None
    level.path = targets[0]
