"""Batch work on a pack: make every level that is not line-solvable so, as proposals first (Qt-free).

:func:`line_solvable_proposals` asks the ``fix`` engine (``nonogram_editor.nonogram.fix.make_line_solvable``,
keeping a drawing's own symmetry) for each level whose verdict is not LINE, and gives one
:class:`Proposal` each: the edits, the solution before and after, and where they lead. Nothing is
written until :func:`accept` writes an accepted one (the level's files as one, through
``safe_write``). Puzzle files are left alone: their clues are what they are.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from nonogram_editor.infra.tasks import Task
from nonogram_editor.level.colour import COLOUR, level_kind
from nonogram_editor.level.model import load_level
from nonogram_editor.pack.entries import LEVEL, Entry

SECONDS = 20.0  # CPU seconds the fix engine gets per level


@dataclass
class Proposal:
    entry: Entry
    plan: object  # nonogram_editor.nonogram.fix.Plan
    after: np.ndarray  # the solution with the edits made (palette indices for a colour level)

    @property
    def line(self) -> bool:
        return str(self.plan.verdict.kind) == "LINE"

    def describe(self) -> str:
        return f"{self.entry.label}: {self.plan.describe()}: {self.plan.describe_edits()}"


def needs_fixing(entry: Entry) -> bool:
    """A level read without error whose verdict is known and not LINE."""
    return (entry.kind == LEVEL and entry.error is None and entry.solution is not None
            and entry.result is not None and entry.result.verdict != "LINE")


def line_solvable_proposals(entries: list[Entry], task: Task | None = None, seconds: float = SECONDS,
                            done: Callable[[int, int, Entry], None] | None = None) -> list[Proposal]:
    """A proposal for each level of ``entries`` that :func:`needs_fixing` (in their order);
    ``done(number, total, entry)`` before each. Cancelled through ``task``."""
    from nonogram_editor.nonogram.fix import drawing_symmetry, edited, make_line_solvable

    task = task or Task()
    chosen = [entry for entry in entries if needs_fixing(entry)]
    proposals = []
    for number, entry in enumerate(chosen):
        task.check_cancelled()
        if done is not None:
            done(number, len(chosen), entry)
        drawing = entry.solution
        colours = entry.colours if drawing.dtype != bool else None
        plan = make_line_solvable(drawing, task=task, symmetry=drawing_symmetry(drawing), seconds=seconds,
                                  colours=colours)
        if plan.edits:
            proposals.append(Proposal(entry, plan, edited(drawing, plan.edits)))
    return proposals


def accept(folder: str | os.PathLike, proposal: Proposal) -> None:
    """Write the proposal's solution to its level (a colour level's picture in its palette's
    colours); LevelError names the file that failed."""
    from nonogram_editor.core.level_files import write_level
    from nonogram_editor.level.metadata import read_about

    path = Path(folder) / proposal.entry.name
    level, about = load_level(path), read_about(path)
    if level_kind(about) == COLOUR:
        palette = np.asarray(proposal.entry.clues().palette, dtype=np.uint8)
        level = replace(level, picture=palette[proposal.after], solution=proposal.after != 0)
    else:
        level = replace(level, solution=np.asarray(proposal.after, dtype=bool))
    write_level(level, about, path)
