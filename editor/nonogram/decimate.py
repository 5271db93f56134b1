"""A first solution of big clue sets with many solutions, by decimation (Qt-free).

Bare clues of a big picture (a dithered image, text, 80x60 and up) leave line logic
nearly every cell open and have many solutions; SAT solvers take long to find one. Decimation builds one instead:
belief propagation (:mod:`nonogram_editor.nonogram.belief`) says how likely each open cell is
filled; the ``STEP`` cells it is surest of take their likely values at once, line logic
runs, the beliefs are updated by a few rounds from where they were, and so on until
every cell is known (a solution: every line was checked against its clue).

When line logic finds the batch contradictory, its cells are set one at a time, each
followed by line logic; a cell whose likely value contradicts takes the other one (the
board forces it), and when both contradict the guesses so far cannot all be right. The
search then goes back to the board before the last batch. A short CaDiCaL search on
what that board knows often completes it there (far sooner than more guessing) or shows
it has no solution (then back once more);
otherwise the board is probed to a fixpoint (:mod:`nonogram_editor.nonogram.probing`), which
rules out the values that contradict at once, and the guessing goes on from it; a board
probed already is left for the one before. No solution completing the start board
proves there is none. After ``DEAD_ENDS`` returns, or a dead end while more than
``EARLY`` of the start's open cells are open, the search gives up (:class:`GaveUp`):
where the guesses keep failing (a 50x50 text picture, Faase), a SAT solver is the
better way.

The steps that differ between two-colour and colour puzzles (the beliefs, setting a
cell, the short SAT search, probing) are the ``kind``'s: :class:`TwoColour` here,
:class:`nonogram_editor.nonogram.colour.decimate.Colour` for colour puzzles.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from nonogram_editor.infra.tasks import Task
from nonogram_editor.nonogram import engine
from nonogram_editor.nonogram.belief import ROUNDS, Beliefs, propagate
from nonogram_editor.nonogram.probing import probe_to_fixpoint
from nonogram_editor.nonogram.puzzle import Board, Puzzle

COMPLETE_CONFLICTS = 2000  # CaDiCaL's search on the board before a dead end (short: for boards nearly solved)
STEP = 40  # cells set per batch (big pictures: thousands of open cells, so some tens of batches)
UPDATE_ROUNDS = 3  # rounds of belief propagation after each batch, from the messages before it
DEAD_ENDS = 2  # returns to an earlier board before it gives up at the next dead end (where it succeeds, it needs few)
EARLY = 0.5  # ... or a dead end while more than this share of the start's open cells is open (guesses failing early)
QUICK_STEP = 60  # cells per batch of a quick first try (up to its first dead end)
QUICK_COMPLETE = 1024  # cells up to which the quick try's dead end gets the CaDiCaL search (25x25 puzzles: 0.02 s)


class GaveUp(Exception):
    """Decimation ran into ``DEAD_ENDS`` contradictions without a solution (there may be one)."""


B = TypeVar("B", bound=engine.Board)


class TwoColour(engine.Decimation[Board]):
    """What decimation does on a two-colour puzzle (:func:`decimate` takes another kind's
    alike: :class:`nonogram_editor.nonogram.colour.decimate.Colour`)."""

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle

    def guess(self, board: Board, beliefs: Beliefs | None, task: Task | None) -> tuple[np.ndarray, np.ndarray, Beliefs]:
        """(each cell's likely value, how sure that is with -1 on decided cells, the beliefs):
        belief propagation from ``beliefs`` (None: from the start)."""
        filled, empty = board.filled_array(), board.empty_array()
        beliefs = propagate(self.puzzle.row_clues, self.puzzle.column_clues, filled, empty,
                            ROUNDS if beliefs is None else UPDATE_ROUNDS, beliefs, task)
        likely = beliefs.filled()
        return likely >= 0.5, np.where(filled | empty, -1.0, np.abs(likely - 0.5)), beliefs

    @staticmethod
    def set(board: Board, row: int, column: int, value) -> None:
        board.set(row, column, bool(value))

    def assume(self, board: Board, row: int, column: int, value, task: Task | None) -> Board | None:
        return self.puzzle.assume(board, row, column, bool(value), task)

    def refuse(self, board: Board, row: int, column: int, value, task: Task | None) -> Board | None:
        """``board`` with the cell not taking ``value``, line logic run; None on a contradiction."""
        return self.puzzle.assume(board, row, column, not value, task)

    def complete(self, board: Board) -> Board | None | bool:
        return _complete(self.puzzle, board)

    def probe(self, board: Board, task: Task | None) -> bool:
        """Probe ``board`` to a fixpoint in place; False when it runs into a contradiction."""
        return probe_to_fixpoint(self.puzzle, board, task) is not None


def decimate(puzzle: engine.Clues[B], board: B, step: int = STEP, dead_ends: int = DEAD_ENDS,
             task: Task | None = None, kind: engine.Decimation[B] | None = None, completes: bool = True) -> B | None:
    """A complete board that solves ``puzzle`` and agrees with ``board`` (at a line-logic
    fixpoint; not changed), None when there is no solution, or :class:`GaveUp`. ``task``:
    checked for cancelling (and giving way) between steps. ``kind``: what guessing,
    completing and probing are for this puzzle (:class:`TwoColour` when None; it is asked
    to probe only where ``dead_ends`` allows going on after a dead end). Without
    ``completes``, no CaDiCaL search completes a board at a dead end."""
    kind = kind or TwoColour(puzzle)
    width = puzzle.width
    beliefs = None
    start, start_probed = board, False
    start_open = board.unknown_count()
    checkpoints: list = []  # (board, its beliefs, probed) before each batch
    probed = False
    while True:
        count = board.unknown_count()
        if not count:
            return board
        likely, sureness, beliefs = kind.guess(board, beliefs, task)
        batch = [divmod(int(index), width)
                 for index in np.argsort(-sureness, axis=None, kind="stable")[:min(count, step)]]
        if len(batch) > 1:
            trial = board.copy()
            for row, column in batch:
                kind.set(trial, row, column, likely[row, column])
            if puzzle.propagate(trial, {row for row, _ in batch}, {column for _, column in batch}, task) is not None:
                checkpoints.append((board, beliefs, probed))
                board, probed = trial, False
                continue
        dead = False
        for row, column in batch:  # one at a time
            if board.value(row, column) is not None:
                continue
            value = likely[row, column]
            trial = kind.assume(board, row, column, value, task)
            if trial is not None:
                board = trial
                continue
            trial = kind.refuse(board, row, column, value, task)
            if trial is None:
                dead = True
            else:
                board = trial  # forced: fresh beliefs before the next guess
            break
        if not dead:
            continue
        dead_ends -= 1
        while True:  # back to the latest board not probed yet, probed now
            if checkpoints:
                board, beliefs, probed = checkpoints.pop()
            elif start_probed:
                raise GaveUp  # every board back to the start probed: nothing proved
            else:
                board, beliefs, probed = start, None, False
            if probed:
                continue
            at_start = board is start
            completed = kind.complete(board) if completes else False
            if completed is None:
                if at_start:
                    return None  # no solution completes the start board
                continue
            if completed is not False:
                return completed
            if dead_ends < 0 or count > EARLY * start_open:
                raise GaveUp
            board = board.copy()
            if not kind.probe(board, task):
                if at_start:
                    return None  # the start board probes into a contradiction
                continue
            start_probed |= at_start
            probed = True
            break


def _complete(puzzle: Puzzle, board: Board) -> Board | None | bool:
    """A solution that completes ``board`` (the automaton encoding of what it knows), as
    :func:`complete_within`."""
    from nonogram_editor.nonogram.cnf import encode, model_rows
    from nonogram_editor.nonogram.puzzle import rows_to_array

    encoded = encode(puzzle.row_clues, puzzle.column_clues, (board.row_filled, board.row_empty))
    if encoded is None:
        return None
    return complete_within(encoded[0], COMPLETE_CONFLICTS, lambda model: Board.from_array(
        rows_to_array(model_rows(model, puzzle.height, puzzle.width), puzzle.width)))


def complete_within(clauses, conflicts: int, solution_of: Callable[[list[int]], Any]):
    """``solution_of(model)`` for a model of ``clauses`` that CaDiCaL finds within
    ``conflicts`` conflicts; None when there is none, False when the search ran out of
    conflicts. How either kind completes a board at a dead end."""
    from nonogram_editor.infra.sat_solvers import Solver

    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        solver.conf_budget(conflicts)
        found = solver.solve_limited()
        if found is None:
            return False
        if not found:
            return None
        return solution_of(solver.get_model())


def quick_try(puzzle: Puzzle, board: Board, task: Task | None = None) -> Board | None:
    """:func:`decimate` up to its first dead end, in bigger batches (``QUICK_STEP``): a
    first try that costs little where the clues have many solutions (fewer batches, each
    followed by rounds of belief propagation). The CaDiCaL search at that dead end only
    on puzzles of up to ``QUICK_COMPLETE`` cells: on bigger ones its encoding alone costs
    up to a second (55x60: 1.1 s), where probing decides a unique puzzle in tenths."""
    return decimate(puzzle, board, QUICK_STEP, dead_ends=0, task=task,
                    completes=puzzle.width * puzzle.height <= QUICK_COMPLETE)


def first_solution(row_clues, column_clues, known: tuple[list[int], list[int]]) -> list[int] | None:
    """A solution (row masks) that completes ``known`` (the board's (row_filled, row_empty)
    masks, at a line-logic fixpoint), None when there is none, or :class:`GaveUp`."""
    puzzle = Puzzle(row_clues, column_clues)
    solved = decimate(puzzle, Board.from_rows(*known, puzzle.width))
    if solved is None:
        return None
    if not puzzle.is_solution(solved.filled_array()):
        raise AssertionError("decimation completed a board that breaks a clue")
    return solved.row_filled
