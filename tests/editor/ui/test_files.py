"""Open and save through the real dialogs and background jobs; errors; unsaved changes."""
import os
import subprocess
import sys
import threading

import numpy as np
import pytest
from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QFileDialog, QMessageBox

from nonogram_editor.infra.paths import LEVELS, ROOT
from nonogram_editor.level import Level, load_level, save_level
from nonogram_editor.level.clues import clues
from nonogram_editor.level.document import palette_of
from nonogram_editor.ui import background, file_actions, settings
from nonogram_editor.ui.app import QUIT_AFTER_ENV, SHOWN_MARKER
from tests.conftest import HANG_MS, HANG_SECONDS
from tests.editor.ui.conftest import drag, wait_for_job


def choose_file(qtbot, window, path):
    dialog = window.files.dialog
    assert isinstance(dialog, QFileDialog)
    assert dialog.isVisible()
    dialog.selectFile(str(path))
    dialog.accept()


def open_and_wait(qtbot, window, path):
    window.files.open_level_path(path)
    wait_for_job(qtbot, window)


def import_into_a_new_level(qtbot, window, path):
    """File > New (discarding the drawing, a two-colour level), then File > Import of ``path``."""
    window.new_action.trigger()
    window._message_box.button(QMessageBox.Discard).click()
    window.kind_dialog.accept()  # a two-colour level
    window._import_non_action.trigger()
    choose_file(qtbot, window, path)
    wait_for_job(qtbot, window)


def test_save_as_then_reopen_gives_the_same_pixels(window, make_window, qtbot, tmp_path):
    drag(qtbot, window.solution_canvas, [(0, 0), (9, 9)])
    drag(qtbot, window.solution_canvas, [(9, 0), (0, 9)])
    window.palette_widget.select_colour((220, 40, 40))
    drag(qtbot, window.picture_canvas, [(2, 2), (2, 7), (7, 7)])
    window.width_spin.setValue(12)
    window.cleared_check.setChecked(True)
    painted_solution, painted_picture = window.solution_grid(), window.document.visible_picture()
    window.save_action.trigger()  # untitled: Save goes through Save As
    choose_file(qtbot, window, tmp_path / "cross")
    wait_for_job(qtbot, window)
    qtbot.waitUntil(lambda: not window.isWindowModified())
    assert window.windowTitle().startswith("cross.level")
    on_disk = load_level(tmp_path / "cross.level")
    assert on_disk.cleared
    assert on_disk.solution.shape == (10, 12)
    assert np.array_equal(on_disk.solution, painted_solution)
    assert np.array_equal(on_disk.picture, painted_picture)
    assert (tmp_path / "cross.pbm").read_bytes().startswith(b"P1\n12 10\n")
    assert (tmp_path / "cross.ppm").read_bytes().startswith(b"P3\n12 10\n255\n")

    other = make_window()
    open_and_wait(qtbot, other, tmp_path / "cross.level")
    assert np.array_equal(other.solution_grid(), painted_solution)
    assert np.array_equal(other.document.visible_picture(), painted_picture)
    assert other.cleared_check.isChecked()
    assert other.width_spin.value() == 12
    assert str((tmp_path / "cross.level").resolve()) == settings.recent_files()[0]

    drag(qtbot, window.solution_canvas, [(5, 1), (5, 2)], )  # Save now writes without a dialog
    window.save_action.trigger()
    wait_for_job(qtbot, window)
    assert load_level(tmp_path / "cross.level").solution[5, 1:3].all()


def test_file_dialog_does_not_block_the_event_loop(window, qtbot):
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(window.files.dialog.isVisible()))
    timer.start(5)
    window.open_action.trigger()  # returns at once: the dialog is shown with open(), not exec()
    dialog = window.files.dialog
    assert dialog.isVisible()
    assert not ticks
    qtbot.waitUntil(lambda: len(ticks) >= 3)
    assert all(ticks)  # the timer ran while the dialog stayed open
    dialog.reject()
    timer.stop()
    assert not window.isWindowModified()


def test_a_large_level_loads_off_the_gui_thread(window, qtbot, tmp_path, monkeypatch):
    rng = np.random.default_rng(5)
    big = Level(rng.random((128, 128)) < 0.5, rng.integers(0, 256, (128, 128, 3), dtype=np.uint8))
    save_level(big, tmp_path / "big.level")
    # A slow disk: the read waits until the event loop has run a timer while the load runs.
    ticked = threading.Event()

    def slow_load_level(path):
        ticked.wait(HANG_SECONDS)
        return load_level(path)

    monkeypatch.setattr(file_actions, "load_level", slow_load_level)
    # Start from a quiet process: another job compiling numba code would hold the GIL.
    qtbot.waitUntil(lambda: not any(job.running for job in list(background._running)))
    ticks_while_loading = []
    loop = QEventLoop()  # a real event loop (QTest.qWait would sleep holding the GIL)

    def tick():
        ticks_while_loading.append(window.files._load_job.running)
        if ticks_while_loading[-1]:
            ticked.set()
        if not window.files.work_pending():
            loop.quit()

    timer = QTimer()
    timer.timeout.connect(tick)
    window.files.open_level_path(tmp_path / "big.level")
    timer.start(0)
    QTimer.singleShot(HANG_MS, loop.quit)
    loop.exec()
    timer.stop()
    assert any(ticks_while_loading)  # the event loop ran timers while the worker was reading
    assert np.array_equal(window.solution_grid(), big.solution)
    assert np.array_equal(window.document.visible_picture(), big.picture)


def test_opening_a_shipped_level_rebuilds_the_palette_from_its_picture(window, qtbot):
    open_and_wait(qtbot, window, LEVELS / "heart.level")
    level = load_level(LEVELS / "heart.level")
    assert window.palette_widget.colours == palette_of(level.picture)
    assert len(window.palette_widget.colours) == len({tuple(p) for p in level.picture.reshape(-1, 3)})
    assert window.windowTitle().startswith("heart.level")
    assert not window.isWindowModified()
    assert (window.solution_canvas.row_clues(), window.solution_canvas.column_clues()) == clues(level.solution)


@pytest.mark.parametrize("files, words", [
    ({".level": b"0\n", ".pbm": b"P1 3 3\n1 0 1\n0 1"}, "bad.pbm: not a valid PBM solution bitmap"),
    ({".level": b"0\n", ".pbm": b"P1 1 1 1\n"}, "bad.ppm: cannot read or write the file: the file is missing"),
    ({".level": b"7\n", ".pbm": b"P1 1 1 1\n", ".ppm": b"P3 1 1 255 0 0 0"}, "bad.level: not a valid .level"),
    ({".level": b"0\n", ".pbm": b"P1 1 1 1\n", ".ppm": b"P3 2 1 255 0 0 0 0 0 0"}, "differ in size"),
])
def test_bad_files_show_a_clear_message_and_the_window_survives(window, qtbot, tmp_path, files, words):
    for ext, data in files.items():
        (tmp_path / f"bad{ext}").write_bytes(data)
    open_and_wait(qtbot, window, tmp_path / "bad.level")
    box = window._message_box
    assert isinstance(box, QMessageBox)
    assert box.isVisible()
    assert words in box.text()
    assert "Traceback" not in box.text()
    assert words in window.statusBar().currentMessage()
    box.accept()
    assert window.windowTitle().startswith("Untitled")
    drag(qtbot, window.solution_canvas, [(0, 0), (0, 2)])
    assert window.solution_grid()[0, :3].all()


def test_closing_with_unsaved_changes_asks_first(window, qtbot):
    drag(qtbot, window.solution_canvas, [(3, 3), (3, 4)])
    window.close()
    box = window._message_box
    assert window.isVisible()
    assert box.isVisible()
    box.button(QMessageBox.Cancel).click()
    assert window.isVisible()
    window.close()
    window._message_box.button(QMessageBox.Discard).click()
    qtbot.waitUntil(lambda: not window.isVisible())


def test_opening_over_unsaved_changes_asks_and_can_save_first(window, qtbot, tmp_path):
    save_level(Level.blank(4, 3), tmp_path / "target.level")
    drag(qtbot, window.solution_canvas, [(1, 1), (1, 3)])
    window.files.open_level_path(tmp_path / "target.level")
    box = window._message_box
    assert box.isVisible()
    assert window.solution_grid().shape == (10, 10)
    box.button(QMessageBox.Save).click()  # untitled: Save As first, then the level opens
    choose_file(qtbot, window, tmp_path / "first")
    wait_for_job(qtbot, window)
    qtbot.waitUntil(lambda: window.solution_grid().shape == (3, 4))
    assert load_level(tmp_path / "first.level").solution[1, 1:4].all()


def test_new_discards_after_asking(window, qtbot):
    window.width_spin.setValue(20)
    window.new_action.trigger()
    window._message_box.button(QMessageBox.Discard).click()
    window.kind_dialog.accept()  # a two-colour level
    assert window.solution_grid().shape == (10, 10)
    assert not window.isWindowModified()


def test_recent_files_menu_opens_a_level(window, qtbot):
    open_and_wait(qtbot, window, LEVELS / "mushroom.level")
    window.new_action.trigger()
    window.kind_dialog.accept()
    window.files.fill_recent_menu()
    action = next(a for a in window.recent_menu.actions() if a.text().endswith("mushroom.level"))
    action.trigger()
    wait_for_job(qtbot, window)
    assert window.solution_grid().shape == (15, 15)


def test_window_geometry_is_remembered(make_window, qtbot):
    first = make_window()
    first.resize(900, 620)
    qtbot.waitUntil(lambda: first.size().width() == 900)
    first.close()
    second = make_window()
    assert (second.size().width(), second.size().height()) == (900, 620)


def test_python_m_editor_starts_and_shows_the_window():
    env = dict(os.environ, **{QUIT_AFTER_ENV: "300"})
    result = subprocess.run([sys.executable, "-m", "nonogram_editor", str(LEVELS / "cat.level")], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert SHOWN_MARKER in result.stderr
    assert "visible=True" in result.stderr
    assert "Traceback" not in result.stderr


def test_export_then_import_non_keeps_the_solution(window, qtbot, tmp_path):
    drag(qtbot, window.solution_canvas, [(2, 1), (2, 8), (7, 8)])
    drawn = window.solution_grid()
    window._export_non_action.trigger()
    choose_file(qtbot, window, tmp_path / "shape.non")
    wait_for_job(qtbot, window)
    assert (tmp_path / "shape.non").exists()
    import_into_a_new_level(qtbot, window, tmp_path / "shape.non")
    assert np.array_equal(window.solution_grid(), drawn)
    assert (window.document.visible_picture()[drawn] == 0).all()  # filled cells come in black


def test_importing_a_non_without_goal_solves_its_clues(window, qtbot, tmp_path):
    (tmp_path / "clues.non").write_text("width 2\nheight 1\nrows\n2\ncolumns\n1\n1\n")
    window.files._import_non(tmp_path / "clues.non")
    wait_for_job(qtbot, window)
    assert window.solution_grid().tolist() == [[True, True]]
    assert "clues.non: LINE" in window.assist_dock.widget().clue_report_label.text()
