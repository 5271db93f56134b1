"""The window as the desktop sees it: icon, desktop entry name, Help > About, files given
on the command line (a double-click), translations."""
import os
import subprocess
import sys

import numpy as np
from PySide6.QtWidgets import QMessageBox

from nonogram_editor import __version__
from nonogram_editor.infra.paths import LEVELS, ROOT
from nonogram_editor.level.non_format import write_non
from nonogram_editor.ui.app import QUIT_AFTER_ENV
from nonogram_editor.ui.desktop import APP_ID
from nonogram_editor.ui.identity import app_icon
from tests.editor.plugin_api.test_platform import click_menu_entry
from tests.editor.ui.conftest import wait_for_job


def test_the_window_shows_the_app_icon(window):
    icon = window.windowIcon()
    assert not icon.isNull()
    assert icon.pixmap(32, 32).toImage() == app_icon().pixmap(32, 32).toImage()


def test_the_app_names_its_desktop_entry_and_version():
    """The real start-up (run_app), in a process of its own: QApplication's settings are global."""
    script = ("import sys; from PySide6.QtWidgets import QApplication; from nonogram_editor.ui.app import run_app\n"
              "code = run_app([]); app = QApplication.instance()\n"
              "print(app.desktopFileName(), app.applicationVersion(), app.windowIcon().isNull())\n"
              "sys.exit(code)")
    env = dict(os.environ, **{QUIT_AFTER_ENV: "0"})
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [APP_ID, __version__, "False"]


def test_help_about_shows_the_version_and_the_licence(window, qtbot):
    click_menu_entry(qtbot, window, window.help_menu, "&About")
    qtbot.waitUntil(lambda: any(box.isVisible() for box in window.findChildren(QMessageBox)))
    box = next(box for box in window.findChildren(QMessageBox) if box.isVisible())
    assert __version__ in box.text()
    assert "MIT licence" in box.text()
    box.button(QMessageBox.Ok).click()


def test_a_non_file_given_to_the_app_is_imported(window, qtbot, tmp_path):
    """What a double-click on a .non does (the desktop entry runs `nonogram-editor FILE`)."""
    goal = np.array([[1, 1, 0], [0, 1, 1]], dtype=bool)
    write_non(tmp_path / "step.non", goal)
    window.files.open_path(tmp_path / "step.non")
    wait_for_job(qtbot, window)
    assert np.array_equal(window.solution_grid(), goal)
    window.files.open_path(LEVELS / "cat.level")
    wait_for_job(qtbot, window)
    assert window.document.path == LEVELS / "cat.level"
