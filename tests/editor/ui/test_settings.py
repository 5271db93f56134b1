"""A corrupt settings file never stops the editor: each bad value falls back to its default."""
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from nonogram_editor.ui.grid_canvas import DEFAULT_CELL
from nonogram_editor.ui.main_window import MainWindow
from nonogram_editor.ui.settings import app_settings, read_setting, recent_files

CORRUPT = """[General]
recent_files=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x6garbage)

[main_window]
cell_size=abc
geometry=not a geometry
state=@ByteArray(\\x1\\x2\\x3)

[puzzle_panels]
open=12345
"""


def test_the_editor_starts_with_defaults_from_a_corrupt_settings_file(isolated_settings, qtbot):
    path = Path(app_settings().fileName())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(CORRUPT)
    assert app_settings().value("main_window/cell_size") == "abc"  # the file is really read
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.zoom.cell_size == DEFAULT_CELL
    assert recent_files() == []
    assert window.puzzle_docks.docks == {}
    window.show()
    qtbot.waitExposed(window)


def test_read_setting_gives_the_stored_value_in_the_default_type_or_the_default(isolated_settings):
    settings = app_settings()
    settings.setValue("n", "24")
    settings.setValue("words", "one")
    settings.setValue("more", ["a", "b"])
    settings.setValue("mixed", ["a", 3])
    settings.setValue("blob", QByteArray(b"\x01\x02"))
    assert read_setting(settings, "n", 10) == 24
    assert read_setting(settings, "words", 10) == 10
    assert read_setting(settings, "missing", 7) == 7
    assert read_setting(settings, "words", []) == ["one"]  # QSettings gives a lone item as text
    assert read_setting(settings, "more", []) == ["a", "b"]
    assert read_setting(settings, "mixed", []) == []
    assert read_setting(settings, "blob", QByteArray()) == QByteArray(b"\x01\x02")
    assert read_setting(settings, "words", QByteArray()) == QByteArray()
    assert isinstance(settings, QSettings)
