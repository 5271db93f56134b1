"""Algorithm X on bitboards, compiled with numba: the fast engine for targets up to 128 cells.

The board is 128 bits in two 64-bit words: one bit per cell, then one bit per piece,
set once every copy of that piece is placed (so cells + pieces <= 128). A placement is
the mask of its cells and its piece's bit: it fits when it meets nothing set on the
board, and placing or undoing it is two XORs (and setting or clearing the piece bit
when its last copy comes or goes). A piece with a range of copies (``Piece.min_copies``)
is left out of ``full``: a full board is a solution when :func:`dlx.enough_copies` agrees.

The exact-cover columns are the cells and the pieces with exactly one copy (the open
columns of a node are the zero bits of ``columns & ~board``), plus one virtual *anchor*
column (the symmetry representatives, see ``cover.py``; level 0 of a count branches on
it). Each level keeps, for every open column, the placements that still fit (slots in
one stack buffer), filtered from its parent's lists: a level costs what is still alive,
as in dancing links, but reads memory in order. It branches on the shortest list and
gives up at once on an empty one, filtering first the lists of the cells next to the
last placement (``border``), short ones first: most nodes are dead ends, and they show
there. Once a list of at most ``enough`` placements turns up, the node branches on it
and the other columns keep their parent's lists (a superset; the children filter them):
more nodes, each far cheaper. That takes about 40 % off the Tetris Cube's count but
makes Y25 (one piece, 25 copies) many times slower, so ``enough`` is 4 only when every
piece has one copy (else 0: off). A search for the first solution does without both (the
plain order is quicker on Y25).

Like ``dlx.search``, :func:`search` is a resumable state machine that stops after
``budget`` nodes; :class:`BitboardSearch` has the interface of ``dlx.DlxSearch``.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from nonogram_editor.plugin_api import njit
from nonogram_editor_builtins.voxel.dlx import (
    BACK,
    ENTER,
    FINISHED,
    FIRST,
    FOUND,
    NODES,
    PAUSED,
    PREFIX,
    TRY,
    Trail,
    chosen_ids,
    enough_copies,
    take_prefix,
    take_solution,
)
from nonogram_editor_builtins.voxel.geometry import FACE_STEPS

MAX_BITS = 128  # cells + pieces
SHORT = 16  # border cells with lists up to this long are filtered first


class Tables(NamedTuple):
    """A cover's allowed placements as masks, and each column's list of them (built once per cover).

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
    enough: int  # branch on a list this short without filtering the rest (see the module)
    perms: np.ndarray  # the cover's symmetries acting on placements
    rotations: int  # the first this many of them are the rotations
    allowed: np.ndarray


def _masks(bits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows of bit numbers (-1: none) as two words per row: bits 0-63 and bits 64-127."""
    shifted = np.left_shift(np.uint64(1), (bits % 64).astype(np.uint64))
    low = np.where((bits >= 0) & (bits < 64), shifted, np.uint64(0))
    high = np.where(bits >= 64, shifted, np.uint64(0))
    return np.bitwise_or.reduce(low, axis=-1), np.bitwise_or.reduce(high, axis=-1)


def _neighbour_bits(cover) -> np.ndarray:
    """(cells + 1, 6): the face neighbours of each target cell (-1: none; the last row is padding's)."""
    index = {v: i for i, v in enumerate(cover.cells)}
    table = np.full((len(cover.cells) + 1, len(FACE_STEPS)), -1, dtype=np.int64)
    for i, (x, y, z) in enumerate(cover.cells):
        for j, (a, b, c) in enumerate(FACE_STEPS):
            table[i, j] = index.get((x + a, y + b, z + c), -1)
    return table


def _tables(cover) -> Tables:
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
    slack = cover.slack
    exact_one = (cover.copies == 1) & (slack == 0)
    columns = [np.flatnonzero((cells == c).any(axis=1)) for c in range(n_cells)]
    columns += [np.flatnonzero(pieces == t) if exact_one[t] else np.zeros(0, np.int64) for t in range(n_pieces)]
    column = cover.anchor_column  # a cell or piece column (as in the dancing-links matrix)
    columns.append(columns[column] if column >= 0 else np.zeros(0, np.int64))
    lengths = np.array([len(c) for c in columns], dtype=np.int32)
    column_bits = np.concatenate([np.arange(n_cells), n_cells + np.flatnonzero(exact_one)])
    columns0, columns1 = _masks(column_bits)
    full0, full1 = _masks(np.concatenate([np.arange(n_cells), n_cells + np.flatnonzero(slack == 0)]))
    return Tables(m0=m0, m1=m1, piece_bit0=piece_bit0, piece_bit1=piece_bit1, ids=ids,
                  piece_of=pieces.astype(np.int32), slack=slack, full0=full0, full1=full1,
                  columns0=columns0, columns1=columns1, border0=border0, border1=border1,
                  lists=np.concatenate(columns).astype(np.int32),
                  list_start=np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int32),
                  list_len=lengths, has_anchor=column >= 0, enough=4 if exact_one.all() else 0,
                  perms=cover.perms, rotations=cover.rotations, allowed=cover.allowed)


class Lists(NamedTuple):
    """One search's stack of per-level column lists, and its board."""

    seg_start: np.ndarray  # (level, column): where level k's list of the column starts in ``buf``
    seg_len: np.ndarray
    buf: np.ndarray  # the lists' slots, one level's after the other
    top_at: np.ndarray  # per level: where its children's lists start in ``buf``
    pos_at: np.ndarray  # per level: the next list position to try
    board: np.ndarray  # [bits 0-63, bits 64-127] set


@njit(cache=True, inline="always")
def _filter(buf, seg_start, seg_len, m0, m1, k, c, top, o0, o1):
    """Copy column c's placements that still fit from level k's list to level k + 1's; returns the new top.

    Indices are unsigned (here and in :func:`search`'s loop): numba then skips the
    negative-index wraparound that otherwise costs as much as the test itself.
    """
    below = k + np.uint64(1)
    seg_start[below, c] = top
    src = np.uint64(seg_start[k, c])
    for j in range(src, src + np.uint64(seg_len[k, c])):
        s = np.uint64(buf[j])
        buf[np.uint64(top)] = s
        top += ((m0[s] & o0) | (m1[s] & o1)) == 0
    seg_len[below, c] = top - seg_start[below, c]
    return top


@njit(cache=True)
def search(tables, lists, trail, mode, max_depth, budget):
    """Run for at most ``budget`` nodes; returns PAUSED, FINISHED or FOUND (as ``dlx.search``).

    Row k of ``seg_start``/``seg_len`` holds the lists level k filters (row ``base``: the
    full static lists; level k writes row k + 1 into ``buf`` from ``top_at[k]`` on).
    ``piece_bit0/1[t]``: piece t's bit; ``col_at[k]``: the column branched on, ``chosen[k]``:
    the slot in use.
    """
    # numba kernel: one loop. dlx.search's ENTER checks shared as a helper, or the column choice as a function of
    # its own, cost it 40-100 % (pentominoes 6x10 counted: 0.25 s CPU -> 0.35-0.5 s), so it repeats them instead.
    (m0, m1, piece_bit0, piece_bit1, ids, piece_of, slack, full0, full1, columns0, columns1, border0, border1,
     _, _, _, has_anchor, enough, perms, rotations, allowed) = tables
    enough = enough if mode != FIRST else 0
    use_anchor = has_anchor and mode != FIRST
    seg_start, seg_len, buf, top_at, pos_at, board = lists
    state, col_at, chosen, remaining, counts, keep, prefixes = trail
    anchor_col = np.uint64(seg_start.shape[1] - 1)  # after the cells and pieces
    k = state[0]
    phase = state[1]
    base = state[2]
    nodes = 0
    status = FINISHED
    o0 = board[0]
    o1 = board[1]
    zero = np.uint64(0)
    one = np.uint64(1)
    while True:
        if phase == ENTER:
            if (o0 & full0) == full0 and (o1 & full1) == full1:  # a piece with a range may have its bit too
                phase = BACK
                if enough_copies(remaining, slack) and take_solution(chosen_ids(ids, chosen, k), mode, perms,
                                                                     rotations, allowed, counts, keep):
                    status = FOUND
                    break
                continue
            if mode == PREFIX and k == max_depth:
                take_prefix(chosen_ids(ids, chosen, k), prefixes, counts)
                phase = BACK
                continue
            if nodes >= budget:
                status = PAUSED
                break
            nodes += 1
            ku = np.uint64(k)
            below = ku + one
            top = top_at[ku]
            best = anchor_col
            best_count = 1 << 30
            open0 = columns0 & ~o0  # the open columns, as bits
            open1 = columns1 & ~o1
            if k > 0 and mode != FIRST:  # first the cells next to the last placement: where dead ends show
                last = np.uint64(chosen[ku - one])
                for short in (True, False):  # the short lists first
                    for w in range(2):
                        x = border0[last] & open0 if w == 0 else border1[last] & open1
                        while x != zero and best_count > enough:
                            c = trailing_zeros(x) + np.uint64(64 * w)
                            low = x & (~x + one)
                            x ^= low
                            if (seg_len[ku, c] <= SHORT) != short:
                                continue
                            if w == 0:
                                open0 ^= low
                            else:
                                open1 ^= low
                            first = top
                            top = _filter(buf, seg_start, seg_len, m0, m1, ku, c, top, o0, o1)
                            if top - first < best_count:
                                best = c
                                best_count = top - first
            if best_count > 0:
                lazy = best_count <= enough and k > 0  # few enough: the children filter the rest
                for w in range(2):
                    x = open0 if w == 0 else open1
                    while x != zero:
                        c = trailing_zeros(x) + np.uint64(64 * w)
                        x &= x - one
                        if lazy:
                            seg_start[below, c] = seg_start[ku, c]
                            seg_len[below, c] = seg_len[ku, c]
                            continue
                        first = top
                        top = _filter(buf, seg_start, seg_len, m0, m1, ku, c, top, o0, o1)
                        if top - first < best_count:
                            best = c
                            best_count = top - first
                            if best_count == 0:
                                break
                    if best_count == 0:
                        break
            if best_count == 0 or best_count == 1 << 30:  # 1 << 30: no open column, yet not full
                phase = BACK
                continue
            if k == 0 and use_anchor:
                best = anchor_col
                top = _filter(buf, seg_start, seg_len, m0, m1, ku, best, top, o0, o1)
            top_at[below] = top
            col_at[ku] = best
            pos_at[ku] = seg_start[below, best]
            phase = TRY
        elif phase == TRY:  # place the next placement of level k's column
            ku = np.uint64(k)
            c = np.uint64(col_at[ku])
            p = pos_at[ku]
            if p == seg_start[ku + one, c] + seg_len[ku + one, c]:
                phase = BACK
                continue
            s = np.uint64(buf[np.uint64(p)])
            pos_at[ku] = p + 1
            chosen[ku] = s
            t = np.uint64(piece_of[s])
            o0 ^= m0[s] ^ piece_bit0[t]  # its cells (the mask holds the piece bit too)
            o1 ^= m1[s] ^ piece_bit1[t]
            remaining[t] -= 1
            if remaining[t] == 0:
                o0 |= piece_bit0[t]
                o1 |= piece_bit1[t]
            k += 1
            phase = ENTER
        else:  # BACK: level k is done
            if k == base:
                status = FINISHED
                break
            k -= 1
            s = np.uint64(chosen[np.uint64(k)])
            t = np.uint64(piece_of[s])
            if remaining[t] == 0:
                o0 &= ~piece_bit0[t]
                o1 &= ~piece_bit1[t]
            remaining[t] += 1
            o0 ^= m0[s] ^ piece_bit0[t]
            o1 ^= m1[s] ^ piece_bit1[t]
            phase = TRY
    board[0] = o0
    board[1] = o1
    state[0] = k
    state[1] = phase
    counts[NODES] += nodes
    return status


class BitboardSearch:
    """One resumable bitboard search of a cover (the interface ``dlx.DlxSearch`` shares)."""

    tables = staticmethod(_tables)  # what every search of a cover starts from (built once per cover)

    def __init__(self, cover, trail: Trail, prefix=()):
        tables = self.masks = cover.tables
        self.trail = trail
        depth = cover.piece_count + 2
        n_cols = len(tables.list_len)
        base = len(prefix)
        lists = self.lists = Lists(seg_start=np.zeros((depth, n_cols), dtype=np.int32),
                                   seg_len=np.zeros((depth, n_cols), dtype=np.int32),
                                   buf=np.empty(len(tables.lists) * depth, dtype=np.int32),
                                   top_at=np.zeros(depth, dtype=np.int32), pos_at=np.zeros(depth, dtype=np.int32),
                                   board=np.zeros(2, dtype=np.uint64))
        lists.buf[: len(tables.lists)] = tables.lists
        lists.seg_start[base] = tables.list_start
        lists.seg_len[base] = tables.list_len
        lists.top_at[base] = len(tables.lists)
        board, remaining = lists.board, trail.remaining
        for level, placement_id in enumerate(prefix):
            q = int(np.searchsorted(tables.ids, placement_id))  # ids are sorted
            piece = tables.piece_of[q]
            board[0] ^= tables.m0[q] ^ tables.piece_bit0[piece]
            board[1] ^= tables.m1[q] ^ tables.piece_bit1[piece]
            remaining[piece] -= 1
            if remaining[piece] == 0:
                board[0] |= tables.piece_bit0[piece]
                board[1] |= tables.piece_bit1[piece]
            trail.rows[level] = q

    def step(self, mode: int, max_depth: int, budget: int) -> int:
        """Search on for at most ``budget`` nodes; returns PAUSED, FINISHED or FOUND."""
        return search(self.masks, self.lists, self.trail, mode, max_depth, budget)

    def fraction(self) -> float:
        """How much of the tree is behind us (from its first six levels)."""
        level, base = int(self.trail.state[0]), int(self.trail.state[2])
        cols, seg_start, seg_len = self.trail.cols, self.lists.seg_start, self.lists.seg_len
        fraction, scale = 0.0, 1.0
        for i in range(base, min(level, base + 6)):
            first, size = seg_start[i + 1, cols[i]], seg_len[i + 1, cols[i]]
            fraction += scale * (self.lists.pos_at[i] - 1 - first) / size
            scale /= size
        return fraction
