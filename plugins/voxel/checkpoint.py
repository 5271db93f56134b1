"""A count's checkpoint: one SQLite file holding every finished subproblem's result (no Qt).

A count split into subproblems (see ``plugins/voxel/distributed.py``) writes each result
here, in its own transaction, the moment it arrives; a count started again with the same
file skips what is already there. SQLite's write-ahead log keeps the file whole whatever
moment the process dies (with ``synchronous=NORMAL`` a power cut may lose the last
results before the operating system wrote them out; a killed process loses nothing that
was committed).

The file stores two fingerprints: of the puzzle (pieces, target, rules) and of the split
(the placements and the list of subproblems, which depend on the solver's version). A
file whose fingerprints differ from the count's is refused, never reused. Each result row
carries a checksum of its values and the split's fingerprint: a row edited, damaged or
copied from another count is refused, so a count is never reported complete on figures the
file cannot vouch for (a checksum, not a signature: it catches damage and mistakes, not a
forger). Checkpoints of the first format, without checksums, are refused; delete them to
count again.
"""
from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path
from typing import NamedTuple

import numpy as np

FORMAT = "nonogram-editor count checkpoint 3"
_OLDER_FORMATS = {"nonogram-editor count checkpoint 1": "without checksums to vouch for its results",
                  "nonogram-editor count checkpoint 2": "without the count up to rotation"}


class CheckpointError(ValueError):
    """The checkpoint file is unreadable or belongs to another count; the message names the file."""


class SubResult(NamedTuple):
    """One subproblem's outcome, as a worker returns it."""

    index: int
    total: int  # every solution below the prefix
    distinct: int  # up to symmetry
    nodes: int
    seconds: float  # search time in the worker
    kept: np.ndarray  # (n, pieces) placement ids: canonical solutions for browsing
    distinct_rotations: int  # up to the rotations among the symmetries


def progress_in(path: str | Path) -> tuple[int, int] | None:
    """(subproblems done, all of them) in a checkpoint file; None if there is none, it is
    unreadable or of another format (a count would refuse it)."""
    if not Path(path).is_file():
        return None
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            total = db.execute("SELECT value FROM meta WHERE key = 'subproblems'").fetchone()
            done = db.execute("SELECT COUNT(*) FROM results").fetchone()[0]
            form = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        return (int(done), int(total[0])) if total and form == (FORMAT,) else None
    except (sqlite3.Error, ValueError):
        return None


class Checkpoint:
    """The finished subproblems of one count; ``path`` None keeps them in memory only."""

    def __init__(self, path: str | Path | None, puzzle_key: str, split_key: str, title: str, subproblems: int):
        self.name = str(path) if path is not None else ":memory:"
        self.subproblems = subproblems
        self._split_key = split_key
        try:
            self._db = sqlite3.connect(self.name, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self._db.execute("CREATE TABLE IF NOT EXISTS results (subproblem INTEGER PRIMARY KEY, total INTEGER, "
                             "distinct_ INTEGER, nodes INTEGER, seconds REAL, kept BLOB, width INTEGER, "
                             "rotation_classes INTEGER, checksum TEXT)")
            meta = dict(self._db.execute("SELECT key, value FROM meta"))
            wanted = {"format": FORMAT, "puzzle": puzzle_key, "split": split_key, "title": title,
                      "subproblems": str(subproblems)}
            if not meta:
                with self._db:
                    self._db.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", wanted.items())
                meta = wanted
        except (sqlite3.Error, ValueError, TypeError) as exc:  # not SQLite, or tables of other columns
            self._fail(f"not a readable count checkpoint ({exc})")
        if meta.get("format") in _OLDER_FORMATS:
            self._fail(f"this checkpoint was made by an older version of the program, "
                       f"{_OLDER_FORMATS[meta['format']]}; delete it (or choose another file) to count again")
        elif meta.get("format") != FORMAT:
            self._fail(f"not a count checkpoint of this program (format {meta.get('format')!r})")
        elif meta.get("puzzle") != puzzle_key:
            self._fail(f"this checkpoint belongs to another puzzle ({meta.get('title')!r}, or other pieces or "
                       f"target than {title!r} has now); choose another file or delete this one")
        elif meta.get("split") != split_key or meta.get("subproblems") != str(subproblems):
            self._fail("this checkpoint was made by another version of the solver (its subproblems differ); "
                       "choose another file or delete this one")

    def _fail(self, problem: str):
        raise CheckpointError(f"{self.name}: {problem}") from None

    def results(self) -> list[SubResult]:
        """The finished subproblems, checked."""
        try:
            rows = self._db.execute("SELECT subproblem, total, distinct_, nodes, seconds, kept, width, "
                                    "rotation_classes, checksum FROM results ORDER BY rowid").fetchall()
        except sqlite3.Error as exc:
            self._fail(f"the results cannot be read ({exc})")
        out = []
        for index, total, distinct, nodes, seconds, kept, width, rotations, checksum in rows:
            fields = (index, total, distinct, nodes, width, rotations)
            if (not all(isinstance(v, int) and v >= 0 for v in fields) or not isinstance(seconds, float)
                    or not isinstance(kept, bytes) or index >= self.subproblems or distinct > total
                    or len(kept) % (4 * max(width, 1))):
                self._fail(f"subproblem {index!r} has a damaged result")
            if checksum != self._checksum(index, total, distinct, nodes, seconds, kept, width, rotations):
                self._fail(f"subproblem {index} has a result that does not match its checksum (the file was "
                           "changed or damaged); delete it (or choose another file) to count again")
            out.append(SubResult(index, total, distinct, nodes, seconds,
                                 np.frombuffer(kept, dtype=np.int32).reshape(-1, max(width, 1)), rotations))
        return out

    def add(self, result: SubResult) -> None:
        """Store one result (a repeated subproblem, e.g. re-run after a lost worker, is ignored)."""
        kept = np.ascontiguousarray(result.kept, dtype=np.int32)
        row = (result.index, result.total, result.distinct, result.nodes, float(result.seconds), kept.tobytes(),
               kept.shape[1] if kept.ndim == 2 else 0, result.distinct_rotations)
        try:
            self._db.execute("INSERT OR IGNORE INTO results (subproblem, total, distinct_, nodes, seconds, kept, "
                             "width, rotation_classes, checksum) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             (*row, self._checksum(*row)))
        except sqlite3.Error as exc:
            self._fail(f"a result cannot be stored ({exc})")

    def _checksum(self, index, total, distinct, nodes, seconds, kept, width, rotations) -> str:
        """Of one row's values and the split it belongs to."""
        values = f"{self._split_key}|{index}|{total}|{distinct}|{nodes}|{seconds!r}|{width}|{rotations}|".encode()
        return hashlib.blake2b(values + kept, digest_size=16).hexdigest()

    def close(self) -> None:
        self._db.close()
