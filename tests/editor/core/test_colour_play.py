"""Test-solve of a colour level (Qt-free): marks, the check, and the colour hint."""
import numpy as np

from nonogram_editor.core.colour_play import ColourPlaySession
from nonogram_editor.core.play import CROSSED, FILLED, UNKNOWN
from nonogram_editor.nonogram.colour import check_colour_drawing

PALETTE = [(255, 255, 255), (220, 40, 40), (40, 110, 220)]
GRID = np.array([[1, 1, 2, 0],
                 [0, 2, 2, 0],
                 [0, 0, 1, 1]])


def test_painting_the_solution_solves_it_and_mistakes_are_named():
    clock = iter(range(100)).__next__
    session = ColourPlaySession(GRID, PALETTE, clock=clock)
    session.mark([(0, 0), (0, 1)], FILLED, 2)  # the wrong colour
    session.mark([(2, 2)], CROSSED)  # crossed where the solution is red
    result = session.check()
    assert not result.solved
    assert sorted(zip(*np.nonzero(result.mistakes))) == [(0, 0), (0, 1), (2, 2)]
    for (row, column), colour in np.ndenumerate(GRID):
        session.mark([(row, column)], FILLED if colour else UNKNOWN, int(colour))
    assert session.check().solved
    assert session.check().remaining == 0
    finished = session.elapsed()
    assert session.elapsed() == finished  # the clock stops once solved


def test_the_hint_follows_the_colour_line_solver_until_the_grid_is_solved():
    # a LINE colour drawing is solved by following the hints alone, each deduction right
    assert check_colour_drawing(GRID, 3).kind == "LINE"
    session = ColourPlaySession(GRID, PALETTE)
    for _ in range(30):
        hint = session.hint()
        if not hint.cells:
            break
        assert hint.line is not None
        assert "line logic" in hint.text
        assert "decides" in hint.text
        assert all(session.marks[cell] == 0 for cell in hint.cells)  # cells not marked yet
        for cell in hint.cells:
            colour = int(GRID[cell])
            session.mark([cell], FILLED if colour else CROSSED, colour)
    assert session.check().solved
    assert session.hint().text.startswith("Solved")


def test_a_mark_that_breaks_a_line_is_named_with_its_colours():
    session = ColourPlaySession(GRID, PALETTE)
    session.mark([(0, 0)], FILLED, 2)  # row 1 is "2 red, 1 blue": it cannot start blue
    hint = session.hint()
    assert hint.line == ("row", 0)
    assert "do not fit its clue 2 " in hint.text
