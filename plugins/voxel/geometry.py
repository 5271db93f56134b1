"""Voxel geometry for the solver: the cube's 48 symmetries as signed permutation matrices.

A voxel is an integer triple ``(x, y, z)`` (right-handed, z is up). A shape is a set of
voxels; its *normal form* is the sorted tuple of its voxels translated so that the
smallest x, y and z are 0. Two shapes are the same piece in the same orientation exactly
when their normal forms are equal.
"""
from __future__ import annotations

from itertools import permutations, product

Voxel = tuple[int, int, int]
Matrix = tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]
FACE_STEPS = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))  # to the six face neighbours


def _determinant(m: Matrix) -> int:
    return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))


def _signed_permutations() -> list[Matrix]:
    matrices = []
    for perm in permutations(range(3)):
        for signs in product((1, -1), repeat=3):
            matrices.append(tuple(tuple(signs[i] if j == perm[i] else 0 for j in range(3)) for i in range(3)))
    # identity first, then the other rotations, then the reflections
    matrices.sort(key=lambda m: (_determinant(m) < 0, m != ((1, 0, 0), (0, 1, 0), (0, 0, 1))))
    return matrices


ALL_SYMMETRIES: tuple[Matrix, ...] = tuple(_signed_permutations())  # 48; [0] is the identity
ROTATIONS: tuple[Matrix, ...] = tuple(m for m in ALL_SYMMETRIES if _determinant(m) > 0)  # 24


def transform(m: Matrix, voxel: Voxel) -> Voxel:
    x, y, z = voxel
    return (m[0][0] * x + m[0][1] * y + m[0][2] * z,
            m[1][0] * x + m[1][1] * y + m[1][2] * z,
            m[2][0] * x + m[2][1] * y + m[2][2] * z)


def lowest(voxels) -> Voxel:
    """The smallest x, y and z (of possibly different voxels)."""
    return tuple(min(v[i] for v in voxels) for i in range(3))


def shifted(voxels, low: Voxel) -> tuple[Voxel, ...]:
    """The voxels moved by ``-low``, sorted."""
    return tuple(sorted((x - low[0], y - low[1], z - low[2]) for x, y, z in voxels))


def normal_form(voxels) -> tuple[Voxel, ...]:
    voxels = list(voxels)
    return shifted(voxels, lowest(voxels))


def orientations(voxels, mirror: bool) -> list[tuple[Voxel, ...]]:
    """The distinct orientations of a shape (normal forms), rotations only unless ``mirror``."""
    voxels = list(voxels)
    return [shape for shape, _ in coloured_orientations(voxels, (0,) * len(voxels), mirror)]


def coloured_orientations(voxels, colours, mirror: bool, group=None) -> list[tuple[tuple[Voxel, ...], tuple[int, ...]]]:
    """The distinct orientations of a shape whose voxels carry colours (``colours[i]`` is
    ``voxels[i]``'s): each as its normal form and the colours in that order. ``group``: these
    matrices instead of the rotations (and reflections if ``mirror``)."""
    found = set()
    for m in group or (ALL_SYMMETRIES if mirror else ROTATIONS):
        turned = [transform(m, v) for v in voxels]
        low = lowest(turned)
        pairs = sorted(((x - low[0], y - low[1], z - low[2]), c) for (x, y, z), c in zip(turned, colours))
        found.add((tuple(v for v, _ in pairs), tuple(c for _, c in pairs)))
    return sorted(found)


def is_face_connected(voxels) -> bool:
    cells = set(voxels)
    if not cells:
        return False
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        x, y, z = stack.pop()
        for dx, dy, dz in FACE_STEPS:
            n = (x + dx, y + dy, z + dz)
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)
