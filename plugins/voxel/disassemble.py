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
stores with a solution; it is compiled with numba (``separations.py``, ``slides.py``):

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
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import NamedTuple

import numpy as np

from nonogram_editor_builtins.voxel.geometry import Voxel
from nonogram_editor_builtins.voxel.separations import take_all_apart, take_apart

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
        self._pairs = (np.full(4096, -1, dtype=np.int64), np.zeros(4096, dtype=np.int64), rows)  # see first_separation

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
            apart, tree, self._pairs = take_all_apart(sizes[rows], shapes[rows], corners[rows], shortcuts[rows],
                                                       kinds[rows], allowed, *self._search_arrays(), self._pairs)
            ok.append(apart)
            trees.append(tree)
            come_apart += int(np.count_nonzero(apart))
        keys = np.concatenate(trees).view(np.dtype((np.void, 3 * width * 8))).ravel().tolist()  # a row as bytes
        return [_level(key) if apart else None for apart, key in zip(np.concatenate(ok).tolist(), keys)]

    def _take_apart(self, pieces, groups):
        """:func:`take_apart`'s separations, or None."""
        if len(pieces) < 2:
            return None
        if len(pieces) > MAX_PIECES:
            raise ValueError(f"the disassembler takes at most {MAX_PIECES} pieces, not {len(pieces)}")
        shapes, corners = self._placed(pieces)
        grids, starts, dims = self._search_arrays()
        arrays = self._grouped(len(pieces), groups)
        if arrays is None:
            arrays = np.zeros(len(pieces), dtype=np.int64), np.zeros(len(pieces), dtype=np.int64), _NO_GROUPS
        ok, *tree, self._pairs = take_apart(shapes, corners, *arrays, grids, starts, dims, self._pairs)
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
    """``groups`` as :func:`take_apart` takes them: per piece its group when it is one (else
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
    """:attr:`Separation.level` of :func:`take_all_apart`'s separations of one assembly
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
    """The separation ``record`` of :func:`take_apart`'s answer, with its parts."""
    first, count = int(first_moves[record]), int(move_counts[record])
    moves = tuple(Move(_pieces(int(move_masks[i])), DIRECTIONS[move_directions[i]],
                       None if move_distances[i] < 0 else int(move_distances[i])) for i in range(first, first + count))
    rest = (parts, first_moves, move_counts, lefts, removeds, move_masks, move_directions, move_distances)
    return Separation(pieces=_pieces(int(parts[record])), moves=moves,
                      left=_tree(lefts[record], *rest) if lefts[record] >= 0 else None,
                      removed=_tree(removeds[record], *rest) if removeds[record] >= 0 else None)


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
