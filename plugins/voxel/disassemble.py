"""Take an assembly apart by sliding pieces, as BurrTools' disassembler does (no Qt).

An assembly is a list of pieces, each a set of cells. A *move* slides a group of pieces by
a whole number of cells along one axis, every cell of the group passing only through cells
no other piece holds; a move that lets a group slide away for good *separates* the
assembly into two parts, and each part with more than one piece is taken apart in turn
(from the positions it had just before the separation). An assembly *disassembles* when
this reaches single pieces everywhere, or parts whose pieces the puzzle declares a group
that stays together (BurrTools' groups: ``groups[i]`` is piece i's group, 0 for none).

The search is BurrTools' (its ``disassembler_0.cpp``, ``movementanalysator.cpp`` and
``movementcache_0.cpp``, read, not copied), so the moves and levels are those BurrTools
stores with a solution:

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

from dataclasses import dataclass, field
from typing import Iterator, Sequence

from plugins.voxel.geometry import Voxel, lowest

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

    @property
    def offset(self) -> Voxel:
        """The shift of the moved pieces (a separation: one cell, the way they leave)."""
        k = 1 if self.distance is None else self.distance
        return (self.direction[0] * k, self.direction[1] * k, self.direction[2] * k)


@dataclass(frozen=True)
class Separation:
    """How a part of the assembly comes apart: ``moves`` up to and with the one that
    separates it into ``left`` (the pieces that stay) and ``removed`` (those that slide
    away); a side of one piece, or of one group, is None."""
    pieces: tuple[int, ...]
    moves: tuple[Move, ...]
    left: Separation | None
    removed: Separation | None
    removed_pieces: tuple[int, ...] = field(default=())

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


class _Shape:
    """A piece's cells from its lowest corner, as lines along each axis."""

    def __init__(self, cells: Sequence[Voxel]):
        self.cells = tuple(sorted(cells))
        self.high = tuple(max(c[a] for c in self.cells) for a in range(3))
        self.lines = []
        for axis in range(3):
            b, c = [a for a in range(3) if a != axis]
            lines: dict[tuple[int, int], list[int]] = {}
            for cell in self.cells:
                lines.setdefault((cell[b], cell[c]), []).append(cell[axis])
            self.lines.append({key: sorted(values) for key, values in lines.items()})


def _gaps(one: _Shape, other: _Shape, delta: Voxel) -> tuple[int, ...]:
    """How far ``one`` may slide along +x, -x, +y, -y, +z, -z before it touches ``other``,
    which sits ``delta`` from it (their lowest corners)."""
    result = []
    for axis in range(3):
        b, c = [a for a in range(3) if a != axis]
        plus = minus = FREE
        if (delta[b] <= one.high[b] and delta[b] + other.high[b] >= 0
                and delta[c] <= one.high[c] and delta[c] + other.high[c] >= 0):
            theirs_lines = other.lines[axis]
            shift = delta[axis]
            for (u, v), mine in one.lines[axis].items():
                theirs = theirs_lines.get((u - delta[b], v - delta[c]))
                if theirs is None:
                    continue
                for t in theirs:
                    t += shift
                    for m in mine:
                        if t > m:
                            if t - m - 1 < plus:
                                plus = t - m - 1
                        elif m - t - 1 < minus:
                            minus = m - t - 1
        result += (plus, minus)
    return tuple(result)


class Disassembler:
    """Disassembles assemblies of one puzzle; it remembers the pair distances it has worked out."""

    def __init__(self):
        self._shapes: dict[tuple[Voxel, ...], int] = {}
        self._shape_list: list[_Shape] = []
        self._gap_cache: dict[tuple, tuple[int, ...]] = {}

    def disassemble(self, pieces: Sequence[Sequence[Voxel]], groups: Sequence[int] | None = None
                    ) -> Separation | None:
        """The disassembly of ``pieces`` (each its cells), or None if it does not come apart.

        One piece alone is not a disassembly (None), as in BurrTools."""
        if len(pieces) < 2:
            return None
        ids, start = [], []
        for cells in pieces:
            low = lowest(cells)
            key = tuple(sorted((x - low[0], y - low[1], z - low[2]) for x, y, z in cells))
            if key not in self._shapes:
                self._shapes[key] = len(self._shape_list)
                self._shape_list.append(_Shape(key))
            ids.append(self._shapes[key])
            start.append(low)
        self._ids = ids
        self._groups = list(groups) if groups is not None else [0] * len(pieces)
        return self._separate(tuple(range(len(pieces))), tuple(start))

    def _part_done(self, part: tuple[int, ...]) -> bool:
        """A single piece, or pieces all in one group, need no further separation."""
        first = self._groups[part[0]]
        return len(part) == 1 or (first != 0 and all(self._groups[i] == first for i in part))

    def _separate(self, part: tuple[int, ...], start: tuple[Voxel, ...]) -> Separation | None:
        found = self._search(part, start)
        if found is None:
            return None
        path, before, moved, direction = found
        n = len(part)
        left = tuple(k for k in range(n) if not moved >> k & 1)
        removed = tuple(k for k in range(n) if moved >> k & 1)
        sides = []
        for side in (left, removed):
            pieces = tuple(part[k] for k in side)
            if self._part_done(pieces):
                sides.append(None)
                continue
            sub = self._separate(pieces, tuple(before[k] for k in side))
            if sub is None:
                return None
            sides.append(sub)
        moves = tuple(Move(tuple(part[k] for k in range(n) if mask >> k & 1), DIRECTIONS[d], amount)
                      for mask, d, amount in path) + (Move(tuple(part[k] for k in removed), DIRECTIONS[direction],
                                                          None),)
        return Separation(pieces=part, moves=moves, left=sides[0], removed=sides[1],
                          removed_pieces=tuple(part[k] for k in removed))

    def _search(self, part, start):
        """Breadth first: (moves to the position before the separation, that position, the
        pieces that slide away as a bit mask, their direction), or None."""
        def key(positions):
            x0, y0, z0 = positions[0]
            return tuple((x - x0, y - y0, z - z0) for x, y, z in positions)

        parents = {key(start): None}  # key -> (parent positions, move)
        frontier = [start]
        while frontier:
            following = []
            for positions in frontier:
                for mask, d, amount in self._moves(part, positions):
                    if amount is None:
                        path = []
                        node = positions
                        while parents[key(node)] is not None:
                            node, move = parents[key(node)]
                            path.append(move)
                        return path[::-1], positions, mask, d
                    dx, dy, dz = DIRECTIONS[d]
                    dx, dy, dz = dx * amount, dy * amount, dz * amount
                    moved = tuple((x + dx, y + dy, z + dz) if mask >> k & 1 else (x, y, z)
                                  for k, (x, y, z) in enumerate(positions))
                    k = key(moved)
                    if k in parents:
                        continue
                    parents[k] = (positions, (mask, d, amount))
                    following.append(moved)
            frontier = following
        return None

    def _blockers(self, part, positions) -> list[list[list[tuple[int, int]]]]:
        """``b[d][i]``: (distance, pieces) ascending: the pieces (a bit mask) that stop piece i
        sliding more than ``distance`` cells in direction d, those of smaller distances included."""
        n = len(part)
        shapes = [self._ids[p] for p in part]
        cache = self._gap_cache
        table = [[None] * n for _ in range(6)]
        for i in range(n):
            xi, yi, zi = positions[i]
            stops = [[] for _ in range(6)]
            for j in range(n):
                if i == j:
                    continue
                xj, yj, zj = positions[j]
                k = (shapes[i], shapes[j], xj - xi, yj - yi, zj - zi)
                gaps = cache.get(k)
                if gaps is None:
                    gaps = cache[k] = _gaps(self._shape_list[shapes[i]], self._shape_list[shapes[j]],
                                            (xj - xi, yj - yi, zj - zi))
                for d in range(6):
                    if gaps[d] < FREE:
                        stops[d].append((gaps[d], 1 << j))
            for d in range(6):
                ladder, mask = [], 0
                for distance, bit in sorted(stops[d]):
                    mask |= bit
                    if ladder and ladder[-1][0] == distance:
                        ladder[-1] = (distance, mask)
                    else:
                        ladder.append((distance, mask))
                table[d][i] = ladder
        return table

    def _moves(self, part, positions) -> Iterator[tuple[int, int, int | None]]:
        """(moved pieces as a bit mask over ``part``, direction index, cells or None for good), in BurrTools' order."""
        n = len(part)
        table = self._blockers(part, positions)
        half = n // 2
        everyone = (1 << n) - 1

        def group(piece: int, d: int, distance: int, most: int) -> int:
            """The smallest group with ``piece`` that slides ``distance``, or 0 if it has more than ``most`` pieces."""
            ladders = table[d]
            mask, todo = 1 << piece, [piece]
            while todo:
                stopped = 0
                for gap, pieces in ladders[todo.pop()]:
                    if gap >= distance:
                        break
                    stopped = pieces
                new = stopped & ~mask
                if new:
                    mask |= new
                    if mask.bit_count() > most:
                        return 0
                    while new:
                        low = new & -new
                        todo.append(low.bit_length() - 1)
                        new ^= low
            return mask

        away = [(mask, d) for d in range(6) for piece in range(n) if (mask := group(piece, d, AWAY, half))]
        for most in (1, half):  # a single piece first, then a group
            for mask, d in away:
                if most > 1 or mask & (mask - 1) == 0:
                    yield mask, d, None
        for d in range(6):
            found: list[tuple[int, int]] = []  # (mask, distance), in the order found
            known = set()
            for piece in range(n):
                distance = 1
                while distance < AWAY:
                    mask = group(piece, d, distance, half)
                    if not mask:
                        break
                    if (mask, distance) not in known:
                        earlier = found[::-1]
                        known.add((mask, distance))
                        found.append((mask, distance))
                        yield mask, d, distance
                        for other, other_distance in earlier:
                            union = mask | other
                            if (other_distance != distance or union in (mask, other) or union == everyone
                                    or (union, distance) in known):
                                continue
                            known.add((union, distance))
                            found.append((union, distance))
                            yield union, d, distance
                    distance += 1


def solution_pieces(solution) -> list[tuple[Voxel, ...]]:
    """A solver's solution (placements) as the disassembler takes it."""
    return [placement.cells for placement in solution]


def disassemble_solution(puzzle, solution, disassembler: Disassembler | None = None) -> Separation | None:
    """How ``solution`` of ``puzzle`` comes apart (None: it does not, or it is a single piece)."""
    groups = [puzzle.pieces[placement.piece].group for placement in solution]
    return (disassembler or Disassembler()).disassemble(solution_pieces(solution), groups)


def level_key(level: str) -> tuple[int, ...]:
    """Sorts levels as numbers: "10.2" after "9.5"."""
    return tuple(int(n) for n in level.split("."))


def tally(puzzle, solutions, task=None) -> tuple[int, dict[str, int]]:
    """How many of ``solutions`` (one per assembly) come apart, and how many at each level
    (highest first). A single piece counts as coming apart, with no level (BurrTools' rule)."""
    disassembler = Disassembler()
    count, levels = 0, {}
    for number, solution in enumerate(solutions):
        if task is not None and number % 64 == 0:
            task.check_cancelled()
            task.report(number, len(solutions), f"disassembling: {number} of {len(solutions)} assemblies, "
                                                f"{count} come apart")
        if len(solution) <= 1:
            count += 1
            continue
        separation = disassemble_solution(puzzle, solution, disassembler)
        if separation is not None:
            count += 1
            levels[separation.level] = levels.get(separation.level, 0) + 1
    return count, dict(sorted(levels.items(), key=lambda item: level_key(item[0]), reverse=True))


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
