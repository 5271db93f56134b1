"""Entry point of the cube plugin (Freeling's China Cube gardens): puzzles and the panel.

Qt is imported only inside the panel factory: the command line loads the puzzles hook
without Qt.
"""
from __future__ import annotations

from nonogram_editor.plugin_api import CountResult, PanelSpec, PuzzleSpec, hookimpl
from nonogram_editor_builtins.cube.checker import check_garden
from nonogram_editor_builtins.cube.model import format_garden, garden_to_json, load_gardens
from nonogram_editor_builtins.cube.scene import garden_parts

PREFIX = "cube-"

# (puzzle id, garden id, options, title suffix, description)
_VARIANTS = (
    ("square-transcendental", "square-transcendental", {}, "",
     "The 16 squares: every blue edge meets blue, every red edge faces air. 5,005 gardens up to "
     "translation, 4,804 of them one shape (604 up to the square's 8 symmetries)."),
    ("square-packed", "square-packed", {}, "", "The 16 squares packed 4x4, touching edges equal, only red outside: "
                                               "652 packings, 82 up to symmetry."),
    ("packed", "packed", {}, "", "The 64 cubes packed 4x4x4, touching faces equal, only red outside."),
    ("packed-red-inside", "packed", {"red_inside": True}, ", the all-red cube inside",
     "Packed 4x4x4 with the all-red cube away from the surface (Freeling's caveat)."),
    ("hanging", "hanging", {}, "", "The 63 cubes with a connector, every blue face on blue, every red face "
                                   "on air (stacked Square Gardens: instant)."),
    ("hanging-connected", "hanging", {"connected": True}, ", one connected shape",
     "The Hanging Gardens as a single shape in the 5x5x5 box (SAT model)."),
)


def _make_panel(context, parent):
    from nonogram_editor_builtins.cube.panel import CubePanel

    return CubePanel(context, parent, puzzle_spec)


def puzzle_spec(garden, options: dict | None = None, puzzle_id: str | None = None, suffix: str = "",
                description: str = "") -> PuzzleSpec:
    """What the command line and the panel use of a garden (``GardenSpec``), with the solver ``options``."""

    def solver_and_options():
        from nonogram_editor_builtins.cube.solver import Options, garden_solver

        return garden_solver(garden), Options(**(options or {}))

    def solutions(task):
        solver, opts = solver_and_options()
        return solver.solutions(task, opts)

    def check(solution) -> list[str]:
        return check_garden(solution.as_dict(), garden.faces, garden.rule, garden.box if garden.rule == "packed"
                            else None)

    def scene_parts(solution):
        return garden_parts(solution, flat=garden.faces == 4)

    def count(task, jobs) -> CountResult:
        solver, _ = solver_and_options()
        return solver.count(task, jobs)

    countable = not options and (garden.faces == 4)
    return PuzzleSpec(id=PREFIX + (puzzle_id or garden.id), title=garden.title + suffix, solutions=solutions,
                      count=count if countable else None, format_solution=format_garden,
                      solution_to_json=garden_to_json, description=description, check=check, scene_parts=scene_parts)


@hookimpl
def nonogram_editor_panels(panels):
    panels.add(PanelSpec(id="cube", title="China Cube gardens", factory=_make_panel,
                         tooltip="Freeling's China Cube: Square, Packed and Hanging Gardens"))


@hookimpl
def nonogram_editor_puzzles(puzzles):
    gardens = load_gardens()  # a broken data file is reported (naming the file) and the plugin skipped
    for puzzle_id, garden_id, options, suffix, description in _VARIANTS:
        puzzles.add(puzzle_spec(gardens[garden_id], options, puzzle_id, suffix, description))
