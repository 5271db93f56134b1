"""Solve and count voxel packing puzzles (no Qt).

The puzzle becomes an exact-cover problem (``cover.py``), searched by the engine the
cover chose (``bitboard.py`` or ``dlx.py``; ``search.py``) in slices of nodes between
progress reports and cancellation checks. A count works up to symmetry: it finds one
solution per class and knows each class's size. ``--jobs N``, a checkpoint or a Dask
cluster split the tree into subproblems (``distributed.py``).
"""
from __future__ import annotations

import time
from collections.abc import Iterator

import numpy as np

from nonogram_editor.plugin_api import Task
from nonogram_editor_builtins.voxel import dlx
from nonogram_editor_builtins.voxel.cover import Placement, Solution, build_cover  # noqa: F401 (Placement: for callers)
from nonogram_editor_builtins.voxel.model import Puzzle
from nonogram_editor_builtins.voxel.search import KEEP_LIMIT, CountOutcome, Search

SMALL_COUNT_NODES = 1_000_000  # a count this small runs in this process even when given --jobs (well under 1 s)


def solutions(puzzle: Puzzle, task: Task | None = None) -> Iterator[Solution]:
    """Every solution (symmetric images too), in the search's order: one search that pauses
    at each solution it hands out and resumes when asked for the next."""
    cover = build_cover(puzzle, symmetric=False)
    search = Search(cover, dlx.FIRST, keep=1)
    while search.run(task, "searching: ") == dlx.FOUND:
        yield cover.solution(search.keep[0])


def solve_first(puzzle: Puzzle, task: Task | None = None) -> Solution | None:
    return next(solutions(puzzle, task), None)


def count_solutions(puzzle: Puzzle, task: Task | None = None, jobs: int = 1, keep: int = KEEP_LIMIT,
                    in_process_nodes: int = SMALL_COUNT_NODES, checkpoint=None, cluster=None
                    ) -> CountOutcome:
    """Count every solution and the classes up to symmetry; raises ``Cancelled`` if cancelled.

    With ``jobs`` > 1 the count first runs here for ``in_process_nodes`` search nodes, and
    is split among processes only if it has not finished by then (``CountOutcome.jobs``
    says which happened). A ``checkpoint`` file or a Dask ``cluster`` (a ``Cluster`` or its address) always
    splits the count into subproblems (``nonogram_editor_builtins.voxel.distributed``).
    """
    one_search = checkpoint is None and not cluster
    if one_search and jobs <= 1:
        return _count_here(puzzle, task, keep)
    if one_search:  # small counts start no processes
        small = _count_here(puzzle, task, keep, in_process_nodes)
        if small is not None:
            return small
    from nonogram_editor_builtins.voxel.distributed import count_in_parts

    return count_in_parts(puzzle, task, jobs=jobs, cluster=cluster, checkpoint=checkpoint, keep=keep)


def _count_here(puzzle: Puzzle, task: Task | None, keep: int, budget: int | None = None) -> CountOutcome | None:
    """The count as one search in this process; None if it needs more than ``budget`` nodes."""
    start = time.perf_counter()
    cover = build_cover(puzzle)
    search = Search(cover, dlx.COUNT, keep=keep)
    if budget is not None:
        if search.step(budget) != dlx.FINISHED:
            return None
    else:
        search.run(task)
    counts = search.counts
    return CountOutcome(count=int(counts[dlx.TOTAL]), distinct=int(counts[dlx.DISTINCT]),
                        symmetry_order=cover.group_order, solutions=[cover.solution(ids) for ids in search.kept_ids()],
                        nodes=int(counts[dlx.NODES]), seconds=time.perf_counter() - start, anchor=cover.anchor,
                        distinct_rotations=int(counts[dlx.ROTATION_CLASSES]))


def class_members(puzzle: Puzzle, solution: Solution) -> list[Solution]:
    """Every solution in ``solution``'s symmetry class, each once: its images under the count's symmetries."""
    cover = build_cover(puzzle)
    ids = np.array([cover.placement_id(placement) for placement in solution], dtype=np.int64)
    images = {tuple(sorted(cover.perms[g, ids].tolist())) for g in range(cover.group_order)}
    return [cover.solution(image) for image in sorted(images)]
