"""``check`` and ``fix`` on colour levels and colour puzzle files (issue 27)."""
import json
from pathlib import Path

import numpy as np
import pytest

from nonogram_editor.cli.check import run_check
from nonogram_editor.level import save_level
from nonogram_editor.level.colour import ColourPuzzle, colour_clues, colour_level
from nonogram_editor.level.metadata import format_about
from nonogram_editor.level.puzzle_formats import read_puzzle_file, read_puzzles, write_colour_puzzle_file

DATA = Path(__file__).parents[2] / "data"
COLOUR_DATA = DATA / "colour"
PALETTE = [(255, 255, 255), (220, 40, 40), (40, 110, 220), (250, 215, 50)]


def _records(capsys) -> list[dict]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def _grid(rows: list[str]) -> np.ndarray:
    return np.array([[int(cell) for cell in row] for row in rows])


@pytest.mark.parametrize("name", ["acorn.g", "bird2.g", "rose.g", "spaceShuttle.g", "dvekocky.g", "oko.g",
                                  "nonogrid-UK.g"])
def test_olsak_colour_files_pbnsolve_calls_unique_are_line(name, capsys):
    path = COLOUR_DATA / name
    assert run_check([str(path)], as_json=True) == 0
    [record] = _records(capsys)
    puzzle = read_puzzle_file(path)
    assert record["kind"] == "colour"
    assert record["verdict"] == "LINE"
    assert record["palette"] == ["#{:02x}{:02x}{:02x}".format(*colour) for colour in puzzle.palette]
    solution = np.array([[int(cell, 36) for cell in row] for row in record["solution"]])
    assert colour_clues(solution) == (puzzle.rows, puzzle.columns)


def test_acorns_solution_is_pbnsolves(capsys):
    assert run_check([str(COLOUR_DATA / "acorn.g")], as_json=True) == 0
    [record] = _records(capsys)
    letters = {".": "0", "y": "1", "o": "2", "b": "3", "r": "4"}  # the order acorn.g declares them
    pbnsolve = (COLOUR_DATA / "acorn.pbnsolve.txt").read_text().split()
    assert record["solution"] == ["".join(letters[cell] for cell in row) for row in pbnsolve]


def test_a_colour_level_is_checked_in_colour_and_its_other_solution_fits(tmp_path, capsys):
    # the top two rows' red and blue pairs can shift by a column each, in opposite ways
    grid = _grid(["1020", "0102", "0000", "3333"])
    picture = np.asarray(PALETTE, dtype=np.uint8)[grid]
    level, about = colour_level(picture, PALETTE[0])
    save_level(level, tmp_path / "swap.level", format_about(about).encode())
    assert run_check([str(tmp_path / "swap.level")], as_json=True) == 1
    [record] = _records(capsys)
    assert record["kind"] == "colour"
    assert record["palette"] == ["#ffffff", "#dc2828", "#286edc", "#fad732"]
    assert record["verdict"] == "MULT"
    assert record["solution"] == ["1020", "0102", "0000", "3333"]
    alternative = _grid(record["alternative"])
    assert colour_clues(alternative) == colour_clues(grid)
    assert not np.array_equal(alternative, grid)
    assert record["differing_cells"] == [[row + 1, column + 1] for row, column in zip(*np.nonzero(alternative != grid))]

    assert run_check([str(tmp_path / "swap.level")]) == 1
    assert "swap.level: MULT          4x4 4 colours" in capsys.readouterr().out


def test_two_colour_levels_say_their_kind(capsys):
    assert run_check([str(DATA.parents[1] / "levels" / "rocket.level")], as_json=True, grade=True) == 0
    [record] = _records(capsys)
    assert record["kind"] == "two-colour"
    assert "palette" not in record
    assert "grade" in record


@pytest.mark.parametrize("suffix", [".non", ".xml", ".g"])
def test_colour_exchange_files_written_here_check_as_their_level(suffix, tmp_path, capsys):
    grid = _grid(["0110", "1221", "1331", "0110"])
    write_colour_puzzle_file(tmp_path / f"drop{suffix}", ColourPuzzle.of_grid(grid, PALETTE, "Drop"))
    assert run_check([str(tmp_path / f"drop{suffix}")], as_json=True) in (0, 1)
    [record] = _records(capsys)
    assert record["kind"] == "colour"
    assert len(record["palette"]) == 4
    assert colour_clues(_grid(record["solution"])) == colour_clues(grid)


def test_the_colour_puzzle_of_a_webpbn_set(capsys):
    assert run_check([str(DATA / "formats" / "ianprime0509-easy.xml")], as_json=True) in (0, 1)
    first, second = _records(capsys)
    assert (first["kind"], second["kind"]) == ("two-colour", "colour")
    assert second["puzzle"] == 2
    assert second["palette"] == ["#ffffff", "#000000", "#aaaa5a"]
    # pbnsolve 1.10 (built with libxml2, pbnsolve -u -n2) says it is a unique line solution: its goal
    goal = read_puzzles(DATA / "formats" / "ianprime0509-easy.xml")[1].goal
    assert second["verdict"] == "LINE"
    assert np.array_equal(_grid(second["solution"]), goal)


def test_solve_and_check_count_a_colour_puzzles_colours_alike(capsys):
    """Both count the background, as webpbn does (a black-and-white puzzle has two colours)."""
    from nonogram_editor.cli.solve_file import run_solve_file

    path = COLOUR_DATA / "acorn.g"
    colours = len(read_puzzle_file(path).palette)
    assert run_check([str(path)], grade=False) == 0
    checked = capsys.readouterr().out
    assert run_solve_file(str(path)) == 0
    solved = capsys.readouterr().out
    assert f" {colours} colours " in checked
    assert f" {colours} colours " in solved
