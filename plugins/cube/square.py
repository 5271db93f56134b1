"""Square Gardens (the 16 squares): every transcendental arrangement, every 4x4 packing.

Transcendental. A garden falls apart into *components*: pieces joined through blue
faces, closed (no blue face left open), with red faces only towards air. Components
never touch, so a garden is a set of components whose pieces partition the 15 squares
with connectors (the all-red square floats alone), each component up to translation:
that is the sense of the 5,005 "up to translation". :func:`components` grows every
component from its lowest-numbered piece, filling one required cell at a time; a
memoised count over the sets of pieces used then counts and lists the gardens.

Packed. A cell-by-cell search over the 4x4 box: a square's faces towards the west and
south neighbours (already placed) and towards the edge of the box are fixed, the rest
free, each square used once.

Qt-free.
"""
from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterator

from nonogram_editor.plugin_api import Task
from nonogram_editor_builtins.cube.model import DIRECTIONS, OPPOSITE, Position, normalized

SQUARE_FACES = 4
GAP = 2  # columns between components laid out side by side (one is enough; two reads better)

Component = tuple[tuple[Position, int], ...]  # normalized placements


def _step(p: Position, face: int) -> Position:
    dx, dy, dz = DIRECTIONS[face]
    return (p[0] + dx, p[1] + dy, p[2] + dz)


# --------------------------------------------------------------------------- transcendental
def components(task: Task | None = None, faces: int = SQUARE_FACES) -> list[tuple[int, Component]]:
    """Every closed connected arrangement of distinct pieces 1..2**faces-1, up to
    translation, as (set of pieces as a bit mask, placements)."""
    found: list[tuple[int, Component]] = []
    pieces = range(1, 1 << faces)
    for anchor in pieces:
        if task is not None:
            task.check_cancelled()
            task.report(anchor - 1, len(pieces), f"components from square {anchor}")
        found += components_from(anchor, faces)
    return found


def components_from(anchor: int, faces: int = SQUARE_FACES, rng: random.Random | None = None,
                    max_pieces: int | None = None):
    """The closed components whose lowest piece is ``anchor`` (placed at the origin),
    in a fixed order or, with ``rng``, a random one; optionally only the small ones."""
    cells = {(0, 0, 0): anchor}
    air: set[Position] = set()
    need: set[Position] = set()
    if _mark(cells, air, need, (0, 0, 0), anchor, faces):
        yield from _grow(cells, air, need, 1 << anchor, anchor, faces, rng, max_pieces or 1 << faces)


def one_connected_garden(rng: random.Random | None = None, faces: int = SQUARE_FACES) -> Component:
    """A transcendental garden that is one shape (the first in order, or a random one)."""
    full = _mask(range(1, 1 << faces))
    return next(placements for mask, placements in components_from(1, faces, rng) if mask == full)


def _mark(cells, air, need, p: Position, piece: int, faces: int) -> bool:
    """Record what ``piece`` at ``p`` asks of its empty neighbours; False on a conflict."""
    for face in range(faces):
        q = _step(p, face)
        if q in cells:
            continue
        if piece >> face & 1:
            if q in air:
                return False
            need.add(q)
        else:
            if q in need:
                return False
            air.add(q)
    return True


def _grow(cells, air, need, used: int, anchor: int, faces: int, rng, max_pieces: int):
    if not need:
        yield _mask(cells.values()), normalized(cells.items())
        return
    if len(cells) + 1 > max_pieces:
        return
    q = min(need)
    blue = red = 0
    for face in range(faces):
        r = _step(q, face)
        if r in cells or r in need:
            blue |= 1 << face  # occupied (it shows blue towards q: q is not air) or to be filled
        elif r in air:
            red |= 1 << face
    candidates = [piece for piece in range(anchor + 1, 1 << faces)
                  if not used >> piece & 1 and piece & blue == blue and not piece & red]
    if rng is not None:
        rng.shuffle(candidates)
    for piece in candidates:
        new_air, new_need = set(air), set(need)
        new_need.discard(q)
        cells[q] = piece
        if _mark(cells, new_air, new_need, q, piece, faces):
            yield from _grow(cells, new_air, new_need, used | 1 << piece, anchor, faces, rng, max_pieces)
        del cells[q]


def _mask(pieces) -> int:
    mask = 0
    for piece in pieces:
        mask |= 1 << piece
    return mask


class TranscendentalSquares:
    """All transcendental Square Gardens: counted, listed in a fixed order, sampled."""

    def __init__(self, task: Task | None = None):
        self.by_lowest: dict[int, list[tuple[int, Component]]] = defaultdict(list)
        for mask, placements in components(task):
            lowest = (mask & -mask).bit_length() - 1
            self.by_lowest[lowest].append((mask, placements))
        self.full = _mask(range(1, 1 << SQUARE_FACES))
        self._ways = {self.full: 1}  # this instance's (not lru_cache on the method: that keeps every instance)

    def ways(self, used: int) -> int:
        """Gardens completing a set of pieces already used."""
        if used not in self._ways:
            free = self.full & ~used
            lowest = (free & -free).bit_length() - 1
            self._ways[used] = sum(self.ways(used | mask) for mask, _ in self.by_lowest[lowest] if not mask & used)
        return self._ways[used]

    def count(self) -> int:
        return self.ways(0)

    def connected(self) -> list[Component]:
        return [placements for mask, placements in self.by_lowest[1] if mask == self.full]

    def gardens(self, used: int = 0) -> Iterator[list[Component]]:
        """Every garden (its components, lowest piece first), in a fixed order."""
        if used == self.full:
            yield []
            return
        free = self.full & ~used
        lowest = (free & -free).bit_length() - 1
        for mask, placements in self.by_lowest[lowest]:
            if not mask & used and self.ways(used | mask):
                for rest in self.gardens(used | mask):
                    yield [placements] + rest

    def random_garden(self, rng: random.Random) -> list[Component]:
        """A garden chosen uniformly among all of them."""
        used, chosen = 0, []
        while used != self.full:
            free = self.full & ~used
            lowest = (free & -free).bit_length() - 1
            options = [(mask, placements) for mask, placements in self.by_lowest[lowest] if not mask & used]
            weights = [self.ways(used | mask) for mask, _ in options]
            mask, placements = rng.choices(options, weights)[0]
            used |= mask
            chosen.append(placements)
        return chosen


def lay_out(groups: list[Component], z: int = 0) -> list[tuple[Position, int]]:
    """Components (and the all-red piece last) side by side along x, GAP cells apart."""
    placements = []
    x = 0
    for group in list(groups) + [(((0, 0, 0), 0),)]:
        width = 1 + max(p[0] for p, _ in group)
        placements += [((p[0] + x, p[1], p[2] + z), piece) for p, piece in group]
        x += width + GAP
    return placements


# --------------------------------------------------------------------------- packed
def packings(box: tuple[int, int], task: Task | None = None) -> Iterator[list[tuple[Position, int]]]:
    """Every packing of the 16 squares into ``box`` (4x4): touching faces equal, red outside."""
    width, height = box
    cells = [(x, y) for y in range(height) for x in range(width)]
    grid: dict[tuple[int, int], int] = {}

    def search(index: int, used: int):
        if index == len(cells):
            yield [((x, y, 0), grid[(x, y)]) for x, y in cells]
            return
        if task is not None and index <= 2:
            task.check_cancelled()
        x, y = cells[index]
        fixed_mask = fixed_value = 0
        for face in range(SQUARE_FACES):
            dx, dy, _ = DIRECTIONS[face]
            nx, ny = x + dx, y + dy
            bit = 1 << face
            if not (0 <= nx < width and 0 <= ny < height):
                fixed_mask |= bit  # the box's edge: red
            elif (nx, ny) in grid:
                fixed_mask |= bit
                if grid[(nx, ny)] >> OPPOSITE[face] & 1:
                    fixed_value |= bit
        for piece in range(1 << SQUARE_FACES):
            if used >> piece & 1 or piece & fixed_mask != fixed_value:
                continue
            grid[(x, y)] = piece
            yield from search(index + 1, used | 1 << piece)
            del grid[(x, y)]

    yield from search(0, 0)
