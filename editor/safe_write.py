"""Writing files so that a failed write never destroys the previous ones (Qt-free).

    with AtomicFiles() as files:
        with files.open(path_a) as file:
            file.write(data_a)
        with files.open(path_b) as file:
            file.write(data_b)
        files.commit()

Each :meth:`AtomicFiles.open` writes a temporary file beside its target and flushes it to
disk; :meth:`AtomicFiles.commit` renames them all over their targets, only after every
one was written. An error before the commit (or no commit) removes the temporaries and
leaves every target as it was. The renames are atomic one by one, not as a group.
"""
from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, Iterator


def _new_file_mode() -> int:
    """The mode ``open()`` would give a new file (0o666 less the umask), read once at import."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


NEW_FILE_MODE = _new_file_mode()


class AtomicFiles:
    """See the module doc. ``OSError`` from writing, flushing or renaming propagates."""

    def __init__(self):
        self._written: list[tuple[Path, Path]] = []  # (temporary, target)

    def __enter__(self) -> "AtomicFiles":
        return self

    def __exit__(self, *exc_info) -> None:
        for temporary, _ in self._written:
            temporary.unlink(missing_ok=True)

    @contextmanager
    def open(self, target: str | os.PathLike) -> Iterator[BinaryIO]:
        """A binary file for ``target``'s new contents; it keeps the old file's permissions."""
        target = Path(target)
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        temporary = Path(name)
        self._written.append((temporary, target))
        with os.fdopen(handle, "wb") as file:
            try:  # mkstemp makes private files
                mode = target.stat().st_mode & 0o777
            except OSError:
                mode = NEW_FILE_MODE
            os.chmod(file.fileno(), mode)
            yield file
            file.flush()
            os.fsync(file.fileno())

    def commit(self) -> None:
        for temporary, target in self._written:
            os.replace(temporary, target)
        for folder in {target.parent for _, target in self._written}:
            _fsync_directory(folder)
        self._written = []


def _fsync_directory(folder: Path) -> None:
    """Flush a folder's entries (the renames in it) to disk, where the platform allows."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
