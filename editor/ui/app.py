"""Creates the QApplication and the main window."""
from __future__ import annotations

import sys


def run_app(argv: list[str]) -> int:
    from PySide6.QtWidgets import QApplication

    from editor.ui.background import cancel_all
    from editor.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    app.setApplicationName("Nonogram Editor")
    app.setOrganizationName("NonogramStudio")
    window = MainWindow()
    paths = [a for a in argv if not a.startswith("-")]
    window.show()
    if paths:
        window.open_level_path(paths[0])
    code = app.exec()
    cancel_all()
    del window
    return code
