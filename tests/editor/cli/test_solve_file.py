"""``nonogram-editor solve FILE`` for nonograms: every level and puzzle format (and standard
input) solved from its clues, as text, JSON or a level."""
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from nonogram_editor.cli.run import run_command
from nonogram_editor.level import load_level
from nonogram_editor.level.metadata import read_about
from nonogram_editor.level.puzzle_formats import read_puzzles

REPO = Path(__file__).parents[3]
DATA = REPO / "tests" / "data"
CAT = DATA / "nonograms" / "webpbn-00006-cat.non"


def rows_of(goal: np.ndarray, characters=".#") -> list[str]:
    return ["".join(characters[int(cell)] for cell in row) for row in goal]


@pytest.mark.parametrize("path", [CAT, DATA / "formats" / "webpbn-00001-dancer.xml", DATA / "formats" / "kocka.g",
                                  DATA / "formats" / "jwilk-data148.nin", REPO / "levels" / "heart.level"])
def test_solve_prints_the_solution_of_every_format(capsys, path):
    assert run_command(["solve", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}: LINE")
    grid = np.array([[cell == "#" for cell in line] for line in out[1:]])
    if path.suffix == ".level":
        assert np.array_equal(grid, load_level(path).solution)
    else:
        from nonogram_editor.level.clues import clues

        puzzle = read_puzzles(path)[0]
        assert clues(grid) == (puzzle.row_clues, puzzle.column_clues)
        assert puzzle.goal is None or np.array_equal(grid, puzzle.goal)


def test_a_colour_puzzle_prints_letters_after_a_legend(capsys):
    path = DATA / "colour" / "acorn.g"
    assert run_command(["solve", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    puzzle = read_puzzles(path)[0]
    assert out[1:6] == ["  . #ffffff", "  a #ffff00", "  b #ffa500", "  c #a52a2a", "  d #ff0000"]
    assert len(out[6:]) == puzzle.height
    assert out[6] == ".........a.................................aa....."


def test_json_and_a_level_written(tmp_path, capsys):
    path = DATA / "formats" / "ianprime0509-easy.xml"
    assert run_command(["solve", str(path), "--index", "1", "--json", "--output", str(tmp_path / "home")]) == 0
    record = json.loads(capsys.readouterr().out)
    puzzle = read_puzzles(path)[0]
    assert record["verdict"] == "BRANCH"
    assert record["unique"]
    assert record["found"]
    assert record["index"] == 1
    assert record["solution"] == rows_of(puzzle.goal, "01")
    assert record["written"] == str(tmp_path / "home.level")
    assert np.array_equal(load_level(tmp_path / "home.level").solution, puzzle.goal)
    assert read_about(tmp_path / "home.level")["title"] == "A place I like to be"


def test_several_solutions_or_none_exit_1(tmp_path, capsys):
    assert run_command(["solve", str(DATA / "formats" / "veze.g"), "--json"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["verdict"] == "MULT"
    assert record["found"]
    assert not record["unique"]
    assert "alternative" in record
    (tmp_path / "none.nin").write_text("2 2\n2\n0\n0\n1\n")
    assert run_command(["solve", str(tmp_path / "none.nin")]) == 1
    assert "CONTRADICTION" in capsys.readouterr().out


def test_standard_input_and_a_misnamed_file(tmp_path):
    solved = subprocess.run([sys.executable, "-m", "nonogram_editor", "solve", "-"], input=CAT.read_bytes(),
                            capture_output=True, cwd=REPO, timeout=120)
    assert solved.returncode == 0
    assert solved.stderr == b""
    assert solved.stdout.decode().splitlines()[1:] == rows_of(read_puzzles(CAT)[0].goal)
    (tmp_path / "dancer.pbn").write_bytes((DATA / "formats" / "webpbn-00001-dancer.xml").read_bytes())
    named = subprocess.run([sys.executable, "-m", "nonogram_editor", "solve", str(tmp_path / "dancer.pbn")],
                           capture_output=True, cwd=REPO, timeout=120, text=True)
    assert named.returncode == 0
    assert named.stdout.startswith(f"{tmp_path / 'dancer.pbn'}: LINE 5x10")


@pytest.mark.parametrize("args, says", [
    (["--list", "2"], "--list goes with a plugin's puzzle, not a nonogram file"),
    (["--count"], "--count goes with a plugin's puzzle, not a nonogram file"),
    (["--index", "3"], "--index 3: it holds 1 puzzle"),
])
def test_options_a_nonogram_has_not(capsys, args, says):
    assert run_command(["solve", str(CAT), *args]) == 2
    assert says in capsys.readouterr().err
