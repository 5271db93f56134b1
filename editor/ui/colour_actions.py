"""The two kinds of level in the window: File > New asks which, and Edit > Convert turns the
open level into the other kind (one undo step; :meth:`nonogram_editor.core.Editor.convert_kind`).
"""
from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog

from nonogram_editor.core import Aspect
from nonogram_editor.level.colour import COLOUR, TWO_COLOUR


def kind_labels() -> dict[str, str]:
    translate = QCoreApplication.translate
    return {TWO_COLOUR: translate("ColourActions",
                                  "Two-colour: the solution grid is the puzzle, the picture its reward"),
            COLOUR: translate("ColourActions", "Colour: the picture is the puzzle, each clue in its colour")}


def ask_kind(window, then: Callable[[str], None]) -> QInputDialog:
    """Ask which kind of level to start (a non-blocking dialog, kept as ``window.kind_dialog``;
    two-colour is chosen at first) and call ``then(kind)`` if the answer is given."""
    labels = kind_labels()
    dialog = QInputDialog(window)
    dialog.setWindowTitle(QCoreApplication.translate("ColourActions", "New Level"))
    dialog.setLabelText(QCoreApplication.translate("ColourActions", "Which kind of level?"))
    dialog.setComboBoxItems(list(labels.values()))
    dialog.setComboBoxEditable(False)
    dialog.setTextValue(labels[TWO_COLOUR])
    kinds = {label: kind for kind, label in labels.items()}
    dialog.textValueSelected.connect(lambda label: then(kinds[label]))
    window.kind_dialog = dialog
    dialog.open()
    return dialog


def install(window) -> QAction:
    """Edit > Convert to a Colour (or Two-Colour) Level, its text following the level's kind."""
    editor = window.editor
    action = QAction(window)
    action.setObjectName("convertKindAction")
    action.triggered.connect(lambda: editor.transforms.convert_kind(TWO_COLOUR if editor.kind == COLOUR else COLOUR))
    window.edit_menu.addSeparator()
    window.edit_menu.addAction(action)

    def show_kind(aspects) -> None:
        if aspects & {Aspect.DOCUMENT, Aspect.KIND} and shiboken6.isValid(action):
            if editor.kind == COLOUR:
                action.setText(QCoreApplication.translate("ColourActions", "Convert to a &Two-Colour Level"))
                action.setToolTip(QCoreApplication.translate(
                    "ColourActions", "Make the picture's shape the puzzle; the picture stays as its reward"))
            else:
                action.setText(QCoreApplication.translate("ColourActions", "Convert to a &Colour Level"))
                action.setToolTip(QCoreApplication.translate(
                    "ColourActions", "Make the picture the puzzle, on its most common empty-cell colour"))

    editor.add_observer(show_kind)
    show_kind({"document"})
    window.convert_kind_action = action
    return action
