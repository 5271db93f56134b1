"""An independent check that a pyramid solution fits (no Qt, nothing from the solver).

Written from the seed's definitions, not from the solver's tables: it rebuilds the
board from each position's row and index on an integer lattice (it ignores the
``neighbours`` lists of the data file), numbers every triangle's sides clockwise from
its horizontal side, puts connector ``(rotation + side) % 3`` of the piece on each side,
and checks that across every shared edge the suits agree and one connector points in,
the other out.
"""
from __future__ import annotations

from collections import defaultdict

from nonogram_editor_builtins.pyramid.model import Puzzle, Solution

Point = tuple[int, int]  # (x in half units, y in rows)


def lattice_corners(row: int, index: int) -> list[Point]:
    """A triangle's corners on the lattice; the first row is at the bottom."""
    left = row + index - index % 2  # x of the leftmost corner on the base line of the row
    if index % 2 == 0:  # points up
        return [(left, row), (left + 2, row), (left + 1, row + 1)]
    return [(left + 1, row + 1), (left + 3, row + 1), (left + 2, row)]


def numbered_sides(corners: list[Point]) -> list[frozenset[Point]]:
    """The three sides (as pairs of corners), side 0 the horizontal one, then clockwise."""
    (ax, ay), (bx, by), (cx, cy) = corners
    if (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) > 0:  # counter-clockwise: reverse
        corners = corners[::-1]
    edges = [frozenset((corners[i], corners[(i + 1) % 3])) for i in range(3)]
    start = next(i for i, edge in enumerate(edges) if len({y for _, y in edge}) == 1)
    return edges[start:] + edges[:start]


_edges_of: dict[int, tuple[Puzzle, list]] = {}  # by id(puzzle): hashing a whole puzzle is slow


def shared_edges(puzzle: Puzzle) -> list[tuple[int, int, int, int]]:
    """Every pair of positions that share a side: (position, its side, other, its side)."""
    known = _edges_of.get(id(puzzle))
    if known is not None and known[0] is puzzle:
        return known[1]
    if len(_edges_of) > 8:
        _edges_of.clear()
    owners = defaultdict(list)
    for p, pos in enumerate(puzzle.positions):
        for side, edge in enumerate(numbered_sides(lattice_corners(pos.row, pos.index))):
            owners[edge].append((p, side))
    edges = [(a[0], a[1], b[0], b[1]) for found in owners.values() if len(found) == 2 for a, b in [found]]
    _edges_of[id(puzzle)] = (puzzle, edges)
    return edges


def check_solution(puzzle: Puzzle, solution: Solution) -> list[str]:
    """What is wrong with ``solution`` (an empty list: it is a valid solution)."""
    problems = []
    if len(solution) != len(puzzle.positions):
        return [f"{len(solution)} placements for {len(puzzle.positions)} positions"]
    pieces = [piece for piece, _ in solution]
    if sorted(pieces) != list(range(len(puzzle.pieces))):
        problems.append(f"the pieces placed are not each piece once: {pieces}")
        return problems
    problems += [f"position {p}: rotation {rot} is not 0, 1 or 2" for p, (_, rot) in enumerate(solution)
                 if rot not in (0, 1, 2)]
    if problems:
        return problems

    def connector(position: int, side: int):
        piece, rotation = solution[position]
        return puzzle.pieces[piece][(rotation + side) % 3]

    for p, p_side, q, q_side in shared_edges(puzzle):
        mine, theirs = connector(p, p_side), connector(q, q_side)
        if mine.suit != theirs.suit or mine.outward == theirs.outward:
            problems.append(
                f"positions {p} and {q}: piece {solution[p][0]} shows "
                f"{puzzle.suits[mine.suit].name} {'out' if mine.outward else 'in'}, piece {solution[q][0]} shows "
                f"{puzzle.suits[theirs.suit].name} {'out' if theirs.outward else 'in'}")
    return problems
