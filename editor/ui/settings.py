"""Where the editor keeps its settings (window layout, zoom, recent files, open panels)."""
from __future__ import annotations

from PySide6.QtCore import QSettings


def app_settings() -> QSettings:
    return QSettings("NonogramStudio", "Nonogram Editor")
