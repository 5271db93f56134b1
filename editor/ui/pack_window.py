"""The pack gallery: every level and puzzle of a folder at a glance, in play order (File > Open
Folder as Pack, or ``nonogram-editor FOLDER``).

A view of :class:`nonogram_editor.pack.Pack`: each entry shows its picture and solution
thumbnails, title, size, colours, verdict, grade and cleared flag, and its warnings in the tool
tip. The folder is read, and the verdicts filled in (cached by content,
``nonogram_editor.pack.checks``), by :class:`~nonogram_editor.ui.background.BackgroundJob` off the GUI
thread, with progress and Stop in the status bar; the worker only sets the entries' results (plain
Python), and the window redraws on its progress. A change in the folder (a level saved by the
editor or another program) reads it again, and only what changed is checked.

Under the gallery, the difficulty curve (``nonogram_editor.ui.pack_chart``): grade and size
per position in play order. Drag an entry to another place (in play order, unfiltered) to reorder:
``pack.order`` is saved.
Double-click (or Enter) opens it in the editor; File > Back to the Pack comes back. Rename,
duplicate and delete act on the files (``nonogram_editor.pack.files``), and Undo (Ctrl+Z) takes
each back, a reorder too. Make Line-Solvable proposes edits for every level that is not LINE
(``nonogram_editor.ui.pack_batch``), written only when accepted. Export… writes the pack in play
order (``nonogram_editor.publish.export``: a web page, a booklet, a puzzle collection).
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractListModel,
    QFileSystemWatcher,
    QModelIndex,
    QPoint,
    QRect,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeySequence, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListView,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSplitter,
    QToolBar,
)

from nonogram_editor.level import LevelError
from nonogram_editor.pack import Pack
from nonogram_editor.pack.batch import accept, line_solvable_proposals
from nonogram_editor.pack.checks import ResultCache
from nonogram_editor.pack.entries import Entry
from nonogram_editor.pack.files import delete, duplicate, rename
from nonogram_editor.pack.order import write_order
from nonogram_editor.publish.export import ExportOptions, export_pack
from nonogram_editor.qt.lifetime import ask_save_path, connect_alive
from nonogram_editor.ui.background import BackgroundJob
from nonogram_editor.ui.pack_batch import ProposalsDialog
from nonogram_editor.ui.pack_chart import DifficultyChart
from nonogram_editor.ui.pack_thumbnails import GAP, THUMBNAIL, entry_pixmap

TIME_LIMIT = 60.0  # seconds per entry, as ``check``'s default
RELOAD_DELAY_MS = 300  # a burst of changes in the folder is read once
SORTS = {  # the sort box: its text, and the key of an entry (None: play order)
    QT_TRANSLATE_NOOP("PackWindow", "Play order"): None,
    QT_TRANSLATE_NOOP("PackWindow", "Title"): lambda entry: entry.title.casefold(),
    QT_TRANSLATE_NOOP("PackWindow", "Size"): lambda entry: (entry.width * entry.height, entry.width),
    QT_TRANSLATE_NOOP("PackWindow", "Grade"): lambda entry: (entry.result is None or entry.result.grade is None,
                                                            entry.result.grade if entry.result else 0),
    QT_TRANSLATE_NOOP("PackWindow", "Verdict"): lambda entry: entry.result.verdict if entry.result else "~",
    QT_TRANSLATE_NOOP("PackWindow", "Kind"): lambda entry: (entry.kind, entry.colours),
}
EXPORT_FILTERS = {  # the Export dialog's filters (shown through self.tr) and the suffix each writes
    QT_TRANSLATE_NOOP("PackWindow", "Web page that plays the pack (*.html)"): "html",
    QT_TRANSLATE_NOOP("PackWindow", "Printable booklet (*.pdf)"): "pdf",
    QT_TRANSLATE_NOOP("PackWindow", "Puzzle pack (*.nonpack)"): "nonpack",
    QT_TRANSLATE_NOOP("PackWindow", "webpbn XML set (*.xml)"): "xml",
}
ALL = QT_TRANSLATE_NOOP("PackWindow", "All verdicts")
WARNED = QT_TRANSLATE_NOOP("PackWindow", "With warnings")
FILTERS = (ALL, "LINE", "BRANCH", "MULT", "CONTRADICTION", "UNDECIDED", WARNED)


class PackModel(QAbstractListModel):
    """The entries shown (sorted and filtered), for the gallery view."""

    def __init__(self, window: PackWindow):
        super().__init__(window)
        self.window = window
        self.rows: list[Entry] = []
        self.warnings: dict[int, list[str]] = {}  # by id of the entry
        self._pixmaps: dict[tuple, QPixmap] = {}  # by content: a reload keeps them

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008 (Qt's own signature)
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index: QModelIndex, role: int = Qt.DisplayRole):
        if not index.isValid() or index.row() >= len(self.rows):
            return None
        entry = self.rows[index.row()]
        if role == Qt.DisplayRole:
            return self.window.caption(entry, self.warnings.get(id(entry), []))
        if role == Qt.DecorationRole:
            key = (entry.name, entry.digest, entry.index, entry.solution is not None)
            if key not in self._pixmaps:
                self._pixmaps[key] = entry_pixmap(entry)
            return self._pixmaps[key]
        if role == Qt.ToolTipRole:
            return self.window.details(entry, self.warnings.get(id(entry), []))
        return None

    def show(self, rows: list[Entry], warnings: dict[int, list[str]]) -> None:
        self.beginResetModel()
        self.rows, self.warnings = rows, warnings
        self.endResetModel()

    def refresh(self, warnings: dict[int, list[str]] | None = None) -> None:
        if warnings is not None:
            self.warnings = warnings
        if self.rows:
            self.dataChanged.emit(self.index(0), self.index(len(self.rows) - 1))


class PackGallery(QListView):
    """The grid of entries. Dragging one with the left button moves it: ``moved(row, before)``
    (``before``: the row it goes before; the row count for the end). Handled here, without
    QDrag, so that the drop indicator is drawn in the view and plain mouse events drive it."""

    moved = Signal(int, int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setViewMode(QListView.IconMode)
        self.setMovement(QListView.Static)
        self.setResizeMode(QListView.Adjust)
        self.setWrapping(True)
        self.setUniformItemSizes(True)
        self.setWordWrap(True)
        self.setIconSize(QSize(2 * THUMBNAIL + GAP, THUMBNAIL))
        self.setGridSize(QSize(2 * THUMBNAIL + GAP + 24, THUMBNAIL + 90))
        self.setSelectionMode(QAbstractItemView.SingleSelection)
        self.setDragEnabled(False)
        self.reorderable = True
        self._pressed: tuple[QPoint, int] | None = None
        self._drop: int | None = None  # the row a drag would put the entry before

    def mousePressEvent(self, event) -> None:
        index = self.indexAt(event.position().toPoint())
        if event.button() == Qt.LeftButton and index.isValid():
            self._pressed = (event.position().toPoint(), index.row())
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        if self._pressed is not None and self.reorderable:
            start, _row = self._pressed
            point = event.position().toPoint()
            if self._drop is not None or (point - start).manhattanLength() >= QApplication.startDragDistance():
                self._drop = self.drop_row(point)
                self.viewport().update()
                return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        pressed, drop = self._pressed, self._drop
        self._pressed = self._drop = None
        if pressed is not None and drop is not None:
            self.viewport().update()
            if drop not in (pressed[1], pressed[1] + 1):
                self.moved.emit(pressed[1], drop)
            return
        super().mouseReleaseEvent(event)

    def drop_row(self, point: QPoint) -> int:
        """The row an entry dropped at ``point`` goes before (past the middle of an item: after it)."""
        index = self.indexAt(point)
        if not index.isValid():
            return self.model().rowCount()
        rect = self.visualRect(index)
        return index.row() + (1 if point.x() > rect.center().x() else 0)

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if self._drop is None:
            return
        count = self.model().rowCount()
        if self._drop < count:
            rect = self.visualRect(self.model().index(self._drop, 0))
            x = rect.left() - 2
        else:
            rect = self.visualRect(self.model().index(count - 1, 0))
            x = rect.right() + 2
        painter = QPainter(self.viewport())
        painter.fillRect(QRect(x - 2, rect.top(), 4, rect.height()), self.palette().highlight())
        painter.end()


class PackWindow(QMainWindow):
    """The gallery of the pack in ``folder``; ``open_entry(path)`` opens a file in the editor."""

    def __init__(self, folder: Path, open_entry: Callable[[Path], None] | None = None, parent=None,
                 cache: ResultCache | None = None):
        super().__init__(parent, Qt.Window)
        self.setAttribute(Qt.WA_DeleteOnClose)
        self.folder = Path(folder)
        self.open_entry = open_entry
        self.cache = cache if cache is not None else ResultCache()
        self.pack: Pack | None = None
        self.undo_steps: list[tuple[str, Callable[[], None]]] = []
        self._scan_job: BackgroundJob | None = None
        self._check_job: BackgroundJob | None = None
        self._reload_pending = False
        self._warnings: dict[int, list[str]] = {}  # by id(entry), worked out by count_warnings
        self.setWindowTitle(self.tr("{0} - Pack").format(self.folder.name or str(self.folder)))
        self.model = PackModel(self)
        self.gallery = PackGallery(self)
        self.gallery.setModel(self.model)
        self.gallery.moved.connect(self.move_entry)
        self.gallery.activated.connect(self.open_index)
        self.chart = DifficultyChart(self)
        splitter = QSplitter(Qt.Vertical, self)
        splitter.addWidget(self.gallery)
        splitter.addWidget(self.chart)
        splitter.setStretchFactor(0, 1)
        self.setCentralWidget(splitter)
        self._build_tools()
        self.watcher = QFileSystemWatcher([str(self.folder)], self)
        self.watcher.directoryChanged.connect(self._folder_changed)
        self._reload_timer = QTimer(self, singleShot=True, interval=RELOAD_DELAY_MS)
        self._reload_timer.timeout.connect(self.reload)
        self.resize(900, 640)
        self.reload()

    # ------------------------------------------------------------------ the window's parts
    def _build_tools(self) -> None:
        tools = QToolBar(self.tr("Pack"), self)
        tools.setObjectName("pack tools")
        self.addToolBar(tools)
        self.sort_box = QComboBox(self)
        self.sort_box.addItems([self.tr(text) for text in SORTS])
        self.sort_box.setToolTip(self.tr("Sort the entries (drag to reorder in play order)"))
        self.sort_box.currentIndexChanged.connect(self.update_rows)
        self.verdict_box = QComboBox(self)
        self.verdict_box.addItems([self.tr(text) for text in FILTERS])
        self.verdict_box.currentIndexChanged.connect(self.update_rows)
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText(self.tr("Filter by title, file, size or kind"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.update_rows)
        for widget in (QLabel(self.tr("Sort:"), self), self.sort_box, self.verdict_box, self.filter_edit):
            tools.addWidget(widget)
        tools.addSeparator()
        self.open_action = tools.addAction(self.tr("Open"), self.open_selected)
        self.rename_action = tools.addAction(self.tr("Rename…"), self.rename_selected)
        self.duplicate_action = tools.addAction(self.tr("Duplicate"), self.duplicate_selected)
        self.delete_action = tools.addAction(self.tr("Delete"), self.delete_selected)
        self.delete_action.setShortcut(QKeySequence.Delete)
        self.undo_action = tools.addAction(self.tr("Undo"), self.undo)
        self.undo_action.setShortcut(QKeySequence.Undo)
        self.undo_action.setEnabled(False)
        self.check_action = tools.addAction(self.tr("Check All"), self.check_all)
        self.check_action.setToolTip(self.tr("Check every entry again, the cache left aside"))
        self.fix_action = tools.addAction(self.tr("Make Line-Solvable…"), self.make_line_solvable)
        self.fix_action.setToolTip(self.tr("A proposal for every level that is not LINE, shown before any file "
                                           "is written"))
        self.export_action = tools.addAction(self.tr("Export…"), self.export_dialog)
        self.export_action.setToolTip(self.tr("Write the pack in play order: a web page that plays it, a printable "
                                              "booklet with the solutions at the back, or a puzzle collection"))
        self.proposals_dialog = None
        self.save_dialog = None  # the Export dialog while it is open
        self._export_job: BackgroundJob | None = None
        self.progress = QProgressBar(self)
        self.progress.setMaximumWidth(200)
        self.progress.hide()
        self.stop_button = QPushButton(self.tr("Stop"), self)
        self.stop_button.clicked.connect(self.stop_checks)
        self.stop_button.hide()
        self.statusBar().addPermanentWidget(self.progress)
        self.statusBar().addPermanentWidget(self.stop_button)

    def caption(self, entry: Entry, warnings: list[str]) -> str:
        if entry.error is not None:
            return self.tr("{0}\ncannot be read").format(entry.label)
        result = entry.result
        verdict = self.tr("checking…") if result is None else result.verdict
        if result is not None and result.grade is not None:
            verdict += self.tr(" grade {0}").format(result.grade)
        colours = self.tr("{0} colours").format(entry.colours)  # at least two: a background and ink
        line = f"{entry.size} · {colours}" + (self.tr(" · cleared") if entry.cleared else "")
        mark = "\n" + self.tr("⚠ warnings: {0}").format(len(warnings)) if warnings else ""
        return f"{entry.title}\n{line}\n{verdict}{mark}"

    def details(self, entry: Entry, warnings: list[str]) -> str:
        lines = [entry.label]
        if entry.error is not None:
            lines.append(entry.error)
        elif entry.result is not None and entry.result.detail:
            lines.append(entry.result.detail)
        if entry.result is not None and entry.result.grade_words:
            lines.append(entry.result.grade_words)
        return "\n".join(lines + [f"⚠ {warning}" for warning in warnings])

    # ------------------------------------------------------------------ reading and checking
    def reload(self) -> None:
        """Read the folder again (off the GUI thread), then fill in what is not checked yet."""
        if self._scan_job is not None and self._scan_job.running:
            self._reload_pending = True
            return
        self.stop_checks()
        self.statusBar().showMessage(self.tr("Reading {0}…").format(self.folder))
        folder = self.folder
        self._scan_job = BackgroundJob(lambda _task: Pack.open(folder), owner=self, name="pack scan")
        connect_alive(self._scan_job.succeeded, self, self._scanned)
        connect_alive(self._scan_job.failed, self, self._scan_failed)
        connect_alive(self._scan_job.done, self, self._scan_done)
        self._scan_job.start()

    def _scan_done(self) -> None:
        if self._reload_pending:
            self._reload_pending = False
            self.reload()

    def _scan_failed(self, error: Exception) -> None:
        self.statusBar().showMessage(str(error))
        QMessageBox.warning(self, self.tr("Could not open the pack"), str(error))

    def _scanned(self, pack: Pack) -> None:
        self.pack = pack
        for problem in pack.problems:
            self.statusBar().showMessage(problem)
        self.count_warnings()
        self.start_checks()

    def start_checks(self, use_cache: bool = True) -> None:
        pack = self.pack
        if pack is None:
            return
        entries = [entry for entry in pack.entries if entry.error is None and entry.result is None]
        if not entries:
            self._checks_done()
            return
        cache = self.cache

        def check(task) -> None:
            pack.check(cache, TIME_LIMIT, task=task, refresh=not use_cache)

        self.progress.setRange(0, len(entries))
        self.progress.setValue(0)
        self.progress.show()
        self.stop_button.show()
        self._check_job = BackgroundJob(check, owner=self, name="pack checks")
        connect_alive(self._check_job.progress, self, self._checking)
        connect_alive(self._check_job.done, self, self._checks_done)
        self._check_job.start()

    def _checking(self, progress) -> None:
        self.progress.setValue(int(progress.done))
        self.statusBar().showMessage(self.tr("Checking {0}…").format(progress.message))
        self.model.refresh()
        self.chart.update()

    def _checks_done(self) -> None:
        self.progress.hide()
        self.stop_button.hide()
        if self.pack is None:
            return
        checked = sum(entry.result is not None for entry in self.pack.entries)
        self.statusBar().showMessage(self.tr("Entries checked: {0}").format(checked), 8000)
        self.count_warnings()

    def stop_checks(self) -> None:
        if self._check_job is not None and self._check_job.running:
            self._check_job.cancel()

    def checks_running(self) -> bool:
        return any(job is not None and job.running for job in (self._scan_job, self._check_job)) \
            or self._reload_timer.isActive()

    def check_all(self) -> None:
        """Check every entry again, not from the cache (e.g. after an engine upgrade)."""
        if self.pack is None:
            return
        self.stop_checks()
        for entry in self.pack.entries:
            entry.result = None
        self.model.refresh()
        self.start_checks(use_cache=False)

    def make_line_solvable(self) -> None:
        """Proposals from the fix engine for every level that is not LINE (off the GUI thread,
        with progress and Stop), then the dialog that writes the accepted ones."""
        if self.pack is None or self.checks_running():
            self.statusBar().showMessage(self.tr("Wait for the checks to finish first"), 8000)
            return
        entries = list(self.pack.entries)
        self.progress.setRange(0, 0)
        self.progress.show()
        self.stop_button.show()
        self._check_job = BackgroundJob(
            lambda task: line_solvable_proposals(entries, task, done=lambda number, total, entry: task.report(
                number, total, entry.label, force=True)), owner=self, name="pack proposals")
        connect_alive(self._check_job.progress, self, self._proposing)
        connect_alive(self._check_job.succeeded, self, self._proposed)
        connect_alive(self._check_job.done, self, self._checks_done)
        self._check_job.start()

    def _proposing(self, progress) -> None:
        self.progress.setRange(0, int(progress.total or 0))
        self.progress.setValue(int(progress.done))
        self.statusBar().showMessage(self.tr("Looking for edits in {0}…").format(progress.message))

    def _proposed(self, proposals: list) -> None:
        if not proposals:
            self.statusBar().showMessage(self.tr("Every level is line-solvable, or no edit was found"), 8000)
            return
        self.proposals_dialog = ProposalsDialog(proposals, self._write_proposals, self)
        self.proposals_dialog.open()

    def _write_proposals(self, proposals: list) -> None:
        written = 0
        for proposal in proposals:
            try:
                accept(self.folder, proposal)
                written += 1
            except LevelError as error:
                QMessageBox.warning(self, self.tr("Could not write the level"), str(error))
        self.statusBar().showMessage(self.tr("Levels written: {0}").format(written), 8000)
        self.reload()

    def export_dialog(self) -> None:
        """Export…: where to (non-blocking), then :func:`nonogram_editor.publish.export.export_pack`
        off the GUI thread; the format follows the suffix."""
        if self.pack is None or self.checks_running():
            self.statusBar().showMessage(self.tr("Wait for the checks to finish first"), 8000)
            return
        filters = {self.tr(name): suffix for name, suffix in EXPORT_FILTERS.items()}
        name = str(self.folder.parent / f"{self.folder.name}.html")
        dialog = ask_save_path(self, self.tr("Export the pack"), name, ";;".join(filters), "html",
                               lambda chosen: self.export(Path(chosen)))
        connect_alive(dialog.filterSelected, dialog, lambda shown: dialog.setDefaultSuffix(filters.get(shown, "html")))
        self.save_dialog = dialog

    def export(self, path: Path) -> None:
        entries, options = list(self.pack.entries), ExportOptions(self.folder.name, per_page=1)
        self.statusBar().showMessage(self.tr("Exporting to {0}…").format(path))
        self._export_job = BackgroundJob(lambda _task: export_pack(path, entries, options), owner=self,
                                         name="pack export")
        connect_alive(self._export_job.succeeded, self, lambda left_out: self._exported(path, left_out))
        connect_alive(self._export_job.failed, self, lambda error: self._export_failed(path, error))
        self._export_job.start()

    def _exported(self, path: Path, left_out: list[str]) -> None:
        left = self.tr(" ({0} left out: see the tool tip)").format(len(left_out)) if left_out else ""
        self.statusBar().showMessage(self.tr("Exported {0}").format(path) + left)
        self.statusBar().setToolTip("\n".join(left_out))

    def _export_failed(self, path: Path, error: Exception) -> None:
        self.statusBar().showMessage(self.tr("Could not export {0}").format(path))
        QMessageBox.warning(self, self.tr("Could not export the pack"), str(error))

    def _folder_changed(self, _path: str) -> None:
        self._reload_timer.start()

    # ------------------------------------------------------------------ sorting and filtering
    def count_warnings(self) -> None:
        """Work the warnings out again (after the entries, their order or their results changed),
        then show the rows."""
        if self.pack is not None:
            entries = self.pack.entries
            self._warnings = {id(entries[position]): found for position, found in self.pack.warnings().items()}
        self.update_rows()

    def update_rows(self) -> None:
        """The rows the sort and filters choose (a keystroke in the filter: no warnings worked out)."""
        if self.pack is None:
            return
        entries = list(self.pack.entries)
        warnings = self._warnings
        chosen = FILTERS[self.verdict_box.currentIndex()]
        if chosen == WARNED:
            entries = [entry for entry in entries if id(entry) in warnings]
        elif chosen != ALL:
            entries = [entry for entry in entries if entry.result is not None and entry.result.verdict == chosen]
        text = self.filter_edit.text().strip().casefold()
        if text:
            entries = [entry for entry in entries
                       if text in f"{entry.title} {entry.name} {entry.size} {entry.kind}".casefold()]
        key = list(SORTS.values())[self.sort_box.currentIndex()]
        if key is not None:
            entries.sort(key=key)
        self.gallery.reorderable = key is None and len(entries) == len(self.pack.entries)
        self.model.show(entries, warnings)
        self.chart.show_entries(self.pack.entries)

    # ------------------------------------------------------------------ the entries' files
    def selected_entry(self) -> Entry | None:
        index = self.gallery.currentIndex()
        return self.model.rows[index.row()] if index.isValid() and index.row() < len(self.model.rows) else None

    def open_index(self, index: QModelIndex) -> None:
        self.gallery.setCurrentIndex(index)
        self.open_selected()

    def open_selected(self) -> None:
        entry = self.selected_entry()
        if entry is not None and self.open_entry is not None:
            self.open_entry(self.folder / entry.name)

    def move_entry(self, row: int, before: int) -> None:
        """Move the entry shown in ``row`` to go before ``before`` (in play order): pack.order is saved."""
        if self.pack is None:
            return
        entries = list(self.model.rows)
        entry = entries.pop(row)
        entries.insert(before - (1 if before > row else 0), entry)
        old = self.pack.names
        self._change(self.tr("Move {0}").format(entry.label), lambda: self._reorder(entries, old))

    def _reorder(self, entries: list[Entry], old: list[str]) -> Callable[[], None]:
        self.pack.reorder(list(dict.fromkeys(entry.name for entry in entries)))
        self.count_warnings()
        folder = self.folder
        return lambda: write_order(folder, old)

    def rename_selected(self) -> None:
        entry = self.selected_entry()
        if entry is None or self.pack is None:
            return
        dialog = QInputDialog(self)
        dialog.setWindowTitle(self.tr("Rename"))
        dialog.setLabelText(self.tr("New name of {0}:").format(entry.name))
        dialog.setTextValue(entry.name)
        dialog.setAttribute(Qt.WA_DeleteOnClose)
        names, old = self.pack.names, entry.name
        connect_alive(dialog.textValueSelected, self, lambda new: self._change(
            self.tr("Rename {0}").format(old), lambda: rename(self.folder, names, old, new.strip()))
            if new.strip() and new.strip() != old else None)
        self.rename_dialog = dialog
        dialog.open()

    def duplicate_selected(self) -> None:
        entry = self.selected_entry()
        if entry is not None and self.pack is not None:
            names = self.pack.names
            self._change(self.tr("Duplicate {0}").format(entry.name),
                         lambda: duplicate(self.folder, names, entry.name)[1])

    def delete_selected(self) -> None:
        entry = self.selected_entry()
        if entry is not None and self.pack is not None:
            names = self.pack.names
            self._change(self.tr("Delete {0}").format(entry.name), lambda: delete(self.folder, names, entry.name))

    def _change(self, label: str, work: Callable[[], Callable[[], None]]) -> None:
        """Do a change of the files (it returns its undo), keep its undo and read the folder again."""
        try:
            undo = work()
        except LevelError as error:
            self.statusBar().showMessage(str(error), 8000)
            QMessageBox.warning(self, self.tr("Could not change the pack"), str(error))
            return
        self.undo_steps.append((label, undo))
        self.undo_action.setEnabled(True)
        self.undo_action.setToolTip(self.tr("Undo: {0}").format(label))
        self.statusBar().showMessage(label, 8000)
        self.reload()

    def undo(self) -> None:
        if not self.undo_steps:
            return
        label, undo = self.undo_steps.pop()
        try:
            undo()
        except (LevelError, OSError) as error:
            QMessageBox.warning(self, self.tr("Could not undo"), str(error))
        self.undo_action.setEnabled(bool(self.undo_steps))
        self.statusBar().showMessage(self.tr("Undone: {0}").format(label), 8000)
        self.reload()

    def closeEvent(self, event) -> None:
        for job in (self._scan_job, self._check_job):
            if job is not None and job.running:
                job.cancel()
        super().closeEvent(event)
