"""Find and count the pyramid's solutions (no Qt): a numba-compiled, resumable backtracker.

The search fills the board's positions in a fixed order (the middle triangle first, then
the order that keeps the expected search tree smallest, see :func:`search_order`). For
every depth and every combination of the connectors its placed neighbours show, a table
lists the (piece, rotation) states that fit; a bitmask of used pieces skips the rest.
A state is ``piece * 3 + rotation`` and fits in a byte, so a solution is 16 bytes.

Symmetry: turning the triangle by 120 degrees maps solutions to solutions; it keeps the
middle position in place and changes the rotation of the piece there (``Puzzle.rotation``
computes this from the geometry; a test checks the shift is not 0). So the three
turns of any solution have three different rotations at the middle, and exactly one of
them has rotation 0 there. With ``canonical=True`` the search pins the middle piece's
rotation to 0: it finds each solution up to the board's rotations exactly once (the
``distinct`` count), and ``count = 3 * distinct``. The same argument shows no solution
is its own turn. ``canonical=False`` counts every solution directly (a test checks
both agree).

The search is resumable: :class:`Enumerator` hands out solutions in chunks, so a
caller reports progress, notices cancellation and can show solutions found so far.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial

import numpy as np

from nonogram_editor.plugin_api import CountResult, Task, map_in_processes, njit
from nonogram_editor_builtins.pyramid.model import SIDES, Puzzle, Solution, load_puzzle
from nonogram_editor_builtins.pyramid.store import SolutionStore, states_to_solution

MAX_KEY = 1 << (3 * SIDES)  # the connector codes of up to three placed neighbours, 3 bits each
CHUNK_SOLUTIONS = 8192
CHUNK_NODES = 2_000_000


def connector_code(connector) -> int:
    """Suit and direction in 3 bits; the connector that fits it has the code ``code ^ 1``."""
    return 2 * connector.suit + int(connector.outward)


@dataclass(frozen=True)
class SearchTables:
    """Everything the compiled search needs, as numpy arrays."""

    order: np.ndarray  # position filled at each depth
    neighbour_position: np.ndarray  # [depth, j]: a placed neighbour of order[depth]
    neighbour_side: np.ndarray  # [depth, j]: the side of that neighbour that faces us
    neighbour_count: np.ndarray  # [depth]
    offsets: np.ndarray  # [depth, key .. key + 1]: slice of ``states`` for that key
    states: np.ndarray  # piece * 3 + rotation
    side_code: np.ndarray  # [state, side]: the code of the connector on that side
    canonical: bool
    board_size: int  # positions on the board (the order may cover only some)

    @property
    def positions(self) -> int:
        return len(self.order)

    @property
    def solutions_per_find(self) -> int:
        """Each canonical solution stands for its 3 turns."""
        return SIDES if self.canonical else 1


MAX_ORDERED_POSITIONS = 20  # the dynamic programme below keeps arrays of 2^positions entries


def search_order(puzzle: Puzzle) -> list[int]:
    """The order of positions that minimises the expected size of the search tree.

    Model: a state fits a placed neighbour with probability 1/8 (4 suits x in/out), so
    with the set S filled the tree has about ``P(16, |S|) * 3^|S| * 8^-edges(S)`` nodes at
    that depth (independent of the order S was filled in). A dynamic programme over the
    subsets of positions finds the chain of sets from the middle position to the full
    board with the smallest sum. It leaves the corners, which constrain nothing, for last.
    """
    n = len(puzzle.positions)
    if n > MAX_ORDERED_POSITIONS:
        raise ValueError(f"{puzzle.source}: {n} positions; the search order is computed for at most "
                         f"{MAX_ORDERED_POSITIONS}")
    first = puzzle.center if puzzle.center is not None else 0
    sets = np.arange(1 << n, dtype=np.int64)
    members = ((sets[None, :] >> np.arange(n)[:, None]) & 1).astype(np.int8)  # [position, set]
    size = members.sum(axis=0)
    edges = np.zeros(1 << n, dtype=np.int64)
    for p, pos in enumerate(puzzle.positions):
        for q in pos.neighbours:
            if q is not None and q > p:
                edges += members[p] & members[q]
    log_placements = np.cumsum([0.0] + [np.log(SIDES * (n - i)) for i in range(n)])  # by size
    nodes = np.exp(log_placements[size] - edges * np.log(8.0))
    future = np.full(1 << n, np.inf)  # the smallest sum of nodes below S
    future[-1] = 0.0
    step = np.zeros(1 << n, dtype=np.int64)
    for k in range(n - 1, 0, -1):
        level = sets[(size == k) & (members[first] == 1)]
        best = np.full(len(level), np.inf)
        for p in range(n):
            grown = level | (1 << p)
            cost = np.where(grown != level, nodes[grown] + future[grown], np.inf)
            better = cost < best
            best[better] = cost[better]
            step[level[better]] = p
        future[level] = best
    order, filled = [first], 1 << first
    while len(order) < n:
        order.append(int(step[filled]))
        filled |= 1 << order[-1]
    return order


def build_tables(puzzle: Puzzle, canonical: bool = True, order: list[int] | None = None,
                 pieces: list[int] | None = None) -> SearchTables:
    """``pieces`` restricts the search to a subset (for sub-problems with fewer positions,
    give an ``order`` over those positions only: the other positions stay empty)."""
    order = list(order if order is not None else search_order(puzzle))
    pieces = list(range(len(puzzle.pieces))) if pieces is None else list(pieces)
    if canonical and (order[0] != puzzle.center or len(order) != len(puzzle.positions)):
        raise ValueError("the symmetry reduction needs the whole board, middle position first")
    n_states = SIDES * len(puzzle.pieces)
    side_code = np.zeros((n_states, SIDES), dtype=np.int64)
    for piece in range(len(puzzle.pieces)):
        for rotation in range(SIDES):
            for side in range(SIDES):
                side_code[piece * SIDES + rotation, side] = connector_code(
                    puzzle.connector_on_side((piece, rotation), side))

    depth_of = {p: d for d, p in enumerate(order)}
    neighbour_position = np.zeros((len(order), SIDES), dtype=np.int64)
    neighbour_side = np.zeros((len(order), SIDES), dtype=np.int64)
    neighbour_count = np.zeros(len(order), dtype=np.int64)
    offsets = np.zeros((len(order), MAX_KEY + 1), dtype=np.int64)
    states: list[int] = []
    for depth, position in enumerate(order):
        my_sides = []  # (my side, neighbour, its side)
        for side, q in enumerate(puzzle.positions[position].neighbours):
            if q is not None and depth_of.get(q, len(order)) < depth:
                my_sides.append((side, q, puzzle.positions[q].neighbours.index(position)))
        neighbour_count[depth] = len(my_sides)
        for j, (_, q, q_side) in enumerate(my_sides):
            neighbour_position[depth, j] = q
            neighbour_side[depth, j] = q_side
        keyed = sorted(  # each state under the key of the connectors it shows to its placed neighbours
            (sum(int(side_code[state, side]) << (3 * j) for j, (side, _, _) in enumerate(my_sides)), state)
            for state in (piece * SIDES + rotation for piece in pieces for rotation in range(SIDES)
                          if not (canonical and depth == 0 and rotation != 0)))
        keys = np.array([key for key, _ in keyed], dtype=np.int64)
        offsets[depth] = len(states) + np.searchsorted(keys, np.arange(MAX_KEY + 1))
        states.extend(state for _, state in keyed)
    return SearchTables(np.array(order, dtype=np.int64), neighbour_position, neighbour_side, neighbour_count,
                        offsets, np.array(states, dtype=np.int64), side_code, canonical,
                        len(puzzle.positions))


@njit(cache=True, nogil=True)
def _search(order, neighbour_position, neighbour_side, neighbour_count, offsets, states, side_code,
            placed, begin, cursor, stop, registers, out, node_budget):
    """Continue the search from the saved state; write solutions into ``out`` (one row of
    states per solution, indexed by position) until it is full, ``node_budget`` placements
    were tried, or the subtree under depth ``registers[2]`` is exhausted (then
    ``registers[3] = 1``). Returns the number of rows written.

    registers: [depth, used-pieces mask, root depth, finished, placements tried so far]."""
    depth = registers[0]
    used = registers[1]
    root = registers[2]
    last = order.shape[0] - 1
    capacity = out.shape[0]
    written = 0
    nodes = 0
    while True:
        if cursor[depth] < stop[depth]:
            state = states[cursor[depth]]
            cursor[depth] += 1
            bit = np.int64(1) << (state // 3)
            if used & bit:
                continue
            nodes += 1
            position = order[depth]
            placed[position] = state
            if depth == last:
                for p in range(placed.shape[0]):
                    out[written, p] = placed[p]
                written += 1
                if written == capacity or nodes >= node_budget:
                    break
                continue
            used |= bit
            depth += 1
            key = 0
            for j in range(neighbour_count[depth]):
                key |= (side_code[placed[neighbour_position[depth, j]], neighbour_side[depth, j]] ^ 1) << (3 * j)
            begin[depth] = offsets[depth, key]
            cursor[depth] = offsets[depth, key]
            stop[depth] = offsets[depth, key + 1]
            if nodes >= node_budget:
                break
        else:
            if depth == root:
                registers[3] = 1
                break
            depth -= 1
            used &= ~(np.int64(1) << (placed[order[depth]] // 3))
    registers[0] = depth
    registers[1] = used
    registers[4] += nodes
    return written


class Enumerator:
    """A resumable search below a fixed prefix (the states of the first depths)."""

    def __init__(self, tables: SearchTables, prefix: tuple[int, ...] = ()):
        n = tables.positions
        self.tables = tables
        self.placed = np.full(tables.board_size, -1, dtype=np.int64)
        self.begin = np.zeros(n, dtype=np.int64)
        self.cursor = np.zeros(n, dtype=np.int64)
        self.stop = np.zeros(n, dtype=np.int64)
        root = len(prefix)
        used = 0
        for depth, state in enumerate(prefix):
            self.placed[tables.order[depth]] = state
            used |= 1 << (state // SIDES)
        self.registers = np.array([root, used, root, 0, 0], dtype=np.int64)
        if root >= n:
            raise ValueError("the prefix fills the whole board")
        key = 0
        for j in range(tables.neighbour_count[root]):
            code = tables.side_code[self.placed[tables.neighbour_position[root, j]], tables.neighbour_side[root, j]]
            key |= int(code ^ 1) << (3 * j)
        self.begin[root] = self.cursor[root] = tables.offsets[root, key]
        self.stop[root] = tables.offsets[root, key + 1]

    @property
    def finished(self) -> bool:
        return bool(self.registers[3])

    @property
    def placements_tried(self) -> int:
        return int(self.registers[4])

    def next_chunk(self, capacity: int = CHUNK_SOLUTIONS, node_budget: int = CHUNK_NODES) -> np.ndarray:
        """The next solutions (rows of states by position; maybe none while still searching)."""
        out = np.empty((capacity, len(self.placed)), dtype=np.uint8)
        if self.finished:
            return out[:0]
        t = self.tables
        written = _search(t.order, t.neighbour_position, t.neighbour_side, t.neighbour_count, t.offsets,
                          t.states, t.side_code, self.placed, self.begin, self.cursor, self.stop,
                          self.registers, out, node_budget)
        return out[:written]

    def fraction_done(self) -> float:
        """How far the search is, judged by the first two levels below the prefix."""
        if self.finished:
            return 1.0
        root = int(self.registers[2])
        fraction, weight = 0.0, 1.0
        for depth in range(root, min(root + 2, int(self.registers[0]) + 1)):
            width = self.stop[depth] - self.begin[depth]
            if width <= 0:
                break
            taken = self.cursor[depth] - self.begin[depth]
            if depth < self.registers[0]:
                taken -= 1  # the branch we are inside is not done yet
            fraction += weight * taken / width
            weight /= width
        return min(fraction, 1.0)


# --------------------------------------------------------------------------- entry points
_default: tuple[Puzzle, SearchTables] | None = None


def default_puzzle() -> tuple[Puzzle, SearchTables]:
    """The shipped puzzle and its canonical search tables (built once per process)."""
    global _default
    if _default is None:
        puzzle = load_puzzle()
        _default = (puzzle, build_tables(puzzle))
    return _default


def solutions(task: Task | None = None, puzzle: Puzzle | None = None) -> Iterator[Solution]:
    """The solutions in the search's order, one of each up to rotating the triangle."""
    puzzle, tables = (puzzle, build_tables(puzzle)) if puzzle is not None else default_puzzle()
    search = Enumerator(tables)
    while not search.finished:
        if task is not None:
            task.check_cancelled()
        for row in search.next_chunk(capacity=1):
            yield states_to_solution(row)


def solve_first(task: Task | None = None, puzzle: Puzzle | None = None) -> Solution | None:
    return next(solutions(task, puzzle), None)


def count_canonical(task: Task, tables: SearchTables) -> int:
    """The number of solutions the tables describe (raises ``Cancelled`` if the task is cancelled)."""
    search = Enumerator(tables)
    found = 0
    while not search.finished:
        task.check_cancelled()
        found += len(search.next_chunk())
        task.report(search.fraction_done(), 1.0, f"{found * tables.solutions_per_find:,} solutions")
    return found


def count(task: Task, jobs: int = 1, puzzle: Puzzle | None = None) -> CountResult:
    """Every solution (``count``) and those up to the triangle's 3 rotations (``distinct``)."""
    puzzle, tables = (puzzle, build_tables(puzzle)) if puzzle is not None else default_puzzle()
    if jobs <= 1:
        distinct = count_canonical(task, tables)
        return CountResult(count=SIDES * distinct, distinct=distinct, extra={"jobs": 1})
    filling = Filling(SolutionStore(puzzle), tables)
    distinct = filling.run(task, jobs).distinct
    return CountResult(count=SIDES * distinct, distinct=distinct, extra={"jobs": filling.jobs})


# --------------------------------------------------------------------------- filling a store, processes
PREFIX_DEPTH = 2  # the search is split into subtrees below the first two positions
SMALL_COUNT_PLACEMENTS = 10_000_000  # about a second: a count this small runs here even when given processes


def prefixes(tables: SearchTables, depth: int = PREFIX_DEPTH) -> list[tuple[int, ...]]:
    """Every fitting placement of the first ``depth`` positions of the search order."""
    found: list[tuple[int, ...]] = [()]
    for level in range(depth):
        grown = []
        for prefix in found:
            search = Enumerator(tables, prefix)
            for i in range(search.begin[level], search.stop[level]):
                state = int(tables.states[i])
                if all(state // SIDES != s // SIDES for s in prefix):
                    grown.append(prefix + (state,))
        found = grown
    return found


def _subtree_rows(tables: SearchTables, item: tuple[int, list[tuple[int, ...]]]) -> tuple[int, np.ndarray]:
    """Worker: (index, every solution below the prefixes of ``item``'s batch, in the search's order)."""
    index, batch = item
    rows = []
    for prefix in batch:
        search = Enumerator(tables, prefix)
        while not search.finished:
            rows.append(search.next_chunk(capacity=1 << 16, node_budget=1 << 62))
    return index, np.concatenate(rows) if rows else np.empty((0, tables.board_size), dtype=np.uint8)


class Filling:
    """Fills a :class:`SolutionStore` with every solution the tables describe, subtree by subtree.

    The subtrees are those below the first ``PREFIX_DEPTH`` positions, in the search's
    order; the store gets their solutions in that order, on one process or several.
    :meth:`run` raises ``Cancelled`` when the task is cancelled, the store keeping what was
    found, and running it again goes on: on one process from where it stopped, on several
    from the first subtree not wholly in the store. A count of at most
    ``SMALL_COUNT_PLACEMENTS`` placements tried (the shipped pyramid's is 3.5 million, a
    third of a second) runs here even when given several processes: starting them costs more.
    """

    def __init__(self, store: SolutionStore, tables: SearchTables):
        self.store = store
        self.tables = tables
        self.subtrees = prefixes(tables)
        self.done = 0  # subtrees wholly in the store
        self.search: Enumerator | None = None  # inside subtree ``done``, part-way
        self.placements = 0  # tried in this process
        self.jobs = 1  # processes the last run used

    def run(self, task: Task, jobs: int = 1, in_process_placements: int | None = None) -> SolutionStore:
        budget = SMALL_COUNT_PLACEMENTS if in_process_placements is None else in_process_placements
        self._run_here(task, budget if jobs > 1 else None)
        if self.done < len(self.subtrees):
            self._run_in_processes(task, jobs)
        self.store.complete = True
        task.report(1.0, 1.0, f"{len(self.store):,} solutions", force=True)
        return self.store

    def fraction(self) -> float:
        inside = self.search.fraction_done() if self.search is not None else 0.0
        return (self.done + inside) / max(1, len(self.subtrees))

    def _run_here(self, task: Task, budget: int | None) -> None:
        """The subtrees in order, all of them or until one ends past ``budget`` placements tried here."""
        while self.done < len(self.subtrees):
            if budget is not None and self.search is None and self.placements >= budget:
                return
            self.search = self.search or Enumerator(self.tables, self.subtrees[self.done])
            while not self.search.finished:
                task.check_cancelled()
                self.store.append(self.search.next_chunk())
                task.report(self.fraction(), 1.0, f"{len(self.store):,} solutions found")
            self.placements += self.search.placements_tried
            self.done, self.search = self.done + 1, None

    def _run_in_processes(self, task: Task, jobs: int) -> None:
        """The subtrees left, in contiguous batches on ``jobs`` processes, stored in order as they complete."""
        self.jobs = jobs
        left = self.subtrees[self.done:]
        size = -(-len(left) // (8 * jobs))
        batches = [left[i:i + size] for i in range(0, len(left), size)]
        arrived, stored = {}, 0
        for index, rows in map_in_processes(task, partial(_subtree_rows, self.tables), enumerate(batches), jobs):
            arrived[index] = rows
            while stored in arrived:
                self.store.append(arrived.pop(stored))
                self.done += len(batches[stored])
                stored += 1
            task.report(self.fraction(), 1.0, f"{jobs} processes: {len(self.store):,} solutions in order so far",
                        force=True)
