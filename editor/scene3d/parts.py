"""What a 3-D preview shows, as plain data (no Qt): plugins build these, the view draws them.

A scene is a list of :class:`Part`. A part is what the user picks, colours and pulls
apart in the exploded view: a piece of a puzzle, one cube of a garden. It is made of
shapes in world coordinates (y is up; one puzzle cell is 1 unit):

* :class:`Box`   an axis-aligned box (centre, size)
* :class:`Rod`   a cylinder from ``start`` to ``end``
* :class:`Prism` a polygon in a plane of constant z, extruded by ``height`` along +z
* :class:`Mesh`  any triangle mesh (vertices, triangles), for knobs and notches

Every shape has its own colour (RGB 0-255) so one part may mix colours (a cube with
coloured connector rods). ``Part.explode`` is the offset the part moves by when the
exploded-view slider is at its maximum; the view interpolates.
"""
from __future__ import annotations

from dataclasses import dataclass

Vec3 = tuple[float, float, float]
RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Box:
    center: Vec3
    size: Vec3
    color: RGB


@dataclass(frozen=True)
class Rod:
    start: Vec3
    end: Vec3
    radius: float
    color: RGB


@dataclass(frozen=True)
class Prism:
    polygon: tuple[tuple[float, float], ...]  # convex, counter-clockwise, in the plane z = z0
    z0: float
    height: float
    color: RGB


@dataclass(frozen=True)
class Mesh:
    vertices: tuple[Vec3, ...]
    triangles: tuple[tuple[int, int, int], ...]  # counter-clockwise seen from outside
    color: RGB


Shape = Box | Rod | Prism | Mesh


@dataclass
class Part:
    id: str
    shapes: list[Shape]
    explode: Vec3 = (0.0, 0.0, 0.0)
    label: str = ""
    visible: bool = True


def part_id(piece: int) -> str:
    """The id of the part showing ``piece`` (a piece's number or index): ``piece-<n>``."""
    return f"piece-{piece}"


def piece_of_part(part: str | None) -> int | None:
    """The piece a part id shows (:func:`part_id` reversed); None for the background or another id."""
    if not part or not part.startswith("piece-"):
        return None
    number = part.split("-", 1)[1]
    return int(number) if number.isdigit() else None


def explode_from_center(parts: list[Part], strength: float = 1.0) -> None:
    """Set each part's ``explode`` to point away from the scene's centre (a sensible default)."""
    centers = []
    for part in parts:
        pts = [_shape_center(s) for s in part.shapes] or [(0.0, 0.0, 0.0)]
        centers.append(tuple(sum(p[i] for p in pts) / len(pts) for i in range(3)))
    if not centers:
        return
    mid = tuple(sum(c[i] for c in centers) / len(centers) for i in range(3))
    for part, c in zip(parts, centers):
        part.explode = tuple(strength * (c[i] - mid[i]) for i in range(3))


def _shape_center(shape: Shape) -> Vec3:
    if isinstance(shape, Box):
        return shape.center
    if isinstance(shape, Rod):
        return tuple((a + b) / 2 for a, b in zip(shape.start, shape.end))
    if isinstance(shape, Prism):
        n = len(shape.polygon)
        return (sum(p[0] for p in shape.polygon) / n, sum(p[1] for p in shape.polygon) / n,
                shape.z0 + shape.height / 2)
    n = len(shape.vertices) or 1
    return tuple(sum(v[i] for v in shape.vertices) / n for i in range(3))
