"""The pyramid puzzle as data: pieces, board, geometry and the board's rotations (no Qt).

The definition lives in ``plugins/pyramid/data/pyramid.json`` (see its ``notes``). A
solution is a tuple with one ``(piece, rotation)`` pair per board position; a piece in
rotation ``r`` shows its connector ``(r + f) % 3`` on side ``f`` of its position.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import nonogram_editor.plugin_api as plugin_api
from nonogram_editor.plugin_api import package_data

DEFAULT_PATH = package_data("nonogram_editor_builtins.pyramid", "pyramid.json")
SIDES = 3
HEIGHT = math.sqrt(3) / 2  # of a unit triangle

Placement = tuple[int, int]  # (piece, rotation)
Solution = tuple[Placement, ...]  # indexed by board position


class PuzzleDataError(plugin_api.PuzzleDataError):
    """A puzzle definition file is unreadable or inconsistent (the message names the file)."""


@dataclass(frozen=True)
class Suit:
    key: str
    name: str
    symbol: str


@dataclass(frozen=True)
class Connector:
    suit: int  # index into Puzzle.suits
    outward: bool

    def fits(self, other: Connector) -> bool:
        return self.suit == other.suit and self.outward != other.outward


@dataclass(frozen=True)
class Position:
    row: int  # 0 is the bottom row
    index: int  # 0 is the leftmost triangle of the row; even indices point up
    neighbours: tuple[int | None, ...]  # across side 0, 1, 2 (None: the border)

    @property
    def points_up(self) -> bool:
        return self.index % 2 == 0


@dataclass(frozen=True)
class Puzzle:
    id: str
    title: str
    suits: tuple[Suit, ...]
    pieces: tuple[tuple[Connector, ...], ...]
    positions: tuple[Position, ...]
    source: Path

    @property
    def rows(self) -> int:
        return 1 + max(p.row for p in self.positions)

    def corners(self, position: int) -> tuple[tuple[float, float], ...]:
        """The triangle's corners (unit sides, y up), clockwise, side f from corner f to f+1."""
        pos = self.positions[position]
        x0, y0 = pos.row / 2, pos.row * HEIGHT
        k = pos.index // 2
        if pos.points_up:  # bottom (right to left), left, right
            return ((x0 + k + 1, y0), (x0 + k, y0), (x0 + k + 0.5, y0 + HEIGHT))
        return ((x0 + k + 0.5, y0 + HEIGHT), (x0 + k + 1.5, y0 + HEIGHT), (x0 + k + 1, y0))  # top, right, left

    def centroid(self, position: int) -> tuple[float, float]:
        pts = self.corners(position)
        return (sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3)

    def connector_on_side(self, placement: Placement, side: int) -> Connector:
        piece, rotation = placement
        return self.pieces[piece][(rotation + side) % SIDES]

    @cached_property
    def rotation(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The board turned by 120 degrees: ``(target, shift)``; side f of position p
        lands on side ``(f + shift[p]) % 3`` of position ``target[p]``."""
        n = self.rows
        cx, cy = n / 2, n * HEIGHT / 3
        cos, sin = math.cos(2 * math.pi / 3), math.sin(2 * math.pi / 3)

        def turn(pt):
            dx, dy = pt[0] - cx, pt[1] - cy
            return (cx + cos * dx - sin * dy, cy + sin * dx + cos * dy)

        def side_midpoints(p):
            c = self.corners(p)
            return [((c[f][0] + c[(f + 1) % 3][0]) / 2, (c[f][1] + c[(f + 1) % 3][1]) / 2) for f in range(SIDES)]

        def near(a, b):
            return abs(a[0] - b[0]) < 1e-6 and abs(a[1] - b[1]) < 1e-6

        target, shift = [], []
        for p in range(len(self.positions)):
            image = turn(self.centroid(p))
            q = next(q for q in range(len(self.positions)) if near(self.centroid(q), image))
            turned = turn(side_midpoints(p)[0])
            g = next(g for g, mid in enumerate(side_midpoints(q)) if near(mid, turned))
            target.append(q)
            shift.append(g)
        return tuple(target), tuple(shift)

    def rotate_solution(self, solution: Solution, times: int = 1) -> Solution:
        """The same solution with the whole triangle turned ``times`` x 120 degrees."""
        target, shift = self.rotation
        for _ in range(times % 3):
            turned: list[Placement] = [(0, 0)] * len(solution)
            for p, (piece, rot) in enumerate(solution):
                turned[target[p]] = (piece, (rot - shift[p]) % SIDES)
            solution = tuple(turned)
        return solution

    @property
    def center(self) -> int | None:
        """The position the rotation keeps in place (the middle triangle), if any."""
        target, _ = self.rotation
        fixed = [p for p, q in enumerate(target) if p == q]
        return fixed[0] if fixed else None


def load_puzzle(path: str | Path | None = None) -> Puzzle:
    """Read and check a puzzle definition (default: the shipped one); raises
    :class:`PuzzleDataError` naming the file and what is wrong."""
    path = Path(DEFAULT_PATH if path is None else path)

    def fail(what: str):
        raise PuzzleDataError(f"{path}: {what}")

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        fail(f"cannot read the file ({exc.strerror or exc})")
    except json.JSONDecodeError as exc:
        fail(f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})")
    if not isinstance(data, dict):
        fail("the top level must be a JSON object")
    for key in ("suits", "pieces", "positions"):
        if not isinstance(data.get(key), list) or not data[key]:
            fail(f"'{key}' must be a non-empty list")
    try:
        suits = tuple(Suit(s["key"], s["name"], s["symbol"]) for s in data["suits"])
    except (TypeError, KeyError) as exc:
        fail(f"every suit needs 'key', 'name' and 'symbol' (missing {exc})")
    suit_index = {s.key: i for i, s in enumerate(suits)}

    pieces = []
    for number, spec in enumerate(data["pieces"]):
        if not isinstance(spec, list) or len(spec) != SIDES:
            fail(f"piece {number}: expected a list of {SIDES} connectors like \"S in\", got {spec!r}")
        connectors = []
        for text in spec:
            parts = str(text).split()
            if len(parts) != 2 or parts[0] not in suit_index or parts[1] not in ("in", "out"):
                fail(f"piece {number}: connector {text!r} is not '<suit> in' or '<suit> out' "
                     f"with a suit among {sorted(suit_index)}")
            connectors.append(Connector(suit_index[parts[0]], parts[1] == "out"))
        pieces.append(tuple(connectors))

    positions = []
    for number, spec in enumerate(data["positions"]):
        try:
            row, index, neighbours = int(spec["row"]), int(spec["index"]), spec["neighbours"]
        except (TypeError, KeyError, ValueError):
            fail(f"position {number}: needs integer 'row', 'index' and a 'neighbours' list")
        if not isinstance(neighbours, list) or len(neighbours) != SIDES:
            fail(f"position {number}: 'neighbours' must list {SIDES} entries (a position number or null)")
        if any(n is not None and (not isinstance(n, int) or not 0 <= n < len(data["positions"])) for n in neighbours):
            fail(f"position {number}: neighbours {neighbours} must be position numbers or null")
        positions.append(Position(row, index, tuple(neighbours)))

    if len(pieces) != len(positions):
        fail(f"{len(pieces)} pieces for {len(positions)} positions")
    rows = 1 + max(p.row for p in positions)
    expected = {(r, i) for r in range(rows) for i in range(2 * (rows - r) - 1)}
    if {(p.row, p.index) for p in positions} != expected or len(positions) != len(expected):
        fail(f"positions must tile a triangle of {rows} rows exactly once (row r has {2 * rows - 1} - 2r triangles)")
    for p, pos in enumerate(positions):
        for side, q in enumerate(pos.neighbours):
            if q is not None and p not in positions[q].neighbours:
                fail(f"position {p} lists {q} across side {side}, but {q} does not list {p}")
    return Puzzle(id=str(data.get("id", path.stem)), title=str(data.get("title", path.stem)),
                  suits=suits, pieces=tuple(pieces), positions=tuple(positions), source=path)


def format_solution(puzzle: Puzzle, solution: Solution) -> str:
    """A text picture: the apex row first, each triangle as ▲/▼, piece number, r + rotation,
    then each position's connectors on sides 0, 1, 2 (suit symbol, + out, - in)."""
    lines = []
    for row in reversed(range(puzzle.rows)):
        cells = sorted((pos.index, p) for p, pos in enumerate(puzzle.positions) if pos.row == row)
        text = " ".join(f"{'▲' if puzzle.positions[p].points_up else '▼'}{solution[p][0]:>2}r{solution[p][1]}"
                        for _, p in cells)
        lines.append(" " * 3 * row + text)
    lines.append("position: piece rotation | connectors on sides 0 1 2 (side 0 horizontal, then clockwise)")
    for p, placement in enumerate(solution):
        shown = " ".join(puzzle.suits[c.suit].symbol + ("+" if c.outward else "-")
                         for c in (puzzle.connector_on_side(placement, side) for side in range(SIDES)))
        lines.append(f"  {p:>2}: {placement[0]:>2} r{placement[1]} | {shown}")
    return "\n".join(lines)
