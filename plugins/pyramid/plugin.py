"""Entry point of the pyramid plugin: the puzzle for the command line and the panel.

Qt is imported only inside the panel factory: the command line loads the puzzles hook
without Qt.
"""
from __future__ import annotations

from editor.plugin_api import PanelSpec, PuzzleSpec, hookimpl

PUZZLE_ID = "pyramid"
TITLE = "Pyramid (16-piece card-suit triangle)"


def _make_panel(context, parent):
    from plugins.pyramid.panel import PyramidPanel

    return PyramidPanel(context, parent)


def _solve_first(task):
    from plugins.pyramid import solver

    return solver.solve_first(task)


def _count(task, jobs):
    from plugins.pyramid import solver

    return solver.count(task, jobs)


def _format(solution) -> str:
    from plugins.pyramid.model import format_solution
    from plugins.pyramid.solver import default_puzzle

    return format_solution(default_puzzle()[0], solution)


def _check(solution) -> list[str]:
    from plugins.pyramid import checker
    from plugins.pyramid.solver import default_puzzle

    return checker.check_solution(default_puzzle()[0], solution)


def _scene_parts(solution):
    from plugins.pyramid import scene
    from plugins.pyramid.solver import default_puzzle

    return scene.solution_parts(default_puzzle()[0], solution)


def _to_json(solution):
    return [{"position": p, "piece": piece, "rotation": rotation} for p, (piece, rotation) in enumerate(solution)]


@hookimpl
def nonogram_editor_panels(panels):
    panels.add(PanelSpec(id=PUZZLE_ID, title="Pyramid", factory=_make_panel,
                         tooltip="The 16-piece card-suit triangle: count, browse and view its solutions"))


@hookimpl
def nonogram_editor_puzzles(puzzles):
    from plugins.pyramid.model import load_puzzle

    load_puzzle()  # a broken data file is reported (naming the file) and the puzzle skipped
    puzzles.add(PuzzleSpec(id=PUZZLE_ID, title=TITLE, solve_first=_solve_first, count=_count,
                           format_solution=_format, solution_to_json=_to_json, check=_check,
                           scene_parts=_scene_parts,
                           description="Place 16 triangles with card-suit connectors (in fits out) into a "
                                       "triangle; 518,469 solutions, 172,823 up to rotating the triangle."))
