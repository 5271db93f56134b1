"""The main window's layout between runs and in front of the user: its geometry, docks, toolbars
and zoom are saved when it closes and restored at start, and floating docks stay in front of it."""
from __future__ import annotations

from PySide6.QtCore import QByteArray, QEvent, QObject, QTimer
from PySide6.QtWidgets import QDockWidget

from nonogram_editor.ui.settings import app_settings, read_setting


def save_window_state(window, cell_size: int) -> None:
    """Keep the main window's geometry, its docks and toolbars, and the zoom for the next start."""
    settings = app_settings()
    settings.setValue("main_window/geometry", window.saveGeometry())
    settings.setValue("main_window/state", window.saveState())
    settings.setValue("main_window/cell_size", cell_size)


def restore_window_state(window, cell_size: int) -> int:
    """Bring back what :func:`save_window_state` kept; returns the zoom kept (``cell_size`` if none)."""
    settings = app_settings()
    geometry = read_setting(settings, "main_window/geometry", QByteArray())
    state = read_setting(settings, "main_window/state", QByteArray())
    if not geometry.isEmpty():
        window.restoreGeometry(geometry)
    if not state.isEmpty():
        window.restoreState(state)
    return read_setting(settings, "main_window/cell_size", cell_size)


class FloatingDocksInFront(QObject):
    """Floating docks (a restored layout shows them before the window) come to the front once
    the window is on screen and whenever it is activated: otherwise a window the window
    manager raises, maximized, hides them entirely. Watches ``window`` (its event filter)."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        window.installEventFilter(self)

    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Show:
            QTimer.singleShot(0, self, self.raise_docks)
        elif event.type() == QEvent.Type.ActivationChange and self.window.isActiveWindow():
            self.raise_docks()
        return False

    def raise_docks(self) -> None:
        for dock in self.window.findChildren(QDockWidget):
            if dock.isFloating() and dock.isVisible():
                dock.raise_()
