"""The application's identity: its settings under its own names (so a test or a second profile
is kept apart) in $XDG_CONFIG_HOME, its version in Help > About, and a 3-D panel that says why
it cannot draw where no OpenGL context can be made (instead of crashing the app)."""
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

import editor
from editor.ui.settings import recent_files, remember_recent

ROOT = Path(__file__).resolve().parents[3]


def test_settings_are_kept_under_the_applications_names_in_xdg_config_home(qapp, tmp_path):
    names = (qapp.organizationName(), qapp.applicationName())
    qapp.setOrganizationName("Isolated Org")
    qapp.setApplicationName("Second Profile")
    try:
        remember_recent(tmp_path / "a.level")
        assert recent_files() == [str((tmp_path / "a.level").resolve())]
        stored = Path(os.environ["XDG_CONFIG_HOME"], "Isolated Org", "Second Profile.conf")
        assert "a.level" in stored.read_text()
    finally:
        qapp.setOrganizationName(names[0])
        qapp.setApplicationName(names[1])
    assert str((tmp_path / "a.level").resolve()) not in recent_files()  # the other profile's


def test_about_shows_the_version(window, qtbot):
    about = next(a for a in window.help_menu.actions() if a.text() == "&About")
    about.trigger()
    qtbot.waitUntil(lambda: window.findChild(QMessageBox) is not None)
    box = window.findChild(QMessageBox)
    assert f"Nonogram Editor {editor.__version__}:" in box.text()
    box.close()


OFFSCREEN_DRIVER = """
import sys
from PySide6.QtWidgets import QApplication, QLabel
from editor.ui.settings import app_settings, name_application
from editor.ui.puzzle_docks import OPEN_PANELS_KEY
app = QApplication([])
name_application(app)
app_settings().setValue(OPEN_PANELS_KEY, ["voxel"])  # a 3-D panel remembered from an earlier run
from editor.ui.main_window import MainWindow
window = MainWindow()
window.show()
app.processEvents()
labels = [label.text() for label in window.findChildren(QLabel) if label.text().startswith("3-D preview")]
print(labels)
window.close()
"""


def test_without_opengl_a_remembered_3d_panel_says_why_and_the_app_runs(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}  # offscreen has no GL then
    env.update(QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-c", OFFSCREEN_DRIVER], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(["3-D preview unavailable: no OpenGL context can be made on Qt's "
                                         "'offscreen' platform"])
