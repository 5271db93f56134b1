"""Renaming, duplicating and deleting a pack's files, each undoable (Qt-free).

A level is its ``NAME.level``, ``.pbm``, ``.ppm`` and ``.about``; a puzzle file is itself (all
its puzzles go together). Each operation keeps ``pack.order`` in step (a renamed or duplicated
file keeps or takes its place in the play order) and returns a function that undoes it: a
deleted file's bytes are kept in memory until then and written back through ``safe_write``.
Errors are LevelError naming the file.
"""
from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

from nonogram_editor.infra.safe_write import write_file
from nonogram_editor.level import LevelError, LevelErrorKind
from nonogram_editor.level.metadata import about_path
from nonogram_editor.level.model import level_paths
from nonogram_editor.pack.entries import LEVEL_SUFFIX
from nonogram_editor.pack.order import play_order, read_order, write_order

Undo = Callable[[], None]


def files_of(folder: Path, name: str) -> list[Path]:
    """The files that make the pack file ``name``: a level's four (those that exist), else itself."""
    path = folder / name
    if Path(name).suffix.lower() != LEVEL_SUFFIX:
        return [path]
    return [file for file in (*level_paths(path), about_path(path)) if os.path.lexists(file)]


def _renamed(file: Path, old: str, new: str) -> Path:
    """``file`` of the pack file ``old`` as a file of ``new`` (its own suffix kept for a level's)."""
    if Path(old).suffix.lower() != LEVEL_SUFFIX:
        return file.with_name(new)
    return file.with_name(Path(new).stem + file.suffix)


def _check_free(folder: Path, old: str, new: str) -> None:
    if "/" in new or os.sep in new or new in ("", ".", ".."):
        raise LevelError(LevelErrorKind.IO, folder / new, "a name in the pack's folder has no folder in it")
    if Path(new).suffix.lower() != Path(old).suffix.lower():
        raise LevelError(LevelErrorKind.IO, folder / new, f"the name must end in {Path(old).suffix}")
    for file in files_of(folder, old):
        target = _renamed(file, old, new)
        if os.path.lexists(target):
            raise LevelError(LevelErrorKind.IO, target, "a file of that name is there already")


def _order(folder: Path, names: list[str], change: Callable[[list[str]], list[str]]) -> Undo:
    """Change the saved play order of ``names`` (the pack's files); undo puts the old one back."""
    before = play_order(names, read_order(folder))
    write_order(folder, change(list(before)))
    return lambda: write_order(folder, before)


def rename(folder: Path, names: list[str], old: str, new: str) -> Undo:
    """Rename the pack file ``old`` (one of ``names``, the pack's files) to ``new``, in its place."""
    _check_free(folder, old, new)
    moves = [(file, _renamed(file, old, new)) for file in files_of(folder, old)]
    undo_order = _order(folder, names, lambda order: [new if name == old else name for name in order])
    try:
        for source, target in moves:
            os.rename(source, target)
    except OSError as error:
        raise LevelError(LevelErrorKind.IO, folder / old, f"could not rename: {error.strerror or error}") from None

    def undo() -> None:
        for source, target in moves:
            os.rename(target, source)
        undo_order()
    return undo


def copy_name(folder: Path, name: str) -> str:
    """A free name for a copy of ``name``: ``NAME copy.level``, ``NAME copy 2.level``, ..."""
    stem, suffix = Path(name).stem, Path(name).suffix
    for number in range(1, 10_000):
        candidate = f"{stem} copy{'' if number == 1 else f' {number}'}{suffix}"
        if not any(os.path.lexists(_renamed(file, name, candidate)) for file in files_of(folder, name)):
            return candidate
    raise LevelError(LevelErrorKind.IO, folder / name, "no free name for a copy")


def duplicate(folder: Path, names: list[str], name: str) -> tuple[str, Undo]:
    """Copy the pack file ``name``; the copy comes right after it in play order. The copy's name
    and the undo."""
    new = copy_name(folder, name)
    copies = [(file, _renamed(file, name, new)) for file in files_of(folder, name)]
    try:
        for source, target in copies:
            shutil.copyfile(source, target)
    except OSError as error:
        for _, target in copies:
            Path(target).unlink(missing_ok=True)
        raise LevelError(LevelErrorKind.IO, folder / new, f"could not copy: {error.strerror or error}") from None
    undo_order = _order(folder, names, lambda order: _after(order, name, new))

    def undo() -> None:
        for _, target in copies:
            target.unlink(missing_ok=True)
        undo_order()
    return new, undo


def _after(order: list[str], name: str, new: str) -> list[str]:
    position = order.index(name) + 1 if name in order else len(order)
    return order[:position] + [new] + order[position:]


def delete(folder: Path, names: list[str], name: str) -> Undo:
    """Delete the pack file ``name``; undo writes its files back and puts it in its place again."""
    kept = [(file, file.read_bytes()) for file in files_of(folder, name)]
    undo_order = _order(folder, names, lambda order: [other for other in order if other != name])
    try:
        for file, _ in kept:
            file.unlink()
    except OSError as error:
        raise LevelError(LevelErrorKind.IO, folder / name, f"could not delete: {error.strerror or error}") from None

    def undo() -> None:
        for file, data in kept:
            write_file(file, data)
        undo_order()
    return undo
