"""Whole-grid edits the Assist dock, the image import and Level info make through the core:
each is one undo step, and undo/redo restore the exact state (level info included)."""
import numpy as np

from nonogram_editor.core import Editor
from nonogram_editor.level import Level
from tests.editor.core.test_editor import View, state, undo_redo_exact


def test_set_cells_is_one_step_and_reports_no_change():
    editor = Editor()
    view = View(editor)
    target = np.zeros((10, 10), dtype=bool)
    target[2, 3:7] = True
    before = state(editor)
    assert editor.set_cells("solution", target, "Solution from the picture")
    assert np.array_equal(editor.document.visible_solution(), target)
    assert len(editor.history) == 1
    assert editor.history.undo_label() == "Solution from the picture"
    assert "solution" in view.all()
    assert "picture" not in view.all()
    undo_redo_exact(editor, before)
    assert not editor.set_cells("solution", target, "again")  # nothing changes: no step
    assert len(editor.history) == 1


def test_set_cells_on_the_picture_leaves_hidden_cells():
    editor = Editor()
    editor.document.picture[0, 15] = (1, 2, 3)  # outside the visible 10x10
    before = state(editor)
    editor.set_cells("picture", np.zeros((10, 10, 3), dtype=np.uint8), "Picture from the solution")
    assert (editor.document.visible_picture() == 0).all()
    assert tuple(editor.document.picture[0, 15]) == (1, 2, 3)
    undo_redo_exact(editor, before)


def test_set_puzzle_cells_sets_each_in_one_step():
    editor = Editor()
    editor.set_cell("solution", (1, 1), True)
    before = state(editor)
    editor.set_puzzle_cells([((1, 1), False), ((4, 5), True), ((9, 9), True)], "Apply suggestion")
    solution = editor.document.visible_solution()
    assert not solution[1, 1]
    assert solution[4, 5]
    assert solution[9, 9]
    assert solution.sum() == 2
    assert editor.history.undo_label() == "Apply suggestion"
    undo_redo_exact(editor, before)


def test_set_puzzle_cells_of_a_colour_level_sets_the_picture_and_its_shape():
    editor = Editor()
    editor.new(4, 3, kind="colour")
    editor.set_cell("picture", (0, 0), (200, 0, 0))
    before = state(editor)
    editor.set_puzzle_cells([((0, 0), (255, 255, 255)), ((2, 3), (0, 0, 200))], "Apply suggestion")
    picture, solution = editor.document.visible_picture(), editor.document.visible_solution()
    assert tuple(picture[0, 0]) == (255, 255, 255)
    assert tuple(picture[2, 3]) == (0, 0, 200)
    assert solution.tolist() == [[False] * 4, [False] * 4, [False, False, False, True]]  # not the background
    undo_redo_exact(editor, before)


def test_replace_level_keeps_path_and_info_and_undoes_the_size():
    editor = Editor()
    editor.set_about({"title": "Cat"})
    editor.set_cell("solution", (0, 0), True)
    editor.clipboard.select_all()
    solution = np.eye(6, 12, dtype=bool)
    picture = np.full((6, 12, 3), 255, dtype=np.uint8)
    picture[solution] = (40, 110, 220)
    before = state(editor)
    editor.transforms.replace_level(Level(solution, picture), "Import photo.png")
    document = editor.document
    assert (document.width, document.height) == (12, 6)
    assert np.array_equal(document.visible_solution(), solution)
    assert np.array_equal(document.visible_picture(), picture)
    assert set(document.palette) == {(255, 255, 255), (40, 110, 220)}
    assert document.about == {"title": "Cat"}
    assert editor.selection is None
    assert len(editor.history) == 3
    undo_redo_exact(editor, before)


def test_level_info_edit_is_an_undo_step_and_marks_unsaved(tmp_path):
    editor = Editor()
    editor.open_level(Level(np.eye(3, dtype=bool), np.full((3, 3, 3), 255, dtype=np.uint8)),
                      tmp_path / "a.level", {"title": "Old", "license": "CC"})
    assert editor.document.about == {"title": "Old", "license": "CC"}
    assert not editor.modified
    view = View(editor)
    editor.set_about({"title": "New", "by": "Ada"})
    assert editor.modified
    assert {"about", "history"} <= view.all()
    assert editor.history.undo_label() == "Edit the level info"
    editor.undo()
    assert editor.document.about == {"title": "Old", "license": "CC"}
    assert not editor.modified
    editor.redo()
    assert editor.document.about == {"title": "New", "by": "Ada"}
    editor.set_about({"title": "New", "by": "Ada"})  # the same info: no step
    assert len(editor.history) == 1


def test_level_info_travels_with_save_load_and_non(tmp_path):
    editor = Editor()
    editor.set_cell("solution", (0, 0), True)
    editor.set_about({"title": "Dot", "by": "Ada", "catalogue": "#7"})
    editor.save(tmp_path / "dot")
    assert (tmp_path / "dot.about").is_file()
    other = Editor()
    other.load(tmp_path / "dot.level")
    assert other.document.about == {"title": "Dot", "by": "Ada", "catalogue": "#7"}
    assert not other.modified
    other.export_non(tmp_path / "dot.non")
    imported = Editor()
    imported.import_non(tmp_path / "dot.non")
    assert imported.document.about == {"title": "Dot", "by": "Ada", "catalogue": "#7"}
    assert np.array_equal(imported.document.visible_solution(), editor.document.visible_solution())
    other.set_about({})
    other.save()
    assert not (tmp_path / "dot.about").exists()  # no info left: no file beside the trio
