"""BurrTools puzzle files (``.xmpuzzle``: XML, usually gzip-compressed) as voxel puzzles (no Qt).

Read afresh from the format BurrTools writes (its ``puzzle.cpp``, ``problem.cpp`` and
``voxel.cpp``): ``<puzzle>`` holds ``<gridType type>``, ``<shapes>`` with one ``<voxel x y z
type [name]>`` per shape, its text one character per voxel (``#`` filled, ``+`` variable,
``_`` empty; x fastest, then y, then z; digits after a voxel give its colour), and
``<problems>``. A ``<problem name>`` lists the pieces it uses (``<shape id count>`` or
``<shape id min max>``) and ``<result id>``, the shape to fill; a solved one states
``assemblies``, the count BurrTools found.

What this engine does not do is refused with a message naming it: grids other than cubes,
colour constraints, a limit on holes (``maxHoles``), variable voxels in a piece. Groups
(``group`` of a problem's ``<shape>``: pieces that need not come apart from each other)
matter only to the disassembler (``disassemble.py``); a shape's list of several groups is
not read.

An untrusted file costs bounded time and memory: at most ``MAX_XML_BYTES`` read, and as
much once decompressed (in chunks, so a gzip bomb stops at the limit); shapes of at most
``MAX_SHAPE_VOXELS`` voxels each and ``MAX_ALL_VOXELS`` in all, checked before they are
read; then the JSON loader's limits (``MAX_CELLS`` cells, ``MAX_PIECES`` pieces). Every
fault is a :class:`PuzzleFileError` naming the file.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

from plugins.voxel.geometry import Voxel, lowest, normal_form, orientations, shifted
from plugins.voxel.model import (ID_PREFIX, MAX_CELLS, MAX_EXTENT, MAX_PIECES, Piece, Puzzle, PuzzleFileError,
                                 check_volume, read_puzzle_file)

GRIDS = {0: "cubes", 1: "triangular prisms", 2: "spheres", 3: "rhombic dodecahedra", 4: "tetrahedra-octahedra"}
SOLVED = 2  # problem state
MAX_XML_BYTES = 16 << 20  # the file, and its XML once decompressed (stored solutions make it large)
MAX_SHAPE_VOXELS = 8 * MAX_CELLS  # declared (x * y * z, empty voxels included) per shape
MAX_ALL_VOXELS = 25 * MAX_CELLS  # declared, all shapes together
_CHUNK = 1 << 20  # bytes decompressed at a time


def problem_names(path: str | Path) -> list[str]:
    """The problems of a BurrTools file, as :func:`load_burrtools` takes them."""
    return [name for name, _ in _problems(_read_xml(Path(path)))]


def load_burrtools(path: str | Path, problem: str | None = None) -> Puzzle:
    """One problem of a BurrTools file (``problem``: its name or 1-based number; None: the only one)."""
    path = Path(path)
    source = str(path)

    def fail(text: str):
        raise PuzzleFileError(f"{source}: {text}")

    root = _read_xml(path)
    if root.tag != "puzzle":
        fail(f"not a BurrTools puzzle (the XML root is <{root.tag}>, not <puzzle>)")
    grid = root.find("gridType")
    grid_type = _int(grid.get("type", "0"), "gridType type", fail) if grid is not None else 0
    if grid_type != 0:
        fail(f"grid type {grid_type} ({GRIDS.get(grid_type, 'unknown')}) is not supported; only the cube grid is")
    shapes = _read_shapes(root.findall("shapes/voxel"), fail)
    problems = _problems(root)
    if not problems:
        fail("the file has no problems")
    chosen = _choose(problems, problem, fail)
    name, element = chosen
    where = f"problem {name!r}"
    if element.get("maxHoles"):
        fail(f"{where} limits the empty variable voxels (maxHoles), which is not supported")
    if element.findall("bitmap/pair"):
        fail(f"{where} has colour constraints, which are not supported")
    result = element.find("result")
    if result is None:
        fail(f"{where} has no result shape")
    result_shape = _shape_at(shapes, result.get("id"), where, fail)
    target, optional = result_shape["cells"], result_shape["variable"]
    if not target:
        fail(f"{where}: the result shape {result_shape['name']!r} has no voxels")
    if len(target) > MAX_CELLS:
        fail(f"{where}: the result shape has {len(target)} voxels, more than the {MAX_CELLS} a puzzle may have")
    piece_count = cell_count = 0
    pieces: dict[tuple, dict] = {}  # rotation class -> name, cells, least, most
    for item in element.findall("shapes/shape"):
        shape = _shape_at(shapes, item.get("id"), where, fail)
        if item.get("count") is not None:
            least = most = _int(item.get("count"), f"{where}: shape count", fail)
        elif item.get("min") is not None and item.get("max") is not None:
            least, most = (_int(item.get(k), f"{where}: shape {k}", fail) for k in ("min", "max"))
            if least > most:
                fail(f"{where}: shape {shape['name']!r} has min {least} > max {most}")
        else:
            least = most = 1
        if most == 0:
            continue
        if shape["variable"]:
            fail(f"{where}: piece {shape['name']!r} has variable voxels, which are not supported in pieces")
        if not shape["cells"]:
            fail(f"{where}: piece {shape['name']!r} has no voxels")
        piece_count += most
        cell_count += most * len(shape["cells"])
        if piece_count > MAX_PIECES:
            fail(f"{where}: more than {MAX_PIECES} pieces (counting copies)")
        if cell_count > MAX_CELLS:
            fail(f"{where}: the pieces have more than the {MAX_CELLS} voxels a puzzle may have")
        key = tuple(orientations(shape["cells"], False))
        group = _int(item.get("group", "0"), f"{where}: shape group", fail)
        entry = pieces.setdefault(key, {"name": shape["name"], "cells": normal_form(shape["cells"]), "least": 0,
                                        "most": 0, "group": group})
        if entry["group"] != group:
            entry["group"] = 0  # the same shape in two groups: the disassembler keeps neither
        entry["least"] += least  # the same shape listed twice: one piece with the copies added
        entry["most"] += most
    if not pieces:
        fail(f"{where} uses no pieces")
    for shape in [result_shape] + [s for s in shapes if s["colours"]]:
        if shape["colours"] and (shape is result_shape or tuple(orientations(shape["cells"], False)) in pieces):
            fail(f"{where}: shape {shape['name']!r} has coloured voxels (colour constraints), which are not supported")
    low = lowest(target)
    state = _int(element.get("state", "0"), f"{where}: state", fail)
    assemblies, solutions = element.get("assemblies"), element.get("solutions")
    puzzle = Puzzle(
        id=ID_PREFIX + _slug(f"{path.stem}-{name}"), title=f"{path.stem}: {name}" if len(problems) > 1 else path.stem,
        pieces=tuple(Piece(name=p["name"], cells=p["cells"], copies=p["most"],
                           min_copies=p["least"] if p["least"] != p["most"] else None, group=p["group"])
                     for p in pieces.values()),
        target=shifted(target, low), optional=shifted(optional, low), mirror=False,
        description=f"BurrTools file, problem {name!r}", source=source,
        expected_assemblies=int(assemblies) if state == SOLVED and assemblies and assemblies.isdigit() else None,
        expected_solutions=int(solutions) if state == SOLVED and solutions and solutions.isdigit() else None)
    check_volume(puzzle, fail)
    return puzzle


def _read_xml(path: Path) -> ET.Element:
    data = read_puzzle_file(path, MAX_XML_BYTES)
    if data[:2] == b"\x1f\x8b":
        data = _gunzip(data, path)
    try:
        return ET.fromstring(data)
    except (ET.ParseError, ValueError) as exc:
        error = exc
    try:  # BurrTools writes comments in the machine's 8-bit encoding without declaring it
        return ET.fromstring(re.sub(r"^<\?xml[^>]*\?>", "", data.decode("latin-1")))
    except (ET.ParseError, ValueError):
        raise PuzzleFileError(f"{path}: not valid XML ({error})") from None


def _gunzip(data: bytes, path: Path) -> bytes:
    """gzip ``data`` decompressed, at most ``MAX_XML_BYTES`` of it, a chunk at a time."""
    out, size = [], 0
    while data[:2] == b"\x1f\x8b":  # a member (gzip allows several, one after another)
        inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
        try:
            while not inflater.eof:
                chunk = inflater.decompress(data, _CHUNK)
                data = inflater.unconsumed_tail
                size += len(chunk)
                if size > MAX_XML_BYTES:
                    raise PuzzleFileError(f"{path}: more than {MAX_XML_BYTES >> 20} MiB once decompressed; "
                                          "a puzzle file is much smaller")
                if not chunk and not data:
                    raise PuzzleFileError(f"{path}: the gzip data is damaged (it ends too soon)")
                out.append(chunk)
        except zlib.error as exc:
            raise PuzzleFileError(f"{path}: the gzip data is damaged ({exc})") from None
        data = inflater.unused_data
    return b"".join(out)


def _problems(root: ET.Element) -> list[tuple[str, ET.Element]]:
    """(name, element) per problem; an unnamed one is called by its number."""
    return [(p.get("name") or str(i + 1), p) for i, p in enumerate(root.findall("problems/problem"))]


def _choose(problems, wanted: str | None, fail):
    names = [name for name, _ in problems]
    if wanted is None:
        if len(problems) == 1:
            return problems[0]
        fail(f"the file has {len(problems)} problems; choose one with --problem: " + ", ".join(map(repr, names)))
    for i, (name, element) in enumerate(problems):
        if wanted == name or wanted == str(i + 1):
            return name, element
    fail(f"no problem {wanted!r}; the problems are " + ", ".join(map(repr, names)))


def _read_shapes(elements: list[ET.Element], fail) -> list[dict]:
    shapes, voxels = [], 0
    for index, element in enumerate(elements):
        shape = _read_shape(element, index, fail)
        voxels += shape["declared"]
        if voxels > MAX_ALL_VOXELS:
            fail(f"the shapes declare more than {MAX_ALL_VOXELS} voxels in all, more than a puzzle may have")
        shapes.append(shape)
    return shapes


def _read_shape(element: ET.Element, index: int, fail) -> dict:
    name = element.get("name") or f"S{index + 1}"
    size = [_int(element.get(k), f"shape {name!r}: {k}", fail) for k in "xyz"]
    if _int(element.get("type", "0"), f"shape {name!r}: type", fail) != 0:
        fail(f"shape {name!r} is not on the cube grid (type {element.get('type')})")
    if max(size) > MAX_EXTENT or size[0] * size[1] * size[2] > MAX_SHAPE_VOXELS:
        fail(f"shape {name!r} is {size[0]}x{size[1]}x{size[2]} voxels, more than a puzzle may have "
             f"(at most {MAX_EXTENT} along an axis and {MAX_SHAPE_VOXELS} in all)")
    text = (element.text or "").strip()
    if len(text) > 8 * size[0] * size[1] * size[2]:  # a voxel is one character and its colour's digits
        fail(f"shape {name!r} holds far more text than its {size[0]}x{size[1]}x{size[2]} voxels")
    tokens = re.findall(r"([#+_])(\d*)", text)
    if "".join(c + d for c, d in tokens) != text:
        fail(f"shape {name!r}: unexpected characters in the voxels (only #, + and _ with colour digits)")
    if text and len(tokens) != size[0] * size[1] * size[2]:
        fail(f"shape {name!r} has {len(tokens)} voxels, but {size[0]}x{size[1]}x{size[2]} = "
             f"{size[0] * size[1] * size[2]} were declared")
    cells, variable, colours = [], [], False
    for i, (char, colour) in enumerate(tokens):
        voxel: Voxel = (i % size[0], i // size[0] % size[1], i // (size[0] * size[1]))
        if char != "_":
            cells.append(voxel)
        if char == "+":
            variable.append(voxel)
        colours = colours or (char != "_" and colour not in ("", "0"))
    return {"name": name, "cells": cells, "variable": variable, "colours": colours,
            "declared": size[0] * size[1] * size[2]}


def _shape_at(shapes: list[dict], text, where: str, fail) -> dict:
    index = _int(text, f"{where}: shape id", fail)
    if not 0 <= index < len(shapes):
        fail(f"{where} refers to shape {index}, but the file has {len(shapes)} shapes")
    return shapes[index]


def _int(text, what: str, fail) -> int:
    try:
        value = int(text)
    except (TypeError, ValueError):
        fail(f"{what} must be a whole number, got {text!r}")
    if value < 0:
        fail(f"{what} must not be negative, got {value}")
    return value


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
