"""The SAT stage: solvers racing for a solution, a portfolio described as data (Qt-free).

:func:`decide` is what the verdict runs in a separate process (:mod:`nonogram_editor.infra.child_process`):

1. the automaton encoding of the clues and the cells known (:func:`nonogram_editor.nonogram.cnf.encode`);
2. without a picture, a first solution: the race :data:`FIRST_SOLUTION`, then the
   line-logic search next to it for another (:func:`search_near`);
3. another solution than the picture: for a given picture first one that differs from it
   only inside a window (:func:`_local_other`, before step 1), then a short CaDiCaL search
   that tries the picture's values first (``NEAR_CONFLICTS``), then the race
   :data:`OTHER_SOLUTION`.

A race is a list of :class:`Racer`, each run in a fork of this process (Linux); the
first answer wins and the others are ended (pySMT's ``Portfolio`` does the same with SMT
solvers). The first racer of the list leads: it starts at once, and another joins once
the lead has used ``joins`` CPU seconds, or at once when the lead has left the race. A
racer that has used ``stops`` CPU seconds is ended, and the racer its ``then`` names takes
its place, as it does when the racer fails (decimation giving up). Where no fork can be
made, the race's ``without_forks`` function answers in this process instead.
docs/solver.md describes the two races; docs/benchmarks.md has the figures behind them.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from nonogram_editor.infra.tasks import MemoryLimitReached
from nonogram_editor.level.clues import line_clues
from nonogram_editor.nonogram.cnf import encode, model_rows
from nonogram_editor.nonogram.puzzle import array_to_rows, rows_to_array

DEFAULT_SOLVER = "kissat404"  # the complete answers: the fastest here (tests/benchmarks/bench_hard.py --sat-solvers)
NEAR_SOLVER = "cadical195"  # the short search near the picture (it takes the picture as its first guess)
NEAR_CONFLICTS = 2000  # enough for an other solution near the picture; beyond, kissat proves faster
WINDOW = 16  # side of the windows another solution is first looked for in (any switch within 9x9 cells lies in one)
WINDOW_CONFLICTS = 200  # per window: with the cells outside it fixed, most answer in a few dozen
WINDOWS_SECONDS = 0.5  # CPU seconds for all the windows (a 40x40 grid has 16, each a few ms)
QUICK_CONFLICTS = 1000  # without forks: the first solution's short search on the automaton encoding
KISSAT_ALONE = 1.5  # CPU seconds kissat races alone (most first solutions take it a fraction of that)
KISSAT_HEAD_START = 3.0  # ... and in all, beside the block encoding (past that, kissat rarely answers soon)
RACER_NICE = 10  # the block encoding's niceness while it races kissat for another solution
RACE_POLL_SECONDS = 0.005  # how often a race looks at its racers
SEARCH_NEAR = 0.05  # CPU seconds of line-logic search next to the SAT solver's first solution


@dataclass
class Problem:
    """What a racer is given: the clues, the cells known (row masks: (filled, empty)),
    the automaton encoding's clauses (for another solution, with the clause that some
    open cell differs from ``picture``) and the solver that runs on them to the end."""

    row_clues: list
    column_clues: list
    known: tuple[list[int], list[int]]
    clauses: list[list[int]] | None = None
    picture: list[int] | None = None
    solver_name: str = DEFAULT_SOLVER

    @property
    def height(self) -> int:
        return len(self.row_clues)

    @property
    def width(self) -> int:
        return len(self.column_clues)


@dataclass(frozen=True)
class Racer:
    """One solver of a race: ``solve(problem)`` gives row masks, or None when there is no
    solution; it may raise (then it fails and drops out)."""

    name: str
    solve: Callable[[Problem], list[int] | None]
    joins: float | None = 0.0  # CPU seconds of the lead's after which it joins; None: only in another's place
    stops: float | None = None  # CPU seconds of its own after which it is ended; None: it runs to the end
    nice: int = 0  # its niceness (Unix): above 0, it gives way to the others on a busy machine
    then: str | None = None  # the racer that takes its place when it stops or fails
    eager: bool = False  # with a core to spare, it starts at once, before the encoding is made


def automaton_first(problem: Problem) -> list[int] | None:
    """On the automaton encoding: a symmetric solution where the clues are symmetric
    (:mod:`nonogram_editor.nonogram.symmetry`), else kissat's."""
    symmetric = _symmetric_solution(problem)
    if symmetric is not None:
        return symmetric
    return _solve_all(problem.clauses, DEFAULT_SOLVER, problem.height, problem.width)


def blocks_first(problem: Problem) -> list[int] | None:
    """The block encoding, probed and guided by belief propagation
    (:func:`nonogram_editor.nonogram.order_cnf.first_solution`)."""
    from nonogram_editor.nonogram import order_cnf

    return order_cnf.first_solution(problem.row_clues, problem.column_clues, problem.known)


def decimation_first(problem: Problem) -> list[int] | None:
    """Decimation (:func:`nonogram_editor.nonogram.decimate.first_solution`): big pictures with many
    solutions; it fails (:class:`nonogram_editor.nonogram.decimate.GaveUp`) where its guesses keep failing."""
    from nonogram_editor.nonogram import decimate

    return decimate.first_solution(problem.row_clues, problem.column_clues, problem.known)


def kissat_on_blocks(problem: Problem) -> list[int] | None:
    """Kissat on the block encoding (:func:`nonogram_editor.nonogram.order_cnf.kissat_solution`)."""
    from nonogram_editor.nonogram import order_cnf

    return order_cnf.kissat_solution(problem.row_clues, problem.column_clues, problem.known)


def automaton_other(problem: Problem) -> list[int] | None:
    """``problem.solver_name`` on the automaton encoding with the clause that some open
    cell differs from the picture."""
    return _solve_all(problem.clauses, problem.solver_name, problem.height, problem.width)


def blocks_other(problem: Problem) -> list[int] | None:
    """The block encoding trying the picture's values first
    (:func:`nonogram_editor.nonogram.order_cnf.other_solution`)."""
    from nonogram_editor.nonogram import order_cnf

    return order_cnf.other_solution(problem.row_clues, problem.column_clues, problem.known, problem.picture)


FIRST_SOLUTION = [  # a solution of bare clues
    Racer("kissat", automaton_first, stops=KISSAT_HEAD_START, then="decimation"),
    Racer("block encoding", blocks_first, joins=KISSAT_ALONE, eager=True),
    Racer("decimation", decimation_first, joins=None, then="kissat on blocks"),
    Racer("kissat on blocks", kissat_on_blocks, joins=None),
]

OTHER_SOLUTION = [  # a solution other than the picture
    Racer("automaton encoding", automaton_other),
    Racer("block encoding", blocks_other, joins=KISSAT_ALONE, nice=RACER_NICE),
]


def first_without_forks(problem: Problem) -> list[int] | None:
    """:data:`FIRST_SOLUTION` where no fork can be made, one after the other: a symmetric
    solution, a short CaDiCaL search (``QUICK_CONFLICTS``) on the automaton encoding, then
    the block encoding to the end."""
    from nonogram_editor.infra.sat_solvers import Solver
    from nonogram_editor.nonogram.order_cnf import FIRST_SOLVER

    symmetric = _symmetric_solution(problem)
    if symmetric is not None:
        return symmetric
    with Solver(name=FIRST_SOLVER, bootstrap_with=problem.clauses) as solver:  # a short search that can be stopped
        solver.conf_budget(QUICK_CONFLICTS)
        found = solver.solve_limited()
        if found is not None:
            return model_rows(solver.get_model(), problem.height, problem.width) if found else None
    return blocks_first(problem)


def race(schedule: list[Racer], problem: Problem, without_forks: Callable[[Problem], list[int] | None],
         running: dict | None = None) -> list[int] | None:
    """The answer of whichever racer of ``schedule`` answers first (see the module), each
    in a fork of its own. ``running``: racers' forks started already, by name. Where a
    racer's fork cannot be made, the others are ended and ``without_forks`` (for the lead)
    or the racer itself answers here. A racer that fails drops out; when none is left
    running or to come, its failure is raised. Every fork is ended when the race is over."""
    by_name = {racer.name: racer for racer in schedule}
    lead = schedule[0]
    forks = dict(running or {})  # name -> its fork (nonogram_editor.infra.child_process.Child)
    waiting = [racer for racer in schedule if racer.joins is not None and racer.name not in forks]
    try:
        for racer in list(waiting):
            if racer is lead or racer.joins <= 0:
                waiting.remove(racer)
                if not _join(racer, problem, forks):
                    return (without_forks if racer is lead else racer.solve)(problem)
        while True:
            if not forks and not waiting:
                raise RuntimeError("every racer stopped without an answer")
            leaving = []  # racers that failed or used their CPU seconds: their replacements join
            for name, fork in list(forks.items()):
                if fork.done():
                    try:
                        return fork.result()
                    # it failed (out of memory, decimation giving up): it drops out
                    except (RuntimeError, MemoryLimitReached):
                        del forks[name]
                        if not forks and not waiting and by_name[name].then is None:
                            raise
                        leaving.append(name)
            spent = {name: forks[name].cpu_seconds() for name in forks
                     if name == lead.name or by_name[name].stops is not None}
            for name, seconds in spent.items():
                stops = by_name[name].stops
                if stops is not None and seconds is not None and seconds > stops:
                    forks.pop(name).kill()  # a SAT solver cannot be stopped but by ending its process
                    leaving.append(name)
            joining = [by_name[by_name[name].then] for name in leaving if by_name[name].then is not None]
            lead_spent = spent.get(lead.name) if lead.name in forks else None
            for racer in list(waiting):
                if lead_spent is None or lead_spent > racer.joins:
                    waiting.remove(racer)
                    joining.append(racer)
            for racer in joining:
                if not _join(racer, problem, forks):
                    return racer.solve(problem)
            time.sleep(RACE_POLL_SECONDS)
    finally:
        for fork in forks.values():
            fork.kill()


def _join(racer: Racer | None, problem: Problem, forks: dict) -> bool:
    """Start ``racer`` (if any) in a fork and add it to ``forks``; False where no fork can
    be made (then the others in ``forks`` are ended and removed)."""
    if racer is None:
        return True
    fork = _fork(racer, problem)
    if fork is None:
        for other in forks.values():
            other.kill()
        forks.clear()
        return False
    forks[racer.name] = fork
    return True


def _fork(racer: Racer, problem: Problem):
    """``racer`` running in a fork of its own (:func:`nonogram_editor.infra.child_process.fork_running`: it ends with
    this process, so that killing the SAT process ends its racers too), or None where none
    can be made."""
    from nonogram_editor.infra.child_process import fork_running

    return fork_running(_run, (racer, problem), name=racer.name)


def _run(racer: Racer, problem: Problem) -> list[int] | None:
    """In the racer's fork: its niceness, then its answer."""
    if racer.nice and hasattr(os, "nice"):
        os.nice(racer.nice)
    return racer.solve(problem)


def _solve_all(clauses, solver_name: str, height: int, width: int) -> list[int] | None:
    """A solution of ``clauses`` by ``solver_name`` (row masks), or None (runs to the end)."""
    from nonogram_editor.infra.sat_solvers import Solver

    with Solver(name=solver_name, bootstrap_with=clauses) as solver:
        return model_rows(solver.get_model(), height, width) if solver.solve() else None


def _symmetric_solution(problem: Problem) -> list[int] | None:
    """:func:`nonogram_editor.nonogram.symmetry.symmetric_model` on the automaton encoding, as row masks."""
    from nonogram_editor.nonogram.symmetry import symmetric_model

    model = symmetric_model(problem.clauses, problem.row_clues, problem.column_clues)
    return None if model is None else model_rows(model, problem.height, problem.width)


def search_near(row_clues, column_clues, picture: list[int]) -> tuple[bool, list[int] | None]:
    """The line-logic search (:func:`nonogram_editor.nonogram.search.find_alternative`) for a solution
    other than ``picture``, for up to ``SEARCH_NEAR`` seconds of CPU: (True, the other
    solution or None when there is none), or (False, None) when it used up its time. Where
    the solutions are many it finds another next to the first in milliseconds, against
    seconds of SAT solving."""
    from nonogram_editor.infra.tasks import OverBudget, Task
    from nonogram_editor.nonogram.puzzle import Puzzle
    from nonogram_editor.nonogram.search import Lookahead, find_alternative

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


_kept: list = []  # the last encoding decide made


def decide(row_clues, column_clues, known, picture: list[int] | None, spare_core: bool = False,
           solver_name: str = DEFAULT_SOLVER) -> tuple[list[int] | None, list[int] | None]:
    """(a solution, a second solution) as row masks, None where there is none.

    With ``picture`` (row masks of a known solution) the first is the picture itself and
    only "another solution" is asked, first inside small windows (:func:`_local_other`,
    before the whole grid is encoded); without, a solution is found first
    (:data:`FIRST_SOLUTION`), then another, first by a short line-logic search next to it
    (:func:`search_near`; the verdict's own search has already tried that near a given picture).
    ``solver_name``: the python-sat solver that answers in full. ``spare_core``: another
    core is free for this process (the first solution's eager racers start at once). Runs
    to the end (call it through :mod:`nonogram_editor.infra.child_process` to bound it).
    """
    from nonogram_editor.infra.sat_solvers import Solver

    height, width = len(row_clues), len(column_clues)
    problem = Problem(row_clues, column_clues, known, solver_name=solver_name)
    running = {}
    if picture is None and spare_core:
        running = {racer.name: fork for racer in FIRST_SOLUTION if racer.eager
                   if (fork := _fork(racer, problem)) is not None}
    if picture is not None:  # most often another solution is a small change of the picture
        local = _local_other(row_clues, column_clues, rows_to_array(picture, width), _open_cells(known, width))
        if local is not None:
            return picture, local
    encoded = encode(row_clues, column_clues, known)
    if encoded is None:
        for fork in running.values():
            fork.kill()
        return None, None
    clauses, _ = encoded
    _kept[:] = [clauses]  # until the next call: a SAT process, ending next, can skip freeing it
    problem.clauses = clauses
    if picture is None:
        picture = race(FIRST_SOLUTION, problem, first_without_forks, running)
        if picture is None:
            return None, None
        decided, other = search_near(row_clues, column_clues, picture)
        if decided:
            return picture, other
    open_cells = _open_cells(known, width)
    if not open_cells.any():
        return picture, None
    # A short search that tries the picture's values first; kissat cannot be given such a guess.
    cells = np.arange(1, height * width + 1).reshape(height, width)
    stays = np.where(rows_to_array(picture, width), cells, -cells)  # "the cell keeps the picture's value"
    clauses.append((-stays[open_cells]).tolist())  # some cell line logic left open takes the other value
    with Solver(name=NEAR_SOLVER, bootstrap_with=clauses) as solver:
        solver.set_phases(stays.ravel().tolist())
        solver.conf_budget(NEAR_CONFLICTS)
        near = solver.solve_limited()
        if near is not None:
            return picture, (model_rows(solver.get_model(), height, width) if near else None)
    problem.picture = picture
    return picture, race(OTHER_SOLUTION, problem, automaton_other)


def _open_cells(known: tuple[list[int], list[int]], width: int) -> np.ndarray:
    """The cells ``known`` (row masks: filled, empty) leaves open (bool, height x width)."""
    return ~(rows_to_array(known[0], width) | rows_to_array(known[1], width))


def _local_other(row_clues, column_clues, grid: np.ndarray, open_cells: np.ndarray) -> list[int] | None:
    """Another solution that differs from the picture ``grid`` only inside one window
    (``WINDOW`` cells square, half of that apart), as row masks, or None. In each window
    the cells ``open_cells`` marks (what line logic left open) are free and every other
    cell keeps the picture's value: only the segments of the lines through the window
    that a free cell can change are encoded (:func:`_segments`), and CaDiCaL asked for a
    free cell that differs (at most ``WINDOW_CONFLICTS`` conflicts a window,
    ``WINDOWS_SECONDS`` of CPU in all). Each answer takes milliseconds, on big grids too:
    a small "switch" that the search's smaller windows miss (Knotty's, 8x8 cells) is found
    at once, where the search near the picture takes seconds or minutes."""
    from nonogram_editor.infra.sat_solvers import Solver
    from nonogram_editor.nonogram.cnf import line_clauses
    from nonogram_editor.nonogram.search import windows

    height, width = grid.shape
    cells = np.arange(1, height * width + 1).reshape(height, width)
    false = height * width + 1  # a variable that is false: the cell of a segment's padding
    until = time.process_time() + WINDOWS_SECONDS
    for rows, columns in windows(height, width, WINDOW, WINDOW // 2):
        rows, columns = slice(rows.start, rows.stop), slice(columns.start, columns.stop)
        free = np.zeros_like(open_cells)
        free[rows, columns] = open_cells[rows, columns]
        if not free.any():
            continue
        if time.process_time() > until:
            return None
        clauses = [[-false], np.where(grid, -cells, cells)[free].tolist()]  # some free cell differs
        last_variable = false
        for clues, lines, span, line_grid, line_free, line_cells in (
                (row_clues, rows, columns, grid, free, cells), (column_clues, columns, rows, grid.T, free.T, cells.T)):
            segments = _segments(clues, lines, span, line_grid, line_free, line_cells, false)
            clauses += [[literal] for literal in segments.fixed]
            encoded = line_clauses(segments.clues, segments.cells, segments.filled, segments.empty, last_variable)
            clauses += encoded[0]  # never None: the picture's own placement fits
            last_variable = encoded[1]
        with Solver(name=NEAR_SOLVER, bootstrap_with=clauses) as solver:
            solver.conf_budget(WINDOW_CONFLICTS)
            if solver.solve_limited():
                other = grid.copy()
                other[free] = np.isin(cells[free], solver.get_model())
                return array_to_rows(other)
    return None


@dataclass
class _LineSegments:
    """The segments of some lines as :func:`nonogram_editor.nonogram.cnf.line_clauses` takes them:
    each segment's part of its clue, its cells' variables, padded to one length with a
    false variable, what is fixed in them (filled, empty), and the literals of the fixed
    cells (as unit clauses)."""

    clues: list[list[int]]
    cells: np.ndarray
    filled: np.ndarray
    empty: np.ndarray
    fixed: list[int]


def _segments(clues, lines: slice, span: slice, grid: np.ndarray, free: np.ndarray, cells: np.ndarray,
              false: int) -> _LineSegments:
    """The segments of lines ``lines`` of ``grid`` (the picture, lines as rows) where only
    the cells ``free`` marks, all within ``span``, may change: from the empty cell before
    ``span`` nearest to it (or the line's start) to the nearest empty cell after it (or the
    line's end). Outside a segment the line keeps the picture's blocks, whole (an empty cell
    ends them), so the segment holds the rest of the clue: a free cell's value fits the line
    exactly when it fits the segment's part of the clue."""
    length = grid.shape[1]
    bounds, parts = [], []
    for line in range(lines.start, lines.stop):
        picture = grid[line]
        empties = np.flatnonzero(~picture)
        before, after = empties[empties < span.start], empties[empties >= span.stop]
        start = int(before[-1]) + 1 if len(before) else 0
        stop = int(after[0]) if len(after) else length
        clue = [block for block in clues[line] if block]
        ahead, behind = len(line_clues(picture[:start])), len(line_clues(picture[stop:]))
        bounds.append((line, start, stop))
        parts.append(clue[ahead:len(clue) - behind])
    longest = max(stop - start for _, start, stop in bounds)
    segment_cells = np.full((len(bounds), longest), false, dtype=np.int64)
    filled = np.zeros((len(bounds), longest), dtype=bool)
    empty = np.ones((len(bounds), longest), dtype=bool)  # the padding: empty, its variable false
    fixed = []
    for index, (line, start, stop) in enumerate(bounds):
        here, kept = cells[line, start:stop], ~free[line, start:stop]
        segment_cells[index, :stop - start] = here
        filled[index, :stop - start] = grid[line, start:stop] & kept
        empty[index, :stop - start] = ~grid[line, start:stop] & kept
        fixed += np.where(grid[line, start:stop], here, -here)[kept].tolist()
    return _LineSegments(parts, segment_cells, filled, empty, fixed)
