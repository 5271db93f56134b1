"""Parts sliding from step to step, without Qt: where each part is at any moment, and the
animation painted frame by frame into an animated GIF (Pillow).

A :class:`Keyframes` holds each part's offset (world units, as
:meth:`~nonogram_editor.scene3d.view.SceneView.set_part_offsets` takes them) at step 0 (before
the first move) and after each move. A position ``k + f`` (0 <= f < 1) is ``f`` of the way
through move ``k + 1``; within a move the parts ease in and out (smoothstep), so halfway
through the time they are halfway.

:func:`write_gif` paints with :class:`PictureScene` (the view's flat shading, the painter's
algorithm) into Pillow images: it needs no Qt, so a worker thread can run it.
"""
from __future__ import annotations

import dataclasses
import io
from collections.abc import Mapping, Sequence

import numpy as np
from PIL import Image, ImageDraw

from nonogram_editor.infra.safe_write import write_file
from nonogram_editor.scene3d.geometry import Moved, OrbitCamera, SceneGeometry, light_direction

Vec3 = tuple[float, float, float]
SUPERSAMPLE = 2       # a GIF frame is painted this many times larger, then scaled down: smooth edges
GIF_MOVE_MS = 60      # the time a GIF frame in the middle of a move is shown
GIF_HOLD_MS = 700     # the time a GIF shows each step reached (and the last one, before it loops)


class Keyframes:
    """Each part's offset at every step of a sequence of moves, and in between."""

    def __init__(self, steps: Sequence[Mapping[str, Vec3]]):
        if not steps:
            raise ValueError("Keyframes: at least one step (the start)")
        self.ids = sorted({part for step in steps for part in step})
        self._offsets = np.array([[step.get(part, (0.0, 0.0, 0.0)) for part in self.ids] for step in steps],
                                 dtype=float).reshape(len(steps), len(self.ids), 3)

    @property
    def moves(self) -> int:
        return len(self._offsets) - 1

    def at(self, position: float) -> dict[str, np.ndarray]:
        """Every part's offset at ``position`` (clamped to 0 .. :attr:`moves`)."""
        position = min(max(float(position), 0.0), float(self.moves))
        move = min(int(position), max(self.moves - 1, 0))
        fraction = position - move
        if self.moves == 0:
            now = self._offsets[0]
        else:
            eased = fraction * fraction * (3 - 2 * fraction)
            now = self._offsets[move] + eased * (self._offsets[move + 1] - self._offsets[move])
        return dict(zip(self.ids, now))

    def samples(self, frames_per_move: int) -> list[float]:
        """The positions an animation of ``frames_per_move`` frames a move shows: every step and
        the frames in between, the last step once at the end."""
        return [move + i / frames_per_move for move in range(self.moves) for i in range(frames_per_move)] + [
            float(self.moves)]


@dataclasses.dataclass(frozen=True)
class PictureScene:
    """A picture of a scene as the view would paint it, as plain data a worker thread may use:
    the geometry (never changed once made), a camera of its own, the shading and what is shown."""

    geometry: SceneGeometry
    camera: OrbitCamera
    width: int
    height: int
    ambient: float
    diffuse: float
    explode: float = 0.0
    shown: frozenset[str] | None = None

    def triangles(self, moved: Moved = None):
        """(corners, colours) to paint back to front (``SceneGeometry.painted_triangles``)."""
        return self.geometry.painted_triangles(self.camera, self.width, self.height, light_direction(self.camera),
                                               self.ambient, self.diffuse, self.explode, self.shown, moved)

    def paint(self, moved: Moved = None, background: tuple[int, int, int] = (255, 255, 255)) -> Image.Image:
        """The picture as an RGB Pillow image (painted larger, then scaled down)."""
        scale = SUPERSAMPLE
        image = Image.new("RGB", (self.width * scale, self.height * scale), background)
        draw = ImageDraw.Draw(image)
        corners, colours = self.triangles(moved)
        for triangle, rgb in zip(corners * scale, colours):
            colour = tuple(int(c) for c in rgb)
            draw.polygon([(float(x), float(y)) for x, y in triangle], fill=colour, outline=colour)
        return image.reduce(scale) if scale > 1 else image


def write_gif(path, scene: PictureScene, keyframes: Keyframes, frames_per_move: int,
              background: tuple[int, int, int], task=None) -> int:
    """Paint the moves into an animated GIF that loops, written through the safe writer;
    returns the number of frames. Each step reached is held :data:`GIF_HOLD_MS`, the frames
    in between :data:`GIF_MOVE_MS` each (a frame like the one before is not repeated: that
    one is shown longer). ``task`` (a :class:`~nonogram_editor.infra.tasks.Task`)
    hears the progress and may cancel."""
    positions = keyframes.samples(frames_per_move)
    frames, durations, last = [], [], None
    for number, position in enumerate(positions):
        if task is not None:
            task.check_cancelled()
            task.report(number, len(positions))
        frame = scene.paint(keyframes.at(position), background)
        duration = GIF_HOLD_MS if position == int(position) else GIF_MOVE_MS
        pixels = frame.tobytes()
        if pixels == last:  # nothing in sight moved: one frame, shown longer
            durations[-1] += duration
        else:
            frames.append(frame)
            durations.append(duration)
            last = pixels
    data = io.BytesIO()
    frames[0].save(data, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0)
    write_file(path, data.getvalue())
    return len(frames)
