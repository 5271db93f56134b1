"""Writing a whole pack in play order, by the suffix of the file written.

:data:`EXPORTERS` maps a suffix to a function ``(path, entries, options)`` that writes the pack's
entries (in play order; each read without error and with its solution known) to ``path``, with
what some formats take in :class:`ExportOptions`. Adding a format is one line here. Qt is loaded
only by the booklet (``.pdf``), when one is written.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from nonogram_editor.level.non_format import write_nonpack
from nonogram_editor.level.puzzle_formats import Puzzle
from nonogram_editor.level.webpbn_format import write_webpbn_set

if TYPE_CHECKING:  # the pack's model is loaded by the pack, not by the command line's help
    from nonogram_editor.pack.entries import Entry


@dataclass(frozen=True)
class ExportOptions:
    """``title``: the pack's (the web page's heading, the booklet's title page); ``per_page``:
    the booklet's puzzles to a page (1 to 16)."""

    title: str = ""
    per_page: int = 1


Exporter = Callable[[Path, list["Entry"], ExportOptions], None]


def puzzle_of(entry: Entry) -> Puzzle:
    """The entry as a puzzle with its title and its solution as the goal (for the writers)."""
    return replace(entry.clues(), goal=entry.solution, title=entry.title)


def _puzzles(write: Callable[[Path, list[Puzzle]], None]) -> Exporter:
    return lambda path, entries, _options: write(path, [puzzle_of(entry) for entry in entries])


def _web_page(path: Path, entries: list[Entry], options: ExportOptions) -> None:
    from nonogram_editor.publish.html_pack import write_html_pack

    write_html_pack(path, [puzzle_of(entry) for entry in entries], options.title, [entry.picture for entry in entries])


def _booklet(path: Path, entries: list[Entry], options: ExportOptions) -> None:
    from nonogram_editor.publish.booklet import write_booklet  # Qt: only when a booklet is written

    write_booklet(path, [puzzle_of(entry) for entry in entries], per_page=options.per_page, title=options.title)


EXPORTERS: dict[str, Exporter] = {
    ".nonpack": _puzzles(write_nonpack),
    ".xml": _puzzles(write_webpbn_set),
    ".html": _web_page,
    ".pdf": _booklet,
}


def exporter_for(path: str | os.PathLike) -> Exporter:
    """The exporter ``path``'s suffix names; ValueError (naming the file) when none does."""
    exporter = EXPORTERS.get(Path(path).suffix.lower())
    if exporter is None:
        raise ValueError(f"{path}: a pack is exported as {', '.join(EXPORTERS)} (named by the suffix)")
    return exporter


def export_pack(path: str | os.PathLike, entries: list[Entry], options: ExportOptions = ExportOptions()) -> list[str]:
    """Write ``entries`` (in play order) in the format ``path``'s suffix names; the entries
    left out, in words (those that could not be read, or bare clues without a solution).
    ValueError when the suffix names no format; LevelError names the file that failed."""
    path = Path(path)
    exporter = exporter_for(path)
    chosen = [entry for entry in entries if entry.error is None and entry.solution is not None]
    left_out = [f"{entry.label}: left out of {path.name}: "
                + ("it could not be read" if entry.error is not None else "its clues have no solution found")
                for entry in entries if entry not in chosen]
    if not chosen:
        raise ValueError(f"{path}: no puzzle of the pack can be written")
    exporter(path, chosen, options)
    return left_out
