"""The saved layout comes back as it was, with floating docks in front of the window; long status
lines never widen a dock (the width would be saved and squeeze the grid at every start)."""
from PySide6.QtCore import QEvent, QPoint, QRect, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QDockWidget, QLabel

from nonogram_editor.ui.main_window import MainWindow
from nonogram_editor.ui.puzzle_docks import OPEN_PANELS_KEY, dock_object_name
from nonogram_editor.ui.settings import app_settings, read_setting
from tests.editor.scene3d.test_view import require_gl


def dock_in_front(dock: QDockWidget, point: QPoint) -> bool:
    """Whether the widget the user sees at ``point`` (global) belongs to ``dock``."""
    widget = QApplication.widgetAt(point)
    return widget is not None and (widget is dock or dock.isAncestorOf(widget))


def test_a_floating_dock_restored_over_a_maximized_window_is_in_front(isolated_settings, qtbot):
    first = MainWindow()
    qtbot.addWidget(first)
    first.showMaximized()
    qtbot.waitExposed(first)
    dock = first.findChild(QDockWidget, "solverDock")
    dock.setFloating(True)
    area = first.geometry()
    dock.setGeometry(QRect(area.center() - QPoint(150, 150), area.center() + QPoint(150, 150)))
    qtbot.waitUntil(lambda: dock.isVisible() and dock.isFloating())
    first.close()  # nothing unsaved: the layout is saved as the editor quits

    second = MainWindow()
    qtbot.addWidget(second)
    second.show()  # as the app does: the restored geometry says maximized
    # What a window manager does with a newly shown, maximized window (there is none
    # under Xvfb): raise and activate it, above the dock that was shown first.
    second.raise_()
    second.activateWindow()
    qtbot.waitExposed(second)
    restored = second.findChild(QDockWidget, "solverDock")
    assert second.isMaximized()
    assert restored.isFloating()
    assert restored.isVisible()
    centre = restored.geometry().center()
    assert second.geometry().contains(centre)  # the dock lies over the window: only one can be seen there
    qtbot.waitUntil(lambda: dock_in_front(restored, centre))


LONG_STATUS = ("Solution 508,896 of 518,469 (distinct up to the 24 rotations of the cube, turned 240 degrees "
               "about the corner where pieces 3, 7 and 11 meet)")


def laid_out_widths(window, dock) -> tuple[int, int]:
    """The dock's width and the grids' side's, laid out anew: on a busy machine a dock may still
    be narrower than its panel's minimum, which the next layout of the window would apply."""
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    window.layout().invalidate()
    window.layout().activate()
    return dock.width(), window.centralWidget().width()


def test_long_status_lines_do_not_widen_a_puzzle_dock(isolated_settings, window, qtbot):
    require_gl()
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280)
    dock = window.puzzle_docks.open_panel("voxel")
    panel = dock.widget()
    qtbot.waitUntil(lambda: panel.puzzle is not None and not panel.busy)
    widths = laid_out_widths(window, dock)
    panel.report(LONG_STATUS + " /a/path/with/no/room/to/break/anywhere/along/its/whole/length/count.db")
    panel.shown_label.setText(LONG_STATUS)
    panel.piece_label.setText(LONG_STATUS)
    assert laid_out_widths(window, dock) == widths
    for label in (panel.shown_label, panel.piece_label):
        assert label.text() == label.toolTip() == LONG_STATUS  # all of it, a hover away
        assert QLabel.text(label).endswith("…")
        assert label.width() <= dock.width()


def test_a_floating_puzzle_dock_comes_back_floating_where_it_was(isolated_settings, qtbot):
    require_gl()
    first = MainWindow()
    qtbot.addWidget(first)
    first.show()
    qtbot.waitExposed(first)
    dock = first.puzzle_docks.open_panel("voxel")
    dock.setFloating(True)
    dock.setGeometry(QRect(120, 90, 560, 480))
    qtbot.waitUntil(lambda: dock.isVisible() and dock.isFloating())
    where = dock.geometry()
    # Quitting as the application does: the main window closes (saving the layout), then Qt
    # closes every window left, the floating dock among them.
    first.close()
    dock.close()

    second = MainWindow()
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    restored = second.findChild(QDockWidget, dock.objectName())
    assert restored is not None
    assert restored.isFloating()
    assert restored.isVisible()
    assert restored.geometry() == where
    second.close()


def test_a_panel_open_at_quit_comes_back_shown_whatever_the_saved_layout_says(isolated_settings, qtbot):
    """The settings' list of open panels says which docks come back; the saved layout only
    where. Closed with its x, opened again from the Puzzles menu, then saved in a layout that
    has its dock hidden (how the reported start found it): the next start still shows it."""
    require_gl()
    first = MainWindow()
    qtbot.addWidget(first)
    first.show()
    qtbot.waitExposed(first)
    docks = first.puzzle_docks
    docks.actions["voxel"].trigger()
    qtbot.waitUntil(lambda: "voxel" in docks.docks and docks.docks["voxel"].isVisible())
    qtbot.mouseClick(docks.docks["voxel"].findChild(QAbstractButton, "qt_dockwidget_closebutton"), Qt.LeftButton)
    qtbot.waitUntil(lambda: "voxel" not in docks.docks)
    docks.actions["voxel"].trigger()
    qtbot.waitUntil(lambda: "voxel" in docks.docks and docks.docks["voxel"].isVisible())
    docks.docks["voxel"].hide()  # not closed: still open, but the layout saved at quit has it hidden
    first.close()
    assert read_setting(app_settings(), OPEN_PANELS_KEY, []) == ["voxel"]

    second = MainWindow()
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    restored = second.findChild(QDockWidget, dock_object_name("voxel"))
    assert restored is not None
    qtbot.waitUntil(lambda: restored.isVisible() and not restored.visibleRegion().isEmpty())
    second.close()
