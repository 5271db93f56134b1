"""Presenting a packing without Qt: an assembly order a person can follow, and layer text."""
from __future__ import annotations

from nonogram_editor.plugin_api import printable
from nonogram_editor_builtins.voxel.model import Puzzle

SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def assembly_order(solution) -> list[int]:
    """Indices into ``solution`` in an order to put the pieces in, bottom up.

    A piece is ready when nothing under it (in the target) is still empty, so it can be
    lowered onto the floor or onto pieces already placed. Among ready pieces the lowest
    goes first. If pieces interlock so that none is ready, the one leaving the fewest
    empty cells under it goes next.
    """
    target = {c for placement in solution for c in placement.cells}
    filled: set = set()
    remaining = set(range(len(solution)))
    order = []

    def empty_below(i: int) -> int:
        own = set(solution[i].cells)
        below = {(x, y, z - 1) for x, y, z in own} - own
        return sum(1 for c in below if c in target and c not in filled)

    def height(i: int) -> tuple:
        cells = solution[i].cells
        return (min(c[2] for c in cells), sum(c[2] for c in cells) / len(cells),
                min(c[1] for c in cells), min(c[0] for c in cells))

    while remaining:
        best = min(remaining, key=lambda i: (empty_below(i), height(i)))
        order.append(best)
        remaining.discard(best)
        filled.update(solution[best].cells)
    return order


def placement_labels(puzzle: Puzzle, solution) -> list[str]:
    """A readable name per placement: the piece name, numbered when it has several copies."""
    seen: dict[int, int] = {}
    labels = []
    for placement in solution:
        spec = puzzle.pieces[placement.piece]
        seen[placement.piece] = seen.get(placement.piece, 0) + 1
        labels.append(spec.name if spec.copies == 1 else f"{spec.name} #{seen[placement.piece]}")
    return labels


def layer_text(puzzle: Puzzle, solution, z: int) -> str:
    """One horizontal layer seen from above (x to the right, y up the page); '.' is a hole."""
    owner = {c: i for i, placement in enumerate(solution) for c in placement.cells}
    size_x, size_y, _ = puzzle.size
    lines = []
    for y in reversed(range(size_y)):
        lines.append(" ".join(SYMBOLS[owner[(x, y, z)] % len(SYMBOLS)] if (x, y, z) in owner else "."
                              for x in range(size_x)))
    return "\n".join(lines)


def format_solution(puzzle: Puzzle, solution) -> str:
    """Every layer, bottom first, then which symbol is which piece (its name printable: from a file)."""
    parts = []
    for z in range(puzzle.size[2]):
        parts.append(f"layer z={z}:\n{layer_text(puzzle, solution, z)}")
    labels = placement_labels(puzzle, solution)
    legend = ", ".join(f"{SYMBOLS[i % len(SYMBOLS)]}={printable(label)}" for i, label in enumerate(labels))
    return "\n\n".join(parts) + "\n\n" + legend


def solution_to_json(puzzle: Puzzle, solution) -> dict:
    return {"pieces": [{"piece": puzzle.pieces[p.piece].name, "cells": [list(c) for c in p.cells]}
                       for p in solution]}
