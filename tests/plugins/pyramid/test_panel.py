"""The pyramid panel under pytest-qt: counting in the background, browsing, stop and continue."""
import threading

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt

from nonogram_editor_builtins.pyramid import checker, plugin, scene
from nonogram_editor_builtins.pyramid.panel import PyramidPanel
from tests.conftest import HANG_SECONDS
from tests.editor.scene3d.test_view import require_gl, rgb_array, window_point
from tests.plugins.panels import open_panel

ALL_SOLUTIONS = 518_469
UP_TO_ROTATION = 172_823


def click(qtbot, button):
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def assert_shows_a_fitting_solution(panel):
    solution = panel.store[panel.current]
    assert panel.shown_solution() == solution
    assert checker.check_solution(panel.puzzle, solution) == []
    assert sorted(p.id for p in panel.view.parts()) == sorted(scene.part_id(n) for n in range(16))
    assert panel.number_box.value() == panel.current + 1
    assert "checked independently" in panel.check_label.text()


@pytest.fixture
def panel(qtbot):
    return open_panel(qtbot, plugin, "pyramid", (900, 520))


def test_panel_counts_in_the_background_and_browses(panel, qtbot):
    # hold the worker at its first progress report, so that browsing happens mid-count
    resume, paused = threading.Event(), threading.Event()

    post_progress = panel._job.task._on_progress  # runs on the worker thread

    def post_then_hold(progress):
        post_progress(progress)
        if not resume.is_set():
            paused.set()
            resume.wait(HANG_SECONDS)

    panel._job.task._on_progress = post_then_hold
    try:
        qtbot.waitUntil(paused.is_set)
        found = len(panel.store)  # the worker is held: the store stays as it is
        # the first solution shows at once, and the held report (on its way to the GUI thread) brings the count
        qtbot.waitUntil(lambda: panel.current == 0 and f"of {found:,}+" in panel.shown_label.text())
        assert panel.counting
        assert panel.cancel_button.isEnabled()
        assert not panel.count_button.isEnabled()
        assert 0 < found < ALL_SOLUTIONS
        assert_shows_a_fitting_solution(panel)
        click(qtbot, panel.next_button)
        assert panel.current == 1
        click(qtbot, panel.random_button)
        assert 0 <= panel.current < found
        assert_shows_a_fitting_solution(panel)
        panel.number_box.setValue(found // 2)
        click(qtbot, panel.go_button)
        assert panel.current == found // 2 - 1
        assert_shows_a_fitting_solution(panel)
        assert panel.counting  # all of this while the count was still running
    finally:
        resume.set()
    qtbot.waitUntil(lambda: not panel.counting)
    assert panel.store.complete
    assert (len(panel.store), panel.store.distinct) == (ALL_SOLUTIONS, UP_TO_ROTATION)
    assert "518,469 solutions, 172,823 up to rotation" in panel.status.text()
    assert panel.messages == ["Pyramid: 518,469 solutions, 172,823 up to rotation"]
    assert not panel.count_button.isEnabled()

    click(qtbot, panel.first_button)
    click(qtbot, panel.next_button)
    click(qtbot, panel.next_button)
    assert panel.current == 2
    assert "turned 240°" in panel.shown_label.text()
    assert_shows_a_fitting_solution(panel)
    click(qtbot, panel.previous_button)
    assert panel.current == 1
    click(qtbot, panel.previous_button)
    click(qtbot, panel.previous_button)
    assert panel.current == 0
    panel.number_box.setValue(400_001)
    click(qtbot, panel.go_button)
    assert panel.current == 400_000
    assert_shows_a_fitting_solution(panel)
    click(qtbot, panel.random_button)
    assert 0 <= panel.current < ALL_SOLUTIONS
    assert_shows_a_fitting_solution(panel)


def test_stop_browse_while_stopped_and_continue(qtbot):
    require_gl()
    panel = PyramidPanel(None, None, plugin.puzzle_spec, autostart=False)
    qtbot.addWidget(panel)
    panel.resize(800, 480)
    panel.show()
    assert panel.count_button.text() == "Count all"
    assert not panel.next_button.isEnabled()
    click(qtbot, panel.count_button)
    assert panel.cancel_button.isEnabled()
    assert not panel.count_button.isEnabled()
    # stop at the first progress report, from the worker thread itself, so the count cannot finish first
    post_progress = panel._job.task._on_progress

    def post_then_cancel(progress):
        post_progress(progress)
        panel._job.cancel()

    panel._job.task._on_progress = post_then_cancel
    qtbot.waitUntil(lambda: not panel.counting)
    found = len(panel.store)
    assert 0 < found < ALL_SOLUTIONS
    assert not panel.store.complete
    assert panel.status.text() == "cancelled"
    assert panel.count_button.text() == "Continue"
    assert panel.current == 0
    assert panel.shown_label.text().endswith(")")
    assert f"{found:,}+" in panel.shown_label.text()
    for _ in range(3):
        click(qtbot, panel.random_button)
        assert 0 <= panel.current < found
        assert_shows_a_fitting_solution(panel)
    click(qtbot, panel.count_button)  # continue where it stopped
    qtbot.waitUntil(lambda: not panel.counting)
    assert (len(panel.store), panel.store.distinct) == (ALL_SOLUTIONS, UP_TO_ROTATION)


def test_clicking_a_tile_in_either_view_selects_the_piece_in_both(panel, qtbot):
    qtbot.waitUntil(lambda: panel.current is not None)
    solution = panel.shown_solution()
    canvas = panel.canvas
    middle = canvas.to_pixels(*panel.puzzle.centroid(9))
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=QPoint(round(middle.x()), round(middle.y())))
    piece = solution[9][0]
    assert canvas.selected == piece
    assert panel.view.selected_part() == scene.part_id(piece)

    apex = scene.tile_corners(panel.puzzle, 15)
    top_of_apex = (sum(x for x, _ in apex) / 3, sum(y for _, y in apex) / 3, scene.THICKNESS)
    with qtbot.waitSignal(panel.view.partClicked):
        qtbot.mouseClick(panel.view.render_window(), Qt.MouseButton.LeftButton,
                         pos=window_point(panel.view, top_of_apex))
    assert canvas.selected == solution[15][0]
    assert panel.view.selected_part() == scene.part_id(solution[15][0])

    drawn = rgb_array(canvas.grab().toImage())
    for suit in range(4):  # every suit's colour appears in the 2-D drawing
        assert np.all(np.abs(drawn - scene.suit_color(panel.puzzle, suit)) <= 8, axis=-1).sum() > 20
    rendered = rgb_array(panel.view.capture_image())
    background = rendered[2, 2]
    assert (np.abs(rendered - background).sum(axis=-1) > 30).mean() > 0.1  # the tiles cover the middle
    qtbot.waitUntil(lambda: not panel.counting)


def test_a_broken_data_file_is_shown_in_the_panel(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QLabel

    from nonogram_editor_builtins.pyramid import model

    broken = tmp_path / "pyramid.json"
    broken.write_text("{", encoding="utf-8")
    monkeypatch.setattr(model, "DEFAULT_PATH", broken)
    panel = PyramidPanel(None, None, plugin.puzzle_spec)
    qtbot.addWidget(panel)
    texts = [label.text() for label in panel.findChildren(QLabel)]
    assert any(str(broken) in text and "not valid JSON" in text for text in texts)
    assert not panel.loaded
    assert not hasattr(panel, "count_button")


def test_closing_the_panel_while_counting_cancels_the_count(qtbot):
    require_gl()
    panel = PyramidPanel(None, None, plugin.puzzle_spec)
    panel.show()
    job = panel._job
    assert job is not None
    assert job.running
    panel.close()
    panel.deleteLater()
    qtbot.waitUntil(lambda: job.task.cancelled)
    qtbot.waitUntil(lambda: not job.running)
