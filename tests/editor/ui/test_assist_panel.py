"""The Assist dock in the real main window: heat overlay applied, proposals, solve path replay, sheets."""
from pathlib import Path

import numpy as np
from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtGui import QColor, QImage

from nonogram_editor.level.clues import clues
from nonogram_editor.level.non_format import read_non
from nonogram_editor.nonogram.verdict import Kind
from nonogram_editor.ui.assist_panel import HEAT_LEVELS, PATH_KNOWN, PATH_NEW, PROPOSAL_OVERLAY
from tests.conftest import HANG_MS
from tests.editor.ui.conftest import drag, wait_for_job
from tests.editor.ui.test_files import choose_file
from tests.editor.ui.test_solver_panel import click_cell, wait_for_counts_on, wait_for_verdict_on

HARD = Path(__file__).resolve().parents[2] / "data" / "hard"
LEVELS = Path(__file__).resolve().parents[3] / "levels"


def assist(window):
    return window.assist_dock.widget()


def wait_until(qtbot, condition):
    """A real event loop (background jobs need the GIL) until ``condition()``."""
    loop = QEventLoop()
    poll = QTimer()
    poll.timeout.connect(lambda: loop.quit() if condition() else None)
    poll.start(2)
    QTimer.singleShot(HANG_MS, loop.quit)
    loop.exec()
    poll.stop()
    assert condition()


def click_tab(qtbot, window, title):
    """A real click on the dock tab named ``title`` (the Solver and Assist docks share a tab bar)."""
    from PySide6.QtWidgets import QTabBar

    for bar in window.findChildren(QTabBar):
        for index in range(bar.count()):
            if bar.tabText(index) == title and bar.isVisible():
                qtbot.mouseClick(bar, Qt.LeftButton, pos=bar.tabRect(index).center())
                dock = window.assist_dock if title == "Assist" else window.solver_dock
                qtbot.waitUntil(lambda dock=dock: not dock.visibleRegion().isEmpty())
                return
    raise AssertionError(f"no tab {title!r}")


def make_switch(qtbot, window):
    """Two diagonal cells: a MULT drawing (the other diagonal fits the same clues)."""
    wait_for_verdict_on(qtbot, window)
    click_cell(qtbot, window.solution_canvas, 2, 3)
    click_cell(qtbot, window.solution_canvas, 3, 4)
    assert wait_for_verdict_on(qtbot, window).kind == Kind.MULT


def test_a_drawing_with_two_solutions_is_said_to_have_no_grade(window, qtbot):
    """MULT: the Difficulty section says why there is no grade, with no empty slider; once a
    suggestion makes the drawing unique, the grade and the replay's slider come."""
    panel = assist(window)
    make_switch(qtbot, window)
    click_tab(qtbot, window, "Assist")
    wait_until(qtbot, lambda: panel.suggestion_list.count() > 0)
    assert panel.difficulty_heading.isVisible()
    assert panel.grade_label.isVisible()
    assert panel.grade_label.text().startswith("No grade: more than one picture fits")
    assert not panel.step_slider.isVisible()
    assert not panel.step_label.isVisible()
    item = panel.suggestion_list.item(0)
    qtbot.mouseClick(panel.suggestion_list.viewport(), Qt.LeftButton,
                     pos=panel.suggestion_list.visualItemRect(item).center())
    wait_until(qtbot, lambda: panel.path is not None)
    assert panel.grade_label.text().startswith("grade ")
    assert panel.step_slider.isVisible()
    assert panel.step_label.text() == "Move the slider to replay the solve path."


def test_heat_overlay_shown_and_a_click_applies_one_suggestion(window, qtbot):
    panel = assist(window)
    make_switch(qtbot, window)
    click_tab(qtbot, window, "Assist")
    wait_until(qtbot, lambda: panel.suggestion_list.count() > 0)
    names = window.solution_canvas.overlay_names()
    assert any(name in names for name, _ in HEAT_LEVELS)
    before = window.solution_grid()
    best = panel.suggestions[0]
    assert best.kind == Kind.LINE  # filling a third cell of the 2x2 switch pins it
    item = panel.suggestion_list.item(0)
    rect = panel.suggestion_list.visualItemRect(item)
    qtbot.mouseClick(panel.suggestion_list.viewport(), Qt.LeftButton, pos=rect.center())
    after = window.solution_grid()
    assert (after != before).sum() == 1
    assert after[best.cells[0]] != before[best.cells[0]]
    assert wait_for_verdict_on(qtbot, window).kind == Kind.LINE  # the promise holds in the editor too
    window.editor.undo()
    assert np.array_equal(window.solution_grid(), before)  # one undo step


def test_make_line_solvable_proposal_accepted_and_rejected(window, qtbot):
    panel = assist(window)
    make_switch(qtbot, window)
    click_tab(qtbot, window, "Assist")
    before = window.solution_grid()
    wait_until(qtbot, lambda: panel.solvable_button.isEnabled())
    qtbot.mouseClick(panel.solvable_button, Qt.LeftButton)
    wait_until(qtbot, lambda: panel.proposal)
    assert PROPOSAL_OVERLAY in window.solution_canvas.overlay_names()
    qtbot.mouseClick(panel.reject_button, Qt.LeftButton)
    assert PROPOSAL_OVERLAY not in window.solution_canvas.overlay_names()
    assert np.array_equal(window.solution_grid(), before)
    qtbot.mouseClick(panel.solvable_button, Qt.LeftButton)
    wait_until(qtbot, lambda: panel.proposal)
    cells = list(panel.proposal)
    qtbot.mouseClick(panel.accept_button, Qt.LeftButton)
    assert (window.solution_grid() != before).sum() == len(cells)
    assert wait_for_verdict_on(qtbot, window).kind == Kind.LINE
    window.editor.undo()
    assert np.array_equal(window.solution_grid(), before)


def test_with_tools_symmetry_on_suggestions_and_proposals_keep_the_drawing_symmetric(window, qtbot):
    """Tools > Symmetry left-right: the clicks are mirrored, a MULT drawing; every
    suggestion is a cell with its mirror image, and the accepted proposal keeps it symmetric."""
    panel = assist(window)
    wait_for_verdict_on(qtbot, window)
    window.tools.symmetry_actions["left-right"].trigger()
    click_cell(qtbot, window.solution_canvas, 2, 2)
    click_cell(qtbot, window.solution_canvas, 3, 3)
    assert wait_for_verdict_on(qtbot, window).kind == Kind.MULT
    before = window.solution_grid()
    assert np.array_equal(before, before[:, ::-1])
    wait_until(qtbot, lambda: panel.suggestion_list.count() > 0)
    for suggestion in panel.suggestions:
        assert {(r, 9 - c) for r, c in suggestion.cells} == set(suggestion.cells)
    qtbot.mouseClick(panel.solvable_button, Qt.LeftButton)
    wait_until(qtbot, lambda: panel.proposal)
    assert {(r, 9 - c) for r, c in panel.proposal} == set(panel.proposal)
    assert "symmetric edit" in panel.proposal_label.text()
    qtbot.mouseClick(panel.accept_button, Qt.LeftButton)
    after = window.solution_grid()
    assert np.array_equal(after, after[:, ::-1])
    assert (after != before).any()
    assert wait_for_verdict_on(qtbot, window).kind == Kind.LINE


def test_a_single_cell_search_that_gives_up_says_so(window, qtbot):
    panel = assist(window)
    panel.search_seconds = 0
    make_switch(qtbot, window)
    wait_until(qtbot, lambda: "Stopped looking after 0 s" in panel.suggestion_label.text())
    assert panel.effects is not None
    assert not panel.effects.complete


def test_step_slider_replays_the_solve_path(window, qtbot):
    panel = assist(window)
    drag(qtbot, window.solution_canvas, [(0, 0), (0, 9)])  # a full top row: line-solvable
    drag(qtbot, window.solution_canvas, [(1, 0), (9, 0)])  # and the left column
    assert wait_for_verdict_on(qtbot, window).kind == Kind.LINE
    click_tab(qtbot, window, "Assist")
    wait_until(qtbot, lambda: panel.path is not None and panel.step_slider.isEnabled())
    assert panel.grade_label.text().startswith("grade 1")
    slider = panel.step_slider
    slider.setFocus()
    qtbot.keyClick(slider, Qt.Key_Right)
    assert slider.value() == 1
    assert PATH_NEW in window.solution_canvas.overlay_names()
    assert panel.step_label.text().startswith("Step 1 of")
    qtbot.keyClick(slider, Qt.Key_End)
    assert slider.value() == len(panel.path.steps)
    known = window.solution_canvas._overlays[PATH_KNOWN][0] | window.solution_canvas._overlays[PATH_NEW][0]
    assert known.all()  # the last step completes the grid
    replay = panel.path.replay(10, 10)
    assert np.array_equal(replay == 1, window.solution_grid())


def test_sheet_export_from_the_file_menu(window, qtbot, tmp_path):
    drag(qtbot, window.solution_canvas, [(0, 0), (0, 9)])
    actions = {action.text(): action for action in window.file_menu.actions()}
    actions["Export s&olution sheet…"].trigger()
    choose_file(qtbot, window, tmp_path / "sheet.png")
    wait_for_job(qtbot, window)
    image = QImage(str(tmp_path / "sheet.png"))
    assert image.width() == 1240
    actions["Export puzzle &sheet…"].trigger()
    choose_file(qtbot, window, tmp_path / "sheet.pdf")
    wait_for_job(qtbot, window)
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")


def import_non(qtbot, window, path):
    window.files._import_non(path)
    wait_for_job(qtbot, window)
    return assist(window).clue_report_label.text()


def test_clue_only_files_are_solved_and_reported(window, qtbot, tmp_path):
    from nonogram_editor.level.non_format import read_non
    from tests.editor.nonogram.reference import NONOGRAMS

    cat = read_non(NONOGRAMS / "webpbn-00006-cat.non")
    lines = ["width 20", "height 20", "rows"] + [",".join(map(str, c)) or "0" for c in cat.row_clues]
    lines += ["columns"] + [",".join(map(str, c)) or "0" for c in cat.column_clues]
    (tmp_path / "cat.non").write_text("\n".join(lines) + "\n")
    text = import_non(qtbot, window, tmp_path / "cat.non")
    assert "cat.non: LINE" in text
    assert "One solution" in text
    assert np.array_equal(window.solution_grid(), cat.goal)

    (tmp_path / "switch.non").write_text("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n")
    text = import_non(qtbot, window, tmp_path / "switch.non")
    assert "MULT" in text
    assert "side by side" in text
    assert assist(window).clue_report_view.isVisible()  # the two solutions, side by side
    assert window.solution_grid().sum() == 2


def test_undecided_clues_can_be_solved_on_without_a_time_limit(window, qtbot):
    """Clues not decided within the import's time limit (0 s here) leave the level as it
    was and offer to keep solving; a click on that button solves them to the end."""
    before = window.solution_grid()
    window.files.import_non_path(HARD / "domino-7.non", time_limit=0)
    wait_for_job(qtbot, window)
    panel = assist(window)
    assert "domino-7.non: UNDECIDED" in panel.clue_report_label.text()
    assert np.array_equal(window.solution_grid(), before)
    assert panel.solve_on_button.isVisible()
    assert not window.files.stop_button.isVisible()
    qtbot.mouseClick(panel.solve_on_button, Qt.LeftButton)
    assert window.files.stop_button.isVisible()
    wait_for_job(qtbot, window)
    assert "domino-7.non: BRANCH" in panel.clue_report_label.text()
    assert not panel.solve_on_button.isVisible()
    assert not window.files.stop_button.isVisible()
    puzzle = read_non(HARD / "domino-7.non")
    assert clues(window.solution_grid()) == (puzzle.row_clues, puzzle.column_clues)


def test_stop_ends_solving_imported_clues_and_opens_nothing(window, qtbot):
    """Faase's bare clues take the SAT stage many seconds: the status bar shows how far
    solving has got, and Stop ends it (the SAT process with it) leaving the level as it was."""
    before = window.solution_grid()
    window.files.import_non_path(HARD / "faase.non", time_limit=None)  # only Stop ends it
    wait_until(qtbot, lambda: "Solving the clues of faase.non: " in window.files.solving_label.text())
    job = window.files._load_job
    qtbot.mouseClick(window.files.stop_button, Qt.LeftButton)
    wait_for_job(qtbot, window)
    assert not job.running
    assert job.task.cancelled
    assert not window.files.stop_button.isVisible()
    assert not window.files.solving_label.isVisible()
    assert np.array_equal(window.solution_grid(), before)
    assert "Stopped importing" in window.statusBar().currentMessage()


def test_a_newer_import_replaces_one_still_solving(window, qtbot, tmp_path):
    """Importing another puzzle while Faase's clues are being solved stops that: the level
    shown is the newer one, never replaced later by the older import's result."""
    window.files.import_non_path(HARD / "faase.non", time_limit=None)  # only the newer import ends it
    wait_until(qtbot, lambda: "Solving the clues of faase.non" in window.files.solving_label.text())
    slow = window.files._load_job
    (tmp_path / "switch.non").write_text("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n")
    window.files.import_non_path(tmp_path / "switch.non")
    wait_for_job(qtbot, window)
    assert not slow.running
    assert slow.task.cancelled
    assert window.solution_grid().shape == (2, 2)
    assert "switch.non: MULT" in assist(window).clue_report_label.text()


def test_contradiction_and_a_wrong_goal_are_shown_in_the_dock(window, qtbot, tmp_path):
    (tmp_path / "broken.non").write_text("width 2\nheight 2\nrows\n2\n0\ncolumns\n2\n0\n")
    before = window.solution_grid()
    text = import_non(qtbot, window, tmp_path / "broken.non")
    assert "CONTRADICTION" in text
    assert ("row" in text or "column" in text)
    assert np.array_equal(window.solution_grid(), before)  # nothing to load
    (tmp_path / "wrong.non").write_text('width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "01"\n')
    text = import_non(qtbot, window, tmp_path / "wrong.non")
    assert "does not fit its clues (column 1, column 2)" in text
    assert "LINE" in text
    assert window.solution_grid().tolist() == [[True, False]]


def test_an_overlay_repaints_only_the_grid_and_only_when_it_changes(window, qtbot):
    """The Assist dock sets its overlays at every result: an unchanged overlay costs no
    repaint, a changed one repaints the cells, not the clues around them."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtGui import QColor

    canvas = window.solution_canvas
    wait_for_verdict_on(qtbot, window)
    wait_for_counts_on(qtbot, window)
    wait_until(qtbot, lambda: not assist(window).busy())
    painted = []

    class Paints(QObject):
        def eventFilter(self, watched, event):
            if watched is canvas and event.type() == QEvent.Paint:
                painted.append(event.rect())
            return False

    paints = Paints()
    canvas.installEventFilter(paints)
    try:
        cells = np.zeros(window.solution_grid().shape, dtype=bool)
        cells[2, 3] = True
        canvas.set_overlay("test", cells, QColor(255, 0, 0, 100))
        qtbot.waitUntil(lambda: bool(painted))
        assert all(canvas.grid_rect().contains(rect) for rect in painted)
        painted.clear()
        canvas.set_overlay("test", cells.copy(), QColor(255, 0, 0, 100))
        canvas.set_overlay("absent", None, QColor(255, 0, 0, 100))
        qtbot.wait(50)
        assert painted == []
    finally:
        canvas.removeEventFilter(paints)


def legend_colours(label_text: str) -> set[str]:
    import re

    return set(re.findall(r"background-color: (#[0-9a-f]{6})", label_text))


def pixels(window, cells):
    """The colours drawn at the centres of ``cells`` of the solution grid (rendered now)."""
    canvas = window.solution_canvas
    image = canvas.grab().toImage()
    colours = [image.pixelColor(canvas.cell_rect(*cell).center()) for cell in cells]
    return np.array([[colour.red(), colour.green(), colour.blue()] for colour in colours])


def blended(filled: bool, colour) -> np.ndarray:
    """A cell's colour under ``colour`` alone (the grid's blend of a translucent overlay)."""
    from nonogram_editor.core.grid_look import EMPTY_RGBA, FILLED_RGBA

    base = (FILLED_RGBA if filled else EMPTY_RGBA)[:3].astype(float)
    alpha = colour.alphaF()
    return base * (1 - alpha) + np.array([colour.red(), colour.green(), colour.blue()]) * alpha


def test_the_grid_shows_the_overlays_of_the_tab_in_front_each_explained_by_its_own_legend(window, qtbot):
    """Solver tab in front: its shading and the other solution, no heat; Assist tab in
    front (a real click on its tab): the heat, none of the solver's. The pixels drawn are
    those of one set alone, filled and empty cells stay far apart under the heat, and the
    two legends share no colour."""
    from PySide6.QtWidgets import QLabel

    from nonogram_editor.ui.solver_panel import DIFFERENCE_OVERLAY, OPEN_COLOUR, OPEN_OVERLAY

    panel, solver = assist(window), window.solver_dock.widget()
    canvas = window.solution_canvas
    click_tab(qtbot, window, "Solver")
    make_switch(qtbot, window)
    qtbot.mouseClick(solver.alternative_button, Qt.LeftButton)
    wait_until(qtbot, lambda: panel.suggestion_list.count() > 0)
    names = canvas.overlay_names()
    assert OPEN_OVERLAY in names
    assert DIFFERENCE_OVERLAY in names
    assert not any(n in names for n, _ in HEAT_LEVELS)
    grid, verdict = window.solution_grid(), solver.verdict
    heated = [(cell, colour) for name, colour in HEAT_LEVELS if panel.overlays.cells(name) is not None
              for cell in zip(*np.nonzero(panel.overlays.cells(name)))]
    assert heated
    cells = [cell for cell, _ in heated]
    under_solver = pixels(window, cells)
    for (cell, _), drawn in zip(heated, under_solver):  # shaded open (blue) or plain, never heat
        if verdict.undetermined[cell] and not verdict.differing[cell]:
            assert np.abs(drawn - blended(grid[cell], OPEN_COLOUR)).max() <= 2

    click_tab(qtbot, window, "Assist")
    names = canvas.overlay_names()
    assert OPEN_OVERLAY not in names
    assert DIFFERENCE_OVERLAY not in names
    for (cell, colour), drawn in zip(heated, pixels(window, cells)):
        assert np.abs(drawn - blended(grid[cell], colour)).max() <= 2
        assert np.abs(blended(True, colour) - blended(False, colour)).sum() > 150

    click_tab(qtbot, window, "Solver")
    assert not any(n in canvas.overlay_names() for n, _ in HEAT_LEVELS)
    assert np.array_equal(pixels(window, cells), under_solver)

    solver_legend = "".join(label.text() for label in solver.findChildren(QLabel) if "Legend" in label.text())
    assist_legend = "".join(label.text() for label in panel.findChildren(QLabel) if "Legend" in label.text())
    assert legend_colours(solver_legend)
    assert legend_colours(assist_legend)
    distances = [np.abs(np.array(QColor(a).getRgb()[:3]) - QColor(b).getRgb()[:3]).sum()
                 for a in legend_colours(solver_legend) for b in legend_colours(assist_legend)]
    assert min(distances) > 100  # no colour of one legend passes for one of the other
    assert {QColor(c.red(), c.green(), c.blue()).name() for _, c in HEAT_LEVELS} <= legend_colours(assist_legend)

def test_a_clue_report_goes_once_another_level_is_opened(window, qtbot, tmp_path):
    """The report is about the imported file: File > Open (Ctrl+O) of a level takes it away."""
    (tmp_path / "contra.non").write_text("width 2\nheight 2\nrows\n2\n0\ncolumns\n2\n0\n")
    assert "contra.non: CONTRADICTION" in import_non(qtbot, window, tmp_path / "contra.non")
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key_O, Qt.ControlModifier)
    choose_file(qtbot, window, LEVELS / "heart.level")
    wait_for_job(qtbot, window)
    assert window.document.path.name == "heart.level"
    panel = assist(window)
    assert not panel.clue_report_label.isVisible()
    assert not panel.solve_on_button.isVisible()


def test_a_clue_report_goes_once_a_puzzle_with_a_fitting_goal_is_imported(window, qtbot, tmp_path):
    (tmp_path / "contradiction.non").write_text("width 2\nheight 2\nrows\n2\n0\ncolumns\n2\n0\n")
    text = import_non(qtbot, window, tmp_path / "contradiction.non")
    assert "contradiction.non: CONTRADICTION" in text
    assert assist(window).clue_report_label.isVisible()
    (tmp_path / "goal.non").write_text('width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "10"\n')
    import_non(qtbot, window, tmp_path / "goal.non")
    assert window.solution_grid().tolist() == [[True, False]]
    assert not assist(window).clue_report_label.isVisible()
    assert not assist(window).clue_report_view.isVisible()


def test_a_one_flip_proposal_says_one_edit(window, qtbot):
    panel = assist(window)
    make_switch(qtbot, window)  # one more filled cell pins the switch
    wait_until(qtbot, lambda: panel.solvable_button.isEnabled())
    qtbot.mouseClick(panel.solvable_button, Qt.LeftButton)
    wait_until(qtbot, lambda: panel.proposal)
    assert len(panel.proposal) == 1
    assert "1 edit -> LINE" in panel.proposal_label.text()
    qtbot.mouseClick(panel.accept_button, Qt.LeftButton)
    assert window.undo_action.text() == "&Undo Apply a proposal of 1 edit"


def test_a_step_that_settles_one_cell_says_so(window, qtbot):
    panel = assist(window)
    click_cell(qtbot, window.solution_canvas, 0, 0)  # each column settles one cell of the top row
    assert wait_for_verdict_on(qtbot, window).kind == Kind.LINE
    wait_until(qtbot, lambda: panel.path is not None and panel.step_slider.isEnabled())
    step = next(i for i, s in enumerate(panel.path.steps, 1) if len(s.cells) == 1)
    panel.step_slider.setValue(step)
    assert panel.step_label.text().endswith("settles 1 cell")
