"""A pack: a folder of levels and puzzles in play order, with their verdicts (Qt-free).

    pack = Pack.open(folder)                 # scanned, in play order (pack.order)
    for position, entry in enumerate(pack.entries): ...
    pack.check(cache=ResultCache())          # every verdict and grade, cached by content
    pack.warnings()                          # {position: [warning, ...]}
    pack.reorder(names)                      # a new play order, saved in pack.order
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from nonogram_editor.infra.tasks import Task
from nonogram_editor.level import LevelError, LevelErrorKind
from nonogram_editor.pack.balance import pack_warnings
from nonogram_editor.pack.checks import ResultCache, result_of
from nonogram_editor.pack.entries import Entry, scan_folder
from nonogram_editor.pack.order import play_order, read_order, write_order


@dataclass
class Pack:
    folder: Path
    entries: list[Entry]  # in play order
    problems: list[str] = field(default_factory=list)  # the play order file's, in words

    @classmethod
    def open(cls, folder: str | os.PathLike) -> Pack:
        """The pack in ``folder``; LevelError when it is not a folder that can be read (a bad
        play order file is one of :attr:`problems`: the pack is in name order then)."""
        folder = Path(folder)
        if not folder.is_dir():
            reason = "does not exist" if not folder.exists() else "is not a folder"
            raise LevelError(LevelErrorKind.INVALID_DIRECTORY, folder, f"the folder {reason}")
        try:
            entries = scan_folder(folder)
        except OSError as error:
            raise LevelError(LevelErrorKind.INVALID_DIRECTORY, folder,
                             f"the folder cannot be read ({error.strerror or error})") from None
        problems = []
        try:
            listed = read_order(folder)
        except LevelError as error:
            listed, problems = [], [f"{error}; the pack is in name order"]
        return cls(folder, in_play_order(entries, listed), problems=problems)

    @property
    def names(self) -> list[str]:
        """The pack's files in play order."""
        return list(dict.fromkeys(entry.name for entry in self.entries))

    def check(self, cache: ResultCache | None = None, time_limit: float | None = None, grade: bool = True,
              task: Task | None = None, refresh: bool = False) -> None:
        """The verdict of every entry that has none (kept ones from ``cache``, unless ``refresh``:
        then checked again and kept); ``task`` reports each entry and cancels the checks."""
        unchecked = [entry for entry in self.entries if entry.error is None and entry.result is None]
        for done, entry in enumerate(unchecked):
            if task is not None:
                task.check_cancelled()
                task.report(done, len(unchecked), entry.label)
            entry.result = result_of(entry, self.folder, cache, time_limit, grade, task, refresh)

    def warnings(self) -> dict[int, list[str]]:
        """Warnings by position in play order (:func:`nonogram_editor.pack.balance.pack_warnings`)."""
        return pack_warnings(self.entries)

    def reorder(self, names: list[str]) -> None:
        """Put the files in the order ``names`` gives (the others after them) and save it in
        ``pack.order`` (LevelError names the file when it cannot be written)."""
        write_order(self.folder, play_order(self.names, names))
        self.entries = in_play_order(self.entries, names)


def in_play_order(entries: list[Entry], listed: list[str]) -> list[Entry]:
    """Entries in the play order of their files (a file's puzzles in their own order)."""
    order = {name: rank for rank, name in enumerate(play_order([entry.name for entry in entries], listed))}
    return sorted(entries, key=lambda entry: (order[entry.name], entry.index or 0))

