"""Packed gardens: every piece in a full box, touching faces equal, only red outside.

Exact cover with colours, searched one cell at a time, always the cell with the fewest
unused pieces that still fit: a piece's faces towards the box's edge (red) and towards
neighbours already placed (the same colour as theirs) are fixed, the rest free. The same search serves the 4x4 squares
and the 4x4x4 cubes; a random candidate order gives random packings.

Qt-free.
"""
from __future__ import annotations

import random
from collections.abc import Iterator

from nonogram_editor.plugin_api import Task
from nonogram_editor_builtins.cube.model import DIRECTIONS, OPPOSITE, Position

Packing = list[tuple[Position, int]]


class PackedSearch:
    def __init__(self, box: tuple[int, ...], faces: int, red_inside: bool = False):
        self.box = tuple(box) + (1,) * (3 - len(box))
        self.faces = faces
        width, height, depth = self.box
        self.cells: list[Position] = [(x, y, z) for z in range(depth) for y in range(height) for x in range(width)]
        self.index = {p: i for i, p in enumerate(self.cells)}
        # per cell: faces on the box's edge; neighbour cell index per face (-1 outside)
        self.edge_mask = []
        self.neighbour = []
        for x, y, z in self.cells:
            edge, around = 0, []
            for face in range(faces):
                dx, dy, dz = DIRECTIONS[face]
                q = (x + dx, y + dy, z + dz)
                if q in self.index:
                    around.append(self.index[q])
                else:
                    edge |= 1 << face
                    around.append(-1)
            self.edge_mask.append(edge)
            self.neighbour.append(around)
        self.pieces = range(1 << faces)
        # fitting[mask][value]: the pieces (a bit set) whose faces in ``mask`` have the colours ``value``
        self.fitting = [[sum(1 << piece for piece in self.pieces if piece & mask == value)
                         for value in range(1 << faces)]
                        for mask in range(1 << faces)]
        # with ``red_inside`` the all-red piece may only take a cell away from the box's surface
        self.all_pieces = (1 << len(self.pieces)) - 1
        self.allowed = [self.all_pieces & ~1 if red_inside and not all(0 < c < n - 1 for c, n in zip(p, self.box)
                                                                       if n > 1)
                        else self.all_pieces for p in self.cells]

    def solutions(self, task: Task | None = None, rng: random.Random | None = None,
                  node_limit: int | None = None) -> Iterator[Packing]:
        """Every packing (in a fixed order, or a random one with ``rng``); with
        ``node_limit`` the search gives up (ends early) after that many nodes."""
        count = len(self.cells)
        fitting = self.fitting
        grid = [-1] * count
        # what is fixed so far about each cell's piece: mask of decided faces, their colours
        fixed_mask = list(self.edge_mask)
        fixed_value = [0] * count
        empty = set(range(count))
        nodes = 0

        def search(used: int):
            nonlocal nodes
            if not empty:
                yield [(self.cells[i], grid[i]) for i in range(count)]
                return
            nodes += 1
            if node_limit is not None and nodes > node_limit:
                return
            if task is not None and nodes & 255 == 0:
                task.check_cancelled()
            # the most constrained empty cell (ties: the first, or a random one); meanwhile
            # note the pieces that fit one empty cell only (once) or several (twice)
            best, best_options, best_size = -1, 0, 1 << 30
            once = twice = 0
            cells = sorted(empty) if rng is None else rng.sample(sorted(empty), len(empty))
            options_of = {}
            for cell in cells:
                options = fitting[fixed_mask[cell]][fixed_value[cell]] & ~used & self.allowed[cell]
                if not options:
                    return
                options_of[cell] = options
                twice |= once & options
                once |= options
                size = options.bit_count()
                if size < best_size:
                    best, best_options, best_size = cell, options, size
            unused = self.all_pieces & ~used
            if unused & ~once:
                return  # a piece fits nowhere any more
            lonely = unused & ~twice
            if lonely and best_size > 1:
                # a piece with a single cell left goes there: one branch instead of best_size
                piece_bit = lonely & -lonely
                best = next(cell for cell in cells if options_of[cell] & piece_bit)
                best_options = piece_bit
            order = [piece for piece in self.pieces if best_options >> piece & 1]
            if rng is not None:
                rng.shuffle(order)
            empty.discard(best)
            open_faces = [(face, other) for face, other in enumerate(self.neighbour[best]) if other in empty]
            for piece in order:
                for face, other in open_faces:
                    back = 1 << OPPOSITE[face]
                    fixed_mask[other] |= back
                    if piece >> face & 1:
                        fixed_value[other] |= back
                grid[best] = piece
                yield from search(used | 1 << piece)
                for face, other in open_faces:
                    back = 1 << OPPOSITE[face]
                    fixed_mask[other] &= ~back
                    fixed_value[other] &= ~back
            grid[best] = -1
            empty.add(best)

        yield from search(0)

    def random_packing(self, rng: random.Random, task: Task | None = None) -> Packing:
        """A random packing: random orders, restarted with a growing node budget, because
        a random order now and then wanders into a long dead end."""
        budget = 2000
        while True:
            for packing in self.solutions(task, rng, node_limit=budget):
                return packing
            budget = budget * 3 // 2
