"""The numbers behind the 3-D preview, without Qt: triangles, bounds, the orbit camera, rays.

The view (``nonogram_editor.scene3d.view``) draws with Qt3D, but everything it computes lives
here so it can be tested without a display: flat-shaded triangle lists for prisms and
meshes, the triangles used for picking, a scene's bounding sphere, the orbit camera's
eye position and the ray through a pixel.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from nonogram_editor.scene3d.parts import Box, Part, Prism, Rod, Shape

ROD_SIDES = 16  # a rod is drawn and picked as a prism with this many sides
_WORLD_UP = np.array([0.0, 1.0, 0.0])
Moved = dict[str, np.ndarray] | None  # part id -> how far it is moved (world units), as an animation has it


# --------------------------------------------------------------------------- triangles
def prism_triangles(prism: Prism) -> np.ndarray:
    """The closed surface of a prism as an (n, 3, 3) array, counter-clockwise seen from outside."""
    ring = np.asarray(prism.polygon, dtype=float)
    if _signed_area(ring) < 0:  # accept clockwise input too
        ring = ring[::-1]
    bottom = np.column_stack([ring, np.full(len(ring), prism.z0)])
    top = bottom + (0.0, 0.0, prism.height)
    triangles = []
    for i in range(1, len(ring) - 1):
        triangles.append((top[0], top[i], top[i + 1]))
        triangles.append((bottom[0], bottom[i + 1], bottom[i]))
    for i in range(len(ring)):
        j = (i + 1) % len(ring)
        triangles.append((bottom[i], bottom[j], top[j]))
        triangles.append((bottom[i], top[j], top[i]))
    return np.array(triangles, dtype=float).reshape(-1, 3, 3)


def box_triangles(box: Box) -> np.ndarray:
    center = np.asarray(box.center, dtype=float)
    half = np.asarray(box.size, dtype=float) / 2
    square = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
    prism = Prism(tuple((center[0] + sx * half[0], center[1] + sy * half[1]) for sx, sy in square),
                  center[2] - half[2], 2 * half[2], box.color)
    return prism_triangles(prism)


def rod_triangles(rod: Rod, sides: int = ROD_SIDES) -> np.ndarray:
    start = np.asarray(rod.start, dtype=float)
    end = np.asarray(rod.end, dtype=float)
    axis = end - start
    length = np.linalg.norm(axis)
    if length == 0:
        return np.zeros((0, 3, 3))
    u, v = _perpendicular_basis(axis / length)
    angles = 2 * math.pi * np.arange(sides) / sides
    ring = rod.radius * (np.outer(np.cos(angles), u) + np.outer(np.sin(angles), v))
    low, high = start + ring, end + ring
    low_next, high_next = np.roll(low, -1, axis=0), np.roll(high, -1, axis=0)
    starts, ends = np.broadcast_to(start, low.shape), np.broadcast_to(end, low.shape)
    triangles = np.stack([
        np.stack([low, low_next, high_next], axis=1),
        np.stack([low, high_next, high], axis=1),
        np.stack([ends, high, high_next], axis=1),
        np.stack([starts, low_next, low], axis=1),
    ], axis=1)
    return triangles.reshape(-1, 3, 3)


def mesh_triangles(vertices, triangles) -> np.ndarray:
    points = np.asarray(vertices, dtype=float).reshape(-1, 3)
    index = np.asarray(triangles, dtype=int).reshape(-1, 3)
    return points[index]


def shape_triangles(shape: Shape) -> np.ndarray:
    """The triangles a shape is drawn and picked with (a rod is a ``ROD_SIDES``-sided prism)."""
    if isinstance(shape, Box):
        return box_triangles(shape)
    if isinstance(shape, Rod):
        return rod_triangles(shape)
    if isinstance(shape, Prism):
        return prism_triangles(shape)
    return mesh_triangles(shape.vertices, shape.triangles)


def flat_shaded(triangles: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per-vertex positions and face normals (float32, (3n, 3) each) for a flat-shaded mesh."""
    triangles = np.asarray(triangles, dtype=float).reshape(-1, 3, 3)
    normals = np.cross(triangles[:, 1] - triangles[:, 0], triangles[:, 2] - triangles[:, 0])
    lengths = np.linalg.norm(normals, axis=1, keepdims=True)
    normals = np.divide(normals, lengths, out=np.zeros_like(normals), where=lengths > 0)
    positions = triangles.reshape(-1, 3).astype(np.float32)
    return positions, np.repeat(normals, 3, axis=0).astype(np.float32)


# --------------------------------------------------------------------------- a scene
class SceneGeometry:
    """The triangles of every part, computed once per scene, for bounds and picking.

    ``shown`` (a set of part ids, or None for all) limits both to the parts on screen;
    ``amount`` is the exploded-view setting (0..1 of each part's ``explode``); ``moved``
    (part id -> (x, y, z), None: none) moves parts further, as an animation has them.
    """

    def __init__(self, parts: list[Part]):
        self.ids = [part.id for part in parts]
        self.by_colour: dict[str, dict[tuple, np.ndarray]] = {}  # part id -> colour -> triangles
        self.triangles: dict[str, np.ndarray] = {}
        for part in parts:
            groups: dict[tuple, list[np.ndarray]] = {}
            for shape in part.shapes:
                triangles = shape_triangles(shape)
                if len(triangles):
                    groups.setdefault(tuple(shape.color), []).append(triangles)
            self.by_colour[part.id] = {rgb: np.concatenate(pieces) for rgb, pieces in groups.items()}
            self.triangles[part.id] = (np.concatenate(list(self.by_colour[part.id].values()))
                                       if groups else np.zeros((0, 3, 3)))
        self.explode = {part.id: np.asarray(part.explode, dtype=float) for part in parts}
        self._owner: np.ndarray | None = None  # picking arrays, built on the first click

    def vertex_data(self) -> dict[tuple[str, tuple], np.ndarray]:
        """Flat-shaded vertices for drawing: (part id, colour) -> float32 rows x, y, z, nx, ny, nz."""
        keys = [(part_id, rgb) for part_id in self.ids for rgb in self.by_colour[part_id]]
        if not keys:
            return {}
        arrays = [self.by_colour[part_id][rgb] for part_id, rgb in keys]
        positions, normals = flat_shaded(np.concatenate(arrays))
        rows = np.hstack([positions, normals])
        return dict(zip(keys, np.split(rows, np.cumsum([3 * len(a) for a in arrays])[:-1])))

    def offset(self, part_id: str, amount: float, moved: Moved = None) -> np.ndarray:
        """Where a part is drawn relative to its shapes: exploded by ``amount``, then ``moved``."""
        shift = amount * self.explode[part_id]
        return shift + moved[part_id] if moved and part_id in moved else shift

    def _placed(self, amount: float, shown: set[str] | None, moved: Moved = None):
        for part_id in self.ids:
            if (shown is None or part_id in shown) and len(self.triangles[part_id]):
                yield part_id, self.triangles[part_id] + self.offset(part_id, amount, moved)

    def bounding_sphere(self, amount: float = 0.0, shown: set[str] | None = None,
                        moved: Moved = None) -> tuple[np.ndarray, float]:
        """Centre and radius of a sphere holding the shown parts (a unit sphere if there are none)."""
        placed = [triangles.reshape(-1, 3) for _, triangles in self._placed(amount, shown, moved)]
        if not placed:
            return np.zeros(3), 1.0
        points = np.concatenate(placed)
        center = (points.min(axis=0) + points.max(axis=0)) / 2
        radius = float(np.linalg.norm(points - center, axis=1).max())
        return center, max(radius, 1e-3)

    def points(self, amount: float = 0.0, shown: set[str] | None = None, moved: Moved = None) -> np.ndarray:
        """Every corner of the shown parts' triangles, placed (n x 3; empty if nothing is shown)."""
        placed = [triangles.reshape(-1, 3) for _, triangles in self._placed(amount, shown, moved)]
        return np.concatenate(placed) if placed else np.zeros((0, 3))

    def painted_triangles(self, camera: OrbitCamera, width: int, height: int, light_direction,
                          ambient: float, diffuse: float, amount: float = 0.0, shown: set[str] | None = None,
                          moved: Moved = None):
        """What a picture of the scene paints, back to front (the painter's algorithm).

        Returns (corners, colours): window points (n x 3 x 2, y down) of the triangles that
        face the camera and lie in front of it, and their flat-shaded RGB (n x 3, 0-255):
        ``ambient`` of the colour plus ``diffuse`` times the light falling on the face.
        """
        triangles, colours = [], []
        for part_id in self.ids:
            if shown is not None and part_id not in shown:
                continue
            for rgb, part_triangles in self.by_colour[part_id].items():
                triangles.append(part_triangles + self.offset(part_id, amount, moved))
                colours.append(np.repeat([rgb], len(part_triangles), axis=0))
        if not triangles:
            return np.zeros((0, 3, 2)), np.zeros((0, 3))
        triangles, colours = np.concatenate(triangles), np.concatenate(colours).astype(float)
        forward, right, up = camera.basis()
        relative = triangles - camera.eye
        depth = relative @ forward
        normals = np.cross(triangles[:, 1] - triangles[:, 0], triangles[:, 2] - triangles[:, 0])
        facing = np.einsum("ij,ij->i", normals, relative[:, 0]) < 0  # counter-clockwise seen from the eye
        keep = facing & (depth.min(axis=1) > 1e-3)
        relative, depth, normals, colours = relative[keep], depth[keep], normals[keep], colours[keep]
        half_height = math.tan(math.radians(camera.fov_degrees) / 2)
        half_width = half_height * width / max(1.0, height)
        x = ((relative @ right) / depth / half_width + 1) / 2 * width
        y = (1 - (relative @ up) / depth / half_height) / 2 * height
        lengths = np.linalg.norm(normals, axis=1)
        lit = np.clip((normals @ -np.asarray(light_direction, dtype=float)) / np.maximum(lengths, 1e-12), 0, 1)
        shaded = np.clip(colours * (ambient + diffuse * lit)[:, None], 0, 255)
        order = np.argsort(-depth.max(axis=1), kind="stable")  # farthest corner first: small faces on big ones show
        return np.stack([x, y], axis=-1)[order], shaded[order]

    def pick(self, origin, direction, amount: float = 0.0, shown: set[str] | None = None,
             moved: Moved = None) -> str | None:
        """The id of the nearest shown part the ray meets, or None (one pass over every triangle)."""
        if self._owner is None:
            pieces = [self.triangles[part_id] for part_id in self.ids]
            self._owner = np.repeat(np.arange(len(self.ids)), [len(p) for p in pieces])
            self._all = np.concatenate(pieces) if pieces else np.zeros((0, 3, 3))
        offsets = np.array([self.offset(part_id, amount, moved) for part_id in self.ids]).reshape(-1, 3)[self._owner]
        selected = np.ones(len(self._owner), dtype=bool) if shown is None else np.isin(
            self._owner, [i for i, part_id in enumerate(self.ids) if part_id in shown])
        distances = ray_distances(np.asarray(origin, dtype=float), np.asarray(direction, dtype=float),
                                  self._all[selected] + offsets[selected][:, None, :])
        if not np.isfinite(distances).any():
            return None
        return self.ids[self._owner[selected][int(np.argmin(distances))]]


# --------------------------------------------------------------------------- camera
@dataclass
class OrbitCamera:
    """A camera circling ``target`` at ``distance``; yaw about +y, pitch above the horizon."""

    target: np.ndarray
    distance: float
    yaw: float = math.radians(25)
    pitch: float = math.radians(20)
    fov_degrees: float = 40.0
    MAX_PITCH = math.radians(89)

    @property
    def eye(self) -> np.ndarray:
        direction = np.array([math.cos(self.pitch) * math.sin(self.yaw), math.sin(self.pitch),
                              math.cos(self.pitch) * math.cos(self.yaw)])
        return np.asarray(self.target, dtype=float) + self.distance * direction

    def basis(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Unit vectors forward (eye to target), right and up on the screen."""
        forward = np.asarray(self.target, dtype=float) - self.eye
        forward /= np.linalg.norm(forward)
        right = np.cross(forward, _WORLD_UP)
        right /= np.linalg.norm(right)
        return forward, right, np.cross(right, forward)

    def frame(self, center, radius: float, aspect: float = 1.0) -> None:
        """Aim at ``center`` from far enough to see a sphere of ``radius`` (keeps the direction)
        in a viewport ``aspect`` = width / height: the narrower of its two angles decides."""
        self.target = np.asarray(center, dtype=float)
        half_vertical = math.radians(self.fov_degrees) / 2
        half_horizontal = math.atan(math.tan(half_vertical) * aspect)
        self.distance = 1.15 * radius / math.sin(min(half_vertical, half_horizontal))

    def fit(self, points: np.ndarray, aspect: float = 1.0, margin: float = 0.08) -> None:
        """Aim at the middle of ``points`` from just far enough (keeping the direction) that every
        point is in a viewport ``aspect`` = width / height, ``margin`` of each half-size spare:
        tighter than :meth:`frame`, so a flat or long scene fills the view."""
        points = np.asarray(points, dtype=float).reshape(-1, 3)
        if not len(points):
            self.frame(np.zeros(3), 1.0, aspect)
            return
        self.target = (points.min(axis=0) + points.max(axis=0)) / 2
        forward, right, up = self.basis()
        half_vertical = math.tan(math.radians(self.fov_degrees) / 2) * (1 - margin)
        half_horizontal = half_vertical * aspect
        extent = float(np.ptp(points, axis=0).max())
        for step in range(4):  # perspective: re-centre on what is drawn, then come closer again
            relative = points - self.target
            towards_eye = relative @ -forward
            across, upward = relative @ right, relative @ up
            # a point at depth (distance - towards_eye) is in view when |across| <= depth * half_horizontal
            needed = np.maximum(np.abs(across) / half_horizontal, np.abs(upward) / half_vertical)
            self.distance = max(float((towards_eye + needed).max()), float(towards_eye.max()) + 0.05 * extent, 1e-3)
            if step == 3:
                break
            depth = self.distance - towards_eye
            sx, sy = across / depth, upward / depth
            self.target = self.target + self.distance * ((sx.max() + sx.min()) / 2 * right
                                                         + (sy.max() + sy.min()) / 2 * up)

    def rotate(self, dx_pixels: float, dy_pixels: float, degrees_per_pixel: float = 0.4) -> None:
        self.yaw -= math.radians(dx_pixels * degrees_per_pixel)
        self.pitch = max(-self.MAX_PITCH, min(self.MAX_PITCH,
                                               self.pitch + math.radians(dy_pixels * degrees_per_pixel)))

    def pan(self, dx_pixels: float, dy_pixels: float, viewport_height: float) -> None:
        _, right, up = self.basis()
        world_per_pixel = 2 * self.distance * math.tan(math.radians(self.fov_degrees) / 2) / max(1.0, viewport_height)
        self.target = self.target + world_per_pixel * (-dx_pixels * right + dy_pixels * up)

    def zoom(self, wheel_steps: float) -> None:
        """Positive steps (wheel away from the user) move closer."""
        self.distance = max(1e-3, self.distance * 0.85 ** wheel_steps)

    def ray(self, x: float, y: float, width: float, height: float) -> tuple[np.ndarray, np.ndarray]:
        """Origin and unit direction of the ray through window point (x, y) (y down)."""
        forward, right, up = self.basis()
        half_height = math.tan(math.radians(self.fov_degrees) / 2)
        half_width = half_height * width / max(1.0, height)
        sx = 2 * x / max(1.0, width) - 1
        sy = 1 - 2 * y / max(1.0, height)
        direction = forward + sx * half_width * right + sy * half_height * up
        return self.eye, direction / np.linalg.norm(direction)

    def project(self, point, width: float, height: float) -> tuple[float, float] | None:
        """Window point (x, y) where a world point is drawn; None if it is behind the camera."""
        forward, right, up = self.basis()
        offset = np.asarray(point, dtype=float) - self.eye
        depth = float(offset @ forward)
        if depth <= 0:
            return None
        half_height = math.tan(math.radians(self.fov_degrees) / 2)
        half_width = half_height * width / max(1.0, height)
        sx = float(offset @ right) / depth / half_width
        sy = float(offset @ up) / depth / half_height
        return (sx + 1) / 2 * width, (1 - sy) / 2 * height


def light_direction(camera: OrbitCamera) -> np.ndarray:
    """The light comes from over the viewer's shoulder: along the view, a little downwards."""
    forward, _, up = camera.basis()
    return forward - 0.35 * up


# --------------------------------------------------------------------------- picking
def ray_distances(origin, direction, triangles: np.ndarray) -> np.ndarray:
    """Distance along the ray to each triangle (Möller-Trumbore); inf where the ray misses it."""
    if len(triangles) == 0:
        return np.zeros(0)
    a, b, c = triangles[:, 0], triangles[:, 1], triangles[:, 2]
    edge1, edge2 = b - a, c - a
    p = np.cross(direction, edge2)
    det = np.einsum("ij,ij->i", edge1, p)
    usable = np.abs(det) > 1e-12
    inv = np.divide(1.0, det, out=np.zeros_like(det), where=usable)
    s = origin - a
    u = np.einsum("ij,ij->i", s, p) * inv
    q = np.cross(s, edge1)
    v = (q @ direction) * inv
    t = np.einsum("ij,ij->i", edge2, q) * inv
    hit = usable & (u >= 0) & (v >= 0) & (u + v <= 1) & (t > 1e-9)
    return np.where(hit, t, np.inf)


# --------------------------------------------------------------------------- helpers
def _signed_area(ring: np.ndarray) -> float:
    x, y = ring[:, 0], ring[:, 1]
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y))


def _perpendicular_basis(axis: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    helper = np.array([1.0, 0.0, 0.0]) if abs(axis[0]) < 0.9 else np.array([0.0, 1.0, 0.0])
    u = np.cross(axis, helper)
    u /= np.linalg.norm(u)
    return u, np.cross(axis, u)
