"""The same checks against every plugin's panel, through the shared PuzzlePanel (pytest-qt, real events).

Each panel is made by its plugin's factory, as the Puzzles menu does. Per plugin, ``find``
clicks what fills the browse list with at least two solutions and ``long_job`` starts
something that runs long enough to be cancelled.
"""
from __future__ import annotations

import importlib
import time

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QPushButton

import tests.plugins.example  # noqa: F401  (puts the example plugin on the path)
from nonogram_editor.plugin_api import PanelContext, PuzzlePanel, Registry, piece_of_part
from nonogram_editor.scene3d.parts import _shape_center
from nonogram_editor.ui.puzzle_panel import SHORTCUTS
from tests.editor.scene3d.test_view import require_gl, rgb_array, window_point


def click(qtbot, widget):
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def wait_idle(qtbot, panel):
    qtbot.waitUntil(lambda: not panel.busy)


# -------------------------------------------------------------------- per plugin: how to get solutions
def hold_until_cancelled(job):
    """Hold the job's worker after its next progress report until the job is cancelled: a
    count that a quiet machine finishes within moments is still running when Cancel is clicked."""
    task = job.task
    post = task._on_progress  # runs on the worker thread

    def post_then_hold(progress):
        post(progress)
        while not task.cancelled:
            time.sleep(0.01)

    task._on_progress = post_then_hold


def pyramid_find(qtbot, panel):
    hold_until_cancelled(panel._job)  # the count started by itself
    qtbot.waitUntil(lambda: panel.solution_count() >= 2)
    click(qtbot, panel.cancel_button)
    wait_idle(qtbot, panel)


def pyramid_long_job(qtbot, panel):
    if not panel.busy:
        click(qtbot, panel.count_button)  # "Continue"


def cube_find(qtbot, panel):
    panel.variant_box.setCurrentIndex(panel.variant_box.findData("square-packed"))
    click(qtbot, panel.solve_button)
    wait_idle(qtbot, panel)
    click(qtbot, panel.next_button)  # past the last found: the solver's next garden
    wait_idle(qtbot, panel)


def cube_long_job(qtbot, panel):
    panel.variant_box.setCurrentIndex(panel.variant_box.findData("hanging"))
    panel.connected_box.setChecked(True)
    panel.in_box_box.setChecked(True)
    for side in panel.box_sides:
        side.setValue(7)
    click(qtbot, panel.solve_button)


def voxel_choose(qtbot, panel, name):
    qtbot.waitUntil(lambda: panel.puzzle_box.isEnabled())
    panel.puzzle_box.setCurrentIndex(panel.puzzle_box.findText(name))
    qtbot.waitUntil(lambda: panel.puzzle is not None and panel.puzzle.id == f"voxel-{name}" and not panel.busy)


def voxel_find(qtbot, panel):
    voxel_choose(qtbot, panel, "soma")
    click(qtbot, panel.count_button)
    wait_idle(qtbot, panel)


def voxel_long_job(qtbot, panel):
    voxel_choose(qtbot, panel, "tetris-cube")
    click(qtbot, panel.count_button)


def tiling_find(qtbot, panel):
    click(qtbot, panel.count_button)
    wait_idle(qtbot, panel)


PLUGINS = {  # plugin module, panel id, find, long job (None: nothing it does takes long)
    "pyramid": ("nonogram_editor_builtins.pyramid.plugin", "pyramid", pyramid_find, pyramid_long_job),
    "cube": ("nonogram_editor_builtins.cube.plugin", "cube", cube_find, cube_long_job),
    "voxel": ("nonogram_editor_builtins.voxel.plugin", "voxel", voxel_find, voxel_long_job),
    "tiling": ("polyomino_tiling.plugin", "tiling", tiling_find, None),
}


@pytest.fixture(params=sorted(PLUGINS))
def plugin_panel(request, qtbot):
    require_gl()
    module, panel_id, find, long_job = PLUGINS[request.param]
    panels = Registry("panel")
    importlib.import_module(module).nonogram_editor_panels(panels)
    messages = []
    context = PanelContext(main_window=None, show_message=messages.append, settings_prefix=f"test/{panel_id}")
    panel = panels.get(panel_id).factory(context, None)
    qtbot.addWidget(panel)
    panel.resize(1000, 640)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    qtbot.waitActive(panel)
    return panel, find, long_job, messages


def key(qtbot, panel, name):
    """Press a panel shortcut as a user would, with the focus inside the panel."""
    panel.first_button.setFocus()
    sequence = QKeySequence(SHORTCUTS[name])[0]
    qtbot.keyClick(panel.first_button, sequence.key(), sequence.keyboardModifiers())


def test_every_panel_has_the_same_controls_and_shortcuts(plugin_panel):
    panel, *_ = plugin_panel
    assert isinstance(panel, PuzzlePanel)
    assert panel.loaded
    assert [panel.first_button.text(), panel.previous_button.text(), panel.next_button.text(),
            panel.random_button.text(), panel.go_button.text()] == ["First", "Previous", "Next", "Random", "Go"]
    assert panel.cancel_button.text() == "Cancel"
    assert panel.number_box.prefix() == "No. "
    keys = sorted(s.key().toString() for s in panel.findChildren(QShortcut))
    assert keys == sorted(key for name, key in SHORTCUTS.items() if name != "cancel")  # Esc: see keyPressEvent
    # the action row: the plugin's buttons, then Cancel, then the progress bar
    row = panel._action_row
    widgets = [row.itemAt(i).widget() for i in range(row.count())]
    assert widgets[-2:] == [panel.cancel_button, panel.progress_bar]
    assert all(isinstance(w, QPushButton) for w in widgets[:-1])
    assert len(widgets) >= 3
    # the 2-D view sits left of the 3-D view
    assert panel.canvas is not None
    assert panel.canvas.parent() is panel.view.parent()
    # the shipped plugins count on several processes: each offers the shared "processes" box
    if type(panel).__module__.startswith("plugins."):
        assert panel.jobs_spin.prefix() == "processes: "
        assert panel.jobs_spin.isVisibleTo(panel)


def test_find_browse_with_keys_and_check(plugin_panel, qtbot):
    panel, find, _, _ = plugin_panel
    find(qtbot, panel)
    assert panel.solution_count() >= 2
    assert panel.current is not None
    key(qtbot, panel, "first")
    assert panel.current == 0
    key(qtbot, panel, "next")
    assert panel.current == 1
    key(qtbot, panel, "previous")
    assert panel.current == 0
    key(qtbot, panel, "go")
    assert panel.number_box.hasFocus()
    qtbot.keyClicks(panel.number_box, "2")
    qtbot.keyClick(panel.number_box, Qt.Key.Key_Return)
    assert panel.current == 1
    assert panel.number_box.value() == 2
    key(qtbot, panel, "random")
    assert 0 <= panel.current < panel.solution_count()
    assert panel.check_label.text().startswith("Valid")
    assert panel.shown_label.text().startswith(("Solution", "garden"))
    assert panel.view.parts()
    pixels = rgb_array(panel.view.capture_image())
    assert (np.abs(pixels - pixels[2, 2]).sum(axis=-1) > 30).mean() > 0.03  # something is drawn


def test_clicking_a_part_in_3d_selects_the_piece_in_both_views(plugin_panel, qtbot):
    panel, find, _, _ = plugin_panel
    find(qtbot, panel)
    view = panel.view
    qtbot.waitUntil(view.render_window().isExposed)
    window = view.render_window()
    for part in view.parts():  # a part whose centre is in sight (not hidden behind another)
        point = window_point(view, _shape_center(part.shapes[0]))
        if 0 <= point.x() < window.width() and 0 <= point.y() < window.height() \
                and view.part_at(point.x(), point.y()) == part.id:
            break
    else:
        pytest.fail("no part's centre is in sight")
    with qtbot.waitSignal(view.partClicked):
        qtbot.mouseClick(window, Qt.MouseButton.LeftButton, pos=QPoint(point))
    piece = piece_of_part(part.id)
    assert panel.selected == piece
    assert view.selected_part() == part.id
    assert getattr(panel.canvas, "selected", piece) == piece  # (the voxel's layer view has no pieces to mark)
    assert panel.piece_label.text()
    panel.show_solution(panel.current)  # another showing keeps the selection
    assert view.selected_part() == part.id


def test_progress_reaches_the_end_and_escape_cancels(plugin_panel, qtbot):
    panel, find, long_job, messages = plugin_panel
    find(qtbot, panel)
    if panel.status.text() != "cancelled":  # a job that ran to its end fills the bar
        assert panel.progress_bar.value() == panel.progress_bar.maximum()
    if long_job is None:
        return
    long_job(qtbot, panel)
    assert panel.busy
    assert panel.cancel_button.isEnabled()
    assert not any(b.isEnabled() for b in panel._actions)
    key(qtbot, panel, "cancel")
    wait_idle(qtbot, panel)
    assert panel.status.text() == "cancelled"
    assert panel.progress_bar.value() < panel.progress_bar.maximum()
    assert not panel.cancel_button.isEnabled()


@pytest.mark.parametrize("name", sorted(PLUGINS))
def test_a_panel_is_freed_without_the_garbage_collector(name, qtbot):
    """No reference cycle holds a panel: the collector could free it on a worker thread (a crash)."""
    import gc
    import weakref

    require_gl()
    module, panel_id, find, _ = PLUGINS[name]
    panels = Registry("panel")
    importlib.import_module(module).nonogram_editor_panels(panels)
    panel = panels.get(panel_id).factory(PanelContext(None, lambda text: None, "test"), None)  # owned by Python
    panel.show()
    qtbot.waitExposed(panel)
    find(qtbot, panel)  # jobs have run and their callbacks were called
    panel.show_next()
    wait_idle(qtbot, panel)
    panel.close()
    gc.collect()
    gc.disable()
    try:
        alive = weakref.ref(panel)
        del panel
        assert alive() is None, [type(r).__name__ for r in gc.get_referrers(alive())]
    finally:
        gc.enable()


def test_a_cancelled_stream_is_not_taken_for_the_last_solution(qtbot):
    """Cancel while Next asks a stream for more: Next is off (Solve starts again) and the
    panel does not claim that every solution was found."""
    require_gl()
    panel = PuzzlePanel()
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)

    def solutions(task):
        yield "first"
        while True:  # the second takes "forever"
            task.check_cancelled()
            time.sleep(0.01)

    panel.solve_from(solutions)
    wait_idle(qtbot, panel)
    assert panel.solutions == ["first"]
    assert panel.next_button.isEnabled()
    click(qtbot, panel.next_button)
    assert panel.busy
    click(qtbot, panel.cancel_button)
    wait_idle(qtbot, panel)
    assert panel.status.text() == "cancelled"
    assert not panel.next_button.isEnabled()
    assert not panel.complete
    assert panel.shown_label.text() == "Solution 1 of 1+"
