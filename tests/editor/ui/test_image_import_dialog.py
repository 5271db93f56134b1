"""File > Import image… in the real window: live preview, the level it makes; the two derivations."""
import numpy as np
from PIL import Image
from PySide6.QtCore import QPoint, Qt

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
    assert dialog is not None and dialog.isVisible()
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
    assert not inverted[:, :4].any() and inverted[:, 8:].all()
    qtbot.mouseClick(dialog.invert_check, Qt.LeftButton, pos=indicator)
    dialog.colours_spin.setValue(3)
    dialog.accept()
    solution = window.solution_grid()
    assert solution.shape == (6, 12)
    assert solution[:, :8].all() and not solution[:, 8:].any()
    picture = window.document.visible_picture()
    assert len({tuple(c) for c in picture.reshape(-1, 3)}) <= 3
    assert picture[0, 0, 2] > picture[0, 0, 0]  # blue stays blue
    window.editor.undo()  # the import is one undo step
    assert window.solution_grid().shape == (10, 10) and not window.solution_grid().any()


def test_derive_each_grid_from_the_other_in_one_undo_step(window, qtbot):
    drag(qtbot, window.solution_canvas, [(0, 0), (0, 9)])
    picture_before = window.document.visible_picture().copy()
    edit_action(window, "Picture from the &solution").trigger()
    picture = window.document.visible_picture()
    assert (picture[0] == 0).all() and (picture[1:] == 255).all()
    window.editor.undo()
    assert np.array_equal(window.document.visible_picture(), picture_before)
    window.editor.redo()
    drag(qtbot, window.solution_canvas, [(0, 0), (0, 9)], button=Qt.RightButton)  # clear the row again
    assert not window.solution_grid().any()
    edit_action(window, "Solution from the &picture").trigger()
    assert window.solution_grid()[0].all() and not window.solution_grid()[1:].any()
    window.editor.undo()
    assert not window.solution_grid().any()
