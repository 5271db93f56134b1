"""The pack gallery, driven by real mouse and key events: it fills in off the GUI thread, reorders
by drag (saving pack.order), opens an entry in the editor, and deletes with undo."""
import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QEventLoop, Qt, QTimer

from nonogram_editor.pack.checks import ResultCache
from nonogram_editor.pack.order import read_order
from nonogram_editor.ui.pack_window import PackWindow
from tests.conftest import HANG_MS
from tests.editor.ui.conftest import wait_for_job

DATA = Path(__file__).resolve().parents[2] / "data" / "pack"


def wait_for_gallery(gallery: PackWindow) -> None:
    """Run the event loop until the gallery has read its folder and checked every entry."""
    loop = QEventLoop()
    poll = QTimer()
    poll.timeout.connect(lambda: None if gallery.checks_running() or gallery.pack is None else loop.quit())
    poll.start(5)
    QTimer.singleShot(HANG_MS, loop.quit)
    loop.exec()
    poll.stop()
    assert not gallery.checks_running(), "the gallery did not fill in"
    assert gallery.pack is not None, "the gallery did not fill in"


@pytest.fixture
def folder(tmp_path) -> Path:
    shutil.copytree(DATA, tmp_path / "pack")
    return tmp_path / "pack"


@pytest.fixture
def gallery(window, folder, tmp_path, qtbot):
    window.files.pack_window = PackWindow(folder, window.files._open_from_pack, window, ResultCache(tmp_path / "cache"))
    window.files.pack_window.show()
    qtbot.waitExposed(window.files.pack_window)
    window.files.pack_window.activateWindow()
    qtbot.waitActive(window.files.pack_window)
    wait_for_gallery(window.files.pack_window)
    yield window.files.pack_window
    window.files.pack_window.close()


def shown(gallery: PackWindow) -> list[str]:
    return [entry.label for entry in gallery.model.rows]


def centre(gallery: PackWindow, row: int):
    return gallery.gallery.visualRect(gallery.model.index(row)).center()


def test_the_gallery_shows_every_entry_in_play_order_with_verdicts_and_warnings(gallery):
    assert shown(gallery) == ["cross.level", "boat-mirrored.non", "boat-turned.level", "boat.level", "broken.non",
                              "swap-a.non", "swap-b.non"]
    caption = gallery.model.data(gallery.model.index(3))
    assert caption.startswith("Boat\n6x5")
    assert "cleared" in caption
    assert "LINE grade 1.1" in caption
    assert "warnings: 2" in caption
    assert "same picture as boat-mirrored.non" in gallery.model.data(gallery.model.index(3), Qt.ToolTipRole)
    assert "cannot be read" in gallery.model.data(gallery.model.index(4))
    pixmap = gallery.model.data(gallery.model.index(3), Qt.DecorationRole)
    image = pixmap.toImage()
    assert image.pixelColor(48, 48).getRgb()[:3] == (200, 30, 30)  # the boat's red, in the middle of its picture


def test_dragging_an_entry_reorders_the_pack_and_saves_pack_order(gallery, qtbot):
    view = gallery.gallery.viewport()
    start, target = centre(gallery, 0), centre(gallery, 3)
    qtbot.mousePress(view, Qt.LeftButton, pos=start)
    qtbot.mouseMove(view, start + type(start)(10, 0))
    qtbot.mouseMove(view, target + type(target)(20, 0))  # past the middle of boat.level: after it
    qtbot.mouseRelease(view, Qt.LeftButton, pos=target + type(target)(20, 0))
    assert read_order(gallery.folder)[:4] == ["boat-mirrored.non", "boat-turned.level", "boat.level", "cross.level"]
    wait_for_gallery(gallery)
    assert shown(gallery)[:4] == ["boat-mirrored.non", "boat-turned.level", "boat.level", "cross.level"]
    qtbot.keyClick(gallery.gallery, Qt.Key_Z, Qt.ControlModifier)
    assert read_order(gallery.folder)[0] == "cross.level"


def test_a_double_click_opens_the_entry_in_the_editor(gallery, window, qtbot):
    view = gallery.gallery.viewport()
    qtbot.mouseClick(view, Qt.LeftButton, pos=centre(gallery, 3))  # QTest's double click is its second click only
    qtbot.mouseDClick(view, Qt.LeftButton, pos=centre(gallery, 3))
    wait_for_job(qtbot, window)
    assert window.document.path == gallery.folder / "boat.level"
    assert window.document.title == "Boat"
    window.show_pack_action.trigger()
    assert gallery.isVisible()


def test_delete_then_undo_brings_the_entry_back(gallery, qtbot):
    view = gallery.gallery.viewport()
    qtbot.mouseClick(view, Qt.LeftButton, pos=centre(gallery, 2))
    assert gallery.selected_entry().name == "boat-turned.level"
    qtbot.keyClick(gallery.gallery, Qt.Key_Delete)
    assert not (gallery.folder / "boat-turned.level").exists()
    wait_for_gallery(gallery)
    assert "boat-turned.level" not in shown(gallery)
    assert len(shown(gallery)) == 6
    qtbot.keyClick(gallery.gallery, Qt.Key_Z, Qt.ControlModifier)
    assert (gallery.folder / "boat-turned.ppm").exists()
    wait_for_gallery(gallery)
    assert shown(gallery)[2] == "boat-turned.level"


def test_sorting_and_filtering(gallery):
    gallery.sort_box.setCurrentIndex(gallery.sort_box.findText("Title"))
    assert shown(gallery)[:2] == ["boat.level", "boat-mirrored.non"]
    assert not gallery.gallery.reorderable
    gallery.verdict_box.setCurrentIndex(gallery.verdict_box.findText("MULT"))
    assert shown(gallery) == ["swap-a.non", "swap-b.non"]
    gallery.verdict_box.setCurrentIndex(0)
    gallery.filter_edit.setText("turned")
    assert shown(gallery) == ["boat-turned.level"]


def test_the_difficulty_chart_draws_a_bar_per_graded_entry_in_play_order(gallery):
    from nonogram_editor.ui.pack_chart import LINE_COLOUR, OTHER_COLOUR

    chart = gallery.chart
    chart.resize(700, 120)
    image = chart.grab().toImage()

    def colours_in(position: int) -> set:
        box = chart.column(position)
        x = int(box.center().x()) + 3  # beside the size dot
        return {image.pixelColor(x, y).rgb() for y in range(int(box.top()), int(box.bottom()))}

    assert LINE_COLOUR.rgb() in colours_in(0)  # cross.level: LINE, graded
    assert OTHER_COLOUR.rgb() in colours_in(5)
    assert LINE_COLOUR.rgb() not in colours_in(5)
    assert colours_in(4) & {LINE_COLOUR.rgb(), OTHER_COLOUR.rgb()} == set()  # broken.non: nothing
    box = chart.column(0)
    bar_top = min(y for y in range(int(box.top()), int(box.bottom()))
                  if image.pixelColor(int(box.center().x()) + 3, y).rgb() == LINE_COLOUR.rgb())
    assert abs((box.bottom() - bar_top) / box.height() - 1.1 / 6) < 0.05  # grade 1.1 of 6


def test_export_writes_the_pack_as_a_web_page_in_play_order(gallery, tmp_path, qtbot):
    gallery.export_action.trigger()
    dialog = gallery.save_dialog
    target = tmp_path / "out" / "boats.html"
    target.parent.mkdir()
    dialog.selectFile(str(target))
    dialog.accept()
    qtbot.waitUntil(lambda: "Exported" in gallery.statusBar().currentMessage(), timeout=60_000)
    html = target.read_text(encoding="utf-8")
    titles = [entry.title for entry in gallery.pack.entries if entry.error is None and entry.solution is not None]
    assert len(titles) >= 5
    places = [html.index(json.dumps(title)) for title in titles]
    assert places == sorted(places)
    assert "left out" in gallery.statusBar().currentMessage()  # broken.non could not be read


def test_make_line_solvable_shows_proposals_and_writes_only_the_accepted(window, tmp_path, qtbot):
    from nonogram_editor.level import load_level
    from tests.editor.pack.test_pack_batch import SWAP, make_pack

    folder = tmp_path / "fixable"
    folder.mkdir()
    make_pack(folder)
    gallery = PackWindow(folder, None, window, ResultCache(tmp_path / "cache"))
    gallery.show()
    qtbot.waitExposed(gallery)
    wait_for_gallery(gallery)
    gallery.fix_action.trigger()
    qtbot.waitUntil(lambda: gallery.proposals_dialog is not None and gallery.proposals_dialog.isVisible(),
                    timeout=60_000)
    dialog = gallery.proposals_dialog
    assert [proposal.entry.name for proposal in dialog.proposals] == ["swap.level"]
    assert dialog.checks[0].isChecked()
    assert "LINE" in dialog.checks[0].text()
    assert np.array_equal(load_level(folder / "swap.level").solution, SWAP)  # nothing written yet
    qtbot.mouseClick(dialog.write_button, Qt.LeftButton)
    assert np.array_equal(load_level(folder / "swap.level").solution, dialog.proposals[0].after)
    wait_for_gallery(gallery)
    assert [entry.result.verdict for entry in gallery.pack.entries] == ["LINE", "LINE"]
    gallery.close()


def test_file_open_folder_as_pack_opens_the_gallery(window, folder, qtbot, tmp_path, monkeypatch):
    from nonogram_editor.__main__ import _window_usage_problem

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # the verdict cache: not the user's
    assert _window_usage_problem([str(folder)]) is None  # nonogram-editor FOLDER opens the window (and the gallery)
    window.open_pack_action.trigger()
    dialog = window.files.dialog
    dialog.selectFile(str(folder))
    dialog.accept()
    qtbot.waitUntil(lambda: window.files.pack_window is not None and window.files.pack_window.isVisible())
    wait_for_gallery(window.files.pack_window)
    assert window.files.pack_window.folder == folder
    assert len(shown(window.files.pack_window)) == 7
    window.files.pack_window.close()
