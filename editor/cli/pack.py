"""``nonogram-editor pack FOLDER [--json] [--export FILE] [--no-grade] [--time-limit SECONDS]``.

The table of a pack in play order (``pack.order``, ``nonogram-editor help level-packs``): for
each level or puzzle its file, title, size, colours, verdict, grade and cleared flag, with the
warnings under it (not unique, the same picture or clues as another entry, mirrored or turned
too, a big jump in difficulty); ``--json`` prints one object instead. Verdicts are cached by
content (``nonogram_editor.pack.checks``): a second run checks only what changed. ``--export``
writes the pack in play order in the format the file's suffix names
(``nonogram_editor.publish.export``). Exit status: 0 if every entry is LINE and nothing is
warned of; 1 if every file was read and checked but some entry is not LINE or has a warning;
2 if the folder or a file in it could not be read, or the export failed (this wins over 1).
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from nonogram_editor.cli.io import report_failure
from nonogram_editor.infra.wording import printable
from nonogram_editor.level import LevelError
from nonogram_editor.pack.checks import ResultCache
from nonogram_editor.pack.entries import Entry
from nonogram_editor.pack.folder import Pack
from nonogram_editor.publish.export import ExportOptions, export_pack, exporter_for

COLUMNS = ("#", "file", "title", "size", "colours", "verdict", "grade", "cleared")


def run_pack(folder: str, as_json: bool = False, export: str | None = None, grade: bool = True,
             time_limit: float | None = None, per_page: int = 1) -> int:
    try:
        if export is not None:
            exporter_for(export)  # before the checks: a wrong suffix fails at once
        pack = Pack.open(folder)
    except (LevelError, ValueError) as error:
        return report_failure(str(error), as_json=as_json, path=export if isinstance(error, ValueError) else folder)
    try:
        pack.check(ResultCache(), time_limit, grade)
    except KeyboardInterrupt:
        print("\ncancelled", file=sys.stderr)
        return 130
    warnings = pack.warnings()
    failed = bool(pack.problems) or any(entry.error is not None for entry in pack.entries)
    for problem in pack.problems:
        print(f"warning: {printable(problem)}", file=sys.stderr)
    for entry in pack.entries:
        if entry.error is not None:
            print(f"error: {printable(entry.error)}", file=sys.stderr)
    exported = None
    if export is not None:
        try:
            left_out = export_pack(export, pack.entries, ExportOptions(Path(folder).resolve().name, per_page))
            for warning in left_out:
                print(f"warning: {printable(warning)}", file=sys.stderr)
            exported = export
            written = len(pack.entries) - len(left_out)
        except (LevelError, ValueError, OSError) as error:
            failed = True
            message = str(error) if export in str(error) else f"{export}: {error}"
            print(f"error: {printable(message)}", file=sys.stderr)
    try:
        if as_json:
            print(json.dumps(_json(pack, warnings, exported)))
        else:
            print(_table(pack, warnings))
            if exported:
                print(f"exported {written} puzzles to {printable(exported)}")
    except BrokenPipeError:  # the reader stopped early (``| head``)
        sys.stdout = open(os.devnull, "w")
        return 1
    if failed:
        return 2
    line = all(entry.result is not None and entry.result.verdict == "LINE" for entry in pack.entries)
    return 0 if line and not warnings else 1


def _cells(position: int, entry: Entry) -> list[str]:
    result = entry.result
    cleared = "" if entry.cleared is None else "yes" if entry.cleared else "no"
    verdict = "ERROR" if entry.error is not None else result.verdict if result else ""
    grade = f"{result.grade:.1f}" if result is not None and result.grade is not None else ""
    return [str(position + 1), printable(entry.label), printable(entry.title), entry.size,
            str(entry.colours) if entry.error is None else "", verdict, grade, cleared]


def _table(pack: Pack, warnings: dict[int, list[str]]) -> str:
    rows = [list(COLUMNS)] + [_cells(position, entry) for position, entry in enumerate(pack.entries)]
    widths = [max(len(row[column]) for row in rows) for column in range(len(COLUMNS))]
    lines = []
    for position, row in enumerate(rows):
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        if position:
            lines += [f"{'':{widths[0]}}  warning: {printable(warning)}" for warning in warnings.get(position - 1, [])]
    if not pack.entries:
        lines.append(f"(no levels or puzzle files in {printable(str(pack.folder))})")
    return "\n".join(lines)


def _json(pack: Pack, warnings: dict[int, list[str]], exported: str | None) -> dict:
    entries = []
    for position, entry in enumerate(pack.entries):
        record: dict = {"position": position + 1, "file": entry.name}
        if entry.index is not None:
            record["puzzle"] = entry.index + 1
        if entry.error is not None:
            record["error"] = entry.error
        else:
            record.update(title=entry.title, width=entry.width, height=entry.height, colours=entry.colours,
                          kind=entry.kind, cleared=entry.cleared)
            if entry.result is not None:
                record.update(verdict=entry.result.verdict, grade=entry.result.grade,
                              grade_words=entry.result.grade_words or None, detail=entry.result.detail or None)
        record["warnings"] = warnings.get(position, [])
        entries.append(record)
    data = {"folder": str(pack.folder), "entries": entries, "problems": pack.problems}
    if exported is not None:
        data["exported"] = exported
    return data
