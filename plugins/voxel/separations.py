"""The disassembler's tree of separations (``disassemble.py``), compiled with numba: each
part taken apart by the search of ``slides.py`` (the part left before the part removed, as
BurrTools does), its moves and separations written into flat arrays, and whether the parts
that stay together can be given groups."""
from __future__ import annotations

import numpy as np

from nonogram_editor.plugin_api import njit
from nonogram_editor_builtins.voxel.slides import (
    DONE,
    FULL_MOVES,
    borrowing,
    enlarged,
    first_separation,
    roomier,
    workspace,
)


@njit(cache=True)
def take_all_apart(sizes, shapes, start, groups, kinds, allowed, grids, starts, dims, pairs):
    """:func:`_taken_apart` of each assembly k, whose ``sizes[k]`` pieces (none if fewer than
    two) are the first of row k of ``shapes``, ``start``, ``groups`` and ``kinds``, with
    ``allowed``.

    Returns (whether each comes apart; ``trees``: per assembly, a row of its separations'
    (in pre-order) numbers of moves, then the records of their parts left, then of their
    parts removed (-1: none), each ``width`` long; then ``pairs``, grown if it had to)."""
    m, width = shapes.shape
    ok = np.zeros(m, dtype=np.bool_)
    trees = np.zeros((m, 3 * width), dtype=np.int64)
    trees[:, width:] = -1
    work, tree, scratch, state = workspace(width), _tree_arrays(width), _scratch(width, allowed), _new_state()
    for k in range(m):
        n = sizes[k]
        if n < 2:
            continue
        ok[k], work, pairs, tree = _apart(shapes[k, :n], start[k, :n], groups[k, :n], kinds[k, :n], allowed, grids,
                                          starts, dims, pairs, work, tree, scratch, state)
        for part in range(3):  # the moves, lefts and removeds
            trees[k, part * width:part * width + n] = tree[2 + part][:n]
    return ok, trees, pairs


@njit(cache=True)
def take_apart(shapes, start, groups, kinds, allowed, grids, starts, dims, pairs):
    """:func:`_taken_apart` of one assembly, in workspaces of its own.

    Returns (whether it comes apart; per separation in pre-order: its pieces as a bit mask,
    its first move and number of moves, the record of the part left and of the part
    removed (-1: none needed); per move: the pieces moved as a bit mask, the direction, the
    distance (-1: out for good); then ``pairs``, grown if it had to)."""
    n = shapes.shape[0]
    state = _new_state()
    ok, _, pairs, tree = _apart(shapes, start, groups, kinds, allowed, grids, starts, dims, pairs, workspace(n),
                                _tree_arrays(n), _scratch(n, allowed), state)
    moves = state[_MOVES]
    parts, first_moves, move_counts, lefts, removeds, move_masks, move_directions, move_distances = tree
    return ok, parts, first_moves, move_counts, lefts, removeds, move_masks[:moves], move_directions[:moves], \
        move_distances[:moves], pairs


@njit(cache=True)
def _apart(shapes, start, groups, kinds, allowed, grids, starts, dims, pairs, work, tree, scratch, state):
    """:func:`_taken_apart` run to its end, the arrays grown each time it stops for room.

    Returns (whether it comes apart, then ``work``, ``pairs`` and ``tree``, grown if they had to)."""
    state[_TOP] = -1
    while True:
        status, ok = _taken_apart(shapes, start, groups, kinds, allowed, grids, starts, dims, pairs, work, tree,
                                  scratch, state)
        if status == DONE:
            return ok, work, pairs, tree
        if status == FULL_MOVES:
            moves = state[_MOVES]
            tree = tree[:5] + (enlarged(tree[5], moves, 2 * tree[5].shape[0]),
                               enlarged(tree[6], moves, 2 * tree[6].shape[0]),
                               enlarged(tree[7], moves, 2 * tree[7].shape[0]))
        else:
            work, pairs = roomier(status, work, pairs, state[_SIZE], state[_COUNT])


_TOP, _RECORDS, _MOVES, _TOGETHERS, _SIZE, _NODE, _COUNT, _FOUND, _MOVED, _DIRECTION = range(10)  # _taken_apart's state


@njit(cache=True)
def _new_state():
    """:func:`_taken_apart`'s ``state``: where it stopped, to go on from there."""
    return np.zeros(10, dtype=np.int64)


@njit(cache=True)
def _tree_arrays(n):
    """The arrays :func:`_taken_apart` writes its answer into, for at most ``n`` pieces:
    per separation, its pieces, first move, number of moves, and the records of its part
    left and part removed; per move (grown by :func:`_apart`), its pieces, direction and distance."""
    return (np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64),
            np.full(n, -1, dtype=np.int64), np.full(n, -1, dtype=np.int64),
            np.empty(64, dtype=np.int64), np.empty(64, dtype=np.int64), np.empty(64, dtype=np.int64))


@njit(cache=True)
def _scratch(n, allowed):
    """The arrays :func:`_taken_apart` works in, for at most ``n`` pieces: the parts still to
    take apart (pieces as a bit mask, parent record, side, every piece's place); per part
    that stays together, its pieces of each kind; the part's pieces' places (every piece's,
    then its own), their numbers and shapes; and :func:`assignable`'s two arrays."""
    return (np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64),
            np.empty((n, n, 3), dtype=np.int64), np.zeros((n, allowed.shape[0]), dtype=np.int64),
            np.empty((n, 3), dtype=np.int64), np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64),
            np.empty((n, 3), dtype=np.int64), np.empty_like(allowed), np.empty(n, dtype=np.int64))


@borrowing
def _taken_apart(shapes, start, groups, kinds, allowed, grids, starts, dims, pairs, work, tree, scratch, state):
    """Every separation, part by part (the part left before the part removed), as BurrTools
    does, written into ``tree`` (see :func:`take_apart`'s answer).

    ``groups``: each piece's group when it is one, else 0; ``kinds``: each piece's kind, and
    ``allowed[kind, group]`` how many pieces of it may be in that group (see :func:`_group_arrays`):
    a part that does not come apart, other than the whole, may stay together if it and the
    others that do not can each be given a group (:func:`assignable`).

    It begins where ``state[_TOP]`` is -1, else goes on from where it stopped. Returns
    (DONE, whether it comes apart); or, when ``pairs``, ``work`` or the moves in ``tree``
    lack room, (FULL_PAIRS, FULL_POSITIONS or FULL_MOVES, False), having kept in ``state``
    where to go on once :func:`_apart` has grown them (:func:`borrowing`)."""
    # numba kernel: one resumable loop (its locals are kept in ``state`` when it stops for room)
    n = shapes.shape[0]
    parts, first_moves, move_counts, lefts, removeds, move_masks, move_directions, move_distances = tree
    todo_masks, todo_parents, todo_sides, todo_positions, together, positions, members, part_shapes, part_start, \
        left, chosen = scratch
    states, parents, masks, directions, distances = work[0], work[1], work[2], work[3], work[4]
    if state[_TOP] < 0:
        for r in range(n):
            move_counts[r] = 0
            lefts[r] = removeds[r] = -1
        todo_masks[0], todo_parents[0], todo_sides[0] = (np.int64(1) << n) - 1, -1, 0
        for k in range(n):
            for a in range(3):
                todo_positions[0, k, a] = start[k, a]
        state[_TOP], state[_RECORDS], state[_MOVES], state[_TOGETHERS] = 1, 0, 0, 0
        state[_NODE] = state[_COUNT] = state[_FOUND] = 0
    top, records, moves, togethers = state[_TOP], state[_RECORDS], state[_MOVES], state[_TOGETHERS]
    while top:
        top -= 1
        part, parent, side = todo_masks[top], todo_parents[top], todo_sides[top]
        size = 0
        for k in range(n):
            for a in range(3):
                positions[k, a] = todo_positions[top, k, a]
            if (part >> k) & 1:
                members[size] = k
                part_shapes[size] = shapes[k]
                for a in range(3):
                    part_start[size, a] = positions[k, a]
                size += 1
        if state[_FOUND]:  # stopped for room for its moves: the search is done
            status, node, count, moved, direction = DONE, state[_NODE], 0, state[_MOVED], state[_DIRECTION]
        else:
            status, node, count, moved, direction = first_separation(part_shapes[:size], part_start[:size], grids,
                                                                     starts, dims, pairs, work, state[_NODE],
                                                                     state[_COUNT])
        state[_NODE] = state[_COUNT] = state[_FOUND] = 0
        length = 0
        if status == DONE:
            at = node
            while at >= 0 and parents[at] >= 0:
                length += 1
                at = parents[at]
            if node >= 0 and moves + length + 1 > move_masks.shape[0]:
                status = FULL_MOVES
                state[_FOUND], state[_MOVED], state[_DIRECTION] = 1, moved, direction
        if status != DONE:
            state[_TOP], state[_RECORDS], state[_MOVES], state[_TOGETHERS] = top + 1, records, moves, togethers
            state[_SIZE], state[_NODE], state[_COUNT] = size, node, count
            return status, False
        if node < 0:
            if parent < 0:
                return DONE, False
            for k in range(together.shape[1]):
                together[togethers, k] = 0
            for k in range(size):
                together[togethers, kinds[members[k]]] += 1
            togethers += 1
            if not assignable(together, togethers, allowed, left, chosen):
                return DONE, False
            continue
        record = records
        records += 1
        if parent >= 0:
            if side == 0:
                lefts[parent] = record
            else:
                removeds[parent] = record
        parts[record] = part
        at = node
        for i in range(length - 1, -1, -1):
            move_masks[moves + i] = _widened(masks[at], members, size)
            move_directions[moves + i] = directions[at]
            move_distances[moves + i] = distances[at]
            at = parents[at]
        removed = _widened(moved, members, size)
        move_masks[moves + length] = removed
        move_directions[moves + length] = direction
        move_distances[moves + length] = -1
        first_moves[record], move_counts[record] = moves, length + 1
        moves += length + 1
        for k in range(size):
            for a in range(3):
                positions[members[k], a] = states[node, k, a]
        for side_mask, side_number in ((removed, 1), (part & ~removed, 0)):  # the part left comes off the top first
            if not _done(side_mask, groups):
                todo_masks[top], todo_parents[top], todo_sides[top] = side_mask, record, side_number
                for k in range(n):
                    for a in range(3):
                        todo_positions[top, k, a] = positions[k, a]
                top += 1
    state[_MOVES] = moves
    return DONE, True


@borrowing
def assignable(together, count, allowed, left, chosen) -> bool:
    """Whether each of the first ``count`` parts (``together[p, kind]``: its pieces of each
    kind) can be given a group (from 1) so that no group gets more pieces of a kind than
    ``allowed[kind, group]``; by backtracking, as BurrTools' grouping does, in ``left`` (as
    large as ``allowed``) and ``chosen`` (at least ``count``)."""
    kinds, groups = allowed.shape
    for kind in range(kinds):
        for g in range(groups):
            left[kind, g] = allowed[kind, g]
    for p in range(count):
        chosen[p] = 0  # each part's group, 0 while it has none
    p = 0
    while 0 <= p < count:
        g = chosen[p]
        if g:
            for kind in range(kinds):
                left[kind, g] += together[p, kind]
        g += 1
        while g < groups and not _fits(together, p, left, g):
            g += 1
        if g < groups:
            chosen[p] = g
            for kind in range(kinds):
                left[kind, g] -= together[p, kind]
            p += 1
        else:
            chosen[p] = 0
            p -= 1
    return p == count


@borrowing
def _fits(together, p, left, g) -> bool:
    """Whether part ``p``'s pieces of every kind fit in what group ``g`` has ``left``."""
    for kind in range(left.shape[0]):
        if together[p, kind] > left[kind, g]:
            return False
    return True


@borrowing
def _widened(mask, members, size):
    """A bit mask over the first ``size`` of ``members`` as one over every piece."""
    wide = np.int64(0)
    for k in range(size):
        if (mask >> k) & 1:
            wide |= np.int64(1) << members[k]
    return wide


@borrowing
def _done(mask, groups) -> bool:
    """A single piece, or pieces all in one group, need no further separation."""
    if mask & (mask - 1) == 0:
        return True
    group = -1
    for k in range(groups.shape[0]):
        if (mask >> k) & 1:
            if groups[k] == 0 or (group >= 0 and groups[k] != group):
                return False
            group = groups[k]
    return True
