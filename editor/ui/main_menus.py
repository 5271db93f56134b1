"""The main window's menus as tables: what each item says, which of the window's methods it
calls, its shortcut and its tip, and the window attribute that keeps its action.

The texts are shown through ``MainWindow.tr``; QT_TRANSLATE_NOOP marks them for pyside6-lupdate.
Other parts of the studio add their own items later (:class:`~nonogram_editor.ui.edit_tools.EditTools`,
the docks' ``install`` functions).
"""
from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtGui import QKeySequence

from nonogram_editor.ui.edit_tools import add_action


@dataclass(frozen=True)
class Item:
    """A menu item calling the window's method ``slot`` (a dotted name: ``editor.undo`` is the
    core's); ``shortcut``: one, or a tuple of them; ``name``: the window attribute that keeps
    the action (None: none); ``checkable`` items start checked."""

    text: str
    slot: str
    shortcut: QKeySequence.StandardKey | str | tuple | None = None
    tip: str = ""
    name: str | None = None
    checkable: bool = False


SEPARATOR = None

FILE_MENU = (
    Item(QT_TRANSLATE_NOOP("MainWindow", "&New"), "files.new_level", QKeySequence.New,
         QT_TRANSLATE_NOOP("MainWindow", "Start a new 10x10 level"), name="new_action"),
    Item(QT_TRANSLATE_NOOP("MainWindow", "&Open…"), "files.open_dialog", QKeySequence.Open, name="open_action"),
    Item(QT_TRANSLATE_NOOP("MainWindow", "Open &Sample Level…"), "files.open_sample_dialog",
         tip=QT_TRANSLATE_NOOP("MainWindow", "Open one of the levels shipped with the editor"),
         name="open_sample_action"),
    Item(QT_TRANSLATE_NOOP("MainWindow", "&Save"), "files.save", QKeySequence.Save, name="save_action"),
    Item(QT_TRANSLATE_NOOP("MainWindow", "Save &As…"), "files.save_as", QKeySequence.SaveAs, name="save_as_action"),
    SEPARATOR,
    Item(QT_TRANSLATE_NOOP("MainWindow", "&Import Puzzle…"), "files.import_non_dialog",
         tip=QT_TRANSLATE_NOOP("MainWindow", "Open a puzzle file (.non, webpbn .xml, .g, .nin)"),
         name="_import_non_action"),
    Item(QT_TRANSLATE_NOOP("MainWindow", "&Export Puzzle…"), "files.export_non_dialog",
         tip=QT_TRANSLATE_NOOP("MainWindow", "Save the clues as a puzzle file (.non, webpbn .xml, .g, .nin)"),
         name="_export_non_action"),
    SEPARATOR,
    Item(QT_TRANSLATE_NOOP("MainWindow", "&Quit"), "close", QKeySequence.Quit),
)
EDIT_MENU = (
    Item(QT_TRANSLATE_NOOP("MainWindow", "&Undo"), "editor.undo", QKeySequence.Undo, name="undo_action"),
    Item(QT_TRANSLATE_NOOP("MainWindow", "&Redo"), "editor.redo", QKeySequence.Redo, name="redo_action"),
)
VIEW_MENU = (
    Item(QT_TRANSLATE_NOOP("MainWindow", "Zoom &In"), "zoom.zoom_in", (QKeySequence.ZoomIn, "Ctrl+=")),
    Item(QT_TRANSLATE_NOOP("MainWindow", "Zoom &Out"), "zoom.zoom_out", QKeySequence.ZoomOut),
    Item(QT_TRANSLATE_NOOP("MainWindow", "&Reset Zoom"), "zoom.reset", "Ctrl+0"),
    Item(QT_TRANSLATE_NOOP("MainWindow", "&Fit to Window"), "zoom.fit_to_window", "Ctrl+9",
         QT_TRANSLATE_NOOP("MainWindow", "The largest zoom that shows the whole solution grid with its clues")),
    Item(QT_TRANSLATE_NOOP("MainWindow", "&Solution Dots on the Picture"), "show_solution_dots",
         tip=QT_TRANSLATE_NOOP("MainWindow", "Mark the cells the solution fills on the picture"),
         name="solution_dots_action", checkable=True),
    SEPARATOR,
)
LEVEL_MENU = (
    Item(QT_TRANSLATE_NOOP("MainWindow", "&Test-Solve…"), "test_solve", "Ctrl+T",
         QT_TRANSLATE_NOOP("MainWindow", "Play the level as the player will (the level is not changed)")),
    SEPARATOR,
)
HELP_MENU = (
    Item(QT_TRANSLATE_NOOP("MainWindow", "&User Guide"), "show_user_guide", QKeySequence.HelpContents,
         QT_TRANSLATE_NOOP("MainWindow", "The manual: a tour, drawing, the live check, formats, troubleshooting"),
         name="user_guide_action"),
    Item(QT_TRANSLATE_NOOP("MainWindow", "&Keyboard Shortcuts"), "show_keyboard_shortcuts",
         tip=QT_TRANSLATE_NOOP("MainWindow", "Every shortcut of the menus"), name="shortcuts_action"),
    SEPARATOR,
    Item(QT_TRANSLATE_NOOP("MainWindow", "&About"), "show_about", name="about_action"),
)
# (title, the window attribute that keeps the menu, its items), in the menu bar's order
MENUS = ((QT_TRANSLATE_NOOP("MainWindow", "&File"), "file_menu", FILE_MENU),
         (QT_TRANSLATE_NOOP("MainWindow", "&Edit"), "edit_menu", EDIT_MENU),
         (QT_TRANSLATE_NOOP("MainWindow", "&View"), "view_menu", VIEW_MENU),
         (QT_TRANSLATE_NOOP("MainWindow", "&Level"), "level_menu", LEVEL_MENU),
         (QT_TRANSLATE_NOOP("MainWindow", "&Puzzles"), "puzzles_menu", ()),
         (QT_TRANSLATE_NOOP("MainWindow", "&Help"), "help_menu", HELP_MENU))


def build_menus(window) -> None:
    """Add :data:`MENUS` to ``window``'s menu bar."""
    for title, attribute, items in MENUS:
        menu = window.menuBar().addMenu(window.tr(title))
        setattr(window, attribute, menu)
        for item in items:
            if item is SEPARATOR:
                menu.addSeparator()
                continue
            several = isinstance(item.shortcut, tuple)
            action = add_action(window, menu, window.tr(item.text), attrgetter(item.slot)(window),
                                None if several else item.shortcut, window.tr(item.tip) if item.tip else "")
            if several:
                action.setShortcuts([QKeySequence(shortcut) for shortcut in item.shortcut])
            if item.checkable:
                action.setCheckable(True)
                action.setChecked(True)
            if item.name is not None:
                setattr(window, item.name, action)
