"""Level info: edited in the window, saved beside the trio, carried through .non import and export."""
from PySide6.QtCore import Qt

from nonogram_editor.level.metadata import read_about
from nonogram_editor.level.non_format import read_non
from tests.editor.ui.conftest import drag, wait_for_job
from tests.editor.ui.test_files import choose_file


def action(window, text):
    return next(a for a in window.file_menu.actions() if a.text() == text)


def test_level_info_edited_saved_and_exported(window, qtbot, tmp_path):
    drag(qtbot, window.solution_canvas, [(0, 0), (0, 4)])
    action(window, "Level &info…").trigger()
    dialog = window.about_dialog
    qtbot.keyClicks(dialog.edits["title"], "Row")
    qtbot.keyClicks(dialog.edits["by"], "Ada")
    qtbot.keyClick(dialog.edits["by"], Qt.Key_Return)  # OK
    assert window.document.about == {"title": "Row", "by": "Ada"}
    window.editor.undo()
    assert window.document.about == {}
    window.editor.redo()
    window.files.save_as()
    choose_file(qtbot, window, tmp_path / "row.level")
    wait_for_job(qtbot, window)
    assert read_about(tmp_path / "row.level") == {"title": "Row", "by": "Ada"}
    window._export_non_action.trigger()
    choose_file(qtbot, window, tmp_path / "row.non")
    wait_for_job(qtbot, window)
    exported = read_non(tmp_path / "row.non")
    assert exported.title == "Row"
    assert exported.metadata == {"by": "Ada"}
    window.files.open_level_path(tmp_path / "row.level")
    wait_for_job(qtbot, window)
    assert window.document.about == {"title": "Row", "by": "Ada"}


def test_non_metadata_comes_in_with_the_import(window, qtbot, tmp_path):
    (tmp_path / "skid.non").write_text('title "Skid"\ncopyright "(c) me"\ncatalogue "#21"\n'
                                       'width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "10"\n')
    window.files._import_non(tmp_path / "skid.non")
    wait_for_job(qtbot, window)
    assert window.document.about == {"title": "Skid", "copyright": "(c) me", "catalogue": "#21"}
