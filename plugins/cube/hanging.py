"""Hanging Gardens (the 63 cubes with a connector, the all-red cube floating alone).

Two ways to a garden:

* **Stacking Square Gardens** (instant). Write a cube as (h, v): h its N/E/S/W faces,
  v its top/bottom faces. Take a transcendental Square Garden S (every square h at a
  position) and build three layers over it: bottom layer the cubes (h, top), middle
  (h, top+bottom), top layer (h, bottom). Inside a layer the squares' own rules hold;
  between layers every top meets a bottom; the outer layers show red up and down. The
  all-red square's column (top / top+bottom / bottom) stands alone, and the 15 cubes
  (h, none) form one more flat Square Garden T. So every pair (S, T) of the 5,005
  Square Gardens gives a Hanging Garden (never a single connected shape).
* **A SAT model in a box** (python-sat), for a single connected shape and for the
  smallest box. Per cell: occupied, and for each face "blue". A blue face's neighbour
  is occupied and blue back; two occupied neighbours meet blue to blue (a red face
  faces air); faces on the box's surface are red; each of the 63 cubes (a pattern of
  the six face bits) sits in exactly one cell. Connected: every occupied cell is
  reached from the all-blue cube's cell within a bounded number of steps (occupied
  neighbours are always joined, so reaching through occupied cells is enough). The
  set of cubes looks the same after any turn or mirror image of the box, so for the
  proofs that a box is too small the all-blue cube is kept to one cell of each orbit
  of the box's symmetries.

Qt-free.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

from nonogram_editor.plugin_api import Task, TimeUp, run_in_process
from nonogram_editor_builtins.cube.model import DIRECTIONS, OPPOSITE, Position, neighbours
from nonogram_editor_builtins.cube.square import GAP, Component, lay_out

CUBES = range(1, 64)
ALL_BLUE = 63
TOP, BOTTOM = 16, 32
DEFAULT_SOLVER = "kissat404"  # the fastest here on these models (see the benchmark)


# --------------------------------------------------------------------------- stacking
def stacked_garden(stack: list[Component], flat: list[Component]) -> list[tuple[Position, int]]:
    """The Hanging Garden built from two Square Gardens (their components): ``stack``
    three layers high, ``flat`` one layer, laid out side by side with the red cube."""
    tower = lay_out(stack)  # its all-red square (last) becomes a lone column of three
    placements = [((x, y, layer), square | vertical)
                  for layer, vertical in enumerate((TOP, TOP | BOTTOM, BOTTOM)) for (x, y, _), square in tower]
    width = 1 + max(p[0] for p, _ in tower)
    # the flat garden's all-red square is the all-red cube
    placements += [((x + width + GAP, y, 0), square) for (x, y, _), square in lay_out(flat)]
    return placements


# --------------------------------------------------------------------------- SAT
@dataclass
class BoxResult:
    box: tuple[int, int, int]
    satisfiable: bool | None  # None: gave up (time limit) or cancelled
    placements: list[tuple[Position, int]] | None = None
    seconds: float = 0.0


class BoxModel:
    """The CNF of "the 63 cubes hang in this box" (optionally as one connected shape)."""

    def __init__(self, box: tuple[int, int, int], connected: bool = False, symmetry_breaking: bool = False):
        from pysat.formula import IDPool

        from nonogram_editor.plugin_api import CardEnc, EncType

        self.box = tuple(box)
        self.connected = connected
        width, height, depth = self.box
        pool = IDPool()
        clauses: list[list[int]] = []
        cells = [(x, y, z) for x in range(width) for y in range(height) for z in range(depth)]
        inside = set(cells)
        occupied = {p: pool.id(("occupied", p)) for p in cells}
        blue: dict[tuple[Position, int], int] = {}
        for p in cells:
            for face, q in neighbours(p):
                if q in inside:
                    blue[p, face] = pool.id(("blue", p, face))
        for p in cells:
            for face, q in neighbours(p):
                if q not in inside:
                    continue
                b = blue[p, face]
                clauses.append([-b, occupied[p]])
                if face in (0, 1, 4):  # each touching pair once
                    back = blue[q, OPPOSITE[face]]
                    clauses += [[-b, back], [b, -back], [-occupied[p], -occupied[q], b]]
            clauses.append([-occupied[p]] + [blue[p, face] for face in range(6) if (p, face) in blue])
        self.where: dict[int, list[tuple[int, Position]]] = {}
        canonical = _canonical_cells(self.box) if symmetry_breaking else set(cells)
        for cube in CUBES:
            literals = []
            for p in cells:
                if any(cube >> face & 1 and (p, face) not in blue for face in range(6)):
                    continue  # a blue face would meet the box's surface
                condition = [occupied[p]] + [blue[p, face] if cube >> face & 1 else -blue[p, face]
                                             for face in range(6) if (p, face) in blue]
                if cube == ALL_BLUE and p not in canonical:
                    # symmetry: a turn or mirror image of the box brings it to a canonical cell
                    clauses.append([-literal for literal in condition])
                    continue
                here = pool.id(("cube", cube, p))
                literals.append((here, p))
                clauses += [[-here, literal] for literal in condition]
                clauses.append([here] + [-literal for literal in condition])
            self.where[cube] = literals
            clauses.append([here for here, _ in literals])
            clauses += CardEnc.atmost([here for here, _ in literals], 1, vpool=pool,
                                      encoding=EncType.seqcounter).clauses
        if connected:
            clauses += self._connection(pool, cells, inside, occupied)
        self.clauses = clauses
        self.pool = pool

    def _connection(self, pool, cells, inside, occupied) -> list[list[int]]:
        steps = len(CUBES) - 1
        reach = {(p, 0): here for here, p in self.where[ALL_BLUE]}
        clauses = []
        for p in cells:
            if (p, 0) not in reach:
                reach[p, 0] = pool.id(("reach", p, 0))
                clauses.append([-reach[p, 0]])
        for step in range(1, steps + 1):
            for p in cells:
                here = pool.id(("reach", p, step))
                reach[p, step] = here
                around = [reach[q, step - 1] for _, q in neighbours(p) if q in inside]
                clauses.append([-here, occupied[p]])
                clauses.append([-here, reach[p, step - 1]] + around)
                clauses.append([-reach[p, step - 1], here])
        clauses += [[-occupied[p], reach[p, steps]] for p in cells]
        return clauses

    def solve_here(self, solver_name: str = DEFAULT_SOLVER,
                   blocked: list[list[tuple[Position, int]]] = ()) -> list[tuple[Position, int]] | None:
        """Solve in this process, uninterruptibly (``blocked``: gardens to exclude)."""
        from nonogram_editor.plugin_api import Solver

        with Solver(name=solver_name, bootstrap_with=self.clauses) as solver:
            for garden in blocked:
                solver.add_clause([-self.pool.id(("cube", piece, p)) for p, piece in garden if piece])
            if not solver.solve():
                return None
            true = {literal for literal in solver.get_model() if literal > 0}
        return [(p, cube) for cube in CUBES for here, p in self.where[cube] if here in true]


def _solve_in_child(box, connected, symmetry_breaking, solver_name, blocked):
    return BoxModel(box, connected, symmetry_breaking).solve_here(solver_name, blocked)


def solve_box(box: tuple[int, int, int], connected: bool = False, task: Task | None = None,
              time_limit: float | None = None, blocked: list[list[tuple[Position, int]]] = (),
              solver_name: str = DEFAULT_SOLVER, symmetry_breaking: bool = False) -> BoxResult:
    """Solve the box model in a separate process (the fast SAT solvers cannot be
    interrupted from Python): a cancelled task or the time limit ends that process.
    Cancelled: raises Cancelled; out of time: satisfiable None. ``symmetry_breaking``
    helps proofs that a box is too small (UNSAT) but slows finding a garden here."""
    import time

    start = time.perf_counter()
    try:
        placements = run_in_process(_solve_in_child, (tuple(box), connected, symmetry_breaking, solver_name,
                                                      list(blocked)),
                                    task, time_limit, name=f"hanging gardens SAT (box {'x'.join(map(str, box))})")
    except TimeUp:
        return BoxResult(tuple(box), None, seconds=time.perf_counter() - start)
    seconds = time.perf_counter() - start
    if placements is None:
        return BoxResult(tuple(box), False, seconds=seconds)
    return BoxResult(tuple(box), True, placements, seconds)


def _canonical_cells(box) -> set[Position]:
    """One cell of each orbit under the box's symmetries (the lowest): the set of cubes
    is symmetric, so any garden has an image with the all-blue cube on such a cell."""
    width, height, depth = box
    cells = [(x, y, z) for x in range(width) for y in range(height) for z in range(depth)]
    symmetries = list(box_symmetries(box))
    return {p for p in cells
            if p == min(transform_in_box([(p, 0)], box, order, mirrored)[0][0] for order, mirrored in symmetries)}


def box_symmetries(box: tuple[int, int, int]):
    """(axis order, mirrored axes) for the turns and mirror images of the box that keep
    it in place: the set of 64 cubes is the same after any of them."""
    for order in itertools.permutations(range(3)):
        if all(box[order[i]] == box[i] for i in range(3)):
            for mirrored in itertools.product((False, True), repeat=3):
                yield order, mirrored


def transform_in_box(placements, box, order, mirrored) -> list[tuple[Position, int]]:
    """A garden moved by one of :func:`box_symmetries` (its cubes' faces move along)."""
    def move(v, size=None):
        moved = [v[order[i]] for i in range(3)]
        for i in range(3):
            if mirrored[i]:
                moved[i] = (box[i] - 1 - moved[i]) if size else -moved[i]
        return tuple(moved)

    result = []
    for p, piece in placements:
        image = 0
        for face in range(6):
            if piece >> face & 1:
                image |= 1 << DIRECTIONS.index(move(DIRECTIONS[face]))
        result.append((move(p, box), image))
    return result


def with_red_cube(placements: list[tuple[Position, int]]) -> list[tuple[Position, int]]:
    """Add the all-red cube floating beside the shape."""
    right = max(p[0] for p, _ in placements)
    return list(placements) + [((right + GAP, 0, 0), 0)]


def boxes_by_volume(largest_volume: int = 216):
    """Every box (sides sorted) of 63 to ``largest_volume`` cells, smallest volume first.
    Every side is at least 3: the cubes blue on both ends of an axis need a cube on
    each side of them."""
    longest = largest_volume // 9
    boxes = [box for box in itertools.combinations_with_replacement(range(3, longest + 1), 3)
             if len(CUBES) <= box[0] * box[1] * box[2] <= largest_volume]
    return sorted(boxes, key=lambda b: (b[0] * b[1] * b[2], b))


@dataclass
class SmallestBoxReport:
    found: BoxResult | None  # the first box (by volume) with a garden
    impossible: list[tuple[int, int, int]]  # boxes proven to hold none (UNSAT)
    undecided: list[tuple[int, int, int]]  # boxes the time limit left open

    @property
    def proven_smallest(self) -> bool:
        return self.found is not None and not self.undecided


def smallest_box(task: Task, connected: bool = False, seconds_per_box: float = 60.0,
                 largest_volume: int = 216) -> SmallestBoxReport:
    """Try every box, smallest volume first, until one holds a garden. The 64 cubes are
    every subset of the six faces, so the set is the same after any turn of the axes:
    a box is tried once per order of its sides. Proven smallest: every smaller box
    UNSAT; a box the time limit leaves open is listed as undecided."""
    impossible, undecided = [], []
    boxes = boxes_by_volume(largest_volume)
    for number, box in enumerate(boxes):
        task.check_cancelled()
        task.report(number, len(boxes), f"box {'x'.join(map(str, box))}: {len(impossible)} impossible so far")
        result = solve_box(box, connected, task, time_limit=seconds_per_box, symmetry_breaking=True)
        if result.satisfiable:
            return SmallestBoxReport(result, impossible, undecided)
        (impossible if result.satisfiable is False else undecided).append(box)
    return SmallestBoxReport(None, impossible, undecided)
