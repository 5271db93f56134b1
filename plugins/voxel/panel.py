"""The voxel packing panel (on the shared :class:`~nonogram_editor.plugin_api.PuzzlePanel`): choose or open a puzzle,
solve or count it, look at the packings piece by piece and layer by layer (``nonogram_editor_builtins.voxel.canvas``),
take one apart and watch the pieces slide out, move by move (:class:`DisassemblyBar`).

Solving and checking go through the puzzle's ``PuzzleSpec``, as on the command line; a
count runs ``solver.count_solutions`` directly, to browse the solutions it keeps (one per
symmetry class) and to keep a checkpoint file per puzzle in
:attr:`VoxelPanel.checkpoint_dir`: an interrupted count (Cancel, a closed window, a
crash) is offered for Resume when its puzzle is shown again; a finished count deletes it.
"""
from __future__ import annotations

import html
import os
import weakref
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QStandardPaths, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from nonogram_editor.plugin_api import Keyframes, MovePlayer, PuzzlePanel
from nonogram_editor_builtins.voxel import layout, scene
from nonogram_editor_builtins.voxel.canvas import LayerView
from nonogram_editor_builtins.voxel.checkpoint import progress_in
from nonogram_editor_builtins.voxel.files import puzzle_or_problems
from nonogram_editor_builtins.voxel.model import Puzzle, PuzzleFileError, shipped_puzzle_paths


class VoxelPanel(PuzzlePanel):
    """Choose or open a polycube packing puzzle; solve, count, browse one packing per symmetry class, export."""

    title = QT_TRANSLATE_NOOP("VoxelPanel", "The voxel puzzles")
    job_name = "voxel solver"

    def __init__(self, context=None, parent=None, spec_of=None):
        super().__init__(context, parent, spec_of)
        self.canvas.changed.connect(self._layer_or_step_changed)
        if self._shipped:
            self._choose_shipped(0)

    def load(self) -> None:
        self.puzzle: Puzzle | None = None  # loaded off the GUI thread, once the panel is up
        self._dialog: QFileDialog | QInputDialog | None = None
        self._shipped = list(shipped_puzzle_paths())
        self._opened: dict[str, tuple[str, str | None]] = {}  # puzzle box data -> (file, BurrTools problem)
        self.checkpoint_dir = default_checkpoint_dir()

    def make_options(self) -> QWidget:
        options = QWidget(self)
        self.puzzle_box = QComboBox(options)
        for path in self._shipped:
            self.puzzle_box.addItem(path.stem, str(path))
        self.open_button = QPushButton(self.tr("Open…"), options)
        self.jobs_spin = self.make_jobs_spin(options)
        self.cluster_edit = QLineEdit(options)
        self.cluster_edit.setPlaceholderText(self.tr("Dask cluster, e.g. tcp://host:8786 (empty: this computer)"))
        self.cluster_edit.setToolTip(self.tr("Count on a Dask cluster "
                                             "(see Help > User Guide, The command line: \"Count on a cluster\")"))
        self.info_label = QLabel(options)
        self.info_label.setTextFormat(Qt.TextFormat.RichText)  # its own markup; the file's text escaped
        self.info_label.setWordWrap(True)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(self.tr("Puzzle:"), options))
        row.addWidget(self.puzzle_box, 1)
        row.addWidget(self.open_button)
        row.addWidget(self.jobs_spin)
        column = QGridLayout(options)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(row, 0, 0)
        column.addWidget(self.cluster_edit, 1, 0)
        column.addWidget(self.info_label, 2, 0)
        self.puzzle_box.currentIndexChanged.connect(self._choose_shipped)
        self.open_button.clicked.connect(self._ask_file)
        return options

    def make_actions(self) -> None:
        self.solve_button = self.add_action(self.tr("Solve"), self.solve,
                                            self.tr("Find one packing; Next finds the one after"))
        self.count_button = self.add_action(self.tr("Count all"), self.count_all,
                                            self.tr("Count every packing; browse one per symmetry class"))
        self.resume_button = self.add_action(self.tr("Resume count"), self.resume_count,
                                             self.tr("Go on with this puzzle's interrupted count from its checkpoint"))
        self.export_button = self.add_action(self.tr("Export…"), self._ask_export_file,
                                             self.tr("Save the solutions found to a JSON file: one per symmetry "
                                                     "class, or every one"))

    def make_canvas(self) -> LayerView:
        canvas = LayerView(self)
        self.disassembly = DisassemblyBar(self)
        canvas.layout().addWidget(self.disassembly, 4, 0, 1, 2)
        return canvas

    def scene_parts(self, solution):
        return scene.solution_parts(self.puzzle, solution, self.canvas.layer())

    def describe_piece(self, index: int) -> str:
        placement = self.shown_solution()[index]
        label = layout.placement_labels(self.puzzle, self.shown_solution())[index]
        return self.tr("{0}: cells {1}").format(label, ', '.join(str(c) for c in placement.cells))

    def assembly(self) -> list[int]:
        return self.canvas.order

    def show_solution(self, index: int) -> None:
        self.disassembly.reset()
        super().show_solution(index)
        self._show_moved()

    def _layer_or_step_changed(self) -> None:
        solution = self.shown_solution()
        if solution is not None:
            self.view.set_parts(self.scene_parts(solution))
            self._show_moved()

    def _show_moved(self) -> None:
        """The pieces in the 3-D view as the assembly step and the disassembly have them."""
        self.view.set_visible_parts(self.canvas.visible_parts())
        self.view.set_part_offsets(self.disassembly.offsets(self.shown_solution()))

    def update_controls(self) -> None:
        super().update_controls()
        idle, ready = not self.busy, self.puzzle is not None and not self.busy
        self.solve_button.setEnabled(ready)
        self.count_button.setEnabled(ready)
        self.export_button.setEnabled(ready and bool(self.solutions))
        for widget in (self.open_button, self.puzzle_box, self.jobs_spin, self.cluster_edit):
            widget.setEnabled(idle)
        self.resume_button.setEnabled(ready)
        self.disassembly.update_controls()
        if idle:
            self._offer_resume()

    def checkpoint_path(self) -> Path:
        from nonogram_editor_builtins.voxel.distributed import puzzle_fingerprint

        return self.checkpoint_dir / f"{puzzle_fingerprint(self.puzzle)[:32]}.db"

    def _offer_resume(self) -> None:
        """Show Resume when this puzzle has an unfinished count's checkpoint."""
        state = progress_in(self.checkpoint_path()) if self.puzzle is not None else None
        unfinished = state is not None and state[0] < state[1]
        self.resume_button.setVisible(unfinished)
        if unfinished:
            self.resume_button.setText(self.tr("Resume count ({0}/{1} done)").format(state[0], state[1]))

    # ------------------------------------------------------------------ puzzles
    def _choose_shipped(self, index: int) -> None:
        if 0 <= index < self.puzzle_box.count():
            self.load_file(self.puzzle_box.itemData(index))

    def _ask_file(self) -> None:
        dialog = QFileDialog(self, self.tr("Open a voxel puzzle"), "",
                             self.tr("Voxel puzzles (*.json *.xmpuzzle);;BurrTools (*.xmpuzzle);;All files (*)"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(self.load_file)
        self._dialog = dialog
        dialog.open()

    def load_file(self, path: str, problem: str | None = None) -> None:
        """Load a puzzle file off the GUI thread; a bad file leaves the current puzzle and says what is wrong.

        A BurrTools file with several problems asks which one (``problem`` skips the question)."""
        path, problem = self._opened.get(path, (path, problem))
        self.run(lambda task: puzzle_or_problems(path, problem), self.tr("opening {0}…").format(path),
                 lambda found: self._loaded(path, problem, found), lambda error: self._load_failed(path, error))

    def _loaded(self, path: str, problem: str | None, found) -> None:
        if isinstance(found, list):  # the problems of a BurrTools file: ask
            self._ask_problem(path, found)
            return
        key = path if problem is None else f"{path} [{problem}]"
        self._opened[key] = (path, problem)
        if self.puzzle_box.findData(key) < 0:
            self.puzzle_box.addItem(os.path.basename(key), key)
        self._show_in_puzzle_box(key)
        self.set_puzzle(found)

    def _ask_problem(self, path: str, names: list[str]) -> None:
        dialog = QInputDialog(self)
        dialog.setWindowTitle(self.tr("Choose a problem"))
        dialog.setLabelText(self.tr("{0} holds {1} problems:").format(os.path.basename(path), len(names)))
        dialog.setComboBoxItems(names)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.textValueSelected.connect(lambda name: self.load_file(path, name))
        dialog.rejected.connect(lambda: self._show_in_puzzle_box(self.puzzle.source if self.puzzle else None))
        self._dialog = dialog
        dialog.open()

    def _load_failed(self, path: str, error: BaseException) -> None:
        if not isinstance(error, PuzzleFileError):
            self.status.setText(f"{path}: {type(error).__name__}: {error}")
        self._show_in_puzzle_box(self.puzzle.source if self.puzzle is not None else None)

    def _show_in_puzzle_box(self, path: str | None) -> None:
        self.puzzle_box.blockSignals(True)
        self.puzzle_box.setCurrentIndex(self.puzzle_box.findData(path) if path else -1)
        self.puzzle_box.blockSignals(False)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.puzzle_spec = self.spec_of(puzzle)
        sx, sy, sz = puzzle.size
        mirror = self.tr(", mirror images allowed") if puzzle.mirror else ""
        self.info_label.setText(self.tr("<b>{0}</b>: {1} pieces, {2} cells in a {3}x{4}x{5} box{6}. {7}").format(
            html.escape(puzzle.title), puzzle.piece_count, len(puzzle.target), sx, sy, sz, mirror,
            html.escape(puzzle.description)))  # the file's words as plain text
        self.canvas.set_puzzle(puzzle)
        self.status.setText("")
        self.progress_bar.setValue(0)
        self.set_solutions([])

    # ------------------------------------------------------------------ solving
    def solve(self) -> None:
        """The first solution; Next finds the one after (every solution, symmetric images too)."""
        self.solve_from(self.puzzle_spec.solutions)

    def count_all(self) -> None:
        """Count from the start (an old checkpoint of this puzzle is dropped)."""
        self.checkpoint_path().unlink(missing_ok=True)
        self.resume_count()

    def resume_count(self) -> None:
        """Count, going on from this puzzle's checkpoint if it has one."""
        from nonogram_editor_builtins.voxel import solver
        from nonogram_editor_builtins.voxel.disassemble import count_apart

        puzzle, jobs, cluster = self.puzzle, self.jobs_spin.value(), self.cluster_edit.text().strip() or None
        path = self.checkpoint_path()
        path.parent.mkdir(parents=True, exist_ok=True)

        def count(task):
            outcome = solver.count_solutions(puzzle, task, jobs=jobs, checkpoint=path, cluster=cluster)
            return outcome, count_apart(puzzle, outcome, task)

        self.run(count, self.tr("counting…"), self._counted)

    def _counted(self, found) -> None:
        outcome, apart = found
        self.checkpoint_path().unlink(missing_ok=True)  # finished: nothing to resume
        self.set_solutions(outcome.solutions, complete=True)
        stated = self.puzzle.expected_assemblies
        counted = self.tr("{0} solutions in all, {1} up to the {2} symmetries ({3} s); browsing one per class").format(
            outcome.count, outcome.distinct, outcome.symmetry_order, f"{outcome.seconds:.1f}")
        if stated is not None:
            from nonogram_editor_builtins.voxel.burrtools import stored_figure

            stated_text = ". " + stored_figure(stated, outcome.distinct, outcome.distinct_rotations)[1]
        else:
            stated_text = ""
        apart_text = "" if apart is None else self.tr("; {0} of them come apart (solutions)").format(apart.solutions)
        self.report(counted + apart_text + stated_text)

    # ------------------------------------------------------------------ export
    def _ask_export_file(self) -> None:
        self._dialog = self.ask_save_path(
            self.tr("Export solutions"), f"{self.puzzle.id}-solutions.json",
            ";;".join((self.tr("One per symmetry class (*.json)"), self.every_filter())), "json", self._export_chosen)

    def _export_chosen(self, path: str) -> None:
        self.export(path, every=self._dialog.selectedNameFilter() == self.every_filter())

    def every_filter(self) -> str:
        return self.tr("Every solution (*.json)")

    def export(self, path: str, every: bool) -> None:
        """Write the solutions browsed (with ``every``: all the members of their classes) to ``path``."""
        from nonogram_editor_builtins.voxel import export

        puzzle, classes = self.puzzle, list(self.solutions)
        self.run(lambda task: export.write_solutions(path, puzzle, classes, every, task), self.tr("exporting…"),
                 lambda written: self.status.setText(self.tr("wrote {0} solutions to {1}").format(written, path)))


class DisassemblyBar(QWidget):
    """[Disassemble], what the move shown does, and the moves played in the 3-D view (a MovePlayer).

    The search runs off the GUI thread (the panel's ``run``); the answer is kept for the
    packing shown as the pieces' shifts after each move (``disassemble.frames``), which the
    player slides the pieces between.
    """

    def __init__(self, panel):
        super().__init__(panel)
        self._panel = weakref.ref(panel)  # the panel owns the bar: no reference cycle back
        self.solution = None  # the packing taken apart (None: none yet)
        self.separation = None
        self.moves: list = []
        self.move_words: list[str] = []  # each of the moves, in words
        self.start_button = QPushButton(self.tr("Disassemble"), self)
        self.start_button.setToolTip(self.tr("Find how the packing shown comes apart by sliding pieces"))
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.player = MovePlayer(panel)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignLeft)
        column.addWidget(self.label)
        column.addWidget(self.player, 1)
        self.start_button.clicked.connect(self.start)
        self.player.stepChanged.connect(self._show)
        self.update_controls()

    @property
    def panel(self):
        return self._panel()

    def reset(self) -> None:
        """Forget the disassembly (another packing is shown)."""
        if self.solution is not None and self.panel.shown_solution() is not self.solution:
            self.solution, self.separation, self.moves, self.move_words = None, None, [], []
            self.player.set_moves(None)
            self.label.setText("")
        self.update_controls()

    def offsets(self, solution) -> dict:
        """The pieces' offsets in the 3-D view as the player has them, if ``solution`` is the one taken apart."""
        return self.player.offsets() if solution is not None and solution is self.solution else {}

    def update_controls(self) -> None:
        idle = not self.panel.busy and self.panel.shown_solution() is not None
        self.start_button.setEnabled(idle and self.solution is None)
        self.player.update_controls()

    def start(self) -> None:
        from nonogram_editor_builtins.voxel.disassemble import disassemble_solution, frames

        puzzle, solution = self.panel.puzzle, self.panel.shown_solution()

        def work(task):
            separation = disassemble_solution(puzzle, solution)
            return separation, frames(separation, [p.cells for p in solution]) if separation else []

        self.panel.run(work, self.tr("disassembling…"), lambda found: self._found(solution, *found))

    def _found(self, solution, separation, shown) -> None:
        self.panel.status.setText(self.tr("taken apart in {0} moves").format(len(shown) - 1) if shown
                                  else self.tr("it does not come apart"))
        if solution is not self.panel.shown_solution():
            return  # another packing is shown by now
        self.solution, self.separation = solution, separation
        self.moves = list(separation.sequence()) if separation is not None else []
        labels = layout.placement_labels(self.panel.puzzle, solution) if self.moves else []
        self.move_words = [self._in_words(move, labels) for move in self.moves]
        keyframes = Keyframes([scene.world_shifts(shifts) for shifts in shown]) if shown else None
        if keyframes is not None and not self.panel.view.camera_moved_by_user:
            self.panel.view.set_part_offsets(keyframes.at(keyframes.moves))  # frame the pieces taken apart
            self.panel.view.reset_camera()
        self.player.set_moves(keyframes, [self.tr("assembled")] + [
            self.tr("move {0}: {1}").format(step, self.move_words[step - 1]) for step in range(1, len(shown))])
        self._show(0)

    def _in_words(self, move, labels: list[str]) -> str:
        """Which pieces ``move`` slides (``labels``: the packing's placements), which way, how far."""
        axis = next(i for i in range(3) if move.direction[i])
        sign = "+" if move.direction[axis] > 0 else "-"
        how = self.tr("out") if move.distance is None else self.tr("{0} cells").format(move.distance) \
            if move.distance > 1 else self.tr("1 cell")
        return self.tr("{0} {1}{2} {3}").format(", ".join(labels[k] for k in move.pieces), sign, "xyz"[axis], how)

    def _show(self, step: int) -> None:
        self.update_controls()
        if self.separation is None:
            self.label.setText(self.tr("This packing does not come apart: it is an assembly, not a solution."))
            return
        head = self.tr("Level {0}, {1} moves").format(self.separation.level, len(self.moves))
        if step == 0:
            self.label.setText(self.tr("{0}: assembled").format(head))
        else:
            self.label.setText(self.tr("{0}: move {1}: {2}").format(head, step, self.move_words[step - 1]))


def default_checkpoint_dir() -> Path:
    """Where the panel keeps its counts' checkpoints: the user's application data."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location or Path.home() / ".nonogram-editor") / "counts"
