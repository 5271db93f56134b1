"""The solver dock in the real main window, driven by real mouse events on the solution grid."""
import threading
import time

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget

from nonogram_editor.nonogram.verdict import Kind, check_drawing
from nonogram_editor.ui import background, solver_panel
from nonogram_editor.ui.solver_panel import (
    AMBIGUOUS_COLOUR,
    DETERMINED_COLOUR,
    DIFFERENCE_OVERLAY,
    OPEN_OVERLAY,
    compact_count,
)
from tests.conftest import HANG_SECONDS
from tests.editor.ui.conftest import centre, drag


def panel_of(window):
    return window.solver_dock.widget()


def wait_for_verdict_on(qtbot, window):
    """Until the panel shows the verdict of exactly the current drawing."""
    panel = panel_of(window)

    def current():
        verdict = panel.verdict
        return (verdict is not None and verdict.kind != Kind.STALLED
                and np.array_equal(verdict.picture, window.solution_grid()))

    qtbot.waitUntil(current)
    return panel.verdict


def wait_for_counts_on(qtbot, window):
    """Until the line counts beside the grid are those of the verdict shown (they follow it)."""
    panel = panel_of(window)
    qtbot.waitUntil(lambda: panel.counted is not None and panel.counted is panel.verdict)


def click_cell(qtbot, canvas, row, column, button=Qt.LeftButton):
    qtbot.mousePress(canvas, button, pos=centre(canvas, row, column))
    qtbot.mouseRelease(canvas, button, pos=centre(canvas, row, column))


def draw_a_switch(qtbot, window):
    """After the blank grid's verdict, fill two diagonal cells: a switch, so a MULT drawing;
    returns its verdict."""
    wait_for_verdict_on(qtbot, window)
    click_cell(qtbot, window.solution_canvas, 2, 3)
    click_cell(qtbot, window.solution_canvas, 3, 4)
    return wait_for_verdict_on(qtbot, window)


def test_dock_is_installed_and_listed_in_the_view_menu(window, qtbot):
    dock = window.solver_dock
    assert isinstance(dock, QDockWidget)
    assert dock.objectName() == "solverDock"
    assert dock.toggleViewAction() in window.view_menu.actions()
    verdict = wait_for_verdict_on(qtbot, window)  # the blank grid: trivially line-solvable
    assert verdict.kind == Kind.LINE
    assert panel_of(window).verdict_label.text().startswith("LINE")


def test_a_switch_is_mult_and_the_button_shows_the_other_solution(window, qtbot):
    canvas = window.solution_canvas
    panel = panel_of(window)
    wait_for_verdict_on(qtbot, window)
    kinds = []
    panel.verdict_shown.connect(lambda shown: kinds.append(shown.kind))
    click_cell(qtbot, canvas, 2, 3)
    click_cell(qtbot, canvas, 3, 4)
    verdict = wait_for_verdict_on(qtbot, window)
    assert verdict.kind == Kind.MULT
    assert kinds[-1] == Kind.MULT
    assert panel.verdict_label.text().startswith("MULT")
    assert "Another picture fits" in panel.details_label.text()
    assert "sweep" in panel.details_label.text()
    assert OPEN_OVERLAY in canvas.overlay_names()
    assert DIFFERENCE_OVERLAY not in canvas.overlay_names()
    assert np.array_equal(canvas._overlays[OPEN_OVERLAY][0], verdict.undetermined)
    wait_for_counts_on(qtbot, window)
    rows = canvas.line_labels.rows
    assert rows[2] == ("2", AMBIGUOUS_COLOUR)
    assert rows[0] == ("1", DETERMINED_COLOUR)
    assert panel.alternative_button.isEnabled()

    qtbot.mouseClick(panel.alternative_button, Qt.LeftButton)
    differing = canvas._overlays[DIFFERENCE_OVERLAY][0]
    assert sorted(zip(*np.nonzero(differing))) == [(2, 3), (2, 4), (3, 3), (3, 4)]
    assert panel.alternative_view.isVisible()
    assert not panel.alternative_view.pixmap().isNull()
    alternative = verdict.alternative
    assert alternative[2, 4]
    assert alternative[3, 3]
    assert not alternative[2, 3]

    click_cell(qtbot, canvas, 2, 4)  # now a 2x2-with-a-corner: unique by line logic
    verdict = wait_for_verdict_on(qtbot, window)
    assert verdict.kind == Kind.LINE
    assert DIFFERENCE_OVERLAY not in canvas.overlay_names()
    assert OPEN_OVERLAY not in canvas.overlay_names()
    assert not panel.alternative_button.isEnabled()
    assert not panel.alternative_view.isVisible()
    wait_for_counts_on(qtbot, window)
    assert all(colour == DETERMINED_COLOUR for _, colour in canvas.line_labels.rows)


def test_counts_and_shading_can_be_switched_off(window, qtbot):
    canvas = window.solution_canvas
    panel = panel_of(window)
    click_cell(qtbot, canvas, 0, 0)
    click_cell(qtbot, canvas, 1, 1)
    wait_for_verdict_on(qtbot, window)
    wait_for_counts_on(qtbot, window)
    qtbot.mouseClick(panel.show_counts_check, Qt.LeftButton, pos=panel.show_counts_check.rect().center())
    assert canvas.line_labels.rows is None
    assert canvas.line_labels.columns is None
    qtbot.mouseClick(panel.show_open_check, Qt.LeftButton, pos=panel.show_open_check.rect().center())
    assert OPEN_OVERLAY not in canvas.overlay_names()


def test_a_burst_of_edits_is_checked_once_and_stale_results_never_show(window, qtbot, monkeypatch):
    checked = []
    first_started, second_stroke = threading.Event(), threading.Event()
    real = solver_panel.check_in_background

    def slow_first_check(drawing, task, line_logic_only=False, rechecks=None):
        checked.append(drawing.copy())
        if len(checked) == 1:  # the check of the first stroke's drawing lasts until the second stroke
            first_started.set()
            second_stroke.wait(HANG_SECONDS)
        return real(drawing, task, line_logic_only, rechecks)

    wait_for_verdict_on(qtbot, window)
    monkeypatch.setattr(solver_panel, "check_in_background", slow_first_check)
    panel = panel_of(window)
    shown = []
    panel.verdict_shown.connect(lambda verdict: shown.append(verdict.picture.copy()))
    canvas = window.solution_canvas
    changes = []
    window.solution_changed.connect(lambda: changes.append(1))
    drag(qtbot, canvas, [(0, c) for c in range(10)] + [(r, 9) for r in range(1, 10)])  # 19 quick edits
    qtbot.waitUntil(first_started.is_set)
    drag(qtbot, canvas, [(5, 0), (5, 1)])  # while the slow check runs
    second_stroke.set()
    final = wait_for_verdict_on(qtbot, window)
    qtbot.waitUntil(lambda: not background._running)  # every check done, the stale one's result delivered
    assert len(changes) >= 19
    assert len(checked) <= 3
    assert all(np.array_equal(picture, window.solution_grid()) for picture in shown)
    assert np.array_equal(panel.verdict.picture, final.picture)


def test_compact_counts_fit_beside_a_cell():
    assert [compact_count(n) for n in (0, 1, 999, 1000, 12_345, 3_400_000, 7 * 10**9, 10**40)] == [
        "0", "1", "999", "1.0k", "12k", "3.4M", "7.0G", "1e40"]
    assert all(len(compact_count(10**k + 7)) <= 4 for k in range(60))


def test_a_check_that_runs_out_of_time_says_undecided(window, qtbot, tmp_path, monkeypatch):
    from nonogram_editor.level import Level, save_level
    from nonogram_editor.level.non_format import read_non
    from tests.editor.nonogram.reference import NONOGRAMS

    # Edge (BRANCH) tiled 8 x 8: line logic leaves 7,040 cells open and the search takes minutes.
    tile = read_non(NONOGRAMS / "webpbn-00023-edge.non").goal
    height, width = tile.shape
    drawing = np.zeros((8 * (height + 1), 8 * (width + 1)), dtype=bool)
    for i in range(8):
        for j in range(8):
            drawing[i * (height + 1):i * (height + 1) + height, j * (width + 1):j * (width + 1) + width] = tile
    save_level(Level(drawing, np.full(drawing.shape + (3,), 255, dtype=np.uint8)), tmp_path / "tiles.level")
    monkeypatch.setattr(solver_panel, "CHECK_TIME_LIMIT", 0.5)
    window.files.open_level_path(tmp_path / "tiles.level")  # loads in the background
    qtbot.waitUntil(lambda: np.array_equal(window.solution_grid(), drawing))
    verdict = wait_for_verdict_on(qtbot, window)
    panel = panel_of(window)
    assert verdict.kind == Kind.UNDECIDED
    assert verdict.open_cells == 7040
    assert panel.verdict_label.text().startswith("UNDECIDED")
    assert "time ran out" in panel.details_label.text()
    assert not panel.alternative_button.isEnabled()


def search_never_decides(monkeypatch):
    """Probing and search never decide: every stalled check is the SAT solver's."""
    from nonogram_editor.nonogram import verdict as verdict_module
    from tests.editor.nonogram.test_cnf import stuck_search

    monkeypatch.setattr(verdict_module, "SEARCH_ALONE", 0.0)
    monkeypatch.setattr(verdict_module, "find_alternative", stuck_search)


def test_what_the_search_leaves_open_the_sat_solver_decides_in_the_dock(window, qtbot, monkeypatch):
    from nonogram_editor.nonogram import verdict as verdict_module

    search_never_decides(monkeypatch)
    canvas = window.solution_canvas
    panel = panel_of(window)
    verdict = draw_a_switch(qtbot, window)
    assert verdict.kind == Kind.MULT
    assert verdict.decided_by == verdict_module.Stage.SAT
    assert panel.verdict_label.text().startswith("MULT")
    assert panel.alternative_button.isEnabled()
    qtbot.mouseClick(panel.alternative_button, Qt.LeftButton)
    assert sorted(zip(*np.nonzero(canvas._overlays[DIFFERENCE_OVERLAY][0]))) == [(2, 3), (2, 4), (3, 3), (3, 4)]


def endless_decide(*args):
    """Stands in for the SAT solver in its process: never answers."""
    time.sleep(600)


def record_popen(monkeypatch) -> list:
    """Every process nonogram_editor.infra.child_process starts from now on (the editor's are fresh interpreters)."""
    from nonogram_editor.infra import child_process as sat

    started = []
    real_popen = sat.subprocess.Popen

    def popen(*args, **kwargs):
        started.append(real_popen(*args, **kwargs))
        return started[-1]

    monkeypatch.setattr(sat.subprocess, "Popen", popen)
    return started


def test_an_edit_during_the_sat_stage_ends_its_process(window, qtbot, monkeypatch):
    from nonogram_editor.nonogram import portfolio

    search_never_decides(monkeypatch)
    monkeypatch.setattr(portfolio, "decide", endless_decide)
    started = record_popen(monkeypatch)
    canvas = window.solution_canvas
    panel = panel_of(window)
    wait_for_verdict_on(qtbot, window)
    click_cell(qtbot, canvas, 2, 3)
    click_cell(qtbot, canvas, 3, 4)
    # the status says "SAT solver" just before the process starts: wait for both
    qtbot.waitUntil(lambda: "SAT solver" in panel.status_label.text() and len(started) > 0)
    assert len(started) == 1
    assert started[0].poll() is None
    click_cell(qtbot, canvas, 0, 0)  # the next edit cancels the check in flight
    qtbot.waitUntil(lambda: started[0].poll() is not None)


def test_a_stalled_drawing_gets_a_sat_process_ready_that_the_sat_stage_then_uses(window, qtbot, monkeypatch):
    """The editor cannot fork its SAT process: the first check that stalls starts one ahead
    (interpreter and imports), the SAT stage hands it the call, and no process is left."""
    from nonogram_editor.infra import child_process as sat
    from nonogram_editor.nonogram import verdict as verdict_module

    search_never_decides(monkeypatch)
    sat.discard_ready()
    started = record_popen(monkeypatch)
    readied = []
    real_keep_ready = sat.keep_ready
    monkeypatch.setattr(sat, "keep_ready", lambda modules=(): readied.append(modules) or real_keep_ready(modules))
    canvas = window.solution_canvas
    wait_for_verdict_on(qtbot, window)
    assert started == []
    assert readied == []
    click_cell(qtbot, canvas, 2, 3)
    click_cell(qtbot, canvas, 3, 4)
    verdict = wait_for_verdict_on(qtbot, window)
    assert verdict.kind == Kind.MULT
    assert verdict.decided_by == verdict_module.Stage.SAT
    assert len(readied) == 1
    assert "nonogram_editor.infra.sat_solvers" in readied[0]
    assert len(started) == 1
    assert started[0].poll() is not None
    sat.discard_ready()
    assert all(process.poll() is not None for process in started)


class Headlines:
    """Every verdict headline the dock paints (what the designer sees, however briefly)."""

    def __init__(self, panel):
        from PySide6.QtCore import QEvent, QObject

        self.painted = []
        label = panel.verdict_label
        headlines = self

        class Filter(QObject):
            def eventFilter(self, watched, event):
                if event.type() == QEvent.Type.Paint and (not headlines.painted
                                                          or headlines.painted[-1] != label.text()):
                    headlines.painted.append(label.text())
                return False

        self._filter = Filter()
        label.installEventFilter(self._filter)


def test_a_quick_verdict_replaces_the_last_directly_and_the_other_solution_stays_shown(window, qtbot, monkeypatch):
    """Edits of a MULT drawing whose verdicts come at once: the headline goes from MULT to
    MULT with no STALLED between, and "Show the other solution" stays on: the next MULT
    shows its own alternative, a LINE hides it, and Ctrl+Z back to MULT shows it again."""
    monkeypatch.setattr(solver_panel, "SLOW_CHECK_MS", 60_000)  # a loaded machine makes no check "slow"
    canvas = window.solution_canvas
    panel = panel_of(window)
    assert draw_a_switch(qtbot, window).kind == Kind.MULT
    qtbot.mouseClick(panel.alternative_button, Qt.LeftButton)
    assert panel.alternative_button.isChecked()
    kinds = []
    panel.verdict_shown.connect(lambda shown: kinds.append(shown.kind))
    headlines = Headlines(panel)

    click_cell(qtbot, canvas, 7, 7)  # another MULT drawing: the switch is still there
    verdict = wait_for_verdict_on(qtbot, window)
    qtbot.wait(50)  # the label's repaint
    assert verdict.kind == Kind.MULT
    assert kinds == [Kind.MULT]
    assert panel.verdict_label.text().startswith("MULT")
    assert all(text.startswith("MULT") and "STALLED" not in text for text in headlines.painted)
    assert panel.alternative_button.isChecked()
    assert panel.alternative_view.isVisible()
    assert np.array_equal(canvas._overlays[DIFFERENCE_OVERLAY][0], verdict.differing)

    click_cell(qtbot, canvas, 2, 4)  # unique by line logic: nothing to compare with
    assert wait_for_verdict_on(qtbot, window).kind == Kind.LINE
    assert DIFFERENCE_OVERLAY not in canvas.overlay_names()
    assert not panel.alternative_view.isVisible()
    assert panel.alternative_button.isChecked()
    assert not panel.alternative_button.isEnabled()

    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(canvas, Qt.Key_Z, Qt.ControlModifier)
    assert not window.solution_grid()[2, 4]  # undone
    verdict = wait_for_verdict_on(qtbot, window)
    assert verdict.kind == Kind.MULT
    assert Kind.STALLED not in kinds
    assert np.array_equal(canvas._overlays[DIFFERENCE_OVERLAY][0], verdict.differing)
    assert panel.alternative_view.isVisible()
    assert panel.alternative_button.text() == "Hide the other solution"


def test_a_slow_check_keeps_the_last_verdict_marked_re_checking(window, qtbot, monkeypatch):
    """A check that takes longer than SLOW_CHECK_MS (held here until the test lets it go):
    the last verdict stays in the headline, marked "re-checking", greyed, while the grid
    shows what line logic found on the new drawing; the final verdict then replaces it."""
    canvas = window.solution_canvas
    panel = panel_of(window)
    assert draw_a_switch(qtbot, window).kind == Kind.MULT
    release = threading.Event()
    real = solver_panel.check_in_background

    def held(drawing, task, line_logic_only=False, rechecks=None):
        if not line_logic_only:
            release.wait(HANG_SECONDS)
        return real(drawing, task, line_logic_only, rechecks)

    monkeypatch.setattr(solver_panel, "check_in_background", held)
    headlines = Headlines(panel)
    click_cell(qtbot, canvas, 7, 7)
    qtbot.waitUntil(lambda: panel.verdict.kind == Kind.STALLED)  # after SLOW_CHECK_MS
    qtbot.wait(50)
    assert panel.verdict_label.text().startswith("MULT")
    assert "re-checking" in panel.verdict_label.text()
    assert solver_panel.VERDICT_COLOURS[Kind.STALLED].name() in panel.verdict_label.styleSheet()
    line_logic = check_drawing(window.solution_grid(), line_logic_only=True)  # the new drawing's
    assert np.array_equal(canvas._overlays[OPEN_OVERLAY][0], line_logic.undetermined)
    release.set()
    verdict = wait_for_verdict_on(qtbot, window)
    qtbot.wait(50)
    assert verdict.kind == Kind.MULT
    assert panel.verdict_label.text() == f"MULT — {verdict.headline()}"
    assert all(text.startswith("MULT") for text in headlines.painted)
    assert "re-checking" in " ".join(headlines.painted)


def test_the_re_checking_deadline_counts_from_the_edit_not_from_the_checks_start(window, qtbot):
    """An edit whose check has not even started by SLOW_CHECK_MS (its start held back here
    by the coalescing timer, as a busy GUI thread or a long burst of edits holds it back):
    the last verdict is marked "re-checking" all the same, and the final verdict, when it
    comes, replaces the mark."""
    canvas = window.solution_canvas
    panel = panel_of(window)
    assert draw_a_switch(qtbot, window).kind == Kind.MULT
    marked = []
    panel.rechecking_shown.connect(lambda: marked.append(panel.verdict_label.text()))
    headlines = Headlines(panel)
    panel._timer.setInterval(HANG_SECONDS * 1000)  # the check starts only when the test says
    click_cell(qtbot, canvas, 7, 7)
    qtbot.waitUntil(lambda: "re-checking" in panel.verdict_label.text())
    qtbot.wait(50)
    assert marked
    assert marked[-1].startswith("MULT")
    assert "re-checking" in headlines.painted[-1]
    assert not np.array_equal(panel.verdict.picture, window.solution_grid())  # no verdict on it yet
    panel._timer.setInterval(solver_panel.COALESCE_MS)
    panel._timer.start()
    verdict = wait_for_verdict_on(qtbot, window)
    qtbot.wait(50)
    assert panel.verdict_label.text() == f"MULT — {verdict.headline()}"


def test_an_edit_that_leaves_the_drawing_decided_is_never_marked_re_checking(window, qtbot):
    """A press paints a cell and its verdict comes; the release much later changes nothing:
    the verdict shown is the drawing's, so the dock never marks it "re-checking"."""
    canvas = window.solution_canvas
    panel = panel_of(window)
    wait_for_verdict_on(qtbot, window)
    marked = []
    panel.rechecking_shown.connect(lambda: marked.append(panel.verdict_label.text()))
    qtbot.mousePress(canvas, Qt.LeftButton, pos=centre(canvas, 2, 3))
    wait_for_verdict_on(qtbot, window)
    qtbot.wait(50)
    qtbot.mouseRelease(canvas, Qt.LeftButton, pos=centre(canvas, 2, 3))
    qtbot.wait(2 * solver_panel.SLOW_CHECK_MS)
    wait_for_verdict_on(qtbot, window)
    assert marked == []
    assert "re-checking" not in panel.verdict_label.text()


def test_the_verdict_comes_first_and_the_line_counts_follow_cancelled_by_the_next_edit(window, qtbot, monkeypatch):
    """The counts are counted after the verdict is shown, in their own job: while they are
    held back the verdict is on screen (the previous counts stay beside the grid); an edit
    meanwhile cancels that count, and the newest drawing's counts arrive."""
    canvas = window.solution_canvas
    panel = panel_of(window)
    wait_for_verdict_on(qtbot, window)
    wait_for_counts_on(qtbot, window)
    release = threading.Event()
    tasks = []
    real = solver_panel.count_in_background

    def held(verdict, task):
        tasks.append(task)
        release.wait(HANG_SECONDS)
        return real(verdict, task)

    monkeypatch.setattr(solver_panel, "count_in_background", held)
    labels_before = canvas.line_labels.rows
    click_cell(qtbot, canvas, 2, 3)
    verdict = wait_for_verdict_on(qtbot, window)
    assert verdict.kind == Kind.LINE
    assert panel.verdict_label.text().startswith("LINE")
    assert panel.counted is not verdict
    assert canvas.line_labels.rows == labels_before
    click_cell(qtbot, canvas, 3, 4)
    verdict = wait_for_verdict_on(qtbot, window)
    assert verdict.kind == Kind.MULT
    assert tasks[0].cancelled
    release.set()
    wait_for_counts_on(qtbot, window)
    assert canvas.line_labels.rows[2] == ("2", AMBIGUOUS_COLOUR)


def type_into_spin_box(qtbot, box, text: str) -> None:
    qtbot.mouseClick(box, Qt.LeftButton, pos=box.rect().center())
    qtbot.keyClick(box, Qt.Key_A, Qt.ControlModifier)
    qtbot.keyClicks(box, text)
    qtbot.keyClick(box, Qt.Key_Return)


def test_the_sat_solvers_memory_limit_is_set_in_the_dock_kept_and_reached(isolated_settings, make_window, qtbot,
                                                                          monkeypatch):
    from nonogram_editor.infra import child_process
    from nonogram_editor.ui.settings import app_settings

    monkeypatch.setattr(child_process, "_memory_limit", child_process.MEMORY_LIMIT_MB)  # restored after the test
    search_never_decides(monkeypatch)
    window = make_window()
    window.solver_dock.raise_()
    box = panel_of(window).memory_limit_box
    assert box.value() == child_process.MEMORY_LIMIT_MB == 1024
    type_into_spin_box(qtbot, box, "40")
    assert child_process.memory_limit() == 40
    assert int(app_settings().value(solver_panel.MEMORY_LIMIT_KEY)) == 40

    verdict = draw_a_switch(qtbot, window)  # the SAT process cannot start within 40 MB
    panel = panel_of(window)
    assert verdict.kind == Kind.UNDECIDED
    assert verdict.memory_limit == 40
    assert "memory limit of 40 MB" in panel.verdict_label.text()

    type_into_spin_box(qtbot, box, "0")  # no limit: the UNDECIDED drawing is checked again
    assert box.text() == "no limit"
    assert child_process.memory_limit() is None
    qtbot.waitUntil(lambda: panel.verdict.kind not in (Kind.UNDECIDED, Kind.STALLED))
    assert panel.verdict.kind == Kind.MULT
    assert panel.verdict_label.text().startswith("MULT")

    qtbot.keyClick(box, Qt.Key_Up)
    assert child_process.memory_limit() == solver_panel.MEMORY_LIMIT_STEP
    child_process.set_memory_limit(child_process.MEMORY_LIMIT_MB)
    second = make_window()  # a new window takes the limit kept in the settings
    assert panel_of(second).memory_limit_box.value() == solver_panel.MEMORY_LIMIT_STEP
    assert child_process.memory_limit() == solver_panel.MEMORY_LIMIT_STEP
