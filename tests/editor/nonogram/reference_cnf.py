"""The SAT encoding as it was first written, line by line in plain Python: the reference
the vectorised encoder in ``nonogram_editor.nonogram.cnf`` must reproduce clause for clause.
Nothing here shares code with ``nonogram_editor.nonogram.cnf``.
"""
from __future__ import annotations

from collections.abc import Sequence

DEAD = -1


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


def line_clauses(clue: Sequence[int], cells: Sequence[int], filled: int, empty: int,
                 new_variable) -> list[list[int]] | None:
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


def encode(row_clues, column_clues,
           known: tuple[list[int], list[int]] | None = None) -> tuple[list[list[int]], int] | None:
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
