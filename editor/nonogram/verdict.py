"""The verdict on a drawing or on bare clues: LINE, BRANCH, MULT or CONTRADICTION (Qt-free).

    verdict = check_drawing(solution)            # the editor: clues from the drawing
    verdict = check_puzzle(rows, columns, goal)  # an imported puzzle (goal may be None)
    verdict = rechecks.check(edited)             # a drawing being edited (Rechecks: the last verdict as a hint)
    verdict.kind, verdict.sweeps, verdict.seconds, verdict.describe()

* ``LINE``: unique, and line logic alone reaches the picture.
* ``BRANCH``: unique, but line logic stalls; :attr:`Verdict.lookahead` says how much more
  it took (probing: one cell of lookahead; search: guesses and their depth).
* ``MULT``: another picture fits the clues: :attr:`Verdict.alternative`, and
  :attr:`Verdict.differing` the cells where it differs from the picture.
* ``CONTRADICTION``: no picture fits the clues (only possible for bare clues).
* ``STALLED`` (provisional, only with ``line_logic_only``): line logic stalls; the full
  check decides between BRANCH and MULT.
* ``UNDECIDED``: the task's time limit passed before the check could decide.

On bare clues, a first solution is looked for quickly first (:func:`_first_quickly`:
probing at the search's first node, then decimation, within ``QUICK_FIRST`` CPU
seconds); with one in hand the rest is a drawing's check, and clues with many solutions
are MULT in a fraction of that time, no SAT process started.

:func:`_check` runs the stages in order, each a function that gives the verdict or None:
:func:`_line_logic`, :func:`_previous_other_solution`, then :func:`_probing_and_search`
with :func:`_sat_solver` after it. Past line logic, probing and the search
(:mod:`nonogram_editor.nonogram.search`) get up to ``SEARCH_ALONE`` seconds of CPU time: they give
the difficulty figures and decide most drawings in milliseconds. A SAT solver
(:mod:`nonogram_editor.nonogram.portfolio`), complete and fast on the hard cases, decides what they
leave undecided, in a separate process so that Cancel and the time limit end it at once.
That process starts once the search has used ``SAT_HEAD_START`` of CPU time (the search's
tick hook, :class:`_Handover`), so that its start-up and encoding overlap the rest of the
search, unless probing still proves cells (``PROVING_GAP``): then it mostly completes the
picture soon, for less than the process would cost. Where a core was idle beside the
search meanwhile (``SPARE_CORE``), on bare clues it starts from what the search's probing
has proved at its first node by then (fewer open cells make the SAT solver's first
solution quicker) and its racers for a first solution start together (:mod:`nonogram_editor.nonogram.portfolio`).
Whichever answers first decides (:attr:`Verdict.decided_by` says which), and past ``SEARCH_ALONE`` only the SAT
solver goes on: racing longer takes CPU from the SAT solver on a busy machine, and what
the search would win later it mostly wins within its budget. On bare clues, while they
race, the search steps back (on Linux, ``SEARCH_NICE``: a lower priority for its thread)
so that on a busy machine the SAT process gets the CPU first: there the search has to
find a first solution, which the SAT solver finds in moments. A drawing's race is about
proving no other solution, where the search's probing often wins, so there both keep the
same priority. The search on bare clues runs in a thread of its own, so the lower
priority ends with it. docs/solver.md tells the whole story; docs/benchmarks.md has the
figures behind these choices.
"""
from __future__ import annotations

import os
import sys
import threading
import time
from dataclasses import dataclass, field
from enum import StrEnum

from nonogram_editor.infra.lazy import numpy as np
from nonogram_editor.infra.tasks import OverBudget, Task, TimeUp
from nonogram_editor.infra.wording import Activity, Wording
from nonogram_editor.level.bit_rows import BitRows, GridField, as_array, given
from nonogram_editor.nonogram.puzzle import Board, Puzzle, array_to_rows, rows_to_array
from nonogram_editor.nonogram.search import Lookahead, find_alternative, find_solution


class Kind(StrEnum):
    """What a verdict says (:attr:`Verdict.kind`); the value is what ``check --json`` prints."""

    LINE = "LINE"
    BRANCH = "BRANCH"
    MULT = "MULT"
    CONTRADICTION = "CONTRADICTION"
    STALLED = "STALLED"  # provisional, from line_logic_only: line logic stalls, uniqueness not decided yet
    UNDECIDED = "UNDECIDED"  # the time limit passed first, or the memory limit was reached


class Stage(StrEnum):
    """Which stage decided a verdict (:attr:`Verdict.decided_by`)."""

    LINE_LOGIC = "line logic"
    SEARCH = "probing and search"
    SAT = "SAT solver"
    PREVIOUS = "the previous verdict"  # its other solution, checked against the new clues (check_drawing's previous)


SEARCH_ALONE = 0.5  # CPU seconds probing and search get before the SAT solver takes over
SAT_HEAD_START = 0.1  # CPU seconds of probing and search after which the SAT process starts beside them
PROVING_GAP = 0.05  # ... unless they proved a cell within this many CPU seconds (they still make progress)
SEARCH_NICE = 10  # the search's thread's niceness (Linux) while the SAT process runs beside it (bare clues)
QUICK_FIRST = 0.3  # CPU seconds for bare clues' quick first solution (probing at the first node, then decimation)
DECIMATE_FIRST = 0.9  # share of the cells line logic leaves open from which decimation goes before that probing
SPARE_CORE = 0.75  # idle cores (on average while the search ran) beside it that let bare clues' racers start together


@dataclass
class Verdict(Wording):
    kind: Kind
    puzzle: Puzzle
    logic: Board  # what line logic proved where it stopped (or met the contradiction)
    sweeps: int  # rounds of line logic that found something
    seconds: float
    lookahead: Lookahead = field(default_factory=Lookahead)
    picture: GridField = GridField()  # the drawing, or the solution found from bare clues (an array or None)
    alternative: GridField = GridField()  # MULT: another solution
    decided_by: Stage = Stage.LINE_LOGIC
    memory_limit: int | None = None  # UNDECIDED by the memory limit of its SAT process (MB), not the time limit
    _counts: tuple[list[int], list[int]] | None = field(default=None, repr=False)

    @property
    def width(self) -> int:
        return self.puzzle.width

    @property
    def height(self) -> int:
        return self.puzzle.height

    @property
    def undetermined(self) -> np.ndarray:
        """Cells line logic leaves open (bool, height x width)."""
        return ~(self.logic.filled_array() | self.logic.empty_array())

    @property
    def open_cells(self) -> int:
        return self.logic.unknown_count()

    @property
    def differing(self) -> np.ndarray | None:
        """MULT: the cells where the alternative differs from the picture."""
        if self.alternative is None or self.picture is None:
            return None
        return self.alternative != self.picture

    def line_counts(self) -> tuple[list[int], list[int]]:
        """Per row and column: placements still possible where line logic stopped (0, 1 or more)."""
        if self._counts is None:
            self._counts = self.puzzle.line_counts(self.logic)
        return self._counts

    def headline(self) -> str:
        return {
            Kind.LINE: self.tr("Unique: line logic solves it"),
            Kind.BRANCH: self.tr("Unique, but line logic gets stuck"),
            Kind.MULT: self.tr("Not unique: more than one picture fits"),
            Kind.CONTRADICTION: self.tr("No picture fits these clues"),
            Kind.STALLED: self.tr("Line logic gets stuck; looking further"),
            Kind.UNDECIDED: self.tr("Undecided: the time limit passed first") if self.memory_limit is None else
            self.tr("Undecided: the memory limit of {0} MB was reached").format(self.memory_limit),
        }[self.kind]

    def undecided_reason(self) -> str:
        """UNDECIDED: which limit was reached, in the command line's words (English)."""
        if self.memory_limit is not None:
            return f"memory limit of {self.memory_limit} MB reached"
        return "time limit reached"

    def describe(self) -> str:
        """The verdict in a designer's words, with sweeps and time."""
        timing = self.tr("(checked in {0})").format(_duration(self.seconds))
        look = self.lookahead
        guesses = self.tr("%n guess(es)", "", look.branches)
        stuck = self.tr("Line logic gets stuck after {0} with {1} still open (shaded).").format(
            self.tr("%n sweep(s)", "", self.sweeps), self.tr("%n cell(s)", "", self.open_cells))
        if self.kind == Kind.LINE:
            return self.tr("A player can solve it with line logic alone, in %n sweep(s) over the rows and columns. {0}",
                           "", self.sweeps).format(timing)
        if self.kind == Kind.MULT:
            return self.tr("{0} Another picture fits the same clues; it differs in %n cell(s). {1}",
                           "", int(self.differing.sum())).format(stuck, timing)
        if self.kind == Kind.STALLED:
            return self.tr("{0} Looking for another solution… {1}").format(stuck, timing)
        if self.kind == Kind.UNDECIDED and self.memory_limit is not None:
            return self.tr("{0} The SAT solver reached the memory limit of {1} MB before another solution turned up "
                           "or uniqueness was proved. {2}").format(stuck, self.memory_limit, timing)
        if self.kind == Kind.UNDECIDED:
            return self.tr("{0} The time ran out before another solution turned up or uniqueness was proved "
                           "({1}, {2}). {3}").format(stuck, self.tr("%n probe(s)", "", look.probes), guesses, timing)
        if self.kind == Kind.CONTRADICTION:
            if self.decided_by == Stage.SAT:
                return self.tr("These clues have no solution: a SAT solver finds no solution. {0}").format(timing)
            if look.branches == 0:
                return self.tr("These clues have no solution: line logic runs into a contradiction. {0}").format(timing)
            return self.tr("These clues have no solution: a search ({0}) finds no solution. {1}").format(
                guesses, timing)
        if self.decided_by == Stage.SAT:
            how = self.tr("Lookahead does not settle it quickly; a SAT solver proved that no other picture "
                          "fits the clues.")
        elif look.needs_search:
            how = self.tr("Even trying single cells is not enough: it takes trial and error "
                          "({0}, up to {1} deep) to rule out %n cell(s).", "", look.proved_by_search).format(
                guesses, look.depth)
        else:
            how = self.tr("The player has to look ahead: trying a cell and reaching a contradiction settles it "
                          "(one cell of lookahead, {0} in {1}).").format(
                self.tr("%n probe(s)", "", look.probes), self.tr("%n round(s)", "", look.probe_rounds))
        return f"{stuck} {how} {timing}"

    def lookahead_text(self) -> str:
        """BRANCH: the lookahead it took, in a few words (the command line's detail)."""
        look = self.lookahead
        probes, branches = self.tr("%n probe(s)", "", look.probes), self.tr("%n branch(es)", "", look.branches)
        if self.decided_by == Stage.SAT:
            return self.tr("SAT solver after {0} and {1}").format(probes, branches)
        if look.needs_search:
            return self.tr("search: {0}, depth {1}, {2}").format(branches, look.depth, probes)
        return self.tr("probing depth 1: {0} in {1}").format(probes, self.tr("%n round(s)", "", look.probe_rounds))

    def to_json(self) -> dict:
        look = self.lookahead
        data = {"verdict": self.kind, "width": self.width, "height": self.height, "sweeps": self.sweeps,
                "seconds": round(self.seconds, 4), "open_cells_after_line_logic": self.open_cells,
                "decided_by": self.decided_by}
        if self.kind in (Kind.BRANCH, Kind.MULT, Kind.UNDECIDED):
            data.update(probes=look.probes, probe_rounds=look.probe_rounds,
                        proved_by_probing=look.proved_by_probing, proved_by_search=look.proved_by_search,
                        branches=look.branches, depth=look.depth)
        if self.kind == Kind.UNDECIDED:
            data["reason"] = self.undecided_reason()
        if self.kind == Kind.BRANCH:
            data["lookahead"] = "sat" if self.decided_by == Stage.SAT else "search" if look.needs_search else "probing"
        picture = given(self, "picture")  # as rows of bits where line logic found it: no array made
        if picture is not None and self.kind in (Kind.LINE, Kind.BRANCH, Kind.MULT):
            data["solution"] = _row_strings(picture)
        if self.kind == Kind.MULT:
            differing = self.differing
            data["differing_cells"] = cells_to_json(zip(*np.nonzero(differing)))
            data["alternative"] = _row_strings(self.alternative)
        return data


def cells_to_json(cells) -> list[list[int]]:
    """Cells for JSON output: ``[row, column]``, both counted from 1, as in the text output and
    the editor's status bar (nonogram-editor help command-line)."""
    return [[int(row) + 1, int(column) + 1] for row, column in cells]


def _row_strings(grid: np.ndarray | BitRows) -> list[str]:
    """Rows as strings: "1"/"0" for a two-colour grid; for colour indices, a digit or
    letter per cell (0 the background)."""
    if isinstance(grid, BitRows):
        return grid.strings()
    if grid.dtype == bool:
        return ["".join("1" if cell else "0" for cell in row) for row in grid]
    return ["".join(_COLOUR_DIGITS[cell] for cell in row) for row in grid.tolist()]


_COLOUR_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def _duration(seconds: float) -> str:
    if seconds < 0.01:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def check_drawing(drawing: np.ndarray, task: Task | None = None, line_logic_only: bool = False,
                  previous: Verdict | None = None) -> Verdict:
    """The verdict on the clues a drawing implies (the drawing is always one solution).

    ``line_logic_only``: stop after line logic (fast): LINE, or the provisional STALLED
    when lookahead or search would be needed to decide. ``previous``: a verdict on an
    earlier drawing (the editor's: the one before the last edit), whose work the check
    may reuse (:func:`_reuse_previous`); any verdict gives the same kind of answer.
    """
    start = time.perf_counter()
    drawing = np.asarray(drawing, dtype=bool)
    return _check(Puzzle.from_grid(drawing), drawing, task, start, line_logic_only, previous)


class Rechecks:
    """The checks of one drawing as it is edited (the Solver dock's worker holds one):
    each check gets the last decided verdict, on whichever earlier drawing, as its hint
    (``previous``: :func:`_reuse_previous`, :func:`_sat_decided`), and a decided verdict
    becomes the next check's hint. Safe from several threads (a cancelled check may still
    run beside the next); a hint on a drawing of the other kind (two-colour or colour) is
    not given."""

    DECIDED = (Kind.LINE, Kind.BRANCH, Kind.MULT, Kind.CONTRADICTION)

    def __init__(self):
        self.hint: Verdict | None = None  # the last decided verdict: the next check's hint
        self._lock = threading.Lock()

    def check(self, drawing: np.ndarray, task: Task | None = None, line_logic_only: bool = False,
              check=check_drawing) -> Verdict:
        """``check(drawing, task, line_logic_only, previous)`` (:func:`check_drawing`, or the
        colour engine's) with the hint; its verdict, kept if decided."""
        with self._lock:
            previous = self.hint
        if previous is not None and (previous.picture is None
                                     or (previous.picture.dtype == bool) != (drawing.dtype == bool)):
            previous = None
        verdict = check(drawing, task, line_logic_only, previous)
        if verdict.kind in self.DECIDED:
            with self._lock:
                self.hint = verdict
        return verdict


def check_puzzle(row_clues, column_clues, goal: np.ndarray | BitRows | None = None,
                 task: Task | None = None) -> Verdict:
    """The verdict on clues; ``goal``, the intended picture if known, must fit them."""
    start = time.perf_counter()
    puzzle = Puzzle(row_clues, column_clues)
    if goal is not None:
        goal = goal if isinstance(goal, BitRows) else np.asarray(goal, dtype=bool)
        if not puzzle.is_solution(goal):
            raise ValueError("the goal picture does not fit the clues")
    return _check(puzzle, goal, task, start)


def _check(puzzle: Puzzle, picture: np.ndarray | BitRows | None, task: Task | None, start: float,
           line_logic_only: bool = False, previous: Verdict | None = None) -> Verdict:
    """The stages in order, each a function that gives the verdict or None (go on):
    line logic, the previous verdict's other solution, then probing and search with the
    SAT stage beside them, which decides what they leave. ``start``: when the check began
    (perf_counter), so that its seconds are all of it. Line logic works on bit masks: a
    check it decides never makes an array (nor imports numpy); past it the stages read
    the picture as an array."""
    check = _Check(puzzle, picture, start)
    task = task or Task()
    try:
        decided = _line_logic(check, task, line_logic_only)
        if decided is not None:
            return decided
        check.picture = as_array(check.picture)
        return _previous_other_solution(check, previous) or _search_and_sat(check, task, previous)
    except TimeUp as reached:
        return check.verdict(Kind.UNDECIDED, lookahead=check.lookahead, picture=check.picture,
                             memory_limit=reached.megabytes)


@dataclass
class _Check:
    """One check as it goes through the stages: the puzzle, the picture (given, or found
    from bare clues), the board line logic leaves and what lookahead took."""

    puzzle: Puzzle
    picture: np.ndarray | BitRows | None  # BitRows until line logic has had its turn
    start: float
    board: Board = field(init=False)
    sweeps: int = 0
    lookahead: Lookahead = field(default_factory=Lookahead)
    finding: Lookahead = field(default_factory=Lookahead)  # the search for a first solution (bare clues)

    def __post_init__(self):
        self.board = self.puzzle.board()

    def verdict(self, kind: Kind, **details) -> Verdict:
        return Verdict(kind, self.puzzle, self.board, self.sweeps, time.perf_counter() - self.start, **details)


def _line_logic(check: _Check, task: Task, line_logic_only: bool) -> Verdict | None:
    """Stage 1: LINE when line logic completes the picture, CONTRADICTION when it runs into
    one; with ``line_logic_only``, the provisional STALLED when it stalls."""
    sweeps = check.puzzle.propagate(check.board, task=task)
    if sweeps is None:
        return check.verdict(Kind.CONTRADICTION)
    check.sweeps = sweeps
    if check.board.is_complete():
        return check.verdict(Kind.LINE, picture=BitRows(tuple(check.board.row_filled), check.puzzle.width))
    if line_logic_only:
        return check.verdict(Kind.STALLED, picture=check.picture)
    return None


def _previous_other_solution(check: _Check, previous: Verdict | None) -> Verdict | None:
    """MULT when the previous verdict's other solution, the edit carried over, still fits
    (:func:`_reuse_previous`)."""
    other = _reuse_previous(check.puzzle, check.picture, previous)
    if other is None:
        return None
    return check.verdict(Kind.MULT, picture=check.picture, alternative=other, decided_by=Stage.PREVIOUS)


def _search_and_sat(check: _Check, task: Task, previous: Verdict | None) -> Verdict:
    """Stages 2 and 3: probing and search (on bare clues after a quick first solution),
    with the SAT stage started beside them by the search's tick hook (:class:`_Handover`);
    where they give way, the SAT stage decides."""
    root = check.board.copy()  # the search's first node: what its probing there proves, the SAT process starts from
    if check.picture is None:
        check.picture = _first_quickly(check.puzzle, root, task, check.lookahead)
    sat = _SatStage(check.puzzle, root, check.picture)
    look = check.lookahead
    handover = _Handover(sat, sat_first=_sat_decided(check.picture, previous), bare_clues=check.picture is None,
                         proved=lambda: look.proved_by_probing + look.proved_by_search - root.unknown_count())
    try:
        return _probing_and_search(check, task, root, handover) or _sat_solver(check, task, sat)
    finally:
        sat.stop()


def _probing_and_search(check: _Check, task: Task, root: Board, handover: _Handover) -> Verdict | None:
    """Stage 2: BRANCH, MULT or CONTRADICTION from probing and search (:func:`_search`), or
    None when they gave way to the SAT stage. On bare clues they run in a thread of their
    own, whose priority the handover lowers while the SAT process races them (a lowered
    priority cannot be raised again: it ends with the thread)."""
    search = (check.puzzle, check.board, check.picture, task, check.lookahead, check.finding, root)
    try:
        with task.ticking(handover.tick), task.give_way(handover.gives_way):
            picture, alternative = _in_own_thread(_search, *search) if handover.bare_clues else _search(*search)
    except OverBudget:
        return None
    if picture is None:
        return check.verdict(Kind.CONTRADICTION, lookahead=check.finding, decided_by=Stage.SEARCH)
    if alternative is not None:
        return check.verdict(Kind.MULT, lookahead=check.lookahead, picture=picture,
                             alternative=alternative.filled_array(), decided_by=Stage.SEARCH)
    return check.verdict(Kind.BRANCH, lookahead=check.lookahead, picture=picture, decided_by=Stage.SEARCH)


def _sat_solver(check: _Check, task: Task, sat: _SatStage) -> Verdict:
    """Stage 3: the SAT stage's answer (:func:`nonogram_editor.nonogram.portfolio.decide`)."""
    first, second = sat.result(task)
    if first is None:
        return check.verdict(Kind.CONTRADICTION, lookahead=check.lookahead, decided_by=Stage.SAT)
    if second is None:
        return check.verdict(Kind.BRANCH, lookahead=check.lookahead, picture=first, decided_by=Stage.SAT)
    return check.verdict(Kind.MULT, lookahead=check.lookahead, picture=first, alternative=second, decided_by=Stage.SAT)


class _Handover:
    """When probing and search hand over to the SAT stage, by the search's CPU time (its
    thread's, from its first tick, read at each tick): :meth:`tick` starts the SAT process once they have
    used ``SAT_HEAD_START`` (at once with ``sat_first``) and have not proved a cell for
    ``PROVING_GAP`` (``proved()`` changes whenever a cell is proved, where the search for another
    solution or probing at the first node proves them), and on bare clues lowers the search's priority
    then (:func:`_step_back`); :meth:`gives_way` is true once they have used
    ``SEARCH_ALONE`` (``SAT_HEAD_START`` with ``sat_first``) or the SAT stage has answered.
    Probing that still proves cells mostly completes the picture soon (the moderate
    puzzles: tenths of a second), where the SAT process's start-up and encoding would cost
    more CPU than the rest of the probing."""

    def __init__(self, sat: _SatStage, sat_first: bool, bare_clues: bool, proved):
        self.sat = sat
        self.sat_first = sat_first
        self.bare_clues = bare_clues
        self._proved_count = proved
        self._since = None
        self._spent = 0.0  # the search's CPU seconds at the last tick
        self._proved = proved()
        self._last_proof = None  # the search's CPU seconds when it last proved a cell

    def tick(self) -> None:
        now = time.thread_time()
        self._since = now if self._since is None else self._since
        self._spent = now - self._since
        proved = self._proved_count()
        if proved != self._proved:
            self._proved, self._last_proof = proved, self._spent
        proving = self._last_proof is not None and self._spent - self._last_proof < PROVING_GAP
        if (self.sat_first or (self._spent > SAT_HEAD_START and not proving)) and \
                self.sat.start(threads=2 if self.bare_clues else 1):
            if self.bare_clues:
                _step_back()

    def gives_way(self) -> bool:
        return self._spent > (SAT_HEAD_START if self.sat_first else SEARCH_ALONE) or self.sat.done()


def _reuse_previous(puzzle: Puzzle, picture: np.ndarray | None, previous: Verdict | None) -> np.ndarray | None:
    """Another solution of ``puzzle`` that a verdict on an earlier drawing of the same size
    (``previous``) gives for ``picture``, or None. A designer edits a few cells at a time,
    and a drawing edited away from where its other solution differed mostly keeps that
    other solution, with the edit carried over (the cells where the drawing changed,
    changed in it too). The candidates (that, the other solution as it was, the earlier
    drawing) are each checked against the clues, so a stale or unrelated verdict never
    changes the answer."""
    if not _comparable(picture, previous):
        return None
    earlier = np.asarray(previous.picture, dtype=bool)
    candidates = [earlier]
    if previous.alternative is not None and previous.alternative.shape == picture.shape:
        alternative = np.asarray(previous.alternative, dtype=bool)
        candidates[:0] = [alternative ^ earlier ^ picture, alternative]
    for candidate in candidates:
        if not np.array_equal(candidate, picture) and puzzle.is_solution(candidate):
            return candidate.copy()
    return None


def _sat_decided(picture: np.ndarray | None, previous: Verdict | None) -> bool:
    """Whether the SAT stage starts at once: a drawing whose previous verdict took the SAT
    solver most likely takes it again, and the search beside it gives way after
    ``SAT_HEAD_START`` (time enough for its quick finds)."""
    return _comparable(picture, previous) and previous.decided_by == Stage.SAT


def _comparable(picture: np.ndarray | None, previous: Verdict | None) -> bool:
    """Whether ``previous`` is a verdict on a drawing of ``picture``'s size."""
    return (previous is not None and picture is not None and previous.picture is not None
            and previous.picture.shape == picture.shape)


class _SatStage:
    """The SAT solver (:func:`nonogram_editor.nonogram.portfolio.decide`) on ``board``, in a separate
    process: (a solution, another solution), None where there is none; with ``picture``
    the first is that picture. Started while probing and search still run, so that its
    start-up and encoding (and on two cores its solving) overlap theirs. ``board``: a
    board at a line-logic fixpoint that the search may go on proving cells on (the first
    node of the search on bare clues). Where a core was idle beside the search, the
    process starts from what ``board`` knows then, else from the fixpoint: kissat's time
    varies widely with the cells known, which only the block racer, on the idle core,
    bounds."""

    def __init__(self, puzzle: Puzzle, board: Board, picture: np.ndarray | None):
        self._width = puzzle.width
        self._clues = (puzzle.row_clues, puzzle.column_clues)
        self._board = board
        self._fixpoint = (list(board.row_filled), list(board.row_empty))
        self._picture = None if picture is None else array_to_rows(picture)
        self._child = None
        self._since = _cpu_sample()

    def start(self, threads: int) -> bool:
        """Start the process unless it has started already; True if it starts now.
        ``threads``: how many this process runs if nothing else does (the calling thread,
        and the one waiting for it, if any): then the process can be a fork of this one."""
        if self._child is not None:
            return False
        from nonogram_editor.infra.child_process import (  # here: a quick check never loads them
            fork_ready,
            start_in_process,
        )
        from nonogram_editor.nonogram import portfolio

        name = "nonogram SAT solver"
        idle = _idle_cores(self._since)  # the machine's, beside this process's search
        spare_core = idle is not None and idle >= SPARE_CORE
        known = (list(self._board.row_filled), list(self._board.row_empty)) if spare_core else self._fixpoint
        args = (*self._clues, known, self._picture, spare_core)
        forked = fork_ready(threads)
        self._child = (forked.send(portfolio.decide, args, name) if forked
                       else start_in_process(portfolio.decide, args, name))
        return True

    @property
    def started(self) -> bool:
        return self._child is not None

    def done(self) -> bool:
        return self.started and self._child.done()

    def result(self, task: Task) -> tuple[np.ndarray | None, np.ndarray | None]:
        def waiting(seconds: float) -> None:
            task.report(seconds, None, Activity.tr("SAT solver, {0:.0f} s").format(seconds))

        self.start(threads=1)
        task.report(0, None, Activity.tr("SAT solver"), force=True)
        grids = self._child.wait(task, on_wait=waiting)
        return tuple(None if grid is None else rows_to_array(grid, self._width) for grid in grids)

    def stop(self) -> None:
        if self._child is not None:
            self._child.kill()


def _cpu_sample() -> tuple[int, int] | None:
    """(idle, all) clock ticks of the machine's CPUs so far (Linux: /proc/stat), None elsewhere."""
    try:
        with open("/proc/stat") as stat:
            ticks = [int(field) for field in stat.readline().split()[1:9]]
    except (OSError, ValueError, IndexError):
        return None
    return ticks[3] + ticks[4], sum(ticks)  # idle and waiting for I/O; all: up to steal


def _idle_cores(since: tuple[int, int] | None) -> float | None:
    """How many of the machine's CPUs were idle on average since ``since`` (a
    :func:`_cpu_sample`), or None where that cannot be told (not Linux, or too short a
    time: under 5 ticks a CPU)."""
    now = _cpu_sample()
    cores = os.cpu_count() or 1
    if since is None or now is None or now[1] - since[1] < 5 * cores:
        return None
    return cores * (now[0] - since[0]) / (now[1] - since[1])


def keep_sat_process_ready() -> None:
    """Have a SAT process waiting, its interpreter started and its modules imported, for
    the next check that needs one (:func:`nonogram_editor.infra.child_process.keep_ready`): for a program that
    checks again and again and cannot fork (the editor)."""
    from nonogram_editor.infra.child_process import keep_ready

    keep_ready(("nonogram_editor.nonogram.portfolio", "nonogram_editor.nonogram.search",
                "nonogram_editor.nonogram.symmetry", "nonogram_editor.infra.sat_solvers"))


def _in_own_thread(function, *args):
    """``function(*args)`` in a new thread, its result (or exception) here: a thread whose
    priority :func:`_step_back` can lower without that outlasting the call."""
    outcome = []

    def run():
        try:
            outcome.append((True, function(*args)))
        except BaseException as error:  # raised again in the caller's thread
            outcome.append((False, error))

    thread = threading.Thread(target=run, name="nonogram search", daemon=True)
    thread.start()
    thread.join()
    ok, value = outcome[0]
    if not ok:
        raise value
    return value


def _step_back() -> None:
    """Lower the calling thread's priority to ``SEARCH_NICE`` (Linux only: there the
    niceness belongs to a thread; elsewhere it would be the whole process's)."""
    if sys.platform.startswith("linux"):
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), SEARCH_NICE)
        except OSError:  # not allowed here: the race goes on at the same priority
            pass


def _search(puzzle: Puzzle, board: Board, picture: np.ndarray | None, task: Task, lookahead: Lookahead,
            finding: Lookahead, root: Board) -> tuple[np.ndarray | None, Board | None]:
    """Probing and search from line logic's ``board``: (the picture, another solution or
    None); the picture is None when there is no solution (bare clues only). ``finding``
    counts the search for the picture when there is none yet, which starts from ``root``
    (a copy of ``board``, proved on in place)."""
    if picture is None:
        first, _ = find_solution(puzzle, root, task, finding)
        if first is None:
            return None, None
        picture = first.filled_array()
    return picture, find_alternative(puzzle, root.copy(), picture, task, lookahead)


def _first_quickly(puzzle: Puzzle, root: Board, task: Task, lookahead: Lookahead) -> np.ndarray | None:
    """Bare clues' first solution if one comes within ``QUICK_FIRST`` CPU seconds, else None.
    First probing at the search's first node (``root``, proved on in place, as the search
    would; ``lookahead`` counts it), which completes most unique puzzles (and what it
    proves, the search for another solution starts from); then decimation
    (:mod:`nonogram_editor.nonogram.decimate`) from there: clues with many solutions (random
    pictures, tournament puzzles) get one after a few batches of likely cells, where the
    search would probe every open cell at every node. Where line logic left nearly every
    cell open (``DECIMATE_FIRST``), decimation is tried once before the probing, up to
    its first dead end: there the clues mostly have many solutions, and probing every
    open cell costs more than decimation. With a solution in hand the rest
    is a drawing's check, and another solution next to it takes milliseconds
    (:func:`nonogram_editor.nonogram.search.find_alternative`)."""
    from nonogram_editor.nonogram.decimate import GaveUp, decimate, quick_try

    try:
        with task.budget(QUICK_FIRST):
            if root.unknown_count() >= DECIMATE_FIRST * puzzle.width * puzzle.height:
                try:
                    first = quick_try(puzzle, root, task)
                    return None if first is None else first.filled_array()
                except GaveUp:
                    pass
            first, exhaustive = find_solution(puzzle, root, task, lookahead, budget=0)
            if first is None and not exhaustive:
                first = decimate(puzzle, root, task=task)
    except (GaveUp, OverBudget):
        return None
    return None if first is None else first.filled_array()
