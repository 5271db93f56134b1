"""Voxel packing puzzles as data: pieces, target, and the puzzle file format (no Qt).

The format is documented in ``editor/manual/puzzle-format.md``. Every problem with a file raises
:class:`PuzzleFileError` whose message starts with the file's name and says what is wrong.
Sizes are checked before anything big is built: a file of at most ``MAX_FILE_BYTES``, a
target of at most ``MAX_CELLS`` cells within ``MAX_EXTENT`` along each axis, at most
``MAX_PIECES`` pieces; so a load takes milliseconds, whatever the file says.
"""
from __future__ import annotations

import json
import os
import re
import reprlib
import stat
from dataclasses import dataclass, replace
from pathlib import Path

from nonogram_editor.plugin_api import PuzzleDataError, package_data
from nonogram_editor_builtins.voxel.geometry import Voxel, is_face_connected, lowest, normal_form, orientations, shifted

RESOURCE_DIR = package_data("nonogram_editor_builtins.voxel")
ID_PREFIX = "voxel-"
# The order the shipped puzzles are listed in (others follow alphabetically).
SHIPPED_ORDER = ("tetris-cube", "y25", "soma", "pentominoes-6x10")

MAX_FILE_BYTES = 1 << 20
MAX_CELLS = 20_000  # target cells, and all the pieces' cells counted with their copies
MAX_EXTENT = 1_000  # cells along x, y or z
MAX_PIECES = 1_000  # counted with their copies

RGB = tuple[int, int, int]
HOLE = "(empty cell)"  # the piece that marks an optional cell left empty (see Puzzle.for_engine)
_shown = reprlib.Repr()  # bounded quotes of a file's values in messages (depth, length)
_shown.maxlevel, _shown.maxlist, _shown.maxstring = 3, 6, 40


class PuzzleFileError(PuzzleDataError):
    """A puzzle file is unreadable or inconsistent; the message names the file and the problem."""


VARIABLE = -1  # a variable voxel's mark in Piece.marked, less its colour


@dataclass(frozen=True)
class Piece:
    name: str
    cells: tuple[Voxel, ...]  # normal form
    copies: int = 1  # the most copies used (exactly this many unless ``min_copies`` is set)
    colour: RGB | None = None  # None: the scene picks one
    min_copies: int | None = None  # a range of copies: at least this many (BurrTools' min/max)
    voxel_colours: tuple[int, ...] = ()  # BurrTools' colour of each cell, in the order of ``cells`` (0: neutral)

    # BurrTools' variable voxels of the piece (in the frame of ``cells``): never placed, but a
    # placement keeps them, with the cells, inside the target's bounding box
    variable: tuple[Voxel, ...] = ()
    variable_colours: tuple[int, ...] = ()  # BurrTools' colour of each variable voxel (order of ``variable``)
    # BurrTools' groups, pieces of one group may stay together when taken apart: (group,
    # how many of the copies may be in it) for each group the copies may be in (0: none)
    groups: tuple[tuple[int, int], ...] = ()

    @property
    def colours_of_cells(self) -> tuple[int, ...]:
        return self.voxel_colours or (0,) * len(self.cells)

    @property
    def colours_of_variable(self) -> tuple[int, ...]:
        return self.variable_colours or (0,) * len(self.variable)

    @property
    def marked(self) -> tuple[tuple[Voxel, ...], tuple[int, ...]]:
        """Its voxels, variable ones after the cells, and their colours, a variable voxel's
        :data:`VARIABLE` less its colour: what tells its orientations and other pieces' apart."""
        return self.cells + self.variable, self.colours_of_cells + tuple(VARIABLE - c for c in self.colours_of_variable)

    @property
    def group(self) -> int:
        """The group every copy is in, when it is one (BurrTools' test: the piece lists one
        group, whatever its count), else 0."""
        return self.groups[0][0] if len(self.groups) == 1 else 0

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
    # BurrTools' colour constraints: the colour of each target cell (order of ``target``; 0:
    # neutral), and the (piece colour, target colour) pairs that may meet; None: no constraint.
    # Neutral (0) meets every colour.
    target_colours: tuple[int, ...] = ()
    colour_pairs: frozenset[tuple[int, int]] | None = None
    max_holes: int | None = None  # at most this many optional cells stay empty (BurrTools' maxHoles)

    def colour_fits(self, piece_colour: int, target_colour: int) -> bool:
        """May a piece voxel of ``piece_colour`` fill a target cell of ``target_colour``?"""
        return (self.colour_pairs is None or not piece_colour or not target_colour
                or (piece_colour, target_colour) in self.colour_pairs)
    expected_solutions: int | None = None  # the assemblies that come apart, as a solved BurrTools file states

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
        as many copies as there are optional cells, or ``max_holes``), which fits only optional cells; the
        search leaves its placements out of the solutions it reports.
        """
        most = len(self.optional) if self.max_holes is None else min(self.max_holes, len(self.optional))
        if not most:
            return replace(self, optional=()) if self.optional else self
        hole = Piece(HOLE, ((0, 0, 0),), copies=most, min_copies=0)
        return replace(self, pieces=self.pieces + (hole,))


_TOP_KEYS = {"title", "description", "mirror", "target", "pieces"}
_PIECE_KEYS = {"name", "cells", "copies", "colour", "color"}
_TARGET_KEYS = {"box", "holes", "cells", "layers", "optional"}
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def puzzle_id(path: str | Path) -> str:
    """``voxel-`` plus the file name without extension."""
    return ID_PREFIX + Path(path).stem


def read_puzzle_file(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (a FIFO or device would hang or never end)."""
    try:
        with open(path, "rb", opener=lambda name, flags: os.open(name, flags | os.O_NONBLOCK)) as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise PuzzleFileError(f"{path}: not a regular file")
            data = file.read(limit + 1)
    except OSError as exc:
        raise PuzzleFileError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise PuzzleFileError(f"{path}: larger than {limit // 1024} KiB; a puzzle file is much smaller")
    return data


def load_puzzle(path: str | Path) -> Puzzle:
    """Read a puzzle file (a regular file of at most ``MAX_FILE_BYTES``); its id is :func:`puzzle_id`."""
    path = Path(path)
    try:
        text = read_puzzle_file(path).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PuzzleFileError(f"{path}: cannot read the file ({exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleFileError(f"{path}: not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise PuzzleFileError(f"{path}: not a puzzle: its JSON is nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise PuzzleFileError(f"{path}: not valid JSON: {exc}") from None
    return parse_puzzle(data, puzzle_id=puzzle_id(path), source=str(path))  # quotes values with bounded depth


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
    pieces = _parse_pieces(data["pieces"], mirror, len(target), fail)
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
    if least == most and not puzzle.optional:
        fail(f"the pieces have {most} cells in all but the target has {len(puzzle.target)}; they must be equal")
    need = len(puzzle.target) - len(puzzle.optional)
    fail(f"the pieces have {least} to {most} cells in all but the target needs {need} to {len(puzzle.target)}; "
         "they must match")


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
            item["colour"] = "#{:02x}{:02x}{:02x}".format(*piece.colour)
        pieces.append(item)
    data = {"title": puzzle.title}
    if puzzle.description:
        data["description"] = puzzle.description
    data.update(mirror=puzzle.mirror, target={"layers": layers}, pieces=pieces)
    return data


def shipped_puzzle_paths() -> list[Path]:
    """The shipped puzzle files, in listing order (not read: a broken one fails when loaded)."""
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
        fail(f"{where}: a cell must be a list of 3 integers [x, y, z] (or [x, y] for z = 0), "
             f"got {_shown.repr(value)}")
    if not all(abs(c) <= MAX_EXTENT for c in value):
        fail(f"{where}: cell {_shown.repr(value)} is too far out (coordinates go from {-MAX_EXTENT} to {MAX_EXTENT})")
    return (value[0], value[1], value[2] if len(value) == 3 else 0)


def _parse_cells(value, where: str, fail) -> list[Voxel]:
    if not isinstance(value, list) or not value:
        fail(f"{where}: \"cells\" must be a non-empty list of cells")
    if len(value) > MAX_CELLS:
        fail(f"{where}: {len(value)} cells, more than the {MAX_CELLS} a puzzle may have")
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
            fail(f"target \"box\" must be three positive integers [x, y, z], got {_shown.repr(box)}")
        if box[0] * box[1] * box[2] > MAX_CELLS:  # checked before a single cell is made
            fail(f"target \"box\" {box} has {box[0] * box[1] * box[2]} cells, more than the {MAX_CELLS} "
                 "a puzzle may have")
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
    if len(cells) > MAX_CELLS:
        fail(f"the target has {len(cells)} cells, more than the {MAX_CELLS} a puzzle may have")
    low = lowest(cells)
    target = shifted(cells, low)
    extent = max(max(v[i] for v in target) for i in range(3)) + 1
    if extent > MAX_EXTENT:
        fail(f"the target spans {extent} cells along one axis, more than {MAX_EXTENT}")
    return target, shifted(optional, low)


def _parse_layers(layers, fail) -> tuple[set[Voxel], set[Voxel]]:
    """Layers bottom (z = 0) first; in a layer, row i is y = i and character j is x = j.

    Returns the cells and the optional ones (``+``) among them."""
    if not isinstance(layers, list) or not layers:
        fail("target \"layers\" must be a non-empty list of layers (lists of strings)")
    cells, optional = set(), set()
    for z, layer in enumerate(layers):
        if not isinstance(layer, list) or not all(isinstance(row, str) for row in layer):
            fail(f"target layer {z} must be a list of strings ('.' or ' ' empty, any other character a cell)")
        if len(layers) > MAX_EXTENT or len(layer) > MAX_EXTENT or any(len(row) > MAX_EXTENT for row in layer):
            fail(f"target \"layers\" span more than {MAX_EXTENT} cells along an axis")
        for y, row in enumerate(layer):
            for x, char in enumerate(row):
                if char not in ". ":
                    cells.add((x, y, z))
                if char == "+":
                    optional.add((x, y, z))
        if len(cells) > MAX_CELLS:
            fail(f"target \"layers\" have more than the {MAX_CELLS} cells a puzzle may have")
    return cells, optional


def _parse_pieces(value, mirror: bool, target_cells: int, fail) -> tuple[Piece, ...]:
    """Checked piece by piece; the totals are checked against the target before any piece is turned."""
    if not isinstance(value, list) or not value:
        fail("\"pieces\" must be a non-empty list")
    pieces = []
    piece_count = cell_count = 0
    shapes: dict[tuple, str] = {}
    for index, item in enumerate(value):
        where = f"piece {index + 1}"
        if not isinstance(item, dict):
            fail(f"{where} must be an object with \"name\" and \"cells\"")
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            fail(f"{where} needs a \"name\" (a non-empty string)")
        where = f"piece {index + 1} ({name if len(name) <= 40 else name[:40] + '…'})"
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
            fail(f"{where}: \"copies\" must be a positive integer or a range [least, most], "
                 f"got {_shown.repr(copies)}")
        piece_count += copies
        cell_count += (copies if fewest is None else fewest) * len(cells)
        if piece_count > MAX_PIECES:
            fail(f"more than {MAX_PIECES} pieces (counting copies)")
        if cell_count > target_cells:
            fail(f"the pieces up to {where} already have {cell_count} cells, more than the target's "
                 f"{target_cells}; they must be equal")
        colour_text = item.get("colour", item.get("color"))
        colour = None
        if colour_text is not None:
            if not isinstance(colour_text, str) or not _COLOUR.match(colour_text):
                fail(f"{where}: colour must look like \"#rrggbb\", got {_shown.repr(colour_text)}")
            colour = tuple(int(colour_text[i:i + 2], 16) for i in (1, 3, 5))
        shape_class = tuple(orientations(cells, mirror))
        if shape_class in shapes:
            fail(f"{where} has the same shape as piece {shapes[shape_class]!r}; "
                 "list it once with \"copies\" instead")
        shapes[shape_class] = name
        pieces.append(Piece(name=name, cells=normal_form(cells), copies=copies, colour=colour,
                            min_copies=fewest if fewest != copies else None))
    return tuple(pieces)
