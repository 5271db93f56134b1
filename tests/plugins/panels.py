"""Opening a plugin's panel the way the editor's menu does, for the panel tests."""
from nonogram_editor.plugin_api import PanelContext, Registry
from tests.editor.scene3d.test_view import require_gl


def open_panel(qtbot, plugin, panel_id: str, size: tuple[int, int]):
    """The panel ``panel_id`` that ``plugin`` registers, made by its factory, shown at
    ``size`` and exposed. What it tells the user collects in its ``messages`` list."""
    require_gl()
    messages = []
    panels = Registry("panel")
    plugin.nonogram_editor_panels(panels)
    context = PanelContext(main_window=None, show_message=messages.append, settings_prefix=f"test/{panel_id}")
    widget = panels.get(panel_id).factory(context, None)
    widget.messages = messages
    qtbot.addWidget(widget)
    widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    return widget
