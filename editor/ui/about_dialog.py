"""File > Level info…: the title, author, copyright and catalogue of the level (kept in
``NAME.about`` beside the trio, see ``nonogram_editor.level.metadata``); a change is one undo step."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLineEdit

from nonogram_editor.level.metadata import FIELDS
from nonogram_editor.ui.assist_panel import add_file_action

# Shown through AboutDialog.tr; QT_TRANSLATE_NOOP marks them for pyside6-lupdate.
LABELS = {"title": QT_TRANSLATE_NOOP("AboutDialog", "Title"), "by": QT_TRANSLATE_NOOP("AboutDialog", "Author"),
          "copyright": QT_TRANSLATE_NOOP("AboutDialog", "Copyright"),
          "catalogue": QT_TRANSLATE_NOOP("AboutDialog", "Catalogue")}


class AboutDialog(QDialog):
    def __init__(self, about: dict[str, str], parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Level info"))
        self.edits = {key: QLineEdit(about.get(key, "")) for key in FIELDS}
        self._others = {key: value for key, value in about.items() if key not in FIELDS}
        form = QFormLayout(self)
        for key, edit in self.edits.items():
            form.addRow(self.tr(LABELS[key]), edit)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def about(self) -> dict[str, str]:
        """What the fields say (other keywords the level had are kept)."""
        return self._others | {key: edit.text().strip() for key, edit in self.edits.items() if edit.text().strip()}


def edit_about(main_window) -> None:
    document = main_window.document
    dialog = AboutDialog(document.about, main_window)
    dialog.setAttribute(Qt.WA_DeleteOnClose)
    main_window.about_dialog = dialog

    def accepted():
        about = dialog.about()
        if main_window.document is document and about != document.about:
            main_window.editor.set_about(about)

    dialog.accepted.connect(accepted)
    dialog.open()


def install(main_window) -> None:
    main_window.about_dialog = None
    add_file_action(main_window, QT_TRANSLATE_NOOP("MainWindow", "Level &info…"), lambda: edit_about(main_window))
