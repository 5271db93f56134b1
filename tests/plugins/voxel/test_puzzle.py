"""The puzzle file format: shipped files load, bad files get clear errors naming file and problem."""
import json

import pytest

from nonogram_editor_builtins.voxel.model import PuzzleFileError, load_puzzle, shipped_puzzle_paths

GOOD = {"title": "tiny", "mirror": False, "target": {"box": [2, 2, 1]},
        "pieces": [{"name": "domino", "cells": [[0, 0], [1, 0]], "copies": 2, "colour": "#ff0000"}]}


def write(tmp_path, data, name="puzzle.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def test_shipped_puzzles_load_with_their_sizes():
    puzzles = {p.stem: load_puzzle(p) for p in shipped_puzzle_paths()}
    assert list(puzzles) == ["tetris-cube", "y25", "soma", "pentominoes-6x10"]
    tetris = puzzles["tetris-cube"]
    assert tetris.id == "voxel-tetris-cube"
    assert tetris.size == (4, 4, 4)
    assert tetris.piece_count == 12
    assert puzzles["y25"].piece_count == 25
    assert len(puzzles["y25"].target) == 125
    assert puzzles["soma"].size == (3, 3, 3)
    assert puzzles["pentominoes-6x10"].size == (10, 6, 1)


def test_good_file_round_trip(tmp_path):
    puzzle = load_puzzle(write(tmp_path, GOOD, "my-box.json"))
    assert puzzle.id == "voxel-my-box"
    assert puzzle.pieces[0].cells == ((0, 0, 0), (1, 0, 0))
    assert puzzle.pieces[0].colour == (255, 0, 0)
    assert puzzle.target == ((0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0))


def test_layers_and_holes_describe_the_same_target(tmp_path):
    holes = dict(GOOD, target={"box": [3, 2, 1], "holes": [[2, 0, 0], [2, 1, 0]]})
    layers = dict(GOOD, target={"layers": [["##.", "##."]]})
    assert load_puzzle(write(tmp_path, holes, "a.json")).target == load_puzzle(write(tmp_path, layers, "b.json")).target


@pytest.mark.parametrize("change, message", [
    ("{not json", "not valid JSON"),
    ({"pieces": []}, "missing \"target\""),
    (dict(GOOD, extra=1), "unknown key \"extra\""),
    (dict(GOOD, target={"box": [2, 0, 1]}), "three positive integers"),
    (dict(GOOD, pieces=[{"name": "d", "cells": [[0, 0], [1, 0]], "copies": 0}]), "positive integer"),
    (dict(GOOD, pieces=[{"name": "d", "cells": [[0, 0], [2, 0]], "copies": 2}]), "not connected"),
    (dict(GOOD, pieces=[{"name": "d", "cells": [[0, 0], [0, 0]], "copies": 2}]), "listed twice"),
    (dict(GOOD, pieces=[{"name": "d", "cells": [[0, 0, "x"]], "copies": 4}]), "list of 3 integers"),
    (dict(GOOD, pieces=[{"name": "d", "cells": [[0, 0], [1, 0]], "colour": "red", "copies": 2}]), "#rrggbb"),
    (dict(GOOD, pieces=[{"name": "d", "cells": [[0, 0], [1, 0]]}]), "2 cells in all but the target has 4"),
    (dict(GOOD, pieces=[{"name": "a", "cells": [[0, 0], [1, 0]]}, {"name": "b", "cells": [[0, 0], [0, 1]]}]),
     "same shape as piece 'a'"),
    (dict(GOOD, target={"box": [2, 2, 1], "holes": [[5, 5, 5]]}), "outside the box"),
])
def test_bad_files_name_the_file_and_the_problem(tmp_path, change, message):
    path = write(tmp_path, change)
    with pytest.raises(PuzzleFileError) as error:
        load_puzzle(path)
    assert str(error.value).startswith(str(path))
    assert message in str(error.value)


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(PuzzleFileError, match="cannot read"):
        load_puzzle(tmp_path / "nope.json")


def test_a_piece_that_fits_nowhere_is_reported(tmp_path):
    from nonogram_editor_builtins.voxel.solver import build_cover

    data = dict(GOOD, target={"box": [4, 1, 1]}, pieces=[{"name": "L", "cells": [[0, 0], [1, 0], [0, 1], [1, 1]]}])
    path = write(tmp_path, data)
    with pytest.raises(PuzzleFileError, match="piece 'L' fits nowhere"):
        build_cover(load_puzzle(path))
