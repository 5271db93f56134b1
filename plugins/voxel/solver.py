"""Solve and count voxel packing puzzles (no Qt).

The puzzle becomes an exact-cover problem (``cover.py``), searched by the engine the
cover chose (``bitboard.py`` or ``dlx.py``) in slices of ``SLICE_NODES`` nodes between
progress reports and cancellation checks. A count works up to symmetry: it finds one
solution per class and knows each class's size. ``--jobs N``, a checkpoint or a Dask
cluster split the tree into subproblems (``distributed.py``).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from editor.plugin_api import Task
from plugins.voxel import dlx
from plugins.voxel.cover import Cover, Placement, Solution, build_cover  # noqa: F401 (Placement: for callers)
from plugins.voxel.model import Puzzle

SLICE_NODES = 200_000  # search nodes between progress reports / cancellation checks
SMALL_COUNT_NODES = 1_000_000  # a count this small runs in this process even when given --jobs (well under 1 s)
KEEP_LIMIT = 100_000  # solutions kept for browsing (one per symmetry class)


class _Search:
    """One resumable search of a cover, by the cover's engine (``bitboard`` or ``dlx``)."""

    def __init__(self, cover: Cover, mode: int, prefix=(), max_depth: int = 0, keep: int = KEEP_LIMIT,
                 max_prefixes: int = 0):
        self.cover = cover
        self.mode = mode
        self.max_depth = max_depth
        self.trail = dlx.Trail.start(cover, prefix, keep, max_prefixes, max_depth)
        self.counts, self.keep, self.prefixes = self.trail.counts, self.trail.keep, self.trail.prefixes
        self.engine = cover.engine(cover, self.trail, prefix)

    def step(self, budget: int = SLICE_NODES) -> int:
        return self.engine.step(self.mode, self.max_depth, budget)

    def run(self, task: Task | None = None, label: str = "") -> int:
        while True:
            status = self.step()
            if status != dlx.PAUSED:
                return status
            if task is not None:
                task.check_cancelled()
                task.report(self.engine.fraction(), 1.0, f"{label}{self.counts[dlx.DISTINCT]} distinct, "
                            f"{self.counts[dlx.TOTAL]} in all, {self.counts[dlx.NODES] / 1e6:.1f} M nodes")

    def kept_ids(self) -> list[tuple[int, ...]]:
        return [tuple(int(x) for x in row if x >= 0) for row in self.keep[: self.counts[dlx.KEPT]]]


def solutions(puzzle: Puzzle, task: Task | None = None) -> Iterator[Solution]:
    """Every solution (symmetric images too), in the search's order: one search that pauses
    at each solution it hands out and resumes when asked for the next."""
    cover = build_cover(puzzle, symmetric=False)
    search = _Search(cover, dlx.FIRST, keep=1)
    while search.run(task, "searching: ") == dlx.FOUND:
        yield cover.solution(search.keep[0])


def solve_first(puzzle: Puzzle, task: Task | None = None) -> Solution | None:
    return next(solutions(puzzle, task), None)


@dataclass
class CountOutcome:
    count: int  # every solution
    distinct: int  # up to the symmetries in ``symmetry_order`` (rotations, and reflections where the pieces allow)
    symmetry_order: int
    solutions: list[Solution]  # one per class (up to ``keep``), in the order found
    nodes: int
    seconds: float
    jobs: int = 1
    anchor: str = ""
    subproblems: int = 0  # how many parts the count was split into (0: one search)
    distinct_rotations: int = 0  # up to the rotations among those symmetries only


def count_solutions(puzzle: Puzzle, task: Task | None = None, jobs: int = 1, keep: int = KEEP_LIMIT,
                    in_process_nodes: int = SMALL_COUNT_NODES, checkpoint=None, cluster=None
                    ) -> CountOutcome:
    """Count every solution and the classes up to symmetry; raises ``Cancelled`` if cancelled.

    With ``jobs`` > 1 the count first runs here for ``in_process_nodes`` search nodes, and
    is split among processes only if it has not finished by then (``CountOutcome.jobs``
    says which happened). A ``checkpoint`` file or a Dask ``cluster`` (a ``Cluster`` or its address) always
    splits the count into subproblems (``plugins.voxel.distributed``).
    """
    one_search = checkpoint is None and not cluster
    if one_search and jobs <= 1:
        return _count_here(puzzle, task, keep)
    if one_search:  # small counts start no processes
        small = _count_here(puzzle, task, keep, in_process_nodes)
        if small is not None:
            return small
    from plugins.voxel.distributed import count_in_parts

    return count_in_parts(puzzle, task, jobs=jobs, cluster=cluster, checkpoint=checkpoint, keep=keep)


def _count_here(puzzle: Puzzle, task: Task | None, keep: int, budget: int | None = None) -> CountOutcome | None:
    """The count as one search in this process; None if it needs more than ``budget`` nodes."""
    start = time.perf_counter()
    cover = build_cover(puzzle)
    search = _Search(cover, dlx.COUNT, keep=keep)
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


def split_prefixes(cover: Cover, wanted: int, max_depth: int = 6) -> tuple[list[tuple[int, ...]], _Search]:
    """The partial solutions at the shallowest depth giving at least ``wanted`` subtrees.

    Returns them with the search that made them: it has already counted the solutions
    shallower than that depth (a tiny puzzle may end before it).
    """
    for depth in range(1, max_depth + 1):  # count them at each depth (a buffer of one), then collect
        search = _Search(cover, dlx.PREFIX, max_depth=depth, keep=KEEP_LIMIT, max_prefixes=1)
        search.run()
        n = int(search.counts[dlx.PREFIXES])
        if n >= wanted or depth >= cover.piece_count:
            break
    search = _Search(cover, dlx.PREFIX, max_depth=depth, keep=KEEP_LIMIT, max_prefixes=max(n, 1))
    search.run()
    return [tuple(int(x) for x in row) for row in search.prefixes[:n]], search
