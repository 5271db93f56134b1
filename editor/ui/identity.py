"""How the application presents itself to the desktop: its desktop entry name (which ties
its windows to the menu entry and icon, see ``nonogram_editor.ui.desktop``), its icon, its version, and
the translation of its text for the user's language (also of the texts the Qt-free core composes,
see ``nonogram_editor.infra.wording``).

Translations: ``editor/data/translations/nonogram-editor_<language>.qm`` (e.g. ``_de``),
compiled with ``pyside6-lrelease`` from the ``.ts`` that ``pyside6-lupdate`` extracts; see
docs/translations.md. With none for the user's language, the text stays English.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, Qt, QTranslator
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from nonogram_editor import __version__
from nonogram_editor.infra.paths import package_data
from nonogram_editor.infra.wording import install_translator
from nonogram_editor.ui.desktop import APP_ID, ICON

LICENCE = "MIT"
TRANSLATION_NAME = "nonogram-editor"


def app_icon() -> QIcon:
    return QIcon(str(package_data("nonogram_editor", ICON)))


def set_up_application(app: QApplication, translations: Path | None = None,
                       locale: QLocale | None = None) -> None:
    """Name, icon and version of ``app``; the translation for ``locale`` (the system's) if
    ``translations`` (the shipped folder) has one. Call before any window is made."""
    app.setDesktopFileName(APP_ID)
    app.setApplicationVersion(__version__)
    app.setWindowIcon(app_icon())
    install_translator(lambda context, text, disambiguation, count:  # the Qt-free core's texts too
                       QCoreApplication.translate(context, text, disambiguation, count))
    locale = locale or QLocale()
    folder = translations or package_data("nonogram_editor", "translations")
    if not folder.is_dir():
        return
    for name, where in ((TRANSLATION_NAME, folder),  # then Qt's own buttons and dialogs, in the same language
                        ("qtbase", Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)))):
        translator = QTranslator()
        if not translator.load(locale, name, "_", str(where)):
            return
        translator.setParent(app)  # kept as long as the application
        app.installTranslator(translator)


def show_about(parent: QWidget, title: str) -> None:
    """Help > About: the application's name, version and licence (a box opened, not run)."""
    box = QMessageBox(QMessageBox.Information, QCoreApplication.translate("MainWindow", "About {0}").format(title),
                      QCoreApplication.translate(
                          "MainWindow", "<h3>{0} {1}</h3><p>Draw nonogram levels (solution + colour picture) in the "
                          "format of the Logic Paint game.</p><p>Released under the {2} licence.</p>")
                      .format(title, __version__, LICENCE), QMessageBox.Ok, parent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
