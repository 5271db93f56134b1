"""The main window's drawing tools, symmetry, transforms and clipboard: actions that send
commands to the editor core (``window.editor``) and nothing else.

The clipboard carries a block twice: as plain text (rows of ``#`` and ``.``, for forums
and other tools) and as the editor's own data with the picture colours, so that a block
copied in one open level pastes with its colours into another.
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QMimeData, QObject
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar

from nonogram_editor.core import Clip, ClipError, Symmetry, Tool
from nonogram_editor.core.clip import MIME_TYPE
from nonogram_editor.qt.lifetime import connect_alive

# The texts are shown through EditTools.tr; QT_TRANSLATE_NOOP marks them for pyside6-lupdate.
TOOLS = ((Tool.PEN, QT_TRANSLATE_NOOP("EditTools", "&Pen"), "P",
          QT_TRANSLATE_NOOP("EditTools", "Paint cell by cell")),
         (Tool.LINE, QT_TRANSLATE_NOOP("EditTools", "&Line"), "L",
          QT_TRANSLATE_NOOP("EditTools", "A straight line from where you press to where you release")),
         (Tool.RECTANGLE, QT_TRANSLATE_NOOP("EditTools", "&Rectangle"), "R",
          QT_TRANSLATE_NOOP("EditTools", "A rectangle outline")),
         (Tool.FILLED_RECTANGLE, QT_TRANSLATE_NOOP("EditTools", "F&illed Rectangle"), "Shift+R",
          QT_TRANSLATE_NOOP("EditTools", "A filled rectangle")),
         (Tool.FILL, QT_TRANSLATE_NOOP("EditTools", "&Flood Fill"), "F",
          QT_TRANSLATE_NOOP("EditTools", "Fill the connected region of the same value or colour")),
         (Tool.SELECT, QT_TRANSLATE_NOOP("EditTools", "&Select"), "S",
          QT_TRANSLATE_NOOP("EditTools", "Select a block; drag inside it to move it")))
TRANSFORMS = (("mirror left-right", QT_TRANSLATE_NOOP("EditTools", "&Mirror Left-Right"), "Ctrl+Shift+M"),
              ("mirror top-bottom", QT_TRANSLATE_NOOP("EditTools", "Mirror &Top-Bottom"), "Ctrl+Alt+M"),
              ("rotate 90", QT_TRANSLATE_NOOP("EditTools", "&Rotate 90° Clockwise"), "Ctrl+Shift+R"),
              ("invert", QT_TRANSLATE_NOOP("EditTools", "&Invert the Solution"), "Ctrl+Shift+I"),
              ("shift up", QT_TRANSLATE_NOOP("EditTools", "Shift &Up"), "Alt+Shift+Up"),
              ("shift down", QT_TRANSLATE_NOOP("EditTools", "Shift &Down"), "Alt+Shift+Down"),
              ("shift left", QT_TRANSLATE_NOOP("EditTools", "Shift &Left"), "Alt+Shift+Left"),
              ("shift right", QT_TRANSLATE_NOOP("EditTools", "Shift Ri&ght"), "Alt+Shift+Right"))
SYMMETRY_LABELS = {Symmetry.NONE: QT_TRANSLATE_NOOP("EditTools", "None"),
                   Symmetry.LEFT_RIGHT: QT_TRANSLATE_NOOP("EditTools", "Left-right"),
                   Symmetry.TOP_BOTTOM: QT_TRANSLATE_NOOP("EditTools", "Top-bottom"),
                   Symmetry.BOTH: QT_TRANSLATE_NOOP("EditTools", "Both"),
                   Symmetry.ROTATE_180: QT_TRANSLATE_NOOP("EditTools", "Rotate 180")}


class EditTools(QObject):
    """Adds the Tools toolbar and menu, the Level menu's transforms and the Edit menu's
    clipboard actions to ``window``; ``current`` is the tool a mouse press uses."""

    def __init__(self, window, edit_menu, level_menu):
        super().__init__(window)
        self.window = window
        self.current = Tool.PEN
        self.toolbar = QToolBar(self.tr("Tools"))
        self.toolbar.setObjectName("tools_toolbar")
        self.menu = QMenu(self.tr("&Tools"), window)
        window.menuBar().insertMenu(level_menu.menuAction(), self.menu)
        group = QActionGroup(self)
        self.tool_actions: dict[Tool, QAction] = {}
        for tool, text, shortcut, tip in TOOLS:
            action = _checkable(self, self.tr(text), shortcut, self.tr(tip), group)
            connect_alive(action.triggered, self, lambda _checked=False, tool=tool: self.set_tool(tool))
            self.toolbar.addAction(action)
            self.menu.addAction(action)
            self.tool_actions[tool] = action
        self.tool_actions[Tool.PEN].setChecked(True)

        self.menu.addSeparator()
        symmetry_menu = self.menu.addMenu(self.tr("S&ymmetry"))
        group = QActionGroup(self)
        self.symmetry_actions: dict[Symmetry, QAction] = {}
        for symmetry in Symmetry:
            action = _checkable(self, self.tr(SYMMETRY_LABELS[symmetry]), None,
                                self.tr("Mirror every stroke: {0}").format(self.tr(SYMMETRY_LABELS[symmetry])), group)
            connect_alive(action.triggered, self, lambda _checked=False, s=symmetry: window.editor.set_symmetry(s))
            symmetry_menu.addAction(action)
            self.symmetry_actions[symmetry] = action
        self.symmetry_actions[Symmetry.NONE].setChecked(True)
        window.addToolBar(self.toolbar)
        window.view_menu.addAction(self.toolbar.toggleViewAction())

        edit_menu.addSeparator()
        self.cut_action = add_action(self, edit_menu, self.tr("Cu&t"), self.cut, QKeySequence.Cut)
        self.copy_action = add_action(self, edit_menu, self.tr("&Copy"), self.copy, QKeySequence.Copy,
                                      self.tr("Copy the selection (the whole grid if none) as rows of # and ."))
        self.paste_action = add_action(self, edit_menu, self.tr("&Paste"), self.paste, QKeySequence.Paste,
                                       self.tr("Paste at the selection or the cell cursor"))
        # Delete wherever the focus is; enabled only with a selection, so that otherwise the
        # key reaches a focused grid, where it clears the cell under the cursor
        self.clear_action = add_action(self, edit_menu, self.tr("Clear the Selection"),
                                       lambda: window.editor.clipboard.delete_selection(), QKeySequence.Delete,
                                       self.tr("Clear the selected cells"))
        add_action(self, edit_menu, self.tr("Select &All"), lambda: window.editor.clipboard.select_all(),
                   QKeySequence.SelectAll)
        add_action(self, edit_menu, self.tr("Select &None"), lambda: window.editor.clipboard.clear_selection(),
                   "Escape")

        self.wrap_action = _checkable(self, self.tr("Shifts &Wrap Around"), None,
                                      self.tr("A shift brings the line pushed out back on the other side"))
        for name, text, shortcut in TRANSFORMS:
            add_action(self, level_menu, self.tr(text), lambda name=name: self.transform(name), shortcut)
            if name == "invert":
                level_menu.addSeparator()
        level_menu.addAction(self.wrap_action)

    def transform(self, name: str) -> None:
        self.window.editor.transforms.apply(name, wrap=self.wrap_action.isChecked())

    def set_tool(self, tool: Tool) -> None:
        self.current = tool
        self.tool_actions[tool].setChecked(True)
        self.window.show_message(f"Tool: {tool}")

    def show_symmetry(self, symmetry: Symmetry) -> None:
        self.symmetry_actions[symmetry].setChecked(True)

    # -- clipboard
    def copy(self) -> None:
        self._to_clipboard(self.window.editor.clipboard.copy(), "Copied")

    def cut(self) -> None:
        self._to_clipboard(self.window.editor.clipboard.cut(), "Cut")

    def _to_clipboard(self, clip: Clip, done: str) -> None:
        data = QMimeData()
        data.setText(clip.to_text())
        data.setData(MIME_TYPE, clip.to_json().encode())
        QGuiApplication.clipboard().setMimeData(data)
        self.window.show_message(f"{done} {clip.shape[1]}x{clip.shape[0]} " + ("cell" if clip.shape == (1, 1)
                                                                               else "cells"))

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
        self.window.editor.clipboard.paste(clip)


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
