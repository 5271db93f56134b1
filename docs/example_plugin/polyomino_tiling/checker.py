"""Checks a tiling without the solver: every cell covered once, every piece one of the shapes."""
from __future__ import annotations

from polyomino_tiling.model import Solution, Tiling


def check(tiling: Tiling, solution: Solution) -> list[str]:
    problems, covered = [], {}
    for index, (name, cells) in enumerate(solution):
        if name not in tiling.shapes:
            problems.append(f"piece {index}: unknown shape {name!r}")
        elif tuple(sorted(_normal(cells))) not in tiling.orientations(name):
            problems.append(f"piece {index}: not a {name}")
        for cell in cells:
            if cell in covered:
                problems.append(f"cell {cell}: covered by pieces {covered[cell]} and {index}")
            covered[cell] = index
    wanted = {(x, y) for y in range(tiling.height) for x in range(tiling.width)}
    if set(covered) != wanted:
        problems.append(f"{len(wanted - set(covered))} cells uncovered, {len(set(covered) - wanted)} outside")
    return problems


def _normal(cells):
    left, top = min(x for x, _ in cells), min(y for _, y in cells)
    return [(x - left, y - top) for x, y in cells]
