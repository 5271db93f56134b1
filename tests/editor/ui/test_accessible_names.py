"""Every control of the main window and its docks has a name a screen reader can say."""
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QComboBox, QSlider, QWidget

from nonogram_editor.ui.grid_canvas import GridCanvas
from tests.editor.ui.test_assist_panel import wait_until

CONTROLS = (QAbstractButton, QAbstractSpinBox, QComboBox, QSlider, GridCanvas)


def spoken_name(widget: QWidget) -> str:
    """What assistive technology reads for the widget (its accessible name, else its text)."""
    return QAccessible.queryAccessibleInterface(widget).text(QAccessible.Text.Name)


def test_every_control_the_user_can_reach_has_an_accessible_name(window, qtbot):
    # the solve path's slider shows once the (blank, unique) level is graded
    wait_until(qtbot, lambda: window.assist_dock.widget().step_slider.isVisibleTo(window))
    controls = [w for w in window.findChildren(QWidget) if isinstance(w, CONTROLS) and w.isVisibleTo(window)]
    nameless = [f"{type(w).__name__} (tooltip {w.toolTip()!r})" for w in controls if not spoken_name(w).strip()]
    assert not nameless
    # the main controls are among those walked, with names that say what they are
    names = {spoken_name(w) for w in controls}
    assert {"Solution grid", "Picture grid", "Width in cells", "Height in cells", "Pen", "Flood Fill",
            "#000000 (black)", "Make it line-solvable", "Show the other solution", "Solve path step"} <= names
