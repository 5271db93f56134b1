"""Nonograms as SAT: each line's clue as an automaton over its cells (Qt-free).

The automaton of a clue (:mod:`nonogram_editor.nonogram.automaton`) has one state per character of
``1^a1 0 1^a2 0 ... 1^ak`` read so far. The encoding has a variable
per cell and, per line, a variable "after i cells the automaton is in state j" for each
(i, j) that can lie on an accepting run given the cells already known (all others are
left out); clauses make every transition follow the cell's value, every reachable state
have a predecessor, and runs end accepted. Cells known from line logic are unit clauses.
The clauses are built with numpy over all the lines of one direction at once (the states
of every line and position as one bool array), the Python lists the solver takes made in
a few bulk conversions.

:func:`encode` is the CNF of a puzzle, :func:`model_rows` a solver's model as row masks;
:mod:`nonogram_editor.nonogram.portfolio` runs the solvers on it.
"""
from __future__ import annotations

import gc

import numpy as np

from nonogram_editor.nonogram.automaton import clue_automata


def line_clauses(clues: list[list[int]], cells: np.ndarray, filled: np.ndarray, empty: np.ndarray,
                 last_variable: int) -> tuple[list[list[int]], int] | None:
    """The clauses of lines of one length, all at once (numpy over lines, positions and
    states): ``cells[line, position]`` is a cell's SAT variable, ``filled``/``empty`` (bool,
    the same shape) what is known. The state variables are numbered on from
    ``last_variable``, line by line, position by position, state by state; the clauses come
    in the same order: per position, each state's transitions and where it goes on, what
    each state after it came from, what each cell value needs. Returns (clauses, the last
    variable used), or None when a line has no placement that fits what is known."""
    clues = [[block for block in clue if block] for clue in clues]
    count, length = cells.shape
    states = max([1] + [sum(clue) + len(clue) for clue in clues])  # the longest clue's states
    fills, stays, steps, accept = clue_automata(clues, states)
    fills, stays, steps = (np.broadcast_to(kind[:, None, :], (count, length, states)) for kind in (fills, stays, steps))
    may_empty, may_fill = ~filled[:, :, None], ~empty[:, :, None]
    advances = steps & may_empty | fills & may_fill  # state s goes on to s + 1 here
    remains = stays & may_empty  # state s stays here

    lines = np.arange(count)
    reach = np.zeros((count, length + 1, states), dtype=bool)  # the states reachable after each position
    reach[:, 0, 0] = True
    for position in range(length):
        here, after = reach[:, position], reach[:, position + 1]
        after[:] = here & remains[:, position]
        after[:, 1:] |= here[:, :-1] & advances[:, position, :-1]
    if not reach[lines, length, accept].all():
        return None
    live = np.zeros_like(reach)  # ... from which the accepting state stays reachable
    live[lines, length, accept] = True
    for position in range(length - 1, -1, -1):
        after = live[:, position + 1]
        leading = after & remains[:, position]
        leading[:, :-1] |= after[:, 1:] & advances[:, position, :-1]
        live[:, position] = reach[:, position] & leading

    # a state is a fresh variable, or always true where its position has one live state
    single = live.sum(axis=2) == 1
    true = live & single[:, :, None]
    numbered = live & ~single[:, :, None]
    variable = np.zeros(live.shape, dtype=np.int64)
    variable[numbered] = np.arange(last_variable + 1, last_variable + 1 + int(numbered.sum()))
    last_variable += int(numbered.sum())

    def next_state(array):  # array[..., s + 1] at s (nothing past the last state)
        shifted = np.zeros_like(array)
        shifted[..., :-1] = array[..., 1:]
        return shifted

    here, here_var, here_true = live[:, :-1], variable[:, :-1], true[:, :-1]
    after, after_var, after_true = live[:, 1:], variable[:, 1:], true[:, 1:]
    cell = np.broadcast_to(cells[:, :, None], here.shape)
    guarded = here_var > 0
    # per cell value (empty, filled): whether a state's transition lands on a live state, on which literal
    lands = (stays & after | steps & next_state(after), fills & next_state(after))
    target_var = (np.where(stays, after_var, next_state(after_var)), next_state(after_var))
    target_true = (np.where(stays, after_true, next_state(after_true)), next_state(after_true))
    not_value = (cell, -cell)  # the literal "the cell does not take this value"

    keys, clauses = [], []  # a sort key per clause: (line, position, section, state, which)

    def add(mask, section, which, *columns):
        where = np.nonzero(mask)
        line, position, state = where
        keys.append((((line * length + position) * 3 + section) * states + state) * 3 + which)
        clauses.extend(np.stack([np.broadcast_to(column, mask.shape)[where] for column in columns], axis=1).tolist())

    for value in (0, 1):
        moves = here & lands[value] & ~target_true[value]  # here and this value lead to a state variable
        add(moves & guarded, 0, value, -here_var, not_value[value], target_var[value])
        add(moves & ~guarded, 0, value, not_value[value], target_var[value])
        breaks = here & ~lands[value]  # this value breaks the clue from here
        add(breaks & guarded, 0, value, -here_var, not_value[value])
        add(breaks & ~guarded, 0, value, not_value[value])
    # a state here goes on to one of its successors
    goes_on = guarded & ~(lands[0] & target_true[0] | lands[1] & target_true[1])
    add(goes_on & lands[0] & lands[1], 0, 2, -here_var, target_var[0], target_var[1])
    add(goes_on & lands[0] & ~lands[1], 0, 2, -here_var, target_var[0])
    add(goes_on & ~lands[0] & lands[1], 0, 2, -here_var, target_var[1])
    # reaching a state needs one of its predecessors: the state before it going on, or itself staying
    from_before = np.zeros_like(here)
    from_before[..., 1:] = (here & (steps | fills))[..., :-1]
    previous_var, previous_true = np.zeros_like(here_var), np.zeros_like(here_true)
    previous_var[..., 1:], previous_true[..., 1:] = here_var[..., :-1], here_true[..., :-1]
    from_itself = here & stays
    reached = (after_var > 0) & ~(from_before & previous_true | from_itself & here_true)
    add(reached & from_before & from_itself, 1, 0, -after_var, previous_var, here_var)
    add(reached & from_before & ~from_itself, 1, 0, -after_var, previous_var)
    add(reached & ~from_before & from_itself, 1, 0, -after_var, here_var)
    # a cell value needs a state that allows it (any number of states: one clause per cell and value)
    for value in (0, 1):
        supports = here & lands[value]
        needed = ~(supports & here_true).any(axis=2)
        line, position = np.nonzero(needed)
        ends = np.cumsum(supports[line, position].sum(axis=1)).tolist()
        states_flat = here_var[supports & needed[:, :, None]].tolist()
        heads = not_value[value][line, position, 0].tolist()
        clauses.extend([head] + states_flat[start:end] for head, start, end in zip(heads, [0] + ends, ends))
        keys.append((((line * length + position) * 3 + 2) * states + value) * 3)

    order = np.argsort(np.concatenate(keys), kind="stable").tolist()
    return [clauses[index] for index in order], last_variable


def encode(row_clues, column_clues,
           known: tuple[list[int], list[int]] | None = None) -> tuple[list[list[int]], int] | None:
    """The CNF of a puzzle: (clauses, number of variables), or None when a line cannot be
    placed. Cell (row, column) is variable ``row * width + column + 1``. ``known``: the
    board's (row_filled, row_empty) masks, what line logic proved."""
    collecting = gc.isenabled()
    gc.disable()  # a million small lists and nothing to collect: the cyclic collector would double the time
    try:
        return _encode(row_clues, column_clues, known)
    finally:
        if collecting:
            gc.enable()


def _encode(row_clues, column_clues, known):
    from nonogram_editor.nonogram.puzzle import rows_to_array

    height, width = len(row_clues), len(column_clues)
    row_filled, row_empty = known if known is not None else ([0] * height, [0] * height)
    filled, empty = rows_to_array(row_filled, width), rows_to_array(row_empty, width)
    cells = np.arange(1, height * width + 1, dtype=np.int64).reshape(height, width)
    clauses = [[literal] for literal in np.where(filled, cells, -cells)[filled | empty].tolist()]
    last_variable = height * width
    for clues, line_cells, line_filled, line_empty in ((row_clues, cells, filled, empty),
                                                       (column_clues, cells.T, filled.T, empty.T)):
        lines = line_clauses(list(clues), line_cells, line_filled, line_empty, last_variable)
        if lines is None:
            return None
        clauses += lines[0]
        last_variable = lines[1]
    return clauses, last_variable


def model_rows(model: list[int], height: int, width: int) -> list[int]:
    """The solution as row masks (bit c of row r: cell (r, c) filled)."""
    true = set(literal for literal in model[:height * width] if literal > 0)
    return [sum(1 << column for column in range(width) if row * width + column + 1 in true) for row in range(height)]
