"""An independent check of a packing (no Qt, and nothing shared with the solver).

It rebuilds the allowed orientations itself, by composing quarter turns about the
axes (and one mirror) rather than from the solver's signed-permutation table, and
checks a solution given as plain ``(piece index, cells)`` pairs, and BurrTools' colour
constraints (each piece voxel's colour against its cell's).
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


def _canonical_coloured(pairs) -> tuple:
    """(cell, colour) pairs moved to start at 0, sorted."""
    pairs = list(pairs)
    low = [min(c[i] for c, _ in pairs) for i in range(3)]
    return tuple(sorted((tuple(c[i] - low[i] for i in range(3)), colour) for c, colour in pairs))


def shape_class(cells, mirror: bool, colours=None) -> frozenset:
    """Every orientation reachable by quarter turns (and the mirror if allowed), closed by search;
    with ``colours`` (one per cell), each orientation as (cell, colour) pairs."""
    moves = [_quarter_turn_x, _quarter_turn_z] + ([_mirror_x] if mirror else [])
    if colours is None:
        return frozenset(tuple(c for c, _ in shape) for shape in shape_class(cells, mirror, [0] * len(cells)))
    start = _canonical_coloured(zip(cells, colours))
    seen = {start}
    frontier = [start]
    while frontier:
        shape = frontier.pop()
        for move in moves:
            turned = _canonical_coloured((move(c), colour) for c, colour in shape)
            if turned not in seen:
                seen.add(turned)
                frontier.append(turned)
    return frozenset(seen)


def check_solution(puzzle, placements) -> list[str]:
    """Problems with ``placements`` (pairs of piece index and cells, or ``Placement``s) as a packing of
    ``puzzle``; [] if none."""
    problems = []
    target = set(puzzle.target)
    cell_colour = dict(zip(puzzle.target, puzzle.target_colours))
    covered = Counter()
    used = Counter()
    classes = {}
    for piece, cells, *_ in placements:
        cells = [tuple(c) for c in cells]
        if not 0 <= piece < len(puzzle.pieces):
            problems.append(f"unknown piece index {piece}")
            continue
        spec = puzzle.pieces[piece]
        used[piece] += 1
        covered.update(cells)
        if piece not in classes:
            classes[piece] = shape_class(spec.cells, puzzle.mirror, spec.colours_of_cells)
        low = [min(c[i] for c in cells) for i in range(3)] if cells else [0, 0, 0]
        colourings = [shape for shape in classes[piece] if tuple(c for c, _ in shape) == _canonical(cells)]
        if len(set(cells)) != len(cells) or not colourings:
            problems.append(f"piece {spec.name!r} at {sorted(cells)} is not a (turned) copy of that piece")
        elif not any(all(puzzle.colour_fits(colour, cell_colour.get(tuple(c[i] + low[i] for i in range(3)), 0))
                         for c, colour in shape) for shape in colourings):
            problems.append(f"piece {spec.name!r} at {sorted(cells)} puts a colour on a cell whose colour "
                            "it may not meet")
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
