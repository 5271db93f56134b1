"""The solutions BurrTools stored in a puzzle file, to set against the disassembler's (no Qt).

A solved problem (``state="2"``) may hold ``<solutions>``: each ``<solution>`` has an
``<assembly>`` (per piece of the problem, in BurrTools' piece order: ``x`` if unused, else
``x y z t``, the position and one of the cube grid's 48 transformations) and the way it
comes apart, either in full (``<separation>``: the pieces, one ``<state>`` per position, a
``left`` and a ``removed`` sub-separation) or in short (``<separationInfo>``: the tree in
pre-order, moves + 1 per separation, 0 per leaf).

BurrTools' piece order: the problem's ``<shape>`` entries in order, each as many times as
its count (or its max). A transformation t < 24 is ``FACES[t // 4]`` after a quarter turn
about x ``t % 4`` times; t >= 24 mirrors x first. A piece at (x, y, z) with transformation
t covers x + M v for each voxel v of its shape (BurrTools' hotspot is the shape's origin).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from nonogram_editor_builtins.voxel.burrtools import problem_elements, read_shapes, read_xml, shape_groups
from nonogram_editor_builtins.voxel.disassemble import Assemblies, padded_rows
from nonogram_editor_builtins.voxel.geometry import Voxel
from nonogram_editor_builtins.voxel.model import PuzzleFileError

Matrix = tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]
FACES: tuple[Matrix, ...] = (
    ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    ((0, 0, -1), (0, 1, 0), (1, 0, 0)),
    ((-1, 0, 0), (0, 1, 0), (0, 0, -1)),
    ((0, 0, 1), (0, 1, 0), (-1, 0, 0)),
    ((0, -1, 0), (1, 0, 0), (0, 0, 1)),
    ((0, 1, 0), (-1, 0, 0), (0, 0, 1)),
)
QUARTER_X: Matrix = ((1, 0, 0), (0, 0, -1), (0, 1, 0))
MIRROR_X: Matrix = ((-1, 0, 0), (0, 1, 0), (0, 0, 1))


def _product(a: Matrix, b: Matrix) -> Matrix:
    return tuple(tuple(sum(a[r][k] * b[k][c] for k in range(3)) for c in range(3)) for r in range(3))


def transformation(t: int) -> Matrix:
    """BurrTools' cube transformation number ``t`` (0-47) as a matrix."""
    matrix = FACES[t % 24 // 4]
    for _ in range(t % 4):
        matrix = _product(matrix, QUARTER_X)
    return _product(matrix, MIRROR_X) if t >= 24 else matrix


@dataclass(frozen=True)
class StoredSolution:
    pieces: tuple[int, ...]  # BurrTools piece numbers of the placed pieces, in order
    cells: tuple[tuple[Voxel, ...], ...]  # per placed piece, the cells it covers
    placements: tuple[int, ...]  # per placed piece, its number in the problem's ``placements``
    info: tuple[int, ...] | None  # the separation tree as BurrTools' separationInfo (None: none stored)
    level: str | None


@dataclass(frozen=True)
class StoredProblem:
    name: str
    solved: bool  # state="2"
    assemblies: int | None
    solutions: int | None
    groups: tuple[int, ...]  # per BurrTools piece, the one group its copies are in (0: none, or several)
    stored: tuple[StoredSolution, ...]
    placements: tuple[tuple[int, tuple[Voxel, ...]], ...] = ()  # the solutions' distinct (piece, cells)

    @property
    def stored_assemblies(self) -> Assemblies:
        """The stored solutions' assemblies, as :meth:`Disassembler.levels` takes them."""
        return Assemblies(tuple(cells for _, cells in self.placements), tuple(piece for piece, _ in self.placements),
                          [[(g, 1)] if g else [] for g in self.groups],
                          padded_rows([s.placements for s in self.stored]))


def stored_problems(path: str | Path) -> list[StoredProblem]:
    """Every problem of a cube-grid BurrTools file with what BurrTools stored for it
    (PuzzleFileError naming the file for another grid)."""
    path = Path(path)
    root = read_xml(path)

    def fail(text: str):
        raise PuzzleFileError(f"{path}: {text}")

    grid = root.find("gridType")
    if grid is not None and grid.get("type", "0") != "0":
        fail(f"grid type {grid.get('type')} is not the cube grid")
    shapes = read_shapes(root.findall("shapes/voxel"), fail)
    result = []
    for name, element in problem_elements(root):
        order, groups = [], []
        for item in element.findall("shapes/shape"):
            copies = int(item.get("count") or item.get("max") or 1)
            order += [int(item.get("id"))] * copies
            listed = shape_groups(item, copies, f"problem {name!r}", fail)
            groups += [listed[0][0] if len(listed) == 1 else 0] * copies  # the group all its copies are in
        placements: dict[tuple[int, ...], int] = {}  # (piece, x, y, z, t) -> its number
        cells: list[tuple[int, tuple[Voxel, ...]]] = []  # by number: (piece, cells)
        stored = tuple(_solution(s, order, shapes, placements, cells) for s in element.findall("solutions/solution"))
        number = {k: int(v) for k, v in element.attrib.items() if k in ("assemblies", "solutions")}
        result.append(StoredProblem(name, element.get("state") == "2", number.get("assemblies"),
                                    number.get("solutions"), tuple(groups), stored, tuple(cells)))
    return result


def solved_problems(paths: Iterable[str | Path]) -> Iterator[tuple[Path, int, StoredProblem]]:
    """Of these BurrTools files, each solved problem that stores its solutions: (file, its
    number from 0, what was stored). Files of other grids than cubes are passed over."""
    for path in paths:
        try:
            problems = stored_problems(path)
        except PuzzleFileError as error:
            if "is not the cube grid" in str(error):
                continue  # the other grids are not the voxel plugin's
            raise
        for number, problem in enumerate(problems):
            if problem.solved and problem.stored:
                yield Path(path), number, problem


def _solution(element, order: list[int], shapes: list[dict], placements: dict[tuple[int, ...], int],
              cells: list[tuple[int, tuple[Voxel, ...]]]) -> StoredSolution:
    """One ``<solution>``; its pieces' placements are numbered in ``placements`` (by piece,
    position and transformation) and listed in ``cells``, where they are added if new."""
    words = element.findtext("assembly").split()
    pieces, numbers, i = [], [], 0
    for piece, shape in enumerate(order):
        if words[i] == "x":
            i += 1
            continue
        key = (piece, *(int(w) for w in words[i:i + 4]))
        i += 4
        if key not in placements:
            x, y, z, t = key[1:]
            m = transformation(t)
            placements[key] = len(cells)
            cells.append((piece, tuple(sorted((x + sum(m[0][k] * v[k] for k in range(3)),
                                               y + sum(m[1][k] * v[k] for k in range(3)),
                                               z + sum(m[2][k] * v[k] for k in range(3)))
                                              for v in shapes[shape]["cells"]))))
        pieces.append(piece)
        numbers.append(placements[key])
    info = None
    separation = element.find("separation")
    if separation is not None:
        info = _info(separation)
    elif element.find("separationInfo") is not None:
        info = tuple(int(w) for w in element.findtext("separationInfo").split())
    return StoredSolution(tuple(pieces), tuple(cells[n][1] for n in numbers), tuple(numbers), info,
                          level_of_info(info) if info else None)


def _info(separation) -> tuple[int, ...]:
    """A full ``<separation>`` as separationInfo: moves + 1, then the left tree, then the removed one."""
    subs = {s.get("type"): s for s in separation.findall("separation")}
    states = len(separation.findall("state"))
    left = _info(subs["left"]) if "left" in subs else (0,)
    removed = _info(subs["removed"]) if "removed" in subs else (0,)
    return (states,) + left + removed


def level_of_info(info: tuple[int, ...]) -> str:
    """BurrTools' level text of a separationInfo tree."""
    def walk(at: int) -> tuple[str, int, bool]:
        """(text, index after the subtree, whether it has a separation of more than one move)."""
        moves = info[at] - 1
        text, multi, at = str(moves), moves > 1, at + 1
        for _ in range(2):
            if info[at] == 0:
                at += 1
                continue
            sub, at, sub_multi = walk(at)
            if sub_multi:
                text += "." + sub
            multi = multi or sub_multi
        return text, at, multi

    return walk(0)[0]
