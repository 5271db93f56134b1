"""Nonograms as SAT by block positions, with a likely value for every variable (Qt-free).

The encoding :mod:`nonogram_editor.nonogram.cnf` uses (an automaton per line) answers most
questions fast, but finding a *first* solution of a big clue-only puzzle (Faase, 80x95)
takes it long (docs/benchmarks.md). This one is what hyouv/FastNonogramSolver finds Faase with: per
block ``j`` of a line, *order* variables "block j starts at or before p", and *cover*
variables "block j covers cell i" (true exactly when it starts in ``(i - size, i]``):

* ``start_j <= p`` implies ``start_j <= p + 1``; ``start_j+1 <= p`` implies
  ``start_j <= p - size_j - 1`` (blocks keep their order and a gap);
* a start that no placement fitting what line logic proved allows is ruled out by a
  clause (unit propagation could not derive it);
* a cover implies its cell filled, a filled cell needs one of its covers.

Each variable gets a phase (the value the solver tries first) from belief propagation
(:mod:`nonogram_editor.nonogram.belief`): cells from both lines' messages, order and cover
variables from the weighted placements of their line. :func:`first_solution` hands
them to CaDiCaL as fixed decision phases.
"""
from __future__ import annotations

import numpy as np

from nonogram_editor.nonogram.belief import line_marginals, propagate

FIRST_SOLVER = "cadical195"  # the one python-sat solver that takes phases

_TRUE, _FALSE = object(), object()  # literals of constants, dropped from (or satisfying) a clause


class _Builder:
    def __init__(self, cells: int):
        self.variables = cells
        self.clauses: list[list[int]] = []
        self.phases: list[int] = []

    def new(self, likely: bool | None = None) -> int:
        self.variables += 1
        if likely is not None:
            self.phases.append(self.variables if likely else -self.variables)
        return self.variables

    def add(self, *literals) -> None:
        if any(literal is _TRUE for literal in literals):
            return
        self.clauses.append([literal for literal in literals if literal is not _FALSE])


def _negate(literal):
    return _FALSE if literal is _TRUE else _TRUE if literal is _FALSE else -literal


def _line(builder: _Builder, clue, cells: list[int], allowed: np.ndarray, starts: np.ndarray | None) -> None:
    """One line's order and cover variables and clauses. ``allowed[block, p]``: some
    placement that fits what is known starts the block at p; ``starts[block, p]`` the
    probability that it does (for the phases; None: no phases)."""
    length = len(cells)
    if not clue:
        for cell in cells:
            builder.add(-cell)
        return
    first = [int(np.flatnonzero(row)[0]) for row in allowed[:len(clue)]]
    last = [int(np.flatnonzero(row)[-1]) for row in allowed[:len(clue)]]
    started_by = covered = None  # the likely values: per block and position, started by then; covering it
    if starts is not None:
        cumulative = np.cumsum(starts, axis=1)  # the probability that the block starts at or before p
        earlier = np.zeros_like(cumulative)  # ... at or before p - size (it ended before p)
        for block, size in enumerate(clue):
            earlier[block, size:] = cumulative[block, :-size]
        started_by, covered = (cumulative >= 0.5).tolist(), (cumulative - earlier >= 0.5).tolist()
    at_or_before = []  # per block: p -> its variable, for first <= p < last
    for block in range(len(clue)):
        at_or_before.append({p: builder.new(None if started_by is None else started_by[block][p])
                             for p in range(first[block], last[block])})

    def order(block, p):  # the literal "block starts at or before p"
        if p < first[block]:
            return _FALSE
        if p >= last[block]:
            return _TRUE
        return at_or_before[block][p]

    covers = [[] for _ in range(length)]
    for block, size in enumerate(clue):
        for p in range(first[block], last[block] - 1):
            builder.add(-order(block, p), order(block, p + 1))
        for p in range(first[block] + 1, last[block]):
            if not allowed[block, p]:  # never "at or before p" without "at or before p - 1"
                builder.add(-order(block, p), order(block, p - 1))
        if block + 1 < len(clue):
            for p in range(first[block + 1], last[block + 1] + 1):
                builder.add(_negate(order(block + 1, p)), order(block, p - size - 1))
        for cell in range(first[block], last[block] + size):
            started, not_ended = order(block, cell), _negate(order(block, cell - size))
            cover = builder.new(None if starts is None else covered[block][cell])
            builder.add(-cover, started)
            builder.add(-cover, not_ended)
            builder.add(cover, _negate(started), _negate(not_ended))
            builder.add(-cover, cells[cell])
            covers[cell].append(cover)
    for cell in range(length):
        builder.add(-cells[cell], *covers[cell])


def encode(row_clues, column_clues, filled: np.ndarray, empty: np.ndarray, phases: bool = True):
    """(clauses, number of variables, phases) of a puzzle from what line logic proved
    (``filled``/``empty``, height x width bool), or None when a line cannot be placed.
    Cell (row, column) is variable ``row * width + column + 1``; ``phases``: a literal per
    variable (its likely value), empty when ``phases`` is False."""
    height, width = filled.shape
    builder = _Builder(height * width)
    cells = np.arange(1, height * width + 1).reshape(height, width)
    beliefs = propagate(row_clues, column_clues, filled, empty) if phases else None
    if beliefs is not None:
        likely = beliefs.filled() >= 0.5
        likely = (likely | filled) & ~empty
        builder.phases = np.where(likely, cells, -cells).ravel().tolist()
    for clues, line_cells, line_filled, line_empty, crossing in (
            (row_clues, cells, filled, empty, None if beliefs is None else beliefs.from_columns),
            (column_clues, cells.T, filled.T, empty.T, None if beliefs is None else beliefs.from_rows.T)):
        clues = [[block for block in clue if block] for clue in clues]
        allowed = line_marginals(clues, line_filled, line_empty)
        if not allowed.possible.all():
            return None
        weighted = None if crossing is None else line_marginals(clues, line_filled, line_empty, crossing)
        for index, clue in enumerate(clues):
            _line(builder, clue, line_cells[index].tolist(), allowed.starts[index] > 0,
                  None if weighted is None else weighted.starts[index])
    builder.clauses += [[int(cell)] for cell in cells[filled]] + [[-int(cell)] for cell in cells[empty]]
    return builder.clauses, builder.variables, builder.phases


FIRST_CONFLICTS = 3000  # in CaDiCaL's default configuration, which solves the smaller hard clue sets quickly
# then CaDiCaL's configuration for satisfiable formulas (its ``--sat``): stable mode only,
# few restarts, so each descent the likely values lead goes deep (the big clue-only
# puzzles need that; the smaller ones are slower in it, hence the default mode first).
SATISFIABLE = {"stabilizeonly": 1, "elimreleff": 10, "subsumereleff": 60}


def first_solution(row_clues, column_clues, known: tuple[list[int], list[int]]) -> list[int] | None:
    """A solution (row masks) that completes ``known`` (the board's (row_filled, row_empty)
    masks, at a line-logic fixpoint), or None when there is none: probing to a fixpoint
    (:mod:`nonogram_editor.nonogram.probing`), then CaDiCaL on :func:`encode` with the probes'
    implications added, deciding each variable first its likely value. Runs to the end
    (call it through :mod:`nonogram_editor.infra.child_process` to bound it)."""
    probed = _probed_encoding(row_clues, column_clues, known)
    if probed is None:
        return None
    clauses, phases = probed
    return solve_guided(clauses, phases, len(row_clues), len(column_clues))


def kissat_solution(row_clues, column_clues, known: tuple[list[int], list[int]]) -> list[int] | None:
    """Like :func:`first_solution`, but kissat on :func:`encode` without phases (it takes
    none): faster than guided CaDiCaL on some big pictures (text, thin diagonals), slower
    on others. Runs to the end."""
    from nonogram_editor.infra.sat_solvers import Solver
    from nonogram_editor.nonogram.puzzle import array_to_rows

    probed = _probed_encoding(row_clues, column_clues, known, phases=False)
    if probed is None:
        return None
    height, width = len(row_clues), len(column_clues)
    with Solver(name="kissat404", bootstrap_with=probed[0]) as solver:
        if not solver.solve():
            return None
        model = solver.get_model()
    return array_to_rows(np.array(model[:height * width]).reshape(height, width) > 0)


def _probed_encoding(row_clues, column_clues, known: tuple[list[int], list[int]], phases: bool = True):
    """Probing to a fixpoint from ``known`` (:mod:`nonogram_editor.nonogram.probing`), then
    :func:`encode` with the probes' implications added: (clauses, phases or None), or None
    when there is no solution."""
    from nonogram_editor.nonogram.probing import probe_to_fixpoint
    from nonogram_editor.nonogram.puzzle import Board, Puzzle

    puzzle = Puzzle(row_clues, column_clues)
    board = Board.from_rows(*known, puzzle.width)
    implications = probe_to_fixpoint(puzzle, board)
    if implications is None:
        return None
    encoded = encode(puzzle.row_clues, puzzle.column_clues, board.filled_array(), board.empty_array(), phases=phases)
    if encoded is None:
        return None
    return encoded[0] + implications, encoded[2] if phases else None


def solve_guided(clauses: list[list[int]], phases: list[int], height: int, width: int) -> list[int] | None:
    """A solution (row masks) of ``clauses`` over a height x width grid's cell variables
    (and any others), or None: CaDiCaL deciding each variable first as ``phases`` says, in
    its default configuration for ``FIRST_CONFLICTS`` conflicts, then in ``SATISFIABLE``."""
    from nonogram_editor.infra.sat_solvers import Solver
    from nonogram_editor.nonogram.puzzle import array_to_rows

    with Solver(name=FIRST_SOLVER, bootstrap_with=clauses) as solver:
        solver.set_phases(phases)
        solver.conf_budget(FIRST_CONFLICTS)
        found = solver.solve_limited()
        if found is None:
            solver.configure(SATISFIABLE)
            found = solver.solve()
        if not found:
            return None
        model = solver.get_model()
    return array_to_rows(np.array(model[:height * width]).reshape(height, width) > 0)


def other_solution(row_clues, column_clues, known: tuple[list[int], list[int]], picture: list[int]) -> list[int] | None:
    """A solution (row masks) other than ``picture`` that completes ``known``, or None:
    :func:`solve_guided` on :func:`encode` (no belief propagation) with a clause that some
    open cell differs, trying the picture's values first. Where the other solutions lie
    near the picture this finds one in moments where the automaton encoding takes long."""
    from nonogram_editor.nonogram.puzzle import Puzzle, rows_to_array

    puzzle = Puzzle(row_clues, column_clues)
    height, width = puzzle.height, puzzle.width
    filled, empty, shown = (rows_to_array(rows, width) for rows in (*known, picture))
    encoded = encode(puzzle.row_clues, puzzle.column_clues, filled, empty, phases=False)
    if encoded is None:
        return None
    clauses, _, _ = encoded
    cells = np.arange(1, height * width + 1).reshape(height, width)
    clauses.append(np.where(shown, -cells, cells)[~(filled | empty)].tolist())
    return solve_guided(clauses, np.where(shown, cells, -cells).ravel().tolist(), height, width)
