"""PuzzlePanel: the panel every puzzle plugin builds on (``nonogram_editor.plugin_api.PuzzlePanel``).

It owns what the plugins share, so that every puzzle panel has the same controls in the
same places, the same shortcuts and the same progress and cancel behaviour:

* a row for the plugin's options (its own widget), then its action buttons, Cancel and
  the progress bar; a status line;
* browsing the solutions found: First, Previous, Next, Random, No. [n] Go, and what is
  shown ("Solution 3 of 12+"); Next past the last one found asks the plugin for more;
* the independent check of the shown solution, and the selected piece;
* the 2-D drawing (the plugin's widget) beside the 3-D view, the selection kept in step:
  a part id is ``piece-<n>`` (:func:`nonogram_editor.scene3d.parts.part_id`) in both;
* jobs: one at a time, off the GUI thread, with progress, Cancel (Escape) and a status
  that says how it ended; the progress bar reaches 100% when a job succeeds;
* a load error (the plugin's :class:`~nonogram_editor.plugin_api.PuzzleDataError`) shown in the
  panel instead of its controls.

The plugin's module hands the panel ``spec_of(puzzle) -> PuzzleSpec`` (so that the panel's
module never imports the plugin's): the panel keeps the shown puzzle's spec in
:attr:`puzzle_spec`, and by default the 3-D parts and the independent check of a solution
come from it (``spec_for(solution)`` says which spec a solution is of).

A plugin subclass supplies (each has a default that does nothing or the obvious):
``load()`` (read the data; raise ``PuzzleDataError``), ``make_options()``, ``make_actions()``,
``make_canvas()`` (a :class:`PuzzleCanvas`: the 2-D drawing), ``scene_parts(solution)`` and ``check(solution)``
(problems, from the plugin's independent checker; both by default the spec's), ``describe_piece(piece)``,
``describe_solution(index)``,
``find_more()`` (a job function giving the next solution, or None when there is none to ask for;
by default the next of the stream :meth:`solve_from` started), and adds its actions with :meth:`add_action`. Solutions
found go through
:meth:`set_solutions` / :meth:`add_solution`, or a subclass overrides
:meth:`solution_count` and :meth:`solution` (a store that fills while a count runs); a
count that keeps none runs through :meth:`count_then_browse`, so that every count ends with
the first solution shown.

Shortcuts (while the focus is in the panel): Alt+Home first, Alt+Left previous,
Alt+Right next, Alt+R random, Alt+G go to a number, Esc cancel. Esc is claimed from the
window only while a job runs (a shortcut override), so the window's own Esc (the editor's
Select None) goes on working everywhere else and the two never make an ambiguous shortcut.
"""
from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QPointF, QSize, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from nonogram_editor.infra.tasks import Progress, Task
from nonogram_editor.plugin_api import PuzzleDataError, PuzzleSpec
from nonogram_editor.qt.lifetime import ask_save_path
from nonogram_editor.scene3d.parts import part_id, piece_of_part
from nonogram_editor.scene3d.view import scene_view
from nonogram_editor.ui.background import BackgroundJob

PROGRESS_STEPS = 1000
SHORTCUTS = {"first": "Alt+Home", "previous": "Alt+Left", "next": "Alt+Right", "random": "Alt+R",
             "go": "Alt+G", "cancel": "Esc"}


class _TaskRelay(Task):
    """The task a long-lived solution stream sees: it forwards to the job running now, so
    "Next" (a new job) can cancel a stream started by "Solve" (an earlier job)."""

    def __init__(self):
        super().__init__()
        self.current: Task | None = None

    @property
    def cancelled(self) -> bool:
        return self.current is not None and self.current.cancelled

    def check_cancelled(self) -> None:
        if self.current is not None:
            self.current.check_cancelled()

    def report(self, done, total=None, message="", force=False) -> None:
        if self.current is not None:
            self.current.report(done, total, message, force)


class PuzzleCanvas(QWidget):
    """The base of a plugin's 2-D view: the shown solution, the selected piece, a click on a piece.

    A subclass paints ``self.solution`` (None: nothing shown yet), marks ``self.selected``
    and says which piece is drawn where (:meth:`piece_at`): a left click on a piece emits
    :attr:`pieceClicked` with it.
    """

    pieceClicked = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.solution = None
        self.selected: int | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def minimumSizeHint(self) -> QSize:
        """Room for a drawing, and never less than its controls need (a fixed minimum size
        would let the splitter squeeze them, their text clipped)."""
        return super().minimumSizeHint().expandedTo(QSize(160, 120))

    def set_solution(self, solution) -> None:
        self.solution = solution
        self.update()

    def set_selected(self, piece: int | None) -> None:
        self.selected = piece
        self.update()

    def piece_at(self, point: QPointF) -> int | None:
        """The piece of the shown solution drawn at ``point`` (None: none there)."""
        return None

    def mousePressEvent(self, event):
        piece = None if self.solution is None else self.piece_at(event.position())
        if piece is not None and event.button() == Qt.MouseButton.LeftButton:
            self.pieceClicked.emit(piece)
        super().mousePressEvent(event)


class ElidedLabel(QLabel):
    """A one-line label that never widens what holds it (its layout gives it the room there
    is): a text too long for the room ends in "…", and the tooltip shows it whole.
    ``text()`` is the whole text."""

    def __init__(self, text: str = "", parent=None):
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._text = ""
        self.setText(text)

    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:
        self._text = text
        self._fit()

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        shown = self.fontMetrics().elidedText(self._text, Qt.TextElideMode.ElideRight, self.contentsRect().width())
        super().setText(shown)
        self.setToolTip(self._text if shown != self._text else "")


class StatusLabel(QLabel):
    """A panel's status line: always plain text (a title, a name or an error from a file is
    never read as HTML); an error (:meth:`show_error`) in red until the next text."""

    def __init__(self, parent: QWidget):
        super().__init__("", parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        self.setStyleSheet("")
        super().setText(text)

    def show_error(self, text: str) -> None:
        self.setText(text)
        self.setStyleSheet("color: #b00020")


class PuzzlePanel(QWidget):
    """Jobs, browsing, the 2-D and 3-D views and their selection, load errors (see the module)."""

    title = QT_TRANSLATE_NOOP("PuzzlePanel", "The puzzle")  # names the puzzle in messages (shown through tr)
    job_name = "puzzle job"

    def __init__(self, context=None, parent=None, spec_of: Callable[[Any], PuzzleSpec] | None = None):
        super().__init__(parent)
        self.context = context
        self.spec_of = spec_of  # the plugin's PuzzleSpec of a puzzle the panel loads
        self.puzzle_spec: PuzzleSpec | None = None  # the shown puzzle's
        self._job: BackgroundJob | None = None
        self._on_result = self._on_error = None  # the running job's
        self._actions: list[QPushButton] = []
        self.solutions: list = []
        self.complete = False  # every solution is in self.solutions
        self.current: int | None = None  # index of the shown solution
        self.selected: int | None = None  # the selected piece, in both views
        self.loaded = False
        self._relay = _TaskRelay()
        self._stream = None  # the solutions being browsed, for "Next" (see solve_from)
        layout = QVBoxLayout(self)
        try:
            self.load()
        except PuzzleDataError as error:
            self._build_load_error(layout, error)
            return
        self.loaded = True
        self._build_controls(layout)
        self._build_browsing(layout)
        self._build_views(layout)
        self._build_shortcuts()
        self.update_controls()

    # ------------------------------------------------------------------ building
    def _build_load_error(self, layout: QVBoxLayout, error: PuzzleDataError) -> None:
        """What the panel shows instead of its controls when its data is bad."""
        message = QLabel(self.tr("{0} could not be loaded:\n{1}").format(self.tr(self.title), error), self)
        message.setWordWrap(True)
        message.setObjectName("load_error")
        layout.addWidget(message)

    def _build_controls(self, layout: QVBoxLayout) -> None:
        """The plugin's options, its actions, Cancel, the progress bar and the status line."""
        options = self.make_options()
        if options is not None:
            layout.addWidget(options)
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.setToolTip(self.tr("Stop the running job ({0})").format(SHORTCUTS['cancel']))
        self.cancel_button.clicked.connect(self.cancel)
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setRange(0, PROGRESS_STEPS)
        self._action_row = QHBoxLayout()
        self._action_row.addWidget(self.cancel_button)
        self._action_row.addWidget(self.progress_bar, 1)
        layout.addLayout(self._action_row)
        self.make_actions()
        self.status = StatusLabel(self)
        layout.addWidget(self.status)

    def _build_browsing(self, layout: QVBoxLayout) -> None:
        """First, Previous, Next, Random, No. [n] Go; what is shown; the check and the selected piece."""
        self.first_button = QPushButton(self.tr("First"), self)
        self.previous_button = QPushButton(self.tr("Previous"), self)
        self.next_button = QPushButton(self.tr("Next"), self)
        self.random_button = QPushButton(self.tr("Random"), self)
        self.number_box = QSpinBox(self)
        self.number_box.setPrefix(self.tr("No. "))
        self.number_box.setRange(1, 1)
        self.number_box.setToolTip(self.tr("Solution number, 1 is the first found ({0})").format(SHORTCUTS['go']))
        self.number_box.setAccessibleName(self.tr("Solution number"))
        self.go_button = QPushButton(self.tr("Go"), self)
        self.shown_label = ElidedLabel(self.tr("No solution yet"), self)
        self.first_button.clicked.connect(self.show_first)
        self.previous_button.clicked.connect(self.show_previous)
        self.next_button.clicked.connect(self.show_next)
        self.random_button.clicked.connect(self.show_random)
        self.go_button.clicked.connect(self.go_to_number)
        self.number_box.editingFinished.connect(self.go_to_number)
        browse = QHBoxLayout()
        for widget in (self.first_button, self.previous_button, self.next_button, self.random_button,
                       self.number_box, self.go_button):
            browse.addWidget(widget)
        browse.addStretch(1)
        layout.addLayout(browse)
        layout.addWidget(self.shown_label)  # a line of its own: the whole width of the panel
        self.check_label = QLabel("", self)
        self.check_label.setWordWrap(True)
        self.piece_label = ElidedLabel("", self)
        checks = QHBoxLayout()
        checks.addWidget(self.check_label, 1)
        checks.addWidget(self.piece_label, 1)
        layout.addLayout(checks)

    def _build_views(self, layout: QVBoxLayout) -> None:
        """The plugin's 2-D drawing beside the 3-D view."""
        self.canvas = self.make_canvas()
        self.view = scene_view(self)
        self.view.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.view.partClicked.connect(self._part_clicked)
        self.view.message.connect(self.report)  # where a picture was saved
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        if self.canvas is not None:
            splitter.addWidget(self.canvas)
            self.canvas.pieceClicked.connect(self.select_piece)
        splitter.addWidget(self.view)
        splitter.setSizes([1] * splitter.count())
        layout.addWidget(splitter, 1)

    def _build_shortcuts(self) -> None:
        """The browsing shortcuts (Esc is handled in :meth:`event`), named in the buttons' tooltips."""
        for name, slot in (("first", self.show_first), ("previous", self.show_previous), ("next", self.show_next),
                           ("random", self.show_random), ("go", self._focus_number)):
            shortcut = QShortcut(QKeySequence(SHORTCUTS[name]), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)
        for button, name in ((self.first_button, "first"), (self.previous_button, "previous"),
                             (self.next_button, "next"), (self.random_button, "random")):
            button.setToolTip(self.tr("{0} solution ({1})").format(button.text(), SHORTCUTS[name]))

    # ------------------------------------------------------------------ what a plugin supplies
    def load(self) -> None:
        """Read the puzzle's data (raise :class:`PuzzleDataError` naming the file if it is bad)."""

    def make_options(self) -> QWidget | None:
        return None

    def make_actions(self) -> None:
        """Add the plugin's buttons with :meth:`add_action`."""

    def make_canvas(self) -> PuzzleCanvas | None:
        return None

    def make_jobs_spin(self, parent: QWidget) -> QSpinBox:
        """The "processes: N" box a plugin puts in its options when its count honours ``jobs``
        (like the command line's ``--jobs``); it starts at one per core."""
        spin = QSpinBox(parent)
        spin.setRange(1, max(1, os.cpu_count() or 1))
        spin.setValue(spin.maximum())
        spin.setPrefix(self.tr("processes: "))
        spin.setToolTip(self.tr("Processes that share a count (one per core is fastest)"))
        spin.setAccessibleName(self.tr("Processes"))
        return spin

    def ask_save_path(self, title: str, name: str, name_filter: str, suffix: str, chosen) -> QFileDialog:
        """Ask where to save, blocking nothing: ``chosen(path)`` once a file is chosen (never after
        the panel is gone). Keep the dialog returned while it is open."""
        return ask_save_path(self, title, name, name_filter, suffix, chosen)

    def spec_for(self, solution) -> PuzzleSpec | None:
        """The spec ``solution`` is of: by default the shown puzzle's (:attr:`puzzle_spec`)."""
        return self.puzzle_spec

    def scene_parts(self, solution) -> list:
        """The solution in 3-D: by default its spec's ``scene_parts``."""
        spec = self.spec_for(solution)
        return [] if spec is None or spec.scene_parts is None else spec.scene_parts(solution)

    def check(self, solution) -> list[str]:
        """Problems the independent checker finds in ``solution`` (empty: valid): by default its spec's ``check``."""
        spec = self.spec_for(solution)
        return [] if spec is None or spec.check is None else spec.check(solution)

    def describe_piece(self, piece: int) -> str:
        return self.tr("piece {0}").format(piece)

    def describe_solution(self, index: int) -> str:
        return self.tr("Solution {0} of {1}{2}").format(f"{index + 1:,}", f"{self.solution_count():,}",
                                                        "" if self.all_found() else "+")

    def find_more(self):
        """A job function ``f(task) -> solution | None`` finding the solution after the last one found,
        or None when there is nothing more to ask for. By default the next of the stream
        :meth:`solve_from` started."""
        stream, relay = self._stream, self._relay
        if stream is None:
            return None

        def following(task):
            relay.current = task
            return next(stream, None)

        return following

    def solve_from(self, solutions) -> None:
        """Browse a stream of solutions: ``solutions(task)`` gives an iterator (a
        ``PuzzleSpec.solutions``); its first solution is found now, Next asks for the following."""
        self.set_solutions([])
        self._stream = solutions(self._relay)
        self.run(self.find_more(), self.tr("solving…"), self._found_more)

    def count_then_browse(self, count, solutions, on_counted) -> None:
        """Run ``count(task)`` (a count that keeps no solutions), then show the first of
        ``solutions(task)`` as :meth:`solve_from` would (Next goes on), so that a count ends
        with a solution shown as one that keeps them does; a stream already browsed stays.
        ``on_counted(result)`` says what the count found."""
        relay, browsing = self._relay, self._stream is not None

        def job(task):
            result = count(task)
            if browsing:
                return result, None, None
            relay.current = task
            stream = solutions(relay)
            return result, stream, next(stream, None)

        def counted(value) -> None:
            result, stream, first = value
            if stream is not None:
                self.set_solutions([] if first is None else [first], complete=first is None)
                self._stream = stream if first is not None else None
            on_counted(result)

        self.run(job, self.tr("counting…"), counted)

    def forget_stream(self) -> None:
        """Next no longer continues the stream (say, the options it was started with changed)."""
        self._stream = None

    def solution_count(self) -> int:
        return len(self.solutions)

    def solution(self, index: int):
        return self.solutions[index]

    def all_found(self) -> bool:
        """True when every solution is among those found (no "+" after the total)."""
        return self.complete

    # ------------------------------------------------------------------ actions and jobs
    def add_action(self, text: str, slot, tooltip: str = "") -> QPushButton:
        """A button in the action row (left of Cancel), disabled while a job runs."""
        button = QPushButton(text, self)
        button.setToolTip(tooltip)
        button.clicked.connect(slot)
        self._action_row.insertWidget(len(self._actions), button)
        self._actions.append(button)
        return button

    @property
    def busy(self) -> bool:
        return self._job is not None

    def run(self, function, message: str, on_result, on_error=None) -> BackgroundJob | None:
        """Run ``function(task)`` off the GUI thread; ``on_result(value)`` when it succeeds.

        One job at a time (None if one is running). The status says ``message`` meanwhile and
        then how the job ended: ``on_result`` sets it, or "cancelled", or the error (a
        :class:`PuzzleDataError`'s message as it is; ``on_error(exception)`` is called after).
        """
        if self._job is not None:
            return None
        if self.context is not None:
            job = self.context.run_in_background(function, owner=self, name=self.job_name)
        else:
            job = BackgroundJob(function, owner=self, name=self.job_name)
        job.progress.connect(self._on_progress)
        job.succeeded.connect(self._on_succeeded)
        job.cancelled.connect(self._on_cancelled)
        job.failed.connect(self._on_failed)
        self._job, self._on_result, self._on_error = job, on_result, on_error
        self.progress_bar.setRange(0, 0)  # busy until a report gives a fraction
        self.status.setText(message)
        pressed = any(button.hasFocus() for button in self._actions)
        self.update_controls()
        if pressed:  # the button that started the job is disabled now: the focus stays in the panel
            self.cancel_button.setFocus()
        job.start()
        return job

    def cancel(self) -> None:
        if self._job is not None:
            self._job.cancel()
            self.cancel_button.setEnabled(False)  # until the job has stopped

    def _is_cancel_key(self, event) -> bool:
        return QKeySequence(event.keyCombination()) == QKeySequence(SHORTCUTS["cancel"])

    def event(self, event):
        # A key the focus widget leaves alone comes up to the panel, first as a shortcut
        # override: claiming it keeps Esc from the window's shortcuts while a job runs.
        if event.type() == QEvent.Type.ShortcutOverride and self.busy and self._is_cancel_key(event):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event):
        if self.busy and self._is_cancel_key(event):
            self.cancel()
        else:
            super().keyPressEvent(event)

    def _on_progress(self, progress: Progress) -> None:
        if progress.fraction is not None:
            self.progress_bar.setRange(0, PROGRESS_STEPS)
            self.progress_bar.setValue(round(PROGRESS_STEPS * progress.fraction))
        if progress.message:
            self.status.setText(progress.message)
        self.solutions_changed()

    def _job_ended(self, completed: bool):
        """Forget the job; returns its (on_result, on_error). Keeping neither on the panel
        matters: a closure over the panel stored on it would be a reference cycle, and the
        garbage collector may then delete the widget on whatever thread it runs on."""
        callbacks = self._on_result, self._on_error
        self._job = self._on_result = self._on_error = None
        self.progress_bar.setRange(0, PROGRESS_STEPS)
        if completed:
            self.progress_bar.setValue(PROGRESS_STEPS)
        return callbacks

    def _on_succeeded(self, value) -> None:
        on_result, _ = self._job_ended(True)
        on_result(value)
        self.solutions_changed()

    def _on_cancelled(self) -> None:
        self._job_ended(False)
        self._stream = None  # a stream interrupted by Cancelled is closed: Solve starts again
        self.status.setText(self.tr("cancelled"))
        self.solutions_changed()

    def _on_failed(self, error: BaseException) -> None:
        _, on_error = self._job_ended(False)
        self._stream = None
        text = (str(error) if isinstance(error, PuzzleDataError)
                else self.tr("failed: {0}: {1}").format(type(error).__name__, error))
        self.status.show_error(text)
        if on_error is not None:
            on_error(error)
        self.solutions_changed()

    def report(self, text: str) -> None:
        """The status line, and the editor's status bar when there is one."""
        self.status.setText(text)
        if self.context is not None:
            self.context.show_message(text)

    def update_controls(self) -> None:
        """Enable what can be used now; a subclass extends this for its own widgets."""
        idle = self._job is None
        found = self.solution_count()
        for button in self._actions:
            button.setEnabled(idle)
        self.cancel_button.setEnabled(not idle)
        has = found > 0
        self.first_button.setEnabled(has)
        self.previous_button.setEnabled(has and (self.current or 0) > 0)
        self.next_button.setEnabled((has and self.current is not None and self.current < found - 1)
                                    or (idle and self.find_more() is not None))
        for widget in (self.random_button, self.number_box, self.go_button):
            widget.setEnabled(has)
        self.number_box.setMaximum(max(1, found))
        if self.current is not None and self.current < found:
            self.shown_label.setText(self.describe_solution(self.current))
        elif not found:
            self.shown_label.setText(self.tr("No solution yet"))

    # ------------------------------------------------------------------ solutions and browsing
    def set_solutions(self, solutions, complete: bool = False) -> None:
        """Replace the solutions found (and show the first, if any); ``complete``: they are all there are.
        Next no longer continues a stream (:meth:`solve_from` starts one after this)."""
        self._stream = None
        self.solutions = list(solutions)
        self.complete = complete
        self.current = None
        self.solutions_changed()
        if not self.solutions:
            self.view.set_parts([])
            if self.canvas is not None:
                self.canvas.set_solution(None)
            self.check_label.setText("")

    def add_solution(self, solution) -> None:
        """Append a solution found and show it."""
        self.solutions.append(solution)
        self.show_solution(len(self.solutions) - 1)

    def solutions_changed(self) -> None:
        """More solutions may be there (a count reports progress): show the first, refresh the controls."""
        if self.current is None and self.solution_count():
            self.show_solution(0)
        else:
            self.update_controls()

    def show_solution(self, index: int) -> None:
        """Show solution ``index`` (0-based, clamped to those found)."""
        found = self.solution_count()
        if not found:
            return
        new_frame = self.current is None
        self.current = max(0, min(found - 1, index))
        solution = self.solution(self.current)
        if self.canvas is not None:
            self.canvas.set_solution(solution)
        self.view.set_parts(self.scene_parts(solution))
        if new_frame or not self.view.camera_moved_by_user:  # frame each solution until the user moves
            self.view.reset_camera()
        self.select_piece(self.selected)
        self.number_box.setValue(self.current + 1)
        problems = self.check(solution)
        self.check_label.setText(self.tr("Valid: checked independently of the solver.") if not problems
                                 else self.tr("INVALID: {0}").format("; ".join(problems[:3])))
        self.update_controls()

    def shown_solution(self):
        return None if self.current is None else self.solution(self.current)

    def show_first(self) -> None:
        self.show_solution(0)

    def show_previous(self) -> None:
        if self.current is not None:
            self.show_solution(self.current - 1)

    def show_next(self) -> None:
        """The next solution found, or (past the last) ask the plugin for one more."""
        if self.current is not None and self.current < self.solution_count() - 1:
            self.show_solution(self.current + 1)
            return
        more = self.find_more()
        if more is not None:
            self.run(more, self.tr("finding the next solution…"), self._found_more)

    def _found_more(self, solution) -> None:
        if solution is None:
            self.no_more_found()
        else:
            self.add_solution(solution)
            self.status.setText(self.tr("found solution {0}").format(f"{self.solution_count():,}"))

    def no_more_found(self) -> None:
        """``find_more`` found nothing: every solution is found, and the status says so."""
        self.complete = True
        self._stream = None
        self.status.setText(self.tr("no more solutions") if self.solution_count() else self.tr("no solution exists"))

    def show_random(self) -> None:
        if self.solution_count():
            self.show_solution(random.randrange(self.solution_count()))

    def go_to_number(self) -> None:
        if self.solution_count():
            self.show_solution(self.number_box.value() - 1)

    def _focus_number(self) -> None:
        self.number_box.setFocus()
        self.number_box.selectAll()

    # ------------------------------------------------------------------ selection (2-D and 3-D in step)
    def select_piece(self, piece: int | None) -> None:
        self.selected = piece
        if self.canvas is not None:
            self.canvas.set_selected(piece)
        self.view.select_part(None if piece is None else part_id(piece))
        self.piece_label.setText("" if piece is None or self.current is None else self.describe_piece(piece))

    def _part_clicked(self, part: str) -> None:
        self.select_piece(piece_of_part(part))
