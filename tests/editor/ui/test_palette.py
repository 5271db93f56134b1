"""The palette: pick, add, edit and remove colours (through the real colour dialog), undoably."""
import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QColorDialog, QComboBox, QInputDialog, QLabel

from nonogram_editor.core import colour_name
from tests.editor.ui.conftest import drag

RED, TEAL = (220, 40, 40), (10, 160, 150)


def answer_colour_dialog(window, colour):
    dialog = window.palette_widget.colour_dialog
    assert isinstance(dialog, QColorDialog)
    assert dialog.isVisible()
    dialog.setCurrentColor(QColor(*colour))
    dialog.accept()


def test_add_paint_edit_remove_colours_with_undo(window, qtbot):
    palette = window.palette_widget
    before = palette.colours
    qtbot.mouseClick(palette.add_button, Qt.LeftButton)
    answer_colour_dialog(window, TEAL)
    assert palette.colours == before + [TEAL]
    assert palette.current_colour() == TEAL
    drag(qtbot, window.picture_canvas, [(1, 1), (1, 6)])
    picture = window.document.visible_picture()
    assert (picture[1, 1:7] == TEAL).all()
    assert (picture[0] == 255).all()
    assert window.solution_grid().sum() == 0  # the picture is its own grid

    qtbot.mouseClick(palette.edit_button, Qt.LeftButton)
    answer_colour_dialog(window, (200, 0, 200))
    assert TEAL not in palette.colours
    assert (200, 0, 200) in palette.colours
    assert (window.document.visible_picture()[1, 1:7] == (200, 0, 200)).all()  # edit recolours the picture
    window.undo_action.trigger()
    assert palette.colours == before + [TEAL]
    assert (window.document.visible_picture()[1, 1:7] == TEAL).all()

    palette.select_colour(TEAL)
    qtbot.mouseClick(palette.remove_button, Qt.LeftButton)  # the picture uses it: which colour replaces it?
    dialog = window.palette_widget.replace_dialog
    assert isinstance(dialog, QInputDialog)
    assert dialog.isVisible()
    assert TEAL in palette.colours
    assert dialog.textValue() == "#ffffff (white)"  # white is offered first
    dialog.setTextValue("#dc2828 (red)")
    dialog.accept()
    assert TEAL not in palette.colours
    assert (window.document.visible_picture()[1, 1:7] == RED).all()
    window.undo_action.trigger()
    assert TEAL in palette.colours
    assert (window.document.visible_picture()[1, 1:7] == TEAL).all()
    palette.select_colour((128, 128, 128))  # unused: removed without a question
    qtbot.mouseClick(palette.remove_button, Qt.LeftButton)
    assert (128, 128, 128) not in palette.colours


def test_clicking_a_swatch_chooses_the_paint_colour(window, qtbot):
    palette = window.palette_widget
    index = palette.colours.index(RED)
    qtbot.mouseClick(palette.swatch(index), Qt.LeftButton)
    assert palette.current_colour() == RED
    drag(qtbot, window.picture_canvas, [(4, 0), (4, 2)])
    assert (window.document.visible_picture()[4, :3] == RED).all()
    window.undo_action.trigger()
    assert (window.document.visible_picture() == 255).all()


def test_right_click_on_the_picture_picks_its_colour(window, qtbot):
    window.document.picture[2, 3] = (1, 2, 3)
    qtbot.mouseClick(window.picture_canvas, Qt.RightButton, pos=window.picture_canvas.cell_rect(2, 3).center())
    assert window.palette_widget.current_colour() == (1, 2, 3)  # a new colour is added to the palette
    assert np.array_equal(window.document.picture[2, 3], (1, 2, 3))


def test_the_replacement_question_shows_each_colour_as_a_swatch_and_a_name(window, qtbot):
    palette = window.palette_widget
    palette.add_colour(TEAL)
    drag(qtbot, window.picture_canvas, [(1, 1), (1, 3)])
    qtbot.mouseClick(palette.remove_button, Qt.LeftButton)
    dialog = palette.replace_dialog
    qtbot.waitExposed(dialog)
    label = dialog.findChild(QLabel)
    assert "#0aa096 (teal)" in label.text()
    image = label.grab().toImage()  # the removed colour, painted beside its name
    assert any(image.pixelColor(x, y).getRgb()[:3] == TEAL for x in range(image.width()) for y in range(image.height()))
    choices = dialog.findChild(QComboBox)
    for item in range(choices.count()):
        colour = palette.colours[[colour_name(c) for c in palette.colours].index(choices.itemText(item))]
        swatch = choices.itemIcon(item).pixmap(16, 16).toImage()
        assert swatch.pixelColor(8, 8).getRgb()[:3] == colour  # each choice with its swatch
    assert "#dc2828 (red)" in [choices.itemText(i) for i in range(choices.count())]
    dialog.reject()
