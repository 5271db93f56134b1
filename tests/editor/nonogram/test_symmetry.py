"""Symmetric clues and the symmetric first try, against every small picture."""
from collections import defaultdict

import numpy as np
import pytest

from nonogram_editor.level.non_format import read_non
from nonogram_editor.nonogram import cnf
from nonogram_editor.nonogram.symmetry import clue_symmetries, symmetric_model
from tests.editor.nonogram.test_cnf import HARD, fits
from tests.editor.nonogram.test_verdict import clues_of, every_picture


def turned(picture, image) -> tuple:
    """The picture with each cell of the clued box taken from the cell ``image`` names."""
    flat = np.asarray(picture, dtype=int).ravel()
    return tuple(map(tuple, np.where(image >= 0, flat[np.maximum(image, 0)], 0)))


def clue_groups(height, width) -> dict:
    groups = defaultdict(list)
    for picture in every_picture(height, width):
        groups[clues_of(picture)].append(picture)
    return groups


# the oracle: the seven turns and mirrors as numpy moves on the picture cropped to its clued box
TURNS = {"mirror left-right": np.fliplr, "mirror top-bottom": np.flipud, "half turn": lambda a: np.rot90(a, 2),
         "quarter turn": np.rot90, "three-quarter turn": lambda a: np.rot90(a, 3), "transpose": np.transpose,
         "anti-transpose": lambda a: np.rot90(a, 2).T}


def kept_by(picture) -> set:
    """The turns whose turned picture (within the clued box) has the same clues."""
    grid = np.asarray(picture, dtype=int)
    if not grid.any():
        return set()
    rows, columns = np.nonzero(grid.any(axis=1))[0], np.nonzero(grid.any(axis=0))[0]
    box = grid[rows[0]:rows[-1] + 1, columns[0]:columns[-1] + 1]
    same = clues_of(tuple(map(tuple, box)))
    return {name for name, turn in TURNS.items()
            if (turn is np.fliplr or turn is np.flipud or box.shape[0] == box.shape[1] or name == "half turn")
            and clues_of(tuple(map(tuple, turn(box)))) == same}


@pytest.mark.parametrize("height, width", [(1, 3), (2, 2), (2, 3), (3, 3), (3, 4)])
def test_the_symmetries_found_are_exactly_those_of_the_clues(height, width):
    for (row_clues, column_clues), pictures in clue_groups(height, width).items():
        symmetries = clue_symmetries(row_clues, column_clues)
        assert set(symmetries) == kept_by(pictures[0])
        for name, image in symmetries.items():  # each maps every solution onto a solution
            for picture in pictures:
                assert clues_of(turned(picture, image)) == (row_clues, column_clues), (name, picture)
    cross = ((0, 1, 0), (1, 1, 1), (0, 1, 0))
    assert set(clue_symmetries(*clues_of(cross))) == set(TURNS)
    assert set(clue_symmetries(*clues_of(((1, 1, 0), (1, 0, 0))))) == {"transpose"}


def test_the_clued_box_lets_an_off_centre_picture_count_as_symmetric():
    # a 2x2 block in the top-left corner of a 4x5 grid: the empty lines around it do not count
    picture = ((1, 1, 0, 0, 0), (1, 1, 0, 0, 0), (0, 0, 0, 0, 0), (0, 0, 0, 0, 0))
    assert len(clue_symmetries(*clues_of(picture))) == 7
    assert clue_symmetries(*clues_of(((0, 0), (0, 0)))) == {}


@pytest.mark.parametrize("height, width", [(2, 3), (3, 3), (3, 4)])
def test_the_symmetric_try_finds_a_symmetric_solution_exactly_when_there_is_one(height, width):
    for (row_clues, column_clues), pictures in clue_groups(height, width).items():
        images = clue_symmetries(row_clues, column_clues).values()
        symmetric = {p for p in pictures if all(turned(p, image) == p for image in images)}
        clauses, _ = cnf.encode(row_clues, column_clues)
        model = symmetric_model(clauses, row_clues, column_clues)
        if not images or not symmetric:
            assert model is None
            continue
        found = tuple(tuple(int(model[r * width + c] > 0) for c in range(width)) for r in range(height))
        assert found in symmetric


def test_knottys_clues_keep_a_quarter_turn_and_its_symmetric_solution_fits():
    knotty = read_non(HARD / "knotty.non")
    assert set(clue_symmetries(knotty.row_clues, knotty.column_clues)) == {"quarter turn", "half turn",
                                                                            "three-quarter turn"}
    faase = read_non(HARD / "faase.non")
    assert clue_symmetries(faase.row_clues, faase.column_clues) == {}


@pytest.mark.slow
def test_knotty_from_bare_clues_gets_a_symmetric_solution():
    knotty = read_non(HARD / "knotty.non")
    clauses, _ = cnf.encode(knotty.row_clues, knotty.column_clues)
    model = symmetric_model(clauses, knotty.row_clues, knotty.column_clues)
    grid = np.array(model[:40 * 40]).reshape(40, 40) > 0
    assert fits(grid, knotty.row_clues, knotty.column_clues)
    assert np.array_equal(grid[:39, :39], np.rot90(grid[:39, :39]))
