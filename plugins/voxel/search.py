"""One resumable search of a voxel puzzle's exact cover, and what a count gives (no Qt).

:class:`Search` runs the engine the cover chose (``bitboard.py`` or ``dlx.py``) in slices of
``SLICE_NODES`` nodes; :func:`split_prefixes` cuts its tree into subtrees. ``solver.py``
and ``distributed.py`` both build on it.
"""
from __future__ import annotations

from dataclasses import dataclass

from nonogram_editor.plugin_api import Task
from nonogram_editor_builtins.voxel import dlx
from nonogram_editor_builtins.voxel.cover import Cover, Solution

SLICE_NODES = 200_000  # search nodes between progress reports / cancellation checks
KEEP_LIMIT = 100_000  # solutions kept for browsing (one per symmetry class)


class Search:
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


def split_prefixes(cover: Cover, wanted: int, max_depth: int = 6) -> tuple[list[tuple[int, ...]], Search]:
    """The partial solutions at the shallowest depth giving at least ``wanted`` subtrees.

    Returns them with the search that made them: it has already counted the solutions
    shallower than that depth (a tiny puzzle may end before it).
    """
    for depth in range(1, max_depth + 1):  # count them at each depth (a buffer of one), then collect
        search = Search(cover, dlx.PREFIX, max_depth=depth, keep=KEEP_LIMIT, max_prefixes=1)
        search.run()
        n = int(search.counts[dlx.PREFIXES])
        if n >= wanted or depth >= cover.piece_count:
            break
    search = Search(cover, dlx.PREFIX, max_depth=depth, keep=KEEP_LIMIT, max_prefixes=max(n, 1))
    search.run()
    return [tuple(int(x) for x in row) for row in search.prefixes[:n]], search
