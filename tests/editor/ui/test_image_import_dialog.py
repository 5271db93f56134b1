"""File > Import image… in the real window: live preview, the level it makes; the two derivations."""
import numpy as np
from PIL import Image
from PySide6.QtCore import QPoint, Qt

from nonogram_editor.ui.grid_canvas import DEFAULT_CELL
from tests.editor.ui.conftest import drag, wait_for_job
from tests.editor.ui.test_files import choose_file


def file_action(window, text):
    return next(action for action in window.file_menu.actions() if action.text() == text)


def edit_action(window, text):
    return next(action for action in window.edit_menu.actions() if action.text() == text)


def test_import_image_with_live_preview(window, qtbot, tmp_path):
    image = np.full((300, 600, 3), 255, dtype=np.uint8)
    image[:, :200] = (20, 20, 160)  # dark blue left third
    image[:, 200:400] = (150, 150, 150)  # mid grey
    Image.fromarray(image).save(tmp_path / "photo.png")
    file_action(window, "Import &image…").trigger()
    choose_file(qtbot, window, tmp_path / "photo.png")
    wait_for_job(qtbot, window)
    dialog = window.image_import_dialog
    assert dialog is not None
    assert dialog.isVisible()
    dialog.size_spin.setValue(12)
    assert dialog.size_label.text() == "12 x 6"
    before = dialog.solution_view.pixmap().toImage()
    dialog.threshold_slider.setFocus()
    for _ in range(4):
        qtbot.keyClick(dialog.threshold_slider, Qt.Key_PageUp)  # up to 168: the grey third becomes filled too
    assert dialog.threshold_slider.value() > 150
    assert dialog.solution_view.pixmap().toImage() != before  # the preview followed the slider
    indicator = QPoint(8, dialog.invert_check.height() // 2)
    qtbot.mouseClick(dialog.invert_check, Qt.LeftButton, pos=indicator)
    assert dialog.invert_check.isChecked()
    inverted = dialog.grids()[0]
    assert not inverted[:, :4].any()
    assert inverted[:, 8:].all()
    qtbot.mouseClick(dialog.invert_check, Qt.LeftButton, pos=indicator)
    dialog.colours_spin.setValue(3)
    dialog.accept()
    solution = window.solution_grid()
    assert solution.shape == (6, 12)
    assert solution[:, :8].all()
    assert not solution[:, 8:].any()
    picture = window.document.visible_picture()
    assert len({tuple(c) for c in picture.reshape(-1, 3)}) <= 3
    assert picture[0, 0, 2] > picture[0, 0, 0]  # blue stays blue
    window.editor.undo()  # the import is one undo step
    assert window.solution_grid().shape == (10, 10)
    assert not window.solution_grid().any()


def test_derive_each_grid_from_the_other_in_one_undo_step(window, qtbot):
    drag(qtbot, window.solution_canvas, [(0, 0), (0, 9)])
    picture_before = window.document.visible_picture().copy()
    edit_action(window, "Picture from the &solution").trigger()
    picture = window.document.visible_picture()
    assert (picture[0] == 0).all()
    assert (picture[1:] == 255).all()
    window.editor.undo()
    assert np.array_equal(window.document.visible_picture(), picture_before)
    window.editor.redo()
    drag(qtbot, window.solution_canvas, [(0, 0), (0, 9)], button=Qt.RightButton)  # clear the row again
    assert not window.solution_grid().any()
    edit_action(window, "Solution from the &picture").trigger()
    assert window.solution_grid()[0].all()
    assert not window.solution_grid()[1:].any()
    window.editor.undo()
    assert not window.solution_grid().any()


def test_an_imported_image_replaces_the_open_levels_grids_as_one_undo_step(window, qtbot, tmp_path):
    """Not a new level: the open level (its file and level info) gets the image's grids;
    one undo brings its own grids, size and palette back exactly, redo the image again."""
    import shutil

    from nonogram_editor.infra.paths import LEVELS
    from tests.editor.ui.test_files import open_and_wait

    for suffix in (".level", ".pbm", ".ppm"):
        shutil.copy(LEVELS / f"heart{suffix}", tmp_path / f"heart{suffix}")
    open_and_wait(qtbot, window, tmp_path / "heart.level")
    document = window.document
    before = (window.solution_grid(), document.visible_picture().copy(), list(document.palette))
    image = np.full((40, 80, 3), 255, dtype=np.uint8)
    image[:, :40] = (200, 30, 30)
    Image.fromarray(image).save(tmp_path / "flag.png")
    file_action(window, "Import &image…").trigger()
    choose_file(qtbot, window, tmp_path / "flag.png")
    wait_for_job(qtbot, window)
    window.image_import_dialog.size_spin.setValue(16)
    window.image_import_dialog.accept()
    imported = window.solution_grid()
    assert imported.shape == (8, 16)
    assert imported[:, :8].all()
    assert not imported[:, 8:].any()
    assert window.document is document
    assert document.path == tmp_path / "heart.level"
    assert window.editor.modified
    assert window.editor.undo()
    assert np.array_equal(window.solution_grid(), before[0])
    assert np.array_equal(document.visible_picture(), before[1])
    assert list(document.palette) == before[2]
    assert not window.editor.modified  # back at the saved level
    assert window.editor.redo()
    assert np.array_equal(window.solution_grid(), imported)


def test_an_imported_128_cell_image_is_fitted_to_the_window_as_an_opened_level_is(window, make_window, qtbot,
                                                                                  tmp_path):
    """Not just its clues on screen until Ctrl+9: the zoom an opened level of that size gets."""
    from nonogram_editor.level import save_level
    from tests.editor.ui.test_files import open_and_wait

    rng = np.random.default_rng(10)
    Image.fromarray(rng.integers(0, 256, (200, 256, 3), dtype=np.uint8)).save(tmp_path / "noise.png")
    file_action(window, "Import &image…").trigger()
    choose_file(qtbot, window, tmp_path / "noise.png")
    wait_for_job(qtbot, window)
    window.image_import_dialog.size_spin.setValue(128)
    window.image_import_dialog.accept()
    assert window.solution_grid().shape == (100, 128)
    save_level(window.editor.level(), tmp_path / "noise.level")
    opened = make_window()
    open_and_wait(qtbot, opened, tmp_path / "noise.level")
    assert opened.zoom.cell_size < DEFAULT_CELL  # it needs fitting: at the default zoom it does not fit
    assert window.zoom.cell_size == opened.zoom.cell_size
