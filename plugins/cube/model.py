"""Freeling's China Cube gardens as data: faces, pieces, garden definitions, solutions.

A piece (a square or a cube; cubes keep a fixed orientation) is the set of its blue
faces, the connectors, written as a bit mask: N=1, E=2, S=4, W=8, top=16, bottom=32.
The 16 squares are the masks 0..15, the 64 cubes 0..63; 0 is the all-red piece.
Positions are (x, y, z) with x east, y north, z up (z = 0 for the squares).

Qt-free. The garden definitions live in ``plugins/cube/data/gardens.json``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from nonogram_editor.plugin_api import PuzzleDataError, package_data

GARDENS_FILE = package_data("nonogram_editor_builtins.cube", "gardens.json")

FACE_NAMES = ("N", "E", "S", "W", "top", "bottom")
DIRECTIONS = ((0, 1, 0), (1, 0, 0), (0, -1, 0), (-1, 0, 0), (0, 0, 1), (0, 0, -1))
OPPOSITE = (2, 3, 0, 1, 5, 4)  # the face a neighbour shows back: N<->S, E<->W, top<->bottom
RULES = ("transcendental", "packed")

Position = tuple[int, int, int]


class GardenDataError(PuzzleDataError):
    """A garden definition file that cannot be used (the message names the file)."""


@dataclass(frozen=True)
class GardenSpec:
    id: str
    title: str
    faces: int  # 4: the squares, 6: the cubes
    rule: str  # "transcendental" or "packed"
    box: tuple[int, ...] | None = None  # packed: the box; hanging: the default search box
    known: dict = field(default_factory=dict)

    @property
    def pieces(self) -> range:
        return range(1 << self.faces)

    @property
    def dimensions(self) -> int:
        return 2 if self.faces == 4 else 3


@dataclass(frozen=True)
class Garden:
    """One solution: pieces at positions. Components of a transcendental garden that do
    not touch are laid out apart in the same frame; ``components`` says which is which."""

    spec_id: str
    placements: tuple[tuple[Position, int], ...]  # sorted by position

    @staticmethod
    def make(spec_id: str, placements) -> Garden:
        return Garden(spec_id, tuple(sorted((tuple(p), int(piece)) for p, piece in placements)))

    def as_dict(self) -> dict[Position, int]:
        return dict(self.placements)

    def bounds(self) -> tuple[Position, Position]:
        """(lowest corner, size) of the bounding box."""
        xs, ys, zs = zip(*(p for p, _ in self.placements))
        low = (min(xs), min(ys), min(zs))
        return low, (max(xs) - low[0] + 1, max(ys) - low[1] + 1, max(zs) - low[2] + 1)

    def components(self) -> list[list[tuple[Position, int]]]:
        """Groups of pieces joined through blue faces (the all-red piece is its own)."""
        cells = self.as_dict()
        seen: set[Position] = set()
        groups = []
        for start in sorted(cells):
            if start in seen:
                continue
            seen.add(start)
            group, stack = [], [start]
            while stack:
                p = stack.pop()
                group.append((p, cells[p]))
                for face, q in neighbours(p):
                    if cells[p] >> face & 1 and q in cells and q not in seen:
                        seen.add(q)
                        stack.append(q)
            groups.append(sorted(group))
        return groups


def neighbours(p: Position):
    """(face, neighbouring position) for the six faces of ``p``."""
    for face, (dx, dy, dz) in enumerate(DIRECTIONS):
        yield face, (p[0] + dx, p[1] + dy, p[2] + dz)


def piece_name(piece: int) -> str:
    faces = [name for face, name in enumerate(FACE_NAMES) if piece >> face & 1]
    return "+".join(faces) if faces else "all red"


def connector_count(piece: int) -> int:
    return bin(piece).count("1")


# --------------------------------------------------------------------------- symmetry
def square_symmetries() -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The 8 symmetries of the square as integer matrices (rows), identity first."""
    result = []
    for a, b, c, d in ((1, 0, 0, 1), (0, -1, 1, 0), (-1, 0, 0, -1), (0, 1, -1, 0),
                       (-1, 0, 0, 1), (1, 0, 0, -1), (0, 1, 1, 0), (0, -1, -1, 0)):
        result.append(((a, b), (c, d)))
    return result


def transform_piece(matrix, piece: int) -> int:
    """The piece a plane symmetry turns ``piece`` into (its connectors move with it)."""
    (a, b), (c, d) = matrix
    image = 0
    for face in range(4):
        if piece >> face & 1:
            dx, dy, _ = DIRECTIONS[face]
            image |= 1 << DIRECTIONS.index((a * dx + b * dy, c * dx + d * dy, 0))
    return image | (piece & 0b110000)


def transform_placements(matrix, placements) -> list[tuple[Position, int]]:
    (a, b), (c, d) = matrix
    return [((a * x + b * y, c * x + d * y, z), transform_piece(matrix, piece)) for (x, y, z), piece in placements]


def normalized(placements) -> tuple[tuple[Position, int], ...]:
    """Placements translated so the lowest corner is the origin, sorted (translation-free key)."""
    placements = list(placements)
    low = [min(p[i] for p, _ in placements) for i in range(3)]
    return tuple(sorted(((p[0] - low[0], p[1] - low[1], p[2] - low[2]), piece) for p, piece in placements))


def plane_class_key(placements) -> tuple:
    """The same key for all 8 plane-symmetric images of a flat arrangement."""
    return min(normalized(transform_placements(m, placements)) for m in square_symmetries())


# --------------------------------------------------------------------------- loading
def load_gardens(path: Path = GARDENS_FILE) -> dict[str, GardenSpec]:
    """Read the garden definitions; a broken file raises GardenDataError naming it."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise GardenDataError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except json.JSONDecodeError as exc:
        raise GardenDataError(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    if not isinstance(data, dict) or not isinstance(data.get("gardens"), list):
        raise GardenDataError(f"{path}: expected an object with a list 'gardens'")
    specs: dict[str, GardenSpec] = {}
    for number, entry in enumerate(data["gardens"], 1):
        where = f"{path}: garden {number}"
        if not isinstance(entry, dict):
            raise GardenDataError(f"{where}: expected an object")
        try:
            spec = GardenSpec(id=str(entry["id"]), title=str(entry["title"]), faces=entry["faces"],
                              rule=entry["rule"], box=tuple(entry["box"]) if "box" in entry else None,
                              known=dict(entry.get("known", {})))
        except KeyError as exc:
            raise GardenDataError(f"{where}: missing field {exc.args[0]!r}") from None
        except TypeError as exc:
            raise GardenDataError(f"{where}: malformed field ({exc})") from None
        if spec.faces not in (4, 6):
            raise GardenDataError(f"{where} ({spec.id}): 'faces' must be 4 (squares) or 6 (cubes), not {spec.faces!r}")
        if spec.rule not in RULES:
            raise GardenDataError(f"{where} ({spec.id}): 'rule' must be one of {', '.join(RULES)}, not {spec.rule!r}")
        if spec.box is not None and (len(spec.box) != spec.dimensions
                                     or not all(isinstance(n, int) and n > 0 for n in spec.box)):
            raise GardenDataError(f"{where} ({spec.id}): 'box' must be {spec.dimensions} positive integers")
        if spec.rule == "packed" and (spec.box is None or _volume(spec.box) != len(spec.pieces)):
            raise GardenDataError(f"{where} ({spec.id}): a packed garden needs a box of {len(spec.pieces)} cells")
        if spec.id in specs:
            raise GardenDataError(f"{where}: duplicate id {spec.id!r}")
        specs[spec.id] = spec
    return specs


def _volume(box) -> int:
    result = 1
    for n in box:
        result *= n
    return result


# --------------------------------------------------------------------------- text
def format_garden(garden: Garden) -> str:
    """Rows of two-digit piece numbers (north up), one block per layer (top layer first)."""
    cells = garden.as_dict()
    (x0, y0, z0), (nx, ny, nz) = garden.bounds()
    solid = nz > 1 or any(piece > 15 for _, piece in garden.placements)
    blocks = []
    for z in reversed(range(z0, z0 + nz)):
        rows = []
        for y in reversed(range(y0, y0 + ny)):
            rows.append("|" + "|".join(f"{cells[(x, y, z)]:02d}" if (x, y, z) in cells else "  "
                                       for x in range(x0, x0 + nx)) + "|")
        title = f"layer z={z - z0}" if solid else ""
        blocks.append("\n".join(([title] if title else []) + rows))
    return "\n\n".join(blocks)


def garden_to_json(garden: Garden) -> dict:
    return {"garden": garden.spec_id,
            "pieces": [{"position": list(p), "piece": piece, "blue": piece_name(piece)}
                       for p, piece in garden.placements]}
