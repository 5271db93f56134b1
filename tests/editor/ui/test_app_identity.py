"""The application's identity: its settings under its own names (so a test or a second profile
is kept apart) in $XDG_CONFIG_HOME, and a 3-D panel that says why
it cannot draw where no OpenGL context can be made (instead of crashing the app)."""
import os
from pathlib import Path

from nonogram_editor.ui.settings import recent_files, remember_recent

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
