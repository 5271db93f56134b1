"""Where the editor keeps its settings (window layout, zoom, recent files, open panels)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings


def app_settings() -> QSettings:
    return QSettings("NonogramStudio", "Nonogram Editor")


RECENT_LIMIT = 8


def recent_files() -> list[str]:
    """The levels opened or saved most recently, newest first (absolute paths)."""
    value = app_settings().value("recent_files", [])
    if isinstance(value, str):  # QSettings gives a lone string for a one-element list
        value = [value]
    return [str(v) for v in value or []]


def remember_recent(path) -> None:
    path_text = str(Path(path).resolve())
    recent = [path_text] + [p for p in recent_files() if p != path_text]
    app_settings().setValue("recent_files", recent[:RECENT_LIMIT])
