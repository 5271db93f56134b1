"""The verdict on a colour puzzle: LINE, BRANCH, MULT, CONTRADICTION or UNDECIDED (Qt-free).

    verdict = check_colour(rows, columns, colours)              # bare clues (goal=: the intended picture)
    verdict = check_colour_drawing(grid, colours)               # the clues a drawing implies
    verdict.kind, verdict.picture, verdict.alternative, verdict.line_counts()
    verdict.logic.possible_array()                              # the colours each cell may still take

The stages are the two-colour check's (:mod:`nonogram_editor.nonogram.verdict`, docs/solver.md):
line logic (:mod:`nonogram_editor.nonogram.colour.line`), on bare clues a quick first solution
(:func:`_first_quickly`: a short search, or decimation), then probing and the search
(:mod:`nonogram_editor.nonogram.colour.search`) for up to ``SEARCH_ALONE`` CPU seconds, with the
SAT solver (:mod:`nonogram_editor.nonogram.colour.cnf`) starting in a separate process after
``SAT_HEAD_START`` and deciding what they leave undecided; UNDECIDED only when the time
limit passes first. The result is a :class:`~nonogram_editor.nonogram.verdict.Verdict` whose
``puzzle`` is a :class:`~nonogram_editor.nonogram.colour.puzzle.ColourClues`, ``logic`` a
:class:`~nonogram_editor.nonogram.colour.puzzle.ColourBoard`, and ``picture``/``alternative`` grids
of colour indices (0: the background).
"""
from __future__ import annotations

import time

import numpy as np

from nonogram_editor.infra.tasks import OverBudget, Task, TimeUp
from nonogram_editor.nonogram.colour.puzzle import ColourBoard, ColourClues
from nonogram_editor.nonogram.colour.search import find_alternative, find_solution
from nonogram_editor.nonogram.search import Lookahead
from nonogram_editor.nonogram.verdict import SAT_HEAD_START, SEARCH_ALONE, Kind, Stage, Verdict

TIME_LIMIT = 60.0  # seconds, as the two-colour check's default
QUICK_FIRST = 0.5e-3  # CPU seconds per cell for bare clues' quick first solution (decimation mostly needs half)
QUICK_GUESSES = 64  # guesses of the search for it before decimation tries ...
DECIMATE_FIRST = 0.7  # ... unless line logic left this share of the cells open (there the search rarely finds one)
QUICK_ROUNDS = 10  # decimation's first rounds of belief propagation there (fewer than its default: sooner, as sure)
QUICK_CONFLICTS = 2000  # CaDiCaL's conflicts at its dead ends there (its search cannot give way sooner)


def check_colour(rows, columns, colours: int, *, goal: np.ndarray | None = None,
                 time_limit: float | None = TIME_LIMIT, task: Task | None = None) -> Verdict:
    """The verdict on colour clues: ``rows[i]``/``columns[j]`` are sequences of ``(length,
    colour)``, colours ``1..colours-1``. ``goal``, the intended picture if known, must fit
    them. ``time_limit`` applies when no ``task`` is given (the task's own limit otherwise)."""
    start = time.perf_counter()
    puzzle = ColourClues(rows, columns, colours)
    if goal is not None:
        goal = np.asarray(goal, dtype=np.int64)
        if not puzzle.is_solution(goal):
            raise ValueError("the goal picture does not fit the clues")
    return _check(puzzle, goal, task or Task(time_limit=time_limit), start)


def check_colour_drawing(drawing: np.ndarray, colours: int, *, time_limit: float | None = TIME_LIMIT,
                         task: Task | None = None, line_logic_only: bool = False,
                         previous: Verdict | None = None) -> Verdict:
    """The verdict on the clues a drawing of colour indices implies (the drawing is one
    solution). ``line_logic_only`` and ``previous`` as for
    :func:`nonogram_editor.nonogram.verdict.check_drawing`: stop after line logic (LINE or the
    provisional STALLED); reuse the other solution of a verdict on an earlier drawing."""
    start = time.perf_counter()
    drawing = np.asarray(drawing, dtype=np.int64)
    return _check(ColourClues.from_grid(drawing, colours), drawing, task or Task(time_limit=time_limit), start,
                  line_logic_only, previous)


def _reuse_previous(puzzle: ColourClues, picture: np.ndarray | None, previous: Verdict | None) -> np.ndarray | None:
    """Another solution of ``puzzle`` from a verdict on an earlier drawing of the same size:
    its other solution with the cells the designer changed since changed alike, that other
    solution as it was, or the earlier drawing itself (each checked against the clues)."""
    if previous is None or picture is None or previous.picture is None or previous.picture.shape != picture.shape:
        return None
    earlier = np.asarray(previous.picture, dtype=np.int64)
    candidates = [earlier]
    if previous.alternative is not None and previous.alternative.shape == picture.shape:
        alternative = np.asarray(previous.alternative, dtype=np.int64)
        candidates[:0] = [np.where(picture != earlier, picture, alternative), alternative]
    for candidate in candidates:
        if not np.array_equal(candidate, picture) and puzzle.is_solution(candidate):
            return candidate.copy()
    return None


def _check(puzzle: ColourClues, picture: np.ndarray | None, task: Task, start: float,
           line_logic_only: bool = False, previous: Verdict | None = None) -> Verdict:
    board = puzzle.board()
    sweeps = None
    lookahead = Lookahead()
    finding = Lookahead()  # the search for a first solution (bare clues): not the player's lookahead

    def verdict(kind: str, **details) -> Verdict:
        return Verdict(kind, puzzle, board, sweeps or 0, time.perf_counter() - start, **details)

    try:
        sweeps = puzzle.propagate(board, task=task)
        if sweeps is None:
            return verdict(Kind.CONTRADICTION)
        if board.is_complete():
            return verdict(Kind.LINE, picture=board.grid())
        if line_logic_only:
            return verdict(Kind.STALLED, picture=picture)
        other = _reuse_previous(puzzle, picture, previous)
        if other is not None:
            return verdict(Kind.MULT, picture=picture, alternative=other, decided_by=Stage.PREVIOUS)
        if picture is None:
            picture = _first_quickly(puzzle, board, task, finding)
        sat = _SatStage(puzzle, board, picture)
        searching_since = time.thread_time()

        def give_way() -> bool:
            spent = time.thread_time() - searching_since
            if spent > SAT_HEAD_START:
                sat.start()
            return spent > SEARCH_ALONE or sat.done()

        try:
            with task.give_way(give_way):
                work = board.copy()
                if picture is None:
                    first = find_solution(puzzle, work.copy(), task, finding)
                    if first is None:
                        return verdict(Kind.CONTRADICTION, lookahead=finding, decided_by=Stage.SEARCH)
                    picture = first.grid()
                other = find_alternative(puzzle, work, picture, task, lookahead)
        except OverBudget:
            first, second = sat.result(task)
            if first is None:
                return verdict(Kind.CONTRADICTION, lookahead=lookahead, decided_by=Stage.SAT)
            if second is None:
                return verdict(Kind.BRANCH, lookahead=lookahead, picture=first, decided_by=Stage.SAT)
            return verdict(Kind.MULT, lookahead=lookahead, picture=first, alternative=second, decided_by=Stage.SAT)
        finally:
            sat.stop()
    except TimeUp as reached:
        return verdict(Kind.UNDECIDED, lookahead=lookahead, picture=picture, memory_limit=reached.megabytes)
    if other is not None:
        return verdict(Kind.MULT, lookahead=lookahead, picture=picture, alternative=other.grid(),
                       decided_by=Stage.SEARCH)
    return verdict(Kind.BRANCH, lookahead=lookahead, picture=picture, decided_by=Stage.SEARCH)


def _first_quickly(puzzle: ColourClues, board: ColourBoard, task: Task, finding: Lookahead) -> np.ndarray | None:
    """Bare clues' first solution if one comes within ``QUICK_FIRST`` CPU seconds per cell, else None
    (then the search and the SAT stage look on): the search up to ``QUICK_GUESSES``
    guesses (small puzzles and those line logic nearly solves; not where it left
    ``DECIMATE_FIRST`` of the cells open), then decimation
    (:mod:`nonogram_editor.nonogram.colour.decimate`: noise pictures with many solutions,
    where the search makes thousands of guesses and the SAT stage takes a second). With a
    solution in hand the rest is a drawing's check."""
    from nonogram_editor.nonogram.colour.decimate import Colour
    from nonogram_editor.nonogram.decimate import GaveUp, decimate

    try:
        cells = puzzle.width * puzzle.height
        with task.budget(QUICK_FIRST * cells):
            first = None
            if board.unknown_count() < DECIMATE_FIRST * cells:
                first = find_solution(puzzle, board.copy(), task, finding, budget=QUICK_GUESSES)
            if first is None:
                first = decimate(puzzle, board, task=task, kind=Colour(puzzle, QUICK_ROUNDS, QUICK_CONFLICTS))
    except (GaveUp, OverBudget):
        return None
    return None if first is None else first.grid()


def keep_sat_process_ready() -> None:
    """Have a SAT process waiting with the colour encoding imported
    (:func:`nonogram_editor.nonogram.verdict.keep_sat_process_ready` for colour puzzles)."""
    from nonogram_editor.infra.child_process import keep_ready

    keep_ready(("nonogram_editor.nonogram.colour.portfolio", "nonogram_editor.nonogram.colour.decimate",
                "nonogram_editor.infra.sat_solvers"))


class _SatStage:
    """:func:`nonogram_editor.nonogram.colour.portfolio.decide` on line logic's fixpoint, in a separate process."""

    def __init__(self, puzzle: ColourClues, board: ColourBoard, picture: np.ndarray | None):
        self._shape = (puzzle.height, puzzle.width)
        self._args = (puzzle.row_clues, puzzle.column_clues, puzzle.colours, list(board.rows),
                      None if picture is None else np.asarray(picture).tolist())
        self._child = None

    def start(self) -> None:
        if self._child is not None:
            return
        from nonogram_editor.infra.child_process import (  # here: a quick check never loads them
            fork_ready,
            start_in_process,
        )
        from nonogram_editor.nonogram.colour.portfolio import decide

        name = "colour nonogram SAT solver"
        forked = fork_ready(1)
        self._child = (forked.send(decide, self._args, name) if forked
                       else start_in_process(decide, self._args, name))

    def done(self) -> bool:
        return self._child is not None and self._child.done()

    def result(self, task: Task) -> tuple[np.ndarray | None, np.ndarray | None]:
        def waiting(seconds: float) -> None:
            task.report(seconds, None, f"SAT solver, {seconds:.0f} s")

        self.start()
        task.report(0, None, "SAT solver", force=True)
        grids = self._child.wait(task, on_wait=waiting)
        return tuple(None if grid is None else np.array(grid, dtype=np.int64).reshape(self._shape)
                     for grid in grids)

    def stop(self) -> None:
        if self._child is not None:
            self._child.kill()



