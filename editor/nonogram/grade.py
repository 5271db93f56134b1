"""How a player solves a puzzle, step by step, and the difficulty grade that follows (Qt-free).

    path = solve_path(puzzle, picture)    # SolvePath: steps, sweeps, grade, words
    path = grade_verdict(verdict)         # the same for a LINE or BRANCH verdict

The player model uses the easiest reasoning that still finds something, in this order:

* ``simple``: the rules people use at a glance on one line: the overlap of each block's
  leftmost and rightmost placement (which covers the edge and completed-block rules:
  a block pinned to an edge or already complete has both placements equal), and the cells
  no block can reach are empty.
* ``line``: the complete deduction on one line: every cell all placements of its clue
  agree on (what ``nonogram_editor.nonogram.line`` computes). Used on one line when simple rules
  are stuck everywhere, then the player goes back to simple rules.
* ``probe``: one cell of lookahead: assuming a value for one cell, line logic runs into
  a contradiction, so the cell has the other value.
* ``search``: deeper trial and error: no single cell's assumption leads to a
  contradiction; the step settles one cell to its (unique) solution's value.

A colour puzzle's player (:class:`_ColourPlayer`) reasons the same way over the colours
a cell may still take: a block's leftmost and rightmost placements overlap in cells of its
colour, a cell no block of a colour reaches is not that colour; a probe rules one colour
out of a cell. A cell is settled when one colour is left, so a colour step may only narrow
cells down.

Each :class:`Step` is one line (or one cell, for ``probe`` and ``search``) and the cells
it settled. Passes of simple rules over the rows, then the columns, that changed since the
player last looked are counted as sweeps, as is each complete-deduction step.
See :func:`grade_of` for how the grade (1.0 to 5.9) is derived.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum

from nonogram_editor.infra.lazy import numpy as np
from nonogram_editor.infra.tasks import Task
from nonogram_editor.infra.wording import QT_TRANSLATE_NOOP, Wording
from nonogram_editor.nonogram.colour.line import ColourLineSolver, colour_line_solver
from nonogram_editor.nonogram.colour.puzzle import ColourClues
from nonogram_editor.nonogram.line import line_solver, set_bits
from nonogram_editor.nonogram.puzzle import Board, Puzzle
from nonogram_editor.nonogram.verdict import Kind


class StepKind(StrEnum):
    """The reasoning a step takes (the module doc), easiest first; each member is also its word."""

    SIMPLE = "simple"
    LINE = "line"  # the complete deduction on one line
    PROBE = "probe"
    SEARCH = "search"


class Axis(StrEnum):
    ROW = "row"
    COLUMN = "column"


SIMPLE, LINE_DEDUCTION, PROBE, SEARCH = StepKind
KINDS = tuple(StepKind)

LONG_SWEEPS = 12  # more sweeps than this makes a puzzle one grade harder than its techniques alone
FEW_LINE_STEPS = 3  # up to this many complete-deduction steps in a short puzzle: grade 2, not 3

GRADE_WORDS = {  # shown through SolvePath.tr
    1: QT_TRANSLATE_NOOP("SolvePath", "easy: simple line rules only"),
    2: QT_TRANSLATE_NOOP("SolvePath",
                         "moderate: simple line rules over many sweeps, or a few complete line deductions"),
    3: QT_TRANSLATE_NOOP("SolvePath", "hard: needs the complete deduction on single lines"),
    4: QT_TRANSLATE_NOOP("SolvePath", "very hard: needs one cell of lookahead (try a cell, reach a contradiction)"),
    5: QT_TRANSLATE_NOOP("SolvePath", "expert: needs deeper trial and error"),
}
# The names of the kinds of steps and of the axes, as the Assist dock shows them (through SolvePath.tr).
STEP_WORDS = (QT_TRANSLATE_NOOP("SolvePath", "simple"), QT_TRANSLATE_NOOP("SolvePath", "line"),
              QT_TRANSLATE_NOOP("SolvePath", "probe"), QT_TRANSLATE_NOOP("SolvePath", "search"),
              QT_TRANSLATE_NOOP("SolvePath", "row"), QT_TRANSLATE_NOOP("SolvePath", "column"))


class NoPlacement(ValueError):
    """A line whose clue has no placement left: the clues have no solution."""

    def __init__(self, axis: str, index: int):
        super().__init__(f"{axis} {index + 1} has no placement: the clues have no solution")
        self.axis = axis
        self.index = index


@dataclass(frozen=True)
class Step:
    kind: StepKind
    axis: Axis  # the line looked at (for probe/search: the cell's row)
    index: int
    cells: tuple[tuple[int, int, int], ...]  # (row, column, value) settled: filled (bool), or the colour
    sweep: int  # the sweep it belongs to (1-based)


@dataclass
class SolvePath(Wording):
    steps: list[Step] = field(default_factory=list)
    sweeps: int = 0
    solved: bool = False  # the path reaches a complete grid
    seconds: float = 0.0  # what working the path out took, as its maker measured it (wall and CPU)
    cpu_seconds: float = 0.0

    def count(self, kind: StepKind) -> int:
        return sum(step.kind == kind for step in self.steps)

    @property
    def hardest(self) -> StepKind:
        used = {step.kind for step in self.steps}
        return max(used, key=KINDS.index, default=SIMPLE)

    @property
    def grade(self) -> float:
        return grade_of(self.hardest, self.sweeps, self.count(LINE_DEDUCTION), self.count(PROBE), self.count(SEARCH))

    @property
    def words(self) -> str:
        return GRADE_WORDS[int(self.grade)]

    def replay(self, height: int, width: int, upto: int | None = None) -> np.ndarray:
        """The grid after the first ``upto`` steps (all by default): 1 filled, 0 empty (in
        colour: the colour, 0 the background), -1 open."""
        grid = np.full((height, width), -1, dtype=np.int8)
        for step in self.steps[:upto]:
            for row, column, filled in step.cells:
                grid[row, column] = filled
        return grid

    def summary(self) -> str:
        counts = ", ".join(self.tr("{0} {1}", "a number of steps, their kind").format(self.count(kind), self.tr(kind))
                           for kind in KINDS if self.count(kind))
        return self.tr("grade {0} ({1}); {2}, {3}: {4}").format(
            self.grade, self.tr(self.words), self.tr("%n sweep(s)", "", self.sweeps),
            self.tr("%n step(s)", "", len(self.steps)), counts)

    def to_json(self) -> dict:
        return {"grade": self.grade, "grade_words": self.words, "path_sweeps": self.sweeps,
                "path_steps": {kind: self.count(kind) for kind in KINDS}}


def grade_of(hardest: str, sweeps: int, line_steps: int, probe_steps: int = 0, search_steps: int = 0) -> float:
    """The grade, 1.0 to 5.9: a whole number from the hardest reasoning a path needs, and
    tenths from how much of it.

    The whole number: simple rules only: 1, or 2 with more than ``LONG_SWEEPS`` sweeps.
    Complete line deduction: 3, or 2 if at most ``FEW_LINE_STEPS`` steps needed it and the
    sweeps are not many. One-cell lookahead: 4. Deeper search: 5.
    The tenths count the steps of the reasoning that set the whole number (for simple
    rules alone, the sweeps) on a log scale: :func:`tenths`. A harder kind of step and
    more sweeps or steps of any kind never lower the grade.
    """
    long = sweeps > LONG_SWEEPS
    if hardest == SIMPLE:
        whole, amount = (2 if long else 1), sweeps
    elif hardest == LINE_DEDUCTION:
        whole, amount = (2 if line_steps <= FEW_LINE_STEPS and not long else 3), line_steps
    elif hardest == PROBE:
        whole, amount = 4, probe_steps
    else:
        whole, amount = 5, search_steps
    return round(whole + tenths(amount) / 10, 1)


def tenths(amount: int) -> int:
    """0 to 9 tenths for ``amount`` steps (or sweeps): 1 for 1, 3 for 10, 6 for 100, 9 from 1,000 on
    (ten times a third of the decimal logarithm of 1 + amount, rounded down)."""
    return min(9, int(10 * math.log10(1 + max(0, amount)) / 3 + 1e-9))


def simple_rules(clue, n: int, filled: int, empty: int) -> tuple[int, int] | None:
    """``(filled, empty)`` with what the glance rules add on one line, or None if no placement fits.

    Block j's leftmost and rightmost placements (the lowest and highest start it has in
    some placement that agrees with the known cells) overlap in cells that are surely
    filled; cells outside every block's reach are surely empty.
    """
    result = _simple_rules(line_solver(clue, n), filled, empty)
    return None if result is None else result[:2]


def _simple_rules(solver, filled: int, empty: int) -> tuple[int, int, int, int] | None:
    """:func:`simple_rules` and the filled cells of the line's leftmost and rightmost
    placements (0, 0 where the check's memo already knew that nothing follows)."""
    if solver.adds_nothing(filled, empty):  # e.g. a line the check's line logic saw as it is now
        return filled, empty, 0, 0
    starts: list[int] = []
    if solver.deduce(filled, empty, starts) is None:
        return None
    reach = left = right = 0
    for length, mask in zip(solver.clue, starts):
        low = (mask & -mask).bit_length() - 1
        high = mask.bit_length() - 1
        block = (1 << length) - 1
        left |= block << low
        right |= block << high
        if high < low + length:
            filled |= ((1 << (low + length - high)) - 1) << high
        reach |= ((1 << (high + length - low)) - 1) << low
    return filled, empty | (solver.full & ~reach), left, right


def _colour_simple_rules(solver: ColourLineSolver, allowed: tuple[int, ...]):
    """``allowed`` (a mask per colour) with what the glance rules add on one colour line (block
    j's leftmost and rightmost placements overlap in cells surely of its colour, so of no other;
    a cell outside the reach of every block of a colour is not of that colour), and the line's
    leftmost and rightmost placements (a mask per colour each, the background's first; None,
    None where the check's memo already knew that nothing follows); None if no placement fits."""
    if solver.adds_nothing(allowed):
        return allowed, None, None
    starts: list[int] = []
    if solver.deduce(allowed, starts) is None:
        return None
    colours, full = solver.colours, solver.full
    sure, reach, left, right = [0] * colours, [0] * colours, [0] * colours, [0] * colours
    for (length, colour), mask in zip(solver.clue, starts):
        low = (mask & -mask).bit_length() - 1
        high = mask.bit_length() - 1
        block = (1 << length) - 1
        left[colour] |= block << low
        right[colour] |= block << high
        if high < low + length:
            sure[colour] |= ((1 << (low + length - high)) - 1) << high
        reach[colour] |= ((1 << (high + length - low)) - 1) << low
    taken = 0
    for mask in sure:
        taken |= mask
    for placement in left, right:
        covered = 0
        for mask in placement:
            covered |= mask
        placement[0] = full & ~covered
    return (tuple(allowed[colour] & (reach[colour] if colour else full) & ~(taken & ~sure[colour])
                  for colour in range(colours)), left, right)


def _fits(placement, allowed) -> bool:
    """Whether a colour line's placement (a mask per colour) fits what is still allowed."""
    return not any(cells & ~mask for cells, mask in zip(placement, allowed))


def _lines(puzzle: Puzzle, board: Board):
    """Per axis: (name, clues, line length, filled masks, empty masks)."""
    return (("row", puzzle.row_clues, puzzle.width, board.row_filled, board.row_empty),
            ("column", puzzle.column_clues, puzzle.height, board.col_filled, board.col_empty))


def _settle(board: Board, axis: str, index: int, new_filled: int,
            new_empty: int) -> tuple[tuple[tuple[int, int, bool], ...], int]:
    """Write a line's new masks into ``board`` (both directions); the cells that changed,
    and their positions along the line as a mask."""
    if axis == "row":
        filled, empty, cross_filled, cross_empty = board.row_filled, board.row_empty, board.col_filled, board.col_empty
    else:
        filled, empty, cross_filled, cross_empty = board.col_filled, board.col_empty, board.row_filled, board.row_empty
    fresh_filled = new_filled & ~filled[index]
    changed = fresh_filled | (new_empty & ~empty[index])
    bit = 1 << index
    cells = []
    for position in set_bits(changed):  # in order along the line: the cells come out sorted
        value = bool(fresh_filled >> position & 1)
        (cross_filled if value else cross_empty)[position] |= bit
        cells.append((index, position, value) if axis == "row" else (position, index, value))
    filled[index], empty[index] = new_filled, new_empty
    return tuple(cells), changed


class _Playing:
    """The order of a player's steps, the same for both kinds: simple sweeps, line steps,
    probe steps, and a search step (a cell settled from the solution) only when none applies."""

    def run(self) -> SolvePath:
        while not self.board.is_complete():
            if self.simple_sweep() or self.line_step() or self.probe_step():
                continue
            if self.picture is None:
                break  # a search step needs the solution to settle a cell with
            row, column = next(iter(self.board.unknown_cells()))
            self.search_step(row, column)
        self.path.solved = self.board.is_complete()
        return self.path


class _Player(_Playing):
    def __init__(self, puzzle: Puzzle, picture: np.ndarray | None, task: Task):
        self.puzzle = puzzle
        self.picture = picture
        self.solution_cells = None if picture is None else picture.ravel().tolist()  # by row * width + column
        self.task = task
        self.board = puzzle.board()
        self.path = SolvePath()
        self.solvers = ([line_solver(clue, puzzle.width) for clue in puzzle.row_clues],
                        [line_solver(clue, puzzle.height) for clue in puzzle.column_clues])
        # per axis (0 rows, 1 columns), a mask of the lines to look at again with simple
        # rules / with the complete deduction
        self.pending = [(1 << puzzle.height) - 1, (1 << puzzle.width) - 1]
        self.unchecked = self.pending[:]
        # per axis and line, the filled cells of its leftmost and rightmost placements when
        # simple rules last looked at it (see :meth:`simple_sweep`), or None
        self.extremes = [None] * puzzle.height, [None] * puzzle.width
        self.probe_from = (0, 0)  # where the next probe scan starts
        # Probe memo (see :meth:`probe_step`). Byte row * width + column of ``unprobed`` is
        # 1 until the cell's probes have run without a contradiction; ``probe_readers[axis][i]``
        # holds the cells whose last probes ended with line i unlike the board (axis 0 rows,
        # 1 columns). A change to a line puts its readers back into ``unprobed``.
        self.unprobed = bytearray(b"\x01") * (puzzle.height * puzzle.width)
        self.probe_readers = [set() for _ in range(puzzle.height)], [set() for _ in range(puzzle.width)]
        # cell * 2 + value -> [(axis, line, filled, empty)]: the lines where that probe
        # last ended unlike the board, and how
        self.probe_ends: dict[int, list[tuple[int, int, int, int]]] = {}

    def record(self, kind: str, axis: str, index: int, settled) -> None:
        """A step that settled ``settled`` (:func:`_settle`'s cells and mask) on a line:
        that line and the lines crossing it at those cells are looked at again."""
        cells, changed = settled
        self.path.steps.append(Step(StepKind(kind), Axis(axis), index, cells, self.path.sweeps))
        along = axis == "column"  # the axis of the line itself; the crossing lines have the other
        for line_axis, lines in ((along, 1 << index), (not along, changed)):
            self.pending[line_axis] |= lines
            self.unchecked[line_axis] |= lines
            if not self.probe_ends:
                continue  # no probe has run: no readers
            readers = self.probe_readers[line_axis]
            for line in set_bits(lines):
                if readers[line]:
                    for cell in readers[line]:
                        self.unprobed[cell] = 1
                    readers[line].clear()

    def simple_sweep(self) -> bool:
        """One pass of simple rules over the pending rows, then the pending columns.

        A line whose leftmost and rightmost placements, when simple rules last looked at
        it, still fit what is known is passed over: they are still its extreme placements
        (the others only became fewer), so simple rules give what they gave then, which
        the board already holds."""
        found = False
        sweep = self.path.sweeps + 1
        for number, (axis, _, _, filled, empty) in enumerate(_lines(self.puzzle, self.board)):
            todo, self.pending[number] = self.pending[number], 0
            solvers, extremes = self.solvers[number], self.extremes[number]
            for index in set_bits(todo):
                self.task.check_cancelled()
                line_filled, line_empty = filled[index], empty[index]
                known = extremes[index]
                if known is not None:
                    left, right = known
                    if not ((left | right) & line_empty or line_filled & ~(left & right)):
                        continue
                result = _simple_rules(solvers[index], line_filled, line_empty)
                if result is None:
                    raise NoPlacement(axis, index)
                new_filled, new_empty, left, right = result
                extremes[index] = (left, right) if left else None
                if new_filled != line_filled or new_empty != line_empty:
                    if not found:
                        found = True
                        self.path.sweeps = sweep
                    self.record(SIMPLE, axis, index, _settle(self.board, axis, index, new_filled, new_empty))
        return found

    def line_step(self) -> bool:
        """The complete deduction on the first line where it finds something."""
        for number, (axis, _, _, filled, empty) in enumerate(_lines(self.puzzle, self.board)):
            solvers = self.solvers[number]
            for index in set_bits(self.unchecked[number]):
                self.task.check_cancelled()
                self.unchecked[number] &= ~(1 << index)
                result = solvers[index].solve(filled[index], empty[index])
                if result is None:
                    raise NoPlacement(axis, index)
                if result != (filled[index], empty[index]):
                    self.path.sweeps += 1
                    self.record(LINE_DEDUCTION, axis, index, _settle(self.board, axis, index, *result))
                    return True
        return False

    def set_cell(self, kind: str, row: int, column: int, value: bool) -> None:
        self.path.sweeps += 1
        mask = 1 << column
        filled, empty = self.board.row_filled[row], self.board.row_empty[row]
        new = (filled | mask, empty) if value else (filled, empty | mask)
        self.record(kind, "row", row, _settle(self.board, "row", row, *new))

    def probe_step(self) -> bool:
        """One cell whose assumed value leads line logic to a contradiction.

        The scan goes on from the cell the last probe settled, as a player's eye moves on,
        and wraps around: starting again from the top every time would make a big puzzle's
        path cost (open cells) x (probe steps) propagations (docs/benchmarks.md).

        Skipped, as they cannot find a contradiction: a value the solution agrees with, and
        a cell whose last probes found none if no line they changed has changed since. The
        board is a line-logic fixpoint at every scan, so such a probe's end board with the
        cells settled since added (they lie on other lines) is one too (docs/benchmarks.md).
        """
        board, width, solution, unprobed = self.board, self.puzzle.width, self.solution_cells, self.unprobed
        start = self.probe_from[0] * width + self.probe_from[1]
        for low, high in ((start, len(unprobed)), (0, start)):
            cell = unprobed.find(1, low, high)
            while cell >= 0:
                unprobed[cell] = 0
                row, column = divmod(cell, width)
                if not (board.row_filled[row] | board.row_empty[row]) >> column & 1:
                    # True first; with the solution known, only the value it disagrees with:
                    # assuming the other one line logic cannot contradict
                    for value in (True, False) if solution is None else (not solution[cell],):
                        self.task.check_cancelled()
                        if self.probe(row, column, value):
                            self.set_cell(PROBE, row, column, not value)
                            self.probe_from = (row, column)
                            return True
                cell = unprobed.find(1, cell + 1, high)
        return False

    def probe(self, row: int, column: int, value: bool) -> bool:
        """Whether assuming ``value`` for the cell leads line logic to a contradiction.

        Line logic goes on from where the cell's last probe with this value ended (what
        the board and the assumption implied then they still imply: only the lines the
        board has learnt more on since need looking at again). The lines where it ends
        unlike the board are kept for the next probe, and get the cell among their readers."""
        board, puzzle = self.board, self.puzzle
        trial = board.copy()
        trial_lines = (trial.row_filled, trial.row_empty), (trial.col_filled, trial.col_empty)
        cell = row * puzzle.width + column
        key = cell * 2 + value
        ended = self.probe_ends.get(key)
        if ended is None:
            trial.set(row, column, value)
            pending = [row], [column]
        else:
            pending = [], []
            for axis, index, filled, empty in ended:
                trial_filled, trial_empty = trial_lines[axis]
                trial_filled[index] |= filled
                trial_empty[index] |= empty
                if trial_filled[index] & trial_empty[index]:
                    return True
                if trial_filled[index] != filled or trial_empty[index] != empty:
                    pending[axis].append(index)
        looked_at = bytearray(puzzle.height), bytearray(puzzle.width)
        if puzzle.propagate(trial, *pending, looked_at=looked_at) is None:
            return True
        for axis, index, _, _ in ended or ():  # where the last probe ended unlike the board it may still be
            looked_at[axis][index] = 1
        ended = self.probe_ends[key] = []
        board_lines = (board.row_filled, board.row_empty), (board.col_filled, board.col_empty)
        for axis, seen in enumerate(looked_at):
            (trial_filled, trial_empty), (board_filled, board_empty) = trial_lines[axis], board_lines[axis]
            readers = self.probe_readers[axis]
            index = seen.find(1)
            while index >= 0:
                if trial_filled[index] != board_filled[index] or trial_empty[index] != board_empty[index]:
                    ended.append((axis, index, trial_filled[index], trial_empty[index]))
                    readers[index].add(cell)
                index = seen.find(1, index + 1)
        return False

    def search_step(self, row: int, column: int) -> None:
        self.set_cell(SEARCH, row, column, bool(self.picture[row, column]))


class _ColourPlayer(_Playing):
    """:class:`_Player` on a colour puzzle (the module doc): what is known is the
    :class:`~nonogram_editor.nonogram.colour.puzzle.ColourBoard`; a step narrows a line (or, for
    ``probe`` and ``search``, a cell) and records the cells left with one colour."""

    def __init__(self, puzzle: ColourClues, picture: np.ndarray | None, task: Task):
        self.puzzle = puzzle
        self.picture = picture
        self.task = task
        self.board = puzzle.board()
        self.path = SolvePath()
        self.solvers = {"row": [colour_line_solver(clue, puzzle.width, puzzle.colours) for clue in puzzle.row_clues],
                        "column": [colour_line_solver(clue, puzzle.height, puzzle.colours)
                                   for clue in puzzle.column_clues]}
        self.pending = {"row": set(range(puzzle.height)), "column": set(range(puzzle.width))}
        self.unchecked = {"row": set(range(puzzle.height)), "column": set(range(puzzle.width))}
        # per line, its leftmost and rightmost placements when simple rules last looked at it, or None
        self.extremes = {"row": [None] * puzzle.height, "column": [None] * puzzle.width}
        self.probe_from = 0  # the cell (row * width + column) the next probe scan starts at

    def lines(self, axis: str) -> list[tuple[int, ...]]:
        return self.board.rows if axis == "row" else self.board.columns

    def settle(self, kind: str, axis: str, index: int, new: tuple[int, ...]) -> None:
        """Write a line's new masks into the board (both directions) and record the step:
        the cells left with one colour; every narrowed cell's lines are looked at again."""
        lines, cross = (self.board.rows, self.board.columns) if axis == "row" else (self.board.columns, self.board.rows)
        old, lines[index] = lines[index], new
        keep, changed = ~(1 << index), 0
        for colour, (before, after) in enumerate(zip(old, new)):
            removed = before & ~after
            changed |= removed
            while removed:
                low = removed & -removed
                line = cross[low.bit_length() - 1]
                cross[low.bit_length() - 1] = line[:colour] + (line[colour] & keep,) + line[colour + 1:]
                removed ^= low
        other = "column" if axis == "row" else "row"
        cells = []
        while changed:
            low = changed & -changed
            position = low.bit_length() - 1
            left = [colour for colour, mask in enumerate(new) if mask & low]
            if len(left) == 1:
                cells.append((index, position, left[0]) if axis == "row" else (position, index, left[0]))
            for crossing_axis, crossing in ((axis, index), (other, position)):
                self.pending[crossing_axis].add(crossing)
                self.unchecked[crossing_axis].add(crossing)
            changed ^= low
        self.path.steps.append(Step(StepKind(kind), Axis(axis), index, tuple(sorted(cells)), self.path.sweeps))

    def simple_sweep(self) -> bool:
        """:meth:`_Player.simple_sweep` in colour: a line whose extreme placements still
        fit is passed over likewise."""
        found = False
        sweep = self.path.sweeps + 1
        for axis in ("row", "column"):
            lines, solvers, extremes = self.lines(axis), self.solvers[axis], self.extremes[axis]
            todo = sorted(self.pending[axis])
            self.pending[axis].clear()
            for index in todo:
                self.task.check_cancelled()
                line = lines[index]
                known = extremes[index]
                if known is not None and _fits(known[0], line) and _fits(known[1], line):
                    continue
                result = _colour_simple_rules(solvers[index], line)
                if result is None:
                    raise NoPlacement(axis, index)
                result, left, right = result
                extremes[index] = None if left is None else (left, right)
                if result != line:
                    if not found:
                        found = True
                        self.path.sweeps = sweep
                    self.settle(SIMPLE, axis, index, result)
        return found

    def line_step(self) -> bool:
        for axis in ("row", "column"):
            lines, solvers = self.lines(axis), self.solvers[axis]
            for index in sorted(self.unchecked[axis]):
                self.task.check_cancelled()
                self.unchecked[axis].discard(index)
                result = solvers[index].solve(lines[index])
                if result is None:
                    raise NoPlacement(axis, index)
                if result != lines[index]:
                    self.path.sweeps += 1
                    self.settle(LINE_DEDUCTION, axis, index, result)
                    return True
        return False

    def narrow_cell(self, kind: str, row: int, column: int, keep: int) -> None:
        """Let the cell take only the colours of ``keep`` (bits): one step."""
        self.path.sweeps += 1
        bit = 1 << column
        masks = tuple(mask if keep >> colour & 1 else mask & ~bit for colour, mask in enumerate(self.board.rows[row]))
        self.settle(kind, "row", row, masks)

    def probe_step(self) -> bool:
        """One colour of one cell that line logic, assuming it, runs into a contradiction
        with; the scan goes on from the last probe's cell and wraps around. With the
        solution known, only the colours it does not give the cell are tried."""
        board, puzzle = self.board, self.puzzle
        total = puzzle.height * puzzle.width
        for offset in range(total):
            cell = (self.probe_from + offset) % total
            row, column = divmod(cell, puzzle.width)
            possible = board.possible(row, column)
            if not possible & (possible - 1):
                continue
            for colour in range(puzzle.colours):
                if not possible >> colour & 1 or (self.picture is not None and colour == self.picture[row, column]):
                    continue
                self.task.check_cancelled()
                if puzzle.assume(board, row, column, 1 << colour, self.task) is None:
                    self.probe_from = cell
                    self.narrow_cell(PROBE, row, column, possible & ~(1 << colour))
                    return True
        return False

    def search_step(self, row: int, column: int) -> None:
        self.narrow_cell(SEARCH, row, column, 1 << int(self.picture[row, column]))


def solve_path(puzzle: Puzzle | ColourClues, picture: np.ndarray | None = None, task: Task | None = None) -> SolvePath:
    """The order in which a player solving by lines settles the cells (see the module doc),
    of a two-colour :class:`~nonogram_editor.nonogram.puzzle.Puzzle` or colour
    :class:`~nonogram_editor.nonogram.colour.puzzle.ColourClues`.

    ``picture``: the puzzle's unique solution; search steps take their values from it.
    Without it the path stops where one-cell lookahead does. Raises :class:`NoPlacement`
    (naming the line) if the clues turn out to have no solution along the way,
    :class:`nonogram_editor.infra.tasks.Cancelled` when cancelled.
    """
    if isinstance(puzzle, ColourClues):
        return _ColourPlayer(puzzle, None if picture is None else np.asarray(picture, dtype=np.int64),
                             task or Task()).run()
    return _Player(puzzle, None if picture is None else np.asarray(picture, dtype=bool), task or Task()).run()


def grade_verdict(verdict, task: Task | None = None) -> SolvePath | None:
    """The solve path of a LINE or BRANCH verdict (None for the others: no unique picture)."""
    if verdict.kind not in (Kind.LINE, Kind.BRANCH):
        return None
    # a LINE path never takes a probe or search step, the only ones that read the picture:
    # not given, it is not made an array (a check line logic decides never imports numpy)
    return solve_path(verdict.puzzle, verdict.picture if verdict.kind == Kind.BRANCH else None, task)
