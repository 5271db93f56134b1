"""The main window's files: File menu dialogs, and levels read and written off the GUI thread.

Dialogs are opened with ``QFileDialog.open()`` (never ``exec()``), and levels are read and
written by :class:`~nonogram_editor.ui.background.BackgroundJob` off the GUI thread. Errors
appear through the window's ``show_error``, worded by :class:`~nonogram_editor.level.LevelError`.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import shiboken6
from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, Qt
from PySide6.QtWidgets import QFileDialog, QInputDialog, QLabel, QPushButton

from nonogram_editor.core import ImportedPuzzle, UnsolvableClues, read_puzzle
from nonogram_editor.core.level_files import CLUE_SOLVE_SECONDS, level_path, write_level, write_puzzle
from nonogram_editor.infra.paths import LEVELS
from nonogram_editor.level import Level, load_level
from nonogram_editor.level.colour import COLOUR
from nonogram_editor.level.metadata import read_about
from nonogram_editor.level.puzzle_formats import DEFAULT_SUFFIX, PUZZLE_FORMATS, PUZZLE_SUFFIXES
from nonogram_editor.qt.lifetime import ask_save_path, connect_alive
from nonogram_editor.ui.background import BackgroundJob
from nonogram_editor.ui.colour_actions import ask_kind
from nonogram_editor.ui.settings import recent_files, remember_recent

LEVEL_FILTER = QT_TRANSLATE_NOOP("FileActions", "Levels (*.level)")  # shown through self.tr
EXPORT_FILTERS = {format.name_filter: format.suffix for format in PUZZLE_FORMATS.values()}
IMPORT_FILTER = ";;".join([f"Puzzles ({' '.join('*' + suffix for suffix in PUZZLE_SUFFIXES)})", *EXPORT_FILTERS])


class FileActions(QObject):
    """New, Open, Save, Import and Export for ``window`` (a MainWindow), and their background jobs.
    The status bar shows an import's progress (``solving_label``) with a ``stop_button``."""

    def __init__(self, window):
        super().__init__(window)
        self._window = window
        self._load_job: BackgroundJob | None = None  # the newest open or import: starting another stops it
        self._jobs: set[BackgroundJob] = set()
        self.dialog: QFileDialog | None = None  # the file dialog open now, if any
        self.pack_window = None  # the pack gallery opened last (File > Open Folder as Pack)
        self.solving_label = QLabel()  # how far solving an imported puzzle's clues has got
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Stop solving the imported puzzle's clues (nothing is opened)"))
        connect_alive(self.stop_button.clicked, window, self._stop_opening)  # the window's status bar shows both
        self._show_solving(False)

    # ------------------------------------------------------------------ dialogs
    def dialog_for(self, title: str, name_filter: str, on_chosen: Callable[[Path], None], saving: bool,
                   suffix: str, start: Path | None = None) -> QFileDialog:
        """A non-blocking file dialog: shown with ``open()``, answered through ``fileSelected``;
        a Save dialog offers the level's name with ``suffix``."""
        path = self._window.document.path
        folder = start or (path.parent if path else Path.cwd())

        def chosen(name: str) -> None:
            if name:
                on_chosen(Path(name))

        if saving:
            name = folder / path.with_suffix("." + suffix).name if path else folder
            dialog = ask_save_path(self._window, title, str(name), self.tr(name_filter), suffix, chosen)
        else:
            dialog = QFileDialog(self._window, title, str(folder), self.tr(name_filter))
            dialog.setAttribute(Qt.WA_DeleteOnClose)
            dialog.setFileMode(QFileDialog.ExistingFile)
            connect_alive(dialog.fileSelected, self._window, chosen)
            dialog.open()
        self.dialog = dialog
        return dialog

    def new_level(self) -> None:
        """Ask which kind of level (:func:`nonogram_editor.ui.colour_actions.ask_kind`), then start one."""
        window = self._window

        def new(kind: str):
            self._stop_opening()
            window.editor.new(kind=kind)
            window.show_message(self.tr("New 10x10 colour level") if kind == COLOUR else self.tr("New 10x10 level"))
        window.maybe_discard_changes(lambda: ask_kind(window, new))

    def open_dialog(self) -> None:
        self.dialog_for(self.tr("Open a level"), LEVEL_FILTER, self.open_level_path, saving=False, suffix="level")

    def open_sample_dialog(self) -> None:
        self.dialog_for(self.tr("Open a sample level"), LEVEL_FILTER, self.open_level_path, saving=False,
                        suffix="level", start=LEVELS)

    def save(self, then: Callable[[], None] | None = None) -> None:
        path = self._window.document.path
        if path is None:
            self.save_as(then)
        else:
            self._save_to(path, then)

    def save_as(self, then: Callable[[], None] | None = None) -> None:
        self.dialog_for(self.tr("Save the level as"), LEVEL_FILTER, lambda path: self._save_to(path, then),
                        saving=True, suffix="level")

    def import_non_dialog(self) -> None:
        self.dialog_for(self.tr("Import a puzzle"), IMPORT_FILTER, self.import_non_path, saving=False, suffix="non")

    def export_non_dialog(self) -> None:
        """Export the clues (and the drawing as the goal where the format has one) in the
        format of the chosen suffix; a name without one gets the chosen filter's."""
        dialog = self.dialog_for(self.tr("Export as a puzzle"), ";;".join(EXPORT_FILTERS), self._export_non,
                                 saving=True,
                                 suffix=DEFAULT_SUFFIX[1:])
        connect_alive(dialog.filterSelected, dialog,
                      lambda name: dialog.setDefaultSuffix(EXPORT_FILTERS.get(name, DEFAULT_SUFFIX)[1:]))

    def open_pack_dialog(self) -> None:
        """File > Open Folder as Pack: a folder chooser (non-blocking), then the gallery."""
        path = self._window.document.path
        dialog = QFileDialog(self._window, self.tr("Open a folder as a pack"), str(path.parent if path else Path.cwd()))
        dialog.setAttribute(Qt.WA_DeleteOnClose)
        dialog.setFileMode(QFileDialog.Directory)
        dialog.setOption(QFileDialog.ShowDirsOnly, True)
        connect_alive(dialog.fileSelected, self._window, lambda name: self.open_pack(Path(name)) if name else None)
        self.dialog = dialog
        dialog.open()

    def open_pack(self, folder) -> None:
        """Show the gallery of the pack in ``folder`` (nonogram_editor.ui.pack_window); its entries open here."""
        from nonogram_editor.ui.pack_window import PackWindow

        if self.pack_window is not None and shiboken6.isValid(self.pack_window):
            self.pack_window.close()
        self.pack_window = PackWindow(Path(folder), self._open_from_pack, self._window)
        self.pack_window.show()

    def _open_from_pack(self, path: Path) -> None:
        self.open_path(path)
        self._window.raise_()
        self._window.activateWindow()

    def show_pack(self) -> None:
        """File > Back to the Pack."""
        if self.pack_window is not None and shiboken6.isValid(self.pack_window):
            self.pack_window.show()
            self.pack_window.raise_()
            self.pack_window.activateWindow()
        else:
            self._window.show_message(self.tr("No pack is open: File > Open Folder as Pack"))

    def fill_recent_menu(self) -> None:
        menu = self._window.recent_menu
        menu.clear()
        recent = recent_files()
        for path in recent:
            action = menu.addAction(path)
            connect_alive(action.triggered, self._window, lambda _checked=False, p=path: self.open_level_path(p))
        if not recent:
            menu.addAction(self.tr("(none yet)")).setEnabled(False)

    # ------------------------------------------------------------------ opening
    def open_path(self, path) -> None:
        """Open a level, or import a puzzle file (what the command line and a double-click give)."""
        if Path(path).suffix.lower() in PUZZLE_SUFFIXES:
            self.import_non_path(path)
        else:
            self.open_level_path(path)

    def open_level_path(self, path) -> None:
        """Open a level (asking first if there are unsaved changes); loads off the GUI thread."""
        path = Path(path)
        self._window.maybe_discard_changes(lambda: self._load(path))

    def import_non_path(self, path, time_limit: float | None = CLUE_SOLVE_SECONDS) -> None:
        """Import a puzzle file (asking first if there are unsaved changes); clues without a
        goal that fits are solved within ``time_limit`` seconds (None: until done or stopped)."""
        path = Path(path)
        self._window.maybe_discard_changes(lambda: self._import_non(path, time_limit))

    # ------------------------------------------------------------------ background work
    def run(self, function: Callable, on_success: Callable, failure_title: str, path: Path) -> BackgroundJob:
        """``function(task)`` off the GUI thread; its result to ``on_success``, a failure to a message box."""
        window = self._window
        job = BackgroundJob(function, owner=window, name=failure_title)
        # A result already queued when the window is deleted must not reach the dead window.
        job.succeeded.connect(lambda result: on_success(result) if shiboken6.isValid(window) else None)
        job.failed.connect(
            lambda exc: window.show_error(failure_title, exc, path) if shiboken6.isValid(window) else None)
        self._jobs.add(job)
        job.done.connect(lambda: self._jobs.discard(job))  # queued after succeeded/failed
        return job.start()

    def work_pending(self) -> bool:
        """True while a level is being read or written (its result not yet handled)."""
        return bool(self._jobs)

    def _stop_opening(self) -> None:
        """Stop the open or import under way, if any: its result never replaces the level."""
        if self._load_job is not None:
            self._load_job.cancel()
        self._show_solving(False)

    def _load(self, path: Path) -> None:
        self._stop_opening()
        self._window.show_message(self.tr("Opening {0}…").format(path))
        self._load_job = self.run(lambda _task: (load_level(path), read_about(path)),
                                  lambda loaded: self._loaded(loaded[0], path, loaded[1]),
                                  self.tr("Could not open the level"), path)

    def _loaded(self, level: Level, path: Path, about: dict[str, str] | None = None) -> None:
        try:
            self._window.editor.open_level(level, path, about)
        except ValueError as exc:
            self._window.show_error(self.tr("Could not open the level"), exc, path)
            return
        remember_recent(path)
        self._window.show_message(self.tr("Opened {0} ({1}x{2})").format(path, level.width, level.height))

    def _save_to(self, path: Path, then: Callable[[], None] | None = None) -> None:
        window = self._window
        path = level_path(path)
        document, level, position = window.document, window.editor.level(), window.editor.history.position()
        about = dict(document.about)
        window.show_message(self.tr("Saving {0}…").format(path))

        def saved(_result):
            if window.document is not document:
                return
            window.editor.saved(path, position)
            remember_recent(path)
            window.show_message(self.tr("Saved {0}").format(path))
            if then is not None:
                then()

        self.run(lambda _task: write_level(level, about, path), saved, self.tr("Could not save the level"), path)

    def _import_non(self, path: Path, time_limit: float | None = CLUE_SOLVE_SECONDS, index: int | None = None) -> None:
        """Read (and, without a fitting goal, solve) the puzzle off the GUI thread (the
        core's read_puzzle, within ``time_limit`` seconds); meanwhile the status bar shows
        how far solving has got, with a Stop button. What solving found goes to the Assist dock.
        Of a file holding several puzzles, the user chooses one (``index``: the chosen one)."""
        window = self._window

        def read(task):
            task.set_time_limit(time_limit)
            return read_puzzle(path, task, index)

        def imported(puzzle: ImportedPuzzle):
            if puzzle.choices:
                chosen, accepted = QInputDialog.getItem(
                    window, self.tr("Import a puzzle"), self.tr("{0} holds {1} puzzles; import:").format(
                        path.name, len(puzzle.choices)), puzzle.choices, 0, False)
                if accepted:
                    self._import_non(path, time_limit, puzzle.choices.index(chosen))
                else:
                    window.show_message(self.tr("Stopped importing {0}").format(path))
                return
            try:
                window.editor.open_imported(puzzle, path)
            except UnsolvableClues as refused:  # the dock shows why
                window.show_message(str(refused))
            except ValueError as exc:  # larger than the editor handles
                window.show_error(self.tr("Could not import the puzzle"), exc, path)
            else:
                window.show_message(self.tr("Imported {0} ({1}x{2}); Save writes {3}").format(
                    path, puzzle.level.width, puzzle.level.height, puzzle.level.path.name))
            # once the level is open: the dock keeps the report until another level is shown
            window.assist_dock.widget().show_clue_report(path, puzzle.report)  # None hides an earlier one

        self._stop_opening()
        window.show_message(self.tr("Importing {0}…").format(path))
        job = self._load_job = self.run(read, imported, self.tr("Could not import the puzzle"), path)
        self.solving_label.setText(self.tr("Reading {0}…").format(path.name))
        self._show_solving(True)
        connect_alive(job.progress, window, lambda progress: self.solving_label.setText(
            f"Solving the clues of {path.name}: {progress.message}"
            + (f" {100 * progress.fraction:.0f}%" if progress.fraction is not None else "")))
        connect_alive(job.cancelled, window,
                      lambda: window.show_message(self.tr("Stopped importing {0}").format(path))
                      if job is self._load_job else None)
        # a job stopped for a newer open or import leaves the newer one's progress shown
        connect_alive(job.done, window, lambda: self._show_solving(False) if job is self._load_job else None)

    def _show_solving(self, shown: bool) -> None:
        """Show or hide the import's progress and its Stop button in the status bar."""
        self.solving_label.setVisible(shown)
        self.stop_button.setVisible(shown)

    def _export_non(self, path: Path) -> None:
        window = self._window
        solution, about, level = window.solution_grid(), dict(window.document.about), window.document.path
        picture = window.document.visible_picture()
        self.run(lambda _task: write_puzzle(path, solution, about, level, picture),
                 lambda _r: window.show_message(self.tr("Exported {0}").format(path)),
                 self.tr("Could not export the puzzle"), path)
