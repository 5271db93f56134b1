"""The Assist dock on a colour level in the real window (issue 27): suggestions that give a
cell another colour or the background, applied by a click; "Make it line-solvable" accepted;
the grade and the solve path replayed; each drawing painted with real mouse events."""
import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from nonogram_editor.level.colour import indexed_picture
from nonogram_editor.nonogram.colour import check_colour_drawing
from nonogram_editor.nonogram.fix import edited
from nonogram_editor.nonogram.verdict import Kind
from nonogram_editor.ui.assist_panel import (
    HEAT_LEVELS,
    PATH_KNOWN,
    PATH_KNOWN_COLOUR,
    PATH_LINE,
    PATH_LINE_COLOUR,
    PATH_NEW,
    PATH_NEW_COLOUR,
    PROPOSAL_OVERLAY,
)
from tests.editor.scene3d.test_view import rgb_array
from tests.editor.ui.conftest import drag
from tests.editor.ui.test_assist_panel import assist, click_tab, wait_until
from tests.editor.ui.test_colour_window import BLUE, RED, WHITE, YELLOW, choose, new_colour_level, wait_for_verdict


def paint(qtbot, window, strokes):
    """Each (colour, cells) painted with the pen, one click per cell."""
    for colour, cells in strokes:
        choose(qtbot, window, colour)
        for cell in cells:
            drag(qtbot, window.solution_canvas, [cell])


def click_item(qtbot, panel, row: int) -> None:
    item = panel.suggestion_list.item(row)
    qtbot.mouseClick(panel.suggestion_list.viewport(), Qt.LeftButton,
                     pos=panel.suggestion_list.visualItemRect(item).center())


def test_colour_suggestions_listed_with_their_colours_and_a_click_applies_one(window, qtbot):
    new_colour_level(window)
    paint(qtbot, window, [(RED, [(2, 3), (3, 4)])])  # a red 2x2 switch: the other diagonal fits the same clues
    assert wait_for_verdict(qtbot, window).kind == Kind.MULT
    panel = assist(window)
    click_tab(qtbot, window, "Assist")
    wait_until(qtbot, lambda: panel.suggestion_list.count() > 0)
    assert any(name in window.solution_canvas.overlay_names() for name, _ in HEAT_LEVELS)
    assert all(not panel.suggestion_list.item(i).icon().isNull() for i in range(panel.suggestion_list.count()))
    texts = [panel.suggestion_list.item(i).text() for i in range(panel.suggestion_list.count())]
    assert any("red" in text or "to the background" in text for text in texts)
    grid = window.puzzle_grid()
    for suggestion in panel.suggestions:  # each promise is the colour engine's verdict on the edited drawing
        if suggestion.kind != Kind.STALLED:
            assert check_colour_drawing(edited(grid, [suggestion.edit]), 2).kind == suggestion.kind
    best = panel.suggestions[0]
    assert best.kind == Kind.LINE
    assert len(best.cells) == 1
    before = window.document.visible_picture()
    click_item(qtbot, panel, 0)
    after = window.document.visible_picture()
    changed = np.any(after != before, axis=2)
    assert changed.sum() == 1
    assert changed[best.cells[0]]
    assert tuple(after[best.cells[0]]) == (WHITE, RED)[best.edit.value]
    assert wait_for_verdict(qtbot, window).kind == Kind.LINE  # the promise holds in the editor
    window.undo_action.trigger()
    assert np.array_equal(window.document.visible_picture(), before)  # one undo step


def test_make_a_three_colour_drawing_line_solvable_accept_and_undo(window, qtbot):
    new_colour_level(window)
    paint(qtbot, window, [(RED, [(0, 0), (1, 1), (5, 5)]), (BLUE, [(0, 2), (1, 3), (7, 1)]),
                          (YELLOW, [(4, 7), (5, 8), (8, 8)])])
    assert wait_for_verdict(qtbot, window).kind == Kind.MULT
    panel = assist(window)
    click_tab(qtbot, window, "Assist")
    wait_until(qtbot, lambda: panel.solvable_button.isEnabled())
    before, grid = window.document.visible_picture(), window.puzzle_grid()
    qtbot.mouseClick(panel.solvable_button, Qt.LeftButton)
    wait_until(qtbot, lambda: panel.proposal)
    assert PROPOSAL_OVERLAY in window.solution_canvas.overlay_names()
    assert "-> LINE" in panel.proposal_label.text()
    edits = list(panel.proposal_edits)
    qtbot.mouseClick(panel.reject_button, Qt.LeftButton)
    assert PROPOSAL_OVERLAY not in window.solution_canvas.overlay_names()
    assert np.array_equal(window.document.visible_picture(), before)
    qtbot.mouseClick(panel.solvable_button, Qt.LeftButton)
    wait_until(qtbot, lambda: panel.proposal)
    assert panel.proposal_edits == edits
    qtbot.mouseClick(panel.accept_button, Qt.LeftButton)
    palette = indexed_picture(before, WHITE)[1]
    expected = np.asarray(palette, dtype=np.uint8)[edited(grid, edits)]
    assert np.array_equal(window.document.visible_picture(), expected)  # the proposal's cells in its colours
    assert wait_for_verdict(qtbot, window).kind == Kind.LINE
    window.undo_action.trigger()
    assert np.array_equal(window.document.visible_picture(), before)


def paint_red_top_row_and_blue_left_column(qtbot, window):
    """A new 10x10 colour level: a red top row and a blue left column under it, painted by drags."""
    new_colour_level(window)
    choose(qtbot, window, RED)
    drag(qtbot, window.solution_canvas, [(0, 0), (0, 9)])
    choose(qtbot, window, BLUE)
    drag(qtbot, window.solution_canvas, [(1, 0), (9, 0)])


def test_a_colour_level_is_graded_and_its_solve_path_replays(window, qtbot):
    paint_red_top_row_and_blue_left_column(qtbot, window)
    assert wait_for_verdict(qtbot, window).kind == Kind.LINE
    panel = assist(window)
    click_tab(qtbot, window, "Assist")
    wait_until(qtbot, lambda: panel.path is not None and panel.step_slider.isEnabled())
    assert panel.grade_label.text().startswith("grade 1")
    slider = panel.step_slider
    slider.setFocus()
    qtbot.keyClick(slider, Qt.Key_Right)
    assert slider.value() == 1
    assert PATH_NEW in window.solution_canvas.overlay_names()
    qtbot.keyClick(slider, Qt.Key_End)
    assert slider.value() == len(panel.path.steps)
    assert np.array_equal(panel.path.replay(10, 10), window.puzzle_grid())  # every cell, in its colour
    assert panel.harder_button.isEnabled()


def test_with_tools_symmetry_on_colour_edits_keep_the_drawing_symmetric(window, qtbot):
    """Tools > Symmetry left-right on a colour level: the clicks are mirrored, a MULT
    drawing; each suggestion is a cell with its mirror image, and the accepted proposal
    keeps the picture symmetric."""
    new_colour_level(window)
    window.tools.symmetry_actions["left-right"].trigger()
    paint(qtbot, window, [(RED, [(2, 2), (3, 3)]), (BLUE, [(6, 1), (7, 2)])])
    assert wait_for_verdict(qtbot, window).kind == Kind.MULT
    before = window.document.visible_picture()
    assert np.array_equal(before, before[:, ::-1])
    panel = assist(window)
    wait_until(qtbot, lambda: panel.suggestion_list.count() > 0)
    for suggestion in panel.suggestions:
        assert {(r, 9 - c) for r, c in suggestion.cells} == set(suggestion.cells)
    qtbot.mouseClick(panel.solvable_button, Qt.LeftButton)
    wait_until(qtbot, lambda: panel.proposal)
    assert "symmetric edit" in panel.proposal_label.text()
    qtbot.mouseClick(panel.accept_button, Qt.LeftButton)
    after = window.document.visible_picture()
    assert np.array_equal(after, after[:, ::-1])
    assert (after != before).any()
    assert wait_for_verdict(qtbot, window).kind == Kind.LINE


def test_the_solve_path_replay_frames_cells_and_leaves_their_colours_seen(window, qtbot):
    """A tint would mix with the palette's colours: each replayed cell gets a frame instead
    (black, the legend's colour, white), so its own colour stays in its middle and the frame
    shows on every colour, yellow beside the step's yellow too."""
    paint_red_top_row_and_blue_left_column(qtbot, window)
    choose(qtbot, window, YELLOW)
    drag(qtbot, window.solution_canvas, [(9, 1), (9, 9)])  # a yellow bottom row beside it
    assert wait_for_verdict(qtbot, window).kind == Kind.LINE
    panel = assist(window)
    click_tab(qtbot, window, "Assist")
    wait_until(qtbot, lambda: panel.path is not None and panel.step_slider.isEnabled())
    slider, canvas = panel.step_slider, window.solution_canvas
    slider.setFocus()
    picture = window.document.visible_picture()
    band = max(1, canvas.cell_size // 10)
    marked_colours = set()
    for key in (Qt.Key_Right, Qt.Key_End):
        qtbot.keyClick(slider, key)
        image = rgb_array(canvas.grab().toImage())
        framed = {name: canvas._overlays[name][0] for name in (PATH_KNOWN, PATH_LINE, PATH_NEW)
                  if name in canvas.overlay_names()}
        assert framed
        assert PATH_NEW in framed
        above = np.zeros(picture.shape[:2], dtype=bool)  # cells under a frame drawn over this one
        for name, frame_colour in ((PATH_NEW, PATH_NEW_COLOUR), (PATH_LINE, PATH_LINE_COLOUR),
                                   (PATH_KNOWN, PATH_KNOWN_COLOUR)):  # a new cell's frame over its line's
            cells = framed[name] & ~above if name in framed else np.zeros_like(above)
            above |= cells
            for row, column in zip(*np.nonzero(cells)):
                own = picture[row, column].astype(int)
                rect = canvas.cell_rect(row, column)
                middle = image[rect.center().y(), rect.center().x()]
                assert np.array_equal(middle, own), f"{name} ({row},{column}): its colour is not seen"
                y, left = rect.center().y(), rect.left() + 2
                ring = image[y, left:left + band + 2]  # across the frame's left side: black, colour, white
                assert np.array_equal(ring[0], [0, 0, 0])
                assert np.array_equal(ring[-1], [255, 255, 255])
                assert np.array_equal(ring[1], QColor(frame_colour).getRgb()[:3])
                assert max(np.abs(ring - own).sum(axis=1)) >= 380  # black or white stands out on it
                marked_colours.add(tuple(own))
    assert marked_colours == {WHITE, RED, BLUE, YELLOW}
