"""A tiling puzzle: a rectangle to cover with copies of some polyominoes (turned and flipped)."""
from __future__ import annotations

from dataclasses import dataclass

from nonogram_editor.plugin_api import PuzzleDataError

Cell = tuple[int, int]  # (column, row)


@dataclass(frozen=True)
class Tiling:
    id: str
    title: str
    width: int
    height: int
    shapes: dict[str, tuple[Cell, ...]]  # name -> cells; any number of copies of each

    def orientations(self, name: str) -> list[tuple[Cell, ...]]:
        """Every distinct turn and mirror image of a shape, moved to touch (0, 0)."""
        found = set()
        cells = self.shapes[name]
        for _ in range(4):
            cells = tuple((y, -x) for x, y in cells)
            for shape in (cells, tuple((-x, y) for x, y in cells)):
                left, top = min(x for x, _ in shape), min(y for _, y in shape)
                found.add(tuple(sorted((x - left, y - top) for x, y in shape)))
        return sorted(found)


# A solution: one (shape name, cells) per piece placed, in the order the solver placed them.
Solution = tuple[tuple[str, tuple[Cell, ...]], ...]

DOMINO = ((0, 0), (1, 0))
L_TROMINO = ((0, 0), (1, 0), (0, 1))


def make_tiling(id: str, title: str, width: int, height: int, shapes: dict) -> Tiling:
    """A checked puzzle; bad data raises :class:`PuzzleDataError` saying what is wrong."""
    if not (0 < width <= 12 and 0 < height <= 12):
        raise PuzzleDataError(f"{id}: the rectangle must be 1 to 12 cells a side, not {width}x{height}")
    if not shapes or any(not cells for cells in shapes.values()):
        raise PuzzleDataError(f"{id}: every shape needs at least one cell")
    return Tiling(id, title, width, height, {name: tuple(map(tuple, cells)) for name, cells in shapes.items()})


PUZZLES = (
    make_tiling("tiling-dominoes-4x5", "Dominoes on a 4x5 rectangle", 5, 4, {"domino": DOMINO}),
    make_tiling("tiling-trominoes-2x6", "L-trominoes on a 2x6 rectangle", 6, 2, {"L": L_TROMINO}),
)
