"""The breadth-first search over an assembly's positions that the disassembler
(``disassemble.py``) runs for each part, compiled with numba: how far each piece may slide
against each other one (a matrix per position, from a cache of piece pairs), the moves from
a position in BurrTools' order, and the search to the first move that separates."""
from __future__ import annotations

import numpy as np

from nonogram_editor.plugin_api import njit

FREE = 1 << 30  # a slide nothing stops
AWAY = 30_000  # the distance asked of a group that slides out for good


def borrowing(function):
    """``njit`` without numba's reference counts (its ``_nrt=False``), for the search's
    functions: they allocate no array and keep none they are given (their callers hold
    them), so counting references, which had taken about 40% of the search's time, is
    not needed."""
    return njit(cache=True, _nrt=False)(function)


@njit(cache=True, inline="always")
def _gaps(grids, starts, dims, one, other, dx, dy, dz, rows, row):
    """How far shape ``one`` may slide along +x, +y, +z before it touches shape ``other``,
    whose lowest corner sits (dx, dy, dz) from its own (FREE: as far as it likes), written
    into ``rows[row]`` (how far ``other`` may slide the other way); and how far ``other``
    may slide along +x, +y, +z before it touches ``one``, into ``rows[row + 1]``."""
    for axis in range(3):
        rows[row, axis] = FREE
        rows[row + 1, axis] = FREE
        b, c = (axis + 1) % 3, (axis + 2) % 3
        delta_a = dx if axis == 0 else (dy if axis == 1 else dz)
        delta_b = dx if b == 0 else (dy if b == 1 else dz)
        delta_c = dx if c == 0 else (dy if c == 1 else dz)
        low = min(0, delta_a)
        high = max(dims[one, axis], delta_a + dims[other, axis])
        for u in range(max(0, delta_b), min(dims[one, b], delta_b + dims[other, b])):
            for v in range(max(0, delta_c), min(dims[one, c], delta_c + dims[other, c])):
                last_mine = last_other = FREE  # scanning up: where the last cell of each was
                for t in range(low, high):
                    x, y, z = _cell(axis, t, u, v)
                    if _holds(grids, starts, dims, one, x, y, z):
                        if last_other != FREE:
                            rows[row + 1, axis] = min(rows[row + 1, axis], t - last_other - 1)
                        last_mine = t
                    elif _holds(grids, starts, dims, other, x - dx, y - dy, z - dz):
                        if last_mine != FREE:
                            rows[row, axis] = min(rows[row, axis], t - last_mine - 1)
                        last_other = t


@njit(cache=True, inline="always")
def _cell(axis, t, u, v):
    """The cell at t along ``axis``, u along the next axis and v along the one after."""
    if axis == 0:
        return t, u, v
    if axis == 1:
        return v, t, u
    return u, v, t


@njit(cache=True, inline="always")
def _holds(grids, starts, dims, shape, x, y, z) -> bool:
    """Whether ``shape``'s grid holds (x, y, z) (from its lowest corner)."""
    if x < 0 or y < 0 or z < 0 or x >= dims[shape, 0] or y >= dims[shape, 1] or z >= dims[shape, 2]:
        return False
    return grids[starts[shape] + x + dims[shape, 0] * (y + dims[shape, 1] * z)] != 0


@borrowing
def _group(gaps, n, piece, d, distance, most, stack):
    """The smallest group with ``piece`` that slides ``distance`` in direction d (a bit
    mask), or 0 if it has more than ``most`` pieces: a piece in the way joins it."""
    mask = np.int64(1) << piece
    count, top = 1, 1
    stack[0] = piece
    while top:
        top -= 1
        i = stack[top]
        for j in range(n):
            if not (mask >> j) & 1 and gaps[d, i, j] < distance:
                mask |= np.int64(1) << j
                count += 1
                if count > most:
                    return np.int64(0)
                stack[top] = j
                top += 1
    return mask


@njit(cache=True)
def enlarged(values, count, capacity):
    """The first ``count`` entries of ``values`` (along its first axis) at the start of an
    array of ``capacity`` entries, the rest zero."""
    bigger = np.zeros((capacity,) + values.shape[1:], dtype=values.dtype)
    bigger[:count] = values[:count]
    return bigger


@njit(cache=True)
def _grown(keys, rows_of):
    """The pair table four times as large."""
    bigger = np.full(4 * keys.shape[0], -1, dtype=np.int64)
    rows = np.zeros(4 * keys.shape[0], dtype=np.int64)
    mask = bigger.shape[0] - 1
    for old in range(keys.shape[0]):
        if keys[old] != -1:
            slot = (keys[old] * 0x5851F42D4C957F2D >> 20) & mask
            while bigger[slot] != -1:
                slot = (slot + 1) & mask
            bigger[slot] = keys[old]
            rows[slot] = rows_of[old]
    return bigger, rows


@njit(cache=True, inline="always")
def _hash(states, s, n):
    """Position ``s``'s hash: the pieces' places relative to the first."""
    h = np.uint64(14695981039346656037)
    for k in range(1, n):
        for a in range(3):
            h = (h ^ np.uint64(states[s, k, a] - states[s, 0, a] + 4096)) * np.uint64(1099511628211)
    return h


@njit(cache=True, inline="always")
def _same(states, s, t, n) -> bool:
    """Whether positions ``s`` and ``t`` place the pieces the same relative to each other."""
    for k in range(1, n):
        for axis in range(3):
            if states[s, k, axis] - states[s, 0, axis] != states[t, k, axis] - states[t, 0, axis]:
                return False
    return True


@njit(cache=True)
def workspace(n):
    """The arrays :func:`first_separation` works in, for parts of at most ``n`` pieces (:func:`roomier` grows them):
    positions, their parents, moves (bit masks, directions, distances), the table of
    positions by hash (empty between searches), the pairs' slides, a stack, and the groups
    found in one direction with their distances."""
    capacity = 32
    return (np.empty((capacity, n, 3), dtype=np.int64), np.empty(capacity, dtype=np.int64),
            np.zeros(capacity, dtype=np.int64), np.zeros(capacity, dtype=np.int64), np.zeros(capacity, dtype=np.int64),
            np.full(4 * capacity, -1, dtype=np.int64), np.empty((6, n, n), dtype=np.int64), np.empty(n, dtype=np.int64),
            np.empty(64, dtype=np.int64), np.empty(64, dtype=np.int64))


@borrowing
def first_separation(shapes, start, grids, starts, dims, pairs, work, head, count):
    """Breadth first from ``start`` (the pieces' lowest corners) to the first move that
    separates, generating moves in BurrTools' order (see the module's text); or, when
    ``count`` is not 0, on from position ``head`` of the ``count`` reached before.

    ``pairs``: ``keys`` and ``rows_of`` (an open-addressing table, -1 where empty) map two
    shapes and their shift to a row of ``rows`` (whose row 0 holds the number of rows used):
    how far the first may slide in each direction before it touches the other. Rows come
    in twos from row 1, a pair's and the same pair's the other way round.

    ``work``: :func:`workspace`'s arrays; the first five hold every position reached
    (their first rows), and per position its parent, and the move from it (bit mask,
    direction, distance).

    Returns (DONE, the position it separates from or -1, the number of positions, the
    pieces that slide away as a bit mask, their direction); or (FULL_PAIRS or
    FULL_POSITIONS, the position to expand next, the number of positions before it, 0,
    -1) when ``pairs`` or ``work`` lacks room: the caller grows them (:func:`roomier`)
    and goes on (:func:`borrowing`)."""
    n = shapes.shape[0]
    keys, rows_of, rows = pairs
    states, parents, masks, directions, distances, table, gaps, stack, found_masks, found_distances = work
    if count == 0:
        for k in range(n):
            for a in range(3):
                states[0, k, a] = start[k, a]
        parents[0] = -1
        table[_hash(states, 0, n) & np.uint64(table.shape[0] - 1)] = 0
        head, count = 0, 1
    while head < count:
        if rows[0, 0] + n * n > rows.shape[0] or 2 * (rows[0, 0] + n * n) > keys.shape[0]:
            return FULL_PAIRS, head, count, np.int64(0), -1  # no room for every pair of this position
        expanded, moved, direction, after = _expand(head, count, shapes, grids, starts, dims, keys, rows_of, rows,
                                                    states, parents, masks, directions, distances, table, gaps,
                                                    stack, found_masks, found_distances)
        if expanded == _FULL:
            return FULL_POSITIONS, head, count, np.int64(0), -1  # what it added is forgotten with the table
        if expanded == _SEPARATES:
            break
        count = after
        head += 1
    else:
        head, moved, direction = -1, np.int64(0), -1
    for s in range(count):  # empty the table for the next search
        slot = _hash(states, s, n) & np.uint64(table.shape[0] - 1)
        while table[slot] != s:
            slot = (slot + np.uint64(1)) & np.uint64(table.shape[0] - 1)
        table[slot] = -1
    return DONE, head, count, moved, direction


DONE, FULL_PAIRS, FULL_POSITIONS, FULL_MOVES = 0, 1, 2, 3  # what first_separation and _taken_apart report


@njit(cache=True)
def roomier(status, work, pairs, n, count):
    """``work`` and ``pairs`` grown where :func:`first_separation` said (``status``) it lacked room,
    keeping the first ``count`` positions (of ``n`` pieces) and a table of them."""
    states, parents, masks, directions, distances, table, gaps, stack, found_masks, found_distances = work
    keys, rows_of, rows = pairs
    if status == FULL_PAIRS:
        while rows[0, 0] + n * n > rows.shape[0]:
            rows = enlarged(rows, rows.shape[0], 2 * rows.shape[0])
        while 2 * (rows[0, 0] + n * n) > keys.shape[0]:
            keys, rows_of = _grown(keys, rows_of)
    else:
        capacity = 2 * states.shape[0]
        states = enlarged(states, count, capacity)
        parents = enlarged(parents, count, capacity)
        masks = enlarged(masks, count, capacity)
        directions = enlarged(directions, count, capacity)
        distances = enlarged(distances, count, capacity)
        found_masks = enlarged(found_masks, 0, 2 * found_masks.shape[0])
        found_distances = enlarged(found_distances, 0, 2 * found_distances.shape[0])
        table = np.full(4 * capacity, -1, dtype=np.int64)
        for s in range(count):
            slot = _hash(states, s, n) & np.uint64(table.shape[0] - 1)
            while table[slot] >= 0:
                slot = (slot + np.uint64(1)) & np.uint64(table.shape[0] - 1)
            table[slot] = s
    return (states, parents, masks, directions, distances, table, gaps, stack, found_masks, found_distances), \
        (keys, rows_of, rows)


_EXPANDED, _SEPARATES, _FULL = 0, 1, 2  # what _expand did


@njit(cache=True, inline="always")
def _pair_gaps(node, shapes, grids, starts, dims, keys, rows_of, rows, states, gaps):
    """``gaps[d, i, j]``: how far piece i may slide in direction d at position ``node``
    before it touches piece j, each pair's row looked up in (or added to) the pair cache
    (see :func:`first_separation`)."""
    n = shapes.shape[0]
    for i in range(n):
        for j in range(i + 1, n):
            dx = states[node, j, 0] - states[node, i, 0]
            dy = states[node, j, 1] - states[node, i, 1]
            dz = states[node, j, 2] - states[node, i, 2]
            key = (((shapes[i] << 10 | shapes[j]) << 12 | (dx + 2048)) << 12 | (dy + 2048)) << 12 | (dz + 2048)
            mask = keys.shape[0] - 1
            slot = (key * 0x5851F42D4C957F2D >> 20) & mask
            while keys[slot] != key and keys[slot] != -1:
                slot = (slot + 1) & mask
            if keys[slot] == key:
                row = rows_of[slot]
            else:
                row = rows[0, 0]
                _gaps(grids, starts, dims, shapes[i], shapes[j], dx, dy, dz, rows, row)
                if max(abs(dx), abs(dy), abs(dz)) < 2048:  # else the key would not be the pair's own
                    keys[slot] = key
                    rows_of[slot] = row
                    # the pair the other way round, whose row _gaps wrote next
                    key = (((shapes[j] << 10 | shapes[i]) << 12 | (2048 - dx)) << 12 | (2048 - dy)) << 12 | (2048 - dz)
                    slot = (key * 0x5851F42D4C957F2D >> 20) & mask
                    while keys[slot] != -1:
                        slot = (slot + 1) & mask
                    keys[slot] = key
                    rows_of[slot] = row + 1
                    rows[0, 0] += 2
            back = ((row - 1) ^ 1) + 1  # the pair the other way round: rows come in twos, from row 1
            for a in range(3):  # i sliding up along a against j is j sliding down against i
                gaps[2 * a, i, j] = gaps[2 * a + 1, j, i] = rows[row, a]
                gaps[2 * a, j, i] = gaps[2 * a + 1, i, j] = rows[back, a]


@njit(cache=True, inline="always")
def _separating(gaps, n, stack):
    """A move that separates: a single piece that slides out for good, else a group of at
    most half the pieces; (its pieces as a bit mask, its direction), or (0, -1)."""
    half = n // 2
    single = group = np.int64(0)
    single_d = group_d = -1
    for d in range(6):  # a single piece that slides out for good, else a group of at most half
        for piece in range(n):
            mask = _group(gaps, n, piece, d, AWAY, half, stack)
            if mask != 0:
                if mask & (mask - 1) == 0:
                    single, single_d = mask, d
                    break
                if group == 0:
                    group, group_d = mask, d
        if single != 0:
            break
    if single != 0:
        return single, single_d
    return group, group_d


@borrowing
def _expand(node, count, shapes, grids, starts, dims, keys, rows_of, rows, states, parents, masks, directions,
            distances, table, gaps, stack, found_masks, found_distances):
    """The moves from position ``node``, in BurrTools' order (see :func:`first_separation` for the arrays).

    Returns (_SEPARATES, the pieces that slide away as a bit mask, their direction, ``count``)
    when a move separates; else (_EXPANDED, 0, -1, the number of positions with the new ones
    it reached added at ``count`` on); or (_FULL, 0, -1, ``count``) when ``states`` or
    ``found_masks`` has no room for the next one."""
    n = shapes.shape[0]
    half = n // 2
    everyone = (np.int64(1) << n) - 1
    slots = np.uint64(table.shape[0] - 1)
    _pair_gaps(node, shapes, grids, starts, dims, keys, rows_of, rows, states, gaps)
    mask, d = _separating(gaps, n, stack)
    if mask != 0:
        return _SEPARATES, mask, d, count
    for d in range(6):
        found = 0
        for piece in range(n):
            distance = 1
            while distance < AWAY:
                mask = _group(gaps, n, piece, d, distance, half, stack)
                if mask == 0:
                    break
                known = False
                for f in range(found):
                    if found_masks[f] == mask and found_distances[f] == distance:
                        known = True
                if not known:
                    earlier = found
                    f = earlier
                    while True:  # the new group, then its unions with those found before, newest first
                        if f == earlier:
                            candidate = mask
                        else:
                            other = found_masks[f]
                            candidate = mask | other
                            if (found_distances[f] != distance or candidate == mask or candidate == other
                                    or candidate == everyone):
                                candidate = 0
                            else:
                                for g in range(found):
                                    if found_masks[g] == candidate and found_distances[g] == distance:
                                        candidate = 0
                                        break
                        if candidate != 0:
                            if found == found_masks.shape[0] or count == states.shape[0]:
                                return _FULL, np.int64(0), -1, count
                            found_masks[found] = candidate
                            found_distances[found] = distance
                            found += 1
                            for k in range(n):  # the position it leads to, kept if it is new
                                for a in range(3):
                                    states[count, k, a] = states[node, k, a]
                                    if (candidate >> k) & 1 and a == d >> 1:
                                        states[count, k, a] += (1 - 2 * (d & 1)) * distance
                            slot = _hash(states, count, n) & slots
                            new = True
                            while table[slot] >= 0:
                                if _same(states, table[slot], count, n):
                                    new = False
                                    break
                                slot = (slot + np.uint64(1)) & slots
                            if new:
                                parents[count] = node
                                masks[count] = candidate
                                directions[count] = d
                                distances[count] = distance
                                table[slot] = count
                                count += 1
                        if f == earlier:
                            f = earlier - 1
                        else:
                            f -= 1
                        if f < 0:
                            break
                distance += 1
    return _EXPANDED, np.int64(0), -1, count
