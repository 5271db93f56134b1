"""A first solution of big colour clue sets with many solutions, by decimation (Qt-free).

:func:`nonogram_editor.nonogram.decimate.decimate` in colour: :class:`Colour` is what it guesses,
completes and probes with. Belief propagation (:mod:`nonogram_editor.nonogram.colour.belief`)
says how likely each open cell is each colour; the cells it is surest of take their
likeliest colours; a cell whose likeliest colour contradicts loses that colour.
"""
from __future__ import annotations

import numpy as np

from nonogram_editor.infra.tasks import Task
from nonogram_editor.nonogram import engine
from nonogram_editor.nonogram.belief import ROUNDS
from nonogram_editor.nonogram.colour.belief import ColourBeliefs, propagate
from nonogram_editor.nonogram.colour.puzzle import ColourBoard, ColourClues
from nonogram_editor.nonogram.decimate import UPDATE_ROUNDS, complete_within, decimate

COMPLETE_CONFLICTS = 20000  # CaDiCaL's search at a dead end: colour boards take more than two-colour ones


class Colour(engine.Decimation[ColourBoard]):
    """What decimation does on a colour puzzle (as :class:`nonogram_editor.nonogram.decimate.TwoColour`)."""

    def __init__(self, puzzle: ColourClues, rounds: int = ROUNDS, conflicts: int = COMPLETE_CONFLICTS):
        self.puzzle = puzzle
        self.rounds = rounds  # rounds of belief propagation from uniform messages
        self.conflicts = conflicts  # CaDiCaL's at a dead end

    def guess(self, board: ColourBoard, beliefs: ColourBeliefs | None,
              task: Task | None) -> tuple[np.ndarray, np.ndarray, ColourBeliefs]:
        """(each cell's likeliest colour, its probability with -1 on decided cells, the beliefs)."""
        allowed = allowed_array(board)
        beliefs = propagate(self.puzzle.row_clues, self.puzzle.column_clues, allowed,
                            self.rounds if beliefs is None else UPDATE_ROUNDS, beliefs, task)
        likely = beliefs.likely()
        return likely.argmax(axis=2), np.where(allowed.sum(axis=2) > 1, likely.max(axis=2), -1.0), beliefs

    @staticmethod
    def set(board: ColourBoard, row: int, column: int, colour) -> None:
        board.restrict(row, column, 1 << int(colour))

    def assume(self, board: ColourBoard, row: int, column: int, colour, task: Task | None) -> ColourBoard | None:
        return self.puzzle.assume(board, row, column, 1 << int(colour), task)

    def refuse(self, board: ColourBoard, row: int, column: int, colour, task: Task | None) -> ColourBoard | None:
        """``board`` with ``colour`` ruled out of the cell, line logic run; None on a contradiction."""
        return self.puzzle.assume(board, row, column, ~(1 << int(colour)), task)

    def complete(self, board: ColourBoard) -> ColourBoard | None | bool:
        """A solution that completes ``board`` (the colour encoding of what it knows), as
        :func:`nonogram_editor.nonogram.decimate.complete_within`."""
        from nonogram_editor.nonogram.colour.cnf import encode, grid_of

        puzzle = self.puzzle
        encoded = encode(puzzle.row_clues, puzzle.column_clues, puzzle.colours, list(board.rows))
        if encoded is None:
            return None
        return complete_within(encoded[0], self.conflicts, lambda model: ColourBoard.from_grid(
            np.array(grid_of(model, puzzle.height, puzzle.width, puzzle.colours)), puzzle.colours))

    def probe(self, board: ColourBoard, task: Task | None) -> bool:
        """Each colour of each open cell tried in turn, line logic run: one that contradicts
        is ruled out, in rounds until one rules nothing out (``board`` changed in place).
        False when the board runs into a contradiction."""
        proved = True
        while proved:
            proved = False
            for row, column in list(board.unknown_cells()):
                for colour in range(board.colours):
                    if not board.possible(row, column) >> colour & 1 or board.value(row, column) is not None:
                        continue
                    if self.puzzle.assume(board, row, column, 1 << colour, task) is None:
                        board.restrict(row, column, ~(1 << colour))
                        if self.puzzle.propagate(board, (row,), (column,), task) is None:
                            return False
                        proved = True
        return True


def allowed_array(board: ColourBoard) -> np.ndarray:
    """Per cell and colour, whether the cell may still take it (height x width x colours bool)."""
    return (board.possible_array()[:, :, None] >> np.arange(board.colours)) & 1 == 1


def first_solution(row_clues, column_clues, colours: int, known_rows) -> list[list[int]] | None:
    """A solution (a grid as row lists) that completes ``known_rows`` (a
    :class:`~nonogram_editor.nonogram.colour.puzzle.ColourBoard`'s rows), None when there is none,
    or :class:`nonogram_editor.nonogram.decimate.GaveUp`."""
    puzzle = ColourClues(row_clues, column_clues, colours)
    board = ColourBoard.from_rows(known_rows, puzzle.width)
    if puzzle.propagate(board) is None:
        return None
    solved = decimate(puzzle, board, kind=Colour(puzzle))
    if solved is None:
        return None
    grid = solved.grid()
    if not puzzle.is_solution(grid):
        raise AssertionError("decimation completed a board that breaks a clue")
    return grid.tolist()
