"""A level: the seed game's trio ``name.level`` + ``name.pbm`` + ``name.ppm`` (Qt-free).

``name.level`` holds one line, ``0`` or ``1`` (cleared yet); ``name.pbm`` the solution
(1 = filled); ``name.ppm`` the colour picture the player wins. :func:`load_level` reads
any netpbm form; :func:`save_level` writes plain P1/P3, the three (and the level info
``name.about``, see ``nonogram_editor.level.metadata``) as one: after a failure or a kill at any
instant the level is all old or all new (see ``nonogram_editor.infra.safe_write``).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from nonogram_editor.infra.lazy import numpy as np
from nonogram_editor.infra.safe_write import AtomicFiles, recover
from nonogram_editor.level.errors import LevelError, LevelErrorKind
from nonogram_editor.level.netpbm import (
    HEADER_LIMIT,
    NetpbmError,
    check_header,
    format_pbm,
    format_ppm,
    parse_pbm,
    parse_ppm,
)
from nonogram_editor.level.reading import open_regular, read_at_most

EXTENSIONS = (".level", ".pbm", ".ppm")
ABOUT_SUFFIX = ".about"
WHITE = (255, 255, 255)
FLAG_LIMIT = 64  # bytes: "0" or "1" and a line end, with room for stray spaces


@dataclass
class Level:
    """``solution``: bool (height, width), True = filled; ``picture``: uint8 (height, width, 3)."""

    solution: np.ndarray
    picture: np.ndarray
    cleared: bool = False
    path: Path | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        self.solution = np.asarray(self.solution, dtype=bool)
        self.picture = np.asarray(self.picture, dtype=np.uint8)
        if self.solution.ndim != 2 or self.picture.shape != (*self.solution.shape, 3):
            raise ValueError(f"solution {self.solution.shape} and picture {self.picture.shape} do not match")

    @classmethod
    def blank(cls, width: int, height: int, colour: tuple[int, int, int] = WHITE) -> Level:
        picture = np.empty((height, width, 3), dtype=np.uint8)
        picture[:] = colour
        return cls(np.zeros((height, width), dtype=bool), picture)

    @property
    def width(self) -> int:
        return int(self.solution.shape[1])

    @property
    def height(self) -> int:
        return int(self.solution.shape[0])

    def __eq__(self, other: object) -> bool:
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


def about_path(path: str | os.PathLike) -> Path:
    """The level info file ``NAME.about`` of the level given by any of its trio."""
    return level_paths(path)[0].with_suffix(ABOUT_SUFFIX)


def recover_level(path: str | os.PathLike) -> None:
    """Complete a save of this level that was killed halfway (costs one ``stat`` otherwise)."""
    targets = (*level_paths(path), about_path(path))
    try:
        recover(targets, clean=False)
    except OSError as exc:
        raise LevelError(LevelErrorKind.IO, targets[0], "a save of this level was interrupted and cannot be "
                                                        f"completed here: {exc.strerror or exc}") from None


def _check_directory(folder: Path, writing: bool) -> None:
    if not folder.is_dir():
        reason = "does not exist" if not folder.exists() else "is not a folder"
        raise LevelError(LevelErrorKind.INVALID_DIRECTORY, folder, f"the folder {reason}")
    mode = os.W_OK | os.X_OK if writing else os.R_OK | os.X_OK
    if not os.access(folder, mode):
        raise LevelError(LevelErrorKind.INVALID_DIRECTORY, folder,
                         f"no permission to {'write' if writing else 'read'} in this folder")


def _read_flag(path: Path) -> bytes:
    file, size = open_regular(path)
    with file:
        if size > FLAG_LIMIT:  # not a .level file (perhaps a link to another file): quote nothing
            raise LevelError(LevelErrorKind.LEVEL_FLAG, path, f"it holds {size} bytes; a .level file holds "
                                                              "one line, 0 (not cleared) or 1 (cleared)")
        return read_at_most(file, path, FLAG_LIMIT, "a .level file")


def parse_level_flag(data: bytes, path: Path) -> bool:
    """The cleared flag of a ``.level`` file: one line, 0 or 1."""
    text = data.strip()
    if text not in (b"0", b"1"):
        if not text:
            found = "nothing"
        elif len(text) <= 8 and all(0x20 <= byte < 0x7F for byte in text):  # a plausible slip: show it
            found = repr(text.decode("ascii"))
        else:
            found = f"{len(data)} bytes of something else"
        raise LevelError(LevelErrorKind.LEVEL_FLAG, path,
                         f"it must hold 0 (not cleared) or 1 (cleared), it holds {found}")
    return text == b"1"


def _read_netpbm(path: Path, pixmap: bool) -> np.ndarray:
    """A solution (PBM) or picture (PPM); the header and size are judged before the body is read."""
    kind = LevelErrorKind.PARSE_PPM if pixmap else LevelErrorKind.PARSE_PBM
    file, size = open_regular(path)
    with file:
        try:
            data = file.read(HEADER_LIMIT)
            limit = check_header(data, size, pixmap)
            data += read_at_most(file, path, limit - len(data), "the image its header declares")
            return parse_ppm(data) if pixmap else parse_pbm(data)
        except NetpbmError as exc:
            raise LevelError(kind, path, str(exc)) from None
        except OSError as exc:
            raise LevelError(LevelErrorKind.IO, path, exc.strerror or str(exc)) from None


def load_level(path: str | os.PathLike) -> Level:
    """Read a level trio; raises :class:`LevelError` naming the file and the problem."""
    targets = level_paths(path)
    level_path, pbm_path, ppm_path = targets
    _check_directory(level_path.parent, writing=False)
    recover_level(level_path)
    cleared = parse_level_flag(_read_flag(level_path), level_path)
    solution = _read_netpbm(pbm_path, pixmap=False)
    picture = _read_netpbm(ppm_path, pixmap=True)
    if picture.shape[:2] != solution.shape:
        raise LevelError(LevelErrorKind.SIZE_MISMATCH, ppm_path,
                         f"the picture is {picture.shape[1]}x{picture.shape[0]}, "
                         f"the solution {pbm_path.name} is {solution.shape[1]}x{solution.shape[0]}")
    return Level(solution, picture, cleared, level_path)


def save_level(level: Level, path: str | os.PathLike, about: bytes | None = None) -> None:
    """Write the trio as one (``AtomicFiles``): if anything fails, the previous files are
    untouched and :class:`LevelError` is raised; a kill leaves the old or the new trio.
    ``about``: the contents of ``NAME.about``, written (or, when empty, deleted) in the same
    group; None leaves it as it is."""
    targets = level_paths(path)
    _check_directory(targets[0].parent, writing=True)
    group = (*targets, about_path(targets[0]))
    contents = [b"1\n" if level.cleared else b"0\n", format_pbm(level.solution), format_ppm(level.picture)]
    if about:
        contents.append(about)
    target = targets[0]
    try:
        with AtomicFiles(group) as files:
            for target, data in zip(group, contents):
                if target.is_dir():
                    raise LevelError(LevelErrorKind.IO, target, "a folder has this name")
                with files.open(target) as file:
                    file.write(data)
            if about is not None and not about and os.path.lexists(group[3]):
                files.remove(group[3])
            files.commit()
    except OSError as exc:
        raise LevelError(LevelErrorKind.IO, target, f"could not save: {exc.strerror or exc}") from None
    level.path = targets[0]
