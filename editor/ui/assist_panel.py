"""The Assist dock: fix suggestions as a heat overlay, proposals, the solve path and sheets.

It listens to the solver dock's verdicts (``SolverPanel.verdict_shown``) and computes in
the background (``nonogram_editor.ui.background``), so the GUI thread only copies grids and shows
results:

* MULT / BRANCH: single-cell suggestions (``nonogram_editor.nonogram.fix``): a heat overlay on the
  solution grid (the more cells an edit settles, the stronger; unique results strongest)
  and the best few in a list; a click applies one as one undo step. The search stops
  after ``SEARCH_SECONDS`` on a big drawing and says how far it got. On a two-colour level
  an edit flips a cell; on a colour level it gives the cell another colour of the
  puzzle's palette or the background (each listed with a swatch of it).
* "Make it line-solvable" / "Make it harder": a proposal marked on the grid, accepted
  (one undo step) or rejected; the dock says how far it got when it stopped short.
* Symmetry: while Tools > Symmetry is on, or when the drawing is symmetric, every
  suggestion and proposal edits a cell with its mirror images, so the symmetry stays.
* LINE / BRANCH: the grade and the solve path (``nonogram_editor.nonogram.grade``); the step slider
  replays it: the cells settled so far, the step's line and its new cells, each framed (a
  tint would hide a colour level's colours).
* File > Export puzzle sheet / solution sheet (``nonogram_editor.publish.sheets``).
* An imported clue file without a (fitting) goal: what solving its clues found
  (:meth:`AssistPanel.show_clue_report`), two solutions side by side for MULT, until
  another level is shown.

Its overlays are on the grid while its tab is in front (``nonogram_editor.ui.overlays``: never
mixed with the solver dock's), in colours its own legend explains and the solver's
legend does not use.
"""
from __future__ import annotations

import html
from pathlib import Path

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from nonogram_editor.core.colour_level import is_colour, puzzle_palette, rgb_clues
from nonogram_editor.core.colours import colour_name
from nonogram_editor.infra.wording import Counts
from nonogram_editor.level.clues import clues
from nonogram_editor.nonogram.clue_solve import ClueReport
from nonogram_editor.nonogram.fix import (
    SEARCH_SECONDS,
    Edit,
    Effects,
    Suggestion,
    drawing_symmetry,
    make_harder,
    make_line_solvable,
    single_cell_effects,
)
from nonogram_editor.nonogram.grade import Axis, SolvePath, StepKind, grade_verdict
from nonogram_editor.nonogram.verdict import Kind, Verdict
from nonogram_editor.publish.sheets import write_sheet
from nonogram_editor.qt.lifetime import connect_alive
from nonogram_editor.ui.background import BackgroundJob
from nonogram_editor.ui.edit_tools import add_action
from nonogram_editor.ui.overlays import OverlaySet, OverlaySwitch, legend_html
from nonogram_editor.ui.solver_panel import picture_pixmap

HEAT_LEVELS = (("heat-1", QColor(0, 190, 200, 80)), ("heat-2", QColor(0, 120, 170, 140)),
               ("heat-3", QColor(110, 210, 0, 170)))  # some help, much help, unique
PROPOSAL_OVERLAY, PROPOSAL_COLOUR = "proposal", QColor(200, 0, 200, 140)
# the solve path's frames (each between a black and a white ring, SolutionCanvas.set_overlay)
PATH_KNOWN, PATH_KNOWN_COLOUR = "path-known", QColor(150, 120, 255)
PATH_LINE, PATH_LINE_COLOUR = "path-line", QColor(255, 220, 0)
PATH_NEW, PATH_NEW_COLOUR = "path-new", QColor(40, 40, 255)
# The texts are shown through AssistPanel.tr; QT_TRANSLATE_NOOP marks them for pyside6-lupdate.
LEGEND = ((HEAT_LEVELS[2][1], QT_TRANSLATE_NOOP("AssistPanel", "a flip of this cell makes it unique")),
          (HEAT_LEVELS[1][1], QT_TRANSLATE_NOOP("AssistPanel", "a flip that lets line logic settle many more cells")),
          (HEAT_LEVELS[0][1], QT_TRANSLATE_NOOP("AssistPanel", "a flip that lets line logic settle a few more")),
          (PROPOSAL_COLOUR, QT_TRANSLATE_NOOP("AssistPanel", "the proposal's flips")),
          (PATH_KNOWN_COLOUR, QT_TRANSLATE_NOOP("AssistPanel", "solve path, framed: cells settled before the step")),
          (PATH_LINE_COLOUR, QT_TRANSLATE_NOOP("AssistPanel", "solve path, framed: the step's line")),
          (PATH_NEW_COLOUR, QT_TRANSLATE_NOOP("AssistPanel", "solve path, framed: the cells the step settles")))
LISTED = 6
START_PENDING = QEvent.Type(QEvent.registerEventType())  # see AssistPanel._start_after_repaint
SHEET_FILTER = QT_TRANSLATE_NOOP("AssistPanel", "PDF (*.pdf);;SVG (*.svg);;PNG image (*.png)")


def heat_levels(suggestions: list[Suggestion], shape) -> list[np.ndarray]:
    """Per heat level, the cells whose best edit helps that much (level 3: it makes the
    puzzle unique); each cell in one level at most (a colour cell has an edit per colour)."""
    heat = np.zeros(shape, dtype=np.int8)  # 0: no help, else the heat level from 1
    most = max((s.settled for s in suggestions), default=0)
    for suggestion in suggestions:
        level = 3 if suggestion.unique else 0 if suggestion.settled <= 0 else 2 if suggestion.settled * 2 >= most else 1
        for cell in suggestion.cells:  # one cell, or one with its mirror images
            heat[cell] = max(heat[cell], level)
    return [heat == level for level in range(1, len(HEAT_LEVELS) + 1)]


class AssistPanel(QWidget):
    def __init__(self, main_window, solver_panel, parent=None):
        super().__init__(parent)
        self._window = main_window
        self._jobs: dict[str, BackgroundJob] = {}
        self._pending: list[tuple] = []  # jobs to start once the window has repainted
        self._drawing: np.ndarray | None = None  # the drawing the shown results belong to
        self._palette: list = []  # a colour level's: the RGB of each value of that drawing ([]: two-colour)
        self.suggestions: list[Suggestion] = []
        self.effects: Effects | None = None  # what the last single-cell search found, and how far it got
        self.search_seconds = SEARCH_SECONDS  # the single-cell search stops after this long
        self.proposal: list[tuple[int, int]] = []  # the cells the proposal edits
        self.proposal_edits: list[Edit] = []
        self.path: SolvePath | None = None
        self.overlays = OverlaySet(main_window.solution_canvas, active=False)

        self.clue_report_label = QLabel("")  # what an imported clue file turned out to be
        self.clue_report_label.setWordWrap(True)
        self.clue_report_label.setTextFormat(Qt.TextFormat.RichText)  # its own markup; the file's name escaped
        self.clue_report_label.hide()
        self.clue_report_view = QLabel()
        self.clue_report_view.hide()
        self.solve_on_button = QPushButton(self.tr("Keep solving (no time limit)"))
        self.solve_on_button.setToolTip(
            self.tr("Solve the puzzle's clues again, until done (Stop in the status bar ends it)"))
        connect_alive(self.solve_on_button.clicked, self, self._solve_on)
        self.solve_on_button.hide()
        self._clue_file: Path | None = None  # the imported clue file the report is about
        self.grade_label = QLabel("")
        self.grade_label.setWordWrap(True)
        self.step_slider = QSlider(Qt.Horizontal)
        self.step_slider.setEnabled(False)
        self.step_slider.setAccessibleName(self.tr("Solve path step"))
        self.step_slider.valueChanged.connect(self._show_step)
        self.step_label = QLabel("")
        self.step_label.setWordWrap(True)
        self.suggestion_label = QLabel("")
        self.suggestion_label.setWordWrap(True)
        self.suggestion_list = QListWidget()
        self.suggestion_list.itemClicked.connect(self._apply_suggestion)
        self.solvable_button = QPushButton(self.tr("Make it line-solvable"))
        connect_alive(self.solvable_button.clicked, self, lambda: self._propose("line-solvable"))
        self.harder_button = QPushButton(self.tr("Make it harder"))
        connect_alive(self.harder_button.clicked, self, lambda: self._propose("harder"))
        self.proposal_label = QLabel("")
        self.proposal_label.setWordWrap(True)
        self.accept_button = QPushButton(self.tr("Accept"))
        self.accept_button.clicked.connect(self.accept_proposal)
        self.reject_button = QPushButton(self.tr("Reject"))
        self.reject_button.clicked.connect(self.reject_proposal)

        layout = QVBoxLayout(self)
        layout.addWidget(self.clue_report_label)
        layout.addWidget(self.clue_report_view)
        layout.addWidget(self.solve_on_button)
        self.difficulty_heading = QLabel(self.tr("<b>Difficulty</b>"))
        layout.addWidget(self.difficulty_heading)
        for widget in (self.grade_label, self.step_slider, self.step_label):
            layout.addWidget(widget)
        layout.addWidget(QLabel(self.tr("<b>Fix suggestions</b>")))
        layout.addWidget(self.suggestion_label)
        layout.addWidget(self.suggestion_list, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.solvable_button)
        buttons.addWidget(self.harder_button)
        layout.addLayout(buttons)
        layout.addWidget(self.proposal_label)
        answer = QHBoxLayout()
        answer.addWidget(self.accept_button)
        answer.addWidget(self.reject_button)
        layout.addLayout(answer)
        legend = QLabel(legend_html([(colour, self.tr(text)) for colour, text in LEGEND]))
        legend.setWordWrap(True)
        legend.setTextFormat(Qt.RichText)
        layout.addWidget(legend)
        self._set_proposal([])
        self._show_path(None)

        solver_panel.verdict_shown.connect(self._on_verdict)
        main_window.solution_changed.connect(self._on_edit)
        main_window.document_changed.connect(self.hide_clue_report)

    # -- background work
    def _start(self, name: str, function, on_result, message: str, on_progress=None) -> None:
        if name in self._jobs:
            self._jobs.pop(name).cancel()
        drawing = self._drawing
        job = BackgroundJob(function, owner=self, name=name)
        job.succeeded.connect(lambda result: on_result(result) if self._is_current(drawing) else None)
        if on_progress is not None:
            job.progress.connect(lambda progress: on_progress(progress) if self._is_current(drawing) else None)
        job.failed.connect(lambda error: self._window.show_message(self.tr("{0} failed: {1}").format(message, error)))
        job.done.connect(lambda: self._jobs.pop(name, None) if self._jobs.get(name) is job else None)
        self._jobs[name] = job
        job.start()

    def _start_after_repaint(self, *job) -> None:
        """:meth:`_start` once the window has painted what it shows now (the verdict that asks
        for the job): an event posted below the repaint's priority, so that the job's thread
        does not share the CPU with that repaint and make it longer."""
        self._pending.append(job)
        QCoreApplication.postEvent(self, QEvent(START_PENDING), Qt.LowEventPriority.value - 1)

    def event(self, event) -> bool:
        if event.type() == START_PENDING:
            pending, self._pending = self._pending, []
            for job in pending:
                self._start(*job)
            return True
        return super().event(event)

    def busy(self) -> bool:
        return bool(self._pending) or any(job.running for job in self._jobs.values())

    def _is_current(self, drawing) -> bool:
        return drawing is not None and drawing is self._drawing and np.array_equal(drawing, self._window.puzzle_grid())

    def show_clue_report(self, path: Path, report: ClueReport | None) -> None:
        """What solving an imported clue file found: the verdict, two solutions side by side
        for MULT, the broken lines for CONTRADICTION; the dock is brought to the front.
        None (a file whose goal fits its clues): no report, an earlier one is hidden. The report
        stays until another level is shown (opened, imported or new)."""
        if report is None:
            self.hide_clue_report()
            return
        self.clue_report_label.setText(f"<b>{html.escape(path.name)}: {report.verdict.kind}</b><br>"
                                       f"{html.escape(report.describe())}")  # a file's name as plain text
        self.clue_report_label.show()
        self._clue_file = path
        self.solve_on_button.setVisible(report.verdict.kind == Kind.UNDECIDED)
        if len(report.solutions) == 2:
            first, second = report.solutions
            differing = first != second
            cell = max(2, min(10, 120 // max(first.shape)))
            gap = np.zeros((first.shape[0], 1), dtype=bool)
            both = np.hstack([first, gap, second])
            marks = np.hstack([differing, gap, differing])
            self.clue_report_view.setPixmap(picture_pixmap(both, marks, cell))
            self.clue_report_view.setToolTip(self.tr("Two solutions of the same clues; orange: where they differ"))
            self.clue_report_view.show()
        else:
            self.clue_report_view.hide()
        self.parentWidget().raise_()

    def hide_clue_report(self) -> None:
        for widget in (self.clue_report_label, self.clue_report_view, self.solve_on_button):
            widget.hide()
        self._clue_file = None

    def _solve_on(self) -> None:
        self.solve_on_button.hide()
        self._window.files.import_non_path(self._clue_file, time_limit=None)

    # -- reacting to the verdict and to edits
    def _on_edit(self) -> None:
        if self._drawing is not None and not np.array_equal(self._drawing, self._window.puzzle_grid()):
            self._drawing = None
            self._pending.clear()
            for job in self._jobs.values():
                job.cancel()
            self._jobs.clear()
            self._show_suggestions(None)
            self._set_proposal([])
            self._show_path(None)

    def _on_verdict(self, verdict: Verdict) -> None:
        if verdict.kind not in (Kind.LINE, Kind.BRANCH, Kind.MULT):
            return  # STALLED: the full check follows; UNDECIDED: nothing to build on
        drawing = self._window.puzzle_grid()  # the solver dock shows verdicts of the current drawing only
        self._drawing = drawing
        self._palette = puzzle_palette(self._window.document)
        colours = len(self._palette) or None  # None: two-colour
        self.solvable_button.setEnabled(verdict.kind in (Kind.MULT, Kind.BRANCH))
        self.harder_button.setEnabled(verdict.kind in (Kind.LINE, Kind.BRANCH))
        if verdict.kind in (Kind.MULT, Kind.BRANCH):
            symmetry, seconds = self.symmetry(drawing), self.search_seconds  # read here, not in the job's thread
            self.suggestion_label.setText(
                self.tr("Looking for single-cell edits that help…") if symmetry == "none"
                else self.tr("Looking for symmetric edits ({0}) that help…").format(symmetry))
            self._start_after_repaint("suggestions",
                                      lambda task: single_cell_effects(drawing, verdict, task, symmetry=symmetry,
                                                                       search_seconds=seconds, colours=colours),
                                      self._show_suggestions, self.tr("Looking for edits"))
        else:
            self._show_suggestions(None)
        if verdict.kind in (Kind.LINE, Kind.BRANCH):
            self._show_grade(self.tr("Grading…"))
            self._start_after_repaint("grade", lambda task: grade_verdict(verdict, task), self._show_path,
                                      self.tr("Grading"))
        else:
            self._show_path(None, self.tr("No grade: more than one picture fits the clues, and only a puzzle with "
                                          "one solution is graded. The suggestions below make it unique."))

    # -- suggestions
    def symmetry(self, drawing: np.ndarray) -> str:
        """The symmetry edits keep: Tools > Symmetry's mode when it is on, else the drawing's own."""
        mode = self._window.editor.symmetry
        return mode if mode != "none" else drawing_symmetry(drawing)

    def _show_suggestions(self, effects: Effects | None) -> None:
        self.effects = effects
        self.suggestions = suggestions = effects.suggestions if effects is not None else []
        self.suggestion_list.clear()
        shape = self._window.solution_grid().shape
        for (name, colour), cells in zip(HEAT_LEVELS, heat_levels(suggestions, shape)):
            self.overlays.set(name, cells, colour)
        names = [colour_name(colour) for colour in self._palette]
        for suggestion in suggestions[:LISTED]:
            item = QListWidgetItem(suggestion.describe(names))
            if self._palette:
                item.setIcon(swatch(self._palette[suggestion.edit.value]))
            item.setData(Qt.UserRole, suggestion)
            self.suggestion_list.addItem(item)
        gave_up = f" {effects.describe_search()}" if effects is not None and not effects.complete else ""
        if self._drawing is not None and suggestions:
            self.suggestion_label.setText(self.tr("Green: an edit that makes it unique; cyan: edits that settle more "
                                                  "cells. Click one below to apply it.") + gave_up)
        elif self._drawing is not None and self.solvable_button.isEnabled():
            self.suggestion_label.setText(self.tr("No single-cell edit helps line logic.") + gave_up)
        else:
            self.suggestion_label.setText("")

    def _apply_suggestion(self, item: QListWidgetItem) -> None:
        suggestion = item.data(Qt.UserRole)
        self.apply_edits([suggestion.edit], self.tr("Apply suggestion {0}").format(
            suggestion.describe_edit([colour_name(colour) for colour in self._palette])))

    def apply_edits(self, edits: list[Edit], text: str) -> None:
        """Make ``edits`` on the puzzle as one undo step: filled or empty, or on a colour
        level the palette colour the value names (the palette of the drawing they were for)."""
        palette = self._palette
        self._window.editor.set_puzzle_cells(
            [(cell, palette[edit.value] if palette else bool(edit.value)) for edit in edits
             for cell in edit.cells], text)

    # -- proposals
    def _propose(self, kind: str) -> None:
        drawing = self._drawing
        if drawing is None:
            return
        self.proposal_label.setText(self.tr("Working on a proposal…"))
        symmetry, colours = self.symmetry(drawing), len(self._palette) or None
        names = [colour_name(colour) for colour in self._palette]
        if kind == "line-solvable":
            self._start("proposal",
                        lambda task: make_line_solvable(drawing, task=task, symmetry=symmetry, colours=colours),
                        lambda plan: self._set_proposal(plan.edits, plan.describe()), self.tr("The proposal"),
                        lambda progress: self.proposal_label.setText(
                            self.tr("Working on a proposal… {0}").format(progress.message)))
        else:
            self._start("proposal", lambda task: make_harder(drawing, task, symmetry=symmetry, colours=colours),
                        lambda found: self._set_proposal([found[0].edit], found[0].describe(names)) if found
                        else self._set_proposal([], self.tr("No single edit makes it harder and keeps it unique.")),
                        self.tr("The proposal"))

    def _set_proposal(self, edits: list[Edit], text: str = "") -> None:
        self.proposal_edits = list(edits)
        self.proposal = cells = [cell for edit in edits for cell in edit.cells]
        self.proposal_label.setText(self.tr("Proposal (marked): {0}").format(text) if cells else text)
        self.accept_button.setEnabled(bool(cells))
        self.reject_button.setEnabled(bool(cells))
        marks = None
        if cells:
            marks = np.zeros(self._window.solution_grid().shape, dtype=bool)
            for cell in cells:
                marks[cell] = True
        self.overlays.set(PROPOSAL_OVERLAY, marks, PROPOSAL_COLOUR)

    def accept_proposal(self) -> None:
        edits, cells = self.proposal_edits, self.proposal
        self._set_proposal([])
        if edits:
            self.apply_edits(edits, Counts.tr("Apply a proposal of %n edit(s)", "", len(cells)))

    def reject_proposal(self) -> None:
        self._set_proposal([])

    # -- solve path
    def _show_path(self, path: SolvePath | None, why_none: str = "") -> None:
        """The grade and the replay of ``path``; without one, ``why_none`` (if anything)."""
        self.path = path
        slider = self.step_slider
        slider.blockSignals(True)
        slider.setRange(0, len(path.steps) if path else 0)
        slider.setValue(0)
        slider.blockSignals(False)
        slider.setEnabled(path is not None)
        self._show_grade(path.summary() if path else why_none)
        self._show_step(0)

    def _show_grade(self, text: str) -> None:
        """The Difficulty section says ``text``; its heading shows only with something under it,
        the replay's slider only with a solve path."""
        self.grade_label.setText(text)
        for widget in (self.difficulty_heading, self.grade_label):
            widget.setVisible(bool(text))
        for widget in (self.step_slider, self.step_label):
            widget.setVisible(self.path is not None)

    def _show_step(self, upto: int) -> None:
        path = self.path
        if path is None or upto == 0:
            for name in (PATH_KNOWN, PATH_LINE, PATH_NEW):
                self.overlays.set(name, None, PATH_NEW_COLOUR)
            self.step_label.setText(self.tr("Move the slider to replay the solve path.") if path else "")
            return
        height, width = self._window.solution_grid().shape
        known = path.replay(height, width, upto - 1) >= 0
        step = path.steps[upto - 1]
        line = np.zeros((height, width), dtype=bool)
        if step.kind in (StepKind.SIMPLE, StepKind.LINE):
            if step.axis == Axis.ROW:
                line[step.index, :] = True
            else:
                line[:, step.index] = True
        new = np.zeros((height, width), dtype=bool)
        for row, column, _ in step.cells:
            new[row, column] = True
        # frames, not tints: in a colour level a tint would hide which colour a cell has
        for rank, (name, cells, colour) in enumerate(((PATH_KNOWN, known, PATH_KNOWN_COLOUR),
                                                      (PATH_LINE, line, PATH_LINE_COLOUR),
                                                      (PATH_NEW, new, PATH_NEW_COLOUR)), start=1):
            self.overlays.set(name, cells, colour, frame=rank)  # a new cell's frame over its line's
        self.step_label.setText(self.tr("Step {0} of {1} (sweep {2}): {3} on {4} {5}, settles {6}").format(
            upto, len(path.steps), step.sweep, SolvePath.tr(step.kind), SolvePath.tr(step.axis), step.index + 1,
            Counts.tr("%n cell(s)", "", len(step.cells))))


def swatch(colour) -> QIcon:
    """A small framed square of an RGB colour (a colour suggestion's colour, in the list)."""
    pixmap = QPixmap(14, 14)
    pixmap.fill(QColor(90, 90, 90))
    painter = QPainter(pixmap)
    painter.fillRect(1, 1, 12, 12, QColor(*colour))
    painter.end()
    return QIcon(pixmap)


def export_sheet(main_window, solution_sheet: bool) -> None:
    """Ask for a file (PDF, SVG or PNG) and write the sheet in the background."""
    grid = main_window.solution_grid()
    title = main_window.document.title or "Nonogram"
    rows, columns = clues(grid)
    if is_colour(main_window.document):  # the clues in colour, the solution the picture
        rows, columns = rgb_clues(main_window.document)
        grid = main_window.document.visible_picture()

    def chosen(path: Path) -> None:
        main_window.files.run(lambda _task: write_sheet(path, rows, columns, title, grid if solution_sheet else None),
                         lambda _r: main_window.show_message(
                             QCoreApplication.translate("AssistPanel", "Exported {0}").format(path)),
                         QCoreApplication.translate("AssistPanel", "Could not export the sheet"), path)

    caption = (QCoreApplication.translate("AssistPanel", "Export the solution sheet") if solution_sheet
               else QCoreApplication.translate("AssistPanel", "Export the puzzle sheet"))
    main_window.files.dialog_for(caption, QCoreApplication.translate("AssistPanel", SHEET_FILTER), chosen,
                                 saving=True, suffix="pdf")


def add_file_action(main_window, text: str, slot) -> None:
    """A File-menu item, placed above the separator before Quit; ``text`` is translated in the
    main window's context (mark it with ``QT_TRANSLATE_NOOP("MainWindow", ...)``)."""
    menu = main_window.file_menu
    separators = [action for action in menu.actions() if action.isSeparator()]
    add_action(main_window, menu, QCoreApplication.translate("MainWindow", text), slot,
               before=separators[-1] if separators else None)


def install(main_window, solver_dock: QDockWidget) -> QDockWidget:
    """The Assist dock, tabbed with the solver dock, and the sheet export items in the File menu."""
    dock = QDockWidget(QCoreApplication.translate("AssistPanel", "Assist"), main_window)
    dock.setObjectName("assistDock")
    panel = AssistPanel(main_window, solver_dock.widget(), dock)
    dock.setWidget(panel)
    main_window.addDockWidget(Qt.RightDockWidgetArea, dock)
    main_window.tabifyDockWidget(solver_dock, dock)
    solver_dock.raise_()
    panel.overlay_switch = OverlaySwitch()  # the grid shows the overlays of the dock in front
    panel.overlay_switch.add(solver_dock, solver_dock.widget().overlays)
    panel.overlay_switch.add(dock, panel.overlays)
    main_window.view_menu.addAction(dock.toggleViewAction())
    for text, solution_sheet in ((QT_TRANSLATE_NOOP("MainWindow", "Export puzzle &sheet…"), False),
                                 (QT_TRANSLATE_NOOP("MainWindow", "Export s&olution sheet…"), True)):
        add_file_action(main_window, text, lambda s=solution_sheet: export_sheet(main_window, s))
    return dock
