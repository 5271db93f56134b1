"""The plugin platform: panels from nonogram_editor_builtins docked from the Puzzles menu, failures reported, layout
kept."""
import threading
import time

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractButton, QDockWidget, QLabel, QMainWindow, QVBoxLayout, QWidget

from nonogram_editor.plugin_api import DISABLE_ENV, PanelSpec, hookimpl
from nonogram_editor.plugin_api.host import PluginHost
from nonogram_editor.ui import puzzle_docks
from nonogram_editor.ui.puzzle_docks import dock_object_name
from nonogram_editor.ui.settings import app_settings

created_panels: list["FakePanel"] = []


class FakePanel(QWidget):
    """A panel with a background job that runs until it is cancelled (as a real count would)."""

    def __init__(self, context, parent):
        super().__init__(parent)
        self.context = context
        self.job_stopped = threading.Event()
        QVBoxLayout(self).addWidget(QLabel("fake puzzle", self))
        self.job = context.run_in_background(self._work, owner=self, name="fake count")
        self.job.start()
        created_panels.append(self)

    def _work(self, task):
        try:
            while not task.cancelled:
                time.sleep(0.01)
        finally:
            self.job_stopped.set()


class FakePlugin:
    def __init__(self, panel_id="fake", title="Fake puzzle"):
        self.panel_id, self.title = panel_id, title

    @hookimpl
    def nonogram_editor_panels(self, panels):
        panels.add(PanelSpec(id=self.panel_id, title=self.title, factory=FakePanel, tooltip="a test panel"))


class RaisingPlugin:
    @hookimpl
    def nonogram_editor_panels(self, panels):
        panels.add(PanelSpec(id="half-done", title="Half done", factory=FakePanel))
        raise RuntimeError("the plugin's hook is broken")


class MisspeltPlugin:
    @hookimpl
    def nonogram_editor_panel(self, panels):  # the hook is nonogram_editor_panels
        panels.add(PanelSpec(id="never", title="Never", factory=FakePanel))


class BrokenFactoryPlugin:
    @hookimpl
    def nonogram_editor_panels(self, panels):
        panels.add(PanelSpec(id="broken", title="Broken factory", factory=self.make))

    @staticmethod
    def make(context, parent):
        raise ValueError("no widget today")


def host_with(*plugins) -> PluginHost:
    host = PluginHost(load_entry_points=False)
    for name, plugin in plugins:
        host.register(plugin, name)
    return host


def flush() -> None:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()


def make_window(qtbot, host):
    window = QMainWindow()
    window.resize(900, 600)
    qtbot.addWidget(window)
    window.menuBar().addMenu("&File")
    menu = window.menuBar().addMenu("&Puzzles")
    docks = puzzle_docks.install(window, menu, host=host)
    window.show()
    qtbot.waitExposed(window)
    return window, menu, docks


def click_menu_entry(qtbot, window, menu, text):
    """Open the menu from the menu bar and click the entry, with real mouse events."""
    bar = window.menuBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(menu.menuAction()).center())
    qtbot.waitExposed(menu)
    action = next(a for a in menu.actions() if a.text() == text)
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())


def test_fake_plugin_panel_opens_from_the_puzzles_menu(qtbot, isolated_settings):
    window, menu, docks = make_window(qtbot, host_with(("fake", FakePlugin())))
    assert [a.text() for a in menu.actions()] == ["Fake puzzle"]
    click_menu_entry(qtbot, window, menu, "Fake puzzle")
    dock = window.findChild(QDockWidget, dock_object_name("fake"))
    assert dock is not None
    assert dock.isVisible()
    qtbot.waitUntil(lambda: dock.loaded)
    panel = dock.widget()
    assert isinstance(panel, FakePanel)
    assert panel.parent() is dock
    assert window.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert panel.context.main_window is window
    assert panel.context.settings_prefix == "plugins/fake/fake"
    panel.context.show_message("hello from the panel")
    assert window.statusBar().currentMessage() == "hello from the panel"
    # opening it again raises the same dock rather than a second one
    docks.open_panel("fake")
    assert len(window.findChildren(QDockWidget)) == 1


loading_painted: list[str] = []  # the "Loading…" labels painted, in order


class LoadingPaints(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and isinstance(watched, QLabel) and watched.text().startswith("Loading"):
            loading_painted.append(watched.text())
        return False


class NotingPanel(FakePanel):
    """A panel that notes what was on screen when its factory ran."""

    seen: list[tuple] = []

    def __init__(self, context, parent):
        NotingPanel.seen.append((parent.isVisible(), parent.widget().text(), list(loading_painted)))
        super().__init__(context, parent)


class NotingPlugin:
    @hookimpl
    def nonogram_editor_panels(self, panels):
        panels.add(PanelSpec(id="noting", title="Noting puzzle", factory=NotingPanel))


def test_the_menu_shows_the_dock_at_once_saying_it_is_loading_then_the_panel(qtbot, isolated_settings):
    """From the Puzzles menu the dock is on screen, its "Loading…" label painted, before the
    panel's factory runs (a first open can take a second); the panel then takes its place."""
    window, menu, docks = make_window(qtbot, host_with(("noting", NotingPlugin())))
    NotingPanel.seen.clear()
    watcher = LoadingPaints()
    QCoreApplication.instance().installEventFilter(watcher)
    try:
        click_menu_entry(qtbot, window, menu, "Noting puzzle")
        dock = window.findChild(QDockWidget, dock_object_name("noting"))
        assert dock is not None
        assert dock.isVisible()
        assert not dock.loaded
        qtbot.waitUntil(lambda: dock.loaded)
    finally:
        QCoreApplication.instance().removeEventFilter(watcher)
    assert NotingPanel.seen == [(True, "Loading Noting puzzle…", ["Loading Noting puzzle…"])]
    assert isinstance(dock.widget(), NotingPanel)
    assert dock.widget().parent() is dock
    qtbot.waitUntil(dock.widget().isVisible)
    assert docks.docks == {"noting": dock}


def test_dock_floats_closes_and_reopens_and_closing_stops_the_panel_work(qtbot, isolated_settings):
    window, menu, docks = make_window(qtbot, host_with(("fake", FakePlugin())))
    dock = docks.open_panel("fake")
    dock.setFloating(True)
    qtbot.waitExposed(dock)
    assert dock.isFloating()
    assert dock.isWindow()
    dock.setFloating(False)
    assert window.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea

    panel = dock.widget()
    assert panel.job.running
    close_button = dock.findChild(QAbstractButton, "qt_dockwidget_closebutton")
    qtbot.mouseClick(close_button, Qt.MouseButton.LeftButton)
    flush()
    assert window.findChild(QDockWidget, dock_object_name("fake")) is None
    assert panel.job_stopped.wait(5), "the panel's background job stops when its dock is closed"
    assert "fake" not in docks.docks

    click_menu_entry(qtbot, window, menu, "Fake puzzle")
    reopened = window.findChild(QDockWidget, dock_object_name("fake"))
    qtbot.waitUntil(lambda: reopened.loaded)
    assert reopened is not None
    assert reopened.isVisible()
    assert reopened.widget() is not panel


def test_layout_and_open_panels_are_remembered_between_runs(qtbot, isolated_settings):
    host = host_with(("fake", FakePlugin()), ("other", FakePlugin("other", "Other puzzle")))
    first, _, docks = make_window(qtbot, host)
    dock = docks.open_panel("fake")
    first.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    docks.open_panel("other").close()  # opened and closed: not reopened next time
    app_settings().setValue("test/state", first.saveState())
    first.close()

    second, _, docks = make_window(qtbot, host)
    assert set(docks.docks) == {"fake"}, "the panel open at exit is reopened before restoreState"
    second.restoreState(app_settings().value("test/state"))
    dock = second.findChild(QDockWidget, dock_object_name("fake"))
    assert second.dockWidgetArea(dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    dock.close()
    flush()

    third, _, docks = make_window(qtbot, host)
    assert docks.docks == {}


def test_the_real_main_window_lists_the_panel_and_restores_its_place(qtbot, isolated_settings, monkeypatch):
    from nonogram_editor.ui import main_window as main_window_module

    host = host_with(("fake", FakePlugin()))
    real_install = puzzle_docks.install
    monkeypatch.setattr(main_window_module.puzzle_docks, "install",
                        lambda window, menu: real_install(window, menu, host=host))
    window = main_window_module.MainWindow()
    qtbot.addWidget(window)
    window.show()
    assert "Fake puzzle" in [a.text() for a in window.puzzles_menu.actions()]
    assert "Plugins…" in [a.text() for a in window.help_menu.actions()]
    dock = window.puzzle_docks.open_panel("fake")
    dock.setFloating(True)
    window.close()  # saves the window state
    flush()

    again = main_window_module.MainWindow()
    qtbot.addWidget(again)
    again.show()
    dock = again.findChild(QDockWidget, dock_object_name("fake"))
    assert dock is not None
    assert dock.isFloating()


def test_a_raising_plugin_is_reported_and_skipped(qtbot, isolated_settings):
    host = host_with(("fake", FakePlugin()), ("raiser", RaisingPlugin()))
    window, menu, docks = make_window(qtbot, host)
    assert [a.text() for a in menu.actions()] == ["Fake puzzle"], "nothing of the failed plugin is listed"
    assert "raiser" in window.statusBar().currentMessage()
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    next(a for a in help_menu.actions() if a.text() == "Plugins…").trigger()
    dialog = docks._dialog
    assert dialog.isVisible()
    assert not dialog.isModal()
    assert ("fake", "panels: Fake puzzle") in dialog.loaded_rows()
    assert dialog.failure_rows() == [("raiser", "nonogram_editor_panels: RuntimeError: the plugin's hook is broken")]
    failed = dialog.tree.topLevelItem(1)
    dialog.tree.setCurrentItem(failed.child(0))
    assert "Traceback" in dialog.details.toPlainText()
    assert "the plugin's hook is broken" in dialog.details.toPlainText()


def test_a_panel_factory_that_raises_is_reported_and_the_editor_goes_on(qtbot, isolated_settings):
    window, menu, docks = make_window(qtbot, host_with(("broken", BrokenFactoryPlugin()), ("fake", FakePlugin())))
    assert docks.open_panel("broken") is None
    flush()
    assert window.findChild(QDockWidget, dock_object_name("broken")) is None
    assert "broken" in window.statusBar().currentMessage()
    assert any(f.plugin == "broken" and "no widget today" in f.error for f in docks.host.failures)
    assert docks.open_panel("fake") is not None
    window.statusBar().clearMessage()
    click_menu_entry(qtbot, window, menu, "Broken factory")  # from the menu: "Loading…", then the report
    qtbot.waitUntil(lambda: "broken" in window.statusBar().currentMessage())
    flush()
    assert window.findChild(QDockWidget, dock_object_name("broken")) is None
    assert "broken" not in docks.docks


def test_a_dock_closed_while_loading_never_makes_its_panel(qtbot, isolated_settings):
    window, menu, docks = make_window(qtbot, host_with(("noting", NotingPlugin())))
    NotingPanel.seen.clear()
    dock = docks.show_panel("noting")
    assert dock.isVisible()
    assert not dock.loaded
    dock.close()
    flush()
    qtbot.wait(50)
    assert NotingPanel.seen == []
    assert docks.docks == {}
    assert window.findChild(QDockWidget, dock_object_name("noting")) is None


def test_a_misspelt_hook_is_caught(qtbot, isolated_settings):
    host = host_with(("typo", MisspeltPlugin()), ("fake", FakePlugin()))
    assert "typo" not in host.plugin_names()
    assert "fake" in host.plugin_names()
    [failure] = host.failures
    assert failure.plugin == "typo"
    assert failure.stage == "hook names"
    assert "'nonogram_editor_panel'" in failure.error
    assert "did you mean 'nonogram_editor_panels'" in failure.error
    window, menu, docks = make_window(qtbot, host)
    assert [a.text() for a in menu.actions()] == ["Fake puzzle"]
    assert "typo" in window.statusBar().currentMessage()


def test_a_blocked_plugin_is_absent(qtbot, isolated_settings, monkeypatch):
    monkeypatch.setenv(DISABLE_ENV, "blocked, another")
    host = host_with(("fake", FakePlugin()), ("blocked", FakePlugin("hidden", "Hidden puzzle")))
    assert host.plugin_names() == ["fake"]
    assert host.failures == []
    window, menu, docks = make_window(qtbot, host)
    assert [a.text() for a in menu.actions()] == ["Fake puzzle"]
    dialog = docks.show_plugins_dialog()
    blocked = dialog.tree.topLevelItem(2)
    assert blocked.text(0) == "Blocked"
    assert [blocked.child(i).text(0) for i in range(blocked.childCount())] == [
        "another", "blocked"]


def test_no_plugins_gives_a_disabled_placeholder_entry(qtbot, isolated_settings):
    window, menu, docks = make_window(qtbot, host_with())
    [entry] = menu.actions()
    assert not entry.isEnabled()


def test_a_panel_that_grows_wider_than_its_dock_is_never_painted_narrower(qtbot, isolated_settings):
    """A panel tabbed with the editor's docks whose minimum width grows past its dock's (its
    contents changed): the window is laid out again before the panel is painted, at no
    width narrower than it needs (issue 37 saw a dock jump by about 20 px on a busy machine)."""
    window, menu, docks = make_window(qtbot, host_with(("fake", FakePlugin())))
    window.setCentralWidget(QLabel("the grid"))
    solver = QDockWidget("Solver", window)  # the editor's docks: the panel is tabbed with them
    solver.setObjectName("solverDock")
    solver.setWidget(QLabel("the verdict"))
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, solver)
    qtbot.waitUntil(solver.isVisible)
    dock = docks.open_panel("fake")
    panel = dock.widget()
    qtbot.waitUntil(panel.isVisible)
    qtbot.wait(50)
    painted = []

    class Widths(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint:
                painted.append((panel.width(), panel.minimumWidth()))
            return False

    watcher = Widths()
    panel.installEventFilter(watcher)
    wider = dock.width() + 150
    panel.setMinimumWidth(wider)
    panel.update()
    qtbot.waitUntil(lambda: panel.width() >= wider and bool(painted))
    assert all(width >= needed for width, needed in painted), painted


class WidePanel(FakePanel):
    def __init__(self, context, parent):
        super().__init__(context, parent)
        self.setMinimumWidth(520)


class WidePlugin:
    @hookimpl
    def nonogram_editor_panels(self, panels):
        panels.add(PanelSpec(id="wide", title="Wide puzzle", factory=WidePanel))


def test_a_dock_opened_again_keeps_its_width_from_loading_to_the_panel(qtbot, isolated_settings):
    """The "Loading…" label is as wide as the panel was last time: the dock does not jump
    from the dock area's width to the panel's when the panel takes the label's place."""
    window, menu, docks = make_window(qtbot, host_with(("wide", WidePlugin())))
    window.setCentralWidget(QLabel("the grid"))
    click_menu_entry(qtbot, window, menu, "Wide puzzle")
    dock = window.findChild(QDockWidget, dock_object_name("wide"))
    qtbot.waitUntil(lambda: dock.loaded and dock.widget().isVisible())
    dock.close()  # the user's close: the dock goes
    qtbot.waitUntil(lambda: "wide" not in docks.docks)
    click_menu_entry(qtbot, window, menu, "Wide puzzle")
    dock = docks.docks["wide"]  # a new dock (the closed one may not be deleted yet)
    assert not dock.loaded
    loading_widths = []
    dock.loading_seen.connect(lambda: loading_widths.append(dock.width()))  # as the label is painted
    qtbot.waitUntil(lambda: dock.loaded and dock.widget().isVisible())
    qtbot.wait(50)
    assert loading_widths
    assert loading_widths[0] >= 520
    assert dock.width() == loading_widths[0]


def _re_exports() -> set[str]:
    """The classes and functions the plugin API takes from the rest of the editor (and pysat):
    the names in its ``__all__`` not defined there, the lazy ones (not imported yet) included."""
    import inspect

    import nonogram_editor.plugin_api as api

    defined = vars(api)
    return {name for name in api.__all__
            if name not in defined or ((inspect.isclass(defined[name]) or inspect.isfunction(defined[name]))
                                       and defined[name].__module__ != api.__name__)}


def test_the_plugin_api_docstring_and_the_plugin_guide_name_every_re_export():
    import re
    from pathlib import Path

    import nonogram_editor.plugin_api as api

    re_exports = _re_exports()
    assert {"Task", "Part", "njit", "Solver", "printable", "PuzzlePanel", "MovePlayer"} <= re_exports
    assert not {"PuzzleSpec", "Registry", "hookimpl", "API_VERSION"} & re_exports
    section = api.__doc__.split("re-exported here")[1]
    assert set(re.findall(r":(?:class|func):`(\w+)`", section)) == re_exports
    guide = (Path(__file__).parents[3] / "docs" / "plugins.md").read_text(encoding="utf-8")
    paragraph = guide.split("**Import only `nonogram_editor.plugin_api` from the editor.**")[1].split("\n\n")[0]
    named = set(re.findall(r"`(\w+)`", paragraph))
    assert re_exports <= named
    assert named <= set(api.__all__)
