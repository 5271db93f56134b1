"""SceneView: the 3-D preview every puzzle plugin reuses (Qt3D inside a QWidget).

    view = scene_view(parent)        # a SceneView, or an UnavailableView where OpenGL is not
    view.set_parts(parts)            # nonogram_editor.scene3d.parts.Part list: replaces the scene
    view.set_explode(0.5)            # 0..1 of each Part.explode offset
    view.set_visible_parts({"a"})    # None shows every part
    view.select_part("a")            # highlight (also done when the user clicks a part)
    view.partClicked.connect(...)    # id of the clicked part, "" for the background
    image = view.capture_image()     # a rendered frame (QImage; null if none could be made)
    view.save_picture(path, (1920, 1080), transparent=True)   # drawn offscreen, any size

The user drags with the left button to orbit, the right (or middle) button to pan, and
turns the wheel to zoom; the built-in toolbar has Reset view, an Exploded slider and
Save picture (its size and background asked for, then its file; written through the safe
writer, and :attr:`SceneView.message` says where). Every shape is drawn as flat-shaded triangles
(``nonogram_editor.scene3d.geometry``: boxes exactly, rods as 16-sided prisms), one mesh per part and colour,
with one shared
Phong material per colour (``nonogram_editor.scene3d.meshes``), rather than an entity and a material per shape
(QCuboidMesh, QCylinderMesh), which Qt3D sets up one by one.
Picking is a ray cast over the same triangles, so a click maps to a part without a
render round trip.

Lifetime (see DESIGN.md, Qt3D): every entity and component has a parent; the Qt3DWindow
is owned by the window container, a child of this widget, so it is deleted with the
widget while the QApplication is alive. A closing panel may instead hand the window back
with :func:`release_views` for the next view to reuse (Qt3D keeps ~3 MB per window it
ever created); the idle ones are deleted at ``aboutToQuit`` and at interpreter exit.
"""
from __future__ import annotations

import atexit
import dataclasses

import numpy as np
import shiboken6
from PySide6.Qt3DCore import Qt3DCore
from PySide6.Qt3DExtras import Qt3DExtras
from PySide6.Qt3DRender import Qt3DRender
from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QCoreApplication,
    QEvent,
    QEventLoop,
    QIODevice,
    QPoint,
    QPointF,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPolygonF, QVector3D
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QMessageBox, QSlider, QToolButton, QVBoxLayout, QWidget

from nonogram_editor.infra.safe_write import write_file
from nonogram_editor.qt.lifetime import ask_save_path, connect_alive
from nonogram_editor.scene3d.animation import PictureScene
from nonogram_editor.scene3d.geometry import OrbitCamera, SceneGeometry, light_direction
from nonogram_editor.scene3d.meshes import AMBIENT_SHARE, DIFFUSE_SHARE, Materials, PartEntity, vector
from nonogram_editor.scene3d.parts import Part
from nonogram_editor.scene3d.picture_options import PICTURE_SIZE, PictureOptionsDialog
from nonogram_editor.scene3d.unavailable import UnavailableView, opengl_unavailable

BACKGROUND = QColor(236, 238, 242)
CLICK_SLOP = 4         # pixels a press may move and still count as a click
SLIDER_STEPS = 100
FLAT_SCENE = 0.3       # a scene this much lower than it is wide is a board: look down on it
FLAT_PITCH = float(np.radians(55))
LIGHT_INTENSITY = 0.9


class _OrbitWindow(Qt3DExtras.Qt3DWindow):
    """The Qt3D window; hands its mouse and wheel events to the SceneView showing it."""

    def __init__(self):
        super().__init__()
        self.view: SceneView | None = None

    def mousePressEvent(self, event):
        if self.view is not None:
            self.view._mouse_press(event)

    def mouseMoveEvent(self, event):
        if self.view is not None:
            self.view._mouse_move(event)

    def mouseReleaseEvent(self, event):
        if self.view is not None:
            self.view._mouse_release(event)

    def wheelEvent(self, event):
        if self.view is not None:
            self.view._wheel(event)

    def event(self, event):
        # Keys go on to the widgets around the view, as from any widget in them (Esc in a
        # puzzle panel cancels its job with the focus in the 3-D view too)
        if event.type() in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and self.view is not None:
            QCoreApplication.sendEvent(self.view, event)
            return True
        return super().event(event)


class _Viewport:
    """A Qt3D window with its frame graph (clear colour, frame capture), light and root entity.

    Creating and destroying a Qt3DWindow costs about 3 MB that Qt3D 6.12 never gives back,
    so a closed view hands its viewport to a small pool (:func:`release_views`) and the
    next view takes it from there. Pooled windows are deleted while the QApplication is
    still alive (at ``aboutToQuit`` and at interpreter exit), never after.
    """

    def __init__(self):
        self.window = _OrbitWindow()
        self.window.defaultFrameGraph().setClearColor(BACKGROUND)
        self.window.renderSettings().setRenderPolicy(Qt3DRender.QRenderSettings.RenderPolicy.OnDemand)
        self.capture = Qt3DRender.QRenderCapture(self.window.renderSettings())
        self.window.activeFrameGraph().setParent(self.capture)
        self.window.setActiveFrameGraph(self.capture)
        self.root = Qt3DCore.QEntity()
        self.scene = Qt3DCore.QEntity(self.root)  # the parts live here; replaced by new_scene
        light_entity = Qt3DCore.QEntity(self.root)
        self.light = Qt3DRender.QDirectionalLight(light_entity)
        self.light.setIntensity(LIGHT_INTENSITY)
        light_entity.addComponent(self.light)
        self.window.setRootEntity(self.root)
        self.camera = self.window.camera()

    def new_scene(self) -> Qt3DCore.QEntity:
        old = self.scene
        self.scene = Qt3DCore.QEntity(self.root)
        # Deleted now, on the GUI thread. The Python wrappers of its entities hold each
        # other in reference cycles (an entity and its components), which only the cyclic
        # garbage collector frees; had the C++ nodes lived on until a deleteLater, a
        # collection on a solver's thread could free them there, in the middle of Qt's work
        # on this thread (the test suite's rare segfault). Deleted, they are inert wrappers.
        shiboken6.delete(old)
        return self.scene


_POOL_LIMIT = 4
_idle_viewports: list[_Viewport] = []


def _take_viewport() -> _Viewport:
    global _drain_hooked
    while _idle_viewports:
        viewport = _idle_viewports.pop()
        if shiboken6.Shiboken.isValid(viewport.window):
            return viewport
    if not _drain_hooked:
        QCoreApplication.instance().aboutToQuit.connect(drain_viewport_pool)
        atexit.register(drain_viewport_pool)
        _drain_hooked = True
    return _Viewport()


_drain_hooked = False


def drain_viewport_pool() -> None:
    """Delete the idle Qt3D windows now (the QApplication must still exist)."""
    while _idle_viewports:
        viewport = _idle_viewports.pop()
        if shiboken6.Shiboken.isValid(viewport.window):
            shiboken6.Shiboken.delete(viewport.window)


def release_views(widget: QWidget) -> None:
    """Give back the Qt3D windows of every SceneView in ``widget`` (about to be deleted) for reuse.

    The plugin docks call this when a panel is closed; a view deleted without it simply
    frees its window.
    """
    views = widget.findChildren(SceneView)
    if isinstance(widget, SceneView):
        views.append(widget)
    for view in views:
        view._release_viewport()


class SceneView(QWidget):
    """A 3-D preview of a list of parts, with orbit camera, picking and an exploded view."""

    partClicked = Signal(str)  # id of the picked Part ("" for background)
    message = Signal(str)      # what became of a saved picture (also shown in the toolbar)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._parts: list[Part] = []
        self._geometry = SceneGeometry([])
        self._bounds: tuple[np.ndarray, float] | None = None  # of the shown parts as placed; None: not worked out yet
        self._entities: dict[str, PartEntity] = {}
        self._materials: Materials | None = None
        self._explode = 0.0
        self._visible: set[str] | None = None
        self._moved: dict[str, np.ndarray] = {}  # part id -> moved by (set_part_offsets)
        self._selected: str | None = None
        self._camera_model = OrbitCamera(np.zeros(3), 10.0)
        self._press: QPoint | None = None
        self._last: QPoint | None = None
        self._dragged = False
        self._fresh_frames_needed = 1  # the first capture after showing is discarded
        self._dialog: QFileDialog | None = None

        self._viewport = _take_viewport()
        self._window = self._viewport.window
        self._window.view = self
        self._camera_moved_by_user = False  # until then, a resized view re-frames the scene
        self._window.widthChanged.connect(self._window_resized)
        self._window.heightChanged.connect(self._window_resized)
        self._viewport.new_scene()
        container = QWidget.createWindowContainer(self._window, self)
        container.setMinimumSize(160, 120)
        container.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._container = container

        self._slider = QSlider(Qt.Orientation.Horizontal, self)
        self._slider.setRange(0, SLIDER_STEPS)
        self._slider.setToolTip("Pull the parts apart")
        connect_alive(self._slider.valueChanged, self, lambda value: self.set_explode(value / SLIDER_STEPS))
        reset = QToolButton(self)
        reset.setText("Reset view")
        reset.clicked.connect(self.reset_camera)
        save = QToolButton(self)
        save.setText("Save picture…")
        save.clicked.connect(self._ask_picture_path)
        self.reset_button, self.save_button, self.explode_slider = reset, save, self._slider
        self._message_label = QLabel(self)
        self._message_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.connect(self._message_label.setText)

        bar = QHBoxLayout()
        bar.setContentsMargins(4, 2, 4, 2)
        bar.addWidget(reset)
        bar.addWidget(QLabel("Exploded", self))
        bar.addWidget(self._slider, 1)
        bar.addWidget(save)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(bar)
        layout.addWidget(container, 1)
        layout.addWidget(self._message_label)
        self._apply_camera()

    # ------------------------------------------------------------------ public API
    def set_parts(self, parts: list[Part]) -> None:
        """Replace the whole scene; keeps the camera unless the scene was empty."""
        was_empty = not self._parts
        ids = [p.id for p in parts]
        if len(set(ids)) != len(ids):
            raise ValueError("SceneView.set_parts: part ids must be unique")
        self._parts = list(parts)
        self._geometry = SceneGeometry(self._parts)
        self._moved = {}
        if self._viewport is None:  # released: the view is being closed
            return
        scene = self._viewport.new_scene()
        self._materials = Materials(scene)
        vertices = self._geometry.vertex_data()
        by_colour = self._geometry.by_colour
        self._entities = {part.id: PartEntity({rgb: vertices[part.id, rgb] for rgb in by_colour[part.id]},
                                               scene, self._materials)
                          for part in self._parts}
        self._refresh_parts()
        self.select_part(self._selected)
        if was_empty:
            self.reset_camera()
        self._fresh_frames_needed = max(self._fresh_frames_needed, 1)

    def parts(self) -> list[Part]:
        return list(self._parts)

    def set_explode(self, amount: float) -> None:
        """Move each part by ``amount`` (0..1) of its ``Part.explode`` offset; the camera follows
        (the whole exploded scene stays in view) unless the user has moved it."""
        self._explode = max(0.0, min(1.0, float(amount)))
        if self._slider.value() != round(self._explode * SLIDER_STEPS):
            self._slider.blockSignals(True)
            self._slider.setValue(round(self._explode * SLIDER_STEPS))
            self._slider.blockSignals(False)
        self._refresh_parts()
        if not self._camera_moved_by_user:
            self.reset_camera()

    def explode(self) -> float:
        return self._explode

    def set_visible_parts(self, ids: set[str] | None) -> None:
        """Show only these parts (None: every part whose ``visible`` flag is set)."""
        self._visible = None if ids is None else set(ids)
        self._refresh_parts()

    def set_part_offsets(self, offsets: dict[str, tuple[float, float, float]] | None) -> None:
        """Move parts from where their shapes are by these world offsets (others stay), as an
        animation frame has them, without building the scene again; ``set_parts`` clears them.
        The camera stays where it is."""
        self._moved = {part: np.asarray(offset, dtype=float) for part, offset in (offsets or {}).items()}
        self._refresh_parts()
        self._fresh_frames_needed = max(self._fresh_frames_needed, 1)

    def part_offsets(self) -> dict[str, np.ndarray]:
        return dict(self._moved)

    def select_part(self, part_id: str | None) -> None:
        self._selected = part_id if part_id in self._entities else None
        for pid, entity in self._entities.items():
            entity.set_highlight(pid == self._selected, self._materials)

    def selected_part(self) -> str | None:
        return self._selected

    @property
    def camera_moved_by_user(self) -> bool:
        """True once the user has orbited, panned or zoomed since the last :meth:`reset_camera`."""
        return self._camera_moved_by_user

    def reset_camera(self) -> None:
        """Frame every visible part (as exploded now) from the default direction, close enough to fill the view.

        A flat scene (a board on the ground) is seen from higher up, so that it is not edge-on.
        """
        points = self._geometry.points(self._explode, self._shown_ids(), self._moved)
        self._camera_model = OrbitCamera(np.zeros(3), 1.0)
        if len(points):
            size = np.ptp(points, axis=0)
            if size[1] < FLAT_SCENE * max(size[0], size[2]):
                self._camera_model.pitch = FLAT_PITCH
        self._camera_model.fit(points, max(1, self._window.width()) / max(1, self._window.height()))
        self._camera_moved_by_user = False
        self._apply_camera()

    def _window_resized(self, *_) -> None:
        if self._camera_moved_by_user:
            self._apply_camera()
        else:
            self.reset_camera()

    def camera_model(self) -> OrbitCamera:
        return self._camera_model

    def part_at(self, x: float, y: float) -> str | None:
        """The id of the visible part drawn at window point (x, y), or None."""
        origin, direction = self._camera_model.ray(x, y, self._window.width(), self._window.height())
        return self._geometry.pick(origin, direction, self._explode, self._shown_ids(), self._moved)

    def render_window(self) -> Qt3DExtras.Qt3DWindow:
        """The Qt3D window (tests send it mouse events)."""
        return self._window

    def capture_image(self, timeout_ms: int = 5000) -> QImage:
        """Render a frame and return it; a null QImage if the view is hidden or no frame came."""
        if self._viewport is None or not self.isVisible() or not self._window.isExposed():
            return QImage()
        image = QImage()
        while True:
            image = self._capture_once(timeout_ms)
            if image.isNull() or self._fresh_frames_needed <= 0:
                return image
            self._fresh_frames_needed -= 1

    def picture_scene(self, width: int, height: int, moves: list[dict] | None = None) -> PictureScene:
        """The scene as a ``width`` x ``height`` picture shows it, as plain data a worker thread
        may paint (``scene3d.animation``): the view's camera or, until the user moves it, one
        that frames the shown parts for the picture's shape wherever each of ``moves`` (part
        offsets, as :meth:`set_part_offsets` takes them; default: as they are now) puts them."""
        camera = dataclasses.replace(self._camera_model)
        shown = frozenset(self._shown_ids())
        if not self._camera_moved_by_user:
            camera.fit(np.concatenate([self._geometry.points(self._explode, shown, moved)
                                       for moved in (moves or [self._moved])]), width / height)
        return PictureScene(self._geometry, camera, width, height, AMBIENT_SHARE, DIFFUSE_SHARE * LIGHT_INTENSITY,
                            self._explode, shown)

    def render_picture(self, width: int, height: int, transparent: bool = False) -> QImage:
        """The scene drawn offscreen at ``width`` x ``height`` (any size, the view need not be shown).

        The camera is the view's; until the user moves it, the scene is framed anew for the
        picture's shape. The background is the view's, or transparent. Faces are painted back
        to front with the view's flat shading (``SceneGeometry.painted_triangles``).
        """
        corners, colours = self.picture_scene(width, height).triangles(self._moved)
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor(0, 0, 0, 0) if transparent else BACKGROUND)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for triangle, rgb in zip(corners, colours):
            color = QColor(*(int(c) for c in rgb))
            painter.setPen(QPen(color, 0.8))  # a hairline of the face's colour hides the seams between faces
            painter.setBrush(color)
            painter.drawPolygon(QPolygonF([QPointF(float(x), float(y)) for x, y in triangle]))
        painter.end()
        return image

    def save_picture(self, path: str, size: tuple[int, int] = PICTURE_SIZE, transparent: bool = False) -> bool:
        """Render a ``size`` picture offscreen and write it as a PNG through the safe writer
        (a failed write leaves any previous file as it was); says where in :attr:`message`."""
        width, height = size
        image = self.render_picture(width, height, transparent)
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not image.save(buffer, "PNG"):
            return False
        try:
            write_file(path, bytes(data))
        except OSError as error:
            self.message.emit(f"Could not save the picture to {path}: {error.strerror or error}")
            return False
        self.message.emit(f"Saved a {width}x{height} picture to {path}")
        return True

    # ------------------------------------------------------------------ internals
    def _is_shown(self, part: Part) -> bool:
        return part.visible and (self._visible is None or part.id in self._visible)

    def _shown_ids(self) -> set[str]:
        return {part.id for part in self._parts if self._is_shown(part)}

    def _refresh_parts(self) -> None:
        for part in self._parts:
            entity = self._entities.get(part.id)
            if entity is None:  # released
                continue
            entity.transform.setTranslation(vector(self._geometry.offset(part.id, self._explode, self._moved)))
            entity.entity.setEnabled(self._is_shown(part))
        self._bounds = None  # worked out when the camera next needs it, not on every animation frame

    def _apply_camera(self) -> None:
        model = self._camera_model
        eye = model.eye
        if self._bounds is None:
            self._bounds = self._geometry.bounding_sphere(self._explode, self._shown_ids(), self._moved)
        center, radius = self._bounds
        reach = float(np.linalg.norm(eye - center)) + radius
        near = max(reach * 1e-3, float(np.linalg.norm(eye - center)) - radius * 1.5, 1e-3)
        if self._viewport is None:
            return
        camera = self._viewport.camera
        lens = camera.lens()
        width, height = max(1, self._window.width()), max(1, self._window.height())
        lens.setPerspectiveProjection(model.fov_degrees, width / height, near, reach * 2)
        camera.setUpVector(QVector3D(0, 1, 0))
        camera.setPosition(vector(eye))
        camera.setViewCenter(vector(model.target))
        self._viewport.light.setWorldDirection(vector(light_direction(model)))

    def _capture_once(self, timeout_ms: int) -> QImage:
        reply = self._viewport.capture.requestCapture()
        loop = QEventLoop()
        reply.completed.connect(loop.quit)
        timer = QTimer()
        timer.setSingleShot(True)
        timer.timeout.connect(loop.quit)
        timer.start(timeout_ms)
        if not reply.isComplete():
            loop.exec()
        image = QImage(reply.image()) if reply.isComplete() else QImage()
        reply.deleteLater()
        if image.isNull():
            return image
        if self._framebuffer_is_y_up():
            image = image.flipped(Qt.Orientation.Vertical)
        return image.convertToFormat(QImage.Format.Format_RGB32)

    def _framebuffer_is_y_up(self) -> bool:
        """OpenGL reads frames back bottom row first, and Qt3D 6.12 passes them on unflipped."""
        api = self._window.renderSettings().renderCapabilities().api()
        return api in (Qt3DRender.QRenderCapabilities.API.OpenGL, Qt3DRender.QRenderCapabilities.API.OpenGLES)

    def _release_viewport(self) -> None:
        viewport, self._viewport = self._viewport, None
        if viewport is None or not shiboken6.Shiboken.isValid(viewport.window):
            return
        viewport.window.widthChanged.disconnect(self._window_resized)
        viewport.window.heightChanged.disconnect(self._window_resized)
        viewport.window.view = None
        self._entities = {}
        viewport.new_scene()
        viewport.window.hide()
        viewport.window.setParent(None)  # out of the container, which would delete it
        if len(_idle_viewports) < _POOL_LIMIT:
            _idle_viewports.append(viewport)
        else:
            viewport.window.deleteLater()

    def _ask_picture_path(self) -> None:
        """Save picture…: the size and background first, then where (neither dialog blocks)."""
        options = PictureOptionsDialog(self)
        connect_alive(options.accepted, self, lambda: self._ask_picture_file(options.size(), options.transparent()))
        self._dialog = options
        options.open()

    def _ask_picture_file(self, size: tuple[int, int], transparent: bool) -> None:
        self._dialog = ask_save_path(self, "Save picture", "", "PNG images (*.png)", "png",
                                     lambda path: self._save_picture_to(path, size, transparent))

    def _save_picture_to(self, path: str, size: tuple[int, int], transparent: bool) -> None:
        if not self.save_picture(path, size, transparent):
            box = QMessageBox(QMessageBox.Icon.Warning, "Save picture", self._message_label.text()
                              or f"Could not save a picture to {path}.", QMessageBox.StandardButton.Ok, self)
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            box.open()

    # ------------------------------------------------------------------ mouse (from _OrbitWindow)
    def _mouse_press(self, event) -> None:
        self._press = self._last = event.position().toPoint()
        self._dragged = False

    def _mouse_move(self, event) -> None:
        if self._last is None:
            return
        point = event.position().toPoint()
        if (point - self._press).manhattanLength() > CLICK_SLOP:
            self._dragged = True
        dx, dy = point.x() - self._last.x(), point.y() - self._last.y()
        self._last = point
        if not self._dragged:
            return
        buttons = event.buttons()
        if buttons & Qt.MouseButton.LeftButton:
            self._camera_model.rotate(dx, dy)
        elif buttons & (Qt.MouseButton.RightButton | Qt.MouseButton.MiddleButton):
            self._camera_model.pan(dx, dy, self._window.height())
        self._camera_moved_by_user = True
        self._apply_camera()

    def _mouse_release(self, event) -> None:
        if self._press is not None and not self._dragged and event.button() == Qt.MouseButton.LeftButton:
            point = event.position()
            part_id = self.part_at(point.x(), point.y())
            self.select_part(part_id)
            self.partClicked.emit(part_id or "")
        self._press = self._last = None

    def _wheel(self, event) -> None:
        self._camera_model.zoom(event.angleDelta().y() / 120)
        self._camera_moved_by_user = True
        self._apply_camera()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._fresh_frames_needed = max(self._fresh_frames_needed, 1)


def scene_view(parent=None) -> SceneView | UnavailableView:
    """A SceneView, or where OpenGL is unavailable an :class:`UnavailableView` saying why."""
    reason = opengl_unavailable()
    return SceneView(parent) if reason is None else UnavailableView(reason, parent)
