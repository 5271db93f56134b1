"""Live uniqueness checking in the editor: the solver dock.

Every edit of the solution restarts a short single-shot timer; when it fires, the drawing
is checked by :func:`nonogram_editor.nonogram.verdict.check_drawing` in a
:class:`~nonogram_editor.ui.background.BackgroundJob` (the GUI thread only copies the grid and
shows results): line logic first, and when it stalls the search for another solution,
which may take longer and reports its progress (from the first drawing that stalls on, a
SAT process waits ready, its start-up paid, for the check that needs it). Bursts of edits
coalesce into one check, a new check cancels the one in flight, and a result is shown only
if its drawing is the newest check's and still what the grid shows, so painting never
waits for the solver and a stale verdict never appears.

While a check runs, the last verdict stays on screen. A drawing not decided within
``SLOW_CHECK_MS`` of its edit (counted from the edit, not from the check's start, which a
busy GUI thread or a burst of edits delays) marks it "re-checking" and shows how far line
logic got on the new drawing (its open cells and line counts); a quicker one replaces it
with no step between.
The line counts are counted after the verdict is shown, in a job of their own that the
next edit cancels (only the lines whose clue or known cells changed are counted again).

The SAT solver's processes are bounded in memory (:func:`nonogram_editor.infra.child_process.set_memory_limit`):
the dock's spin box sets the limit, kept in the settings (``MEMORY_LIMIT_KEY``); changing it
ends the SAT process waiting ready (it has the old limit) and checks a drawing UNDECIDED by the
memory limit again.

What the designer sees: the verdict in words with sweeps and time; on the grid, the cells
line logic leaves open (shaded) and, for MULT, the cells where another solution differs
(the choice to show them holds across edits); beside each row and column its number of
placements still possible where line logic stopped, coloured determined / ambiguous /
contradiction, with a legend.
"""
from __future__ import annotations

import time

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QImage, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QFormLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from nonogram_editor.core.colour_level import alternative_picture, check_colour_grid, puzzle_palette
from nonogram_editor.infra.tasks import Task
from nonogram_editor.nonogram.verdict import Kind, Rechecks, Verdict, keep_sat_process_ready
from nonogram_editor.qt.lifetime import connect_alive
from nonogram_editor.ui.background import BackgroundJob
from nonogram_editor.ui.overlays import OverlaySet, legend_html
from nonogram_editor.ui.settings import app_settings, read_setting

COALESCE_MS = 6  # quiet time after an edit before checking (restarted by each edit)
MAX_DEFER_MS = 150  # during a long drag, check at least this often
SLOW_CHECK_MS = 300  # an edit not decided by then marks the last verdict "re-checking"
OPEN_OVERLAY = "solver: open after line logic"
DIFFERENCE_OVERLAY = "solver: differs in the other solution"
OPEN_COLOUR = QColor(70, 130, 230, 90)
DIFFERENCE_COLOUR = QColor(235, 90, 0, 170)
DETERMINED_COLOUR = QColor(30, 140, 60)
AMBIGUOUS_COLOUR = QColor(200, 125, 0)
CONTRADICTION_COLOUR = QColor(200, 40, 40)
VERDICT_COLOURS = {Kind.LINE: DETERMINED_COLOUR, Kind.BRANCH: AMBIGUOUS_COLOUR, Kind.MULT: CONTRADICTION_COLOUR,
                   Kind.CONTRADICTION: CONTRADICTION_COLOUR, Kind.STALLED: QColor(110, 110, 110),
                   Kind.UNDECIDED: QColor(110, 110, 110)}
CHECK_TIME_LIMIT = 60.0  # seconds a full check may take before the dock says UNDECIDED (a core is busy meanwhile)
MEMORY_LIMIT_KEY = "solver/memory_limit_mb"  # the settings' memory limit of the solver's processes (0: none)
MEMORY_LIMIT_STEP = 256  # MB per step of the dock's spin box


def compact_count(count: int) -> str:
    """A placement count in at most four characters: 7, 950, 12k, 3.4M, 2e15."""
    if count < 1000:
        return str(count)
    for limit, suffix in ((10**6, "k"), (10**9, "M"), (10**12, "G")):
        if count < limit:
            value = count / (limit // 1000)
            return f"{value:.1f}{suffix}" if value < 10 else f"{value:.0f}{suffix}"
    return f"{count:.0e}".replace("e+", "e")


def count_colour(count: int) -> QColor:
    if count == 1:
        return DETERMINED_COLOUR
    return CONTRADICTION_COLOUR if count == 0 else AMBIGUOUS_COLOUR


def check_in_background(drawing: np.ndarray, task: Task, line_logic_only: bool = False,
                        rechecks: Rechecks | None = None) -> Verdict:
    """A background job: the verdict on ``drawing``. ``rechecks``: the dock's checks so far,
    whose last decided verdict the check reuses. A colour level's drawing (palette indices,
    not booleans) goes to the colour engine, in the same two steps."""
    task.set_time_limit(CHECK_TIME_LIMIT)
    rechecks = rechecks or Rechecks()
    if drawing.dtype != bool:
        return rechecks.check(drawing, task, line_logic_only, check_colour_grid)
    if not line_logic_only:  # line logic stalled: this check or a later one may need the SAT solver
        keep_sat_process_ready()
    return rechecks.check(drawing, task, line_logic_only)


def _apply_saved_memory_limit() -> int:
    """The memory limit of the solver's processes kept in the settings (MB, 0: none; the command
    line's default where none is kept), put in force."""
    from nonogram_editor.infra.child_process import MEMORY_LIMIT_MB, set_memory_limit

    megabytes = max(0, read_setting(app_settings(), MEMORY_LIMIT_KEY, MEMORY_LIMIT_MB))
    set_memory_limit(megabytes)
    return megabytes


def count_in_background(verdict: Verdict, task: Task) -> tuple[list[int], list[int]]:
    """A background job: each line's placements still possible where line logic stopped."""
    return verdict.puzzle.line_counts(verdict.logic, task)


# The texts are shown through SolverPanel.tr; QT_TRANSLATE_NOOP marks them for pyside6-lupdate.
LEGEND = ((DETERMINED_COLOUR, QT_TRANSLATE_NOOP("SolverPanel", "line count 1: the line is determined")),
          (AMBIGUOUS_COLOUR, QT_TRANSLATE_NOOP("SolverPanel", "count above 1: the line is still ambiguous")),
          (CONTRADICTION_COLOUR, QT_TRANSLATE_NOOP("SolverPanel", "count 0: the line contradicts")),
          (OPEN_COLOUR, QT_TRANSLATE_NOOP("SolverPanel", "shaded: cells line logic leaves open")),
          (DIFFERENCE_COLOUR, QT_TRANSLATE_NOOP("SolverPanel", "cells another solution paints differently")))
LEGEND_NOTE = QT_TRANSLATE_NOOP("SolverPanel", "The numbers beside the rows and under the columns count the ways "
                                "each line's clue can still be placed where line logic stops.")


def picture_pixmap(picture: np.ndarray, differing: np.ndarray, cell: int) -> QPixmap:
    """The alternative solution, filled cells dark, the cells it changes in orange."""
    height, width = picture.shape
    rgb = np.full((height, width, 3), 255, dtype=np.uint8)
    rgb[picture] = (40, 40, 40)
    rgb[differing & picture] = (235, 90, 0)
    rgb[differing & ~picture] = (255, 205, 160)
    return _pixmap(rgb, cell)


def colour_picture_pixmap(rgb: np.ndarray, differing: np.ndarray, cell: int) -> QPixmap:
    """A colour level's alternative solution in its colours, each cell it changes framed in orange."""
    height, width = differing.shape
    big = np.ascontiguousarray(rgb.repeat(cell, axis=0).repeat(cell, axis=1))
    frame = np.zeros((cell, cell), dtype=bool)
    edge = max(1, cell // 4)
    frame[:edge], frame[-edge:], frame[:, :edge], frame[:, -edge:] = True, True, True, True
    big[np.kron(differing, np.ones((cell, cell), dtype=bool)) & np.tile(frame, (height, width))] = (235, 90, 0)
    return _pixmap(big, 1)


def _pixmap(rgb: np.ndarray, cell: int) -> QPixmap:
    height, width = rgb.shape[:2]
    rgb = np.ascontiguousarray(rgb.repeat(cell, axis=0).repeat(cell, axis=1))
    image = QImage(rgb.data, width * cell, height * cell, 3 * width * cell, QImage.Format_RGB888)
    return QPixmap.fromImage(image.copy())


class SolverPanel(QWidget):
    """The dock's contents; drives the background checks for ``main_window``."""

    verdict_shown = Signal(object)  # the Verdict, once it is on screen
    rechecking_shown = Signal()  # the headline now marks the last verdict "re-checking"
    counts_shown = Signal(object)  # the Verdict whose line counts are now beside the grid

    def __init__(self, main_window, parent=None):
        super().__init__(parent)
        self._window = main_window
        self._checked_drawing: np.ndarray | None = None  # the drawing of the newest check started
        self._decided_drawing: np.ndarray | None = None  # the drawing whose check has ended (verdict or failure shown)
        self._first_pending_edit: float | None = None
        self._job: BackgroundJob | None = None
        self._counts_job: BackgroundJob | None = None
        self.verdict: Verdict | None = None  # the newest verdict shown (STALLED while a slow check goes on)
        self._decided: Verdict | None = None  # the newest final verdict shown
        self._stalled: tuple[Verdict, np.ndarray] | None = None  # line logic's STALLED and its drawing, not shown yet
        self._counts: tuple[Verdict, tuple[list[int], list[int]]] | None = None  # the newest counted
        self.counted: Verdict | None = None  # the verdict whose line counts are beside the grid
        self._rechecks = Rechecks()  # the checks so far: the last decided verdict is the next one's hint
        # what the canvas shows now: unchanged overlays and labels are not sent again, so a
        # verdict that changes nothing on the grid costs the grid no repaint or relayout
        self.overlays = OverlaySet(main_window.solution_canvas)
        self._labels_shown: tuple | None = None
        self._headline_shown: str | None = None

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(COALESCE_MS)
        self._timer.timeout.connect(self._start_check)
        self._slow_timer = QTimer(self)  # from an edit not yet decided to marking the verdict "re-checking"
        self._slow_timer.setSingleShot(True)
        self._slow_timer.timeout.connect(self._check_is_slow)

        self.verdict_label = QLabel(self.tr("Draw a picture: the verdict appears here."))
        self.verdict_label.setWordWrap(True)
        self.verdict_label.setMargin(6)
        font = self.verdict_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.verdict_label.setFont(font)
        self.details_label = QLabel()
        self.details_label.setWordWrap(True)
        self.status_label = QLabel()
        self.status_label.setStyleSheet("color: gray")
        self.show_open_check = QCheckBox(self.tr("Shade the cells line logic leaves open"))
        self.show_open_check.setChecked(True)
        connect_alive(self.show_open_check.toggled, self, lambda _on: self._show_overlays())
        self.show_counts_check = QCheckBox(self.tr("Show each line's placement count"))
        self.show_counts_check.setChecked(True)
        connect_alive(self.show_counts_check.toggled, self, lambda _on: self._show_line_labels())
        self.alternative_button = QPushButton(self.tr("Show the other solution"))
        self.alternative_button.setCheckable(True)
        self.alternative_button.setEnabled(False)
        connect_alive(self.alternative_button.toggled, self, lambda _on: self._show_alternative())
        self.alternative_view = QLabel()
        self.alternative_view.setAlignment(Qt.AlignCenter)
        self.alternative_view.hide()
        self.memory_limit_box = QSpinBox()
        self.memory_limit_box.setRange(0, 1 << 20)
        self.memory_limit_box.setSingleStep(MEMORY_LIMIT_STEP)
        self.memory_limit_box.setSuffix(self.tr(" MB"))
        self.memory_limit_box.setSpecialValueText(self.tr("no limit"))
        self.memory_limit_box.setToolTip(self.tr("The most memory the SAT solver's process may use; a check that "
                                                 "needs more says UNDECIDED"))
        self.memory_limit_box.setKeyboardTracking(False)  # a typed value counts once complete
        self.memory_limit_box.setValue(_apply_saved_memory_limit())
        self.memory_limit_box.valueChanged.connect(self._memory_limit_changed)
        limits = QFormLayout()
        limits.addRow(self.tr("SAT solver memory:"), self.memory_limit_box)
        legend = QLabel(legend_html([(colour, self.tr(text)) for colour, text in LEGEND], self.tr(LEGEND_NOTE)))
        legend.setWordWrap(True)
        legend.setTextFormat(Qt.RichText)

        layout = QVBoxLayout(self)
        for widget in (self.verdict_label, self.details_label, self.status_label, self.show_open_check,
                       self.show_counts_check, self.alternative_button, self.alternative_view, legend):
            layout.addWidget(widget)
        layout.addLayout(limits)
        layout.addStretch(1)
        self.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Preferred)

        main_window.solution_changed.connect(self.schedule_check)
        self.schedule_check()

    def sizeHint(self) -> QSize:
        return QSize(300, 420)

    def _memory_limit_changed(self, megabytes: int) -> None:
        """The spin box's new limit: kept in the settings and used from the next SAT process
        on; a drawing UNDECIDED by the memory limit is checked again."""
        from nonogram_editor.infra.child_process import set_memory_limit

        app_settings().setValue(MEMORY_LIMIT_KEY, megabytes)
        set_memory_limit(megabytes)
        if self._decided is not None and self._decided.memory_limit is not None:
            self._checked_drawing = None
            self.schedule_check()

    # -- scheduling (GUI thread, cheap)
    def schedule_check(self) -> None:
        """An edit happened: check after a short quiet time (a long drag: every MAX_DEFER_MS)."""
        now = time.perf_counter()
        if not self._slow_timer.isActive():  # the first edit since the last verdict: its deadline
            self._slow_timer.start(SLOW_CHECK_MS)
        if self._first_pending_edit is None:
            self._first_pending_edit = now
        if not self._timer.isActive() or (now - self._first_pending_edit) * 1000 < MAX_DEFER_MS:
            self._timer.start()

    def _start_check(self) -> None:
        self._first_pending_edit = None
        drawing = self._window.puzzle_grid()
        if self._checked_drawing is not None and np.array_equal(drawing, self._checked_drawing):
            # e.g. the release that ends a click: that drawing is being checked, or decided
            if self._decided_drawing is self._checked_drawing:
                self._slow_timer.stop()
            return
        self._checked_drawing = drawing
        self._stalled = None
        if self._counts_job is not None:  # the shown verdict's counts: not needed any more
            self._counts_job.cancel()
        self._run(drawing, line_logic_only=True)

    def _run(self, drawing: np.ndarray, line_logic_only: bool) -> None:
        """Line logic first (fast); if it stalls, the full check follows for the same drawing."""
        if self._job is not None:
            self._job.cancel()
        self.status_label.setText(self.tr("Checking…"))
        rechecks = self._rechecks
        job = BackgroundJob(lambda task: check_in_background(drawing, task, line_logic_only, rechecks), owner=self,
                            name="uniqueness check")
        job.succeeded.connect(lambda verdict: self._checked(verdict, drawing))
        job.failed.connect(lambda error: self._failed(error, drawing))
        job.progress.connect(lambda progress: self._progress(progress, drawing))
        self._job = job
        job.start()

    def _is_current(self, drawing: np.ndarray) -> bool:
        """Whether ``drawing`` is what the grid shows now (else its result is stale)."""
        return drawing is self._checked_drawing and np.array_equal(drawing, self._window.puzzle_grid())

    # -- results (GUI thread)
    def _progress(self, progress, drawing: np.ndarray) -> None:
        if self._is_current(drawing):
            share = f" {100 * progress.fraction:.0f}%" if progress.fraction is not None else ""
            self.status_label.setText(self.tr("Checking… {0}{1}").format(progress.message, share))

    def _failed(self, error: BaseException, drawing: np.ndarray) -> None:
        if not self._is_current(drawing):
            return
        self._slow_timer.stop()
        self._decided_drawing = drawing
        self.status_label.setText("")
        self._headline_shown = None
        self.verdict_label.setText(self.tr("The check failed"))
        self.details_label.setText(str(error))
        self._window.show_message(self.tr("The uniqueness check failed: {0}").format(error))

    def _checked(self, verdict: Verdict, drawing: np.ndarray) -> None:
        if not self._is_current(drawing):
            return  # the grid changed since: its own check is on the way
        if verdict.kind != Kind.STALLED:
            self._slow_timer.stop()
            self._decided_drawing = drawing
            self._show(verdict)
            return
        self._run(drawing, line_logic_only=False)  # line logic stalled: the full check decides
        self._stalled = (verdict, drawing)
        if not self._slow_timer.isActive():  # the check is slow already
            self._check_is_slow()

    def _check_is_slow(self) -> None:
        """The check has not decided within SLOW_CHECK_MS: show how far line logic got, if
        known, and mark the last verdict as being re-checked."""
        if self._decided_drawing is not None and np.array_equal(self._decided_drawing, self._window.puzzle_grid()):
            return  # an edit that left the drawing as decided (the timer was due before the check saw it)
        if self._stalled is not None and self._is_current(self._stalled[1]):
            self._show(self._stalled[0])
        else:
            self._show_headline(rechecking=True)

    def _show(self, verdict: Verdict) -> None:
        self.verdict = verdict
        if verdict.kind == Kind.STALLED:
            self._stalled = None
        else:
            self._decided = verdict
        self._show_headline()
        self.details_label.setText(verdict.describe())
        self.status_label.setText(self.tr("Checking… looking for another solution") if verdict.kind == Kind.STALLED else
                                  self.tr("{0} x {1}, sweeps {2}, {3} ms").format(
                                      verdict.width, verdict.height, verdict.sweeps, f"{verdict.seconds * 1000:.1f}"))
        self.alternative_button.setEnabled(verdict.kind == Kind.MULT)  # checked or not, the choice is kept
        self._show_overlays()
        self._show_line_labels()
        self._show_alternative()
        self.verdict_shown.emit(verdict)

    def _show_headline(self, rechecking: bool = False) -> None:
        """The newest final verdict in the headline, marked while a slow check of a newer
        drawing goes on (STALLED itself only before any verdict)."""
        shown = self._decided if self._decided is not None else self.verdict
        if shown is None:
            return
        rechecking = rechecking or shown is not self.verdict
        colour = VERDICT_COLOURS[Kind.STALLED if rechecking else shown.kind]
        headline = f"{shown.kind} — {shown.headline()}"
        if rechecking:
            headline = self.tr("{0} (re-checking…)").format(headline)
        if headline != self._headline_shown:
            self._headline_shown = headline
            self.verdict_label.setText(headline)
            self.verdict_label.setStyleSheet(f"color: white; background-color: {colour.name()}; border-radius: 4px")
            if rechecking:
                self.rechecking_shown.emit()

    def _show_overlays(self) -> None:
        verdict = self.verdict
        open_cells = verdict.undetermined if verdict is not None and self.show_open_check.isChecked() else None
        self.overlays.set(OPEN_OVERLAY, open_cells, OPEN_COLOUR)

    def _show_line_labels(self) -> None:
        """The counts of the verdict shown, once counted (the previous ones stay meanwhile)."""
        verdict = self.verdict
        if verdict is None or not self.show_counts_check.isChecked():
            self._set_line_labels(None, None)
            self.counted = None
            return
        if self._counts is not None and self._counts[0] is verdict:
            row_counts, column_counts = self._counts[1]
            self._set_line_labels([(compact_count(n), count_colour(n)) for n in row_counts],
                                  [(compact_count(n), count_colour(n)) for n in column_counts])
            self.counted = verdict
            self.counts_shown.emit(verdict)
            return
        if self._counts_job is not None:
            self._counts_job.cancel()
        job = BackgroundJob(lambda task: count_in_background(verdict, task), owner=self, name="line counts")
        job.succeeded.connect(lambda counts: self._counted(verdict, counts))
        self._counts_job = job
        job.start()

    def _counted(self, verdict: Verdict, counts: tuple[list[int], list[int]]) -> None:
        if verdict is self.verdict:
            self._counts = (verdict, counts)
            self._show_line_labels()

    def _set_line_labels(self, rows, columns) -> None:
        labels = (rows, columns)
        if labels != self._labels_shown:
            self._labels_shown = labels
            self._window.solution_canvas.set_line_labels(rows, columns)

    def _show_alternative(self) -> None:
        verdict = self.verdict
        showing = self.alternative_button.isChecked() and verdict is not None and verdict.kind == Kind.MULT
        self.alternative_button.setText(self.tr("Hide the other solution") if showing
                                        else self.tr("Show the other solution"))
        if not showing:
            self.overlays.set(DIFFERENCE_OVERLAY, None, DIFFERENCE_COLOUR)
            self.alternative_view.hide()
            return
        self.overlays.set(DIFFERENCE_OVERLAY, verdict.differing, DIFFERENCE_COLOUR)
        cell = max(2, min(12, 240 // max(verdict.width, verdict.height)))
        if verdict.alternative.dtype == bool:
            self.alternative_view.setPixmap(picture_pixmap(verdict.alternative, verdict.differing, cell))
        else:
            self.alternative_view.setPixmap(colour_picture_pixmap(
                alternative_picture(verdict, puzzle_palette(self._window.document)), verdict.differing, cell))
        self.alternative_view.setToolTip(self.tr("Another picture with the same clues; orange: the cells that differ"))
        self.alternative_view.show()


def install(main_window) -> QDockWidget:
    """Create the solver dock for ``main_window`` (right side, listed in the View menu)."""
    dock = QDockWidget(QCoreApplication.translate("SolverPanel", "Solver"), main_window)
    dock.setObjectName("solverDock")
    panel = SolverPanel(main_window, dock)
    dock.setWidget(panel)
    main_window.addDockWidget(Qt.RightDockWidgetArea, dock)
    main_window.view_menu.addAction(dock.toggleViewAction())
    return dock
