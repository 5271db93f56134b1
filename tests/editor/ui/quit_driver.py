"""Runs the real app (``nonogram_editor.ui.app.run_app``) and quits it one way, as a user would.

    python -m tests.editor.ui.quit_driver WAY PANELS LEVEL

WAY: ``save``, ``discard``, ``cancel-then-quit`` (each: paint a cell, press Ctrl+Q and
answer the unsaved-changes box), ``window-close`` (paint, close the window, Discard) or
``ctrl-q`` (nothing unsaved, press Ctrl+Q). PANELS: ``none`` or ``all`` (every plugin
panel opened from the Puzzles menu first). The process exits with the app's exit code;
the test (``test_quit.py``) checks it and that stderr stayed empty. A step that never
comes true ends the process with code 3 and says which step on stderr.
"""
from __future__ import annotations

import os
import sys
import traceback

import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from nonogram_editor.ui.app import run_app
from nonogram_editor.ui.main_window import MainWindow

STEP_TIMEOUT_MS = 60_000


class Driver:
    """Runs (condition, action) steps in order, polling from the event loop."""

    def __init__(self, steps):
        self.steps = list(steps)
        self.timer = QTimer()
        self.timer.timeout.connect(self.poll)
        self.timer.start(20)
        self.waited_ms = 0

    def poll(self) -> None:
        if not self.steps:
            self.timer.stop()
            return
        name, ready, act = self.steps[0]
        if ready():
            self.steps.pop(0)
            self.waited_ms = 0
            act()
            return
        self.waited_ms += 20
        if self.waited_ms > STEP_TIMEOUT_MS:
            print(f"quit_driver: step {name!r} never became ready", file=sys.stderr, flush=True)
            os._exit(3)


def main_window() -> MainWindow | None:
    return next((w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()), None)


def loaded() -> bool:
    window = main_window()
    return window is not None and window.document.path is not None and not window.files.work_pending()


def open_all_panels() -> None:
    window = main_window()
    for action in window.puzzles_menu.actions():
        if action.objectName().startswith("open_"):
            action.trigger()


def panels_shown() -> bool:
    docks = main_window().puzzle_docks
    return docks is not None and len(docks.docks) == len(docks.panels) and all(d.loaded for d in docks.docks.values())


def paint_a_cell() -> None:
    """Flip the top left cell: fill it (left button) or clear it (right button)."""
    window = main_window()
    button = Qt.MouseButton.RightButton if window.document.solution[0, 0] else Qt.MouseButton.LeftButton
    canvas = window.solution_canvas
    QTest.mouseClick(canvas, button, Qt.KeyboardModifier.NoModifier, canvas.cell_rect(0, 0).center())


def activate() -> None:
    main_window().activateWindow()


def active() -> bool:
    window = main_window()
    return window is not None and window.isActiveWindow()


def press_ctrl_q() -> None:
    QTest.keyClick(main_window(), Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)


def close_window() -> None:
    main_window().close()  # what the title bar's close button asks for


def question_shown() -> bool:
    window = main_window()
    box = window._message_box if window is not None else None
    return isinstance(box, QMessageBox) and shiboken6.isValid(box) and box.isVisible()


def answer(button) -> None:
    QTest.mouseClick(main_window()._message_box.button(button), Qt.MouseButton.LeftButton)


def steps_for(way: str, panels: str):
    steps = [("level loaded", loaded, activate)]
    if panels == "all":
        steps.append(("Puzzles menu ready", loaded, open_all_panels))
        steps.append(("every panel shown", panels_shown, activate))
    if way == "ctrl-q":
        return steps + [("window active", active, press_ctrl_q)]
    steps.append(("window active", active, paint_a_cell))
    modified = lambda: main_window().isWindowModified()  # noqa: E731
    if way == "window-close":
        return steps + [("cell painted", modified, close_window),
                        ("question shown", question_shown, lambda: answer(QMessageBox.StandardButton.Discard))]
    steps.append(("cell painted", modified, press_ctrl_q))
    if way == "cancel-then-quit":
        steps += [("question shown", question_shown, lambda: answer(QMessageBox.StandardButton.Cancel)),
                  ("question gone, window still open", lambda: not question_shown() and main_window(), activate),
                  ("window active again", active, press_ctrl_q)]
        way = "discard"
    button = {"save": QMessageBox.StandardButton.Save, "discard": QMessageBox.StandardButton.Discard}[way]
    return steps + [("question shown", question_shown, lambda: answer(button))]


def fail_at_once(*exc_info) -> None:
    """A mistake in a step ends the run (rather than repeating every poll)."""
    traceback.print_exception(*exc_info)
    os._exit(4)


def main(argv: list[str]) -> int:
    way, panels, level = argv
    sys.excepthook = fail_at_once
    QApplication([sys.argv[0]])
    driver = Driver(steps_for(way, panels))  # noqa: F841 (runs from the event loop)
    return run_app([level])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
