"""Solve and count voxel packing puzzles (no Qt).

The puzzle becomes an exact-cover matrix: one column per target cell, one per piece,
one row per placement (a piece in one orientation at one position). ``plugins.voxel.dlx``
searches it.

Counting up to symmetry without generating every solution: the target's symmetries
that map the piece set onto itself (a reflection qualifies when the pieces allow it,
e.g. Soma's mirror pair A/B) form a group G acting on placements. One *anchor* is
restricted to one placement per orbit, either a piece with one copy (orbits of its
placements under the symmetries that keep that piece) or a cell (orbits of the
placements covering it under the symmetries that fix that cell), whichever cuts more
rows; every class of solutions still meets the restricted search. A found solution
counts as a new class only if no symmetry maps it to a smaller solution of the
restricted search (``dlx._record``), and its class holds |G| / |stabiliser| solutions.
So ``count`` gives both numbers without ever enumerating all of them.

``--jobs N`` splits the tree: the first levels are enumerated into prefixes, which
worker processes (spawn context) search to the end.
"""
from __future__ import annotations

import multiprocessing
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from editor.tasks import Task
from plugins.voxel import dlx
from plugins.voxel.geometry import ALL_SYMMETRIES, Matrix, Voxel, normal_form, orientations, transform
from plugins.voxel.puzzle import Puzzle, PuzzleFileError


class Placement(NamedTuple):
    piece: int  # index into Puzzle.pieces
    cells: tuple[Voxel, ...]


Solution = tuple[Placement, ...]  # sorted by piece, then cells

SLICE_NODES = 200_000  # search nodes between progress reports / cancellation checks
KEEP_LIMIT = 100_000  # solutions kept for browsing (one per symmetry class)


@dataclass(frozen=True)
class Symmetry:
    matrix: Matrix
    cell_map: tuple[int, ...]  # target cell index -> image cell index
    piece_map: tuple[int, ...]  # piece -> the piece its image is


@dataclass
class Model:
    """The exact-cover matrix of a puzzle, with its symmetry group and anchor."""

    puzzle: Puzzle
    cells: list[Voxel]  # target cells, index order (z, y, x)
    placement_piece: np.ndarray  # (P,) piece of each placement
    placement_cells: np.ndarray  # (P, largest piece) sorted cell indices, padded with len(cells)
    symmetries: list[Symmetry]  # [0] is the identity
    perms: np.ndarray  # (len(symmetries), P) image of each placement
    allowed: np.ndarray  # uint8 per placement: kept by the anchor restriction
    anchor: str  # what was restricted, for reports
    anchor_column: int  # the matrix column branched on first (-1: none)
    arrays: tuple = ()  # the pristine dancing-links matrix (copied for every search)

    @property
    def group_order(self) -> int:
        return len(self.symmetries)

    @property
    def piece_count(self) -> int:
        return self.puzzle.piece_count

    def placement(self, placement_id: int) -> Placement:
        cells = self.placement_cells[placement_id]
        return Placement(int(self.placement_piece[placement_id]),
                         tuple(sorted(self.cells[c] for c in cells if c < len(self.cells))))

    def solution(self, placement_ids) -> Solution:
        return tuple(sorted((self.placement(int(p)) for p in placement_ids), key=lambda q: (q.piece, q.cells)))


@lru_cache(maxsize=16)
def build_model(puzzle: Puzzle) -> Model:
    cells = sorted(puzzle.target, key=lambda v: (v[2], v[1], v[0]))
    n_cells = len(cells)
    index = {v: i for i, v in enumerate(cells)}
    coords = np.array(cells, dtype=np.int64)
    size = coords.max(axis=0) + 1
    grid = np.full(tuple(size), n_cells, dtype=np.int32)  # cell index, n_cells outside the target
    grid[coords[:, 0], coords[:, 1], coords[:, 2]] = np.arange(n_cells, dtype=np.int32)
    shapes = [orientations(p.cells, puzzle.mirror) for p in puzzle.pieces]
    width = max(len(p.cells) for p in puzzle.pieces)
    pieces, rows = [], []
    for piece, (spec, orients) in enumerate(zip(puzzle.pieces, shapes)):
        found = 0
        for shape in orients:
            offsets = np.array(shape, dtype=np.int64) - np.array(shape[0], dtype=np.int64)
            spots = coords[:, None, :] + offsets[None, :, :]  # (targets, cells, 3)
            inside = ((spots >= 0) & (spots < size)).all(axis=(1, 2))
            spots = spots[inside]
            covered = grid[spots[..., 0], spots[..., 1], spots[..., 2]]
            covered = covered[(covered < n_cells).all(axis=1)]
            block = np.full((len(covered), width), n_cells, dtype=np.int32)
            block[:, : len(shape)] = np.sort(covered, axis=1)
            rows.append(block)
            pieces.append(np.full(len(covered), piece, dtype=np.int32))
            found += len(covered)
        if not found:
            raise PuzzleFileError(f"{puzzle.source or puzzle.id}: piece {spec.name!r} fits nowhere in the target")
    placement_cells = np.concatenate(rows)
    placement_piece = np.concatenate(pieces)
    symmetries = _symmetries(puzzle, cells, index, [set(s) for s in shapes])
    perms = _placement_permutations(placement_piece, placement_cells, symmetries)
    allowed, anchor, anchor_column = _anchor(puzzle, cells, placement_piece, placement_cells, symmetries, perms)
    model = Model(puzzle, cells, placement_piece, placement_cells, symmetries, perms, allowed, anchor, anchor_column)
    model.arrays = _matrix(model)
    return model


def _symmetries(puzzle: Puzzle, cells, index, shape_sets) -> list[Symmetry]:
    """Isometries of the target that map every piece onto a piece with as many copies."""
    result = []
    for matrix in ALL_SYMMETRIES:
        image = [transform(matrix, v) for v in cells]
        low = [min(v[i] for v in image) for i in range(3)]
        image = [(v[0] - low[0], v[1] - low[1], v[2] - low[2]) for v in image]
        if any(v not in index for v in image):
            continue
        piece_map = []
        for piece in puzzle.pieces:
            turned = normal_form(transform(matrix, v) for v in piece.cells)
            match = [u for u, other in enumerate(puzzle.pieces)
                     if turned in shape_sets[u] and other.copies == piece.copies]
            if not match:
                break
            piece_map.append(match[0])
        else:
            result.append(Symmetry(matrix, tuple(index[v] for v in image), tuple(piece_map)))
    return result


def _row_keys(pieces: np.ndarray, cells: np.ndarray) -> np.ndarray:
    """One comparable key per placement (its piece and sorted cells as raw bytes)."""
    table = np.ascontiguousarray(np.column_stack([pieces, cells]).astype(np.int32))
    return table.view(np.dtype((np.void, table.shape[1] * 4))).ravel()


def _placement_permutations(pieces: np.ndarray, cells: np.ndarray, symmetries) -> np.ndarray:
    keys = _row_keys(pieces, cells)
    order = np.argsort(keys)
    sorted_keys = keys[order]
    n_cells = len(symmetries[0].cell_map)
    perms = np.empty((len(symmetries), len(pieces)), dtype=np.int32)
    for g, sym in enumerate(symmetries):
        cell_map = np.array(sym.cell_map + (n_cells,), dtype=np.int32)  # padding maps to itself
        piece_map = np.array(sym.piece_map, dtype=np.int32)
        image = _row_keys(piece_map[pieces], np.sort(cell_map[cells], axis=1))
        at = np.searchsorted(sorted_keys, image)
        if not (sorted_keys[np.minimum(at, len(keys) - 1)] == image).all():
            raise AssertionError("a symmetry maps a placement outside the placement set")
        perms[g] = order[at]
    return perms


def _anchor(puzzle, cells, placement_piece, placement_cells, symmetries, perms):
    """Restrict one piece or cell to one placement per orbit (the best cut); see the module doc.

    Returns (allowed per placement, description, the anchor's matrix column or -1).
    """
    allowed = np.ones(len(placement_piece), dtype=np.uint8)
    n_cells = len(cells)
    if len(symmetries) == 1:
        return allowed, "none (no symmetry of the target respects the pieces)", -1
    piece_maps = np.array([s.piece_map for s in symmetries])
    cell_maps = np.array([s.cell_map for s in symmetries])
    options = []  # (rows cut, prefer pieces, description, column, candidates, representatives)
    for piece, spec in enumerate(puzzle.pieces):
        if spec.copies == 1:
            group = np.flatnonzero(piece_maps[:, piece] == piece)
            candidates = np.flatnonzero(placement_piece == piece)
            reps = np.unique(perms[np.ix_(group, candidates)].min(axis=0))
            options.append((len(candidates) - len(reps), 1, f"piece {spec.name!r}", n_cells + piece, candidates, reps))
    for c in range(n_cells):
        group = np.flatnonzero(cell_maps[:, c] == c)
        if len(group) > 1:
            candidates = np.flatnonzero((placement_cells == c).any(axis=1))
            reps = np.unique(perms[np.ix_(group, candidates)].min(axis=0))
            options.append((len(candidates) - len(reps), 0, f"cell {cells[c]}", c, candidates, reps))
    if not options:
        return allowed, "none", -1
    _, _, description, column, candidates, reps = max(options, key=lambda o: (o[0], o[1]))
    allowed[candidates] = 0
    allowed[reps] = 1
    return allowed, f"{description}: {len(reps)} of {len(candidates)} placements", column


def _matrix(model: Model) -> tuple:
    """The dancing-links arrays for the allowed placements (row nodes: cells, then the piece)."""
    puzzle = model.puzzle
    n_cells, n_pieces = len(model.cells), len(puzzle.pieces)
    n_cols = n_cells + n_pieces
    root = n_cols
    copies = np.array([p.copies for p in puzzle.pieces], dtype=np.int32)
    col_type = np.full(n_cols, -1, dtype=np.int32)
    col_type[n_cells:] = np.arange(n_pieces, dtype=np.int32)
    row_ids = np.flatnonzero(model.allowed).astype(np.int32)
    table = np.column_stack([model.placement_cells[row_ids], n_cells + model.placement_piece[row_ids]])
    real = np.column_stack([model.placement_cells[row_ids] < n_cells, np.ones(len(row_ids), bool)])  # padding is no node
    lengths = real.sum(axis=1)
    node_col = table[real].astype(np.int32)
    n_nodes = root + 1 + len(node_col)
    first = root + 1 + np.concatenate([[0], np.cumsum(lengths)[:-1]])
    nodes = np.arange(root + 1, n_nodes, dtype=np.int32)
    L = np.arange(n_nodes, dtype=np.int32)
    R = np.arange(n_nodes, dtype=np.int32)
    U = np.arange(n_nodes, dtype=np.int32)
    D = np.arange(n_nodes, dtype=np.int32)
    C = np.arange(n_nodes, dtype=np.int32)
    row_id = np.full(n_nodes, -1, dtype=np.int32)
    C[root + 1:] = node_col
    row_of_node = np.repeat(np.arange(len(row_ids)), lengths)
    row_id[root + 1:] = row_ids[row_of_node]
    row_first = first[row_of_node]
    row_last = row_first + lengths[row_of_node] - 1
    L[root + 1:] = np.where(nodes == row_first, row_last, nodes - 1)
    R[root + 1:] = np.where(nodes == row_last, row_first, nodes + 1)
    S = np.bincount(node_col, minlength=n_cols + 1).astype(np.int32)
    by_column = nodes[np.argsort(node_col, kind="stable")]
    start = 0
    for col in range(n_cols):
        members = by_column[start:start + S[col]]
        start += S[col]
        chain = np.concatenate([[col], members, [col]]).astype(np.int32)
        D[chain[:-1]] = chain[1:]
        U[chain[1:]] = chain[:-1]
    ring = list(range(n_cells)) + [n_cells + t for t in range(n_pieces) if copies[t] == 1] + [root]
    for a, b in zip(ring, ring[1:] + ring[:1]):
        R[a], L[b] = b, a
    return L, R, U, D, C, S, row_id, col_type, copies


class _Search:
    """One resumable search on a fresh copy of the model's matrix."""

    def __init__(self, model: Model, mode: int, prefix=(), max_depth: int = 0, keep: int = KEEP_LIMIT,
                 max_prefixes: int = 0):
        self.model = model
        self.mode = mode
        L, R, U, D, C, S, self.row_id, self.col_type, self.copies = model.arrays
        self.links = [a.copy() for a in (L, R, U, D, C, S)]
        self.remaining = self.copies.copy()
        depth = model.piece_count + 1
        self.cols = np.full(depth, -1, dtype=np.int32)
        self.rows = np.zeros(depth, dtype=np.int32)
        self.counts = np.zeros(6, dtype=np.int64)
        self.keep = np.zeros((max(keep, 1), model.piece_count), dtype=np.int32)
        self.prefixes = np.zeros((max(max_prefixes, 1), max(max_depth, 1)), dtype=np.int32)
        self.max_depth = max_depth
        if prefix:
            root = len(self.links[5]) - 1
            ids, first = np.unique(self.row_id[root + 1:], return_index=True)
            first_node = dict(zip(ids.tolist(), (first + root + 1).tolist()))
        for level, placement_id in enumerate(prefix):
            node = first_node[placement_id]
            dlx.select_row(node, *self.links, self.col_type, self.copies, self.remaining)
            self.rows[level] = node
        self.state = np.array([len(prefix), dlx.ENTER, len(prefix)], dtype=np.int64)

    def step(self, budget: int = SLICE_NODES) -> int:
        return dlx.search(*self.links, self.row_id, self.col_type, self.copies, self.remaining, self.state,
                          self.cols, self.rows, self.model.perms, self.model.allowed, self.model.anchor_column, self.mode,
                          self.max_depth, budget, self.counts, self.keep, self.prefixes)

    def fraction(self) -> float:
        return dlx.progress_fraction(self.links[3], self.cols, self.rows, self.state[0], self.state[2], 6)

    def run(self, task: Task | None = None, label: str = "") -> int:
        while True:
            status = self.step()
            if status != dlx.PAUSED:
                return status
            if task is not None:
                task.check_cancelled()
                task.report(self.fraction(), 1.0, f"{label}{self.counts[dlx.DISTINCT]} distinct, "
                            f"{self.counts[dlx.TOTAL]} in all, {self.counts[dlx.NODES] / 1e6:.1f} M nodes")

    def kept_ids(self) -> list[tuple[int, ...]]:
        return [tuple(int(x) for x in row) for row in self.keep[: self.counts[dlx.KEPT]]]


def solve_first(puzzle: Puzzle, task: Task | None = None) -> Solution | None:
    model = build_model(puzzle)
    search = _Search(model, dlx.FIRST, keep=1)
    if search.run(task, "searching: ") != dlx.FOUND:
        return None
    return model.solution(search.keep[0])


@dataclass
class CountOutcome:
    count: int  # every solution
    distinct: int  # up to the symmetries in ``symmetry_order``
    symmetry_order: int
    solutions: list[Solution]  # one per class (up to ``keep``), in the order found
    nodes: int
    seconds: float
    jobs: int = 1
    anchor: str = ""
    extra: dict = field(default_factory=dict)


def count_solutions(puzzle: Puzzle, task: Task | None = None, jobs: int = 1, keep: int = KEEP_LIMIT) -> CountOutcome:
    """Count every solution and the classes up to symmetry; raises ``Cancelled`` if cancelled."""
    start = time.perf_counter()
    model = build_model(puzzle)
    if jobs <= 1:
        search = _Search(model, dlx.COUNT, keep=keep)
        search.run(task)
        counts, kept = search.counts, search.kept_ids()
    else:
        counts, kept = _count_in_processes(model, task, jobs, keep)
    return CountOutcome(count=int(counts[dlx.TOTAL]), distinct=int(counts[dlx.DISTINCT]),
                        symmetry_order=model.group_order, solutions=[model.solution(ids) for ids in kept],
                        nodes=int(counts[dlx.NODES]), seconds=time.perf_counter() - start, jobs=max(1, jobs),
                        anchor=model.anchor)


def split_prefixes(model: Model, wanted: int, max_depth: int = 6) -> tuple[list[tuple[int, ...]], _Search]:
    """The partial solutions at the shallowest depth giving at least ``wanted`` subtrees.

    Returns them with the search that made them: it has already counted the solutions
    shallower than that depth (a tiny puzzle may end before it).
    """
    for depth in range(1, max_depth + 1):
        search = _Search(model, dlx.PREFIX, max_depth=depth, keep=KEEP_LIMIT, max_prefixes=1)
        search.run()
        n = int(search.counts[dlx.PREFIXES])
        if n >= wanted or depth == max_depth or depth >= model.piece_count:
            search = _Search(model, dlx.PREFIX, max_depth=depth, keep=KEEP_LIMIT, max_prefixes=max(n, 1))
            search.run()
            return [tuple(int(x) for x in row) for row in search.prefixes[:n]], search
    raise AssertionError("unreachable")


def count_prefixes(puzzle: Puzzle, prefixes: list[tuple[int, ...]], keep: int) -> tuple[np.ndarray, list]:
    """Worker: count below each prefix. Returns (counts, kept placement-id tuples)."""
    model = build_model(puzzle)
    total = np.zeros(6, dtype=np.int64)
    kept: list = []
    for prefix in prefixes:
        search = _Search(model, dlx.COUNT, prefix=prefix, keep=max(0, keep - len(kept)))
        search.run()
        total += search.counts
        kept.extend(search.kept_ids())
    total[dlx.KEPT] = len(kept)
    return total, kept


def _count_in_processes(model: Model, task: Task | None, jobs: int, keep: int):
    prefixes, head = split_prefixes(model, wanted=32 * jobs)
    counts = head.counts.copy()
    kept = head.kept_ids()
    chunks = [prefixes[i::8 * jobs] for i in range(8 * jobs)]
    chunks = [c for c in chunks if c]
    if not chunks:
        return counts, kept
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(processes=jobs)
    try:
        results = pool.imap_unordered(_count_chunk, [(model.puzzle, chunk, keep) for chunk in chunks])
        done = 0
        while done < len(chunks):
            try:
                part, part_kept = results.next(timeout=0.2)
            except multiprocessing.TimeoutError:
                if task is not None:
                    task.check_cancelled()
                continue
            done += 1
            counts[: dlx.KEPT] += part[: dlx.KEPT]
            kept.extend(part_kept[: max(0, keep - len(kept))])
            if task is not None:
                task.check_cancelled()
                task.report(done, len(chunks), f"{jobs} processes: {counts[dlx.DISTINCT]} distinct, "
                            f"{counts[dlx.TOTAL]} in all ({done}/{len(chunks)} parts)")
        pool.close()
    finally:
        pool.terminate()
        pool.join()
    return counts, kept


def _count_chunk(arguments):
    puzzle, prefixes, keep = arguments
    return count_prefixes(puzzle, prefixes, keep)
