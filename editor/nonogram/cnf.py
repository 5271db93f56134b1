"""Nonograms as SAT: each line's clue as an automaton over its cells (Qt-free).

A clue ``(a1, ..., ak)`` is the regular language ``0* 1^a1 0+ 1^a2 ... 0+ 1^ak 0*``.
Its automaton has one state per character of ``1^a1 0 1^a2 0 ... 1^ak`` read so far
(state 0: nothing yet; the last state: the clue complete). The encoding has a variable
per cell and, per line, a variable "after i cells the automaton is in state j" for each
(i, j) that can lie on an accepting run given the cells already known (all others are
left out); clauses make every transition follow the cell's value, every reachable state
have a predecessor, and runs end accepted. Cells known from line logic are unit clauses.
The clauses are built with numpy over all the lines of one direction at once (the states
of every line and position as one bool array), the Python lists the solver takes made in
a few bulk conversions.

:func:`decide` is what the verdict runs in a separate process: a solution (or none),
and then one that differs from a given picture (or none).
"""
from __future__ import annotations

import gc
import os
import time

import numpy as np

DEFAULT_SOLVER = "kissat404"  # the complete answers: the fastest here (tests/benchmarks/bench_hard.py --sat-solvers)
NEAR_SOLVER = "cadical195"  # the short search near the picture (it takes the picture as its first guess)
NEAR_CONFLICTS = 2000  # Knotty with its picture: about 1,000; beyond, kissat proves faster (Mozaic)
# bare clues: the first solution's short search on this encoding (Light: 339 conflicts; Lion needs
# 31,000, and 1,000 cost it 0.3 s, 3,000 a second before order_cnf) where no fork
QUICK_CONFLICTS = 1000
KISSAT_ALONE = 1.5  # CPU seconds kissat races alone (first solution, Lion: 0.75; most puzzles: a fraction)
KISSAT_HEAD_START = 3.0  # ... and in all, beside the block encoding (Knotty, Faase: no answer in minutes)
RACER_NICE = 10  # the block encoding's niceness while it races kissat for another solution
RACE_POLL_SECONDS = 0.005  # how often a race of forked solvers looks at its racers
SEARCH_NEAR = 0.05  # CPU seconds of line-logic search next to the SAT solver's first solution


def _automata(clues: list[list[int]], states: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each clue's automaton as rows of bool arrays over states 0..states-1: the states
    that go on to state + 1 on a filled cell (inside a block, or before one), those that
    stay on an empty cell (before the first block, in a gap, after the last) and those that
    go on to state + 1 on an empty cell (a block just ended); and each clue's last state."""
    fills, stays, steps = (np.zeros((len(clues), states), dtype=bool) for _ in range(3))
    accept = np.empty(len(clues), dtype=np.intp)
    for line, clue in enumerate(clues):
        pattern = []  # the characters to read: 1^a1 0 1^a2 ... 1^ak
        for index, block in enumerate(clue):
            pattern += [0] * bool(index) + [1] * block
        pattern = np.array(pattern, dtype=bool)
        last = len(pattern)
        fills[line, :last] = pattern
        stays[line, 1:last] = ~pattern[:-1]
        stays[line, [0, last]] = True
        steps[line, :last] = ~stays[line, :last] & ~pattern
        accept[line] = last
    return fills, stays, steps, accept


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
    fills, stays, steps, accept = _automata(clues, states)
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


def encode(row_clues, column_clues, known: tuple[list[int], list[int]] | None = None) -> tuple[list[list[int]], int] | None:
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
    from editor.nonogram.puzzle import rows_to_array

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


def _grid(model: list[int], height: int, width: int) -> list[int]:
    """The solution as row masks (bit c of row r: cell (r, c) filled)."""
    true = set(literal for literal in model[:height * width] if literal > 0)
    return [sum(1 << column for column in range(width) if row * width + column + 1 in true) for row in range(height)]


def _search_near(row_clues, column_clues, picture: list[int]) -> tuple[bool, list[int] | None]:
    """The line-logic search (:func:`editor.nonogram.search.find_alternative`) for a solution
    other than ``picture``, for up to ``SEARCH_NEAR`` seconds of CPU: (True, the other
    solution or None when there is none), or (False, None) when it used up its time. Where
    the solutions are many it finds another next to the first in milliseconds (Lion:
    3 ms, against 2-3 s of SAT solving)."""
    from editor.nonogram.puzzle import Puzzle, rows_to_array
    from editor.nonogram.search import Lookahead, find_alternative
    from editor.tasks import OverBudget, Task

    puzzle = Puzzle(row_clues, column_clues)
    board = puzzle.board()
    puzzle.propagate(board)
    task = Task()
    try:
        with task.budget(SEARCH_NEAR):
            other = find_alternative(puzzle, board, rows_to_array(picture, puzzle.width), task, Lookahead())
    except OverBudget:
        return False, None
    return True, None if other is None else other.row_filled


def _first_picture(row_clues, column_clues, known, clauses: list[list[int]], blocks=None) -> list[int] | None:
    """A solution of bare clues (row masks), or None when there is none. Racers, each
    in a fork of this process (Linux), the first answer wins:

    * on ``clauses`` (the automaton encoding), a symmetric solution where the clues are
      symmetric (:mod:`editor.nonogram.symmetry`), then kissat (most clue sets, Lion: 0.75 s;
      none in minutes on Knotty or Faase), until it has used ``KISSAT_HEAD_START`` CPU seconds;
    * the block encoding of :func:`editor.nonogram.order_cnf.first_solution` (Knotty: 0.5 s,
      Faase): ``blocks``, that racer's fork started already (:func:`_blocks_at_once`), else
      it joins once kissat's racer has used ``KISSAT_ALONE`` CPU seconds;
    * in kissat's place once it is ended, decimation
      (:func:`editor.nonogram.decimate.first_solution`: big pictures with many solutions,
      a 99x59 text picture in 12 CPU s where neither SAT racer finds one in a minute);
      when it gives up, kissat on the block encoding in its place
      (:func:`_decimation_then_kissat`). (At a lower priority, on a busy machine, a 99x59
      checkerboard-noise picture stayed UNDECIDED at a minute.)

    Where no fork can be made, the same in turn: a symmetric solution, a short CaDiCaL
    search on ``clauses``, then ``first_solution`` in this process."""
    from pysat.solvers import Solver

    from editor.nonogram.order_cnf import FIRST_SOLVER, first_solution

    height, width = len(row_clues), len(column_clues)
    automaton = _fork(_automaton_first, (clauses, row_clues, column_clues), "kissat")
    if automaton is None:
        if blocks is not None:
            blocks.kill()
        model = _symmetric_model(clauses, row_clues, column_clues)
        if model is not None:
            return model
        with Solver(name=FIRST_SOLVER, bootstrap_with=clauses) as solver:  # a short search that can be stopped
            solver.conf_budget(QUICK_CONFLICTS)
            found = solver.solve_limited()
            if found is not None:
                return _grid(solver.get_model(), height, width) if found else None
        return first_solution(row_clues, column_clues, known)
    return _race(automaton, (first_solution, (row_clues, column_clues, known), "block encoding"), KISSAT_HEAD_START,
                 (_decimation_then_kissat, (row_clues, column_clues, known), "decimation"), blocks)


def _decimation_then_kissat(row_clues, column_clues, known) -> list[int] | None:
    """:func:`editor.nonogram.decimate.first_solution`; when it gives up, kissat on the
    block encoding (:func:`editor.nonogram.order_cnf.kissat_solution`) in its place (a
    50x50 text picture: decimation gives up after 5 CPU s, kissat answers in 12 more)."""
    from editor.nonogram import decimate
    from editor.nonogram.order_cnf import kissat_solution

    try:
        return decimate.first_solution(row_clues, column_clues, known)
    except decimate.GaveUp:
        return kissat_solution(row_clues, column_clues, known)


def _blocks_at_once(row_clues, column_clues, known):
    """The block encoding's racer (:func:`editor.nonogram.order_cnf.first_solution`) forked
    now, before the automaton encoding, for a caller with a core to spare: kissat's time
    is a lottery on the cells known (Lion from the search's first node: 0.36 to over 1.5
    CPU s), which the block racer (Lion 0.6 s) bounds. None where no fork can be made."""
    from editor.nonogram.order_cnf import first_solution

    return _fork(first_solution, (row_clues, column_clues, known), "block encoding")


def _race(first, second: tuple, first_limit: float | None = None, third: tuple | None = None, running=None):
    """The answer of whichever forked solver answers first. ``first`` (a running
    fork, :func:`editor.child_process.fork_running`) races alone until it has used ``KISSAT_ALONE``
    CPU seconds; then ``second`` ((function, args, name)) joins in a fork of its own
    (where none can be made, ``first`` is ended and ``second`` runs here); ``running``:
    ``second``'s fork, started already (it races from the start). ``first`` is
    ended once it has used ``first_limit`` CPU seconds (None: never), and ``third`` (like
    ``second``; None: none) takes its place in a fork of its own; a racer that fails
    (decimation giving up) drops out. The others are ended when the race is over."""
    racers, joined = [first], running is not None
    if running is not None:
        racers.append(running)
    try:
        while True:
            finished, answer = _finished(racers)
            if finished:
                return answer
            spent = first.cpu_seconds() if first in racers else None
            if not joined and (spent is None or spent > KISSAT_ALONE):
                joined = True
                child = _fork(*second)
                if child is None:
                    first.kill()
                    function, args, _ = second
                    return function(*args)
                racers.append(child)
            elif first_limit is not None and spent is not None and spent > first_limit:
                first.kill()  # kissat cannot be stopped but by ending its process
                racers.remove(first)
                if third is not None:
                    child = _fork(*third)
                    if child is not None:
                        racers.append(child)
            time.sleep(RACE_POLL_SECONDS)
    finally:
        for racer in racers:
            racer.kill()


def _finished(racers: list) -> tuple[bool, object]:
    """(True, its answer) when one of ``racers`` (forks) has finished. One that failed
    (out of memory, say) is dropped from the list and the others go on; when it was the
    last, its failure is raised."""
    for racer in racers:
        if racer.done():
            try:
                return True, racer.result()
            except RuntimeError:
                if len(racers) == 1:
                    raise
                racers.remove(racer)
                break
    return False, None


def _other_picture(clauses, solver_name: str, row_clues, column_clues, known, picture: list[int]) -> list[int] | None:
    """A solution other than ``picture`` (``clauses``: the automaton encoding with the
    clause that some open cell differs), or None: ``solver_name`` on ``clauses`` races
    :func:`editor.nonogram.order_cnf.other_solution` (the block encoding, the picture's
    values tried first; a 50x50 text picture's other solution: 0.7 s against kissat's
    54 s), each in a fork (Linux), the second from ``KISSAT_ALONE`` CPU seconds on and at
    a lower priority, so that where ``solver_name`` answers fast (most drawings) nothing
    changes. Where nothing can be forked, ``solver_name`` alone."""
    from editor.nonogram.order_cnf import other_solution

    height, width = len(row_clues), len(column_clues)
    solver = _fork(_solve_all, (clauses, solver_name, height, width), solver_name)
    if solver is None:
        return _solve_all(clauses, solver_name, height, width)
    return _race(solver, (_stepping_back, (other_solution, row_clues, column_clues, known, picture), "block encoding"))


def _stepping_back(function, *args):
    """``function(*args)`` at the niceness ``RACER_NICE`` (Unix)."""
    if hasattr(os, "nice"):
        os.nice(RACER_NICE)
    return function(*args)


def _solve_all(clauses, solver_name: str, height: int, width: int) -> list[int] | None:
    """A solution of ``clauses`` by ``solver_name`` (row masks), or None (runs to the end)."""
    from pysat.solvers import Solver

    with Solver(name=solver_name, bootstrap_with=clauses) as solver:
        return _grid(solver.get_model(), height, width) if solver.solve() else None


def _symmetric_model(clauses, row_clues, column_clues) -> list[int] | None:
    """:func:`editor.nonogram.symmetry.symmetric_model` as row masks."""
    from editor.nonogram.symmetry import symmetric_model

    model = symmetric_model(clauses, row_clues, column_clues)
    return None if model is None else _grid(model, len(row_clues), len(column_clues))


def _automaton_first(clauses: list[list[int]], row_clues, column_clues) -> list[int] | None:
    """A first solution on ``clauses`` (the automaton encoding): a symmetric one, else
    kissat's (runs to the end)."""
    model = _symmetric_model(clauses, row_clues, column_clues)
    if model is not None:
        return model
    return _solve_all(clauses, DEFAULT_SOLVER, len(row_clues), len(column_clues))


def _fork(function, args: tuple, name: str):
    """``function(*args)`` running in a fork of its own (:func:`editor.child_process.fork_running`:
    it ends with this process, so that killing the SAT process ends its racers too), or
    None where none can be made."""
    from editor.child_process import fork_running

    return fork_running(function, args, name=name)


_kept: list = []  # the last encoding decide made


def decide(row_clues, column_clues, known, picture: list[int] | None, spare_core: bool = False,
           solver_name: str = DEFAULT_SOLVER) -> tuple[list[int] | None, list[int] | None]:
    """(a solution, a second solution) as row masks, None where there is none.

    With ``picture`` (row masks of a known solution) the first is the picture itself and
    only "another solution" is asked; without, a solution is found first, then another,
    first by a short line-logic search next to it (:func:`_search_near`; the verdict's
    own search has already tried that near a given picture).
    ``solver_name``: the python-sat solver that answers in full. ``spare_core``: another
    core is free for this process (the first solution's racers then start together,
    :func:`_blocks_at_once`). Runs to the end (call it through :mod:`editor.child_process` to bound it).
    """
    from pysat.solvers import Solver

    height, width = len(row_clues), len(column_clues)
    blocks = _blocks_at_once(row_clues, column_clues, known) if picture is None and spare_core else None
    encoded = encode(row_clues, column_clues, known)
    if encoded is None:
        if blocks is not None:
            blocks.kill()
        return None, None
    clauses, _ = encoded
    _kept[:] = [clauses]  # until the next call: freeing Lion's takes 20-30 ms that a SAT process, ending next, can skip
    if picture is None:
        picture = _first_picture(row_clues, column_clues, known, clauses, blocks)
        if picture is None:
            return None, None
        decided, other = _search_near(row_clues, column_clues, picture)
        if decided:
            return picture, other
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
    return picture, _other_picture(clauses, solver_name, row_clues, column_clues, known, picture)
