"""The Puzzles menu: every plugin panel as a dock the user opens, floats, closes and reopens.

``install(main_window, puzzles_menu)`` is called at the end of the main window's
``__init__``, before it restores its saved state. It loads the plugins
(``nonogram_editor.plugin_api.host.PluginHost``), lists each panel in the Puzzles menu, reopens the
panels that were open when the editor last quit (so that ``restoreState`` finds their
docks by object name), reports plugin failures in the status bar, and adds
Help > Plugins… listing the loaded plugins and the failures with their details.

A panel's widget is made by its plugin's factory when the user opens it and deleted
when the user closes its dock, which stops its background jobs (``BackgroundJob(owner=...)``).
From the Puzzles menu the dock comes at once, saying the panel is loading, and the factory
runs once that is on screen (a first open can take a second: a 3-D view, its GL context).
The settings' list of open panels says which docks come back at start, the saved layout
only where (:meth:`PuzzleDocks.show_open_panels`).
"""
from __future__ import annotations

import html
import sys

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from nonogram_editor.plugin_api import DISABLE_ENV, ENTRY_POINT_GROUP, PanelContext, PanelSpec
from nonogram_editor.plugin_api.host import PluginFailure, PluginHost
from nonogram_editor.qt.lifetime import connect_alive
from nonogram_editor.ui.settings import app_settings, read_setting

OPEN_PANELS_KEY = "puzzle_panels/open"
PANEL_WIDTH_KEY = "puzzle_panels/width/{0}"  # the width a panel needed when last made
STATUS_MESSAGE_MS = 15000


def dock_object_name(panel_id: str) -> str:
    """The stable object name ``QMainWindow.saveState``/``restoreState`` knows a panel's dock by."""
    return f"puzzle_panel.{panel_id}"


class PanelDock(QDockWidget):
    """A dock holding one plugin panel; deleted (with its panel) when the user closes it.
    Until the panel is made (:attr:`loaded`) it holds a label saying it is loading."""

    closed = Signal(str)  # the panel id, when the user closes the dock (not at application exit)
    # the time to make the panel: its loading label was painted, or the dock was hidden
    # before it could be (a tab put behind another opened just after it)
    loading_seen = Signal()

    def __init__(self, spec: PanelSpec, parent):
        super().__init__(spec.title, parent)
        self.panel_id = spec.id
        self.loaded = False
        self.setObjectName(dock_object_name(spec.id))
        if spec.tooltip:
            self.setToolTip(spec.tooltip)
        loading = QLabel(self.tr("Loading {0}…").format(spec.title))
        loading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # as wide as the panel was last time, so that the dock keeps its width when it comes
        loading.setMinimumWidth(read_setting(app_settings(), PANEL_WIDTH_KEY.format(spec.id), 0))
        loading.installEventFilter(self)
        self.setWidget(loading)
        self.visibilityChanged.connect(self._visibility_changed)

    def set_panel(self, panel) -> None:
        """The panel made: it takes the loading label's place."""
        loading = self.widget()
        self.setWidget(panel)
        self.loaded = True
        app_settings().setValue(PANEL_WIDTH_KEY.format(self.panel_id),
                                max(panel.minimumWidth(), panel.minimumSizeHint().width()))
        loading.deleteLater()

    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and not self.loaded:
            self.loading_seen.emit()
        return False

    def _visibility_changed(self, visible: bool) -> None:
        if not visible and not self.loaded:
            self.loading_seen.emit()

    def closeEvent(self, event):
        super().closeEvent(event)
        if not event.isAccepted():
            return
        # Only a close while the main window is shown is the user's. Quitting closes the main
        # window, then every window left, floating docks too; restoring a layout at start
        # (restoreState) closes a dock the layout has hidden: such a dock stays, and open.
        if self.parentWidget() is None or not self.parentWidget().isVisible():
            return
        if "nonogram_editor.scene3d.view" in sys.modules:  # hand 3-D views' windows back for reuse
            sys.modules["nonogram_editor.scene3d.view"].release_views(self)
        self.closed.emit(self.panel_id)
        self.deleteLater()


class PuzzleDocks(QObject):
    """Owns the Puzzles menu entries and the open plugin docks of one main window."""

    panelOpened = Signal(str)
    panelClosed = Signal(str)

    def __init__(self, main_window: QMainWindow, puzzles_menu: QMenu, host: PluginHost | None = None):
        super().__init__(main_window)
        self.main_window = main_window
        self.menu = puzzles_menu
        self.host = host if host is not None else PluginHost()
        self.panels = self.host.panels()
        self.puzzles = self.host.puzzles()  # only to list them in Help > Plugins
        self.docks: dict[str, PanelDock] = {}
        self.actions: dict[str, QAction] = {}
        self._dialog: PluginsDialog | None = None
        self._fill_menu()
        self._add_help_entry()
        self._restore_open_panels()
        self._report_failures(self.host.failures)

    # ------------------------------------------------------------------ panels
    def open_panel(self, panel_id: str) -> PanelDock | None:
        """Show the panel's dock with its panel made (now, if it is not open); None if its
        factory failed."""
        dock = self.show_panel(panel_id, at_once=True)
        return dock if dock.loaded else None

    def show_panel(self, panel_id: str, at_once: bool = False) -> PanelDock:
        """Show the panel's dock (what the Puzzles menu does). A dock not open yet comes
        at once, saying the panel is loading; the panel is made once that has been painted
        (or the dock hidden first), from the event loop (``at_once``, or in a window not
        shown: before this returns).
        A factory that fails closes the dock again and is reported."""
        dock = self.docks.get(panel_id)
        if dock is None:
            dock = PanelDock(self.panels.get(panel_id), self.main_window)
            self.docks[panel_id] = dock
            dock.closed.connect(self._on_closed)
            self._remember_open_panels()
            self._place(dock)
            at_once = at_once or not dock.isVisible()  # a window not shown: no label to paint
            if not at_once:  # after the paint, from the event loop: the factory may take a while
                connect_alive(dock.loading_seen, dock,
                              lambda: QTimer.singleShot(0, dock, lambda: self._make_panel(dock)))
        else:
            dock.show()
            dock.raise_()
        if at_once:
            self._make_panel(dock)
        return dock

    def _make_panel(self, dock: PanelDock) -> None:
        panel_id = dock.panel_id
        if dock.loaded or self.docks.get(panel_id) is not dock:
            return  # made already, or the dock was closed before its turn came
        spec: PanelSpec = self.panels.get(panel_id)
        context = PanelContext(main_window=self.main_window, show_message=self._show_message,
                               settings_prefix=f"plugins/{self.panels.owner[panel_id]}/{panel_id}")
        try:
            widget = spec.factory(context, dock)
            if widget is None:
                raise TypeError("the panel factory returned None instead of a widget")
        except (Exception, SystemExit) as exc:  # a broken panel must not take the editor down
            del self.docks[panel_id]
            self._remember_open_panels()
            self.main_window.removeDockWidget(dock)
            dock.deleteLater()
            failure = self.host.record_failure(self.panels.owner[panel_id], f"panel {panel_id!r}", exc)
            self._report_failures([failure])
            return
        dock.set_panel(widget)
        self.panelOpened.emit(panel_id)

    def close_panel(self, panel_id: str) -> None:
        dock = self.docks.get(panel_id)
        if dock is not None:
            dock.close()

    def _place(self, dock: PanelDock) -> None:
        # A new panel becomes a tab beside the open puzzle panels, or beside the editor's own
        # docks (the solver) when it is the first: a 3-D preview needs the dock area's height.
        area = Qt.DockWidgetArea.RightDockWidgetArea
        docked_here = [d for d in self.main_window.findChildren(QDockWidget)
                       if d is not dock and d.isVisible() and not d.isFloating()
                       and self.main_window.dockWidgetArea(d) == area]
        neighbours = [d for d in docked_here if d in self.docks.values()] or docked_here
        self.main_window.addDockWidget(area, dock)
        if neighbours:
            self.main_window.tabifyDockWidget(neighbours[-1], dock)
        # where the saved window state had it (another area, floating, its size), if anywhere
        self.main_window.restoreDockWidget(dock)
        dock.show()
        dock.raise_()

    def _on_closed(self, panel_id: str) -> None:
        self.docks.pop(panel_id, None)
        self._remember_open_panels()
        self.panelClosed.emit(panel_id)

    # ------------------------------------------------------------------ layout between runs
    def _remember_open_panels(self) -> None:
        app_settings().setValue(OPEN_PANELS_KEY, sorted(self.docks))

    def _restore_open_panels(self) -> None:
        for panel_id in read_setting(app_settings(), OPEN_PANELS_KEY, []):
            if panel_id in self.panels:
                self.open_panel(panel_id)

    def show_open_panels(self) -> None:
        """Show every open panel's dock: called once the saved layout is restored, which says
        where a dock goes but not whether (a layout saved with the dock hidden closed it, and
        the panel was left open but unseen until opened again)."""
        for dock in self.docks.values():
            if dock.isHidden():
                dock.show()
                # its tab in front (the layout did not know it was shown), once the window is
                # shown: a tab bar is made then
                QTimer.singleShot(0, dock, dock.raise_)

    # ------------------------------------------------------------------ menus and reports
    def _fill_menu(self) -> None:
        for spec in sorted(self.panels, key=lambda s: s.title.lower()):
            action = QAction(spec.title, self.menu)
            action.setObjectName(f"open_{spec.id}")
            if spec.tooltip:
                action.setStatusTip(spec.tooltip)
            connect_alive(action.triggered, self, lambda _checked=False, panel_id=spec.id: self.show_panel(panel_id))
            self.menu.addAction(action)
            self.actions[spec.id] = action
        if not self.actions:
            empty = self.menu.addAction(self.tr("(no puzzle plugins loaded)"))
            empty.setEnabled(False)

    def _add_help_entry(self) -> None:
        bar = self.main_window.menuBar()
        help_menu = getattr(self.main_window, "help_menu", None) or next(  # its title may be translated
            (a.menu() for a in bar.actions() if a.menu() is not None and a.text().replace("&", "") == "Help"), None)
        if help_menu is None:
            help_menu = bar.addMenu(self.tr("&Help"))
        self.plugins_action = help_menu.addAction(self.tr("Plugins…"))
        self.plugins_action.setObjectName("show_plugins")
        self.plugins_action.triggered.connect(self.show_plugins_dialog)

    def show_plugins_dialog(self) -> PluginsDialog:
        if self._dialog is None:
            self._dialog = PluginsDialog(self, self.main_window)
            self._dialog.destroyed.connect(self._forget_dialog)
        self._dialog.refresh()
        self._dialog.show()
        self._dialog.raise_()
        return self._dialog

    def _forget_dialog(self, *_):
        self._dialog = None

    def _report_failures(self, failures: list[PluginFailure]) -> None:
        if not failures:
            return
        names = ", ".join(sorted({f.plugin for f in failures}))
        self._show_message(self.tr("Plugin problem ({0}): skipped. Help > Plugins… has the details.").format(names),
                           STATUS_MESSAGE_MS)
        if self._dialog is not None:
            self._dialog.refresh()

    def _show_message(self, text: str, timeout_ms: int = 5000) -> None:
        self.main_window.statusBar().showMessage(text, timeout_ms)


class PluginsDialog(QDialog):
    """Help > Plugins…: what was loaded, what was skipped and why (with the traceback)."""

    def __init__(self, docks: PuzzleDocks, parent):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Plugins"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.resize(640, 420)
        self._docks = docks
        self.tree = QTreeWidget(self)
        self.tree.setHeaderLabels([self.tr("Plugin"), self.tr("Provides / problem")])
        self.tree.setColumnWidth(0, 180)
        self.details = QPlainTextEdit(self)
        self.details.setReadOnly(True)
        self.details.setPlaceholderText(self.tr("Select a failure to see its details."))
        self.tree.currentItemChanged.connect(self._show_details)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(self.tree)
        splitter.addWidget(self.details)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Plugins come from the entry-point group {0}.").format(
            f"<code>{html.escape(ENTRY_POINT_GROUP)}</code>"), self))
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)

    def refresh(self) -> None:
        docks = self._docks
        self.tree.clear()
        loaded = QTreeWidgetItem(self.tree, [self.tr("Loaded")])
        for name in docks.host.plugin_names():
            panels = [s.title for s in docks.panels if docks.panels.owner[s.id] == name]
            # builds deferred puzzles (small files): one that fails is listed under Failed below
            puzzles = [s.id for s in docks.puzzles if docks.puzzles.owner[s.id] == name]
            provides = "; ".join(filter(None, [self.tr("panels: {0}").format(", ".join(panels)) if panels else "",
                                               self.tr("puzzles: {0}").format(", ".join(puzzles)) if puzzles else ""]))
            QTreeWidgetItem(loaded, [name, provides or self.tr("(nothing)")])
        failed = QTreeWidgetItem(self.tree, [self.tr("Failed")])
        for failure in docks.host.failures:
            item = QTreeWidgetItem(failed, [failure.plugin, f"{failure.stage}: {failure.error}"])
            item.setData(0, Qt.ItemDataRole.UserRole, failure.details)
        if docks.host.blocked:
            blocked = QTreeWidgetItem(self.tree, [self.tr("Blocked")])
            for name in docks.host.blocked:
                QTreeWidgetItem(blocked, [name, self.tr("blocked by {0}").format(DISABLE_ENV)])
        self.tree.expandAll()
        self.details.clear()

    def _show_details(self, item, _previous=None) -> None:
        details = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        self.details.setPlainText(details or "")

    def failure_rows(self) -> list[tuple[str, str]]:
        failed = self.tree.topLevelItem(1)
        return [(failed.child(i).text(0), failed.child(i).text(1)) for i in range(failed.childCount())]

    def loaded_rows(self) -> list[tuple[str, str]]:
        loaded = self.tree.topLevelItem(0)
        return [(loaded.child(i).text(0), loaded.child(i).text(1)) for i in range(loaded.childCount())]


def install(main_window: QMainWindow, puzzles_menu: QMenu, host: PluginHost | None = None) -> PuzzleDocks:
    """Fill ``puzzles_menu`` with every loaded plugin panel; returns the manager.

    Call it before ``main_window.restoreState(...)`` so that the docks that were open at
    the last exit exist (by object name) when the saved layout is applied.
    """
    return PuzzleDocks(main_window, puzzles_menu, host)
