"""Knuth's Algorithm X with dancing links, compiled with numba, resumable in slices.

The matrix lives in flat int32 arrays (``L R U D C`` per node, ``S`` per column); the
columns come first, then the root, then the row nodes. Primary columns (cells, and
pieces with one copy) are linked in the root's ring and branched on, fewest rows first
(minimum remaining values). A piece with several copies, or a range of them, has a
column outside the ring that is covered only when its last copy is placed; a filled
ring is a solution when each piece has at most ``slack`` (its range's width) copies left
(a piece in the ring has ``slack`` = its copies: the ring sees to it).

The search is an explicit state machine, so :func:`search` can stop after ``budget``
nodes and carry on when called again: the caller reports progress and notices
cancellation between slices. Every found solution goes through :func:`_record`, which
does the symmetry bookkeeping (see ``plugins/voxel/cover.py``).

Both engines share :class:`Trail` and the helpers for found solutions below, and
:class:`DlxSearch` and ``bitboard.BitboardSearch`` have the same methods.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from nonogram_editor.plugin_api import njit

# search modes
FIRST = 0  # stop at the first solution and keep it
COUNT = 1  # count every solution, keep one per symmetry class
PREFIX = 2  # like COUNT, but record the partial solutions at depth ``max_depth`` instead of going deeper

# phases of the state machine (state[1])
ENTER = 0  # choose a column at level k
TRY = 1  # place the row O[k] (or finish level k when its rows are exhausted)
BACK = 2  # level k is done: undo level k-1's row and move it to its next row

# return values of search()
PAUSED = 0
FINISHED = 1
FOUND = 2

# counters (the ``counts`` array); DISTINCT: classes under all the cover's symmetries,
# ROTATION_CLASSES: under its rotations only (a reflection may merge two of those)
RAW, DISTINCT, TOTAL, NODES, KEPT, PREFIXES, ROTATION_CLASSES = range(7)


class Trail(NamedTuple):
    """Where a search is and what it found: the part of its state both engines share."""

    state: np.ndarray  # [level k, phase, base level]; levels below the base hold a fixed prefix
    cols: np.ndarray  # per level: the column branched on (uint32)
    rows: np.ndarray  # per level: the row (dlx: node; bitboard: slot) in use (uint32)
    remaining: np.ndarray  # per piece: copies not placed yet
    counts: np.ndarray  # the counters above
    keep: np.ndarray  # (n, pieces) solutions kept, as placement ids padded with -1
    prefixes: np.ndarray  # (n, max_depth) partial solutions (mode PREFIX)

    @classmethod
    def start(cls, cover, prefix, keep: int, max_prefixes: int, max_depth: int) -> Trail:
        # Unsigned levels, as the engines' tables: numba skips negative-index handling. Rows
        # are read only once written: np.empty leaves the big buffers unpaged until used.
        levels = [np.zeros(cover.piece_count + 1, dtype=np.uint32) for _ in range(2)]
        return cls(np.array([len(prefix), ENTER, len(prefix)], dtype=np.int64), *levels, cover.copies,
                   np.zeros(7, dtype=np.int64), np.empty((max(keep, 1), cover.piece_count), dtype=np.int32),
                   np.empty((max(max_prefixes, 1), max(max_depth, 1)), dtype=np.int32))


class Links(NamedTuple):
    """The dancing links: per node ``L R U D C``, per column ``S`` (its size)."""

    L: np.ndarray
    R: np.ndarray
    U: np.ndarray
    D: np.ndarray
    C: np.ndarray
    S: np.ndarray


class Matrix(NamedTuple):
    """A cover's dancing-links matrix (built once; each search changes a copy of its links)."""

    links: Links
    row_id: np.ndarray  # placement id of each node's row (-1: a column or the root)
    col_type: np.ndarray  # per column: its piece (-1: a cell)
    slack: np.ndarray
    perms: np.ndarray  # the cover's symmetries acting on placements
    rotations: int  # the first this many of them are the rotations
    allowed: np.ndarray
    anchor_column: int  # branched on first when counting (-1: none)


@njit(cache=True)
def _cover(c, L, R, U, D, C, S):
    L[R[c]] = L[c]
    R[L[c]] = R[c]
    i = D[c]
    while i != c:
        j = R[i]
        while j != i:
            U[D[j]] = U[j]
            D[U[j]] = D[j]
            S[C[j]] -= 1
            j = R[j]
        i = D[i]


@njit(cache=True)
def _uncover(c, L, R, U, D, C, S):
    i = U[c]
    while i != c:
        j = L[i]
        while j != i:
            S[C[j]] += 1
            U[D[j]] = j
            D[U[j]] = j
            j = L[j]
        i = U[i]
    L[R[c]] = c
    R[L[c]] = c


@njit(cache=True)
def _cover_column(c, L, R, U, D, C, S, col_type, remaining):
    t = col_type[c]
    if t >= 0:  # a piece: its column goes when its last copy is placed
        remaining[t] -= 1
        if remaining[t] == 0:
            _cover(c, L, R, U, D, C, S)
    else:
        _cover(c, L, R, U, D, C, S)


@njit(cache=True)
def _uncover_column(c, L, R, U, D, C, S, col_type, remaining):
    t = col_type[c]
    if t >= 0:
        if remaining[t] == 0:
            _uncover(c, L, R, U, D, C, S)
        remaining[t] += 1
    else:
        _uncover(c, L, R, U, D, C, S)


@njit(cache=True)
def select_row(r, L, R, U, D, C, S, col_type, remaining):
    """Put row ``r`` into the solution outside the search (a prefix handed to a worker)."""
    _cover_column(C[r], L, R, U, D, C, S, col_type, remaining)
    j = R[r]
    while j != r:
        _cover_column(C[j], L, R, U, D, C, S, col_type, remaining)
        j = R[j]


# The helpers below use plain loops rather than np.sort or slice assignment: those pull in
# numba's general sort and shape-checking code, which took the first run's compile from
# about 5 s to 12 s; a solution has only a dozen or so placements.

@njit(cache=True)
def _sorted(ids):
    """A sorted copy (insertion sort: a solution is short)."""
    out = ids.copy()
    for i in range(1, out.shape[0]):
        value = out[i]
        j = i - 1
        while j >= 0 and out[j] > value:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = value
    return out


@njit(cache=True)
def chosen_ids(id_of, chosen, k):
    """The placement ids of the first ``k`` choices (``id_of``: a chosen row or slot's id)."""
    ids = np.empty(k, dtype=np.int32)
    for i in range(k):
        ids[i] = id_of[chosen[i]]
    return ids


@njit(cache=True)
def _copy_into(row, ids):
    """``ids`` at the start of ``row``, -1 after them (a solution with ranges of copies is shorter)."""
    for i in range(row.shape[0]):
        row[i] = ids[i] if i < ids.shape[0] else -1


@njit(cache=True)
def enough_copies(remaining, slack):
    """Every piece placed often enough: at most ``slack`` (its range's width) of its copies left."""
    for t in range(remaining.shape[0]):
        if remaining[t] > slack[t]:
            return False
    return True


@njit(cache=True)
def _lex_compare(a, b):
    for i in range(a.shape[0]):
        if a[i] != b[i]:
            return -1 if a[i] < b[i] else 1
    return 0


@njit(cache=True)
def _record(ids, perms, rotations, allowed, counts, keep):
    """Count one solution (placement ids); keep it if it is its class's canonical member.

    The search covers only solutions whose placements are all ``allowed``. A solution is
    canonical when no symmetry maps it to a smaller allowed solution (lexicographically,
    as sorted ids); each symmetry class has exactly one canonical member among the
    allowed solutions, and its class has ``len(perms) / |stabiliser|`` solutions. It splits
    into ``(len(perms) / rotations) * |rotations in the stabiliser| / |stabiliser|``
    classes under the rotations (the first ``rotations`` symmetries): two when the group
    has reflections and none of them fixes the solution, else one.
    """
    counts[RAW] += 1
    solution = _sorted(ids)
    image = np.empty(solution.shape[0], dtype=solution.dtype)
    stabiliser = 1
    turned = 1  # rotations in the stabiliser
    for g in range(1, perms.shape[0]):
        inside = True
        for i in range(solution.shape[0]):
            image[i] = perms[g, solution[i]]
            if not allowed[image[i]]:
                inside = False
                break
        if not inside:
            continue
        order = _lex_compare(_sorted(image), solution)
        if order < 0:
            return
        if order == 0:
            stabiliser += 1
            if g < rotations:
                turned += 1
    counts[DISTINCT] += 1
    counts[ROTATION_CLASSES] += perms.shape[0] // rotations * turned // stabiliser
    counts[TOTAL] += perms.shape[0] // stabiliser
    if counts[KEPT] < keep.shape[0]:
        _copy_into(keep[counts[KEPT]], solution)
        counts[KEPT] += 1


@njit(cache=True)
def take_solution(ids, mode, perms, rotations, allowed, counts, keep):
    """A complete solution (placement ids): in FIRST mode keep it and return True (stop);
    otherwise count and maybe keep it (:func:`_record`) and return False (go on)."""
    if mode == FIRST:
        _copy_into(keep[0], ids)
        counts[KEPT] = 1
        counts[RAW] += 1
        return True
    _record(ids, perms, rotations, allowed, counts, keep)
    return False


@njit(cache=True)
def take_prefix(ids, prefixes, counts):
    """A search prefix (placement ids) for ``--jobs`` splitting; counted even past the buffer."""
    n = counts[PREFIXES]
    if n < prefixes.shape[0]:
        _copy_into(prefixes[n], ids)
    counts[PREFIXES] = n + 1


@njit(cache=True)
def search(L, R, U, D, C, S, row_id, col_type, slack, remaining, state, cols, rows,
           perms, rotations, allowed, first_col, mode, max_depth, budget, counts, keep, prefixes):
    """Run the search for at most ``budget`` nodes; returns PAUSED, FINISHED or FOUND.

    ``state`` = [level k, phase, base level]; levels below the base hold a fixed prefix.
    ``cols[k]``/``rows[k]``: the column branched on and the row tried at level k.
    ``first_col`` (if >= 0) is branched on at level 0 whatever its size: the symmetry
    anchor, so that the cut it makes prunes the whole tree and not only its leaves.
    Its arrays come one by one (:meth:`DlxSearch.step` unpacks the tuples): taking
    :class:`Matrix` and :class:`Trail` whole, as ``bitboard.search`` does, cost this loop
    about 5 % (pentominoes 6x10 counted on dancing links, 1.88 -> 1.98 s CPU).
    """
    root = S.shape[0] - 1
    k = state[0]
    phase = state[1]
    base = state[2]
    nodes = 0
    status = FINISHED
    while True:
        if phase == ENTER:
            if R[root] == root:
                phase = BACK
                if enough_copies(remaining, slack) and take_solution(chosen_ids(row_id, rows, k), mode, perms,
                                                                     rotations, allowed, counts, keep):
                    status = FOUND
                    break
                continue
            if mode == PREFIX and k == max_depth:
                take_prefix(chosen_ids(row_id, rows, k), prefixes, counts)
                phase = BACK
                continue
            if nodes >= budget:
                status = PAUSED
                break
            nodes += 1
            best = R[root]
            best_size = S[best]
            c = R[best]
            if k == 0 and first_col >= 0:
                best = first_col
                best_size = S[best]
                c = root
            while c != root and best_size > 1:
                if S[c] < best_size:
                    best = c
                    best_size = S[c]
                c = R[c]
            if best_size == 0:
                phase = BACK
                continue
            _cover(best, L, R, U, D, C, S)
            cols[k] = best
            rows[k] = D[best]
            phase = TRY
        elif phase == TRY:
            r = rows[k]
            if r == cols[k]:
                _uncover(cols[k], L, R, U, D, C, S)
                phase = BACK
                continue
            j = R[r]
            while j != r:
                _cover_column(C[j], L, R, U, D, C, S, col_type, remaining)
                j = R[j]
            k += 1
            phase = ENTER
        else:  # BACK
            if k == base:
                status = FINISHED
                break
            k -= 1
            r = rows[k]
            j = L[r]
            while j != r:
                _uncover_column(C[j], L, R, U, D, C, S, col_type, remaining)
                j = L[j]
            rows[k] = D[r]
            phase = TRY
    state[0] = k
    state[1] = phase
    counts[NODES] += nodes
    return status


@njit(cache=True)
def progress_fraction(D, cols, rows, level, base, depth):
    """How much of the tree below ``base`` is behind us, from the first ``depth`` levels."""
    fraction = 0.0
    scale = 1.0
    for i in range(base, min(level, base + depth)):
        c = cols[i]
        n = 0
        index = 0
        x = D[c]
        while x != c:
            if x == rows[i]:
                index = n
            n += 1
            x = D[x]
        if n == 0:
            break
        fraction += scale * index / n
        scale /= n
    return fraction


def _matrix(cover) -> Matrix:
    """The dancing-links arrays for the allowed placements (row nodes: cells, then the piece)."""
    n_cells, n_pieces = len(cover.cells), len(cover.puzzle.pieces)
    n_cols = n_cells + n_pieces
    root = n_cols
    copies, slack = cover.copies, cover.slack
    col_type = np.full(n_cols, -1, dtype=np.int32)
    col_type[n_cells:] = np.arange(n_pieces, dtype=np.int32)
    row_ids = np.flatnonzero(cover.allowed).astype(np.int32)
    table = np.column_stack([cover.placement_cells[row_ids], n_cells + cover.placement_piece[row_ids]])
    real = np.column_stack([cover.placement_cells[row_ids] < n_cells, np.ones(len(row_ids), bool)])  # padding: no node
    lengths = real.sum(axis=1)
    node_col = table[real].astype(np.int32)
    n_nodes = root + 1 + len(node_col)
    first = root + 1 + np.concatenate([[0], np.cumsum(lengths)[:-1]])
    nodes = np.arange(root + 1, n_nodes, dtype=np.int32)
    L, R, U, D, C = (np.arange(n_nodes, dtype=np.int32) for _ in range(5))
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
    slack = np.where(in_ring, copies, slack).astype(np.int32)  # the ring checks those (see the module doc)
    ring = list(range(n_cells)) + [n_cells + t for t in np.flatnonzero(in_ring)] + [root]
    for a, b in zip(ring, ring[1:] + ring[:1]):
        R[a], L[b] = b, a
    L, R, U, D, C = (a.astype(np.uint32) for a in (L, R, U, D, C))  # unsigned: no negative-index checks
    return Matrix(Links(L, R, U, D, C, S), row_id, col_type, slack, cover.perms, cover.rotations, cover.allowed,
                  cover.anchor_column)

class DlxSearch:
    """One resumable dancing-links search of a cover (the interface ``bitboard.BitboardSearch`` shares)."""

    tables = staticmethod(_matrix)  # what every search of a cover starts from (built once per cover)

    def __init__(self, cover, trail: Trail, prefix=()):
        self.matrix = cover.tables
        self.trail = trail
        self.links = Links(*(a.copy() for a in self.matrix.links))
        if prefix:
            root = len(self.links.S) - 1
            ids, first = np.unique(self.matrix.row_id[root + 1:], return_index=True)
            first_node = dict(zip(ids.tolist(), (first + root + 1).tolist()))
        for level, placement_id in enumerate(prefix):
            node = first_node[placement_id]
            select_row(node, *self.links, self.matrix.col_type, trail.remaining)
            trail.rows[level] = node

    def step(self, mode: int, max_depth: int, budget: int) -> int:
        """Search on for at most ``budget`` nodes; returns PAUSED, FINISHED or FOUND."""
        m, t = self.matrix, self.trail
        return search(*self.links, m.row_id, m.col_type, m.slack, t.remaining, t.state, t.cols, t.rows,
                      m.perms, m.rotations, m.allowed, m.anchor_column if mode != FIRST else -1, mode, max_depth,
                      budget, t.counts, t.keep, t.prefixes)

    def fraction(self) -> float:
        """How much of the tree is behind us (from its first six levels)."""
        trail = self.trail
        return progress_fraction(self.links.D, trail.cols, trail.rows, int(trail.state[0]), int(trail.state[2]), 6)
