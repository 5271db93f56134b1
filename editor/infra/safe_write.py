"""Writing a group of files so that a failed or interrupted write never destroys the previous ones (Qt-free).

    with AtomicFiles([path_a, path_b]) as files:
        with files.open(path_a) as file:
            file.write(data_a)
        with files.open(path_b) as file:
            file.write(data_b)
        files.remove(path_c)  # deleted with the commit
        files.commit()

The group is replaced as a whole. After an error, no commit, or the process killed at any
instant, every target holds either its old or its new contents, the same for the whole group
once :func:`recover` has run on it (``AtomicFiles`` runs it on entry; readers of a group call
it before reading).

How: :meth:`AtomicFiles.open` writes a temporary ``.NAME.XXXXXXXX.tmp`` beside its target,
flushes it to disk and holds an advisory lock on it while the writer lives.
:meth:`AtomicFiles.commit` writes a journal ``.FIRST.journal`` naming each temporary and its
target, and the targets to delete (the journal's arrival is the commit point), renames the
temporaries over their targets, deletes those targets, then deletes the journal.
:func:`recover` finishes the renames and deletions of a journal that a killed commit left,
and deletes temporaries that no live writer holds (those of a write that never committed).
Commits and recoveries in one folder take turns through a lock on the folder. All targets of
a group share one folder. :func:`write_file` replaces a single file this way.
"""
from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

try:
    import fcntl
except ImportError:  # no advisory locks (Windows): writers are not guarded against each other
    fcntl = None  # type: ignore[assignment]

JOURNAL_LIMIT = 1 << 16


def _new_file_mode() -> int:
    """The mode ``open()`` would give a new file (0o666 less the umask), read once at import."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


NEW_FILE_MODE = _new_file_mode()


class AtomicFiles:
    """See the module doc. ``OSError`` from writing, flushing or renaming propagates."""

    def __init__(self, targets: Iterable[str | os.PathLike]):
        self._targets = [Path(target) for target in targets]
        folders = {target.parent for target in self._targets}
        if len(folders) != 1:
            raise ValueError(f"the files of a group must share one folder, not {sorted(map(str, folders))}")
        self._folder = folders.pop()
        self._written: list[tuple[Path, Path, int]] = []  # (temporary, target, its locked descriptor)
        self._removed: list[Path] = []
        self._journaled = False  # once the journal names the temporaries, they are recovery's to finish

    def __enter__(self) -> AtomicFiles:
        recover(self._targets)
        return self

    def __exit__(self, *exc_info) -> None:
        for temporary, _, descriptor in self._written:
            if not self._journaled:
                temporary.unlink(missing_ok=True)
            os.close(descriptor)
        self._written = []

    @contextmanager
    def open(self, target: str | os.PathLike) -> Iterator[BinaryIO]:
        """A binary file for ``target``'s new contents; it keeps the old file's permissions."""
        target = Path(target)
        if target not in self._targets:
            raise ValueError(f"{target} is not one of this group's files")
        with _folder_lock(self._folder):  # so that no recovery takes it for a dead writer's
            descriptor, name = _temporary(target)
            self._written.append((Path(name), target, descriptor))
        with os.fdopen(descriptor, "wb", closefd=False) as file:  # the descriptor keeps the lock until exit
            try:  # a temporary is private; the file gets the old file's mode, or a new file's
                mode = target.stat().st_mode & 0o777
            except OSError:
                mode = NEW_FILE_MODE
            os.chmod(descriptor, mode)
            yield file
            file.flush()
            os.fsync(descriptor)

    def remove(self, target: str | os.PathLike) -> None:
        """Delete ``target`` (if it exists) with the commit, as part of the group."""
        target = Path(target)
        if target not in self._targets:
            raise ValueError(f"{target} is not one of this group's files")
        self._removed.append(target)

    def commit(self) -> None:
        """Make every written file current and delete the removed ones: all of it, even if the
        process dies halfway."""
        journal = _journal_path(self._targets)
        with _folder_lock(self._folder):
            if len(self._written) + len(self._removed) > 1:
                renames = [[temporary.name, target.name] for temporary, target, _ in self._written]
                descriptor, name = _temporary(journal)
                try:
                    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
                        json.dump({"renames": renames, "removes": [target.name for target in self._removed]}, file)
                        file.flush()
                        os.fsync(descriptor)
                    os.replace(name, journal)
                except BaseException:
                    Path(name).unlink(missing_ok=True)
                    raise
                self._journaled = True
                _fsync_directory(self._folder)
            for temporary, target, _ in self._written:
                os.replace(temporary, target)
            for target in self._removed:
                target.unlink(missing_ok=True)
            _fsync_directory(self._folder)
            journal.unlink(missing_ok=True)


def write_file(path: str | os.PathLike, data: bytes) -> None:
    """Replace one file's contents as a whole (a group of one); ``OSError`` if that failed."""
    with AtomicFiles([path]) as files:
        with files.open(path) as file:
            file.write(data)
        files.commit()


def write_file_named(path: str | os.PathLike, data: bytes) -> None:
    """:func:`write_file` for an export: its ``OSError`` says ``"PATH: reason"``."""
    try:
        write_file(path, data)
    except OSError as error:
        raise OSError(f"{Path(path)}: {error.strerror or error}") from None


def recover(targets: Iterable[str | os.PathLike], clean: bool = True) -> None:
    """Complete a commit on this group that a killed process left halfway; with ``clean``, also
    delete the temporaries of writes that died before committing. Without ``clean`` this costs
    one ``stat`` when there is nothing to complete (loaders call it before every read)."""
    targets = [Path(target) for target in targets]
    journal = _journal_path(targets)
    if not clean and not os.path.lexists(journal):
        return
    folder = journal.parent
    with _folder_lock(folder):
        renames, removes = _journal_entries(journal, targets)
        for temporary, target in renames:
            try:
                os.replace(folder / temporary, folder / target)
            except FileNotFoundError:  # renamed before the kill
                pass
        for target in removes:
            (folder / target).unlink(missing_ok=True)
        if os.path.lexists(journal):
            _fsync_directory(folder)
            journal.unlink()
        _delete_stale_temporaries(folder, [target.name for target in targets] + [journal.name])


def _journal_path(targets: list[Path]) -> Path:
    return targets[0].with_name(f".{targets[0].name}.journal")


def _temporary_pattern(name: str) -> re.Pattern:
    return re.compile(re.escape(f".{name}.") + r"[a-z0-9_]{8}\.tmp")


def _temporary(target: Path) -> tuple[int, str]:
    """A new locked temporary file beside ``target``: its descriptor and path."""
    import tempfile

    descriptor, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    if fcntl is not None:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
    return descriptor, name


def _journal_entries(journal: Path, targets: list[Path]) -> tuple[list[tuple[str, str]], list[str]]:
    """The (temporary, target) names a journal lists to rename, and the targets to delete; only
    names of this group's files count."""
    try:
        descriptor = os.open(journal, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return [], []
    try:
        with os.fdopen(descriptor, "rb") as file:
            entries = json.loads(file.read(JOURNAL_LIMIT))
        names = {target.name for target in targets}
        renames = [(temporary, target) for temporary, target in entries["renames"]
                   if target in names and _temporary_pattern(target).fullmatch(temporary)]
        return renames, [target for target in entries.get("removes", []) if target in names]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):  # not a journal this module wrote
        return [], []


def _delete_stale_temporaries(folder: Path, names: list[str]) -> None:
    patterns = [_temporary_pattern(name) for name in names]
    try:
        entries = [entry.name for entry in os.scandir(folder) if entry.name.endswith(".tmp")]
    except OSError:
        return
    for name in entries:
        if not any(pattern.fullmatch(name) for pattern in patterns):
            continue
        path = folder / name
        try:
            descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            continue
        try:
            if fcntl is not None:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)  # held: a live writer's
            path.unlink()
        except OSError:
            pass
        finally:
            os.close(descriptor)


@contextmanager
def _folder_lock(folder: Path) -> Iterator[None]:
    """Exclusive use of the folder among the writers and recoveries of this module, where the
    platform allows (elsewhere, and where the folder cannot be opened, no lock)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        descriptor = None
    try:
        if descriptor is not None and fcntl is not None:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX)
            except OSError:  # e.g. a file system without flock
                pass
        yield
    finally:
        if descriptor is not None:
            os.close(descriptor)


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
