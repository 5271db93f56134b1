"""File > Import Puzzle and Export Puzzle with webpbn .xml, Olsak .g and Wilk .nin, through the real dialogs."""
import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from nonogram_editor.level.clues import clues
from nonogram_editor.level.colour import colour_clues
from nonogram_editor.level.puzzle_formats import read_puzzle_file
from nonogram_editor.ui.file_actions import EXPORT_FILTERS
from tests.editor.level.test_colour_formats import indices_in
from tests.editor.level.test_puzzle_formats import FORMATS
from tests.editor.ui.conftest import drag, wait_for_job
from tests.editor.ui.test_files import choose_file, import_into_a_new_level


def test_export_in_the_chosen_format_then_import_it_back(window, qtbot, tmp_path):
    drag(qtbot, window.solution_canvas, [(2, 1), (2, 8), (7, 8)])
    drawn = window.solution_grid()
    for suffix in (".xml", ".g", ".nin"):
        window._export_non_action.trigger()
        dialog = window.files.dialog
        combo = dialog.findChild(QComboBox, "fileTypeCombo")  # the dialog's list of file types
        assert [combo.itemText(i) for i in range(combo.count())] == list(EXPORT_FILTERS)
        for _ in range(list(EXPORT_FILTERS.values()).index(suffix)):
            qtbot.keyClick(combo, Qt.Key_Down)  # choose the format as a user does
        assert combo.currentText() == dialog.selectedNameFilter()
        assert suffix in combo.currentText()
        choose_file(qtbot, window, tmp_path / f"shape{suffix[1:]}")  # no suffix typed: the filter's is added
        wait_for_job(qtbot, window)
        written = tmp_path / f"shape{suffix[1:]}{suffix}"
        assert written.exists(), sorted(p.name for p in tmp_path.iterdir())
        assert (read_puzzle_file(written).row_clues, read_puzzle_file(written).column_clues) == clues(drawn)
    import_into_a_new_level(qtbot, window, tmp_path / "shapexml.xml")
    assert np.array_equal(window.solution_grid(), drawn)


def test_importing_a_g_file_solves_its_clues_and_a_colour_one_its_colour_clues(window, qtbot):
    window._import_non_action.trigger()
    choose_file(qtbot, window, FORMATS / "kocka.g")
    wait_for_job(qtbot, window)
    puzzle = read_puzzle_file(FORMATS / "kocka.g")
    assert window.solution_grid().shape == (35, 35)
    assert clues(window.solution_grid()) == (puzzle.row_clues, puzzle.column_clues)
    assert "kocka.g: LINE" in window.assist_dock.widget().clue_report_label.text()
    window._import_non_action.trigger()
    choose_file(qtbot, window, FORMATS / "viceres.g")
    wait_for_job(qtbot, window)
    colour = read_puzzle_file(FORMATS / "viceres.g")
    assert window.editor.kind == "colour"
    assert colour_clues(indices_in(window.document.visible_picture(), colour.palette)) == (colour.rows, colour.columns)
    assert "viceres.g: MULT" in window.assist_dock.widget().clue_report_label.text()


def test_importing_a_set_asks_which_puzzle_and_a_colour_one_opens_as_a_colour_level(window, qtbot, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    from nonogram_editor.level.colour import COLOUR, level_kind
    from nonogram_editor.level.puzzle_formats import read_puzzles

    asked = []

    def choose(parent, title, label, items, current, editable):
        asked.append((label, list(items)))
        return items[answer], accepted

    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(choose))
    answer, accepted = 1, False  # Cancel: nothing is imported
    window.files.import_non_path(FORMATS / "ianprime0509-easy.xml")
    wait_for_job(qtbot, window)
    assert asked[0] == ("ianprime0509-easy.xml holds 2 puzzles; import:",
                        ["1. A place I like to be (10x10)", "2. In a cheerful mood (10x10, colour)"])
    assert window.document.path is None
    assert level_kind(window.document.about) != COLOUR
    accepted = True
    window.files.import_non_path(FORMATS / "ianprime0509-easy.xml")
    wait_for_job(qtbot, window)
    qtbot.waitUntil(lambda: window.document.path is not None)
    cheerful = read_puzzles(FORMATS / "ianprime0509-easy.xml")[1]
    assert level_kind(window.document.about) == COLOUR
    assert window.document.title == "In a cheerful mood"
    assert np.array_equal(window.document.visible_picture(), cheerful.picture())
    assert window.document.path.name == "ianprime0509-easy-2.level"
