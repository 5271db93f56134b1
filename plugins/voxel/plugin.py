"""Entry point of the voxel plugin: the shipped puzzles for the command line, and the panel.

Qt is imported only inside the panel factory: the command line loads the puzzles hook
without Qt. The solver (numba, numpy) is imported only when a puzzle is solved or counted,
and a puzzle file is read only when its puzzle is asked for (``Registry.add_deferred``):
solving another plugin's puzzle reads none, and a broken file costs only its own puzzle.
"""
from __future__ import annotations

import time
from functools import partial

from nonogram_editor.plugin_api import Cluster, CountResult, PanelSpec, PuzzleFileSpec, PuzzleSpec, Task, hookimpl
from nonogram_editor_builtins.voxel import checker, layout, scene
from nonogram_editor_builtins.voxel.files import BURRTOOLS_SUFFIXES, open_puzzle_file
from nonogram_editor_builtins.voxel.model import Puzzle, load_puzzle, puzzle_id, shipped_puzzle_paths


def _solutions(puzzle: Puzzle, task: Task):
    from nonogram_editor_builtins.voxel import solver

    return solver.solutions(puzzle, task)


def _count(puzzle: Puzzle, task: Task, jobs: int, checkpoint: str | None = None,
           cluster: Cluster | None = None) -> CountResult:
    from nonogram_editor_builtins.voxel import solver
    from nonogram_editor_builtins.voxel.disassemble import count_apart

    outcome = solver.count_solutions(puzzle, task, jobs=jobs, checkpoint=checkpoint, cluster=cluster)
    extra = {"distinct_rotations": outcome.distinct_rotations, "symmetries": outcome.symmetry_order,
             "anchor": outcome.anchor, "nodes": outcome.nodes, "jobs": outcome.jobs, "subproblems": outcome.subproblems}
    if puzzle.expected_assemblies is not None:
        from nonogram_editor_builtins.voxel.burrtools import stored_figure

        counted, note = stored_figure(puzzle.expected_assemblies, outcome.distinct, outcome.distinct_rotations)
        extra.update(burrtools_assemblies=puzzle.expected_assemblies, burrtools_counted=counted, note=note)
    start = time.process_time()
    apart = count_apart(puzzle, outcome, task)
    if apart is not None:
        extra.update(assemblies=outcome.distinct, solutions=apart.solutions, levels=apart.levels,
                     solutions_rotations=apart.solutions_rotations,
                     disassembly_cpu_seconds=round(time.process_time() - start, 3),
                     summary=f"{outcome.distinct} assemblies, {apart.solutions} of them come apart (solutions)"
                             + (f"; up to rotation only, {outcome.distinct_rotations} and {apart.solutions_rotations}"
                                if outcome.distinct_rotations != outcome.distinct else ""))
    if puzzle.expected_solutions is not None:
        extra["burrtools_solutions"] = puzzle.expected_solutions
    return CountResult(count=outcome.count, distinct=outcome.distinct, complete=True, extra=extra)


def puzzle_spec(puzzle: Puzzle) -> PuzzleSpec:
    return PuzzleSpec(
        id=puzzle.id,
        title=puzzle.title,
        solutions=partial(_solutions, puzzle),
        count=partial(_count, puzzle),
        format_solution=partial(layout.format_solution, puzzle),
        solution_to_json=partial(layout.solution_to_json, puzzle),
        description=puzzle.description,
        check=partial(checker.check_solution, puzzle),
        scene_parts=partial(scene.solution_parts, puzzle),
        count_options=("checkpoint", "cluster"),
    )


@hookimpl
def nonogram_editor_puzzle_files(files):
    files.add(PuzzleFileSpec(id="voxel", suffixes=(".json",) + BURRTOOLS_SUFFIXES,
                             open=lambda path, problem: puzzle_spec(open_puzzle_file(path, problem))))


@hookimpl
def nonogram_editor_puzzles(puzzles):
    for path in shipped_puzzle_paths():
        puzzles.add_deferred(puzzle_id(path), lambda path=path: puzzle_spec(load_puzzle(path)))


def _make_panel(context, parent):
    from nonogram_editor_builtins.voxel.panel import VoxelPanel

    return VoxelPanel(context, parent, puzzle_spec)


@hookimpl
def nonogram_editor_panels(panels):
    panels.add(PanelSpec(id="voxel", title="Voxel packing", factory=_make_panel,
                         tooltip="Polycube packing puzzles: Tetris Cube, Y pentacubes, Soma, your own"))
