"""Reading a level's files without trusting them (Qt-free).

A path may name anything: a named pipe (reading would wait forever), a link to ``/dev/zero``
(reading would never end), a link loop, or a huge sparse file. :func:`open_regular` opens only
regular files, after following links, and never blocks; callers check the size (and for
netpbm the header) before reading the body, and read no more than they allow.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

from nonogram_editor.level.errors import LevelError, LevelErrorKind

_NOT_REGULAR = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
                (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def open_regular(path: Path) -> tuple[BinaryIO, int]:
    """The open file and its size; :class:`LevelError` (IO) saying what the path is instead."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        detail = "it is a link to a file that does not exist" if os.path.islink(path) else "the file is missing"
        raise LevelError(LevelErrorKind.IO, path, detail) from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            detail = "it is a loop of symbolic links (or a chain too long to follow), not a file"
        else:
            detail = error.strerror or str(error)
        raise LevelError(LevelErrorKind.IO, path, detail) from None
    status = os.fstat(descriptor)
    mode = status.st_mode
    if stat.S_ISREG(mode):
        return os.fdopen(descriptor, "rb"), status.st_size
    os.close(descriptor)  # before fdopen, which refuses a folder
    if stat.S_ISDIR(mode):
        raise LevelError(LevelErrorKind.IO, path, "this is a folder, not a file")
    what = next((name for test, name in _NOT_REGULAR if test(mode)), "not a regular file")
    raise LevelError(LevelErrorKind.IO, path, f"it is {what}, not a regular file")


def read_capped(path: Path, limit: int, what: str) -> bytes:
    """The whole of a regular file no larger than ``limit`` bytes (``what`` names the kind of file)."""
    file, size = open_regular(path)
    with file:
        if size > limit:
            raise LevelError(LevelErrorKind.IO, path, f"the file is {size} bytes, too large for {what} "
                                                      f"(at most {limit})")
        return read_at_most(file, path, limit, what)


def read_at_most(file: BinaryIO, path: Path, limit: int, what: str) -> bytes:
    """The rest of ``file``, refusing it if it holds more than ``limit`` bytes (it may grow while read)."""
    try:
        data = file.read(limit + 1)
    except OSError as error:
        raise LevelError(LevelErrorKind.IO, path, error.strerror or str(error)) from None
    if len(data) > limit:
        raise LevelError(LevelErrorKind.IO, path, f"the file grew beyond {limit} bytes while read, too large "
                                                  f"for {what}")
    return data
