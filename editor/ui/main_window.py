"""The level editor's main window: a view of the editor core (:class:`nonogram_editor.core.Editor`).

The window sends the core what the user does (mouse strokes and keys on the two grids,
through :class:`~nonogram_editor.ui.grid_input.GridInput`; menu commands) and redraws what the core
reports changed; the core owns the level, the undo history, the tools and the unsaved flag.

Errors appear in a window-modal message box opened with ``open()`` and in the status
bar, worded by :class:`~nonogram_editor.level.LevelError`.

Integration points for the other panels: ``editor`` (the core), ``solution_changed``
(emitted after every change of the solution grid), ``document_changed`` (another level is
shown), ``solution_grid()``,
``solution_canvas.set_overlay`` / ``set_line_labels``, ``show_message``, the
``file_menu``/``view_menu``/``puzzles_menu``/``help_menu`` attributes and ``files.open_level_path``.

The window's parts: ``files`` (:class:`~nonogram_editor.ui.file_actions.FileActions`: the File
menu's dialogs and the background jobs that read and write levels), ``zoom``
(:class:`~nonogram_editor.ui.zoom.Zoom`), ``tools`` (:class:`~nonogram_editor.ui.edit_tools.EditTools`)
and ``grid_input`` (:class:`~nonogram_editor.ui.grid_input.GridInput`).
"""
from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from pathlib import Path

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSpinBox,
    QSplitter,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from nonogram_editor.core import UNDO_LIMIT, Aspect, Editor
from nonogram_editor.core.colour_level import puzzle_drawing
from nonogram_editor.core.level_files import describe_failure
from nonogram_editor.level.colour import COLOUR
from nonogram_editor.level.document import MAX_SIDE
from nonogram_editor.qt.lifetime import connect_alive
from nonogram_editor.ui import (
    about_dialog,
    assist_panel,
    colour_actions,
    image_import_dialog,
    puzzle_docks,
    solver_panel,
    user_guide_window,
)
from nonogram_editor.ui.edit_tools import EditTools
from nonogram_editor.ui.file_actions import FileActions
from nonogram_editor.ui.grid_canvas import CanvasScroll, PictureCanvas, SolutionCanvas
from nonogram_editor.ui.grid_input import GridInput
from nonogram_editor.ui.identity import app_icon, show_about
from nonogram_editor.ui.main_menus import build_menus
from nonogram_editor.ui.palette_widget import PaletteWidget
from nonogram_editor.ui.play_window import PlayWindow
from nonogram_editor.ui.window_state import FloatingDocksInFront, restore_window_state, save_window_state
from nonogram_editor.ui.zoom import Zoom

APP_TITLE = "Nonogram Editor"


class MainWindow(QMainWindow):
    solution_changed = Signal()
    document_changed = Signal()  # another level is shown: opened, imported or new

    def __init__(self):
        super().__init__()
        self.editor = Editor(undo_limit=UNDO_LIMIT)
        self._syncing = False
        self._closing_allowed = False
        self._message_box: QMessageBox | None = None
        self.kind_dialog: QInputDialog | None = None  # File > New's question
        self.play_window = None
        self.zoom = Zoom(self)
        self.files = FileActions(self)
        self.setWindowIcon(app_icon())

        self._build_canvases()
        self._build_toolbar()
        self._build_menus()
        self._build_status_bar()
        self.resize(1180, 760)
        self.editor.add_observer(self._core_changed)
        self._core_changed({Aspect.DOCUMENT})

        self.puzzle_docks = self._install("puzzle docks", lambda: puzzle_docks.install(self, self.puzzles_menu))
        self.solver_dock = self._install("solver panel", lambda: solver_panel.install(self))
        self.assist_dock = self._install("assist panel", lambda: assist_panel.install(self, self.solver_dock))
        self._install("image import", lambda: image_import_dialog.install(self))
        self._install("level info", lambda: about_dialog.install(self))
        self._install("colour levels", lambda: colour_actions.install(self))
        self._restore_window_state()
        FloatingDocksInFront(self)

    @property
    def document(self):
        return self.editor.document

    # ------------------------------------------------------------------ building
    def _build_canvases(self) -> None:
        self.solution_canvas = SolutionCanvas(self.editor)
        self.picture_canvas = PictureCanvas(self.editor)
        self.palette_widget = PaletteWidget(self.editor)
        self.solution_scroll = CanvasScroll(self.solution_canvas)
        self.picture_scroll = CanvasScroll(self.picture_canvas)
        self.grid_input = GridInput(self)  # strokes and keys paint through the core
        for canvas, scroll in ((self.solution_canvas, self.solution_scroll),
                               (self.picture_canvas, self.picture_scroll)):
            connect_alive(canvas.zoom_wheel, self, lambda steps, point, scroll=scroll: scroll.keep_in_place(
                point, lambda: self.zoom.steps(steps)))
        self.palette_widget.message.connect(self.show_message)
        self.solution_canvas.setAccessibleName(self.tr("Solution grid"))
        self.solution_canvas.setAccessibleDescription(
            self.tr("The cells the player must fill, with the clues; arrow keys move the cell cursor"))
        self.picture_canvas.setAccessibleName(self.tr("Picture grid"))
        self.picture_canvas.setAccessibleDescription(
            self.tr("The colour picture the player wins; arrow keys move the cell cursor"))

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(_caption(self.tr("<b>Picture</b> (left: paint, right: pick a colour)")))
        right_layout.addWidget(self.picture_scroll, 1)
        right_layout.addWidget(QLabel(self.tr("<b>Palette</b>")))
        right_layout.addWidget(self.palette_widget)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(_caption(
            self.tr("<b>Solution</b> (left: fill, right: clear; Shift: keep to a row or column)")))
        left_layout.addWidget(self.solution_scroll, 1)
        splitter = QSplitter(Qt.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 1)
        self.setCentralWidget(splitter)

    def _build_toolbar(self) -> None:
        toolbar = QToolBar(self.tr("Level"))
        toolbar.setObjectName("level_toolbar")
        self.width_spin, self.height_spin = QSpinBox(), QSpinBox()
        for spin, name, tip, spoken in (
                (self.width_spin, self.tr("Width"), self.tr("Width of the level in cells (hidden cells are kept)"),
                 self.tr("Width in cells")),
                (self.height_spin, self.tr("Height"), self.tr("Height of the level in cells (hidden cells are kept)"),
                 self.tr("Height in cells"))):
            spin.setRange(1, MAX_SIDE)
            spin.setKeyboardTracking(False)  # one resize when typing "64", not "6" then "64"
            spin.setToolTip(tip)
            spin.setAccessibleName(spoken)
            spin.valueChanged.connect(self._size_edited)
            box = QWidget()
            layout = QHBoxLayout(box)
            layout.setContentsMargins(4, 0, 4, 0)
            layout.addWidget(QLabel(name))
            layout.addWidget(spin)
            toolbar.addWidget(box)
        self.cleared_check = QCheckBox(self.tr("Cleared"))
        self.cleared_check.setToolTip(self.tr("The .level flag: has the player cleared this level yet"))
        self.cleared_check.toggled.connect(self._cleared_edited)
        toolbar.addWidget(self.cleared_check)
        self.addToolBar(toolbar)
        self.level_toolbar = toolbar

    def _build_menus(self) -> None:
        build_menus(self)  # the tables of nonogram_editor.ui.main_menus
        self.recent_menu = QMenu(self.tr("Open &Recent"), self.file_menu)
        self.file_menu.insertMenu(self.open_sample_action, self.recent_menu)
        self.recent_menu.aboutToShow.connect(self.files.fill_recent_menu)
        self.view_menu.addAction(self.level_toolbar.toggleViewAction())
        self.tools = EditTools(self, self.edit_menu, self.level_menu)

    def _build_status_bar(self) -> None:
        self.cell_label = QLabel()
        self.cell_label.setMinimumWidth(260)
        self.statusBar().addPermanentWidget(self.cell_label)
        for widget in (self.files.solving_label, self.files.stop_button):  # an import's progress
            self.statusBar().addPermanentWidget(widget)

    def _install(self, what: str, install: Callable):
        """Install another part of the studio; one that fails is reported and skipped."""
        try:
            return install()
        except Exception as exc:  # the editor must come up even if a panel is broken
            traceback.print_exc(file=sys.stderr)
            self.show_message(self.tr("The {0} could not be installed: {1}").format(what, exc))
            return None

    # ------------------------------------------------------------------ public API
    def solution_grid(self) -> np.ndarray:
        """The visible solution (height, width), True = filled; a copy."""
        return self.document.visible_solution()

    def puzzle_grid(self) -> np.ndarray:
        """What the verdict is about (a copy): the solution of a two-colour level, the palette
        indices of a colour level's picture (:func:`nonogram_editor.core.colour_level.puzzle_drawing`)."""
        return puzzle_drawing(self.document)

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def show_solution_dots(self) -> None:
        self.picture_canvas.set_show_solution(self.solution_dots_action.isChecked())

    # ------------------------------------------------------------------ what the core says changed
    def _core_changed(self, aspects: set[Aspect]) -> None:
        document = self.document
        if Aspect.DOCUMENT in aspects:
            self.document_changed.emit()
            aspects = aspects | {Aspect.SIZE, Aspect.SOLUTION, Aspect.PICTURE, Aspect.PALETTE, Aspect.CLEARED,
                                 Aspect.HISTORY, Aspect.SYMMETRY}
        if Aspect.SIZE in aspects or Aspect.CLEARED in aspects:
            self._syncing = True
            self.width_spin.setValue(document.width)
            self.height_spin.setValue(document.height)
            self.cleared_check.setChecked(document.cleared)
            self._syncing = False
        if Aspect.SIZE in aspects:
            self.picture_canvas.refresh_geometry()
        if aspects & {Aspect.SOLUTION, Aspect.PICTURE, Aspect.SIZE}:  # the picture shows the solution's dots
            self.picture_canvas.refresh_cells()
        if Aspect.PALETTE in aspects:
            self.palette_widget.set_colours(document.palette)
        if aspects & ({Aspect.SOLUTION, Aspect.SIZE, Aspect.KIND, Aspect.PICTURE} if self.editor.kind == COLOUR
                      else {Aspect.SOLUTION, Aspect.SIZE, Aspect.KIND}):  # a colour level's puzzle is its picture
            self.solution_canvas.refresh()
            self.solution_changed.emit()
        for canvas in (self.solution_canvas, self.picture_canvas):
            if aspects & {Aspect.SELECTION, Aspect.CURSOR}:
                canvas.update_marks()
            if Aspect.SYMMETRY in aspects:  # the guide lines across the grid
                canvas.update(canvas.grid_rect())
        if Aspect.SYMMETRY in aspects:
            self.tools.show_symmetry(self.editor.symmetry)
        if Aspect.SELECTION in aspects or Aspect.DOCUMENT in aspects:
            self.tools.clear_action.setEnabled(self.editor.selection is not None)
        if Aspect.HISTORY in aspects:
            history = self.editor.history
            self.undo_action.setEnabled(history.can_undo())
            self.redo_action.setEnabled(history.can_redo())
            self.undo_action.setText(self.tr("&Undo {0}").format(history.undo_label()).strip())
            self.redo_action.setText(self.tr("&Redo {0}").format(history.redo_label()).strip())
            self._update_title()
        focused = next((c for c in (self.solution_canvas, self.picture_canvas) if c.hasFocus()), None)
        if focused is not None and Aspect.CURSOR in aspects:  # keyboard editing: describe the cursor's cell
            self.grid_input.show_cell(focused.layer, *self.editor.cursor)
        elif self.grid_input.hovered is not None and aspects & {Aspect.SOLUTION, Aspect.PICTURE, Aspect.SIZE}:
            self.grid_input.show_cell(*self.grid_input.hovered)
        if Aspect.DOCUMENT in aspects:
            self.zoom.fit_new_level()

    def _update_title(self) -> None:
        name = self.document.path.name if self.document.path else "Untitled"
        self.setWindowTitle(f"{name}[*] — {APP_TITLE}")
        if self.isWindowModified() != self.editor.modified:  # setting it at all retitles the window (~2 ms)
            self.setWindowModified(self.editor.modified)

    def _size_edited(self, _value: int) -> None:
        if self._syncing:
            return
        width, height = self.width_spin.value(), self.height_spin.value()
        if (width, height) != (self.document.width, self.document.height):
            self.editor.transforms.resize(width, height)

    def _cleared_edited(self, cleared: bool) -> None:
        if not self._syncing and cleared != self.document.cleared:
            self.editor.set_cleared(cleared)

    def test_solve(self) -> None:
        """Open a test-solve window over a copy of the level."""
        name = self.document.path.name if self.document.path else "the untitled level"
        self.play_window = PlayWindow(self.editor.level(), name, self.zoom.cell_size, self, dict(self.document.about))
        self.play_window.show()

    # ------------------------------------------------------------------ unsaved changes
    def maybe_discard_changes(self, then: Callable[[], None]) -> None:
        """Run ``then`` now if nothing is unsaved, otherwise after the user says Save or Discard."""
        if not self.editor.modified:
            then()
            return
        name = self.document.path.name if self.document.path else self.tr("the untitled level")
        box = QMessageBox(QMessageBox.Warning, APP_TITLE, self.tr("Save the changes to {0}?").format(name),
                          QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, self)
        box.setInformativeText(self.tr("Your changes will be lost if you don't save them."))
        box.setDefaultButton(QMessageBox.Save)
        box.setAttribute(Qt.WA_DeleteOnClose)
        connect_alive(box.finished, self,
                      lambda _result: self._unsaved_answered(box.standardButton(box.clickedButton()), then))
        self._message_box = box
        box.open()

    def _unsaved_answered(self, answer, then: Callable[[], None]) -> None:
        if answer == QMessageBox.Save:
            self.files.save(then=then)
        elif answer == QMessageBox.Discard:
            then()

    def closeEvent(self, event):
        if self._closing_allowed or not self.editor.modified:
            save_window_state(self, self.zoom.cell_size)
            event.accept()
            return
        event.ignore()
        self.maybe_discard_changes(self._close_now)

    def _close_now(self) -> None:
        self._closing_allowed = True
        self.close()

    def _restore_window_state(self) -> None:
        cell_size = restore_window_state(self, self.zoom.cell_size)
        if self.puzzle_docks is not None:
            self.puzzle_docks.show_open_panels()
        if cell_size != self.zoom.cell_size:
            self.zoom.set_cell_size(cell_size)

    def show_error(self, title: str, error: BaseException, path: Path | None = None) -> None:
        """A clear message, never a traceback: LevelError already names the file."""
        text = describe_failure(error, path)
        self.show_message(f"{title}: {text}")
        box = QMessageBox(QMessageBox.Warning, title, text, QMessageBox.Ok, self)
        box.setAttribute(Qt.WA_DeleteOnClose)
        self._message_box = box
        box.open()

    # ------------------------------------------------------------------ help
    def show_about(self) -> None:
        show_about(self, APP_TITLE)

    def show_user_guide(self) -> None:
        user_guide_window.show_user_guide(self)

    def show_keyboard_shortcuts(self) -> None:
        user_guide_window.show_shortcuts(self)


def _caption(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)  # never what sets the window's minimum width
    return label
