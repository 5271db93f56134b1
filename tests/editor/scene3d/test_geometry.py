"""The preview's numbers without Qt: closed flat-shaded surfaces, the orbit camera, picking rays."""
import math

import numpy as np
import pytest

from nonogram_editor.scene3d import geometry
from nonogram_editor.scene3d.geometry import OrbitCamera
from nonogram_editor.scene3d.parts import Box, Mesh, Part, Prism, Rod

RED = (200, 0, 0)


def enclosed_volume(triangles: np.ndarray) -> float:
    """Divergence theorem: positive for a closed surface wound counter-clockwise from outside."""
    a, b, c = triangles[:, 0], triangles[:, 1], triangles[:, 2]
    return float(np.einsum("ij,ij->i", a, np.cross(b, c)).sum() / 6)


def test_prism_is_a_closed_outward_surface_of_the_right_volume():
    triangle = Prism(((0, 0), (2, 0), (0, 1)), z0=0.5, height=3, color=RED)
    assert enclosed_volume(geometry.prism_triangles(triangle)) == pytest.approx(1.0 * 3)
    clockwise = Prism(((0, 0), (0, 1), (2, 0)), z0=0.5, height=3, color=RED)
    assert enclosed_volume(geometry.prism_triangles(clockwise)) == pytest.approx(3.0)


def test_box_and_rod_volumes():
    box = Box((1, 2, 3), (1, 2, 4), RED)
    assert enclosed_volume(geometry.box_triangles(box)) == pytest.approx(8.0)
    rod = Rod((0, 0, 0), (1, 1, 1), 0.5, RED)
    sides = geometry.ROD_SIDES
    polygon_area = 0.5 * sides * 0.25 * math.sin(2 * math.pi / sides)
    assert enclosed_volume(geometry.rod_triangles(rod)) == pytest.approx(polygon_area * math.sqrt(3))
    assert len(geometry.rod_triangles(Rod((1, 1, 1), (1, 1, 1), 0.5, RED))) == 0


def test_flat_shading_gives_each_face_its_outward_unit_normal():
    positions, normals = geometry.flat_shaded(geometry.box_triangles(Box((0, 0, 0), (2, 2, 2), RED)))
    assert positions.shape == normals.shape == (36, 3)
    assert np.allclose(np.linalg.norm(normals, axis=1), 1)
    face_centres = positions.reshape(-1, 3, 3).mean(axis=1)
    # on a cube centred at the origin each face's normal points the way its centre lies
    assert np.all(np.einsum("ij,ij->i", face_centres, normals[::3]) > 0)


def test_mesh_triangles_follow_the_indices():
    mesh = Mesh(((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)), ((0, 2, 1), (0, 1, 3), (0, 3, 2), (1, 2, 3)), RED)
    assert enclosed_volume(geometry.shape_triangles(mesh)) == pytest.approx(1 / 6)


def test_projection_and_ray_agree():
    camera = OrbitCamera(np.array([1.0, 2.0, 3.0]), 10.0, yaw=0.7, pitch=-0.3)
    for point in [(1, 2, 3), (2, 2.5, 3.5), (0, 1, 4)]:
        x, y = camera.project(point, 640, 480)
        origin, direction = camera.ray(x, y, 640, 480)
        to_point = np.asarray(point, float) - origin
        assert np.allclose(np.cross(direction, to_point), 0, atol=1e-9)
    assert camera.project(camera.target, 640, 480) == pytest.approx((320, 240))
    behind = camera.eye + (camera.eye - camera.target)
    assert camera.project(behind, 640, 480) is None


def test_frame_fits_the_bounding_sphere_in_view():
    parts = [Part("a", [Box((0, 0, 0), (1, 1, 1), RED)], explode=(-4, 0, 0)),
             Part("b", [Box((3, 0, 0), (1, 1, 1), RED)])]
    scene = geometry.SceneGeometry(parts)
    center, radius = scene.bounding_sphere()
    assert center == pytest.approx((1.5, 0, 0))
    assert scene.bounding_sphere(shown={"b"})[0] == pytest.approx((3, 0, 0))
    exploded_center, exploded_radius = scene.bounding_sphere(amount=1.0)
    assert exploded_center == pytest.approx((-0.5, 0, 0))
    assert exploded_radius > radius
    for width, height in ((400, 300), (200, 600)):  # wide, and tall and narrow like a side dock
        camera = OrbitCamera(np.zeros(3), 1.0)
        camera.frame(center, radius, width / height)
        for corner in scene.triangles["a"].reshape(-1, 3):
            x, y = camera.project(corner, width, height)
            assert 0 <= x <= width
            assert 0 <= y <= height


def test_orbit_pan_zoom_keep_their_meaning():
    camera = OrbitCamera(np.zeros(3), 10.0)
    camera.rotate(0, 10_000)
    assert camera.pitch == pytest.approx(OrbitCamera.MAX_PITCH)
    camera = OrbitCamera(np.zeros(3), 10.0)
    anchor = camera.target.copy()
    camera.pan(40, -30, 300)  # drag right and up: the point under the mouse follows it
    assert camera.project(anchor, 400, 300) == pytest.approx((200 + 40, 150 - 30))
    camera.zoom(2)
    assert camera.distance == pytest.approx(10 * 0.85 ** 2)


def brute_force_pick(parts, origin, direction, amount):
    """Sample points along the ray; the part owning the first sample inside a box."""
    samples = origin + np.linspace(0, 40, 40001)[:, None] * direction
    first_inside = {}
    for part in parts:
        for box in part.shapes:
            centre = np.asarray(box.center) + amount * np.asarray(part.explode)
            inside = np.flatnonzero(np.all(np.abs(samples - centre) <= np.asarray(box.size) / 2, axis=1))
            if len(inside):
                first_inside[part.id] = min(inside[0], first_inside.get(part.id, len(samples)))
    return min(first_inside, key=first_inside.get) if first_inside else None


def test_picking_matches_brute_force_on_random_rays():
    rng = np.random.default_rng(4)
    parts = [Part(f"p{i}", [Box(tuple(rng.uniform(-2, 2, 3)), tuple(rng.uniform(0.5, 1.5, 3)), RED)],
                  explode=tuple(rng.uniform(-1, 1, 3))) for i in range(5)]
    scene = geometry.SceneGeometry(parts)
    camera = OrbitCamera(np.zeros(3), 12.0, yaw=0.4, pitch=0.3)
    hits = 0
    for _ in range(30):
        x, y = rng.uniform(0, 400), rng.uniform(0, 300)
        origin, direction = camera.ray(x, y, 400, 300)
        expected = brute_force_pick(parts, origin, direction, 0.5)
        assert scene.pick(origin, direction, amount=0.5) == expected
        hits += expected is not None
    assert hits >= 5  # the sample really exercises hits, not only misses


def test_hidden_parts_are_not_picked():
    parts = [Part("front", [Box((0, 0, 2), (1, 1, 1), RED)]), Part("back", [Box((0, 0, -2), (1, 1, 1), RED)])]
    origin, direction = np.array([0.0, 0, 10]), np.array([0.0, 0, -1])
    scene = geometry.SceneGeometry(parts)
    assert scene.pick(origin, direction) == "front"
    assert scene.pick(origin, direction, shown={"back"}) == "back"
    assert scene.pick(origin, direction, shown=set()) is None
    assert scene.pick(origin, -direction) is None


@pytest.mark.parametrize("aspect", [0.6, 1.0, 1.6])
@pytest.mark.parametrize("seed", range(4))
def test_fit_puts_every_point_in_view_and_fills_it(aspect, seed):
    rng = np.random.default_rng(seed)
    points = rng.normal(size=(200, 3)) * rng.uniform(0.2, 5.0, size=3) + rng.uniform(-3, 3, size=3)
    camera = OrbitCamera(np.zeros(3), 1.0, yaw=rng.uniform(-3, 3), pitch=rng.uniform(-1.2, 1.2))
    camera.fit(points, aspect)
    width, height = 1000 * aspect, 1000
    projected = np.array([camera.project(p, width, height) for p in points])
    assert np.all(projected >= 0)
    assert np.all(projected[:, 0] <= width)
    assert np.all(projected[:, 1] <= height)
    spread = np.ptp(projected, axis=0) / (width, height)
    assert spread.max() > 0.8  # close: the scene fills the view along one side at least
