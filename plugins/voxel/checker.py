"""An independent check of a packing (no Qt, and nothing shared with the solver).

It rebuilds the allowed orientations itself, by composing quarter turns about the
axes (and one mirror) rather than from the solver's signed-permutation table, and
checks a solution given as plain ``(piece index, cells)`` pairs.
"""
from __future__ import annotations

from collections import Counter


def _quarter_turn_x(v):
    x, y, z = v
    return (x, -z, y)


def _quarter_turn_z(v):
    x, y, z = v
    return (-y, x, z)


def _mirror_x(v):
    x, y, z = v
    return (-x, y, z)


def _canonical(cells) -> tuple:
    cells = list(cells)
    low = [min(c[i] for c in cells) for i in range(3)]
    return tuple(sorted(tuple(c[i] - low[i] for i in range(3)) for c in cells))


def shape_class(cells, mirror: bool) -> frozenset:
    """Every orientation reachable by quarter turns (and the mirror if allowed), closed by search."""
    moves = [_quarter_turn_x, _quarter_turn_z] + ([_mirror_x] if mirror else [])
    start = _canonical(cells)
    seen = {start}
    frontier = [start]
    while frontier:
        shape = frontier.pop()
        for move in moves:
            turned = _canonical(move(c) for c in shape)
            if turned not in seen:
                seen.add(turned)
                frontier.append(turned)
    return frozenset(seen)


def check_solution(puzzle, placements) -> list[str]:
    """Problems with ``placements`` (pairs of piece index and cells) as a packing of ``puzzle``; [] if none."""
    problems = []
    target = set(puzzle.target)
    covered = Counter()
    used = Counter()
    classes = {}
    for piece, cells in placements:
        cells = [tuple(c) for c in cells]
        if not 0 <= piece < len(puzzle.pieces):
            problems.append(f"unknown piece index {piece}")
            continue
        spec = puzzle.pieces[piece]
        used[piece] += 1
        covered.update(cells)
        if piece not in classes:
            classes[piece] = shape_class(spec.cells, puzzle.mirror)
        if len(set(cells)) != len(cells) or _canonical(cells) not in classes[piece]:
            problems.append(f"piece {spec.name!r} at {sorted(cells)} is not a (turned) copy of that piece")
        outside = [c for c in cells if c not in target]
        if outside:
            problems.append(f"piece {spec.name!r} sticks out of the target at {outside[0]}")
    for cell, times in covered.items():
        if times > 1 and cell in target:
            problems.append(f"cell {cell} is covered {times} times")
    empty = target - set(covered) - set(puzzle.optional)
    if empty:
        problems.append(f"{len(empty)} target cells are empty, e.g. {min(empty)}")
    for piece, spec in enumerate(puzzle.pieces):
        if not spec.fewest <= used[piece] <= spec.copies:
            allowed = spec.copies if spec.fewest == spec.copies else f"{spec.fewest} to {spec.copies}"
            problems.append(f"piece {spec.name!r} is used {used[piece]} times, not {allowed}")
    return problems
