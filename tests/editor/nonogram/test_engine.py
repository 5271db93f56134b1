"""Both engines offer what nonogram_editor.nonogram.engine says a board, a clue set and a decimation kind must."""
import numpy as np

from nonogram_editor.nonogram import engine
from nonogram_editor.nonogram.colour.decimate import Colour
from nonogram_editor.nonogram.colour.puzzle import ColourClues
from nonogram_editor.nonogram.decimate import TwoColour
from nonogram_editor.nonogram.puzzle import Puzzle


def test_the_two_colour_and_the_colour_engine_offer_the_same_interface():
    two = Puzzle.from_grid(np.array([[1, 0, 1], [0, 1, 0]], dtype=bool))
    colour = ColourClues.from_grid(np.array([[1, 2, 0], [0, 1, 2]]), 3)
    for clues, kind in ((two, TwoColour(two)), (colour, Colour(colour))):
        assert isinstance(clues, engine.Clues)
        assert isinstance(kind, engine.Decimation)
        board = clues.board()
        assert isinstance(board, engine.Board)
        assert isinstance(board.copy(), type(board))
        assert clues.propagate(board) is not None
        assert board.is_complete()  # both pictures are line-solvable
        assert board.unknown_count() == 0


def test_what_lacks_a_member_is_not_taken_for_a_board():
    assert not isinstance(np.zeros((2, 3), dtype=bool), engine.Board)
    assert not isinstance(Puzzle.from_grid(np.ones((2, 2), dtype=bool)), engine.Board)
