"""Where Qt3D cannot render (no OpenGL context can be made): why, and a stand-in for the
3-D view that says so."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication, QImage, QOffscreenSurface, QOpenGLContext
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from nonogram_editor.scene3d.parts import Part

_opengl_problem: list[str | None] = []  # asked once per process


def opengl_unavailable() -> str | None:
    """Why Qt3D cannot render here (no OpenGL context can be made: it would crash), or None."""
    if not _opengl_problem:
        context, surface = QOpenGLContext(), QOffscreenSurface()
        surface.create()
        usable = context.create() and context.makeCurrent(surface)
        if usable:
            context.doneCurrent()
        platform = QGuiApplication.platformName()
        _opengl_problem.append(None if usable else f"no OpenGL context can be made on Qt's {platform!r} platform")
    return _opengl_problem[0]


class UnavailableView(QWidget):
    """Stands in for a SceneView where no OpenGL context can be made: says so, keeps the state
    a panel sets (parts, selection, explode) and renders nothing."""

    partClicked = Signal(str)
    message = Signal(str)

    def __init__(self, reason: str, parent=None):
        super().__init__(parent)
        self.reason = reason
        self._parts: list[Part] = []
        self._explode = 0.0
        self._selected: str | None = None
        label = QLabel(f"3-D preview unavailable: {reason}", self)
        label.setWordWrap(True)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setMinimumSize(160, 120)
        QVBoxLayout(self).addWidget(label)
        self.label = label

    def set_parts(self, parts: list[Part]) -> None:
        self._parts = list(parts)
        self._selected = None

    def parts(self) -> list[Part]:
        return list(self._parts)

    def set_explode(self, amount: float) -> None:
        self._explode = max(0.0, min(1.0, float(amount)))

    def explode(self) -> float:
        return self._explode

    def set_visible_parts(self, ids: set[str] | None) -> None:
        pass

    def set_part_offsets(self, offsets) -> None:
        pass

    def select_part(self, part_id: str | None) -> None:
        self._selected = part_id if any(p.id == part_id for p in self._parts) else None

    def selected_part(self) -> str | None:
        return self._selected

    camera_moved_by_user = False

    def reset_camera(self) -> None:
        pass

    def capture_image(self, timeout_ms: int = 5000) -> QImage:
        return QImage()

