"""The puzzle definition: loading, clear errors for bad files, geometry and the board's rotation."""
import json

import pytest

from nonogram_editor_builtins.pyramid import checker
from nonogram_editor_builtins.pyramid.model import DEFAULT_PATH, PuzzleDataError, load_puzzle


@pytest.fixture(scope="module")
def puzzle():
    return load_puzzle()


def test_shipped_definition_matches_the_seed(puzzle):
    assert len(puzzle.pieces) == len(puzzle.positions) == 16
    assert puzzle.rows == 4
    # seed: Piece(a, b, c) is in, in, out (pieces 0-7); Piece(a, b, c, true) is in, out, out (8-15)
    for number, connectors in enumerate(puzzle.pieces):
        outs = [c.outward for c in connectors]
        assert outs == ([False, False, True] if number < 8 else [False, True, True])
    spade, diamond, heart = (next(i for i, s in enumerate(puzzle.suits) if s.name == name)
                             for name in ("spade", "diamond", "heart"))
    assert [c.suit for c in puzzle.pieces[0]] == [spade, diamond, heart]
    assert [c.suit for c in puzzle.pieces[15]] == [spade, heart, diamond]


def test_neighbour_table_agrees_with_the_geometry(puzzle):
    edges = checker.shared_edges(puzzle)
    assert len(edges) == 18  # 16 triangles x 3 sides = 48 = 12 on the border + 2 x 18
    across = {}
    for p, p_side, q, q_side in edges:
        across[p, p_side] = q
        across[q, q_side] = p
    for p, pos in enumerate(puzzle.positions):
        for side, q in enumerate(pos.neighbours):
            assert across.get((p, side)) == q, (p, side)


def test_rotation_of_the_board(puzzle):
    target, shift = puzzle.rotation
    assert sorted(target) == list(range(16))
    assert puzzle.center == 9
    assert shift[puzzle.center] % 3 != 0  # the middle piece turns: the symmetry reduction relies on it
    three_turns = [target[target[target[p]]] for p in range(16)]
    assert three_turns == list(range(16))
    # corners go to corners, in one 3-cycle
    assert {target[0], target[6], target[15]} == {0, 6, 15}
    assert target[0] != 0


def write(tmp_path, data):
    path = tmp_path / "bad.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def shipped():
    return json.loads(DEFAULT_PATH.read_text(encoding="utf-8"))


@pytest.mark.parametrize("mangle, words", [
    (lambda d: "{not json", "not valid JSON"),
    (lambda d: {**d, "pieces": []}, "'pieces' must be a non-empty list"),
    (lambda d: {**d, "pieces": [["S in", "D in"]] + d["pieces"][1:]}, "piece 0"),
    (lambda d: {**d, "pieces": [["S in", "D in", "X out"]] + d["pieces"][1:]}, "'X out'"),
    (lambda d: {**d, "pieces": d["pieces"][:15]}, "15 pieces for 16 positions"),
    (lambda d: {**d, "positions": [{**d["positions"][0], "neighbours": [None, None, 2]}] + d["positions"][1:]},
     "position 0 lists 2 across side 2, but 2 does not list 0"),
    (lambda d: {**d, "positions": [{**d["positions"][0], "row": 5}] + d["positions"][1:]}, "tile a triangle"),
])
def test_bad_files_get_a_clear_message(tmp_path, mangle, words):
    path = write(tmp_path, mangle(shipped()))
    with pytest.raises(PuzzleDataError) as error:
        load_puzzle(path)
    assert str(path) in str(error.value)
    assert words in str(error.value)


def test_missing_file_is_named(tmp_path):
    with pytest.raises(PuzzleDataError, match="cannot read"):
        load_puzzle(tmp_path / "nowhere.json")


def test_command_line_reports_a_broken_data_file_without_a_traceback(tmp_path, monkeypatch, capsys):
    from nonogram_editor.cli.run import run_command
    from nonogram_editor_builtins.pyramid import model

    broken = write(tmp_path, {**shipped(), "pieces": shipped()["pieces"][:3]})
    monkeypatch.setattr(model, "DEFAULT_PATH", broken)
    assert run_command(["puzzles"]) == 0
    err = capsys.readouterr().err
    assert "plugin 'pyramid' skipped" in err
    assert str(broken) in err
    assert "3 pieces for 16 positions" in err
    assert "Traceback" not in err
