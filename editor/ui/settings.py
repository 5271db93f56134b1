"""Where the editor keeps its settings (window layout, zoom, recent files, open panels), read
without trusting them.

The settings file is plain text the user (or another program, or a crash) may have
changed: every read goes through :func:`read_setting`, which gives the value in the
type of its default, or the default itself when the value is missing or unusable
(``cell_size=abc``), so that a bad value never stops the editor from starting.
"""
from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings

T = TypeVar("T", int, list, QByteArray)
RECENT_LIMIT = 8
ORGANISATION = "NonogramStudio"
APPLICATION = "Nonogram Editor"


def name_application(app: QCoreApplication) -> None:
    """The names the settings are kept under, in the platform's own place (QSettings' native
    format; Linux: ``$XDG_CONFIG_HOME/ORGANISATION/APPLICATION.conf``; macOS: a property list in
    ``~/Library/Preferences``; Windows: the registry, ``HKEY_CURRENT_USER\\Software\\ORGANISATION``)."""
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)


def app_settings() -> QSettings:
    """The settings of the running application, under its organisation and application names
    (a test or a second profile names it otherwise); the editor's names if it has none."""
    app = QCoreApplication.instance()
    if app is not None and not app.organizationName():
        name_application(app)
    return QSettings()


def read_setting(settings: QSettings, key: str, default: T) -> T:
    """``settings.value(key)`` as ``default``'s type (int, a list of str, or QByteArray);
    ``default`` when it is missing or cannot be read as that type."""
    value = settings.value(key)
    if value is None:
        return default
    try:
        return _as_type_of(default, value)
    except (TypeError, ValueError):
        return default


def _as_type_of(default, value):
    if isinstance(default, int):
        if isinstance(value, float) and not value.is_integer():
            raise ValueError(f"not a whole number: {value!r}")
        return int(value)
    if isinstance(default, list):
        items = [value] if isinstance(value, str) else value  # QSettings gives a lone item as a string
        if not isinstance(items, (list, tuple)) or not all(isinstance(item, str) for item in items):
            raise TypeError(f"not a list of text: {value!r}")
        return list(items)
    if isinstance(default, QByteArray):
        if not isinstance(value, (QByteArray, bytes)):
            raise TypeError(f"not bytes: {value!r}")
        return QByteArray(value)
    raise TypeError(f"read_setting: unsupported default type {type(default).__name__}")


def recent_files() -> list[str]:
    """The levels opened or saved most recently, newest first (absolute paths)."""
    return read_setting(app_settings(), "recent_files", [])


def remember_recent(path) -> None:
    path_text = str(Path(path).resolve())
    recent = [path_text] + [p for p in recent_files() if p != path_text]
    app_settings().setValue("recent_files", recent[:RECENT_LIMIT])
