"""The level editor's main window: a view of the editor core (:class:`nonogram_editor.core.Editor`).

The window sends the core what the user does (mouse strokes and keys on the two grids,
through :class:`~nonogram_editor.ui.grid_input.GridInput`; menu commands) and redraws what the core
reports changed; the core owns the level, the undo history, the tools and the unsaved flag.

Files: dialogs are opened with ``QFileDialog.open()`` (never ``exec()``), and levels are
read and written by :class:`~nonogram_editor.ui.background.BackgroundJob` off the GUI thread.
Errors appear in a window-modal message box opened with ``open()`` and in the status
bar, worded by :class:`~nonogram_editor.level.LevelError`.

Integration points for the other panels: ``editor`` (the core), ``solution_changed``
(emitted after every change of the solution grid), ``document_changed`` (another level is
shown), ``solution_grid()``,
``solution_canvas.set_overlay`` / ``set_line_labels``, ``show_message``, the
``file_menu``/``view_menu``/``puzzles_menu``/``help_menu`` attributes and ``open_level_path``.
"""
from __future__ import annotations

import sys
import traceback
from pathlib import Path
from typing import Callable

import numpy as np
import shiboken6
from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QFileDialog, QHBoxLayout, QInputDialog, QLabel, QMainWindow, QMenu,
                               QMessageBox, QPushButton, QSpinBox, QSplitter, QToolBar, QVBoxLayout, QWidget)

from nonogram_editor.core import UNDO_LIMIT, Aspect, Editor, ImportedPuzzle, UnsolvableClues, read_puzzle
from nonogram_editor.core.colour_level import puzzle_drawing
from nonogram_editor.core.editor import CLUE_SOLVE_SECONDS, describe_failure, level_path, write_level, write_puzzle
from nonogram_editor.core.grid_look import DEFAULT_CELL, MAX_CELL, MIN_CELL, largest_fitting, zoomed
from nonogram_editor.level import Level, load_level
from nonogram_editor.level.colour import COLOUR
from nonogram_editor.level.document import MAX_SIDE
from nonogram_editor.level.metadata import read_about
from nonogram_editor.level.puzzle_formats import DEFAULT_SUFFIX, PUZZLE_FORMATS, PUZZLE_SUFFIXES
from nonogram_editor.infra.paths import LEVELS
from nonogram_editor.ui import (about_dialog, assist_panel, colour_actions, image_import_dialog, puzzle_docks, solver_panel,
                                user_guide_window)
from nonogram_editor.ui.background import BackgroundJob
from nonogram_editor.ui.colour_actions import ask_kind
from nonogram_editor.ui.edit_tools import EditTools
from nonogram_editor.ui.grid_canvas import CanvasScroll, PictureCanvas, SolutionCanvas
from nonogram_editor.ui.grid_input import GridInput
from nonogram_editor.ui.identity import app_icon, show_about
from nonogram_editor.qt.lifetime import connect_alive
from nonogram_editor.ui.main_menus import build_menus
from nonogram_editor.ui.palette_widget import PaletteWidget
from nonogram_editor.ui.play_window import PlayWindow
from nonogram_editor.ui.settings import recent_files, remember_recent
from nonogram_editor.ui.window_state import FloatingDocksInFront, restore_window_state, save_window_state

APP_TITLE = "Nonogram Editor"
LEVEL_FILTER = QT_TRANSLATE_NOOP("MainWindow", "Levels (*.level)")  # shown through self.tr
EXPORT_FILTERS = {format.name_filter: format.suffix for format in PUZZLE_FORMATS.values()}
IMPORT_FILTER = ";;".join([f"Puzzles ({' '.join('*' + suffix for suffix in PUZZLE_SUFFIXES)})", *EXPORT_FILTERS])


class MainWindow(QMainWindow):
    solution_changed = Signal()
    document_changed = Signal()  # another level is shown: opened, imported or new

    def __init__(self):
        super().__init__()
        self.editor = Editor(undo_limit=UNDO_LIMIT)
        self._syncing = False
        self._closing_allowed = False
        self._load_job: BackgroundJob | None = None  # the newest open or import: starting another stops it
        self._save_job: BackgroundJob | None = None
        self._file_jobs: set[BackgroundJob] = set()
        self._file_dialog: QFileDialog | None = None
        self._message_box: QMessageBox | None = None
        self.kind_dialog: QInputDialog | None = None  # File > New's question
        self.play_window = None
        self._cell_size = DEFAULT_CELL
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
                point, lambda: self.set_zoom(zoomed(self._cell_size, steps))))
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
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.view_menu.addAction(self.level_toolbar.toggleViewAction())
        self.tools = EditTools(self, self.edit_menu, self.level_menu)

    def _build_status_bar(self) -> None:
        self.cell_label = QLabel()
        self.cell_label.setMinimumWidth(260)
        self.statusBar().addPermanentWidget(self.cell_label)
        self.solving_label = QLabel()  # how far solving an imported puzzle's clues has got
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Stop solving the imported puzzle's clues (nothing is opened)"))
        connect_alive(self.stop_button.clicked, self, self._stop_opening)
        for widget in (self.solving_label, self.stop_button):
            self.statusBar().addPermanentWidget(widget)
        self._show_solving(False)

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

    def open_path(self, path) -> None:
        """Open a level, or import a puzzle file (what the command line and a double-click give)."""
        if Path(path).suffix.lower() in PUZZLE_SUFFIXES:
            self.import_non_path(path)
        else:
            self.open_level_path(path)

    def open_level_path(self, path) -> None:
        """Open a level (asking first if there are unsaved changes); loads off the GUI thread."""
        path = Path(path)
        self.maybe_discard_changes(lambda: self._load(path))

    def set_zoom(self, cell_size: int) -> None:
        self._cell_size = max(MIN_CELL, min(MAX_CELL, cell_size))
        self.solution_canvas.set_cell_size(self._cell_size)
        self.picture_canvas.set_cell_size(self._cell_size)
        self.show_message(self.tr("Zoom: {0} pixels per cell").format(self._cell_size))

    @property
    def cell_size(self) -> int:
        return self._cell_size

    def fit_cell_size(self, largest: int = MAX_CELL) -> int:
        """The largest cell size (up to ``largest``) at which the solution grid and its clues
        fit the visible area without scrolling (at least ``MIN_CELL``)."""
        viewport = self.solution_scroll.viewport().size()

        def fits(size: int) -> bool:
            needed = self.solution_canvas.size_at(size)
            return needed.width() <= viewport.width() and needed.height() <= viewport.height()

        return largest_fitting(MIN_CELL, largest, fits)

    def fit_to_window(self) -> None:
        self.set_zoom(self.fit_cell_size())

    def zoom_in(self) -> None:
        self.set_zoom(zoomed(self._cell_size, 1))

    def zoom_out(self) -> None:
        self.set_zoom(zoomed(self._cell_size, -1))

    def reset_zoom(self) -> None:
        self.set_zoom(DEFAULT_CELL)

    def show_solution_dots(self) -> None:
        self.picture_canvas.set_show_solution(self.solution_dots_action.isChecked())

    def fit_new_level(self) -> None:
        """A level just opened or imported: the zoom chosen, unless the level does not fit it."""
        if self.isVisible():
            self.set_zoom(self.fit_cell_size(largest=max(self._cell_size, DEFAULT_CELL)))

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
            self.fit_new_level()

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
            self.editor.resize(width, height)

    def _cleared_edited(self, cleared: bool) -> None:
        if not self._syncing and cleared != self.document.cleared:
            self.editor.set_cleared(cleared)

    def test_solve(self) -> None:
        """Open a test-solve window over a copy of the level."""
        name = self.document.path.name if self.document.path else "the untitled level"
        self.play_window = PlayWindow(self.editor.level(), name, self._cell_size, self, dict(self.document.about))
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
            self.save(then=then)
        elif answer == QMessageBox.Discard:
            then()

    def closeEvent(self, event):
        if self._closing_allowed or not self.editor.modified:
            save_window_state(self, self._cell_size)
            event.accept()
            return
        event.ignore()
        self.maybe_discard_changes(self._close_now)

    def _close_now(self) -> None:
        self._closing_allowed = True
        self.close()

    def _restore_window_state(self) -> None:
        cell_size = restore_window_state(self, self._cell_size)
        if self.puzzle_docks is not None:
            self.puzzle_docks.show_open_panels()
        if cell_size != self._cell_size:
            self.set_zoom(cell_size)

    # ------------------------------------------------------------------ files: dialogs
    def _file_dialog_for(self, title: str, name_filter: str, on_chosen: Callable[[Path], None], saving: bool,
                         suffix: str, start: Path | None = None) -> QFileDialog:
        """A non-blocking file dialog: shown with ``open()``, answered through ``fileSelected``."""
        folder = start or (self.document.path.parent if self.document.path else Path.cwd())
        dialog = QFileDialog(self, title, str(folder), self.tr(name_filter))
        dialog.setAttribute(Qt.WA_DeleteOnClose)
        if saving:
            dialog.setAcceptMode(QFileDialog.AcceptSave)
            dialog.setFileMode(QFileDialog.AnyFile)
            dialog.setDefaultSuffix(suffix)
            if self.document.path:
                dialog.selectFile(self.document.path.with_suffix("." + suffix).name)
        else:
            dialog.setFileMode(QFileDialog.ExistingFile)
        connect_alive(dialog.fileSelected, self, lambda name: on_chosen(Path(name)) if name else None)
        self._file_dialog = dialog
        dialog.open()
        return dialog

    def new_level(self) -> None:
        """Ask which kind of level (:func:`nonogram_editor.ui.colour_actions.ask_kind`), then start one."""
        def new(kind: str):
            self._stop_opening()
            self.editor.new(kind=kind)
            self.show_message(self.tr("New 10x10 colour level") if kind == COLOUR else self.tr("New 10x10 level"))
        self.maybe_discard_changes(lambda: ask_kind(self, new))

    def open_dialog(self) -> None:
        self._file_dialog_for(self.tr("Open a level"), LEVEL_FILTER, self.open_level_path, saving=False, suffix="level")

    def open_sample_dialog(self) -> None:
        self._file_dialog_for(self.tr("Open a sample level"), LEVEL_FILTER, self.open_level_path, saving=False,
                              suffix="level", start=LEVELS)

    def save(self, then: Callable[[], None] | None = None) -> None:
        if self.document.path is None:
            self.save_as(then)
        else:
            self._save_to(self.document.path, then)

    def save_as(self, then: Callable[[], None] | None = None) -> None:
        self._file_dialog_for(self.tr("Save the level as"), LEVEL_FILTER, lambda path: self._save_to(path, then),
                              saving=True, suffix="level")

    def import_non_dialog(self) -> None:
        self._file_dialog_for(self.tr("Import a puzzle"), IMPORT_FILTER, self.import_non_path, saving=False,
                              suffix="non")

    def import_non_path(self, path, time_limit: float | None = CLUE_SOLVE_SECONDS) -> None:
        """Import a puzzle file (asking first if there are unsaved changes); clues without a
        goal that fits are solved within ``time_limit`` seconds (None: until done or stopped)."""
        path = Path(path)
        self.maybe_discard_changes(lambda: self._import_non(path, time_limit))

    def export_non_dialog(self) -> None:
        """Export the clues (and the drawing as the goal where the format has one) in the
        format of the chosen suffix; a name without one gets the chosen filter's."""
        dialog = self._file_dialog_for(self.tr("Export as a puzzle"), ";;".join(EXPORT_FILTERS), self._export_non,
                                       saving=True, suffix=DEFAULT_SUFFIX[1:])
        connect_alive(dialog.filterSelected, dialog,
                      lambda name: dialog.setDefaultSuffix(EXPORT_FILTERS.get(name, DEFAULT_SUFFIX)[1:]))

    # ------------------------------------------------------------------ files: background work
    def _run(self, function: Callable, on_success: Callable, failure_title: str, path: Path) -> BackgroundJob:
        """``function(task)`` off the GUI thread; its result to ``on_success``, a failure to a message box."""
        job = BackgroundJob(function, owner=self, name=failure_title)
        # A result already queued when the window is deleted must not reach the dead window.
        job.succeeded.connect(lambda result: on_success(result) if shiboken6.isValid(self) else None)
        job.failed.connect(lambda exc: self.show_error(failure_title, exc, path) if shiboken6.isValid(self) else None)
        self._file_jobs.add(job)
        job.done.connect(lambda: self._file_jobs.discard(job))  # queued after succeeded/failed
        return job.start()

    def file_work_pending(self) -> bool:
        """True while a level is being read or written (its result not yet handled)."""
        return bool(self._file_jobs)

    def _stop_opening(self) -> None:
        """Stop the open or import under way, if any: its result never replaces the level."""
        if self._load_job is not None:
            self._load_job.cancel()
        self._show_solving(False)

    def _load(self, path: Path) -> None:
        self._stop_opening()
        self.show_message(self.tr("Opening {0}…").format(path))
        self._load_job = self._run(lambda _task: (load_level(path), read_about(path)),
                                   lambda loaded: self._loaded(loaded[0], path, loaded[1]),
                                   self.tr("Could not open the level"), path)

    def _loaded(self, level: Level, path: Path, about: dict[str, str] | None = None) -> None:
        try:
            self.editor.open_level(level, path, about)
        except ValueError as exc:
            self.show_error(self.tr("Could not open the level"), exc, path)
            return
        remember_recent(path)
        self.show_message(self.tr("Opened {0} ({1}x{2})").format(path, level.width, level.height))

    def _save_to(self, path: Path, then: Callable[[], None] | None = None) -> None:
        path = level_path(path)
        document, level, position = self.document, self.editor.level(), self.editor.history.position()
        about = dict(document.about)
        self.show_message(self.tr("Saving {0}…").format(path))

        def saved(_result):
            if self.document is not document:
                return
            self.editor.saved(path, position)
            remember_recent(path)
            self.show_message(self.tr("Saved {0}").format(path))
            if then is not None:
                then()

        self._save_job = self._run(lambda _task: write_level(level, about, path), saved,
                                   self.tr("Could not save the level"), path)

    def _import_non(self, path: Path, time_limit: float | None = CLUE_SOLVE_SECONDS, index: int | None = None) -> None:
        """Read (and, without a fitting goal, solve) the puzzle off the GUI thread (the
        core's read_puzzle, within ``time_limit`` seconds); meanwhile the status bar shows
        how far solving has got, with a Stop button. What solving found goes to the Assist dock.
        Of a file holding several puzzles, the user chooses one (``index``: the chosen one)."""
        def read(task):
            task.set_time_limit(time_limit)
            return read_puzzle(path, task, index)

        def imported(puzzle: ImportedPuzzle):
            if puzzle.choices:
                chosen, accepted = QInputDialog.getItem(
                    self, self.tr("Import a puzzle"), self.tr("{0} holds {1} puzzles; import:").format(
                        path.name, len(puzzle.choices)), puzzle.choices, 0, False)
                if accepted:
                    self._import_non(path, time_limit, puzzle.choices.index(chosen))
                else:
                    self.show_message(self.tr("Stopped importing {0}").format(path))
                return
            try:
                self.editor.open_imported(puzzle, path)
            except UnsolvableClues as refused:  # the dock shows why
                self.show_message(str(refused))
            except ValueError as exc:  # larger than the editor handles
                self.show_error(self.tr("Could not import the puzzle"), exc, path)
            else:
                self.show_message(self.tr("Imported {0} ({1}x{2}); Save writes {3}").format(
                    path, puzzle.level.width, puzzle.level.height, puzzle.level.path.name))
            # once the level is open: the dock keeps the report until another level is shown
            self.assist_dock.widget().show_clue_report(path, puzzle.report)  # None hides an earlier one

        self._stop_opening()
        self.show_message(self.tr("Importing {0}…").format(path))
        job = self._load_job = self._run(read, imported, self.tr("Could not import the puzzle"), path)
        self.solving_label.setText(self.tr("Reading {0}…").format(path.name))
        self._show_solving(True)
        connect_alive(job.progress, self, lambda progress: self.solving_label.setText(
            f"Solving the clues of {path.name}: {progress.message}"
            + (f" {100 * progress.fraction:.0f}%" if progress.fraction is not None else "")))
        connect_alive(job.cancelled, self,
                      lambda: self.show_message(self.tr("Stopped importing {0}").format(path)) if job is self._load_job
                      else None)
        # a job stopped for a newer open or import leaves the newer one's progress shown
        connect_alive(job.done, self, lambda: self._show_solving(False) if job is self._load_job else None)

    def _show_solving(self, shown: bool) -> None:
        """Show or hide the import's progress and its Stop button in the status bar."""
        self.solving_label.setVisible(shown)
        self.stop_button.setVisible(shown)

    def _export_non(self, path: Path) -> None:
        solution, about, level = self.solution_grid(), dict(self.document.about), self.document.path
        picture = self.document.visible_picture()
        self._save_job = self._run(lambda _task: write_puzzle(path, solution, about, level, picture),
                                   lambda _r: self.show_message(self.tr("Exported {0}").format(path)),
                                   self.tr("Could not export the puzzle"), path)

    def show_error(self, title: str, error: BaseException, path: Path | None = None) -> None:
        """A clear message, never a traceback: LevelError already names the file."""
        text = describe_failure(error, path)
        self.show_message(f"{title}: {text}")
        box = QMessageBox(QMessageBox.Warning, title, text, QMessageBox.Ok, self)
        box.setAttribute(Qt.WA_DeleteOnClose)
        self._message_box = box
        box.open()

    # ------------------------------------------------------------------ recent files
    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = recent_files()
        for path in recent:
            action = self.recent_menu.addAction(path)
            connect_alive(action.triggered, self, lambda _checked=False, p=path: self.open_level_path(p))
        if not recent:
            self.recent_menu.addAction(self.tr("(none yet)")).setEnabled(False)

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
