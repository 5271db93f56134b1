"""The hooks: one PuzzleSpec per puzzle (for the command line and the panel), and the panel."""
from __future__ import annotations

from nonogram_editor.plugin_api import PanelSpec, PuzzleSpec, hookimpl
from polyomino_tiling import checker, scene, solver
from polyomino_tiling.model import PUZZLES, Tiling


def _make_panel(context, parent):
    from polyomino_tiling.panel import TilingPanel  # Qt only when the user opens the panel

    return TilingPanel(context, parent, _spec)  # the panel checks and draws in 3-D through the spec


def _spec(tiling: Tiling) -> PuzzleSpec:
    return PuzzleSpec(id=tiling.id, title=tiling.title,
                      solutions=lambda task: solver.solutions(task, tiling),  # --first takes one
                      count=lambda task, jobs: solver.count(task, tiling),
                      check=lambda solution: checker.check(tiling, solution),
                      scene_parts=lambda solution: scene.solution_parts(tiling, solution),
                      format_solution=lambda solution: _picture(tiling, solution),
                      solution_to_json=lambda solution: [{"shape": name, "cells": cells} for name, cells in solution])


def _picture(tiling: Tiling, solution) -> str:
    letter = {cell: "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[index % 26] for index, (_, cells) in enumerate(solution)
              for cell in cells}
    return "\n".join("".join(letter.get((x, y), ".") for x in range(tiling.width)) for y in range(tiling.height))


@hookimpl
def nonogram_editor_panels(panels):
    panels.add(PanelSpec(id="tiling", title="Polyomino tiling", factory=_make_panel))


@hookimpl
def nonogram_editor_puzzles(puzzles):
    for tiling in PUZZLES:
        puzzles.add(_spec(tiling))
