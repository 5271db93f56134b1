"""Shared test set-up: private settings and data folders, Ctrl+C as a terminal gives it, and Qt
on a real (virtual) X server.

pytest-xvfb starts Xvfb for the session; Qt3D needs its GLX through Mesa (llvmpipe).
"""
import atexit
import os
import shutil
import signal
import tempfile

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
os.environ.setdefault("LIBGL_ALWAYS_SOFTWARE", "1")
# Private settings (QSettings: recent files, dock layout) and application data (the voxel
# panel's count checkpoints): never the developer's own, never shared by two runs at once.
for variable, prefix in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data")):
    os.environ[variable] = tempfile.mkdtemp(prefix=f"nonogram-editor-test-{prefix}-")
    atexit.register(shutil.rmtree, os.environ[variable], ignore_errors=True)
os.environ.pop("NONOGRAM_EDITOR_DISABLE_PLUGINS", None)
# The tests that press Ctrl+C (SIGINT to a command's process group) need the commands they start
# to take it. A suite started in the background by a script (`resources/scripts/test &`, no job
# control) inherits SIGINT ignored, and so would every command it starts (Python keeps an ignored
# SIGINT ignored, as a background job should): Python's own handler here gives them the default.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
if hasattr(signal, "pthread_sigmask"):  # a blocked SIGINT is inherited too
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def pytest_generate_tests(metafunc):
    """A test marked ``processes`` runs twice: on this platform's own process path ("native":
    on Linux, forks and SIGIO) and on the portable one that Windows and macOS take
    (:func:`nonogram_editor.infra.child_process.portable_processes`), with the switch in the
    environment that the commands and children it starts inherit.
    ``@pytest.mark.processes(linux="why")``: the portable run is skipped (it checks Linux's own)."""
    marker = metafunc.definition.get_closest_marker("processes")
    if marker is None:
        return
    linux = marker.kwargs.get("linux")
    portable = pytest.param("portable", marks=pytest.mark.skip(reason=f"Linux's own: {linux}")) if linux else "portable"
    metafunc.fixturenames.append("process_path")
    metafunc.parametrize("process_path", ["native", portable], indirect=True)


@pytest.fixture
def process_path(request, monkeypatch) -> str:
    """"native" or "portable" (see pytest_generate_tests): the switch set or cleared for the test."""
    from nonogram_editor.infra.child_process import PORTABLE_SWITCH

    if request.param == "portable":
        monkeypatch.setenv(PORTABLE_SWITCH, "1")
    else:
        monkeypatch.delenv(PORTABLE_SWITCH, raising=False)
    return request.param


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


HANG_MS = 300_000  # the bound of every wait: it only turns a hang into a failure
HANG_SECONDS = HANG_MS / 1000


@pytest.fixture
def qtbot(qtbot):
    """pytest-qt's, its waits bounded by ``HANG_MS`` instead of 5 s. A test waits for an
    event, never for a time: a loaded machine (a full run beside other work) can starve a
    background job for tens of seconds."""
    import functools

    for name in ("waitUntil", "waitSignal", "waitSignals", "waitExposed", "waitActive", "waitCallback"):
        setattr(qtbot, name, functools.partial(getattr(qtbot, name), timeout=HANG_MS))
    return qtbot


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
    if "nonogram_editor.scene3d.view" in sys.modules:  # idle Qt3D windows kept for reuse
        sys.modules["nonogram_editor.scene3d.view"].drain_viewport_pool()
        _flush_qt_deletes()


@pytest.fixture
def isolated_settings(tmp_path):
    """QSettings() in this test reads and writes a fresh folder (layouts, open panels)."""
    from PySide6.QtCore import QSettings

    fmt, scope = QSettings.Format.NativeFormat, QSettings.Scope.UserScope
    QSettings.setPath(fmt, scope, str(tmp_path / "settings"))
    yield tmp_path / "settings"
    QSettings.setPath(fmt, scope, os.environ["XDG_CONFIG_HOME"])
