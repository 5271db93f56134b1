"""The verdict on a drawing or on bare clues: LINE, BRANCH, MULT or CONTRADICTION (Qt-free).

    verdict = check_drawing(solution)            # the editor: clues from the drawing
    verdict = check_puzzle(rows, columns, goal)  # an imported puzzle (goal may be None)
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

Past line logic, probing and the search (:mod:`editor.nonogram.search`) get up to
``SEARCH_ALONE`` seconds of CPU time: they give the difficulty figures and decide most
drawings in milliseconds. A SAT solver (:mod:`editor.nonogram.cnf`), complete and fast on
the hard cases, decides what they leave undecided, in a separate process so that Cancel
and the time limit end it at once. That process starts once the search has used
``SAT_HEAD_START`` of CPU time, so that its start-up and encoding overlap the rest of the
search. Where a core was idle beside the search meanwhile (``SPARE_CORE``), on bare
clues it starts from what the search's probing has proved at its first node by then
(fewer open cells make the SAT solver's first solution quicker) and its racers for a
first solution start together (:mod:`editor.nonogram.cnf`). Whichever answers first
decides (:attr:`Verdict.decided_by` says which), and past ``SEARCH_ALONE`` only the SAT
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

import numpy as np

from editor.nonogram import cnf
from editor.nonogram.puzzle import Board, Puzzle, array_to_rows, rows_to_array
from editor.nonogram.search import Lookahead, find_alternative, find_solution
from editor.tasks import OverBudget, Task, TimeUp
from editor.wording import plural as _plural

LINE = "LINE"
BRANCH = "BRANCH"
MULT = "MULT"
CONTRADICTION = "CONTRADICTION"
STALLED = "STALLED"  # provisional, from line_logic_only: line logic stalls, uniqueness not decided yet
UNDECIDED = "UNDECIDED"  # the time limit passed first

# which stage decided a verdict (Verdict.decided_by)
BY_LINE_LOGIC = "line logic"
BY_SEARCH = "probing and search"
BY_SAT = "SAT solver"
BY_PREVIOUS = "the previous verdict"  # its other solution, checked against the new clues (check_drawing's previous)
SEARCH_ALONE = 0.5  # CPU seconds probing and search get before the SAT solver takes over
SAT_HEAD_START = 0.1  # CPU seconds of probing and search after which the SAT process starts beside them
SEARCH_NICE = 10  # the search's thread's niceness (Linux) while the SAT process runs beside it (bare clues)
QUICK_FIRST = 0.3  # CPU seconds for bare clues' quick first solution (probing at the first node, then decimation)
SPARE_CORE = 0.75  # idle cores (on average while the search ran) beside it that let bare clues' racers start together


@dataclass
class Verdict:
    kind: str
    puzzle: Puzzle
    logic: Board  # what line logic proved where it stopped (or met the contradiction)
    sweeps: int  # rounds of line logic that found something
    seconds: float
    lookahead: Lookahead = field(default_factory=Lookahead)
    picture: np.ndarray | None = None  # the drawing, or the solution found from bare clues
    alternative: np.ndarray | None = None  # MULT: another solution
    decided_by: str = BY_LINE_LOGIC
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
            LINE: "Unique: line logic solves it",
            BRANCH: "Unique, but line logic gets stuck",
            MULT: "Not unique: more than one picture fits",
            CONTRADICTION: "No picture fits these clues",
            STALLED: "Line logic gets stuck; looking further",
            UNDECIDED: "Undecided: the time limit passed first",
        }[self.kind]

    def describe(self) -> str:
        """The verdict in a designer's words, with sweeps and time."""
        timing = f"(checked in {_duration(self.seconds)})"
        sweeps = _plural(self.sweeps, "sweep")
        stuck = (f"Line logic gets stuck after {sweeps} with {_plural(self.open_cells, 'cell')} "
                 f"still open (shaded).")
        if self.kind == LINE:
            return f"A player can solve it with line logic alone, in {sweeps} over the rows and columns. {timing}"
        if self.kind == MULT:
            changed = int(self.differing.sum())
            return (f"{stuck} Another picture fits the same clues; it differs in "
                    f"{_plural(changed, 'cell')}. {timing}")
        if self.kind == STALLED:
            return f"{stuck} Looking for another solution… {timing}"
        if self.kind == UNDECIDED:
            return (f"{stuck} The time ran out before another solution turned up or uniqueness was proved "
                    f"({_plural(self.lookahead.probes, 'probe')}, {_plural(self.lookahead.branches, 'guess', 'guesses')}). "
                    f"{timing}")
        if self.kind == CONTRADICTION:
            if self.decided_by == BY_SAT:
                where = "a SAT solver finds no solution"
            elif self.lookahead.branches == 0:
                where = "line logic runs into a contradiction"
            else:
                where = f"a search ({_plural(self.lookahead.branches, 'guess', 'guesses')}) finds no solution"
            return f"These clues have no solution: {where}. {timing}"
        look = self.lookahead
        if self.decided_by == BY_SAT:
            how = ("Lookahead does not settle it quickly; a SAT solver proved that no other picture "
                   "fits the clues.")
        elif look.needs_search:
            how = (f"Even trying single cells is not enough: it takes trial and error "
                   f"({_plural(look.branches, 'guess', 'guesses')}, up to {look.depth} deep) "
                   f"to rule out {_plural(look.proved_by_search, 'cell')}.")
        else:
            how = (f"The player has to look ahead: trying a cell and reaching a contradiction "
                   f"settles it (one cell of lookahead, {_plural(look.probes, 'probe')} in "
                   f"{_plural(look.probe_rounds, 'round')}).")
        return f"{stuck} {how} {timing}"

    def lookahead_text(self) -> str:
        """BRANCH: the lookahead it took, in a few words (the command line's detail)."""
        look = self.lookahead
        probes, branches = _plural(look.probes, "probe"), _plural(look.branches, "branch", "branches")
        if self.decided_by == BY_SAT:
            return f"SAT solver after {probes} and {branches}"
        if look.needs_search:
            return f"search: {branches}, depth {look.depth}, {probes}"
        return f"probing depth 1: {probes} in {_plural(look.probe_rounds, 'round')}"

    def to_json(self) -> dict:
        look = self.lookahead
        data = {"verdict": self.kind, "width": self.width, "height": self.height, "sweeps": self.sweeps,
                "seconds": round(self.seconds, 4), "open_cells_after_line_logic": self.open_cells,
                "decided_by": self.decided_by}
        if self.kind in (BRANCH, MULT, UNDECIDED):
            data.update(probes=look.probes, probe_rounds=look.probe_rounds,
                        proved_by_probing=look.proved_by_probing, proved_by_search=look.proved_by_search,
                        branches=look.branches, depth=look.depth)
        if self.kind == BRANCH:
            data["lookahead"] = "sat" if self.decided_by == BY_SAT else "search" if look.needs_search else "probing"
        if self.picture is not None and self.kind in (LINE, BRANCH, MULT):
            data["solution"] = _row_strings(self.picture)
        if self.kind == MULT:
            differing = self.differing
            data["differing_cells"] = cells_to_json(zip(*np.nonzero(differing)))
            data["alternative"] = _row_strings(self.alternative)
        return data


def cells_to_json(cells) -> list[list[int]]:
    """Cells for JSON output: ``[row, column]``, both counted from 1, as in the text output and
    the editor's status bar (docs/cli.md)."""
    return [[int(row) + 1, int(column) + 1] for row, column in cells]


def _row_strings(grid: np.ndarray) -> list[str]:
    return ["".join("1" if cell else "0" for cell in row) for row in grid]


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


def check_puzzle(row_clues, column_clues, goal: np.ndarray | None = None, task: Task | None = None) -> Verdict:
    """The verdict on clues; ``goal``, the intended picture if known, must fit them."""
    start = time.perf_counter()
    puzzle = Puzzle(row_clues, column_clues)
    if goal is not None:
        goal = np.asarray(goal, dtype=bool)
        if not puzzle.is_solution(goal):
            raise ValueError("the goal picture does not fit the clues")
    return _check(puzzle, goal, task, start)


def _check(puzzle: Puzzle, picture: np.ndarray | None, task: Task | None, start: float,
           line_logic_only: bool = False, previous: Verdict | None = None) -> Verdict:
    """``start``: when the check began (perf_counter), so that its seconds are all of it."""
    task = task or Task()
    board = puzzle.board()
    sweeps = None
    lookahead = Lookahead()
    finding = Lookahead()  # the search for a first solution (bare clues): not the player's lookahead

    def verdict(kind: str, **details) -> Verdict:
        return Verdict(kind, puzzle, board, sweeps or 0, time.perf_counter() - start, **details)

    try:
        sweeps = puzzle.propagate(board, task=task)
        if sweeps is None:
            return verdict(CONTRADICTION)
        if board.is_complete():
            return verdict(LINE, picture=board.filled_array())
        if line_logic_only:
            return verdict(STALLED, picture=picture)
        other, sat_first = _reuse_previous(puzzle, picture, previous)
        if other is not None:
            return verdict(MULT, picture=picture, alternative=other, decided_by=BY_PREVIOUS)
        root = board.copy()  # the search's first node: what its probing there proves, the SAT process starts from
        if picture is None:
            picture = _first_quickly(puzzle, root, task, finding)
        sat = _SatStage(puzzle, root, picture)
        bare_clues = picture is None  # the search steps back while the SAT process runs (see the module)
        searching_since = None

        def give_way() -> bool:  # the search's CPU time decides when the SAT process starts and takes over
            nonlocal searching_since
            now = time.thread_time()  # the search's thread's, from its first call here
            searching_since = now if searching_since is None else searching_since
            spent = now - searching_since
            if (sat_first or spent > SAT_HEAD_START) and sat.start(threads=2 if bare_clues else 1) and bare_clues:
                _step_back()
            return spent > (SAT_HEAD_START if sat_first else SEARCH_ALONE) or sat.done()

        try:
            with task.give_way(give_way):
                search = (puzzle, board, picture, task, lookahead, finding, root)
                picture, alternative = _in_own_thread(_search, *search) if bare_clues else _search(*search)
        except OverBudget:
            first, second = sat.result(task)
            if first is None:
                return verdict(CONTRADICTION, lookahead=lookahead, decided_by=BY_SAT)
            if second is None:
                return verdict(BRANCH, lookahead=lookahead, picture=first, decided_by=BY_SAT)
            return verdict(MULT, lookahead=lookahead, picture=first, alternative=second, decided_by=BY_SAT)
        finally:
            sat.stop()
    except TimeUp:
        return verdict(UNDECIDED, lookahead=lookahead, picture=picture)
    if picture is None:
        return verdict(CONTRADICTION, lookahead=finding, decided_by=BY_SEARCH)
    if alternative is not None:
        return verdict(MULT, lookahead=lookahead, picture=picture, alternative=alternative.filled_array(),
                       decided_by=BY_SEARCH)
    return verdict(BRANCH, lookahead=lookahead, picture=picture, decided_by=BY_SEARCH)


def _reuse_previous(puzzle: Puzzle, picture: np.ndarray | None,
                    previous: Verdict | None) -> tuple[np.ndarray | None, bool]:
    """What a verdict on an earlier drawing of the same size (``previous``) tells the
    check of ``picture``: (another solution of ``puzzle``, or None; whether to start the
    SAT solver at once). A designer edits a few cells at a time, and a drawing edited
    away from where its other solution differed mostly keeps that other solution, with
    the edit carried over (the cells where the drawing changed, changed in it too). The
    candidates (that, the other solution as it was, the earlier drawing) are each checked
    against the clues, so a stale or unrelated verdict never changes the answer. A
    drawing whose verdict took the SAT solver most likely takes it again: it starts at
    once, and the search beside it gives way after ``SAT_HEAD_START`` (time enough for
    its quick finds)."""
    if previous is None or picture is None or previous.picture is None or previous.picture.shape != picture.shape:
        return None, False
    earlier = np.asarray(previous.picture, dtype=bool)
    candidates = [earlier]
    if previous.alternative is not None and previous.alternative.shape == picture.shape:
        alternative = np.asarray(previous.alternative, dtype=bool)
        candidates[:0] = [alternative ^ earlier ^ picture, alternative]
    for candidate in candidates:
        if not np.array_equal(candidate, picture) and puzzle.is_solution(candidate):
            return candidate.copy(), False
    return None, previous.decided_by == BY_SAT


class _SatStage:
    """The SAT solver (:func:`editor.nonogram.cnf.decide`) on ``board``, in a separate
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
        from editor.child_process import fork_ready, start_in_process  # here: a quick check never loads it

        name = "nonogram SAT solver"
        idle = _idle_cores(self._since)  # the machine's, beside this process's search
        spare_core = idle is not None and idle >= SPARE_CORE
        known = (list(self._board.row_filled), list(self._board.row_empty)) if spare_core else self._fixpoint
        args = (*self._clues, known, self._picture, spare_core)
        forked = fork_ready(threads)
        self._child = forked.send(cnf.decide, args, name) if forked else start_in_process(cnf.decide, args, name)
        return True

    def done(self) -> bool:
        return self._child is not None and self._child.done()

    def result(self, task: Task) -> tuple[np.ndarray | None, np.ndarray | None]:
        def waiting(seconds: float) -> None:
            task.report(seconds, None, f"SAT solver, {seconds:.0f} s")

        self.start(threads=1)
        task.report(0, None, "SAT solver", force=True)
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
    the next check that needs one (:func:`editor.child_process.keep_ready`): for a program that
    checks again and again and cannot fork (the editor)."""
    from editor.child_process import keep_ready

    keep_ready(("editor.nonogram.cnf", "editor.nonogram.search", "editor.nonogram.symmetry", "pysat.solvers"))


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
    return picture, find_alternative(puzzle, board.copy(), picture, task, lookahead)


def _first_quickly(puzzle: Puzzle, root: Board, task: Task, finding: Lookahead) -> np.ndarray | None:
    """Bare clues' first solution if one comes within ``QUICK_FIRST`` CPU seconds, else None.
    First probing at the search's first node (``root``, proved on in place, as the search
    would), which completes most unique puzzles; then decimation
    (:mod:`editor.nonogram.decimate`) from there: clues with many solutions (random
    pictures, tournament puzzles) get one after a few batches of likely cells, where the
    search would probe every open cell at every node. With a solution in hand the rest
    is a drawing's check, and another solution next to it takes milliseconds
    (:func:`editor.nonogram.search.find_alternative`)."""
    from editor.nonogram.decimate import GaveUp, decimate

    try:
        with task.budget(QUICK_FIRST):
            first, exhaustive = find_solution(puzzle, root, task, finding, budget=0)
            if first is None and not exhaustive:
                first = decimate(puzzle, root, task=task)
    except (GaveUp, OverBudget):
        return None
    return None if first is None else first.filled_array()
