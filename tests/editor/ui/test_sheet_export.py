"""File > Export puzzle sheet from the window: the sheet (``nonogram_editor.publish.sheets``) bears
the level info's title, or the file's name without one."""
import xml.etree.ElementTree as ET

from nonogram_editor.infra.paths import ROOT
from tests.editor.ui.conftest import wait_for_job
from tests.editor.ui.test_files import choose_file


def test_the_exported_sheet_bears_the_level_info_title(window, qtbot, tmp_path):
    def exported_title(name: str) -> str:
        actions = {action.text(): action for action in window.file_menu.actions()}
        actions["Export puzzle &sheet…"].trigger()
        choose_file(qtbot, window, tmp_path / name)
        wait_for_job(qtbot, window)
        return next(ET.parse(tmp_path / name).getroot().iter("{http://www.w3.org/2000/svg}text")).text.strip()

    window.editor.load(ROOT / "levels" / "cat.level")
    assert exported_title("stem.svg") == "cat"  # no title in the level info: the file's name
    window.editor.set_about({"title": "Sleeping Cat", "by": "A. Designer"})
    assert exported_title("titled.svg") == "Sleeping Cat"
