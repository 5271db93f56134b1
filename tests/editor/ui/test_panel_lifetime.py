"""A plugin panel is freed when its dock closes, even with its background job still running."""
import gc
import weakref

import pytest
from PySide6.QtCore import Qt

from nonogram_editor.ui import background
from tests.editor.scene3d.test_view import require_gl

CYCLES = 4


def start_work(panel_id: str, panel, qtbot) -> None:
    """What a user starts before closing: a count (pyramid starts its own), a solve."""
    button = {"cube": "solve_button", "voxel": "count_button"}.get(panel_id)
    if button is not None:
        qtbot.mouseClick(getattr(panel, button), Qt.MouseButton.LeftButton)


@pytest.mark.parametrize("panel_id", ["pyramid", "cube", "voxel"])
def test_closed_panels_are_freed(isolated_settings, window, qtbot, panel_id):
    require_gl()
    docks = window.puzzle_docks
    freed = []
    for _ in range(CYCLES):
        dock = docks.open_panel(panel_id)
        panel = dock.widget()
        start_work(panel_id, panel, qtbot)
        freed.append(weakref.ref(panel))
        del panel
        dock.close()
        del dock
        qtbot.waitUntil(lambda: panel_id not in docks.docks)
    # the jobs were cancelled with their panels; once they are done nothing may hold a panel
    qtbot.waitUntil(lambda: not background._running)
    qtbot.wait(50)  # the finished jobs' deleteLater
    gc.collect()
    assert [ref() is None for ref in freed] == [True] * CYCLES
