"""The level editor's main window: two paintable grids, a palette, files that never block.

Files: dialogs are opened with ``QFileDialog.open()`` (never ``exec()``), and levels are
read and written by :class:`~editor.ui.background.BackgroundJob` off the GUI thread.
Errors appear in a window-modal message box opened with ``open()`` and in the status
bar, worded by :class:`~editor.level.LevelError`.

Integration points for the other panels: ``solution_changed`` (emitted after every change
of the solution grid), ``solution_grid()``, ``solution_canvas.set_overlay`` /
``set_line_labels``, ``show_message``, the ``file_menu``/``view_menu``/``puzzles_menu``/
``help_menu`` attributes and ``open_level_path``.
"""
from __future__ import annotations

import sys
import traceback
from pathlib import Path
from typing import Callable

import numpy as np
import shiboken6
from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import (QCheckBox, QColorDialog, QFileDialog, QHBoxLayout, QLabel, QMainWindow, QMessageBox,
                               QScrollArea, QSpinBox, QSplitter, QToolBar, QVBoxLayout, QWidget)

from editor.level import Level, load_level, save_level
from editor.level.document import MAX_SIDE, LevelDocument
from editor.level.metadata import about_of_non, non_metadata, read_about, write_about
from editor.paths import LEVELS
from editor.ui import about_dialog, assist_panel, image_import_dialog, puzzle_docks, solver_panel
from editor.ui.background import BackgroundJob
from editor.ui.commands import ChangePalette, PaintCells, ResizeLevel, SetCleared
from editor.ui.grid_canvas import DEFAULT_CELL, MAX_CELL, MIN_CELL, PictureCanvas, SolutionCanvas
from editor.ui.palette_widget import PaletteWidget, colour_name, qcolor

APP_TITLE = "Nonogram Editor"
RECENT_LIMIT = 8
LEVEL_FILTER = "Levels (*.level)"
NON_FILTER = "Nonogram puzzles (*.non)"
FILLED_TEXT = {True: "filled", False: "empty"}


def app_settings() -> QSettings:
    return QSettings("NonogramStudio", "Nonogram Editor")


class Stroke:
    """A paint stroke in progress: the value it paints and each touched cell's old value."""

    def __init__(self, layer: str, value):
        self.layer, self.value = layer, value
        self.previous: dict[tuple[int, int], object] = {}


class MainWindow(QMainWindow):
    solution_changed = Signal()

    def __init__(self):
        super().__init__()
        self.document = LevelDocument()
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(lambda _clean: self._update_title())
        self._stroke: Stroke | None = None
        self._syncing = False
        self._closing_allowed = False
        self._load_job: BackgroundJob | None = None
        self._save_job: BackgroundJob | None = None
        self._file_jobs: set[BackgroundJob] = set()
        self._file_dialog: QFileDialog | None = None
        self._message_box: QMessageBox | None = None
        self._colour_dialog: QColorDialog | None = None
        self._cell_size = DEFAULT_CELL

        self._build_canvases()
        self._build_toolbar()
        self._build_menus()
        self._build_status_bar()
        self.resize(1180, 760)
        self._replace_document(LevelDocument())

        self.puzzle_docks = self._install("puzzle docks", lambda: puzzle_docks.install(self, self.puzzles_menu))
        self.solver_dock = self._install("solver panel", lambda: solver_panel.install(self))
        self.assist_dock = self._install("assist panel", lambda: assist_panel.install(self, self.solver_dock))
        self._install("image import", lambda: image_import_dialog.install(self))
        self._install("level info", lambda: about_dialog.install(self))
        self._restore_window_state()

    # ------------------------------------------------------------------ building
    def _build_canvases(self) -> None:
        self.solution_canvas = SolutionCanvas(self.document)
        self.picture_canvas = PictureCanvas(self.document)
        self.palette_widget = PaletteWidget()
        for layer, canvas in (("solution", self.solution_canvas), ("picture", self.picture_canvas)):
            canvas.stroke_started.connect(lambda button, layer=layer: self._start_stroke(layer, button))
            canvas.stroke_cells.connect(self._paint_cells)
            canvas.stroke_finished.connect(self._finish_stroke)
            canvas.hovered.connect(lambda row, column, layer=layer: self._show_cell(layer, row, column))
        self.palette_widget.add_requested.connect(self._ask_new_colour)
        self.palette_widget.edit_requested.connect(self._ask_edit_colour)
        self.palette_widget.remove_requested.connect(self.remove_colour)

        solution_scroll = QScrollArea()
        solution_scroll.setWidget(self.solution_canvas)
        solution_scroll.setAlignment(Qt.AlignCenter)
        picture_scroll = QScrollArea()
        picture_scroll.setWidget(self.picture_canvas)
        picture_scroll.setAlignment(Qt.AlignCenter)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(QLabel("<b>Picture</b> (left: paint the current colour, right: pick a colour)"))
        right_layout.addWidget(picture_scroll, 1)
        right_layout.addWidget(QLabel("<b>Palette</b>"))
        right_layout.addWidget(self.palette_widget)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(QLabel("<b>Solution</b> (left: fill, right: clear; drag to paint)"))
        left_layout.addWidget(solution_scroll, 1)
        splitter = QSplitter(Qt.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        self.setCentralWidget(splitter)

    def _build_toolbar(self) -> None:
        toolbar = QToolBar("Level")
        toolbar.setObjectName("level_toolbar")
        self.width_spin, self.height_spin = QSpinBox(), QSpinBox()
        for spin, name in ((self.width_spin, "Width"), (self.height_spin, "Height")):
            spin.setRange(1, MAX_SIDE)
            spin.setKeyboardTracking(False)  # one resize when typing "64", not "6" then "64"
            spin.setToolTip(f"{name} of the level in cells (hidden cells are kept)")
            spin.valueChanged.connect(self._size_edited)
            box = QWidget()
            layout = QHBoxLayout(box)
            layout.setContentsMargins(4, 0, 4, 0)
            layout.addWidget(QLabel(name))
            layout.addWidget(spin)
            toolbar.addWidget(box)
        self.cleared_check = QCheckBox("Cleared")
        self.cleared_check.setToolTip("The .level flag: has the player cleared this level yet")
        self.cleared_check.toggled.connect(self._cleared_edited)
        toolbar.addWidget(self.cleared_check)
        self.addToolBar(toolbar)
        self.level_toolbar = toolbar

    def _action(self, menu, text: str, slot: Callable, shortcut=None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("&File")
        self.new_action = self._action(self.file_menu, "&New", self.new_level, QKeySequence.New, "Start a new 10x10 level")
        self.open_action = self._action(self.file_menu, "&Open…", self.open_dialog, QKeySequence.Open)
        self.recent_menu = self.file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self._action(self.file_menu, "Open &Sample Level…", self.open_sample_dialog,
                     tip="Open one of the levels shipped with the editor")
        self.save_action = self._action(self.file_menu, "&Save", self.save, QKeySequence.Save)
        self.save_as_action = self._action(self.file_menu, "Save &As…", self.save_as, QKeySequence.SaveAs)
        self.file_menu.addSeparator()
        self._import_non_action = self._action(self.file_menu, "&Import .non…", self.import_non_dialog,
                                               tip="Open a puzzle in the .non format")
        self._export_non_action = self._action(self.file_menu, "&Export .non…", self.export_non_dialog,
                                               tip="Save the clues as a .non puzzle")
        self.file_menu.addSeparator()
        self._action(self.file_menu, "&Quit", self.close, QKeySequence.Quit)

        self.edit_menu = edit_menu = bar.addMenu("&Edit")
        undo = self.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.Undo)
        redo = self.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcut(QKeySequence.Redo)
        edit_menu.addAction(undo)
        edit_menu.addAction(redo)
        self.undo_action, self.redo_action = undo, redo

        self.view_menu = bar.addMenu("&View")
        self._action(self.view_menu, "Zoom &In", lambda: self.set_zoom(round(self._cell_size * 1.25)),
                     QKeySequence.ZoomIn)
        self._action(self.view_menu, "Zoom &Out", lambda: self.set_zoom(round(self._cell_size / 1.25)),
                     QKeySequence.ZoomOut)
        self._action(self.view_menu, "&Reset Zoom", lambda: self.set_zoom(DEFAULT_CELL), "Ctrl+0")
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.level_toolbar.toggleViewAction())

        self.puzzles_menu = bar.addMenu("&Puzzles")
        self.help_menu = bar.addMenu("&Help")
        self._action(self.help_menu, "&About", self._about)

    def _build_status_bar(self) -> None:
        self.cell_label = QLabel()
        self.cell_label.setMinimumWidth(260)
        self.statusBar().addPermanentWidget(self.cell_label)

    def _install(self, what: str, install: Callable):
        """Install another part of the studio; one that fails is reported and skipped."""
        try:
            return install()
        except Exception as exc:  # the editor must come up even if a panel is broken
            traceback.print_exc(file=sys.stderr)
            self.show_message(f"The {what} could not be installed: {exc}")
            return None

    # ------------------------------------------------------------------ public API
    def solution_grid(self) -> np.ndarray:
        """The visible solution (height, width), True = filled; a copy."""
        return self.document.visible_solution()

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def open_level_path(self, path) -> None:
        """Open a level (asking first if there are unsaved changes); loads off the GUI thread."""
        path = Path(path)
        self.maybe_discard_changes(lambda: self._load(path))

    def set_zoom(self, cell_size: int) -> None:
        self._cell_size = max(MIN_CELL, min(MAX_CELL, cell_size))
        self.solution_canvas.set_cell_size(self._cell_size)
        self.picture_canvas.set_cell_size(self._cell_size)
        self.show_message(f"Zoom: {self._cell_size} pixels per cell")

    @property
    def cell_size(self) -> int:
        return self._cell_size

    # ------------------------------------------------------------------ document
    def _replace_document(self, document: LevelDocument) -> None:
        self.document = document
        self.undo_stack.clear()
        self.solution_canvas.set_document(document)
        self.picture_canvas.set_document(document)
        self._document_changed({"size", "solution", "picture", "palette", "cleared"})
        self.undo_stack.setClean()
        self._update_title()

    def _document_changed(self, aspects: set[str]) -> None:
        if "size" in aspects or "cleared" in aspects:
            self._syncing = True
            self.width_spin.setValue(self.document.width)
            self.height_spin.setValue(self.document.height)
            self.cleared_check.setChecked(self.document.cleared)
            self._syncing = False
        if "size" in aspects:
            self.picture_canvas.refresh_geometry()
        if "picture" in aspects:
            self.picture_canvas.update()
        if "palette" in aspects:
            self.palette_widget.set_colours(self.document.palette)
        if "solution" in aspects or "size" in aspects:
            self.solution_canvas.refresh_clues()
            self.solution_changed.emit()

    def _update_title(self) -> None:
        name = self.document.path.name if self.document.path else "Untitled"
        self.setWindowTitle(f"{name}[*] — {APP_TITLE}")
        self.setWindowModified(not self.undo_stack.isClean())

    def _size_edited(self, _value: int) -> None:
        if self._syncing:
            return
        width, height = self.width_spin.value(), self.height_spin.value()
        if (width, height) != (self.document.width, self.document.height):
            self.undo_stack.push(ResizeLevel(self.document, width, height, self._document_changed))

    def _cleared_edited(self, cleared: bool) -> None:
        if not self._syncing and cleared != self.document.cleared:
            self.undo_stack.push(SetCleared(self.document, cleared, self._document_changed))

    # ------------------------------------------------------------------ painting
    def _start_stroke(self, layer: str, button) -> None:
        if layer == "solution":
            self._stroke = Stroke(layer, button == Qt.LeftButton)
        elif button == Qt.LeftButton and self.palette_widget.current_colour() is not None:
            self._stroke = Stroke(layer, self.palette_widget.current_colour())
        else:
            self._stroke = None  # right button on the picture: pick colours, paint nothing

    def _paint_cells(self, cells: list[tuple[int, int]]) -> None:
        stroke = self._stroke
        if stroke is None:
            row, column = cells[-1]
            self._pick_colour(tuple(int(v) for v in self.document.picture[row, column]))
            return
        buffer = self.document.solution if stroke.layer == "solution" else self.document.picture
        for cell in cells:
            if cell not in stroke.previous:
                old = buffer[cell]
                stroke.previous[cell] = bool(old) if stroke.layer == "solution" else tuple(int(v) for v in old)
            buffer[cell] = stroke.value
        self._document_changed({stroke.layer})

    def _finish_stroke(self) -> None:
        stroke, self._stroke = self._stroke, None
        if stroke is None:
            return
        changed = {cell: old for cell, old in stroke.previous.items() if old != stroke.value}
        if not changed:
            return
        if stroke.layer == "solution":
            text = f"{'Fill' if stroke.value else 'Clear'} {len(changed)} cell{'s' * (len(changed) != 1)}"
        else:
            text = f"Paint {len(changed)} cell{'s' * (len(changed) != 1)} {colour_name(stroke.value)}"
        self.undo_stack.push(PaintCells(self.document, stroke.layer, changed, stroke.value, self._document_changed,
                                        text))

    def _show_cell(self, layer: str, row: int, column: int) -> None:
        if row < 0:
            self.cell_label.clear()
            return
        if layer == "solution":
            what = FILLED_TEXT[bool(self.document.solution[row, column])]
        else:
            what = colour_name(tuple(int(v) for v in self.document.picture[row, column]))
        self.cell_label.setText(f"{layer.capitalize()}: row {row + 1}, column {column + 1} — {what}")

    # ------------------------------------------------------------------ palette
    def _pick_colour(self, colour) -> None:
        if not self.palette_widget.select_colour(colour):
            self.add_colour(colour)
        self.show_message(f"Picked {colour_name(colour)}")

    def add_colour(self, colour) -> None:
        colour = tuple(int(v) for v in colour)
        if colour in self.document.palette:
            self.palette_widget.select_colour(colour)
            return
        self.undo_stack.push(ChangePalette(self.document, self.document.palette + [colour], self._document_changed,
                                           f"Add colour {colour_name(colour)}"))
        self.palette_widget.select_colour(colour)

    def remove_colour(self, index: int) -> None:
        palette = self.document.palette
        if len(palette) <= 1 or not 0 <= index < len(palette):
            return
        self.undo_stack.push(ChangePalette(self.document, palette[:index] + palette[index + 1:],
                                           self._document_changed, f"Remove colour {colour_name(palette[index])}"))

    def edit_colour(self, index: int, colour) -> None:
        palette, colour = self.document.palette, tuple(int(v) for v in colour)
        if not 0 <= index < len(palette) or palette[index] == colour:
            return
        old = palette[index]
        new_palette = [c for c in palette[:index] + [colour] + palette[index + 1:]]
        if colour in palette:  # merging into an existing colour: keep one swatch
            new_palette = [c for i, c in enumerate(new_palette) if c != colour or i == index]
        self.undo_stack.push(ChangePalette(self.document, new_palette, self._document_changed,
                                           f"Change colour {colour_name(old)} to {colour_name(colour)}",
                                           recolour=(old, colour)))
        self.palette_widget.select_colour(colour)

    def _colour_dialog_for(self, title: str, initial, on_chosen: Callable) -> QColorDialog:
        dialog = QColorDialog(qcolor(initial), self)
        dialog.setWindowTitle(title)
        dialog.setAttribute(Qt.WA_DeleteOnClose)
        dialog.colorSelected.connect(lambda c: on_chosen((c.red(), c.green(), c.blue())))
        self._colour_dialog = dialog
        dialog.open()
        return dialog

    def _ask_new_colour(self) -> None:
        self._colour_dialog_for("Add a colour", self.palette_widget.current_colour() or (0, 0, 0), self.add_colour)

    def _ask_edit_colour(self, index: int) -> None:
        current = self.palette_widget.current_colour()
        if current is not None:
            self._colour_dialog_for("Edit the colour", current, lambda colour: self.edit_colour(index, colour))

    # ------------------------------------------------------------------ unsaved changes
    def maybe_discard_changes(self, then: Callable[[], None]) -> None:
        """Run ``then`` now if nothing is unsaved, otherwise after the user says Save or Discard."""
        if self.undo_stack.isClean():
            then()
            return
        name = self.document.path.name if self.document.path else "the untitled level"
        box = QMessageBox(QMessageBox.Warning, APP_TITLE, f"Save the changes to {name}?",
                          QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, self)
        box.setInformativeText("Your changes will be lost if you don't save them.")
        box.setDefaultButton(QMessageBox.Save)
        box.setAttribute(Qt.WA_DeleteOnClose)
        box.finished.connect(lambda _result: self._unsaved_answered(box.standardButton(box.clickedButton()), then))
        self._message_box = box
        box.open()

    def _unsaved_answered(self, answer, then: Callable[[], None]) -> None:
        if answer == QMessageBox.Save:
            self.save(then=then)
        elif answer == QMessageBox.Discard:
            then()

    def closeEvent(self, event):
        if self._closing_allowed or self.undo_stack.isClean():
            settings = app_settings()
            settings.setValue("main_window/geometry", self.saveGeometry())
            settings.setValue("main_window/state", self.saveState())
            settings.setValue("main_window/cell_size", self._cell_size)
            event.accept()
            return
        event.ignore()
        self.maybe_discard_changes(self._close_now)

    def _close_now(self) -> None:
        self._closing_allowed = True
        self.close()

    def _restore_window_state(self) -> None:
        settings = app_settings()
        geometry, state = settings.value("main_window/geometry"), settings.value("main_window/state")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self.restoreState(state)
        cell_size = settings.value("main_window/cell_size")
        if cell_size is not None:
            self.set_zoom(int(cell_size))

    # ------------------------------------------------------------------ files: dialogs
    def _file_dialog_for(self, title: str, name_filter: str, on_chosen: Callable[[Path], None], saving: bool,
                         suffix: str, start: Path | None = None) -> QFileDialog:
        """A non-blocking file dialog: shown with ``open()``, answered through ``fileSelected``."""
        folder = start or (self.document.path.parent if self.document.path else Path.cwd())
        dialog = QFileDialog(self, title, str(folder), name_filter)
        dialog.setAttribute(Qt.WA_DeleteOnClose)
        if saving:
            dialog.setAcceptMode(QFileDialog.AcceptSave)
            dialog.setFileMode(QFileDialog.AnyFile)
            dialog.setDefaultSuffix(suffix)
            if self.document.path:
                dialog.selectFile(self.document.path.with_suffix("." + suffix).name)
        else:
            dialog.setFileMode(QFileDialog.ExistingFile)
        dialog.fileSelected.connect(lambda name: on_chosen(Path(name)) if name else None)
        self._file_dialog = dialog
        dialog.open()
        return dialog

    def new_level(self) -> None:
        self.maybe_discard_changes(lambda: (self._replace_document(LevelDocument()),
                                            self.show_message("New 10x10 level")))

    def open_dialog(self) -> None:
        self._file_dialog_for("Open a level", LEVEL_FILTER, self.open_level_path, saving=False, suffix="level")

    def open_sample_dialog(self) -> None:
        self._file_dialog_for("Open a sample level", LEVEL_FILTER, self.open_level_path, saving=False,
                              suffix="level", start=LEVELS)

    def save(self, then: Callable[[], None] | None = None) -> None:
        if self.document.path is None:
            self.save_as(then)
        else:
            self._save_to(self.document.path, then)

    def save_as(self, then: Callable[[], None] | None = None) -> None:
        self._file_dialog_for("Save the level as", LEVEL_FILTER, lambda path: self._save_to(path, then),
                              saving=True, suffix="level")

    def import_non_dialog(self) -> None:
        self._file_dialog_for("Import a .non puzzle", NON_FILTER,
                              lambda path: self.maybe_discard_changes(lambda: self._import_non(path)),
                              saving=False, suffix="non")

    def export_non_dialog(self) -> None:
        self._file_dialog_for("Export as a .non puzzle", NON_FILTER, self._export_non, saving=True, suffix="non")

    # ------------------------------------------------------------------ files: background work
    def _run(self, function: Callable, on_success: Callable, failure_title: str, path: Path) -> BackgroundJob:
        job = BackgroundJob(lambda task: function(), owner=self, name=failure_title)
        # A result already queued when the window is deleted must not reach the dead window.
        job.succeeded.connect(lambda result: on_success(result) if shiboken6.isValid(self) else None)
        job.failed.connect(lambda exc: self.show_error(failure_title, exc, path) if shiboken6.isValid(self) else None)
        self._file_jobs.add(job)
        job.done.connect(lambda: self._file_jobs.discard(job))  # queued after succeeded/failed
        return job.start()

    def file_work_pending(self) -> bool:
        """True while a level is being read or written (its result not yet handled)."""
        return bool(self._file_jobs)

    def _load(self, path: Path) -> None:
        self.show_message(f"Opening {path}…")
        self._load_job = self._run(lambda: (load_level(path), read_about(path)),
                                   lambda loaded: self._loaded(loaded[0], path, loaded[1]),
                                   "Could not open the level", path)

    def _loaded(self, level: Level, path: Path, about: dict[str, str] | None = None) -> None:
        try:
            document = LevelDocument.from_level(level, path)
        except ValueError as exc:
            self.show_error("Could not open the level", exc, path)
            return
        document.about = dict(about or {})
        self._replace_document(document)
        self._remember_recent(path)
        self.show_message(f"Opened {path} ({level.width}x{level.height})")

    def _save_to(self, path: Path, then: Callable[[], None] | None = None) -> None:
        if path.suffix != ".level":
            path = path.with_name(path.name + ".level")
        document, index = self.document, self.undo_stack.index()
        level, about = document.to_level(), dict(document.about)
        self.show_message(f"Saving {path}…")

        def saved(_result):
            if self.document is not document:
                return
            document.path = path
            if self.undo_stack.index() == index:
                self.undo_stack.setClean()
            self._update_title()
            self._remember_recent(path)
            self.show_message(f"Saved {path}")
            if then is not None:
                then()

        self._save_job = self._run(lambda: (save_level(level, path), write_about(path, about)), saved,
                                   "Could not save the level", path)

    def _import_non(self, path: Path) -> None:
        def read():
            from editor.level.non_format import read_non  # the .non support is optional at import time
            from editor.nonogram.clue_solve import solve_clues
            from editor.tasks import Task

            puzzle = read_non(path)
            if puzzle.goal is not None and puzzle.goal_fits():
                return puzzle, None
            # no goal, or one that does not fit: the clues decide (and the dock says what was found)
            return puzzle, solve_clues(puzzle.row_clues, puzzle.column_clues, puzzle.goal, Task(time_limit=60))

        def imported(result):
            puzzle, report = result
            if report is not None:
                self.assist_dock.widget().show_clue_report(path, report)
                if not report.solutions:
                    self.show_message(f"{path}: {report.describe()}")
                    return
            solution = np.asarray(puzzle.goal if report is None else report.solutions[0], dtype=bool)
            picture = np.where(solution[:, :, None], np.uint8(0), np.uint8(255)).repeat(3, axis=2)
            self._loaded(Level(solution, picture), path.with_suffix(".level"), about_of_non(puzzle))
            self.show_message(f"Imported {path} ({puzzle.width}x{puzzle.height}); Save writes "
                              f"{path.with_suffix('.level').name}")

        self._load_job = self._run(read, imported, "Could not import the puzzle", path)

    def _export_non(self, path: Path) -> None:
        solution, (title, metadata) = self.solution_grid(), non_metadata(self.document.about)
        title = title or (self.document.path.stem if self.document.path else path.stem)

        def write():
            from editor.level.non_format import write_non

            write_non(path, solution, title=title, metadata=metadata)

        self._save_job = self._run(write, lambda _r: self.show_message(f"Exported {path}"),
                                   "Could not export the puzzle", path)

    def show_error(self, title: str, error: BaseException, path: Path | None = None) -> None:
        """A clear message, never a traceback: LevelError already names the file."""
        text = str(error)
        if path is not None and str(path) not in text:
            text = f"{path}: {text}"
        if isinstance(error, ImportError):
            text = f"{path}: this feature is not available in this installation ({error})"
        self.show_message(f"{title}: {text}")
        box = QMessageBox(QMessageBox.Warning, title, text, QMessageBox.Ok, self)
        box.setAttribute(Qt.WA_DeleteOnClose)
        self._message_box = box
        box.open()

    # ------------------------------------------------------------------ recent files
    def recent_files(self) -> list[str]:
        value = app_settings().value("recent_files", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in value or []]

    def _remember_recent(self, path: Path) -> None:
        path_text = str(Path(path).resolve())
        recent = [path_text] + [p for p in self.recent_files() if p != path_text]
        app_settings().setValue("recent_files", recent[:RECENT_LIMIT])

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.recent_files()
        for path in recent:
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _checked=False, p=path: self.open_level_path(p))
        if not recent:
            self.recent_menu.addAction("(none yet)").setEnabled(False)

    def _about(self) -> None:
        box = QMessageBox(QMessageBox.Information, f"About {APP_TITLE}",
                          f"{APP_TITLE}: draw nonogram levels (solution + colour picture) in the format of "
                          f"the Logic Paint game.", QMessageBox.Ok, self)
        box.setAttribute(Qt.WA_DeleteOnClose)
        box.open()
