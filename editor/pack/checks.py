"""Verdicts and grades of a pack's entries, cached by content (Qt-free).

:func:`check_entry` gives an entry's :class:`Result` the way ``nonogram-editor check`` finds it
(``nonogram_editor.nonogram.file_check.grade_file``: the verdict, and the grade of a unique
puzzle unless ``grade`` is off). :class:`ResultCache` keeps results in the user's cache folder
(``pack`` in ``nonogram_editor.infra.jit.cache_folder()``), one small JSON file each, keyed by the
entry's digest (the bytes of its file or files), the puzzle's number and the editor's version:
re-opening a pack re-checks nothing that did not change, and a changed file has a new key.
An UNDECIDED verdict (the time ran out) is not kept.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import numpy as np

from nonogram_editor.infra.safe_write import write_file
from nonogram_editor.infra.tasks import Task
from nonogram_editor.pack.entries import Entry
from nonogram_editor.pack.result import UNDECIDED, Result


def check_entry(entry: Entry, folder: str | os.PathLike, time_limit: float | None = None,
                grade: bool = True, task: Task | None = None) -> Result:
    """The verdict on an entry (that was read without error) and, with ``grade``, its grade."""
    from nonogram_editor.nonogram.file_check import grade_file
    from nonogram_editor.nonogram.verdict import Kind

    verdict, solve, warnings, _kind = grade_file(Path(folder) / entry.name, time_limit, entry.clues(), grade, task)
    result = Result(str(verdict.kind), graded=grade, seconds=round(verdict.seconds, 4), warnings=warnings)
    if solve is not None:
        result.grade, result.grade_words = solve.grade, solve.words
    if verdict.kind == Kind.MULT:
        result.detail = f"{int(verdict.differing.sum())} cells differ in another solution"
    elif verdict.kind == Kind.BRANCH:
        result.detail = verdict.lookahead_text()
    elif verdict.kind == Kind.UNDECIDED:
        result.detail = f"{verdict.undecided_reason()} before a verdict"
    elif verdict.kind == Kind.CONTRADICTION:
        result.detail = "no picture fits the clues"
    if entry.solution is None and verdict.picture is not None and verdict.kind in (Kind.LINE, Kind.BRANCH, Kind.MULT):
        result.solution = np.asarray(verdict.picture, dtype=int).tolist()
    return result


def default_cache_folder() -> Path:
    from nonogram_editor.infra.jit import cache_folder

    return cache_folder() / "pack"


class ResultCache:
    """Results by content, in ``folder`` (by default the user's cache folder). A cache that
    cannot be read or written is no cache: every entry is checked, nothing is said."""

    def __init__(self, folder: str | os.PathLike | None = None):
        self.folder = Path(folder) if folder is not None else default_cache_folder()

    def _path(self, entry: Entry) -> Path:
        import nonogram_editor

        key = hashlib.blake2b(f"{nonogram_editor.__version__}\0{entry.digest}\0{entry.index}".encode(),
                              digest_size=20).hexdigest()
        return self.folder / key[:2] / f"{key}.json"

    def get(self, entry: Entry, grade: bool = True) -> Result | None:
        """The kept result of an entry (with its grade when ``grade``), or None."""
        try:
            result = Result.from_json(json.loads(self._path(entry).read_bytes()))
        except (OSError, ValueError, TypeError):
            return None
        if grade and not result.graded:
            return None
        result.cached = True
        return result

    def put(self, entry: Entry, result: Result) -> None:
        if result.verdict == UNDECIDED or not entry.digest:
            return
        path = self._path(entry)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_file(path, json.dumps(result.to_json()).encode())
        except OSError:
            pass


def result_of(entry: Entry, folder: str | os.PathLike, cache: ResultCache | None, time_limit: float | None = None,
              grade: bool = True, task: Task | None = None, refresh: bool = False) -> Result:
    """The entry's kept result, else (or with ``refresh``) its check's, then kept; bare clues get
    the solution found. ``task``: cancels the check (Cancelled)."""
    result = cache.get(entry, grade) if cache is not None and not refresh else None
    if result is None:
        result = check_entry(entry, folder, time_limit, grade, task)
        if cache is not None:
            cache.put(entry, result)
    if entry.solution is None and result.solution is not None:
        entry.solved(np.asarray(result.solution))
    return result
