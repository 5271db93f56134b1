"""The voxel panel, driven through its real buttons (pytest-qt), with a rendered frame checked."""
import json

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt

from nonogram_editor_builtins.voxel import checker, plugin, scene
from nonogram_editor_builtins.voxel.panel import VoxelPanel
from tests.plugins.panels import open_panel


def choose(qtbot, panel, name):
    """Pick a shipped puzzle in the combo box and wait for its file to load (off the GUI thread)."""
    qtbot.waitUntil(lambda: panel.puzzle_box.isEnabled())
    panel.puzzle_box.setCurrentIndex(panel.puzzle_box.findText(name))
    qtbot.waitUntil(lambda: panel.puzzle is not None and panel.puzzle.id == f"voxel-{name}"
                    and panel.count_button.isEnabled())


@pytest.fixture
def panel(qtbot):
    widget = open_panel(qtbot, plugin, "voxel", (700, 800))
    choose(qtbot, widget, "soma")
    return widget


def test_first_solution_count_browse_step_and_layer(panel, qtbot):
    qtbot.mouseClick(panel.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(panel.solutions) == 1 and panel.solve_button.isEnabled())
    assert checker.check_solution(panel.puzzle, panel.solutions[0]) == []
    assert len(panel.view.parts()) == 7
    assert panel.shown_label.text() == "Solution 1 of 1+"  # the stream has more
    qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)  # asks the stream for the next one
    qtbot.waitUntil(lambda: len(panel.solutions) == 2 and panel.solve_button.isEnabled())
    assert panel.current == 1
    assert panel.solutions[1] != panel.solutions[0]
    assert checker.check_solution(panel.puzzle, panel.solutions[1]) == []

    qtbot.mouseClick(panel.count_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(panel.solutions) == 240 and panel.count_button.isEnabled())
    assert "11520 solutions" in panel.status.text()
    assert panel.shown_label.text() == "Solution 1 of 240"
    first = panel.solutions[0]
    qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    assert panel.current == 1
    assert panel.shown_label.text() == "Solution 2 of 240"
    qtbot.mouseClick(panel.previous_button, Qt.MouseButton.LeftButton)
    assert panel.current == 0
    assert panel.solutions[0] == first

    panel.canvas.step_slider.setValue(2)  # two pieces in: only they are shown
    order = panel.assembly()
    shown = {p.id for p in panel.view.parts() if panel.view._is_shown(p)}
    assert shown == {scene.part_id(i) for i in order[:2]}
    assert panel.canvas.step_label.text().startswith("2 of 7")

    assert panel.canvas.layer_spin.text() == "all layers"  # and the 2-D side shows them all, side by side
    assert panel.canvas.layer_text.text().splitlines()[0].split() == ["z=0", "z=1", "z=2"]
    panel.canvas.layer_spin.setValue(1)
    assert sum(len(p.shapes) for p in panel.view.parts()) == 9
    assert len(panel.canvas.layer_text.text().splitlines()) == 3


def test_rendered_frame_shows_the_pieces_colours(panel, qtbot):
    qtbot.mouseClick(panel.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(panel.solutions) == 1)
    image = panel.view.capture_image()
    assert not image.isNull()
    colours = {piece.colour for piece in panel.puzzle.pieces}
    seen = set()
    for y in range(0, image.height(), 4):
        for x in range(0, image.width(), 4):
            c = image.pixelColor(x, y)
            seen.add((c.red(), c.green(), c.blue()))
    # lit faces shade the colours: look for pixels near each piece's hue family
    def near(a, b):
        total = max(1, sum(b))
        return max(abs(a[i] / max(1, sum(a)) - b[i] / total) for i in range(3)) < 0.08 and sum(a) > 60
    assert sum(any(near(s, c) for s in seen) for c in colours) >= 4


def test_bad_file_is_reported_and_the_puzzle_stays(panel, qtbot, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"target": {"box": [2, 2, 2]}, "pieces": [{"name": "x", "cells": [[0, 0, 0]]}]}))
    panel.load_file(str(bad))
    qtbot.waitUntil(lambda: panel.open_button.isEnabled())
    assert str(bad) in panel.status.text()
    assert "opening" not in panel.status.text()
    assert "8" in panel.status.text()
    assert panel.puzzle.id == "voxel-soma"
    assert panel.puzzle_box.currentText() == "soma"
    assert panel.count_button.isEnabled()


def test_open_dialog_is_not_blocking_and_loads_a_file(panel, qtbot, tmp_path):
    good = tmp_path / "two-dominoes.json"
    good.write_text(json.dumps({"target": {"box": [2, 2, 1]}, "pieces": [{"name": "d", "cells": [[0, 0], [1, 0]],
                                                                          "copies": 2}]}))
    qtbot.mouseClick(panel.open_button, Qt.MouseButton.LeftButton)
    assert panel._dialog is not None
    assert panel._dialog.isVisible()
    panel._dialog.selectFile(str(good))
    panel._dialog.accept()
    qtbot.waitUntil(lambda: panel.puzzle.id == "voxel-two-dominoes" and panel.count_button.isEnabled())
    assert panel.puzzle_box.currentText() == "two-dominoes.json"
    qtbot.mouseClick(panel.count_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.count_button.isEnabled() and bool(panel.solutions))
    assert "2 solutions in all, 1 up to" in panel.status.text()


def test_cancel_a_long_count_and_close_the_panel(qtbot):
    # not handed to qtbot: the test deletes it, as the host does when the dock closes
    panel = VoxelPanel(spec_of=plugin.puzzle_spec)
    panel.show()
    choose(qtbot, panel, "tetris-cube")
    qtbot.mouseClick(panel.count_button, Qt.MouseButton.LeftButton)
    assert not panel.count_button.isEnabled()
    assert panel.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: "distinct" in panel.status.text())  # progress arrives
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.count_button.isEnabled())
    assert panel.status.text() == "cancelled"
    qtbot.mouseClick(panel.count_button, Qt.MouseButton.LeftButton)
    job = panel._job
    assert job.running
    panel.close()
    panel.deleteLater()
    qtbot.waitUntil(lambda: not job.running)  # deleting the panel cancelled the count


def test_export_every_solution_through_the_dialog(panel, qtbot, tmp_path):
    assert not panel.export_button.isEnabled()  # nothing to export yet
    qtbot.mouseClick(panel.count_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(panel.solutions) == 240 and panel.export_button.isEnabled())
    qtbot.mouseClick(panel.export_button, Qt.MouseButton.LeftButton)
    dialog = panel._dialog
    assert dialog is not None
    assert dialog.isVisible()
    path = tmp_path / "soma-all.json"
    dialog.selectNameFilter("Every solution (*.json)")
    dialog.selectFile(str(path))
    dialog.accept()
    qtbot.waitUntil(lambda: panel.status.text().startswith("wrote"))
    assert panel.status.text() == f"wrote 11520 solutions to {path}"
    data = json.loads(path.read_text())
    assert data["count"] == len(data["solutions"]) == 11520
    assert data["which"] == "every solution"


def test_a_huge_file_loads_off_the_gui_thread_and_is_refused_naming_it(panel, qtbot, tmp_path):
    huge = tmp_path / "huge.json"
    huge.write_text(json.dumps({"target": {"box": [200, 200, 200]},
                                "pieces": [{"name": "x", "cells": [[0, 0, 0]], "copies": 8_000_000}]}))
    panel.load_file(str(huge))
    assert not panel.open_button.isEnabled()
    assert "opening" in panel.status.text()
    qtbot.waitUntil(lambda: panel.open_button.isEnabled())
    assert str(huge) in panel.status.text()
    assert "8000000 cells" in panel.status.text()
    assert panel.puzzle.id == "voxel-soma"
    assert panel.puzzle_box.currentText() == "soma"


def test_a_broken_first_shipped_file_leaves_the_panel_usable(qtbot, tmp_path, monkeypatch):
    from nonogram_editor_builtins.voxel import model as puzzle_module

    shipped = tmp_path / "shipped"
    shipped.mkdir()
    (shipped / "tetris-cube.json").write_text('{"target": ')  # listed first
    (shipped / "soma.json").write_text((puzzle_module.RESOURCE_DIR / "soma.json").read_text())
    monkeypatch.setattr(puzzle_module, "RESOURCE_DIR", shipped)
    widget = VoxelPanel(spec_of=plugin.puzzle_spec)
    qtbot.addWidget(widget)
    qtbot.waitUntil(lambda: widget.open_button.isEnabled())
    assert str(shipped / "tetris-cube.json") in widget.status.text()
    assert widget.puzzle is None
    assert not widget.solve_button.isEnabled()
    assert not widget.count_button.isEnabled()
    assert [widget.puzzle_box.itemText(i) for i in range(widget.puzzle_box.count())] == ["tetris-cube", "soma"]
    choose(qtbot, widget, "soma")
    assert widget.solve_button.isEnabled()


def test_an_interrupted_count_is_offered_for_resume_and_ends_right(panel, qtbot, tmp_path):
    panel.checkpoint_dir = tmp_path / "counts"
    choose(qtbot, panel, "pentominoes-6x10")
    assert panel.resume_button.isHidden()
    panel.jobs_spin.setValue(1)
    qtbot.mouseClick(panel.count_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "subproblems" in panel.status.text())
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.count_button.isEnabled())
    assert panel.status.text() == "cancelled"
    assert not panel.resume_button.isHidden()
    assert panel.resume_button.text().startswith("Resume count (")
    choose(qtbot, panel, "soma")  # another puzzle has nothing to resume; coming back offers it again
    assert panel.resume_button.isHidden()
    choose(qtbot, panel, "pentominoes-6x10")
    assert not panel.resume_button.isHidden()
    qtbot.mouseClick(panel.resume_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(panel.solutions) == 2339 and panel.count_button.isEnabled())
    assert "9356 solutions" in panel.status.text()
    assert panel.resume_button.isHidden()
    assert not list((tmp_path / "counts").glob("*.db"))


def test_a_burrtools_file_with_several_problems_asks_which(panel, qtbot, tmp_path):
    from PySide6.QtWidgets import QInputDialog

    from tests.plugins.voxel.test_burrtools import write, xml

    path = write(tmp_path, xml([(2, 1, 1, "##"), (4, 1, 1, "####")],
                               [("one", [(0, 1)], 0, ""), ("two", [(0, 2)], 1, 'state="2" assemblies="1"')]))
    panel.load_file(str(path))
    qtbot.waitUntil(lambda: isinstance(panel._dialog, QInputDialog) and panel._dialog.isVisible())
    panel._dialog.setTextValue("two")
    panel._dialog.accept()
    qtbot.waitUntil(lambda: panel.puzzle is not None and panel.puzzle.title.endswith(": problem 1 (two)"))
    assert panel.puzzle_box.currentText() == "p.xmpuzzle [two]"
    qtbot.waitUntil(lambda: panel.count_button.isEnabled())
    panel.checkpoint_dir = tmp_path / "counts"
    qtbot.mouseClick(panel.count_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "BurrTools stored 1 assemblies, as counted here" in panel.status.text())
    assert panel.status.text().startswith("1 solutions in all, 1 up to")  # two equal dominoes: one way


def test_a_files_title_and_description_show_as_plain_text(panel, qtbot, tmp_path):
    from PySide6.QtGui import QTextDocument

    from nonogram_editor_builtins.voxel.model import shipped_puzzle_paths

    soma = json.loads(next(p for p in shipped_puzzle_paths() if p.name == "soma.json").read_text())
    soma["title"], soma["description"] = "<i>Soma</i> &amp;", "<img src='x.png'><a href='https://x'>click</a>"
    path = tmp_path / "marked.json"
    path.write_text(json.dumps(soma))
    panel.load_file(str(path))
    qtbot.waitUntil(lambda: panel.puzzle is not None and panel.puzzle.title.startswith("<i>"))
    shown = QTextDocument()
    shown.setHtml(panel.info_label.text())  # what the label draws, as text
    assert shown.toPlainText().startswith("<i>Soma</i> &amp;: 7 pieces")
    assert shown.toPlainText().endswith("<img src='x.png'><a href='https://x'>click</a>")
    panel.report("<b>not bold</b>")  # the status line: plain text, whatever it is given
    assert panel.status.textFormat() == Qt.TextFormat.PlainText
    assert panel.status.text() == "<b>not bold</b>"


def clipped_buttons(panel) -> list[str]:
    """The buttons (push and tool) whose text does not fit the width they are given."""
    from PySide6.QtWidgets import QAbstractButton

    return [f"{button.text()!r}: {button.width()} < {button.sizeHint().width()}"
            for button in panel.findChildren(QAbstractButton)
            if button.isVisibleTo(panel) and button.text() and button.width() < button.sizeHint().width()]


def test_no_button_text_is_clipped_at_the_width_of_a_narrow_dock_nor_at_the_panels_minimum(panel, qtbot):
    qtbot.mouseClick(panel.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(panel.solutions) == 1 and panel.solve_button.isEnabled())
    qtbot.mouseClick(panel.disassembly.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.disassembly.player.isVisible())  # every button of the disassembly shown
    # the layouts told of the shown buttons (their layout requests are posted events): a
    # minimum read before that is the one without them (on a busy machine, 511 px for 560)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    for width in (652, panel.minimumSizeHint().width()):
        panel.resize(width, 800)
        qtbot.waitUntil(lambda width=width: panel.width() == max(width, panel.minimumWidth()))
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        assert not clipped_buttons(panel), f"at {panel.width()} px: {clipped_buttons(panel)}"
