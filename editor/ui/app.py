"""Creates the QApplication and the main window.

``NONOGRAM_EDITOR_QUIT_AFTER_MS=N``: once the window is shown and the event loop runs,
print ``nonogram-editor: window shown after S s`` to stderr (S: seconds since the process
started) and quit N milliseconds later. The smoke test and the start-up benchmark use it.
"""
from __future__ import annotations

import os
import sys
import time

QUIT_AFTER_ENV = "NONOGRAM_EDITOR_QUIT_AFTER_MS"
SHOWN_MARKER = "nonogram-editor: window shown after"
# Qt's debug and info messages are for developers: stderr shows warnings and worse
# (QT_LOGGING_RULES still overrides). Qt3D also logs a notice at warning level for every
# 3-D view; those known notices, (category, start of the message), are dropped.
QUIET_LOGGING_RULES = "*.debug=false\n*.info=false"
QT_NOTICES = (("Qt3D.Renderer.RHI.Backend", "Initializing RHI with"),)


def _seconds_since_process_start() -> float:
    try:  # Linux: the process's start time, so interpreter start-up is counted too
        with open("/proc/self/stat") as stat:
            ticks = int(stat.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as uptime:
            return float(uptime.read().split()[0]) - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return time.process_time()


def quiet_qt_logging() -> None:
    """Keep stderr for problems (set once, at start)."""
    from PySide6.QtCore import QLoggingCategory, qFormatLogMessage, qInstallMessageHandler

    QLoggingCategory.setFilterRules(QUIET_LOGGING_RULES)

    def handle(mode, context, message: str) -> None:  # any thread (Qt3D logs from its own)
        if any(context.category == category and message.startswith(start) for category, start in QT_NOTICES):
            return
        print(qFormatLogMessage(mode, context, message), file=sys.stderr, flush=True)

    qInstallMessageHandler(handle)


def missing_display() -> str | None:
    """Why Qt would find no display to open the window on (it aborts then), or None."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith(("xcb", "wayland")):
        return None  # offscreen, vnc, eglfs...: no display server needed
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return "no display found (DISPLAY and WAYLAND_DISPLAY are not set)"


def run_app(argv: list[str]) -> int:
    problem = missing_display()
    if problem:
        print(f"nonogram-editor: {problem}. Run the window on a virtual display with "
              "`xvfb-run nonogram-editor`, or use the command-line engines (`nonogram-editor --help`).",
              file=sys.stderr)
        return 1
    from PySide6.QtCore import QTimer, qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    from nonogram_editor.ui.background import cancel_all
    from nonogram_editor.ui.identity import set_up_application
    from nonogram_editor.ui.main_window import MainWindow
    from nonogram_editor.ui.settings import name_application

    quiet_qt_logging()
    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    name_application(app)
    set_up_application(app)
    window = MainWindow()
    window.show()
    if argv:  # [LEVEL]: nonogram_editor.__main__ lets nothing else through
        window.files.open_path(argv[0])
    quit_after = os.environ.get(QUIT_AFTER_ENV)
    if quit_after:
        def shown(window=window):
            print(f"{SHOWN_MARKER} {_seconds_since_process_start():.3f} s "
                  f"(visible={window.isVisible()}, title={window.windowTitle()!r})", file=sys.stderr, flush=True)
            QTimer.singleShot(max(0, int(quit_after)), app.quit)

        QTimer.singleShot(0, shown)
    code = app.exec()
    cancel_all()
    del window
    qInstallMessageHandler(None)  # Qt's own again: no Python call from Qt's teardown after Python's
    return code
