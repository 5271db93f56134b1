"""Help > User Guide (F1) shows the shipped manual rendered from its Markdown, with working links,
pictures and a find bar; Help > Keyboard Shortcuts lists the keys the window's actions really have."""
import numpy as np
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage

from nonogram_editor.infra import user_guide
from nonogram_editor.ui.puzzle_panel import SHORTCUTS
from nonogram_editor.ui.user_guide_window import ShortcutsDialog, UserGuide


def open_guide(qtbot, window) -> UserGuide:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    guide = window.findChild(UserGuide)
    assert guide is not None
    qtbot.waitExposed(guide)
    qtbot.waitUntil(guide.isActiveWindow, timeout=5000)
    return guide


def dark_pixels(widget) -> int:
    """Pixels of ``widget`` as drawn on screen that are nearly black (text)."""
    image = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)
    return int((pixels[:, :image.width(), :3].max(axis=2) < 90).sum())


def test_f1_opens_the_guide_on_the_tour_rendered_with_its_picture(window, qtbot):
    assert window.user_guide_action in window.help_menu.actions()
    guide = open_guide(qtbot, window)
    assert guide.topic() == "tour"
    assert guide.topics.currentItem().text() == "A five-minute tour"
    assert guide.browser.toPlainText().startswith("A five-minute tour")
    assert "**" not in guide.browser.toPlainText()  # rendered, not shown as source
    pictures = [fragment for block in _blocks(guide.browser.document()) for fragment in _fragments(block)
                if fragment.charFormat().isImageFormat()]
    assert pictures, "the tour's screenshot is in the page"
    name = pictures[0].charFormat().toImageFormat().name()
    loaded = guide.browser.document().resource(guide.browser.document().ResourceType.ImageResource.value, name)
    assert loaded is not None
    assert not loaded.isNull()
    assert loaded.width() <= guide.browser.viewport().width()


def test_the_page_is_drawn_as_text_and_a_blank_page_is_not(window, qtbot):
    guide = open_guide(qtbot, window)
    guide.topics.setCurrentRow(user_guide.TOPICS.index("troubleshooting"))  # text only, no picture
    assert guide.topic() == "troubleshooting"
    qtbot.waitUntil(lambda: dark_pixels(guide.browser.viewport()) > 2000, timeout=5000)
    guide.browser.setPlainText("")
    assert dark_pixels(guide.browser.viewport()) == 0


def test_a_link_clicked_opens_its_page_and_selects_its_topic(window, qtbot):
    guide = open_guide(qtbot, window)
    cursor = guide.browser.document().find("Drawing")  # "See [Drawing](drawing.md)." in the tour
    while cursor.charFormat().anchorHref() != "drawing.md":
        cursor = guide.browser.document().find("Drawing", cursor)
        assert not cursor.isNull(), "the tour links to drawing.md"
    guide.browser.setTextCursor(cursor)
    guide.browser.ensureCursorVisible()
    point = guide.browser.cursorRect(cursor).center() - QPoint(8, 0)
    qtbot.mouseClick(guide.browser.viewport(), Qt.MouseButton.LeftButton, pos=point)
    qtbot.waitUntil(lambda: guide.topic() == "drawing", timeout=5000)
    assert guide.topics.currentItem().data(Qt.ItemDataRole.UserRole) == "drawing"
    assert guide.browser.toPlainText().startswith("Drawing")


def test_find_goes_forward_and_back_round_the_page_and_says_when_nothing_is_found(window, qtbot):
    guide = open_guide(qtbot, window)
    guide.topics.setCurrentRow(user_guide.TOPICS.index("troubleshooting"))
    qtbot.keyClick(guide.browser, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert guide.find_edit.hasFocus()
    qtbot.keyClicks(guide.find_edit, "xvfb")
    cursor = guide.browser.textCursor()
    text = guide.browser.toPlainText()
    first = text.lower().index("xvfb")
    assert cursor.selectedText().lower() == "xvfb"
    assert cursor.selectionStart() == first
    qtbot.keyClick(guide.find_edit, Qt.Key.Key_Return)
    second = text.lower().index("xvfb", first + 1)
    assert guide.browser.textCursor().selectionStart() == second
    qtbot.mouseClick(guide.previous_button, Qt.MouseButton.LeftButton)
    assert guide.browser.textCursor().selectionStart() == first
    qtbot.mouseClick(guide.previous_button, Qt.MouseButton.LeftButton)  # round to the last one
    assert guide.browser.textCursor().selectionStart() == text.lower().rindex("xvfb")
    assert guide.find_status.text() == ""
    guide.find_edit.selectAll()
    qtbot.keyClicks(guide.find_edit, "zebra crossing")
    assert guide.find_status.text() == "Not found: “zebra crossing”"
    assert guide.find_status.isVisible()


def test_the_keyboard_shortcuts_are_the_actions_own_grouped_by_menu(window, qtbot):
    window.about_action.setShortcut("Ctrl+Shift+F12")  # a shortcut given to an action shows at once
    window.shortcuts_action.trigger()
    dialog = window.findChild(ShortcutsDialog)
    qtbot.waitExposed(dialog)
    table = dialog.table
    rows = table_rows(table)
    assert ("About", "Ctrl+Shift+F12") in rows
    assert ("Undo", "Ctrl+Z") in rows
    assert ("Pen", "P") in rows
    assert ("User Guide", "F1") in rows
    assert ("Next solution", SHORTCUTS["next"]) in rows
    assert ("Cancel the running job", "Esc") in rows
    assert ("Play or pause the moves", "Alt+K") in rows
    assert ("Slide on one move", "Alt+PgDown") in rows
    headings = [text for text, keys in rows if table.columnSpan(rows.index((text, keys)), 0) == 2]
    assert headings[:2] == ["File", "Edit"]
    assert "Help" in headings
    assert "Tools" in headings
    assert rows.index(("About", "Ctrl+Shift+F12")) > rows.index(("Help", ""))
    window.about_action.setShortcut("")
    window.shortcuts_action.trigger()  # shown again: read again
    assert ("About", "Ctrl+Shift+F12") not in table_rows(table)


def table_rows(table) -> list[tuple[str, str]]:
    return [tuple(table.item(row, column).text() if table.item(row, column) else "" for column in (0, 1))
            for row in range(table.rowCount())]


def _blocks(document):
    block = document.begin()
    while block.isValid():
        yield block
        block = block.next()


def _fragments(block):
    iterator = block.begin()
    while not iterator.atEnd():
        yield iterator.fragment()
        iterator += 1
