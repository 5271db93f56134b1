"""The colour verdict against brute force (every picture up to 4x4, with two colours and
the background) and against an independent SAT model (block
start positions) on random pictures up to 30x30."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from nonogram_editor.infra.tasks import Task
from nonogram_editor.nonogram.colour import ColourClues, check_colour, check_colour_drawing
from nonogram_editor.nonogram.colour.search import find_solution
from nonogram_editor.nonogram.colour.verdict import QUICK_GUESSES, _first_quickly
from nonogram_editor.nonogram.search import Lookahead
from nonogram_editor.nonogram.verdict import Kind, Stage
from tests.editor.nonogram.colour_reference import (
    all_solutions,
    colour_clue,
    grid_clues,
    other_solution_by_block_starts,
)

COLOURS = 3  # the background and two colours


def _assert_solves(grid, rows, columns):
    assert grid is not None
    rows_found, columns_found = grid_clues(grid)
    assert rows_found == [tuple(r) for r in rows]
    assert columns_found == [tuple(c) for c in columns]


def _check_against_brute_force(picture: np.ndarray) -> str:
    rows, columns = grid_clues(picture)
    solutions = all_solutions(rows, columns, COLOURS, limit=2)
    verdict = check_colour_drawing(picture, COLOURS)
    if len(solutions) == 1:
        assert verdict.kind in (Kind.LINE, Kind.BRANCH), (picture.tolist(), verdict.kind)
        assert np.array_equal(verdict.picture, picture)
    else:
        assert verdict.kind == Kind.MULT, (picture.tolist(), verdict.kind)
        _assert_solves(verdict.alternative, rows, columns)
        assert not np.array_equal(verdict.alternative, picture)
    if verdict.kind == Kind.LINE:
        assert verdict.open_cells == 0
    return verdict.kind


def _check_bare_clues(picture: np.ndarray) -> str:
    rows, columns = grid_clues(picture)
    solutions = all_solutions(rows, columns, COLOURS, limit=2)
    verdict = check_colour(rows, columns, COLOURS)
    assert verdict.kind == (Kind.MULT if len(solutions) > 1 else verdict.kind)
    assert verdict.kind in ((Kind.MULT,) if len(solutions) > 1 else (Kind.LINE, Kind.BRANCH))
    _assert_solves(verdict.picture, rows, columns)
    if verdict.kind == Kind.MULT:
        _assert_solves(verdict.alternative, rows, columns)
        assert not np.array_equal(verdict.alternative, verdict.picture)
    return verdict.kind


def _random_pictures(rng, count: int, max_side: int):
    for _ in range(count):
        height, width = rng.integers(1, max_side + 1, size=2)
        picture = rng.integers(0, COLOURS, size=(height, width))
        picture[rng.random(picture.shape) < rng.uniform(0, 0.6)] = 0
        yield picture


def test_colour_verdicts_of_random_small_pictures_against_brute_force():
    rng = np.random.default_rng(7)
    kinds = {_check_against_brute_force(picture) for picture in _random_pictures(rng, 300, 4)}
    assert {Kind.LINE, Kind.MULT} <= kinds  # BRANCH is rare this small


def test_bare_colour_clues_against_brute_force():
    rng = np.random.default_rng(8)
    kinds = {_check_bare_clues(picture) for picture in _random_pictures(rng, 150, 4)}
    assert {Kind.LINE, Kind.MULT} <= kinds


def test_colour_clues_with_no_solution_are_a_contradiction():
    rng = np.random.default_rng(9)
    found = 0
    for picture in _random_pictures(rng, 200, 4):
        rows, columns = grid_clues(picture)
        rows = [tuple(clue) for clue in rows]
        row = int(rng.integers(len(rows)))
        rows[row] = rows[row] + ((1, int(rng.integers(1, COLOURS))),)  # one more block
        if len(columns) < sum(length for length, _ in rows[row]):
            continue
        if all_solutions(rows, columns, COLOURS, limit=1):
            continue
        verdict = check_colour(rows, columns, COLOURS)
        assert verdict.kind == Kind.CONTRADICTION, (rows, columns, verdict.kind)
        found += 1
    assert found > 50


def test_a_known_unique_and_a_known_ambiguous_picture():
    # two colours may touch: the clue alone fixes this picture
    unique = np.array([[1, 2], [2, 1]])
    assert check_colour_drawing(unique, COLOURS).kind == Kind.LINE
    # the same colour in a chessboard swaps with the background
    ambiguous = np.array([[1, 0], [0, 1]])
    verdict = check_colour_drawing(ambiguous, COLOURS)
    assert verdict.kind == Kind.MULT
    assert verdict.alternative.tolist() == [[0, 1], [1, 0]]
    assert verdict.differing.all()
    rows, columns = verdict.line_counts()
    assert rows == [2, 2]
    assert columns == [2, 2]


def test_open_cells_know_which_colours_remain():
    # row clue (1, red): one red cell in 2, the column clues let both be red or blank
    verdict = check_colour_drawing(np.array([[1, 0], [0, 1]]), COLOURS)
    possible = verdict.logic.possible_array()
    assert (possible == 0b011).all()  # blank or colour 1, never colour 2
    assert verdict.undetermined.all()
    assert verdict.to_json()["alternative"] == ["01", "10"]
    data = check_colour_drawing(np.array([[2, 0], [0, 2], [1, 1]]), COLOURS).to_json()
    assert data["verdict"] == Kind.MULT
    assert data["solution"] == ["20", "02", "11"]
    assert data["alternative"] == ["02", "20", "11"]


@pytest.mark.slow
@pytest.mark.parametrize("height,width", [(h, w) for h in range(1, 5) for w in range(1, 5) if h * w <= 12])
def test_every_colour_picture_up_to_3x4_against_brute_force(height, width):
    # each set of clues once: the pictures with these clues, from the enumeration itself
    by_clues: dict[tuple, list[np.ndarray]] = {}
    for cells in itertools.product(range(COLOURS), repeat=height * width):
        picture = np.array(cells).reshape(height, width)
        key = tuple(colour_clue(row) for row in picture) + (None,) + tuple(colour_clue(c) for c in picture.T)
        by_clues.setdefault(key, []).append(picture)
    for pictures in by_clues.values():
        for picture in pictures[:2]:
            verdict = check_colour_drawing(picture, COLOURS)
            if len(pictures) == 1:
                assert verdict.kind in (Kind.LINE, Kind.BRANCH), picture.tolist()
            else:
                assert verdict.kind == Kind.MULT, picture.tolist()
                assert any(np.array_equal(verdict.alternative, other) for other in pictures)
                assert not np.array_equal(verdict.alternative, picture)


def _every_4x4_clue_set_up_to_symmetry() -> tuple[np.ndarray, np.ndarray]:
    """(a picture, how many pictures have its clues) for each set of clues of the 3^16
    pictures 4x4 of two colours and the background, one set of each class of the 16
    symmetries (the square's 8, with or without the two colours swapped): numpy over all
    pictures (a picture's number in base 3, cell (r, c) its digit 4r + c), grouped by a
    key of its 8 clues' numbers; the class's least key stands for it."""
    lines = np.array(list(itertools.product(range(COLOURS), repeat=4)))[:, ::-1]  # line i: digits of i
    numbers: dict[tuple, int] = {}
    clue_of_line = np.array([numbers.setdefault(colour_clue(line), len(numbers)) for line in lines])
    clues = list(numbers)
    base = len(clues)
    reverse = np.array([numbers[clue[::-1]] for clue in clues])
    swap = np.array([numbers[tuple((length, 3 - colour) for length, colour in clue)] for clue in clues])
    chunk = len(lines) ** 3  # pictures of the same last row
    first_rows = np.arange(chunk, dtype=np.int64)
    rows_but_last = [first_rows % 81, first_rows // 81 % 81, first_rows // 81 ** 2]
    keys = np.empty(len(lines) ** 4, dtype=np.int64)
    for last in range(len(lines)):
        rows = rows_but_last + [np.full(chunk, last)]
        key = sum(base ** k * clue_of_line[row] for k, row in enumerate(rows))
        for column in range(4):
            key += base ** (4 + column) * clue_of_line[sum(lines[row, column] * 3 ** k for k, row in enumerate(rows))]
        keys[last * chunk:(last + 1) * chunk] = key
    keys, pictures, counts = np.unique(keys, return_index=True, return_counts=True)
    canonical = np.zeros(len(keys), dtype=bool)
    for start in range(0, len(keys), 1 << 22):  # in parts: 16 transforms of 40 million keys at once take gigabytes
        part = keys[start:start + (1 << 22)]
        ids = [(part // base ** i % base).astype(np.int8) for i in range(8)]
        least = part.copy()
        for transpose, mirror, flip, recolour in itertools.product((False, True), repeat=4):
            rows, columns = (ids[4:], ids[:4]) if transpose else (ids[:4], ids[4:])
            if mirror:  # each row read backwards, the columns in reverse order
                rows, columns = [reverse[c] for c in rows], columns[::-1]
            if flip:  # the rows in reverse order, each column read backwards
                rows, columns = rows[::-1], [reverse[c] for c in columns]
            if recolour:
                rows, columns = [swap[c] for c in rows], [swap[c] for c in columns]
            least = np.minimum(least, sum(base ** i * c.astype(np.int64) for i, c in enumerate([*rows, *columns])))
        canonical[start:start + len(part)] = least == part
    return pictures[canonical], counts[canonical]


@pytest.mark.slow
def test_every_colour_picture_4x4_against_brute_force():
    """A drawing's verdict depends on its clues alone, as does uniqueness and so on the
    symmetries of the square and of swapping the two colours: one picture of each such
    class of clue sets (about 2.6 million of the 40.5 million) stands for every picture."""
    pictures, counts = _every_4x4_clue_set_up_to_symmetry()
    digits = 3 ** np.arange(16)
    for number, count in zip(pictures.tolist(), counts.tolist()):
        picture = (number // digits % 3).reshape(4, 4)
        verdict = check_colour_drawing(picture, COLOURS)
        if count == 1:
            assert verdict.kind in (Kind.LINE, Kind.BRANCH), picture.tolist()
        else:
            assert verdict.kind == Kind.MULT, picture.tolist()
            assert grid_clues(verdict.alternative) == grid_clues(picture)
            assert not np.array_equal(verdict.alternative, picture)


@pytest.mark.slow
def test_colour_pictures_4x4_sample_against_brute_force():
    rng = np.random.default_rng(10)
    for _ in range(5000):
        _check_against_brute_force(rng.integers(0, COLOURS, size=(4, 4)))


def _pictures_up_to_30(rng, count: int, max_side: int):
    """Random colour pictures of a few kinds: noise of any density, and blocky pictures
    (a small random grid scaled up), which are unique far more often."""
    for index in range(count):
        height, width = (int(side) for side in rng.integers(5, max_side + 1, size=2))
        colours = int(rng.integers(2, 5))
        if index % 2:
            scale = int(rng.integers(2, 4))
            small = rng.integers(0, colours, size=(height // scale + 1, width // scale + 1))
            picture = np.kron(small, np.ones((scale, scale), dtype=int))[:height, :width]
        else:
            picture = rng.integers(1, colours, size=(height, width)) if colours > 1 else np.ones((height, width), int)
            picture[rng.random(picture.shape) < rng.uniform(0.2, 0.7)] = 0
        yield picture, colours


def _check_against_sat(picture: np.ndarray, colours: int) -> str:
    """MULT must come with another solution (checked here); LINE or BRANCH must be what the
    independent model proves (no other solution). Asking that model for another solution
    of a MULT picture can take it minutes: the engine's answer is the proof instead."""
    rows, columns = grid_clues(picture)
    verdict = check_colour_drawing(picture, colours)
    if verdict.kind == Kind.MULT:
        _assert_solves(verdict.alternative, rows, columns)
        assert not np.array_equal(verdict.alternative, picture)
    else:
        assert verdict.kind in (Kind.LINE, Kind.BRANCH), (picture.tolist(), colours, verdict.kind)
        assert other_solution_by_block_starts(rows, columns, colours, picture) is None, picture.tolist()
    return verdict.kind


def test_colour_verdicts_against_an_independent_sat_model():
    rng = np.random.default_rng(11)
    kinds = [_check_against_sat(picture, colours) for picture, colours in _pictures_up_to_30(rng, 8, 15)]
    assert Kind.MULT in kinds
    assert (Kind.LINE in kinds or Kind.BRANCH in kinds)


def test_bare_clues_of_pictures_up_to_15x15_against_an_independent_sat_model():
    rng = np.random.default_rng(13)
    kinds = []
    for picture, colours in _pictures_up_to_30(rng, 8, 15):
        rows, columns = grid_clues(picture)
        verdict = check_colour(rows, columns, colours)
        _assert_solves(verdict.picture, rows, columns)
        if verdict.kind == Kind.MULT:
            _assert_solves(verdict.alternative, rows, columns)
            assert not np.array_equal(verdict.alternative, verdict.picture)
        else:
            assert verdict.kind in (Kind.LINE, Kind.BRANCH), (picture.tolist(), colours, verdict.kind)
            assert other_solution_by_block_starts(rows, columns, colours, verdict.picture) is None, picture.tolist()
        kinds.append(verdict.kind)
    assert Kind.MULT in kinds
    assert (Kind.LINE in kinds or Kind.BRANCH in kinds)


@pytest.mark.parametrize("seed", range(4))
def test_noise_whose_first_solution_the_search_does_not_find_soon_gets_one_by_decimation(seed):
    """20x20 noise, 60 % background: line logic leaves most cells open and the search
    finds no solution within its ``QUICK_GUESSES``; the quick first solution comes from
    decimation, and the check is MULT without the SAT stage."""
    rng = np.random.default_rng(seed)
    picture = rng.integers(1, COLOURS, size=(20, 20))
    picture[rng.random(picture.shape) < 0.6] = 0
    rows, columns = grid_clues(picture)
    puzzle = ColourClues(rows, columns, COLOURS)
    board = puzzle.board()
    puzzle.propagate(board)
    assert find_solution(puzzle, board.copy(), Task(), Lookahead(), budget=QUICK_GUESSES) is None
    first = _first_quickly(puzzle, board, Task(), Lookahead())
    _assert_solves(first, rows, columns)
    verdict = check_colour(rows, columns, COLOURS)
    assert verdict.kind == Kind.MULT
    assert verdict.decided_by == Stage.SEARCH
    _assert_solves(verdict.picture, rows, columns)
    _assert_solves(verdict.alternative, rows, columns)
    assert not np.array_equal(verdict.alternative, verdict.picture)


@pytest.mark.slow
def test_hundreds_of_colour_pictures_up_to_30x30_against_an_independent_sat_model():
    rng = np.random.default_rng(12)
    kinds = [_check_against_sat(picture, colours) for picture, colours in _pictures_up_to_30(rng, 300, 30)]
    assert {Kind.LINE, Kind.MULT} <= set(kinds)  # BRANCH is rare in random pictures (see the one-colour tests)


def test_puzzle_rejects_bad_colours():
    with pytest.raises(ValueError):
        ColourClues([[(1, 3)]], [[(1, 3)]], COLOURS)


@pytest.mark.parametrize("name", ["acorn", "alladin", "bird2", "rose", "spaceShuttle", "dvekocky", "oko",
                                  "nonogrid-UK"])
def test_colour_puzzles_of_other_tools(name):
    # pbnsolve 1.10 says each is a unique line solution, nonogrid's test says its UK flag is
    # solved by line logic (tests/data/colour/README.md)
    from pathlib import Path

    from tests.editor.nonogram.colour_reference import read_g

    rows, columns, colours = read_g(Path(__file__).parents[2] / "data" / "colour" / f"{name}.g")
    verdict = check_colour(rows, columns, colours)
    assert verdict.kind == Kind.LINE
    _assert_solves(verdict.picture, rows, columns)
    assert other_solution_by_block_starts(rows, columns, colours, verdict.picture) is None


@pytest.mark.parametrize("name", ["webpbn-00023-edge", "webpbn-00027-bucks", "webpbn-00065-mum",
                                  "webpbn-00006-cat", "gnonograms_spade"])
def test_a_two_colour_puzzle_gets_the_same_verdict_in_colour(name):
    # one colour and the background is a two-colour puzzle: the same class, sweeps and
    # open cells as the two-colour check (Edge, Bucks and Mum are BRANCH)
    from pathlib import Path

    from nonogram_editor.level.non_format import read_non
    from nonogram_editor.nonogram.verdict import check_puzzle

    puzzle = read_non(Path(__file__).parents[2] / "data" / "nonograms" / f"{name}.non")
    two_colour = check_puzzle(puzzle.row_clues, puzzle.column_clues)
    rows = [[(length, 1) for length in clue] for clue in puzzle.row_clues]
    columns = [[(length, 1) for length in clue] for clue in puzzle.column_clues]
    verdict = check_colour(rows, columns, 2)
    assert (verdict.kind, verdict.sweeps, verdict.open_cells) == (two_colour.kind, two_colour.sweeps,
                                                                 two_colour.open_cells)
    assert np.array_equal(verdict.picture, two_colour.picture.astype(int))
    assert verdict.line_counts() == two_colour.line_counts()


def test_random_one_colour_pictures_get_the_two_colour_verdict():
    from nonogram_editor.nonogram.verdict import check_drawing

    rng = np.random.default_rng(13)
    kinds = set()
    for _ in range(12):
        size = int(rng.integers(10, 25))
        picture = (rng.random((size, size)) >= rng.uniform(0.3, 0.5)).astype(int)
        verdict, two_colour = check_colour_drawing(picture, 2), check_drawing(picture.astype(bool))
        assert (verdict.kind, verdict.sweeps, verdict.open_cells) == (two_colour.kind, two_colour.sweeps,
                                                                     two_colour.open_cells)
        kinds.add(verdict.kind)
    assert kinds == {Kind.LINE, Kind.MULT}


def test_line_logic_only_and_the_previous_verdict():
    from nonogram_editor.nonogram.verdict import Stage

    drawing = np.zeros((6, 6), dtype=int)
    drawing[0, 0] = drawing[1, 1] = 1  # a switch: swaps with drawing[0, 1], drawing[1, 0]
    drawing[4, 2:5] = 2
    assert check_colour_drawing(drawing, COLOURS, line_logic_only=True).kind == Kind.STALLED
    first = check_colour_drawing(drawing, COLOURS)
    assert first.kind == Kind.MULT
    edited = drawing.copy()
    edited[5, 0] = 2  # away from the switch: the other solution carries over
    again = check_colour_drawing(edited, COLOURS, previous=first)
    assert again.kind == Kind.MULT
    assert again.decided_by == Stage.PREVIOUS
    assert again.alternative[5, 0] == 2
    assert not np.array_equal(again.alternative, edited)
    rows, columns = grid_clues(edited)
    _assert_solves(again.alternative, rows, columns)
    # an unrelated previous verdict changes nothing
    unique = np.array([[1, 2], [2, 1]])
    assert check_colour_drawing(unique, COLOURS, previous=first).kind == Kind.LINE
