"""The one error type of the level readers and writers (Qt-free).

Modelled on the seed game's ``LevelLoadError`` (Io, ParsePbm, ParsePpm, InvalidDirectory),
with the kinds the editor needs too: a ``.level`` flag that is not 0/1, a solution and
picture of different sizes, and an image File > Import Image cannot use. ``str(error)`` names the file and says what is
wrong, ready to show to the user as it is.
"""
from __future__ import annotations

import os
from enum import Enum
from pathlib import Path


class LevelErrorKind(Enum):
    IO = "cannot read or write the file"
    PARSE_PBM = "not a valid PBM solution bitmap"
    PARSE_PPM = "not a valid PPM colour picture"
    LEVEL_FLAG = "not a valid .level file"
    SIZE_MISMATCH = "the solution and the picture differ in size"
    INVALID_DIRECTORY = "not a usable folder"
    IMAGE = "cannot import the image"


class LevelError(Exception):
    """A level could not be read or written: ``kind``, ``path`` and a human-readable ``detail``."""

    IO = LevelErrorKind.IO
    PARSE_PBM = LevelErrorKind.PARSE_PBM
    PARSE_PPM = LevelErrorKind.PARSE_PPM
    LEVEL_FLAG = LevelErrorKind.LEVEL_FLAG
    SIZE_MISMATCH = LevelErrorKind.SIZE_MISMATCH
    INVALID_DIRECTORY = LevelErrorKind.INVALID_DIRECTORY
    IMAGE = LevelErrorKind.IMAGE

    def __init__(self, kind: LevelErrorKind, path: str | os.PathLike[str], detail: str = ""):
        self.kind = kind
        self.path = Path(path)
        self.detail = detail
        super().__init__(str(self))

    def __str__(self) -> str:
        text = f"{self.path}: {self.kind.value}"
        return f"{text}: {self.detail}" if self.detail else text

    def __reduce__(self) -> tuple[type[LevelError], tuple[LevelErrorKind, Path, str]]:  # picklable across process pools
        return (type(self), (self.kind, self.path, self.detail))
