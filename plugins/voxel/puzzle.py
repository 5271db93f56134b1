"""Voxel packing puzzles as data: pieces, target, and the puzzle file format (no Qt).

The format is documented in ``docs/puzzle-format.md``. Every problem with a file raises
:class:`PuzzleFileError` whose message starts with the file's name and says what is wrong.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from pathlib import Path

from editor.paths import RESOURCES
from plugins.voxel.geometry import Voxel, is_face_connected, normal_form, orientations

RESOURCE_DIR = RESOURCES / "voxel"
ID_PREFIX = "voxel-"
# The order the shipped puzzles are listed in (others follow alphabetically).
SHIPPED_ORDER = ("tetris-cube", "y25", "soma", "pentominoes-6x10")

RGB = tuple[int, int, int]
HOLE = "(empty cell)"  # the piece that marks an optional cell left empty (see Puzzle.for_engine)


class PuzzleFileError(ValueError):
    """A puzzle file is unreadable or inconsistent; the message names the file and the problem."""


@dataclass(frozen=True)
class Piece:
    name: str
    cells: tuple[Voxel, ...]  # normal form
    copies: int = 1  # the most copies used (exactly this many unless ``min_copies`` is set)
    colour: RGB | None = None  # None: the scene picks one
    min_copies: int | None = None  # a range of copies: at least this many (BurrTools' min/max)

    @property
    def fewest(self) -> int:
        return self.copies if self.min_copies is None else self.min_copies


@dataclass(frozen=True)
class Puzzle:
    id: str
    title: str
    pieces: tuple[Piece, ...]
    target: tuple[Voxel, ...]  # sorted, translated so the smallest x, y, z are 0
    mirror: bool = False  # may pieces be turned over into their mirror images?
    description: str = ""
    source: str = ""  # the file it came from ("" if built in code)
    optional: tuple[Voxel, ...] = ()  # target cells that may stay empty (BurrTools' variable voxels)
    expected_assemblies: int | None = None  # the count a solved BurrTools file states

    @property
    def size(self) -> tuple[int, int, int]:
        return tuple(max(v[i] for v in self.target) + 1 for i in range(3))

    @property
    def piece_count(self) -> int:
        """The most pieces a solution has."""
        return sum(p.copies for p in self.pieces)

    def for_engine(self) -> Puzzle:
        """This puzzle as the search engines take it: every target cell must be covered.

        Optional cells left empty are covered by a one-cell piece named :data:`HOLE` (0 to
        as many copies as there are optional cells), which fits only optional cells; the
        search leaves its placements out of the solutions it reports.
        """
        if not self.optional:
            return self
        hole = Piece(HOLE, ((0, 0, 0),), copies=len(self.optional), min_copies=0)
        return replace(self, pieces=self.pieces + (hole,))


_TOP_KEYS = {"title", "description", "mirror", "target", "pieces"}
_PIECE_KEYS = {"name", "cells", "copies", "colour", "color"}
_TARGET_KEYS = {"box", "holes", "cells", "layers", "optional"}
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def load_puzzle(path: str | Path) -> Puzzle:
    """Read a puzzle file; its id is ``voxel-`` plus the file name without extension."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PuzzleFileError(f"{path}: cannot read the file ({exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleFileError(f"{path}: not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    return parse_puzzle(data, puzzle_id=ID_PREFIX + path.stem, source=str(path))


def parse_puzzle(data, puzzle_id: str, source: str = "<puzzle>") -> Puzzle:
    """Build a :class:`Puzzle` from decoded JSON, checking everything a solver relies on."""
    def fail(problem: str):
        raise PuzzleFileError(f"{source}: {problem}")

    if not isinstance(data, dict):
        fail("the file must hold one JSON object with \"pieces\" and \"target\"")
    _check_keys(data, _TOP_KEYS, "the puzzle", fail)
    for key in ("pieces", "target"):
        if key not in data:
            fail(f"missing \"{key}\"")
    title = data.get("title", puzzle_id)
    description = data.get("description", "")
    if not isinstance(title, str) or not isinstance(description, str):
        fail("\"title\" and \"description\" must be strings")
    mirror = data.get("mirror", False)
    if not isinstance(mirror, bool):
        fail("\"mirror\" must be true or false")
    target, optional = _parse_target(data["target"], fail)
    pieces = _parse_pieces(data["pieces"], mirror, fail)
    puzzle = Puzzle(id=puzzle_id, title=title, pieces=pieces, target=target, mirror=mirror,
                    description=description, source=source, optional=optional)
    check_volume(puzzle, fail)
    return puzzle


def check_volume(puzzle: Puzzle, fail) -> None:
    """The pieces must fill the target's fixed cells exactly, optional cells as they like."""
    least = sum(len(p.cells) * p.fewest for p in puzzle.pieces)
    most = sum(len(p.cells) * p.copies for p in puzzle.pieces)
    if least <= len(puzzle.target) and most >= len(puzzle.target) - len(puzzle.optional):
        return
    pieces = f"{least} to {most}" if least != most else f"{most}"
    need = len(puzzle.target) - len(puzzle.optional)
    cells = f"{need} to {len(puzzle.target)}" if puzzle.optional else f"{need}"
    fail(f"the pieces have {pieces} cells in all but the target needs {cells}; they must match")


def puzzle_to_json(puzzle: Puzzle) -> dict:
    """The puzzle in this file format (``load_puzzle`` reads it back)."""
    optional = set(puzzle.optional)
    size_x, size_y, size_z = puzzle.size
    layers = [["" for _ in range(size_y)] for _ in range(size_z)]
    cells = set(puzzle.target)
    for z in range(size_z):
        for y in range(size_y):
            row = "".join("+" if (x, y, z) in optional else "#" if (x, y, z) in cells else "."
                          for x in range(size_x))
            layers[z][y] = row.rstrip(".")
    pieces = []
    for piece in puzzle.pieces:
        item = {"name": piece.name, "cells": [list(c) for c in piece.cells]}
        if piece.fewest != piece.copies:
            item["copies"] = [piece.fewest, piece.copies]
        elif piece.copies != 1:
            item["copies"] = piece.copies
        if piece.colour is not None:
            item["colour"] = "#%02x%02x%02x" % piece.colour
        pieces.append(item)
    data = {"title": puzzle.title}
    if puzzle.description:
        data["description"] = puzzle.description
    data.update(mirror=puzzle.mirror, target={"layers": layers}, pieces=pieces)
    return data


def shipped_puzzle_paths() -> list[Path]:
    paths = sorted(RESOURCE_DIR.glob("*.json"))
    rank = {name: i for i, name in enumerate(SHIPPED_ORDER)}
    return sorted(paths, key=lambda p: (rank.get(p.stem, len(rank)), p.stem))


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_keys(obj: dict, known: set[str], where: str, fail) -> None:
    unknown = sorted(set(obj) - known)
    if unknown:
        fail(f"unknown key \"{unknown[0]}\" in {where} (known keys: {', '.join(sorted(known))})")


def _parse_voxel(value, where: str, fail) -> Voxel:
    if (not isinstance(value, list) or len(value) not in (2, 3)
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in value)):
        fail(f"{where}: a cell must be a list of 3 integers [x, y, z] (or [x, y] for z = 0), got {value!r}")
    return (value[0], value[1], value[2] if len(value) == 3 else 0)


def _parse_cells(value, where: str, fail) -> list[Voxel]:
    if not isinstance(value, list) or not value:
        fail(f"{where}: \"cells\" must be a non-empty list of cells")
    cells = [_parse_voxel(v, where, fail) for v in value]
    seen = set()
    for cell in cells:
        if cell in seen:
            fail(f"{where}: cell {list(cell)} is listed twice")
        seen.add(cell)
    return cells


def _parse_target(value, fail) -> tuple[tuple[Voxel, ...], tuple[Voxel, ...]]:
    """The target's cells and those of them that may stay empty, moved to start at 0."""
    if not isinstance(value, dict):
        fail("\"target\" must be an object with \"box\", \"cells\" or \"layers\"")
    _check_keys(value, _TARGET_KEYS, "the target", fail)
    forms = [k for k in ("box", "cells", "layers") if k in value]
    if len(forms) != 1:
        fail("the target needs exactly one of \"box\", \"cells\" or \"layers\"")
    if "holes" in value and forms[0] != "box":
        fail("\"holes\" goes with a \"box\" target only")
    optional = set()
    if forms[0] == "box":
        box = value["box"]
        if (not isinstance(box, list) or len(box) != 3
                or not all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in box)):
            fail(f"target \"box\" must be three positive integers [x, y, z], got {box!r}")
        cells = {(x, y, z) for x in range(box[0]) for y in range(box[1]) for z in range(box[2])}
        for hole in _parse_cells(value["holes"], "target holes", fail) if "holes" in value else []:
            if hole not in cells:
                fail(f"target hole {list(hole)} is outside the box")
            cells.discard(hole)
    elif forms[0] == "cells":
        cells = set(_parse_cells(value["cells"], "target", fail))
    else:
        cells, optional = _parse_layers(value["layers"], fail)
    if "optional" in value:
        optional |= set(_parse_cells(value["optional"], "target optional", fail))
        if optional - cells:
            fail(f"optional cell {list(min(optional - cells))} is not a target cell")
    if not cells:
        fail("the target has no cells")
    low = [min(v[i] for v in cells) for i in range(3)]
    return normal_form(cells), tuple(sorted((x - low[0], y - low[1], z - low[2]) for x, y, z in optional))


def _parse_layers(layers, fail) -> tuple[set[Voxel], set[Voxel]]:
    """Layers bottom (z = 0) first; in a layer, row i is y = i and character j is x = j.

    Returns the cells and the optional ones (``+``) among them."""
    if not isinstance(layers, list) or not layers:
        fail("target \"layers\" must be a non-empty list of layers (lists of strings)")
    cells, optional = set(), set()
    for z, layer in enumerate(layers):
        if not isinstance(layer, list) or not all(isinstance(row, str) for row in layer):
            fail(f"target layer {z} must be a list of strings ('.' or ' ' empty, any other character a cell)")
        for y, row in enumerate(layer):
            for x, char in enumerate(row):
                if char not in ". ":
                    cells.add((x, y, z))
                if char == "+":
                    optional.add((x, y, z))
    return cells, optional


def _parse_pieces(value, mirror: bool, fail) -> tuple[Piece, ...]:
    if not isinstance(value, list) or not value:
        fail("\"pieces\" must be a non-empty list")
    pieces = []
    shapes: dict[tuple, str] = {}
    for index, item in enumerate(value):
        where = f"piece {index + 1}"
        if not isinstance(item, dict):
            fail(f"{where} must be an object with \"name\" and \"cells\"")
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            fail(f"{where} needs a \"name\" (a non-empty string)")
        where = f"piece {index + 1} ({name})"
        _check_keys(item, _PIECE_KEYS, where, fail)
        if any(p.name == name for p in pieces):
            fail(f"{where}: the name is used by another piece")
        if "cells" not in item:
            fail(f"{where} has no \"cells\"")
        cells = _parse_cells(item["cells"], where, fail)
        if not is_face_connected(cells):
            fail(f"{where}: the cells are not connected face to face")
        copies = item.get("copies", 1)
        fewest = None
        if isinstance(copies, list) and len(copies) == 2 and all(_is_count(n) for n in copies) \
                and copies[0] <= copies[1] and copies[1] >= 1:
            fewest, copies = copies
        elif not _is_count(copies) or copies < 1:
            fail(f"{where}: \"copies\" must be a positive integer or a range [least, most], got {copies!r}")
        colour_text = item.get("colour", item.get("color"))
        colour = None
        if colour_text is not None:
            if not isinstance(colour_text, str) or not _COLOUR.match(colour_text):
                fail(f"{where}: colour must look like \"#rrggbb\", got {colour_text!r}")
            colour = tuple(int(colour_text[i:i + 2], 16) for i in (1, 3, 5))
        shape_class = tuple(orientations(cells, mirror))
        if shape_class in shapes:
            fail(f"{where} has the same shape as piece {shapes[shape_class]!r}; "
                 "list it once with \"copies\" instead")
        shapes[shape_class] = name
        pieces.append(Piece(name=name, cells=normal_form(cells), copies=copies, colour=colour,
                            min_copies=fewest if fewest != copies else None))
    return tuple(pieces)
