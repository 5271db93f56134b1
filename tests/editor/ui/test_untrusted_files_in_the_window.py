"""The window with files that are not what they claim, and writes that fail: a message, never a hang."""
import errno
import os

import numpy as np
from PySide6.QtWidgets import QMessageBox

from nonogram_editor.infra import safe_write
from nonogram_editor.level import Level, save_level
from nonogram_editor.level.non_format import read_non, write_non
from tests.editor.ui.conftest import drag, wait_for_job
from tests.editor.ui.test_files import open_and_wait


def test_a_pipe_named_like_a_level_file_is_refused_not_waited_on(window, qtbot, tmp_path):
    save_level(Level.blank(3, 3), tmp_path / "x.level")
    (tmp_path / "x.pbm").unlink()
    os.mkfifo(tmp_path / "x.pbm")
    open_and_wait(qtbot, window, tmp_path / "x.level")  # before: "Opening..." for ever
    box = window._message_box
    assert isinstance(box, QMessageBox)
    assert box.isVisible()
    assert f"{tmp_path / 'x.pbm'}: cannot read or write the file: it is a named pipe (FIFO)" in box.text()
    box.accept()
    assert not window.files.work_pending()
    assert window.windowTitle().startswith("Untitled")


def test_export_non_that_fails_keeps_the_previous_file(window, qtbot, tmp_path, monkeypatch):
    path = tmp_path / "shape.non"
    write_non(path, np.eye(4, dtype=bool))
    old = path.read_bytes()
    drag(qtbot, window.solution_canvas, [(2, 1), (2, 8)])

    def disk_full(descriptor):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(safe_write.os, "fsync", disk_full)
    window.files._export_non(path)  # what File > Export .non does once the dialog (and its overwrite prompt) chose it
    wait_for_job(qtbot, window)
    monkeypatch.undo()
    box = window._message_box
    assert box.isVisible()
    assert "Could not export" in window.statusBar().currentMessage()
    assert str(path) in box.text()
    assert "No space left on device" in box.text()
    assert path.read_bytes() == old
    assert np.array_equal(read_non(path).goal, np.eye(4, dtype=bool))
    assert sorted(os.listdir(tmp_path)) == ["shape.non"]  # no temporary left behind
