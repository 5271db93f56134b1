"""Algorithm X on bitboards, compiled with numba: the fast engine for targets up to 128 cells.

The board is 128 bits in two 64-bit words: one bit per cell, then one bit per piece,
set once every copy of that piece is placed (so cells + pieces <= 128). A placement is
the mask of its cells and its piece's bit: it fits when it meets nothing set on the
board, and placing or undoing it is two XORs (and setting or clearing the piece bit
when its last copy comes or goes).

The exact-cover columns are the cells, the pieces with one copy (both also bits of the
board, so the open columns of a node are the zero bits of ``columns & ~board``, visited
with a count-trailing-zeros loop), and one virtual *anchor* column (the symmetry
representatives, see ``solver.py``). Each level keeps, for every open column, the list
of placements that still fit (slot numbers in one stack buffer), filtered from its
parent's lists: so a level costs what is still alive, as in dancing links, but reads
memory in order. The level branches on the open column with the shortest list (minimum
remaining values) and gives up at once when a list is empty. It filters first the cells
next to the placement just made (``border``): that is where a list runs empty, and most
nodes are such dead ends, so they stop early; short lists first. Once a list of at most
``enough`` placements turns up (and none is empty), the node branches on it without
filtering the other columns: they keep their parent's lists (still a superset of what
fits, so the children filter them; an empty one shows a level later). That costs some
nodes but makes each far cheaper: the Tetris Cube's count takes about 40 % less time
with ``enough`` = 4, but Y25 (one piece, 25 copies) takes many times longer, so the
solver uses it only when every piece has one copy (0 turns it off). Both change the
order of the search, so a search for the first solution does without them (it is
quicker in the plain order on Y25). Level 0 branches on the anchor column when asked.

Like ``dlx.search``, :func:`search` is a resumable state machine that stops after
``budget`` nodes; solutions go to ``dlx._take_solution``.
"""
from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from editor.plugin_api import njit
from plugins.voxel.dlx import (BACK, ENTER, FINISHED, FIRST, FOUND, NODES, PAUSED, PREFIX, _chosen_ids, _take_prefix,
                               _take_solution)

MAX_BITS = 128  # cells + pieces
SHORT = 16  # border cells with lists up to this long are filtered first


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
def search(seg_start, seg_len, buf, top_at, m0, m1, piece_bit0, piece_bit1, ids, piece_of, copies, full0, full1,
           columns0, columns1, border0, border1, enough, use_anchor, board, remaining, state, col_at, pos_at, chosen,
           perms, allowed, mode, max_depth, budget, counts, keep, prefixes):
    """Run for at most ``budget`` nodes; returns PAUSED, FINISHED or FOUND (as ``dlx.search``).

    Row k of ``seg_start``/``seg_len`` holds the lists level k filters (row ``base``: the
    full static lists; level k writes row k + 1 into ``buf`` from ``top_at[k]`` on).
    ``board`` = [bits 0-63, bits 64-127]; ``piece_bit0/1[t]``: piece t's bit; ``state`` = [level,
    phase, base]; ``col_at[k]``: the column branched on, ``pos_at[k]``: the next list
    position to try, ``chosen[k]``: the slot in use.
    """
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
            if o0 == full0 and o1 == full1:
                phase = BACK
                if _take_solution(_chosen_ids(ids, chosen, k), mode, perms, allowed, counts, keep):
                    status = FOUND
                    break
                continue
            if mode == PREFIX and k == max_depth:
                _take_prefix(_chosen_ids(ids, chosen, k), prefixes, counts)
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
            if best_count == 0:
                phase = BACK
                continue
            if k == 0 and use_anchor:
                best = anchor_col
                top = _filter(buf, seg_start, seg_len, m0, m1, ku, best, top, o0, o1)
            top_at[below] = top
            col_at[ku] = best
            pos_at[ku] = seg_start[below, best]
            phase = ENTER + 1  # TRY
        elif phase == ENTER + 1:  # TRY: place the next placement of level k's column
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
            phase = ENTER + 1
    board[0] = o0
    board[1] = o1
    state[0] = k
    state[1] = phase
    counts[NODES] += nodes
    return status
