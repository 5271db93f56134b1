"""The solver dock hands each check the last decided verdict (check_drawing's ``previous``)."""
import numpy as np

from nonogram_editor.nonogram.verdict import Kind, Stage
from tests.editor.ui.test_solver_panel import click_cell, panel_of, wait_for_verdict_on


def test_an_edit_away_from_the_switch_keeps_the_other_solution_from_the_verdict_before(window, qtbot):
    canvas = window.solution_canvas
    wait_for_verdict_on(qtbot, window)
    click_cell(qtbot, canvas, 2, 3)
    click_cell(qtbot, canvas, 3, 4)
    before = wait_for_verdict_on(qtbot, window)
    assert before.kind == Kind.MULT
    click_cell(qtbot, canvas, 8, 8)
    after = wait_for_verdict_on(qtbot, window)
    assert after.kind == Kind.MULT
    assert after.decided_by == Stage.PREVIOUS
    expected = before.alternative.copy()
    expected[8, 8] = True
    assert np.array_equal(after.alternative, expected)
    assert panel_of(window).alternative_button.isEnabled()
