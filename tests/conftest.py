"""Shared test set-up: a private settings folder, and Qt on a real (virtual) X server.

pytest-xvfb starts Xvfb for the session; Qt3D needs its GLX through Mesa (llvmpipe).
"""
import os
import tempfile

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
os.environ.setdefault("LIBGL_ALWAYS_SOFTWARE", "1")
# QSettings (recent files, dock layout) must never touch the developer's real settings.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="nonogram-editor-test-config-")
os.environ.pop("NONOGRAM_EDITOR_DISABLE_PLUGINS", None)


def _flush_qt_deletes() -> None:
    """Run pending deleteLater()s now, while the QApplication is alive.

    A Qt3DWindow (inside every SceneView) deleted after the QApplication is gone
    segfaults the process, even at the end of a passing run (DESIGN.md, Qt3D).
    """
    import sys

    if "PySide6.QtWidgets" not in sys.modules:
        return
    from PySide6.QtCore import QCoreApplication, QEvent

    app = QCoreApplication.instance()
    if app is None:
        return
    for _ in range(3):  # a deletion may post further deletions
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        app.processEvents()


@pytest.fixture(autouse=True)
def flush_deferred_deletes():
    """After each test (and after pytest-qt has closed its widgets), delete what was deleteLater()'d."""
    yield
    _flush_qt_deletes()


def pytest_sessionfinish(session, exitstatus):
    import gc
    import sys

    gc.collect()
    _flush_qt_deletes()
    if "editor.scene3d.view" in sys.modules:  # idle Qt3D windows kept for reuse
        sys.modules["editor.scene3d.view"].drain_viewport_pool()
        _flush_qt_deletes()


@pytest.fixture
def isolated_settings(tmp_path):
    """QSettings() in this test reads and writes a fresh folder (layouts, open panels)."""
    from PySide6.QtCore import QSettings

    fmt, scope = QSettings.Format.NativeFormat, QSettings.Scope.UserScope
    QSettings.setPath(fmt, scope, str(tmp_path / "settings"))
    yield tmp_path / "settings"
    QSettings.setPath(fmt, scope, os.environ["XDG_CONFIG_HOME"])
