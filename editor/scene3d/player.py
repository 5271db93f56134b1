"""MovePlayer: the controls that play a sequence of moves in a puzzle panel's 3-D view.

    player = MovePlayer(panel)                  # a PuzzlePanel: its view, its jobs
    player.set_moves(Keyframes(steps), labels)  # labels[0] names the start, labels[k] move k
    player.go(3)                                # show step 3 at once
    player.play_or_pause()                      # slide through the moves from here (or stop)

The pieces slide from step to step (a QVariantAnimation on the GUI thread drives the
position; :class:`~nonogram_editor.scene3d.animation.Keyframes` says, without Qt, where every
part is at that position). Beside the buttons, the list of moves: the current one is
highlighted, a click on one goes there. Save GIF… paints the animation off the GUI thread
(the panel's job: progress, Cancel) and writes it through the safe writer.

Keys (pressed anywhere in the panel): Alt+PgUp the move before, Alt+PgDown the next move,
Alt+K play or pause.
"""
from __future__ import annotations

import math
import weakref

from PySide6.QtCore import QEasingCurve, QEvent, QVariantAnimation, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QComboBox, QGridLayout, QListWidget, QPushButton, QSizePolicy, QWidget

from nonogram_editor.qt.lifetime import ask_save_path
from nonogram_editor.scene3d.animation import Keyframes, write_gif
from nonogram_editor.scene3d.view import BACKGROUND, SceneView

KEYS = {"previous": "Alt+PgUp", "next": "Alt+PgDown", "play": "Alt+K"}
MOVE_MS = 700             # one move at normal speed
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)
GIF_SIZE = (480, 360)
GIF_FRAMES_PER_MOVE = 10


class MovePlayer(QWidget):
    """[< Move] [Play] [Move >] [speed] [Save GIF…] over the list of moves (see the module)."""

    stepChanged = Signal(int)  # the step shown or slid to (0: the start)

    def __init__(self, panel):
        super().__init__(panel)
        self._panel = weakref.ref(panel)  # the panel owns the player: no reference cycle back
        self.keyframes: Keyframes | None = None
        self.position = 0.0  # where the parts are: step k + fraction of move k + 1
        self.step = 0        # the step shown, or the one the parts slide to
        self._dialog = None  # the Save GIF dialog while it is open
        self._animation = QVariantAnimation(self)
        self._animation.setEasingCurve(QEasingCurve.Type.Linear)  # Keyframes eases each move
        self._animation.valueChanged.connect(self._animated)
        self._animation.finished.connect(self.update_controls)
        self.previous_button = QPushButton(self.tr("< Move"), self)
        self.play_button = QPushButton(self.tr("Play"), self)
        self.next_button = QPushButton(self.tr("Move >"), self)
        self.speed_box = QComboBox(self)
        for speed in SPEEDS:
            self.speed_box.addItem(self.tr("{0}× speed").format(f"{speed:g}"), speed)
        self.speed_box.setCurrentIndex(SPEEDS.index(1.0))
        self.speed_box.setToolTip(self.tr("How fast the pieces slide"))
        self.save_button = QPushButton(self.tr("Save GIF…"), self)
        self.save_button.setToolTip(self.tr("Save the moves as an animated GIF ({0}x{1} pixels)").format(*GIF_SIZE))
        for button, name, tip in ((self.previous_button, "previous", self.tr("Slide back to the move before")),
                                  (self.play_button, "play", self.tr("Play the moves from here, or pause")),
                                  (self.next_button, "next", self.tr("Slide on to the next move"))):
            button.setToolTip(f"{tip} ({KEYS[name]})")
        self.move_list = QListWidget(self)
        self.move_list.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Expanding)
        self.move_list.setMinimumHeight(60)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        for column, widget in enumerate((self.previous_button, self.play_button, self.next_button)):
            grid.addWidget(widget, 0, column)
        grid.addWidget(self.speed_box, 1, 0, 1, 2)
        grid.addWidget(self.save_button, 1, 2)
        grid.addWidget(self.move_list, 2, 0, 1, 3)
        self.previous_button.clicked.connect(self.previous_move)
        self.play_button.clicked.connect(self.play_or_pause)
        self.next_button.clicked.connect(self.next_move)
        self.save_button.clicked.connect(self._ask_gif_file)
        self.move_list.itemClicked.connect(self._clicked)
        panel.installEventFilter(self)  # the keys, pressed anywhere in the panel (see eventFilter)
        self.update_controls()

    @property
    def panel(self):
        return self._panel()

    @property
    def playing(self) -> bool:
        return self._animation.state() == QVariantAnimation.State.Running

    # ------------------------------------------------------------------ moves
    def set_moves(self, keyframes: Keyframes | None, labels: list[str] = ()) -> None:
        """Play these moves (None: none); ``labels`` fill the list, one per step. Shows step 0."""
        self._animation.stop()
        self.keyframes = keyframes
        self.move_list.clear()
        if keyframes is not None:
            self.move_list.addItems(list(labels))
        self.go(0)

    def offsets(self) -> dict:
        """The parts' offsets now (empty without moves)."""
        return {} if self.keyframes is None else self.keyframes.at(self.position)

    def go(self, step: int) -> None:
        """Show ``step`` at once (stops playing)."""
        self._animation.stop()
        if self.keyframes is not None and 0 <= step <= self.keyframes.moves:
            self._reach(step)
            self._moved(float(step))
        self.update_controls()

    def _clicked(self, item) -> None:
        self.go(self.move_list.row(item))

    def previous_move(self) -> None:
        self._slide_to(math.ceil(self.position) - 1 if self.playing else self.step - 1)

    def next_move(self) -> None:
        self._slide_to(math.floor(self.position) + 1 if self.playing else self.step + 1)

    def play_or_pause(self) -> None:
        if self.playing:
            self._animation.stop()
            self.update_controls()
        elif self.keyframes is not None:
            if self.position >= self.keyframes.moves:
                self.go(0)  # at the end: from the start again
            self._slide_to(self.keyframes.moves)

    def speed(self) -> float:
        return self.speed_box.currentData()

    def _slide_to(self, step: int) -> None:
        if self.keyframes is None or not 0 <= step <= self.keyframes.moves:
            return
        self._animation.stop()
        self._animation.setStartValue(float(self.position))
        self._animation.setEndValue(float(step))
        self._animation.setDuration(max(1, round(abs(step - self.position) * MOVE_MS / self.speed())))
        self._reach(self._under_way(step))
        self._animation.start()
        self.update_controls()

    def _animated(self, position) -> None:
        if self.playing:  # not the values a stopped animation reports as they are set
            self._moved(position)

    def _moved(self, position) -> None:
        """The animation (or a jump) reached ``position``: the view follows; so do the list and the label."""
        self.position = float(position)
        if self.playing:
            self._reach(self._under_way(self._animation.endValue()))
        panel = self.panel
        if panel is not None:  # None: the panel is being deleted
            panel.view.set_part_offsets(self.offsets())

    def _under_way(self, target: float) -> int:
        """The step the parts slide to next on their way to ``target``: the one highlighted."""
        if target >= self.position:
            return min(math.floor(self.position) + 1, round(target))
        return max(math.ceil(self.position) - 1, round(target))

    def _reach(self, step: int) -> None:
        if step != self.step or self.move_list.currentRow() != step:
            self.step = step
            self.move_list.setCurrentRow(step)
            self.stepChanged.emit(step)

    def eventFilter(self, watched, event) -> bool:
        """Alt+PgUp / Alt+PgDown / Alt+K in the panel (a key no widget there took)."""
        if event.type() == QEvent.Type.KeyPress:
            pressed = QKeySequence(event.keyCombination())
            for name, button in (("previous", self.previous_button), ("next", self.next_button),
                                 ("play", self.play_button)):
                if pressed == QKeySequence(KEYS[name]) and button.isEnabled():
                    button.click()
                    return True
        return False

    def update_controls(self) -> None:
        moves = 0 if self.keyframes is None else self.keyframes.moves
        panel = self.panel
        self.setVisible(moves > 0)
        self.previous_button.setEnabled(moves > 0 and (self.position > 0 if self.playing else self.step > 0))
        self.next_button.setEnabled(moves > 0 and (self.position < moves if self.playing else self.step < moves))
        self.play_button.setEnabled(moves > 0)
        self.play_button.setText(self.tr("Pause") if self.playing else self.tr("Play"))
        self.save_button.setEnabled(moves > 0 and panel is not None and not panel.busy
                                    and isinstance(panel.view, SceneView))

    # ------------------------------------------------------------------ the GIF
    def _ask_gif_file(self) -> None:
        self._dialog = ask_save_path(self, self.tr("Save the animation"), "", self.tr("Animated GIF (*.gif)"), "gif",
                                     self.save_gif)

    def save_gif(self, path: str, size: tuple[int, int] = GIF_SIZE,
                 frames_per_move: int = GIF_FRAMES_PER_MOVE) -> None:
        """Paint the moves into an animated GIF at ``path``, off the GUI thread (the panel's job)."""
        keyframes, panel = self.keyframes, self.panel
        steps = [keyframes.at(step) for step in range(keyframes.moves + 1)]
        scene = panel.view.picture_scene(*size, steps)  # every step in the picture, the camera still
        panel.run(lambda task: write_gif(path, scene, keyframes, frames_per_move, BACKGROUND.getRgb()[:3], task),
                  self.tr("saving the animation…"),
                  lambda frames: panel.report(self.tr("wrote {0} frames to {1}").format(frames, path)),
                  lambda error: panel.report(self.tr("could not save {0}: {1}").format(path, error.strerror or error))
                  if isinstance(error, OSError) else None)
