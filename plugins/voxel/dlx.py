"""Knuth's Algorithm X with dancing links, compiled with numba, resumable in slices.

The matrix lives in flat int32 arrays (``L R U D C`` per node, ``S`` per column); the
columns come first, then the root, then the row nodes. Primary columns (cells, and
pieces with one copy) are linked in the root's ring and branched on, fewest rows first
(minimum remaining values). A piece with several copies has a column outside the ring
that is covered only when its last copy is placed.

The search is an explicit state machine, so :func:`search` can stop after ``budget``
nodes and carry on when called again: the caller reports progress and notices
cancellation between slices. Every found solution goes through :func:`_record`, which
does the symmetry bookkeeping (see ``plugins/voxel/solver.py``).
"""
from __future__ import annotations

import numpy as np

from editor.plugin_api import njit

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

# counters (the ``counts`` array)
RAW, DISTINCT, TOTAL, NODES, KEPT, PREFIXES = range(6)


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
def _cover_column(c, L, R, U, D, C, S, col_type, copies, remaining):
    t = col_type[c]
    if t >= 0 and copies[t] > 1:
        remaining[t] -= 1
        if remaining[t] == 0:
            _cover(c, L, R, U, D, C, S)
    else:
        _cover(c, L, R, U, D, C, S)


@njit(cache=True)
def _uncover_column(c, L, R, U, D, C, S, col_type, copies, remaining):
    t = col_type[c]
    if t >= 0 and copies[t] > 1:
        if remaining[t] == 0:
            _uncover(c, L, R, U, D, C, S)
        remaining[t] += 1
    else:
        _uncover(c, L, R, U, D, C, S)


@njit(cache=True)
def select_row(r, L, R, U, D, C, S, col_type, copies, remaining):
    """Put row ``r`` into the solution outside the search (a prefix handed to a worker)."""
    _cover_column(C[r], L, R, U, D, C, S, col_type, copies, remaining)
    j = R[r]
    while j != r:
        _cover_column(C[j], L, R, U, D, C, S, col_type, copies, remaining)
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
def _chosen_ids(id_of, chosen, k):
    """The placement ids of the first ``k`` choices (``id_of``: a chosen row or slot's id)."""
    ids = np.empty(k, dtype=np.int32)
    for i in range(k):
        ids[i] = id_of[chosen[i]]
    return ids


@njit(cache=True)
def _copy_into(row, ids):
    for i in range(ids.shape[0]):
        row[i] = ids[i]


@njit(cache=True)
def _lex_compare(a, b):
    for i in range(a.shape[0]):
        if a[i] != b[i]:
            return -1 if a[i] < b[i] else 1
    return 0


@njit(cache=True)
def _record(ids, perms, allowed, counts, keep):
    """Count one solution (placement ids); keep it if it is its class's canonical member.

    The search covers only solutions whose placements are all ``allowed``. A solution is
    canonical when no symmetry maps it to a smaller allowed solution (lexicographically,
    as sorted ids); each symmetry class has exactly one canonical member among the
    allowed solutions, and its class has ``len(perms) / |stabiliser|`` solutions.
    """
    counts[RAW] += 1
    solution = _sorted(ids)
    image = np.empty(solution.shape[0], dtype=solution.dtype)
    stabiliser = 1
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
    counts[DISTINCT] += 1
    counts[TOTAL] += perms.shape[0] // stabiliser
    if counts[KEPT] < keep.shape[0]:
        _copy_into(keep[counts[KEPT]], solution)
        counts[KEPT] += 1


@njit(cache=True)
def _take_solution(ids, mode, perms, allowed, counts, keep):
    """A complete solution (placement ids): in FIRST mode keep it and return True (stop);
    otherwise count and maybe keep it (:func:`_record`) and return False (go on)."""
    if mode == FIRST:
        _copy_into(keep[0], ids)
        counts[KEPT] = 1
        counts[RAW] += 1
        return True
    _record(ids, perms, allowed, counts, keep)
    return False


@njit(cache=True)
def _take_prefix(ids, prefixes, counts):
    """A search prefix (placement ids) for ``--jobs`` splitting; counted even past the buffer."""
    n = counts[PREFIXES]
    if n < prefixes.shape[0]:
        _copy_into(prefixes[n], ids)
    counts[PREFIXES] = n + 1


@njit(cache=True)
def search(L, R, U, D, C, S, row_id, col_type, copies, remaining, state, cols, rows,
           perms, allowed, first_col, mode, max_depth, budget, counts, keep, prefixes):
    """Run the search for at most ``budget`` nodes; returns PAUSED, FINISHED or FOUND.

    ``state`` = [level k, phase, base level]; levels below the base hold a fixed prefix.
    ``cols[k]``/``rows[k]``: the column branched on and the row tried at level k.
    ``first_col`` (if >= 0) is branched on at level 0 whatever its size: the symmetry
    anchor, so that the cut it makes prunes the whole tree and not only its leaves.
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
                if _take_solution(_chosen_ids(row_id, rows, k), mode, perms, allowed, counts, keep):
                    status = FOUND
                    break
                continue
            if mode == PREFIX and k == max_depth:
                _take_prefix(_chosen_ids(row_id, rows, k), prefixes, counts)
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
                _cover_column(C[j], L, R, U, D, C, S, col_type, copies, remaining)
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
                _uncover_column(C[j], L, R, U, D, C, S, col_type, copies, remaining)
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
