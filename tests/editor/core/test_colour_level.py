"""The solver dock's colour check (Qt-free part): line logic first, then the full check."""
import numpy as np

from nonogram_editor.core.colour_level import check_colour_grid
from nonogram_editor.infra.tasks import Task
from nonogram_editor.nonogram.verdict import Kind, Stage


def test_the_colour_check_stops_at_line_logic_then_decides_and_reuses_the_last_verdict():
    drawing = np.zeros((6, 6), dtype=int)
    drawing[0, 0] = drawing[1, 1] = 1  # a switch: swaps with drawing[0, 1], drawing[1, 0]
    drawing[4, 2:5] = 2
    assert check_colour_grid(drawing, Task(), line_logic_only=True).kind == Kind.STALLED
    first = check_colour_grid(drawing, Task())
    assert first.kind == Kind.MULT
    edited = drawing.copy()
    edited[5, 0] = 2  # away from the switch: the other solution carries over
    again = check_colour_grid(edited, Task(), previous=first)
    assert again.kind == Kind.MULT
    assert again.decided_by == Stage.PREVIOUS
