"""Entry point of the pyramid plugin: the puzzle for the command line and the panel.

Qt is imported only inside the panel factory: the command line loads the puzzles hook
without Qt.
"""
from __future__ import annotations

from functools import partial

from nonogram_editor.plugin_api import PanelSpec, PuzzleSpec, hookimpl
from nonogram_editor_builtins.pyramid import checker, scene
from nonogram_editor_builtins.pyramid.model import Puzzle, format_solution, load_puzzle

PUZZLE_ID = "pyramid"
TITLE = "Pyramid (16-piece card-suit triangle)"


def _make_panel(context, parent):
    from nonogram_editor_builtins.pyramid.panel import PyramidPanel

    return PyramidPanel(context, parent, puzzle_spec)


def _solutions(puzzle: Puzzle, task):
    from nonogram_editor_builtins.pyramid import solver

    return solver.solutions(task, puzzle)


def _count(puzzle: Puzzle, task, jobs):
    from nonogram_editor_builtins.pyramid import solver

    return solver.count(task, jobs, puzzle)


def _to_json(solution):
    return [{"position": p, "piece": piece, "rotation": rotation} for p, (piece, rotation) in enumerate(solution)]


def puzzle_spec(puzzle: Puzzle) -> PuzzleSpec:
    """What the command line and the panel use of the pyramid ``puzzle``."""
    return PuzzleSpec(id=PUZZLE_ID, title=TITLE, solutions=partial(_solutions, puzzle), count=partial(_count, puzzle),
                      format_solution=partial(format_solution, puzzle),
                      solution_to_json=_to_json, check=partial(checker.check_solution, puzzle),
                      scene_parts=partial(scene.solution_parts, puzzle),
                      description="Place 16 triangles with card-suit connectors (in fits out) into a "
                                  "triangle; 518,469 solutions, 172,823 up to rotating the triangle.")


@hookimpl
def nonogram_editor_panels(panels):
    panels.add(PanelSpec(id=PUZZLE_ID, title="Pyramid", factory=_make_panel,
                         tooltip="The 16-piece card-suit triangle: count, browse and view its solutions"))


@hookimpl
def nonogram_editor_puzzles(puzzles):
    # a broken data file is reported (naming the file) and the puzzle skipped
    puzzles.add(puzzle_spec(load_puzzle()))
