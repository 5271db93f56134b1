"""Take an assembly apart by sliding pieces, as BurrTools' disassembler does (no Qt).

An assembly is a list of pieces, each a set of cells. A *move* slides a group of pieces by
a whole number of cells along one axis, every cell of the group passing only through cells
no other piece holds; a move that lets a group slide away for good *separates* the
assembly into two parts, and each part with more than one piece is taken apart in turn
(from the positions it had just before the separation). An assembly *disassembles* when
this reaches single pieces everywhere, or parts whose pieces the puzzle declares a group
that stays together (BurrTools' groups: ``groups[i]`` is piece i's group, 0 for none; or a
:class:`Grouping`, where a piece may be in one of several groups: then a part that does not
come apart may stay together if it can be given a group that has room for its pieces,
beside every other such part, as BurrTools' ``grouping.cpp`` decides).

The search is BurrTools' (its ``disassembler_0.cpp``, ``movementanalysator.cpp`` and
``movementcache_0.cpp``, read, not copied), so the moves and levels are those BurrTools
stores with a solution; it is compiled with numba (``_take_apart``, ``_search``):

- For each piece pair and axis direction, how far one piece may slide before it touches
  the other (unbounded when no cell of it lies in the other's way): a matrix per position.
- The moves from a position, in this order: a single piece that slides out for good, then
  a group of at most half the pieces that does; then, direction by direction (+x, -x, +y,
  -y, +z, -z) and piece by piece, for 1, 2, ... cells, the smallest group holding that
  piece that can slide so far (a piece in the way joins it), as long as it has at most
  half the pieces; and after each new one, its unions with the groups found before in the
  same direction sliding as far (independent groups moving at once make one move).
- A breadth-first search over positions (two positions are the same when the pieces sit
  the same relative to each other) stops at the first move that separates: its depth is
  the least number of moves. Then the part left in place is taken apart, then the part
  that slid away. If either cannot be, the assembly does not disassemble (BurrTools tries
  no other separation).

The *level* is BurrTools' "5.3.2": the moves up to the first separation (the separating
move counted), then the levels of the part left and the part removed, each only if it
takes more than one move somewhere.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from itertools import chain
from typing import Iterator, Mapping, NamedTuple, Sequence

import numpy as np

from nonogram_editor.plugin_api import njit
from nonogram_editor_builtins.voxel.geometry import Voxel

FREE = 1 << 30  # a slide nothing stops
AWAY = 30_000  # the distance asked of a group that slides out for good
DIRECTIONS: tuple[Voxel, ...] = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))


@dataclass(frozen=True)
class Move:
    """``pieces`` (indices into the assembly) slide ``distance`` cells along ``direction``;
    ``distance`` None: they slide out for good (a separation)."""
    pieces: tuple[int, ...]
    direction: Voxel
    distance: int | None


@dataclass(frozen=True)
class Separation:
    """How a part of the assembly comes apart: ``moves`` up to and with the one that
    separates it into ``left`` (the pieces that stay) and ``removed`` (those that slide
    away); a side of one piece, or of one group, is None."""
    pieces: tuple[int, ...]
    moves: tuple[Move, ...]
    left: Separation | None
    removed: Separation | None

    @property
    def removed_pieces(self) -> tuple[int, ...]:
        return self.moves[-1].pieces

    def multi_move(self) -> bool:
        return len(self.moves) > 1 or any(s is not None and s.multi_move() for s in (self.left, self.removed))

    @property
    def level(self) -> str:
        """BurrTools' level text, e.g. "5.3.2"."""
        text = str(len(self.moves))
        for side in (self.left, self.removed):
            if side is not None and side.multi_move():
                text += "." + side.level
        return text

    @property
    def info(self) -> tuple[int, ...]:
        """BurrTools' ``<separationInfo>``: the tree in pre-order, moves + 1 per separation, 0 per leaf."""
        left = self.left.info if self.left is not None else (0,)
        removed = self.removed.info if self.removed is not None else (0,)
        return (len(self.moves) + 1,) + left + removed

    def sequence(self) -> Iterator[Move]:
        """Every move, this part's first, then the part left's, then the removed part's."""
        yield from self.moves
        for side in (self.left, self.removed):
            if side is not None:
                yield from side.sequence()


class Grouping(NamedTuple):
    """BurrTools' groups of an assembly's pieces: each piece's kind (its piece of the puzzle,
    a key of ``groups``), and per kind, each group its copies may be in with how many may be."""
    kinds: Sequence[int]
    groups: Mapping[int, Sequence[tuple[int, int]]] | Sequence[Sequence[tuple[int, int]]]


class Assemblies(NamedTuple):
    """Assemblies of one puzzle as :meth:`Disassembler.levels` takes them: the distinct
    placements (``cells``: each one's cells; ``kinds``: its piece of the puzzle), per kind
    the groups its pieces may be in with how many may be (as in :class:`Grouping`), and
    each assembly as a row of ``numbers``: its pieces' placements, then -1 to the end."""
    cells: Sequence[Sequence[Voxel]]
    kinds: Sequence[int]
    groups: Mapping[int, Sequence[tuple[int, int]]] | Sequence[Sequence[tuple[int, int]]]
    numbers: np.ndarray


def assemblies_of(assemblies: Sequence[Sequence[tuple[int, Sequence[Voxel]]]],
                  groups: Mapping[int, Sequence[tuple[int, int]]] | Sequence[Sequence[tuple[int, int]]]) -> Assemblies:
    """:class:`Assemblies` of these, each a list of (kind, cells) per piece (a solver's
    solution: its placements), the kinds' groups as in :class:`Grouping`."""
    number: dict[tuple[int, tuple[Voxel, ...]], int] = {}
    rows = [[number.setdefault((kind, tuple(cells)), len(number)) for kind, cells in pieces] for pieces in assemblies]
    return Assemblies(tuple(cells for _, cells in number), tuple(kind for kind, _ in number), groups,
                      padded_rows(rows))


def padded_rows(rows: Sequence[Sequence[int]]) -> np.ndarray:
    """Each assembly's placement numbers as a row of :attr:`Assemblies.numbers` (-1 to the end)."""
    numbers = np.full((len(rows), max([2] + [len(row) for row in rows])), -1, dtype=np.int64)
    for numbered, row in zip(numbers, rows):
        numbered[:len(row)] = row
    return numbers


MAX_PIECES = 62  # a group is a bit mask in an int64
_SHAPE_BITS = 10  # the pair cache's key: two shapes (10 bits each) and a shift (12 bits per axis)


class Disassembler:
    """Disassembles assemblies of one puzzle; it remembers the pair distances it has worked out."""

    def __init__(self):
        self._shapes: dict[bytes, int] = {}  # a shape's cells from its lowest corner (sorted, coded) -> a number
        self._groups: dict[tuple, tuple[np.ndarray, np.ndarray, np.ndarray] | None] = {}  # see _grouped
        # the shapes as the search takes them: every grid's cells one after another (x fastest,
        # then y, then z), where each starts, and its size along x, y, z
        self._arrays = (np.zeros(0, dtype=np.uint8), np.zeros(1, dtype=np.int64), np.zeros((0, 3), dtype=np.int64))
        self._new_shapes: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # not in the arrays yet: per
        # batch, the shapes' cells one after another (flat, as in the grid), each shape's number of cells and size
        rows = np.zeros((1024, 3), dtype=np.int64)
        rows[0, 0] = 1
        self._pairs = (np.full(4096, -1, dtype=np.int64), np.zeros(4096, dtype=np.int64), rows)  # see _search

    def disassemble(self, pieces: Sequence[Sequence[Voxel]], groups: Sequence[int] | Grouping | None = None
                    ) -> Separation | None:
        """The disassembly of ``pieces`` (each its cells), or None if it does not come apart.

        One piece alone is not a disassembly (None), as in BurrTools. At most
        ``MAX_PIECES`` pieces (ValueError beyond)."""
        found = self._take_apart(pieces, groups)
        return _tree(0, *found) if found is not None else None

    def levels(self, assemblies: Assemblies, progress=None) -> list[str | None]:
        """:meth:`disassemble`'s ``level`` of each assembly, None where it gives None, without
        building the separations: what a count needs, each distinct placement looked up once.
        ``progress(done, apart)``, when given, is called before each ``_BATCH`` assemblies
        with how many were taken apart and how many came apart (it may raise to stop)."""
        numbers = np.asarray(assemblies.numbers, dtype=np.int64)
        m, width = numbers.shape
        if width > MAX_PIECES:
            raise ValueError(f"the disassembler takes at most {MAX_PIECES} pieces, not {width}")
        if m == 0:
            return []
        shapes, corners = self._placed(assemblies.cells)
        shapes = np.append(shapes, 0)[numbers]  # -1: the last
        corners = np.append(corners, [(0, 0, 0)], axis=0)[numbers]
        arrays = self._grouped(len(assemblies.cells), Grouping(assemblies.kinds, assemblies.groups))
        if arrays is None:
            shortcuts = kinds = np.zeros((m, width), dtype=np.int64)
            allowed = _NO_GROUPS
        else:
            shortcuts, kinds = (np.append(values, 0)[numbers] for values in arrays[:2])
            allowed = arrays[2]
        sizes = np.count_nonzero(numbers >= 0, axis=1)
        sizes[sizes < 2] = 0
        step = m if progress is None else _BATCH
        ok, trees = [], []
        come_apart = 0
        for first in range(0, m, step):
            if progress is not None:
                progress(first, come_apart)
            rows = slice(first, first + step)
            apart, tree, self._pairs = _take_all_apart(sizes[rows], shapes[rows], corners[rows], shortcuts[rows],
                                                       kinds[rows], allowed, *self._search_arrays(), self._pairs)
            ok.append(apart)
            trees.append(tree)
            come_apart += int(np.count_nonzero(apart))
        keys = np.concatenate(trees).view(np.dtype((np.void, 3 * width * 8))).ravel().tolist()  # a row as bytes
        return [_level(key) if apart else None for apart, key in zip(np.concatenate(ok).tolist(), keys)]

    def _take_apart(self, pieces, groups):
        """:func:`_take_apart`'s separations, or None."""
        if len(pieces) < 2:
            return None
        if len(pieces) > MAX_PIECES:
            raise ValueError(f"the disassembler takes at most {MAX_PIECES} pieces, not {len(pieces)}")
        shapes, corners = self._placed(pieces)
        grids, starts, dims = self._search_arrays()
        arrays = self._grouped(len(pieces), groups)
        if arrays is None:
            arrays = np.zeros(len(pieces), dtype=np.int64), np.zeros(len(pieces), dtype=np.int64), _NO_GROUPS
        ok, *tree, self._pairs = _take_apart(shapes, corners, *arrays, grids, starts, dims, self._pairs)
        return tree if ok else None

    def _placed(self, pieces) -> tuple[np.ndarray, np.ndarray]:
        """Each piece's shape (its number, the shape added to the search's arrays if it is
        new) and lowest corner."""
        if not len(pieces):  # assemblies of no pieces
            return np.zeros(0, dtype=np.int64), np.zeros((0, 3), dtype=np.int64)
        lengths = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces))
        ends = np.cumsum(lengths)
        firsts = ends - lengths
        cells = np.fromiter(chain.from_iterable(chain.from_iterable(pieces)), dtype=np.int64,
                            count=3 * int(ends[-1])).reshape(-1, 3)
        owners = np.repeat(np.arange(len(pieces)), lengths)  # each cell's piece
        lows = np.minimum.reduceat(cells, firsts)
        cells -= lows[owners]
        sizes = np.maximum.reduceat(cells, firsts) + 1
        codes = cells[:, 0] | cells[:, 1] << 21 | cells[:, 2] << 42  # a cell from its piece's lowest corner
        order = np.lexsort((codes, owners))
        codes, cells = codes[order], cells[order]
        shapes, fresh = [], np.zeros(len(pieces), dtype=bool)  # each one's shape; which ones bring a new shape
        for k, (first, end) in enumerate(zip(firsts.tolist(), ends.tolist())):
            key = codes[first:end].tobytes()
            shape = self._shapes.get(key)
            if shape is None:
                if len(self._shapes) >= 1 << _SHAPE_BITS:
                    raise ValueError(f"the disassembler takes at most {1 << _SHAPE_BITS} shapes")
                shape = self._shapes[key] = len(self._shapes)
                fresh[k] = True
            shapes.append(shape)
        if fresh.any():
            flat = cells[:, 0] + sizes[owners, 0] * (cells[:, 1] + sizes[owners, 1] * cells[:, 2])
            self._new_shapes.append((flat[fresh[owners]], lengths[fresh], sizes[fresh]))
        return np.array(shapes, dtype=np.int64), lows

    def _grouped(self, n: int, groups: Sequence[int] | Grouping | None):
        """:func:`_group_arrays`, worked out once for each grouping."""
        if groups is None:
            return None
        if isinstance(groups, Grouping):
            key = (tuple(groups.kinds), tuple(tuple(groups.groups[kind]) for kind in dict.fromkeys(groups.kinds)))
        else:
            key = (n, tuple(groups))
        if key not in self._groups:
            self._groups[key] = _group_arrays(n, groups)
        return self._groups[key]

    def _search_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The shapes as the search takes them, the new ones added."""
        if self._new_shapes:
            grids, starts, dims = self._arrays
            flat, lengths, sizes = (np.concatenate(part) for part in zip(*self._new_shapes))
            volumes = np.prod(sizes, axis=1)
            ends = starts[-1] + np.cumsum(volumes)
            added = np.zeros(int(volumes.sum()), dtype=np.uint8)
            added[np.repeat(ends - volumes - starts[-1], lengths) + flat] = 1
            self._arrays = (np.concatenate([grids, added]), np.concatenate([starts, ends]),
                            np.concatenate([dims, sizes]))
            self._new_shapes = []
        return self._arrays


_NO_GROUPS = np.zeros((1, 1), dtype=np.int64)  # no kind has room in any group


def _group_arrays(n: int, groups: Sequence[int] | Grouping | None
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """``groups`` as :func:`_take_apart` takes them: per piece its group when it is one (else
    0) and its kind (numbered from 0), and per kind and group (numbered from 1) how many of
    its pieces may be in it; None when no piece is in a group (every piece 0, kind 0,
    :data:`_NO_GROUPS`)."""
    if groups is None or not isinstance(groups, Grouping) and not any(groups):
        return None
    if not isinstance(groups, Grouping):
        groups = Grouping(range(n), [[(g, 1)] if g else [] for g in groups])
    elif not any(groups.groups[kind] for kind in groups.kinds):
        return None
    number: dict[int, int] = {}
    kinds = [number.setdefault(kind, len(number)) for kind in groups.kinds]
    counts = [list(groups.groups[kind]) for kind in number]
    names = sorted({g for listed in counts for g, _ in listed if g})
    allowed = np.zeros((len(counts), len(names) + 1), dtype=np.int64)
    for kind, listed in enumerate(counts):
        for g, count in listed:
            if g:
                allowed[kind, names.index(g) + 1] += count
    shortcuts = [counts[kind][0][0] if len(counts[kind]) == 1 else 0 for kind in kinds]
    return np.array(shortcuts, dtype=np.int64), np.array(kinds, dtype=np.int64), allowed


@functools.lru_cache(maxsize=1024)
def _level(tree: bytes) -> str:
    """:attr:`Separation.level` of :func:`_take_all_apart`'s separations of one assembly
    (a row of its ``trees`` as bytes)."""
    move_counts, lefts, removeds = np.frombuffer(tree, dtype=np.int64).reshape(3, -1).tolist()
    records = sum(1 for count in move_counts if count)
    multi = [False] * records  # whether the part, or a part of it, takes more than one move
    for r in range(records - 1, -1, -1):
        multi[r] = move_counts[r] > 1 or any(side >= 0 and multi[side] for side in (lefts[r], removeds[r]))
    text, stack = [], [0]
    while stack:  # the part, then its part left, then its part removed
        r = stack.pop()
        text.append(str(move_counts[r]))
        stack += [side for side in (removeds[r], lefts[r]) if side >= 0 and multi[side]]
    return ".".join(text)


def _pieces(mask: int) -> tuple[int, ...]:
    return tuple(k for k in range(mask.bit_length()) if mask >> k & 1)


def _tree(record, parts, first_moves, move_counts, lefts, removeds, move_masks, move_directions, move_distances
          ) -> Separation:
    """The separation ``record`` of :func:`_take_apart`'s answer, with its parts."""
    first, count = int(first_moves[record]), int(move_counts[record])
    moves = tuple(Move(_pieces(int(move_masks[i])), DIRECTIONS[move_directions[i]],
                       None if move_distances[i] < 0 else int(move_distances[i])) for i in range(first, first + count))
    rest = (parts, first_moves, move_counts, lefts, removeds, move_masks, move_directions, move_distances)
    return Separation(pieces=_pieces(int(parts[record])), moves=moves,
                      left=_tree(lefts[record], *rest) if lefts[record] >= 0 else None,
                      removed=_tree(removeds[record], *rest) if removeds[record] >= 0 else None)


def _borrowing(function):
    """``njit`` without numba's reference counts (its ``_nrt=False``), for the search's
    functions: they allocate no array and keep none they are given (their callers hold
    them), so counting references, which had taken about 40% of the search's time, is
    not needed."""
    return njit(cache=True, _nrt=False)(function)


@njit(cache=True)
def _take_all_apart(sizes, shapes, start, groups, kinds, allowed, grids, starts, dims, pairs):
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
    work, tree, scratch, state = _workspace(width), _tree_arrays(width), _scratch(width, allowed), _new_state()
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
def _take_apart(shapes, start, groups, kinds, allowed, grids, starts, dims, pairs):
    """:func:`_taken_apart` of one assembly, in workspaces of its own.

    Returns (whether it comes apart; per separation in pre-order: its pieces as a bit mask,
    its first move and number of moves, the record of the part left and of the part
    removed (-1: none needed); per move: the pieces moved as a bit mask, the direction, the
    distance (-1: out for good); then ``pairs``, grown if it had to)."""
    n = shapes.shape[0]
    state = _new_state()
    ok, _, pairs, tree = _apart(shapes, start, groups, kinds, allowed, grids, starts, dims, pairs, _workspace(n),
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
        if status == _DONE:
            return ok, work, pairs, tree
        if status == _FULL_MOVES:
            moves = state[_MOVES]
            tree = tree[:5] + (_enlarged(tree[5], moves, 2 * tree[5].shape[0]),
                               _enlarged(tree[6], moves, 2 * tree[6].shape[0]),
                               _enlarged(tree[7], moves, 2 * tree[7].shape[0]))
        else:
            work, pairs = _roomier(status, work, pairs, state[_SIZE], state[_COUNT])


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
    then its own), their numbers and shapes; and :func:`_assignable`'s two arrays."""
    return (np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64),
            np.empty((n, n, 3), dtype=np.int64), np.zeros((n, allowed.shape[0]), dtype=np.int64),
            np.empty((n, 3), dtype=np.int64), np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64),
            np.empty((n, 3), dtype=np.int64), np.empty_like(allowed), np.empty(n, dtype=np.int64))


@_borrowing
def _taken_apart(shapes, start, groups, kinds, allowed, grids, starts, dims, pairs, work, tree, scratch, state):
    """Every separation, part by part (the part left before the part removed), as BurrTools
    does, written into ``tree`` (see :func:`_take_apart`'s answer).

    ``groups``: each piece's group when it is one, else 0; ``kinds``: each piece's kind, and
    ``allowed[kind, group]`` how many pieces of it may be in that group (see :func:`_group_arrays`):
    a part that does not come apart, other than the whole, may stay together if it and the
    others that do not can each be given a group (:func:`_assignable`).

    It begins where ``state[_TOP]`` is -1, else goes on from where it stopped. Returns
    (_DONE, whether it comes apart); or, when ``pairs``, ``work`` or the moves in ``tree``
    lack room, (_FULL_PAIRS, _FULL_POSITIONS or _FULL_MOVES, False), having kept in ``state``
    where to go on once :func:`_apart` has grown them (:func:`_borrowing`)."""
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
            status, node, count, moved, direction = _DONE, state[_NODE], 0, state[_MOVED], state[_DIRECTION]
        else:
            status, node, count, moved, direction = _search(part_shapes[:size], part_start[:size], grids, starts,
                                                            dims, pairs, work, state[_NODE], state[_COUNT])
        state[_NODE] = state[_COUNT] = state[_FOUND] = 0
        length = 0
        if status == _DONE:
            at = node
            while at >= 0 and parents[at] >= 0:
                length += 1
                at = parents[at]
            if node >= 0 and moves + length + 1 > move_masks.shape[0]:
                status = _FULL_MOVES
                state[_FOUND], state[_MOVED], state[_DIRECTION] = 1, moved, direction
        if status != _DONE:
            state[_TOP], state[_RECORDS], state[_MOVES], state[_TOGETHERS] = top + 1, records, moves, togethers
            state[_SIZE], state[_NODE], state[_COUNT] = size, node, count
            return status, False
        if node < 0:
            if parent < 0:
                return _DONE, False
            for k in range(together.shape[1]):
                together[togethers, k] = 0
            for k in range(size):
                together[togethers, kinds[members[k]]] += 1
            togethers += 1
            if not _assignable(together, togethers, allowed, left, chosen):
                return _DONE, False
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
    return _DONE, True


@_borrowing
def _assignable(together, count, allowed, left, chosen) -> bool:
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


@_borrowing
def _fits(together, p, left, g) -> bool:
    """Whether part ``p``'s pieces of every kind fit in what group ``g`` has ``left``."""
    for kind in range(left.shape[0]):
        if together[p, kind] > left[kind, g]:
            return False
    return True


@_borrowing
def _widened(mask, members, size):
    """A bit mask over the first ``size`` of ``members`` as one over every piece."""
    wide = np.int64(0)
    for k in range(size):
        if (mask >> k) & 1:
            wide |= np.int64(1) << members[k]
    return wide


@_borrowing
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


@_borrowing
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
def _enlarged(values, count, capacity):
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
def _workspace(n):
    """The arrays :func:`_search` works in, for parts of at most ``n`` pieces (:func:`_roomier` grows them):
    positions, their parents, moves (bit masks, directions, distances), the table of
    positions by hash (empty between searches), the pairs' slides, a stack, and the groups
    found in one direction with their distances."""
    capacity = 32
    return (np.empty((capacity, n, 3), dtype=np.int64), np.empty(capacity, dtype=np.int64),
            np.zeros(capacity, dtype=np.int64), np.zeros(capacity, dtype=np.int64), np.zeros(capacity, dtype=np.int64),
            np.full(4 * capacity, -1, dtype=np.int64), np.empty((6, n, n), dtype=np.int64), np.empty(n, dtype=np.int64),
            np.empty(64, dtype=np.int64), np.empty(64, dtype=np.int64))


@_borrowing
def _search(shapes, start, grids, starts, dims, pairs, work, head, count):
    """Breadth first from ``start`` (the pieces' lowest corners) to the first move that
    separates, generating moves in BurrTools' order (see the module's text); or, when
    ``count`` is not 0, on from position ``head`` of the ``count`` reached before.

    ``pairs``: ``keys`` and ``rows_of`` (an open-addressing table, -1 where empty) map two
    shapes and their shift to a row of ``rows`` (whose row 0 holds the number of rows used):
    how far the first may slide in each direction before it touches the other. Rows come
    in twos from row 1, a pair's and the same pair's the other way round.

    ``work``: :func:`_workspace`'s arrays; the first five hold every position reached
    (their first rows), and per position its parent, and the move from it (bit mask,
    direction, distance).

    Returns (_DONE, the position it separates from or -1, the number of positions, the
    pieces that slide away as a bit mask, their direction); or (_FULL_PAIRS or
    _FULL_POSITIONS, the position to expand next, the number of positions before it, 0,
    -1) when ``pairs`` or ``work`` lacks room: the caller grows them (:func:`_roomier`)
    and goes on (:func:`_borrowing`)."""
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
            return _FULL_PAIRS, head, count, np.int64(0), -1  # no room for every pair of this position
        expanded, moved, direction, after = _expand(head, count, shapes, grids, starts, dims, keys, rows_of, rows,
                                                    states, parents, masks, directions, distances, table, gaps,
                                                    stack, found_masks, found_distances)
        if expanded == _FULL:
            return _FULL_POSITIONS, head, count, np.int64(0), -1  # what it added is forgotten with the table
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
    return _DONE, head, count, moved, direction


_DONE, _FULL_PAIRS, _FULL_POSITIONS, _FULL_MOVES = 0, 1, 2, 3  # what _search and _taken_apart report


@njit(cache=True)
def _roomier(status, work, pairs, n, count):
    """``work`` and ``pairs`` grown where :func:`_search` said (``status``) it lacked room,
    keeping the first ``count`` positions (of ``n`` pieces) and a table of them."""
    states, parents, masks, directions, distances, table, gaps, stack, found_masks, found_distances = work
    keys, rows_of, rows = pairs
    if status == _FULL_PAIRS:
        while rows[0, 0] + n * n > rows.shape[0]:
            rows = _enlarged(rows, rows.shape[0], 2 * rows.shape[0])
        while 2 * (rows[0, 0] + n * n) > keys.shape[0]:
            keys, rows_of = _grown(keys, rows_of)
    else:
        capacity = 2 * states.shape[0]
        states = _enlarged(states, count, capacity)
        parents = _enlarged(parents, count, capacity)
        masks = _enlarged(masks, count, capacity)
        directions = _enlarged(directions, count, capacity)
        distances = _enlarged(distances, count, capacity)
        found_masks = _enlarged(found_masks, 0, 2 * found_masks.shape[0])
        found_distances = _enlarged(found_distances, 0, 2 * found_distances.shape[0])
        table = np.full(4 * capacity, -1, dtype=np.int64)
        for s in range(count):
            slot = _hash(states, s, n) & np.uint64(table.shape[0] - 1)
            while table[slot] >= 0:
                slot = (slot + np.uint64(1)) & np.uint64(table.shape[0] - 1)
            table[slot] = s
    return (states, parents, masks, directions, distances, table, gaps, stack, found_masks, found_distances), \
        (keys, rows_of, rows)


_EXPANDED, _SEPARATES, _FULL = 0, 1, 2  # what _expand did


@_borrowing
def _expand(node, count, shapes, grids, starts, dims, keys, rows_of, rows, states, parents, masks, directions,
            distances, table, gaps, stack, found_masks, found_distances):
    """The moves from position ``node``, in BurrTools' order (see :func:`_search` for the arrays).

    Returns (_SEPARATES, the pieces that slide away as a bit mask, their direction, ``count``)
    when a move separates; else (_EXPANDED, 0, -1, the number of positions with the new ones
    it reached added at ``count`` on); or (_FULL, 0, -1, ``count``) when ``states`` or
    ``found_masks`` has no room for the next one."""
    n = shapes.shape[0]
    half = n // 2
    everyone = (np.int64(1) << n) - 1
    slots = np.uint64(table.shape[0] - 1)
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
        return _SEPARATES, single, single_d, count
    if group != 0:
        return _SEPARATES, group, group_d, count
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


def solution_assemblies(puzzle, solutions) -> Assemblies:
    """A solver's solutions as :meth:`Disassembler.levels` takes them."""
    return assemblies_of([[(placement.piece, placement.cells) for placement in solution] for solution in solutions],
                         [piece.groups for piece in puzzle.pieces])


def disassemble_solution(puzzle, solution, disassembler: Disassembler | None = None) -> Separation | None:
    """How a solver's ``solution`` (its placements) of ``puzzle`` comes apart (None: it does
    not, or it is a single piece)."""
    groups = Grouping([placement.piece for placement in solution], [piece.groups for piece in puzzle.pieces])
    return (disassembler or Disassembler()).disassemble([placement.cells for placement in solution], groups)


def level_key(level: str) -> tuple[int, ...]:
    """Sorts levels as numbers: "10.2" after "9.5"."""
    return tuple(int(n) for n in level.split("."))


class Apart(NamedTuple):
    """What :func:`tally` finds: how many assemblies come apart (``solutions``, one per class
    of the count), how many at each level (highest first), and how many come apart counted up
    to rotation only (``solutions_rotations``: an assembly whose mirror image is not a turn of
    it is two there, as BurrTools counts with "Keep Mirror Solutions" ticked)."""

    solutions: int
    levels: dict[str, int]
    solutions_rotations: int


def count_apart(puzzle, outcome, task=None) -> Apart | None:
    """:func:`tally` of a count's assemblies (``solver.CountOutcome``), or None when the count
    kept fewer than it found or an assembly has too many pieces for the disassembler."""
    if len(outcome.solutions) != outcome.distinct or any(len(s) > MAX_PIECES for s in outcome.solutions):
        return None
    return tally(puzzle, outcome.solutions, task)


_BATCH = 64  # assemblies taken apart by one call of the compiled code, between progress reports


def tally(puzzle, solutions, task=None) -> Apart:
    """How many of ``solutions`` (one per assembly class of the count's symmetries) come apart,
    and at which levels. A single piece counts as coming apart, with no level (BurrTools'
    rule). ValueError if an assembly has more than ``MAX_PIECES`` pieces."""
    from nonogram_editor_builtins.voxel.cover import build_cover

    cover = build_cover(puzzle)

    def progress(done: int, apart: int) -> None:
        task.check_cancelled()
        task.report(done, len(solutions), f"disassembling: {done} of {len(solutions)} assemblies, {apart} come apart")

    found = Disassembler().levels(solution_assemblies(puzzle, solutions), progress if task is not None else None)
    count, by_rotation, levels = 0, 0, {}
    for solution, level in zip(solutions, found):
        if len(solution) <= 1 or level is not None:
            count += 1
            by_rotation += rotation_classes(cover, solution)
        if level is not None:
            levels[level] = levels.get(level, 0) + 1
    return Apart(count, dict(sorted(levels.items(), key=lambda item: level_key(item[0]), reverse=True)), by_rotation)


def rotation_classes(cover, solution) -> int:
    """How many classes up to rotation only ``solution``'s class (under all the cover's
    symmetries) holds: 2 where a reflection gives an image no rotation gives, else 1."""
    ids = np.array([cover.placement_id(placement) for placement in solution], dtype=np.int64)
    images = {tuple(sorted(cover.perms[g, ids].tolist())) for g in range(cover.group_order)}
    turned = {tuple(sorted(cover.perms[g, ids].tolist())) for g in range(cover.rotations)}
    return len(images) // len(turned)


def frames(separation: Separation, pieces: Sequence[Sequence[Voxel]]) -> list[list[Voxel]]:
    """Each piece's shift from its place in the assembly: at the start, then after each move
    of :meth:`Separation.sequence`. A group that slides out for good goes just past
    everything else along its way, and stays there."""
    shifts = [(0, 0, 0)] * len(pieces)
    shown = [list(shifts)]
    for move in separation.sequence():
        if move.distance is None:
            axis = next(i for i in range(3) if move.direction[i])
            sign = move.direction[axis]
            mine = [c[axis] + shifts[k][axis] for k in move.pieces for c in pieces[k]]
            others = [c[axis] + shifts[k][axis] for k in range(len(pieces)) if k not in move.pieces
                      for c in pieces[k]]
            distance = (max(others) - min(mine) + 2) if sign > 0 else (max(mine) - min(others) + 2)
        else:
            distance = move.distance
        step = tuple(c * distance for c in move.direction)
        shifts = [(s[0] + step[0], s[1] + step[1], s[2] + step[2]) if k in move.pieces else s
                  for k, s in enumerate(shifts)]
        shown.append(list(shifts))
    return shown
