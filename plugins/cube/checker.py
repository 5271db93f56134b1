"""An independent check of a garden: written apart from the solvers, sharing no tables.

It takes a plain mapping ``{(x, y, z): piece}`` (piece = bit mask of blue faces, N=1,
E=2, S=4, W=8, top=16, bottom=32) and the garden's rule, and lists what is wrong
(an empty list: the garden is valid).
"""
from __future__ import annotations

# each face: (bit, offset to the neighbour it touches, bit of the neighbour's face that touches back)
_FACES = {
    "N": (1, (0, 1, 0), 4), "E": (2, (1, 0, 0), 8), "S": (4, (0, -1, 0), 1), "W": (8, (-1, 0, 0), 2),
    "top": (16, (0, 0, 1), 32), "bottom": (32, (0, 0, -1), 16),
}


def check_garden(cells: dict, faces: int, rule: str, box: tuple[int, ...] | None = None) -> list[str]:
    """Problems with a garden of the 2**faces pieces (faces 4: squares, 6: cubes).

    Every piece is used exactly once. ``rule`` "transcendental": every blue face touches
    a blue face, every red face faces air (so the all-red piece floats alone). "packed":
    the pieces fill ``box`` exactly, touching faces are equal, only red faces outside.
    """
    problems: list[str] = []
    face_names = list(_FACES)[:faces]
    everything = set(range(1 << faces))
    pieces = list(cells.values())
    if rule not in ("transcendental", "packed"):
        return [f"unknown rule {rule!r}"]
    seen = set()
    for position, piece in cells.items():
        if piece not in everything:
            problems.append(f"{position}: {piece} is not one of the {len(everything)} pieces")
        elif piece in seen:
            problems.append(f"piece {piece} is used more than once")
        seen.add(piece)
        if faces == 4 and position[2] != 0:
            problems.append(f"{position}: a square garden is flat (z must be 0)")
    missing = everything - set(pieces)
    if missing:
        problems.append(f"pieces not used: {sorted(missing)}")

    if rule == "packed":
        if box is None:
            return problems + ["a packed garden needs its box"]
        full_box = tuple(box) + (1,) * (3 - len(box))
        inside = {(x, y, z) for x in range(full_box[0]) for y in range(full_box[1]) for z in range(full_box[2])}
        if set(cells) != inside:
            problems.append(f"the pieces do not fill the {'x'.join(map(str, box))} box exactly")

    for (x, y, z), piece in sorted(cells.items()):
        for name in face_names:
            bit, (dx, dy, dz), back = _FACES[name]
            other = cells.get((x + dx, y + dy, z + dz))
            blue = bool(piece & bit)
            if other is None:
                if blue:
                    problems.append(f"{(x, y, z)}: blue {name} face of piece {piece} meets air")
            elif rule == "transcendental":
                if not blue:
                    problems.append(f"{(x, y, z)}: red {name} face of piece {piece} touches piece {other}")
                elif not other & back:
                    problems.append(f"{(x, y, z)}: blue {name} face of piece {piece} meets red of piece {other}")
            elif blue != bool(other & back):
                problems.append(f"{(x, y, z)}: {name} face of piece {piece} differs from the touching face of {other}")
    return problems
