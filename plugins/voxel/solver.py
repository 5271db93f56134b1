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

``--jobs N``, a checkpoint or a Dask cluster split the tree: the first levels are
enumerated into prefixes, whose subtrees are counted as independent subproblems
(``plugins/voxel/distributed.py``). A count with ``--jobs`` alone that finishes within its
first million nodes never starts processes.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, NamedTuple

import numpy as np

from editor.plugin_api import Task
from plugins.voxel import bitboard, dlx
from plugins.voxel.geometry import ALL_SYMMETRIES, ROTATIONS, Matrix, Voxel, normal_form, orientations, transform
from plugins.voxel.model import HOLE, Puzzle, PuzzleFileError


class Placement(NamedTuple):
    piece: int  # index into Puzzle.pieces
    cells: tuple[Voxel, ...]


Solution = tuple[Placement, ...]  # sorted by piece, then cells

SLICE_NODES = 200_000  # search nodes between progress reports / cancellation checks
SMALL_COUNT_NODES = 1_000_000  # a count this small runs in this process even when given --jobs (well under 1 s)
KEEP_LIMIT = 100_000  # solutions kept for browsing (one per symmetry class)


@dataclass(frozen=True)
class Symmetry:
    matrix: Matrix
    cell_map: tuple[int, ...]  # target cell index -> image cell index
    piece_map: tuple[int, ...]  # piece -> the piece its image is


@dataclass
class Cover:
    """The exact-cover matrix of a puzzle, with its symmetry group and anchor."""

    puzzle: Puzzle
    cells: list[Voxel]  # target cells, index order (z, y, x)
    placement_piece: np.ndarray  # (P,) piece of each placement
    placement_cells: np.ndarray  # (P, largest piece) sorted cell indices, padded with len(cells)
    symmetries: list[Symmetry]  # [0] is the identity
    perms: np.ndarray  # (len(symmetries), P) image of each placement
    allowed: np.ndarray  # uint8 per placement: kept by the anchor restriction
    anchor: str  # what was restricted, for reports
    anchor_column: int  # the matrix column branched on first (-1: none); cells first, then pieces
    engine: str = "bitboard"  # "bitboard" (up to 128 cells and 64 pieces) or "dlx"
    arrays: object = None  # the engine's pristine tables (copied for every search where they change)
    _ids: dict | None = None  # placement -> id, made when first needed

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

    def placement_id(self, placement: Placement) -> int:
        if self._ids is None:
            self._ids = {self.placement(i): i for i in range(len(self.placement_piece))}
        return self._ids[placement]

    def solution(self, placement_ids) -> Solution:
        """The placements (ids; -1 is padding), without those of the optional cells left empty."""
        placements = (self.placement(int(p)) for p in placement_ids if p >= 0)
        return tuple(sorted((q for q in placements if self.puzzle.pieces[q.piece].name != HOLE),
                            key=lambda q: (q.piece, q.cells)))


@lru_cache(maxsize=16)
def build_cover(puzzle: Puzzle, engine: str | None = None, symmetric: bool = True) -> Cover:
    """The puzzle's placements, symmetries and search tables; ``engine`` None picks the fastest.

    ``symmetric=False`` skips the symmetry group (only the identity): enough, and quicker
    to build, for finding one solution. The cover's puzzle is ``puzzle.for_engine()``.
    """
    puzzle = puzzle.for_engine()
    cells = sorted(puzzle.target, key=lambda v: (v[2], v[1], v[0]))
    n_cells = len(cells)
    index = {v: i for i, v in enumerate(cells)}
    coords = np.array(cells, dtype=np.int64)
    size = coords.max(axis=0) + 1
    grid = np.full(tuple(size), n_cells, dtype=np.int32)  # cell index, n_cells outside the target
    grid[coords[:, 0], coords[:, 1], coords[:, 2]] = np.arange(n_cells, dtype=np.int32)
    shapes = [orientations(p.cells, puzzle.mirror) for p in puzzle.pieces]
    optional = np.array([v in set(puzzle.optional) for v in cells] + [False])  # per cell index, and padding
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
            if spec.name == HOLE:  # it marks an optional cell left empty
                covered = covered[optional[covered].all(axis=1)]
            block = np.full((len(covered), width), n_cells, dtype=np.int32)
            block[:, : len(shape)] = np.sort(covered, axis=1)
            rows.append(block)
            pieces.append(np.full(len(covered), piece, dtype=np.int32))
            found += len(covered)
        if not found:
            raise PuzzleFileError(f"{puzzle.source or puzzle.id}: piece {spec.name!r} fits nowhere in the target")
    placement_cells = np.concatenate(rows)
    placement_piece = np.concatenate(pieces)
    if symmetric:
        symmetries = _symmetries(puzzle, cells, index, [set(s) for s in shapes])
        perms = _placement_permutations(placement_piece, placement_cells, symmetries)
    else:
        symmetries = [Symmetry(ALL_SYMMETRIES[0], tuple(range(n_cells)), tuple(range(len(puzzle.pieces))))]
        perms = np.arange(len(placement_piece), dtype=np.int32)[None, :]
    allowed, anchor, anchor_column = _anchor(puzzle, cells, placement_piece, placement_cells, symmetries, perms)
    if engine is None:
        engine = "bitboard" if n_cells + len(puzzle.pieces) <= bitboard.MAX_BITS else "dlx"
    cover = Cover(puzzle, cells, placement_piece, placement_cells, symmetries, perms, allowed, anchor, anchor_column,
                  engine)
    cover.arrays = _bitboard_tables(cover) if engine == "bitboard" else _matrix(cover)
    return cover


def _symmetries(puzzle: Puzzle, cells, index, shape_sets) -> list[Symmetry]:
    """Isometries of the target that map every piece onto a piece with as many copies.

    With ranges of copies, rotations only: BurrTools counts assemblies so (its assembler
    leaves mirror images of such problems apart), and its figures are the reference.
    """
    ranges = any(p.fewest != p.copies for p in puzzle.pieces if p.name != HOLE)
    result = []
    for matrix in ROTATIONS if ranges else ALL_SYMMETRIES:
        image = [transform(matrix, v) for v in cells]
        low = [min(v[i] for v in image) for i in range(3)]
        image = [(v[0] - low[0], v[1] - low[1], v[2] - low[2]) for v in image]
        if any(v not in index for v in image) or {image[index[v]] for v in puzzle.optional} != set(puzzle.optional):
            continue
        piece_map = []
        for piece in puzzle.pieces:
            turned = normal_form(transform(matrix, v) for v in piece.cells)
            match = [u for u, other in enumerate(puzzle.pieces) if turned in shape_sets[u]
                     and (other.copies, other.fewest, other.name == HOLE) == (piece.copies, piece.fewest,
                                                                              piece.name == HOLE)]
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
    """Restrict one piece or cell to one placement per orbit; see the module doc.

    Returns (allowed per placement, description, the anchor's matrix column or -1).
    """
    allowed = np.ones(len(placement_piece), dtype=np.uint8)
    n_cells = len(cells)
    if len(symmetries) == 1:
        return allowed, "none (no symmetry of the target respects the pieces)", -1
    piece_maps = np.array([s.piece_map for s in symmetries])
    cell_maps = np.array([s.cell_map for s in symmetries])
    options = []  # (representatives, -placements cut, description, column, candidates, representatives)
    for piece, spec in enumerate(puzzle.pieces):
        if spec.copies == spec.fewest == 1:  # in every solution
            group = np.flatnonzero(piece_maps[:, piece] == piece)
            candidates = np.flatnonzero(placement_piece == piece)
            reps = np.unique(perms[np.ix_(group, candidates)].min(axis=0))
            options.append((len(reps), len(reps) - len(candidates), f"piece {spec.name!r}", n_cells + piece,
                            candidates, reps))
    for c in range(n_cells):
        group = np.flatnonzero(cell_maps[:, c] == c)
        if len(group) > 1:
            candidates = np.flatnonzero((placement_cells == c).any(axis=1))
            reps = np.unique(perms[np.ix_(group, candidates)].min(axis=0))
            options.append((len(reps), len(reps) - len(candidates), f"cell {cells[c]}", c, candidates, reps))
    options = [o for o in options if o[1] < 0]  # it must cut something
    if not options:
        return allowed, "none", -1
    # The search branches on the anchor first: keep the smallest share of its placements,
    # then the fewest branches.
    _, _, description, column, candidates, reps = min(options, key=lambda o: (o[4].size and o[0] / len(o[4]), o[0]))
    allowed[candidates] = 0
    allowed[reps] = 1
    return allowed, f"{description}: {len(reps)} of {len(candidates)} placements", column


def _matrix(cover: Cover) -> tuple:
    """The dancing-links arrays for the allowed placements (row nodes: cells, then the piece)."""
    puzzle = cover.puzzle
    n_cells, n_pieces = len(cover.cells), len(puzzle.pieces)
    n_cols = n_cells + n_pieces
    root = n_cols
    copies = np.array([p.copies for p in puzzle.pieces], dtype=np.int32)
    slack = _slack(puzzle)
    col_type = np.full(n_cols, -1, dtype=np.int32)
    col_type[n_cells:] = np.arange(n_pieces, dtype=np.int32)
    row_ids = np.flatnonzero(cover.allowed).astype(np.int32)
    table = np.column_stack([cover.placement_cells[row_ids], n_cells + cover.placement_piece[row_ids]])
    real = np.column_stack([cover.placement_cells[row_ids] < n_cells, np.ones(len(row_ids), bool)])  # padding is no node
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
    in_ring = (copies == 1) & (slack == 0)
    slack = np.where(in_ring, copies, slack).astype(np.int32)  # the ring checks those (see dlx.py)
    ring = list(range(n_cells)) + [n_cells + t for t in np.flatnonzero(in_ring)] + [root]
    for a, b in zip(ring, ring[1:] + ring[:1]):
        R[a], L[b] = b, a
    L, R, U, D, C = (a.astype(np.uint32) for a in (L, R, U, D, C))  # unsigned: no negative-index checks
    return L, R, U, D, C, S, row_id, col_type, copies, slack


def _slack(puzzle: Puzzle) -> np.ndarray:
    """Per piece, how many of its copies may stay unused (0 unless it has a range)."""
    return np.array([p.copies - p.fewest for p in puzzle.pieces], dtype=np.int32)


@dataclass
class BitboardTables:
    """The allowed placements as masks, and each column's list of them (see ``bitboard.py``).

    A mask is two words: ``*0`` holds bits 0-63 (the cells, then the pieces), ``*1`` bits 64-127.
    """

    m0: np.ndarray  # per allowed placement: its cells and its piece's bit
    m1: np.ndarray
    piece_bit0: np.ndarray  # per piece
    piece_bit1: np.ndarray
    ids: np.ndarray  # placement id of each allowed placement
    piece_of: np.ndarray
    slack: np.ndarray  # per piece: copies that may stay unused
    full0: np.uint64  # every cell covered, every piece without a range used up
    full1: np.uint64
    columns0: np.uint64  # the bits that are exact-cover columns: the cells and the pieces with exactly one copy
    columns1: np.uint64
    border0: np.ndarray  # per allowed placement: the cells next to it
    border1: np.ndarray
    lists: np.ndarray  # the columns' lists, one after the other
    list_start: np.ndarray  # column c's list is lists[list_start[c]:list_start[c] + list_len[c]]
    list_len: np.ndarray
    has_anchor: bool  # the last column lists the anchor's placements
    enough: int  # branch on a list this short without filtering the rest (see ``bitboard.py``)


def _masks(bits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows of bit numbers (-1: none) as two words per row: bits 0-63 and bits 64-127."""
    shifted = np.left_shift(np.uint64(1), (bits % 64).astype(np.uint64))
    low = np.where((bits >= 0) & (bits < 64), shifted, np.uint64(0))
    high = np.where(bits >= 64, shifted, np.uint64(0))
    return np.bitwise_or.reduce(low, axis=-1), np.bitwise_or.reduce(high, axis=-1)


def _neighbour_bits(cover: Cover) -> np.ndarray:
    """(cells + 1, 6): the face neighbours of each target cell (-1: none; the last row is padding's)."""
    index = {v: i for i, v in enumerate(cover.cells)}
    steps = [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]
    table = np.full((len(cover.cells) + 1, len(steps)), -1, dtype=np.int64)
    for i, (x, y, z) in enumerate(cover.cells):
        for j, (a, b, c) in enumerate(steps):
            table[i, j] = index.get((x + a, y + b, z + c), -1)
    return table


def _bitboard_tables(cover: Cover) -> BitboardTables:
    n_cells, n_pieces = len(cover.cells), len(cover.puzzle.pieces)
    ids = np.flatnonzero(cover.allowed).astype(np.int32)
    cells = cover.placement_cells[ids]
    pieces = cover.placement_piece[ids]
    cell_bits = np.where(cells < n_cells, cells, -1)  # -1: padding
    m0, m1 = _masks(np.column_stack([cell_bits, n_cells + pieces]))
    piece_bit0, piece_bit1 = _masks((n_cells + np.arange(n_pieces))[:, None])
    neighbours0, neighbours1 = _masks(_neighbour_bits(cover))
    own0, own1 = _masks(cell_bits)
    border0 = np.bitwise_or.reduce(neighbours0[cells], axis=1) & ~own0
    border1 = np.bitwise_or.reduce(neighbours1[cells], axis=1) & ~own1
    copies = np.array([p.copies for p in cover.puzzle.pieces], dtype=np.int32)
    slack = _slack(cover.puzzle)
    exact_one = (copies == 1) & (slack == 0)
    columns = [np.flatnonzero((cells == c).any(axis=1)) for c in range(n_cells)]
    columns += [np.flatnonzero(pieces == t) if exact_one[t] else np.zeros(0, np.int64) for t in range(n_pieces)]
    column = cover.anchor_column  # a cell or piece column (as in the dancing-links matrix)
    columns.append(columns[column] if column >= 0 else np.zeros(0, np.int64))
    lengths = np.array([len(c) for c in columns], dtype=np.int32)
    column_bits = np.concatenate([np.arange(n_cells), n_cells + np.flatnonzero(exact_one)])
    columns0, columns1 = _masks(column_bits)
    full0, full1 = _masks(np.concatenate([np.arange(n_cells), n_cells + np.flatnonzero(slack == 0)]))
    return BitboardTables(m0=m0, m1=m1, piece_bit0=piece_bit0, piece_bit1=piece_bit1, ids=ids,
                          piece_of=pieces.astype(np.int32), slack=slack, full0=full0, full1=full1,
                          columns0=columns0, columns1=columns1, border0=border0, border1=border1,
                          lists=np.concatenate(columns).astype(np.int32),
                          list_start=np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int32),
                          list_len=lengths, has_anchor=column >= 0, enough=4 if exact_one.all() else 0)


class _Search:
    """One resumable search on fresh copies of the cover's tables (``engine`` chooses them)."""

    def __init__(self, cover: Cover, mode: int, prefix=(), max_depth: int = 0, keep: int = KEEP_LIMIT,
                 max_prefixes: int = 0):
        self.cover = cover
        self.mode = mode
        self.max_depth = max_depth
        depth = cover.piece_count + 1
        self.counts = np.zeros(6, dtype=np.int64)
        # Rows are read only once written: np.empty leaves the big buffers unpaged until used.
        self.keep = np.empty((max(keep, 1), cover.piece_count), dtype=np.int32)
        self.prefixes = np.empty((max(max_prefixes, 1), max(max_depth, 1)), dtype=np.int32)
        self.state = np.array([len(prefix), dlx.ENTER, len(prefix)], dtype=np.int64)
        # Unsigned, as the engines' link and index tables: numba skips negative-index handling.
        self.cols = np.zeros(depth, dtype=np.uint32)  # dlx: column; bitboard: column branched on
        self.rows = np.zeros(depth, dtype=np.uint32)  # dlx: row node; bitboard: slot in use
        self.next_slot = np.zeros(depth, dtype=np.int32)  # bitboard: next slot to try
        self.remaining = np.array([p.copies for p in cover.puzzle.pieces], dtype=np.int32)
        if cover.engine == "bitboard":
            self._init_bitboard(prefix)
        else:
            self._init_dlx(prefix)

    def _init_dlx(self, prefix) -> None:
        L, R, U, D, C, S, self.row_id, self.col_type, self.copies, self.slack = self.cover.arrays
        self.links = [a.copy() for a in (L, R, U, D, C, S)]
        if prefix:
            root = len(S) - 1
            ids, first = np.unique(self.row_id[root + 1:], return_index=True)
            first_node = dict(zip(ids.tolist(), (first + root + 1).tolist()))
        for level, placement_id in enumerate(prefix):
            node = first_node[placement_id]
            dlx.select_row(node, *self.links, self.col_type, self.copies, self.remaining)
            self.rows[level] = node

    def _init_bitboard(self, prefix) -> None:
        tables = self.cover.arrays
        depth = self.cover.piece_count + 2
        n_cols = len(tables.list_len)
        self.board = np.zeros(2, dtype=np.uint64)
        self.seg_start = np.zeros((depth, n_cols), dtype=np.int32)
        self.seg_len = np.zeros((depth, n_cols), dtype=np.int32)
        self.buf = np.empty(len(tables.lists) * depth, dtype=np.int32)
        self.top_at = np.zeros(depth, dtype=np.int32)
        base = len(prefix)
        self.buf[: len(tables.lists)] = tables.lists
        self.seg_start[base] = tables.list_start
        self.seg_len[base] = tables.list_len
        self.top_at[base] = len(tables.lists)
        for level, placement_id in enumerate(prefix):
            q = int(np.searchsorted(tables.ids, placement_id))  # ids are sorted
            piece = tables.piece_of[q]
            self.board[0] ^= tables.m0[q] ^ tables.piece_bit0[piece]
            self.board[1] ^= tables.m1[q] ^ tables.piece_bit1[piece]
            self.remaining[piece] -= 1
            if self.remaining[piece] == 0:
                self.board[0] |= tables.piece_bit0[piece]
                self.board[1] |= tables.piece_bit1[piece]
            self.rows[level] = q

    def step(self, budget: int = SLICE_NODES) -> int:
        cover = self.cover
        if cover.engine == "bitboard":
            t = cover.arrays
            return bitboard.search(self.seg_start, self.seg_len, self.buf, self.top_at, t.m0, t.m1, t.piece_bit0,
                                   t.piece_bit1, t.ids,
                                   t.piece_of, t.slack, t.full0, t.full1, t.columns0, t.columns1,
                                   t.border0, t.border1, t.enough if self.mode != dlx.FIRST else 0,
                                   t.has_anchor and self.mode != dlx.FIRST, self.board, self.remaining, self.state,
                                   self.cols, self.next_slot, self.rows, cover.perms, cover.allowed, self.mode,
                                   self.max_depth, budget, self.counts, self.keep, self.prefixes)
        return dlx.search(*self.links, self.row_id, self.col_type, self.copies, self.slack, self.remaining, self.state,
                          self.cols, self.rows, cover.perms, cover.allowed,
                          cover.anchor_column if self.mode != dlx.FIRST else -1, self.mode,
                          self.max_depth, budget, self.counts, self.keep, self.prefixes)

    def fraction(self) -> float:
        level, base = int(self.state[0]), int(self.state[2])
        if self.cover.engine == "dlx":
            return dlx.progress_fraction(self.links[3], self.cols, self.rows, level, base, 6)
        fraction, scale = 0.0, 1.0
        for i in range(base, min(level, base + 6)):
            first, size = self.seg_start[i + 1, self.cols[i]], self.seg_len[i + 1, self.cols[i]]
            fraction += scale * (self.next_slot[i] - 1 - first) / size
            scale /= size
        return fraction

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
    distinct: int  # up to the symmetries in ``symmetry_order``
    symmetry_order: int
    solutions: list[Solution]  # one per class (up to ``keep``), in the order found
    nodes: int
    seconds: float
    jobs: int = 1
    anchor: str = ""
    subproblems: int = 0  # how many parts the count was split into (0: one search)


def count_solutions(puzzle: Puzzle, task: Task | None = None, jobs: int = 1, keep: int = KEEP_LIMIT,
                    in_process_nodes: int = SMALL_COUNT_NODES, checkpoint=None, cluster: str | None = None
                    ) -> CountOutcome:
    """Count every solution and the classes up to symmetry; raises ``Cancelled`` if cancelled.

    With ``jobs`` > 1 the count first runs here for ``in_process_nodes`` search nodes, and
    is split among processes only if it has not finished by then (``CountOutcome.jobs``
    says which happened). A ``checkpoint`` file or a Dask ``cluster`` address always
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
                        nodes=int(counts[dlx.NODES]), seconds=time.perf_counter() - start, anchor=cover.anchor)


def class_members(puzzle: Puzzle, solution: Solution) -> list[Solution]:
    """Every solution in ``solution``'s symmetry class (``solution`` among them), each once:
    its images under the symmetries a count works up to. Over the classes a count keeps,
    these are all the solutions it counted."""
    cover = build_cover(puzzle)
    ids = np.array([cover.placement_id(placement) for placement in solution], dtype=np.int64)
    images = {tuple(sorted(cover.perms[g, ids].tolist())) for g in range(cover.group_order)}
    return [cover.solution(image) for image in sorted(images)]


def split_prefixes(cover: Cover, wanted: int, max_depth: int = 6) -> tuple[list[tuple[int, ...]], _Search]:
    """The partial solutions at the shallowest depth giving at least ``wanted`` subtrees.

    Returns them with the search that made them: it has already counted the solutions
    shallower than that depth (a tiny puzzle may end before it).
    """
    for depth in range(1, max_depth + 1):
        search = _Search(cover, dlx.PREFIX, max_depth=depth, keep=KEEP_LIMIT, max_prefixes=1)
        search.run()
        n = int(search.counts[dlx.PREFIXES])
        if n >= wanted or depth == max_depth or depth >= cover.piece_count:
            search = _Search(cover, dlx.PREFIX, max_depth=depth, keep=KEEP_LIMIT, max_prefixes=max(n, 1))
            search.run()
            return [tuple(int(x) for x in row) for row in search.prefixes[:n]], search
    raise AssertionError("unreachable")
