"""The colour line solver against brute force: every clue on lines up to 10 cells with up
to 3 colours (background and two), each with what is known drawn at random (the
exhaustive run is slow-marked; a subset runs by default)."""
from __future__ import annotations

import numpy as np
import pytest

from nonogram_editor.nonogram.colour.line import ColourLineSolver, count_colour_placements
from tests.editor.nonogram.colour_reference import brute_line, colour_clue, lines_by_clue, masks_of


def _knowledge(rng, solutions: np.ndarray, colours: int, n: int, tries: int):
    """What might be known about a line: nothing; random cells narrowed from one of the
    clue's lines (consistent); random masks (often contradictory)."""
    yield np.ones((colours, n), dtype=bool)
    for _ in range(tries):
        allowed = rng.random((colours, n)) < rng.uniform(0.4, 0.95)
        line = solutions[rng.integers(len(solutions))]
        allowed[line, np.arange(n)] = True  # that line stays possible
        yield allowed
        yield rng.random((colours, n)) < rng.uniform(0.5, 0.95)


def _check_all(max_n: int, colours_list, tries: int, seed: int) -> int:
    rng = np.random.default_rng(seed)
    checked = 0
    for colours in colours_list:
        for n in range(1, max_n + 1):
            for clue, solutions in lines_by_clue(n, colours).items():
                solver = ColourLineSolver(clue, n, colours)
                for allowed in _knowledge(rng, solutions, colours, n, tries):
                    can, count = brute_line(solutions, allowed)
                    masks = masks_of(allowed)
                    result = solver.deduce(masks)
                    if count == 0:
                        assert result is None, (clue, n, masks)
                    else:
                        assert result == masks_of(can), (clue, n, masks, result)
                    assert count_colour_placements(clue, n, masks) == count, (clue, n, masks)
                    checked += 1
    return checked


def test_colour_lines_up_to_7_cells_against_brute_force():
    assert _check_all(7, (2, 3), tries=2, seed=1) > 5000


@pytest.mark.slow
def test_every_colour_line_up_to_10_cells_against_brute_force():
    assert _check_all(10, (2, 3), tries=3, seed=2) > 90000


def test_clue_with_no_room_and_touching_blocks():
    # different colours may touch, the same colour may not
    assert ColourLineSolver(((2, 1), (1, 2)), 3, 3).deduce((0b111, 0b111, 0b111)) == (0, 0b011, 0b100)
    assert ColourLineSolver(((2, 1), (1, 1)), 3, 3).deduce((0b111, 0b111, 0b111)) is None
    assert colour_clue([0, 1, 1, 2, 0, 2]) == ((2, 1), (1, 2), (1, 2))


def test_memo_returns_the_deduction():
    solver = ColourLineSolver(((1, 1), (1, 2)), 4, 3)
    allowed = (0b1111, 0b1111, 0b1111)
    assert solver.solve(allowed) == solver.deduce(allowed) == solver.solve(allowed)
    assert solver.count(allowed) == 6


def test_bits_past_the_line_are_ignored():
    solver = ColourLineSolver(((2, 1),), 2, 2)
    assert solver.deduce((-1, -1)) == solver.deduce((0b11, 0b11)) == (0, 0b11)
    assert ColourLineSolver(((3, 1),), 2, 2).deduce((-1, -1)) is None
