"""Nonograms as SAT: each line's clue as an automaton over its cells (Qt-free).

A clue ``(a1, ..., ak)`` is the regular language ``0* 1^a1 0+ 1^a2 ... 0+ 1^ak 0*``.
Its automaton has one state per character of ``1^a1 0 1^a2 0 ... 1^ak`` read so far
(state 0: nothing yet; the last state: the clue complete). The encoding has a variable
per cell and, per line, a variable "after i cells the automaton is in state j" for each
(i, j) that can lie on an accepting run given the cells already known (all others are
left out); clauses make every transition follow the cell's value, every reachable state
have a predecessor, and runs end accepted. Cells known from line logic are unit clauses.

:func:`decide` is what the verdict runs in a separate process: a solution (or none),
and then one that differs from a given picture (or none).
"""
from __future__ import annotations

from collections.abc import Sequence

DEAD = -1
DEFAULT_SOLVER = "kissat404"  # the complete answers: the fastest here (tests/benchmarks/bench_hard.py --sat-solvers)
NEAR_SOLVER = "cadical195"  # the short search near the picture (it takes the picture as its first guess)
NEAR_CONFLICTS = 2000  # Knotty with its picture: about 1,000; beyond, kissat proves faster (Mozaic)


def _transitions(clue: Sequence[int]) -> tuple[list[int], list[int]]:
    """(on empty, on filled): the next state from each state, DEAD where the clue breaks."""
    pattern = []
    for index, block in enumerate(clue):
        if index:
            pattern.append(0)
        pattern += [1] * block
    last = len(pattern)
    on_empty, on_filled = [], []
    for state in range(last + 1):
        on_filled.append(state + 1 if state < last and pattern[state] else DEAD)
        if state == 0 or state == last or not pattern[state - 1]:
            on_empty.append(state)  # before the first block, after the last, or in a gap
        elif not pattern[state]:
            on_empty.append(state + 1)  # a block just ended: the gap's first empty cell
        else:
            on_empty.append(DEAD)  # inside a block
    return on_empty, on_filled


def _bits(mask: int) -> list[int]:
    """The positions of a mask's set bits, lowest first."""
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low.bit_length() - 1)
        mask ^= low
    return bits


def line_clauses(clue: Sequence[int], cells: Sequence[int], filled: int, empty: int, new_variable) -> list[list[int]] | None:
    """Clauses saying the cells (SAT variables, in order) spell a word of the clue's
    language, given the known ``filled``/``empty`` masks (bit i: cell i; their unit clauses
    are the caller's). None when no placement fits what is known. ``new_variable()`` hands
    out fresh variable numbers."""
    clue = [block for block in clue if block]
    length = len(cells)
    on_empty, on_filled = _transitions(clue)
    accept = len(on_empty) - 1
    # the states as bits of an int: a whole position's states move in a few operations
    fills = sum(1 << state for state, target in enumerate(on_filled) if target != DEAD)  # on filled: state + 1
    stays = sum(1 << state for state, target in enumerate(on_empty) if target == state)  # on empty: stays
    steps = sum(1 << state for state, target in enumerate(on_empty) if target == state + 1)  # on empty: state + 1

    forward = [1]  # the states reachable after each position
    for position in range(length):
        states, bit, reached = forward[-1], 1 << position, 0
        if not filled & bit:
            reached |= states & stays | (states & steps) << 1
        if not empty & bit:
            reached |= (states & fills) << 1
        forward.append(reached)
    if not forward[length] >> accept & 1:
        return None
    live = [0] * (length + 1)  # ... and from which the accepting state stays reachable
    live[length] = 1 << accept
    for position in range(length - 1, -1, -1):
        after, bit, leading = live[position + 1], 1 << position, 0
        if not filled & bit:
            leading |= after & stays | after >> 1 & steps
        if not empty & bit:
            leading |= after >> 1 & fills
        live[position] = forward[position] & leading
    live = [_bits(states) for states in live]

    # a state is a literal: a fresh variable, or None where the position has one live state (always true)
    variables = [{state: (None if len(states) == 1 else new_variable()) for state in states} for states in live]
    clauses: list[list[int]] = []
    for position in range(length):
        cell = cells[position]
        here, after = variables[position], variables[position + 1]
        predecessors: dict[int, list] = {state: [] for state in after}
        supports: tuple[list, list] = ([], [])  # per cell value: the states here that allow it
        for state, literal in here.items():
            guard = [] if literal is None else [-literal]
            successors = []
            for value, target in ((False, on_empty[state]), (True, on_filled[state])):
                cell_literal = cell if value else -cell
                if target in after:
                    predecessors[target].append(literal)
                    supports[value].append(literal)
                    successors.append(after[target])
                    if after[target] is not None:  # here and this cell value lead there
                        clauses.append(guard + [-cell_literal, after[target]])
                else:  # this value breaks the clue from here
                    clauses.append(guard + [-cell_literal])
            if guard and None not in successors:  # a state here goes on to one of its successors
                clauses.append(guard + successors)
        for target, literal in after.items():
            sources = predecessors[target]
            if literal is not None and None not in sources:  # reaching it needs one of its predecessors
                clauses.append([-literal] + sources)
        for value, states in enumerate(supports):  # a cell value needs a state that allows it
            if None not in states:
                clauses.append([-cell if value else cell] + states)
    return clauses


def encode(row_clues, column_clues, known: tuple[list[int], list[int]] | None = None) -> tuple[list[list[int]], int] | None:
    """The CNF of a puzzle: (clauses, number of variables), or None when a line cannot be
    placed. Cell (row, column) is variable ``row * width + column + 1``. ``known``: the
    board's (row_filled, row_empty) masks, what line logic proved."""
    height, width = len(row_clues), len(column_clues)
    row_filled, row_empty = known if known is not None else ([0] * height, [0] * height)
    counter = [height * width]

    def new_variable() -> int:
        counter[0] += 1
        return counter[0]

    clauses: list[list[int]] = []
    for row in range(height):
        for column in range(width):
            bit = 1 << column
            if row_filled[row] & bit:
                clauses.append([row * width + column + 1])
            elif row_empty[row] & bit:
                clauses.append([-(row * width + column + 1)])
    for row, clue in enumerate(row_clues):
        cells = range(row * width + 1, (row + 1) * width + 1)
        lines = line_clauses(clue, cells, row_filled[row], row_empty[row], new_variable)
        if lines is None:
            return None
        clauses += lines
    for column, clue in enumerate(column_clues):
        filled = sum(1 << row for row in range(height) if row_filled[row] >> column & 1)
        empty = sum(1 << row for row in range(height) if row_empty[row] >> column & 1)
        cells = range(column + 1, height * width + 1, width)
        lines = line_clauses(clue, cells, filled, empty, new_variable)
        if lines is None:
            return None
        clauses += lines
    return clauses, counter[0]


def _grid(model: list[int], height: int, width: int) -> list[int]:
    """The solution as row masks (bit c of row r: cell (r, c) filled)."""
    true = set(literal for literal in model[:height * width] if literal > 0)
    return [sum(1 << column for column in range(width) if row * width + column + 1 in true) for row in range(height)]


def decide(row_clues, column_clues, known, picture: list[int] | None,
           solver_name: str = DEFAULT_SOLVER) -> tuple[list[int] | None, list[int] | None]:
    """(a solution, a second solution) as row masks, None where there is none.

    With ``picture`` (row masks of a known solution) the first is the picture itself and
    only "another solution" is asked; without, a solution is found first, then another.
    ``solver_name``: the python-sat solver that answers in full. Runs to the end (call
    it through :mod:`editor.sat` to bound it).
    """
    from pysat.solvers import Solver

    height, width = len(row_clues), len(column_clues)
    encoded = encode(row_clues, column_clues, known)
    if encoded is None:
        return None, None
    clauses, _ = encoded
    if picture is None:
        from editor.nonogram.symmetry import symmetric_model

        model = symmetric_model(clauses, row_clues, column_clues)  # symmetric clues: a symmetric solution first
        if model is None:
            with Solver(name=solver_name, bootstrap_with=clauses) as solver:
                if not solver.solve():
                    return None, None
                model = solver.get_model()
        picture = _grid(model, height, width)
    row_filled, row_empty = known
    full = (1 << width) - 1
    differ = []  # some cell line logic left open takes the other value than in the picture
    for row in range(height):
        open_cells = full & ~(row_filled[row] | row_empty[row])
        for column in range(width):
            if open_cells >> column & 1:
                variable = row * width + column + 1
                differ.append(-variable if picture[row] >> column & 1 else variable)
    if not differ:
        return picture, None
    clauses.append(differ)
    # Another solution is most often a small change of the picture: first a short search
    # that tries the picture's values first (Knotty with its picture: about 1,000 conflicts,
    # against minutes unguided); kissat cannot be given such a guess.
    with Solver(name=NEAR_SOLVER, bootstrap_with=clauses) as solver:
        solver.set_phases([row * width + column + 1 if picture[row] >> column & 1 else -(row * width + column + 1)
                           for row in range(height) for column in range(width)])
        solver.conf_budget(NEAR_CONFLICTS)
        near = solver.solve_limited()
        if near is not None:
            return picture, (_grid(solver.get_model(), height, width) if near else None)
    with Solver(name=solver_name, bootstrap_with=clauses) as solver:
        if not solver.solve():
            return picture, None
        return picture, _grid(solver.get_model(), height, width)
