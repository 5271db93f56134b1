"""SceneView on a real X server: rendered frames checked pixel by pixel, real mouse events."""
import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QOpenGLContext, QWheelEvent
from PySide6.QtWidgets import QApplication, QFileDialog

from nonogram_editor.scene3d.parts import Box, Part, Prism, Rod
from nonogram_editor.scene3d.view import BACKGROUND, SceneView, release_views

RED, GREEN, BLUE = (220, 30, 30), (30, 190, 30), (40, 40, 220)


def scene() -> list[Part]:
    return [
        Part("red", [Box((-1.5, 0.8, 0), (1, 1, 1), RED)], explode=(-2.5, 0, 0)),
        Part("blue", [Prism(((1.0, 0.3), (2.2, 0.3), (1.6, 1.4)), -0.4, 0.8, BLUE)], explode=(2.5, 0, 0)),
        Part("green", [Rod((-1.5, -1.2, 0), (1.5, -1.2, 0), 0.3, GREEN)], explode=(0, -2.0, 0)),
    ]


def rgb_array(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    data = np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes())
    return data.reshape(image.height(), image.bytesPerLine())[:, : 3 * image.width()].reshape(
        image.height(), image.width(), 3).astype(int)


def mask_of(pixels: np.ndarray, rgb) -> np.ndarray:
    """Pixels whose strongest channel is the colour's, clearly (shading changes brightness, not hue)."""
    main = int(np.argmax(rgb))
    others = [c for c in range(3) if c != main]
    strong = pixels[..., main]
    return (strong > 60) & np.all(strong[..., None] > 2 * pixels[..., others], axis=-1)


def centroid(mask: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(mask)
    return np.array([xs.mean(), ys.mean()])


def require_gl() -> None:
    platform = QGuiApplication.platformName()
    if platform != "xcb":
        pytest.skip(f"Qt3D needs an X server with GL; the Qt platform is {platform!r} (run under Xvfb, xcb)")
    context = QOpenGLContext()
    if not context.create():
        pytest.skip("no OpenGL context on this X server (Qt3D renders through GLX; install Mesa)")


@pytest.fixture
def view(qtbot):
    require_gl()
    widget = SceneView()
    qtbot.addWidget(widget, before_close_func=release_views)  # reuse Qt3D windows across tests
    widget.resize(480, 380)
    widget.set_parts(scene())
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.waitUntil(widget.render_window().isExposed)
    return widget


def frame(view: SceneView) -> np.ndarray:
    image = view.capture_image()
    assert not image.isNull(), "Qt3D rendered no frame although a GL context exists"
    return rgb_array(image)


def window_point(view: SceneView, world) -> QPoint:
    window = view.render_window()
    x, y = view.camera_model().project(world, window.width(), window.height())
    return QPoint(round(x), round(y))


def test_rendered_frame_shows_each_part_in_its_colour_on_the_background(view):
    pixels = frame(view)
    window = view.render_window()
    assert pixels.shape[:2] == (window.height() * window.devicePixelRatio(), window.width() * window.devicePixelRatio())
    background = np.array(BACKGROUND.getRgb()[:3])
    assert np.abs(pixels[2, 2] - background).max() <= 8
    assert np.abs(pixels[-3, -3] - background).max() <= 8
    for rgb in (RED, GREEN, BLUE):
        assert mask_of(pixels, rgb).sum() > 200, f"too few pixels of colour {rgb}"
    # y is up: the red box (y=0.8) is drawn above the green rod (y=-1.2); red left of blue
    red, green, blue = (centroid(mask_of(pixels, c)) for c in (RED, GREEN, BLUE))
    assert red[1] < green[1]
    assert red[0] < blue[0]
    # the camera's projection matches what Qt3D drew
    point = window_point(view, (-1.5, 0.8, 0.5))
    assert mask_of(pixels[point.y() - 1:point.y() + 2, point.x() - 1:point.x() + 2], RED).all()


def test_clicking_a_part_selects_it_and_the_background_clears(view, qtbot):
    window = view.render_window()
    for part_id, world in (("red", (-1.5, 0.8, 0.5)), ("green", (0.5, -1.2, 0.3)), ("blue", (1.6, 0.7, 0.4))):
        with qtbot.waitSignal(view.partClicked, timeout=2000) as clicked:
            qtbot.mouseClick(window, Qt.MouseButton.LeftButton, pos=window_point(view, world))
        assert clicked.args == [part_id]
        assert view.selected_part() == part_id
    with qtbot.waitSignal(view.partClicked, timeout=2000) as clicked:
        qtbot.mouseClick(window, Qt.MouseButton.LeftButton, pos=QPoint(3, 3))
    assert clicked.args == [""]
    assert view.selected_part() is None


def test_selection_is_highlighted(view):
    point = window_point(view, (-1.5, 0.8, 0.5))
    before = frame(view)[point.y(), point.x()]
    view.select_part("red")
    after = frame(view)[point.y(), point.x()]
    assert after[1] > before[1] + 30  # the highlight mixes in a warm yellow
    view.select_part(None)
    assert np.abs(frame(view)[point.y(), point.x()] - before).max() <= 2


class qtbot_signal:
    """Collects what a signal emits inside a ``with`` block."""

    def __init__(self, signal):
        self.signal, self.seen = signal, []

    def __enter__(self):
        self.signal.connect(self.seen.append)
        return self.seen

    def __exit__(self, *exc_info):
        self.signal.disconnect(self.seen.append)


def width_of(mask: np.ndarray) -> int:
    columns = np.nonzero(mask.any(axis=0))[0]
    return int(columns.max() - columns.min() + 1)


def test_explode_moves_parts_apart_and_the_slider_follows(view):
    pixels = frame(view)
    red_before, blue_before = centroid(mask_of(pixels, RED)), centroid(mask_of(pixels, BLUE))
    gap_before = (blue_before[0] - red_before[0]) / width_of(mask_of(pixels, RED))
    view.set_explode(1.0)
    assert view.explode_slider.value() == view.explode_slider.maximum()
    pixels = frame(view)
    red_after, blue_after = centroid(mask_of(pixels, RED)), centroid(mask_of(pixels, BLUE))
    gap_after = (blue_after[0] - red_after[0]) / width_of(mask_of(pixels, RED))
    assert gap_after > 1.3 * gap_before  # apart, measured in red box widths (the camera pulls back)
    window = view.render_window()
    for part in view.parts():  # the whole exploded scene is in view: no part touches the frame's edge
        mask = mask_of(pixels, part.shapes[0].color)
        assert mask.sum() > 100
        assert not (mask[0].any())
        assert not (mask[-1].any())
        assert not (mask[:, 0].any())
        assert not (mask[:, -1].any())
    assert pixels.shape[1] == window.width()
    view.explode_slider.setValue(view.explode_slider.maximum() // 2)
    assert view.explode() == pytest.approx(0.5)


def test_picking_follows_exploded_parts(view, qtbot):
    view.set_explode(1.0)
    window = view.render_window()
    with qtbot.waitSignal(view.partClicked, timeout=2000) as clicked:
        qtbot.mouseClick(window, Qt.MouseButton.LeftButton, pos=window_point(view, (-4.0, 0.8, 0.5)))
    assert clicked.args == ["red"]


def test_hidden_parts_are_not_drawn_nor_picked(view, qtbot):
    view.set_visible_parts({"green", "blue"})
    pixels = frame(view)
    assert mask_of(pixels, RED).sum() == 0
    assert mask_of(pixels, GREEN).sum() > 200
    with qtbot.waitSignal(view.partClicked, timeout=2000) as clicked:
        qtbot.mouseClick(view.render_window(), Qt.MouseButton.LeftButton, pos=window_point(view, (-1.5, 0.8, 0.5)))
    assert clicked.args == [""]
    view.set_visible_parts(None)
    assert mask_of(frame(view), RED).sum() > 200


def test_drag_orbits_wheel_zooms_and_reset_view_restores(view, qtbot):
    window = view.render_window()
    start_pixels = frame(view)
    yaw, distance = view.camera_model().yaw, view.camera_model().distance
    qtbot.mousePress(window, Qt.MouseButton.LeftButton, pos=QPoint(240, 200))
    for x in range(250, 360, 10):
        qtbot.mouseMove(window, pos=QPoint(x, 200))
    qtbot.mouseRelease(window, Qt.MouseButton.LeftButton, pos=QPoint(360, 200))
    assert view.camera_model().yaw != pytest.approx(yaw)
    turned = frame(view)
    assert np.abs(turned - start_pixels).max(axis=2).astype(bool).sum() > 1000

    red_area = mask_of(turned, RED).sum()
    wheel = QWheelEvent(QPointF(240, 200), QPointF(window.mapToGlobal(QPoint(240, 200))), QPoint(0, 0),
                        QPoint(0, -240), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(window, wheel)  # towards the user: further away
    assert view.camera_model().distance > distance
    assert mask_of(frame(view), RED).sum() < 0.8 * red_area

    qtbot.mouseClick(view.reset_button, Qt.MouseButton.LeftButton)
    assert view.camera_model().yaw == pytest.approx(yaw)
    assert view.camera_model().distance == pytest.approx(distance)
    assert np.abs(frame(view) - start_pixels).max() <= 2


def test_save_picture_renders_offscreen_at_the_size_asked(view, tmp_path):
    from PIL import Image

    path = tmp_path / "scene.png"
    with qtbot_signal(view.message) as said:
        assert view.save_picture(str(path))
    assert said == [f"Saved a 1920x1080 picture to {path}"]
    with Image.open(path) as saved:
        assert saved.format == "PNG"
        assert saved.size == (1920, 1080)
        pixels = np.asarray(saved.convert("RGB")).astype(int)
    assert np.abs(pixels[2, 2] - np.array(BACKGROUND.getRgb()[:3])).max() <= 1
    for rgb in (RED, GREEN, BLUE):
        assert mask_of(pixels, rgb).sum() > 200 * (1920 * 1080) / (480 * 380) / 4
    # the scene fills the picture: the parts span most of its width or height
    drawn = np.abs(pixels - pixels[2, 2]).sum(axis=-1) > 30
    rows, columns = np.nonzero(drawn.any(axis=1))[0], np.nonzero(drawn.any(axis=0))[0]
    assert max(np.ptp(rows) / 1080, np.ptp(columns) / 1920) > 0.75
    # the same picture drawn on screen and offscreen put the red box on the same side
    red_on_screen = centroid(mask_of(frame(view), RED))[0] / view.render_window().width()
    assert abs(centroid(mask_of(pixels, RED))[0] / 1920 - red_on_screen) < 0.15


def test_a_transparent_picture_of_another_size(view, tmp_path):
    from PIL import Image

    path = tmp_path / "small.png"
    assert view.save_picture(str(path), (640, 300), transparent=True)
    with Image.open(path) as saved:
        assert saved.size == (640, 300)
        assert saved.mode == "RGBA"
        alpha = np.asarray(saved)[..., 3]
    assert alpha[0, 0] == 0
    assert alpha.max() == 255
    assert (alpha == 255).mean() > 0.05


def test_a_failed_save_keeps_the_previous_picture(view, tmp_path, monkeypatch):
    import nonogram_editor.infra.safe_write

    path = tmp_path / "kept.png"
    path.write_bytes(b"previous")

    def full_disk(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(nonogram_editor.infra.safe_write.os, "replace", full_disk)
    assert not view.save_picture(str(path))
    assert path.read_bytes() == b"previous"
    assert "No space left on device" in view._message_label.text()
    assert str(path) in view._message_label.text()


def test_save_picture_button_asks_size_then_file_without_blocking(view, qtbot, tmp_path):
    from PIL import Image

    from nonogram_editor.scene3d.picture_options import PictureOptionsDialog

    qtbot.mouseClick(view.save_button, Qt.MouseButton.LeftButton)
    options = [d for d in view.findChildren(PictureOptionsDialog) if d.isVisible()]
    assert len(options) == 1, "the options dialog is shown and the event loop keeps running"
    assert options[0].size() == (1920, 1080)
    assert not options[0].transparent()
    options[0].width_box.setValue(800)
    options[0].height_box.setValue(600)
    options[0].background_box.setCurrentIndex(1)
    options[0].accept()
    dialogs = [d for d in view.findChildren(QFileDialog) if d.isVisible()]
    assert len(dialogs) == 1
    dialog = dialogs[0]
    assert dialog.acceptMode() == QFileDialog.AcceptMode.AcceptSave
    target = tmp_path / "from-dialog.png"
    dialog.selectFile(str(target))
    dialog.accept()
    with Image.open(target) as saved:
        assert saved.size == (800, 600)
        assert saved.mode == "RGBA"
    assert view._message_label.text() == f"Saved a 800x600 picture to {target}"


def test_hidden_view_captures_nothing(qtbot):
    widget = SceneView()
    qtbot.addWidget(widget)
    widget.set_parts(scene())
    assert widget.capture_image().isNull()
    assert not widget.save_picture("/nonexistent/never-written.png")


def test_duplicate_part_ids_are_refused(qtbot):
    widget = SceneView()
    qtbot.addWidget(widget)
    with pytest.raises(ValueError, match="unique"):
        widget.set_parts([Part("a", []), Part("a", [])])


def test_part_offsets_move_parts_in_the_frame_the_picture_and_picking(view, qtbot):
    red_before = centroid(mask_of(frame(view), RED))
    picture_before = centroid(mask_of(rgb_array(view.render_picture(320, 240)), RED))
    view.set_part_offsets({"red": (0.0, 1.0, 0.0)})  # up one unit; the others stay
    pixels = frame(view)
    assert centroid(mask_of(pixels, RED))[1] < red_before[1] - 10
    assert centroid(mask_of(rgb_array(view.render_picture(320, 240)), RED))[1] < picture_before[1]
    window = view.render_window()
    with qtbot.waitSignal(view.partClicked, timeout=2000) as clicked:
        qtbot.mouseClick(window, Qt.MouseButton.LeftButton, pos=window_point(view, (-1.5, 1.8, 0.5)))
    assert clicked.args == ["red"]
    view.set_parts(scene())  # a new scene: nothing moved
    assert view.part_offsets() == {}
