"""BurrTools puzzle files (``.xmpuzzle``: XML, usually gzip-compressed) as voxel puzzles (no Qt).

Read afresh from the format BurrTools writes (its ``puzzle.cpp``, ``problem.cpp`` and
``voxel.cpp``): ``<puzzle>`` holds ``<gridType type>``, ``<shapes>`` with one ``<voxel x y z
type [name]>`` per shape, its text one character per voxel (``#`` filled, ``+`` variable,
``_`` empty; x fastest, then y, then z; digits after a voxel give its colour: 1 is the
first ``<colors>/<color>``, none or 0 neutral), and ``<problems>``. A ``<problem name
[maxHoles]>`` lists the pieces it uses (``<shape id count>`` or ``<shape id min max>``),
``<result id>``, the shape to fill, and in ``<bitmap>`` the colour constraints: ``<pair
piece result>`` lets piece colour ``piece + 1`` sit on result colour ``result + 1``
(neutral fits everything; with no ``<color>`` declared there are no constraints). A solved
problem (``state="2"``) states ``assemblies``, the count BurrTools found. BurrTools numbers
problems from 0; ``--problem`` takes that number or the name.

As BurrTools' assembler does: variable voxels in a piece are not placed (only the filled
ones are), but they keep the piece where its bounding box, theirs included, lies inside the
result's, and their colours fit the result's there (``Piece.variable``, ``variable_colours``);
a piece whose symmetry lays them in two ways around the same cells has a placement for each
(so an assembly counts once per way, as in BurrTools); and ``maxHoles`` bounds the empty variable voxels only when
pieces have ranges of copies (otherwise the volumes fix it). Other grids than cubes are refused by name.
Each ``<shape>`` of a problem is a piece of its own, as BurrTools' parts are, even when two
list one shape (their names are then numbered). Groups (``group`` of a problem's ``<shape>``, or its ``<group group
count>`` tags: pieces that need not come apart from each other, and how many copies may be in each
group) matter only to the disassembler (``disassemble.py``), not to the count.

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
from collections import Counter
from dataclasses import replace
from pathlib import Path

from nonogram_editor_builtins.voxel.geometry import ALL_SYMMETRIES, Voxel, coloured_orientations, lowest, shifted
from nonogram_editor_builtins.voxel.model import (
    ID_PREFIX,
    MAX_CELLS,
    MAX_EXTENT,
    MAX_PIECES,
    Piece,
    Puzzle,
    PuzzleFileError,
    check_volume,
    read_puzzle_file,
)

GRIDS = {0: "cubes", 1: "triangular prisms", 2: "spheres", 3: "rhombic dodecahedra", 4: "tetrahedra-octahedra"}
SOLVED = 2  # problem state
MAX_XML_BYTES = 16 << 20  # the file, and its XML once decompressed (stored solutions make it large)
MAX_SHAPE_VOXELS = 8 * MAX_CELLS  # declared (x * y * z, empty voxels included) per shape
MAX_ALL_VOXELS = 25 * MAX_CELLS  # declared, all shapes together
_CHUNK = 1 << 20  # bytes decompressed at a time


ROTATION_ONLY = "up to rotation"  # what the file's assemblies figure counts (see stored_figure)
ROTATION_AND_MIRROR = "up to rotation and mirror image"


def stored_figure(stored: int, distinct: int, distinct_rotations: int) -> tuple[str | None, str]:
    """Which count a file's stored ``assemblies`` is, and a sentence saying so.

    BurrTools counts assemblies up to rotation and, by default, mirror image; with its
    solver's "Keep Mirror Solutions" box ticked, up to rotation only. The file does not
    record the box, so the figure tells: ``distinct`` and ``distinct_rotations`` are this
    count's figures. Returns (:data:`ROTATION_ONLY`, :data:`ROTATION_AND_MIRROR` or None
    when it is neither, the sentence).
    """
    if stored == distinct == distinct_rotations:
        return ROTATION_ONLY, f"BurrTools stored {stored} assemblies, as counted here (no mirror image merges two)"
    if stored == distinct_rotations:
        return ROTATION_ONLY, (f"BurrTools stored {stored} assemblies, the count {ROTATION_ONLY}, which its "
                               f"solver gives with \"Keep Mirror Solutions\" ticked ({distinct} {ROTATION_AND_MIRROR}, "
                               "its default)")
    if stored == distinct:
        return ROTATION_AND_MIRROR, (f"BurrTools stored {stored} assemblies, the count {ROTATION_AND_MIRROR} "
                                     f"(its default; {distinct_rotations} {ROTATION_ONLY}, with \"Keep Mirror "
                                     "Solutions\")")
    return None, (f"BurrTools stored {stored} assemblies, neither count here ({distinct} {ROTATION_AND_MIRROR}, "
                  f"{distinct_rotations} {ROTATION_ONLY})")


def problem_names(path: str | Path) -> list[str]:
    """The problems of a BurrTools file, as :func:`load_burrtools` takes them (an unnamed one: its number)."""
    return [name for name, _ in problem_elements(read_xml(Path(path)))]


def load_burrtools(path: str | Path, problem: str | None = None) -> Puzzle:
    """One problem of a BurrTools file (``problem``: its name or BurrTools' number, from 0; None: the only one)."""
    path = Path(path)
    source = str(path)

    def fail(text: str):
        raise PuzzleFileError(f"{source}: {text}")

    root = read_xml(path)
    if root.tag != "puzzle":
        fail(f"not a BurrTools puzzle (the XML root is <{root.tag}>, not <puzzle>)")
    grid = root.find("gridType")
    grid_type = _int(grid.get("type", "0"), "gridType type", fail) if grid is not None else 0
    if grid_type != 0:
        fail(f"its grid is {GRIDS.get(grid_type, f'of unknown type {grid_type}')} (grid type {grid_type}), "
             "which this plugin does not handle; it reads BurrTools' cube grid only")
    shapes = read_shapes(root.findall("shapes/voxel"), fail)
    problems = problem_elements(root)
    if not problems:
        fail("the file has no problems")
    number, name, element = _choose(problems, problem, fail)
    where = f"problem {name!r}"
    max_holes = _int(element.get("maxHoles"), f"{where}: maxHoles", fail) if element.get("maxHoles") else None
    colour_pairs = _colour_pairs(root, element, where, fail)
    result = element.find("result")
    if result is None:
        fail(f"{where} has no result shape")
    result_shape = _shape_at(shapes, result.get("id"), where, fail)
    target, optional = result_shape["cells"] + result_shape["variable"], result_shape["variable"]
    if not target:
        fail(f"{where}: the result shape {result_shape['name']!r} has no voxels")
    if len(target) > MAX_CELLS:
        fail(f"{where}: the result shape has {len(target)} voxels, more than the {MAX_CELLS} a puzzle may have")
    piece_count = cell_count = 0
    pieces: list[Piece] = []
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
        if not shape["cells"]:
            fail(f"{where}: piece {shape['name']!r} has no voxels")
        piece_count += most
        cell_count += most * len(shape["cells"])
        if piece_count > MAX_PIECES:
            fail(f"{where}: more than {MAX_PIECES} pieces (counting copies)")
        if cell_count > MAX_CELLS:
            fail(f"{where}: the pieces have more than the {MAX_CELLS} voxels a puzzle may have")
        colour_of = shape["colours"] if colour_pairs is not None else {}
        cells, colours = coloured_orientations(shape["cells"], [colour_of.get(v, 0) for v in shape["cells"]], False,
                                               ALL_SYMMETRIES[:1])[0]
        variable = sorted(shape["variable"])  # the order shifted() gives them
        variable_colours = tuple(colour_of.get(v, 0) for v in variable)
        # each <shape> is a piece of its own, as BurrTools' part: two of the same shape are told
        # apart (swapping them is another assembly), each with its own groups
        pieces.append(Piece(name=shape["name"], cells=cells, copies=most, min_copies=least if least != most else None,
                            voxel_colours=colours if any(colours) else (),
                            variable=shifted(variable, lowest(shape["cells"])),
                            variable_colours=variable_colours if any(variable_colours) else (),
                            groups=tuple(shape_groups(item, most, where, fail))))
    if not pieces:
        fail(f"{where} uses no pieces")
    pieces = _numbered_names(pieces)
    if all(p.min_copies is None for p in pieces):
        max_holes = None  # the volumes fix the number of holes; BurrTools ignores maxHoles then
    low = lowest(target)
    target_colours = {shifted([v], low)[0]: c for v, c in result_shape["colours"].items()}
    state = _int(element.get("state", "0"), f"{where}: state", fail)
    assemblies, solutions = element.get("assemblies"), element.get("solutions")
    coloured = colour_pairs is not None
    target = shifted(target, low)
    puzzle = Puzzle(
        id=ID_PREFIX + _slug(f"{path.stem}-{name}"),
        title=f"{path.stem}: problem {number} ({name})" if len(problems) > 1 else path.stem,
        pieces=tuple(pieces),
        target=target, optional=shifted(optional, low), mirror=False,
        description=f"BurrTools file, problem {number} ({name!r})", source=source,
        expected_assemblies=int(assemblies) if state == SOLVED and assemblies and assemblies.isdigit() else None,
        target_colours=tuple(target_colours.get(v, 0) for v in target) if coloured else (),
        colour_pairs=colour_pairs, max_holes=max_holes,
        expected_solutions=int(solutions) if state == SOLVED and solutions and solutions.isdigit() else None)
    check_volume(puzzle, fail)
    return puzzle


def read_xml(path: Path) -> ET.Element:
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


def problem_elements(root: ET.Element) -> list[tuple[str, ET.Element]]:
    """(name, element) per problem; an unnamed one is called by its number (BurrTools', from 0)."""
    return [(p.get("name") or str(i), p) for i, p in enumerate(root.findall("problems/problem"))]


def _choose(problems, wanted: str | None, fail) -> tuple[int, str, ET.Element]:
    """(BurrTools' number, name, element) of the problem ``wanted`` by name or by number (from 0)."""
    listed = ", ".join(f"{i} {name!r}" for i, (name, _) in enumerate(problems))
    if wanted is None:
        if len(problems) == 1:
            return 0, *problems[0]
        fail(f"the file has {len(problems)} problems; choose one with --problem (name or number): {listed}")
    for match in (lambda i, name: wanted == name, lambda i, name: wanted.strip() == str(i)):
        for i, (name, element) in enumerate(problems):
            if match(i, name):
                return i, name, element
    fail(f"no problem {wanted!r}; the problems are (number, name; BurrTools numbers them from 0) {listed}")


def shape_groups(item: ET.Element, copies: int, where: str, fail) -> list[tuple[int, int]]:
    """A problem's ``<shape>``'s groups, as BurrTools reads them: its ``group`` attribute (all
    its copies in that group), else a ``<group group count>`` per group (how many copies may
    be in it)."""
    group = _int(item.get("group", "0"), f"{where}: shape group", fail)
    if group:
        return [(group, copies)]
    return [(_int(tag.get("group"), f"{where}: group's group", fail), _int(tag.get("count"), f"{where}: group's count",
                                                                         fail)) for tag in item.findall("group")]


def _numbered_names(pieces: list[Piece]) -> list[Piece]:
    """The pieces, a name that several have numbered in each ("Ring (1)", "Ring (2)")."""
    times = Counter(piece.name for piece in pieces)
    seen: Counter = Counter()
    numbered = []
    for piece in pieces:
        seen[piece.name] += 1
        numbered.append(replace(piece, name=f"{piece.name} ({seen[piece.name]})") if times[piece.name] > 1 else piece)
    return numbered


def _colour_pairs(root: ET.Element, problem: ET.Element, where: str, fail) -> frozenset[tuple[int, int]] | None:
    """Which piece colour may sit on which result colour (numbered from 1); None when the file declares no colours."""
    if not root.findall("colors/color"):
        return None
    pairs = set()
    for pair in problem.findall("bitmap/pair"):
        piece, result = (_int(pair.get(k), f"{where}: colour pair {k}", fail) for k in ("piece", "result"))
        pairs.add((piece + 1, result + 1))
    return frozenset(pairs)


def read_shapes(elements: list[ET.Element], fail) -> list[dict]:
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
    cells, variable, colours = [], [], {}
    for i, (char, colour) in enumerate(tokens):
        voxel: Voxel = (i % size[0], i // size[0] % size[1], i // (size[0] * size[1]))
        if char == "#":
            cells.append(voxel)
        elif char == "+":
            variable.append(voxel)
        if char != "_" and colour not in ("", "0"):
            colours[voxel] = _int(colour[:6], f"shape {name!r}: colour", fail)
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
