"""The main window's drawing tools, symmetry, transforms and clipboard: actions that send
commands to the editor core (``window.editor``) and nothing else.

The clipboard carries a block twice: as plain text (rows of ``#`` and ``.``, for forums
and other tools) and as the editor's own data with the picture colours, so that a block
copied in one open level pastes with its colours into another.
"""
from __future__ import annotations

from PySide6.QtCore import QMimeData, QObject
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar

from editor.core import SYMMETRIES, Clip, ClipError
from editor.core.clip import MIME_TYPE
from editor.ui.lifetime import connect_alive

TOOLS = (("pen", "&Pen", "P", "Paint cell by cell"),
         ("line", "&Line", "L", "A straight line from where you press to where you release"),
         ("rectangle", "&Rectangle", "R", "A rectangle outline"),
         ("filled rectangle", "F&illed Rectangle", "Shift+R", "A filled rectangle"),
         ("fill", "&Flood Fill", "F", "Fill the connected region of the same value or colour"),
         ("select", "&Select", "S", "Select a block; drag inside it to move it"))
TRANSFORMS = (("mirror left-right", "&Mirror Left-Right", "Ctrl+Shift+M"),
              ("mirror top-bottom", "Mirror &Top-Bottom", "Ctrl+Alt+M"),
              ("rotate 90", "&Rotate 90° Clockwise", "Ctrl+Shift+R"),
              ("invert", "&Invert the Solution", "Ctrl+Shift+I"),
              ("shift up", "Shift &Up", "Alt+Shift+Up"), ("shift down", "Shift &Down", "Alt+Shift+Down"),
              ("shift left", "Shift &Left", "Alt+Shift+Left"), ("shift right", "Shift Ri&ght", "Alt+Shift+Right"))


class EditTools(QObject):
    """Adds the Tools toolbar and menu, the Level menu's transforms and the Edit menu's
    clipboard actions to ``window``; ``current`` is the tool a mouse press uses."""

    def __init__(self, window, edit_menu, level_menu):
        super().__init__(window)
        self.window = window
        self.current = "pen"
        self.toolbar = QToolBar("Tools")
        self.toolbar.setObjectName("tools_toolbar")
        self.menu = QMenu("&Tools", window)
        window.menuBar().insertMenu(level_menu.menuAction(), self.menu)
        group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for tool, text, shortcut, tip in TOOLS:
            action = _checkable(self, text, shortcut, tip, group)
            connect_alive(action.triggered, self, lambda _checked=False, tool=tool: self.set_tool(tool))
            self.toolbar.addAction(action)
            self.menu.addAction(action)
            self.tool_actions[tool] = action
        self.tool_actions["pen"].setChecked(True)

        self.menu.addSeparator()
        symmetry_menu = self.menu.addMenu("S&ymmetry")
        group = QActionGroup(self)
        self.symmetry_actions: dict[str, QAction] = {}
        for symmetry in SYMMETRIES:
            action = _checkable(self, symmetry.capitalize(), None, f"Mirror every stroke: {symmetry}", group)
            connect_alive(action.triggered, self, lambda _checked=False, s=symmetry: window.editor.set_symmetry(s))
            symmetry_menu.addAction(action)
            self.symmetry_actions[symmetry] = action
        self.symmetry_actions["none"].setChecked(True)
        window.addToolBar(self.toolbar)
        window.view_menu.addAction(self.toolbar.toggleViewAction())

        edit_menu.addSeparator()
        self.cut_action = add_action(self, edit_menu, "Cu&t", self.cut, QKeySequence.Cut)
        self.copy_action = add_action(self, edit_menu, "&Copy", self.copy, QKeySequence.Copy,
                                "Copy the selection (the whole grid if none) as rows of # and .")
        self.paste_action = add_action(self, edit_menu, "&Paste", self.paste, QKeySequence.Paste,
                                 "Paste at the selection or the cell cursor")
        # Delete wherever the focus is; enabled only with a selection, so that otherwise the
        # key reaches a focused grid, where it clears the cell under the cursor
        self.clear_action = add_action(self, edit_menu, "Clear the Selection", lambda: window.editor.delete_selection(),
                                       QKeySequence.Delete, "Clear the selected cells")
        add_action(self, edit_menu, "Select &All", lambda: window.editor.select_all(), QKeySequence.SelectAll)
        add_action(self, edit_menu, "Select &None", lambda: window.editor.clear_selection(), "Escape")

        self.wrap_action = _checkable(self, "Shifts &Wrap Around", None,
                                      "A shift brings the line pushed out back on the other side")
        for name, text, shortcut in TRANSFORMS:
            add_action(self, level_menu, text, lambda name=name: self.transform(name), shortcut)
            if name == "invert":
                level_menu.addSeparator()
        level_menu.addAction(self.wrap_action)

    def transform(self, name: str) -> None:
        self.window.editor.transform(name, wrap=self.wrap_action.isChecked())

    def set_tool(self, tool: str) -> None:
        self.current = tool
        self.tool_actions[tool].setChecked(True)
        self.window.show_message(f"Tool: {tool}")

    def show_symmetry(self, symmetry: str) -> None:
        self.symmetry_actions[symmetry].setChecked(True)

    # -- clipboard
    def copy(self) -> None:
        self._to_clipboard(self.window.editor.copy(), "Copied")

    def cut(self) -> None:
        self._to_clipboard(self.window.editor.cut(), "Cut")

    def _to_clipboard(self, clip: Clip, done: str) -> None:
        data = QMimeData()
        data.setText(clip.to_text())
        data.setData(MIME_TYPE, clip.to_json().encode())
        QGuiApplication.clipboard().setMimeData(data)
        self.window.show_message(f"{done} {clip.shape[1]}x{clip.shape[0]} " + ("cell" if clip.shape == (1, 1) else "cells"))

    def paste(self) -> None:
        data = QGuiApplication.clipboard().mimeData()
        try:
            if data is not None and data.hasFormat(MIME_TYPE):
                clip = Clip.from_json(bytes(data.data(MIME_TYPE)).decode())
            elif data is not None and data.hasText():
                clip = Clip.from_text(data.text())
            else:
                raise ClipError("the clipboard is empty")
        except ClipError as exc:
            self.window.show_message(f"Cannot paste: {exc}")
            return
        self.window.editor.paste(clip)


def _checkable(owner, text, shortcut, tip, group=None) -> QAction:
    action = QAction(text, owner)
    action.setCheckable(True)
    if shortcut:
        action.setShortcut(QKeySequence(shortcut))
    action.setStatusTip(tip)
    action.setToolTip(f"{tip} ({shortcut})" if shortcut else tip)
    if group is not None:
        group.addAction(action)
    return action


def add_action(owner, menu, text, slot, shortcut=None, tip: str = "", before: QAction | None = None) -> QAction:
    """A menu item that calls ``slot()`` (placed above ``before``, or last)."""
    action = QAction(text, owner)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    if tip:
        action.setStatusTip(tip)
    connect_alive(action.triggered, owner, lambda _checked=False: slot())
    menu.insertAction(before, action)
    return action
