"""Parts sliding between steps and the animated GIF, without Qt (known positions, painted pixels,
the GIF read back by Pillow)."""
import numpy as np
import pytest
from PIL import Image, ImageSequence

from nonogram_editor.infra.tasks import Cancelled, Task
from nonogram_editor.scene3d.animation import GIF_HOLD_MS, GIF_MOVE_MS, Keyframes, PictureScene, write_gif
from nonogram_editor.scene3d.geometry import OrbitCamera, SceneGeometry
from nonogram_editor.scene3d.parts import Box, Part

RED, BLUE = (220, 30, 30), (40, 40, 220)
STEPS = [{"red": (0, 0, 0), "blue": (0, 0, 0)},
         {"red": (0, 2, 0), "blue": (0, 0, 0)},  # move 1: red up 2
         {"red": (0, 2, 0), "blue": (4, 0, 0)}]  # move 2: blue right 4


def test_halfway_through_a_move_a_piece_is_halfway_and_every_step_is_exact():
    keyframes = Keyframes(STEPS)
    assert keyframes.moves == 2
    for step, offsets in enumerate(STEPS):
        at = keyframes.at(step)
        assert {part: tuple(v) for part, v in at.items()} == offsets
    assert tuple(keyframes.at(0.5)["red"]) == (0, 1, 0)
    assert tuple(keyframes.at(0.5)["blue"]) == (0, 0, 0)
    assert tuple(keyframes.at(1.5)["blue"]) == (2, 0, 0)
    assert tuple(keyframes.at(1.5)["red"]) == (0, 2, 0)
    quarter, three_quarters = keyframes.at(0.25)["red"][1], keyframes.at(0.75)["red"][1]
    assert 0 < quarter < 0.5
    assert three_quarters == pytest.approx(2 - quarter)
    assert tuple(keyframes.at(-1)["red"]) == (0, 0, 0)
    assert tuple(keyframes.at(9)["blue"]) == (4, 0, 0)
    assert keyframes.samples(4) == [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]
    assert {part: tuple(v) for part, v in Keyframes([STEPS[1]]).at(0.7).items()} == STEPS[1]  # no moves: stays


def picture() -> PictureScene:
    parts = [Part("red", [Box((-1, 0, 0), (1, 1, 1), RED)]), Part("blue", [Box((1, 0, 0), (1, 1, 1), BLUE)])]
    geometry = SceneGeometry(parts)
    camera = OrbitCamera(np.zeros(3), 1.0)
    camera.fit(np.concatenate([geometry.points(0.0, None, Keyframes(STEPS).at(s)) for s in range(3)]), 4 / 3)
    return PictureScene(geometry, camera, 160, 120, 0.35, 0.63)


def test_a_painted_frame_mid_move_differs_from_both_ends():
    scene, keyframes = picture(), Keyframes(STEPS)
    start, middle, end = (np.asarray(scene.paint(keyframes.at(p))) for p in (1, 1.5, 2))
    assert start.shape == (120, 160, 3)
    blue = [np.nonzero((f[..., 2] > 100) & (f[..., 0] < 80))[1].mean() for f in (start, middle, end)]
    assert blue[0] < blue[1] < blue[2]  # blue slides right, through the middle
    assert (middle != start).any()
    assert (middle != end).any()


def test_a_saved_gif_has_a_frame_per_sample_at_the_size_asked_and_holds_each_step(tmp_path):
    path = tmp_path / "apart.gif"
    reports = []
    frames = write_gif(path, picture(), Keyframes(STEPS), 5, (236, 238, 242), Task(reports.append, interval=0))
    assert frames == 2 * 5 + 1
    with Image.open(path) as gif:
        assert gif.size == (160, 120)
        assert gif.n_frames == frames
        assert gif.info.get("loop") == 0
        durations = [frame.info["duration"] for frame in ImageSequence.Iterator(gif)]
    assert durations == ([GIF_HOLD_MS] + [GIF_MOVE_MS] * 4) * 2 + [GIF_HOLD_MS]
    assert reports
    assert reports[-1].total == frames


def test_a_cancelled_gif_leaves_no_file(tmp_path):
    path = tmp_path / "apart.gif"
    task = Task()
    task.cancel()
    with pytest.raises(Cancelled):
        write_gif(path, picture(), Keyframes(STEPS), 5, (0, 0, 0), task)
    assert not path.exists()


def test_a_step_where_nothing_in_sight_moves_is_one_frame_shown_longer(tmp_path):
    path = tmp_path / "still.gif"
    steps = STEPS[:2] + [STEPS[1]]  # move 2 moves nothing
    assert write_gif(path, picture(), Keyframes(steps), 5, (236, 238, 242)) == 5 + 1
    with Image.open(path) as gif:
        durations = [frame.info["duration"] for frame in ImageSequence.Iterator(gif)]
    assert durations == [GIF_HOLD_MS] + [GIF_MOVE_MS] * 4 + [GIF_HOLD_MS + 4 * GIF_MOVE_MS + GIF_HOLD_MS]
