"""Colour nonograms (Qt-free): each clue number has a colour, colour 0 is the background;
blocks of the same colour need a background cell between them, blocks of different colours
may touch.

    from nonogram_editor.nonogram.colour import check_colour
    verdict = check_colour([[(2, 1), (1, 2)], ...], [[(1, 1)], ...], colours=3)

The modules: :mod:`.line` (the exact line solver), :mod:`.puzzle` (clues, what is known,
line logic), :mod:`.search` (probing and search), :mod:`.cnf` (the SAT encoding),
:mod:`.verdict` (the stages together).
"""
from nonogram_editor.nonogram.colour.line import ColourLineSolver, colour_line_solver, count_colour_placements
from nonogram_editor.nonogram.colour.puzzle import ColourBoard, ColourClues
from nonogram_editor.nonogram.colour.verdict import check_colour, check_colour_drawing

__all__ = ["ColourBoard", "ColourClues", "ColourLineSolver", "check_colour", "check_colour_drawing",
           "colour_line_solver", "count_colour_placements"]
