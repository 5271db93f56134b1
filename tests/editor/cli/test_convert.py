"""``nonogram-editor convert``: every pair of formats round-trips the files in tests/data (the
clues equal, the metadata where both formats hold it); what a target cannot hold is refused
(exit 2, naming the file); images go through File > Import Image's conversion."""
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from nonogram_editor.cli.run import run_command
from nonogram_editor.level import load_level
from nonogram_editor.level.clues import clues as clues_of_grid
from nonogram_editor.level.colour import COLOUR, ColourPuzzle, colour_puzzle_of_level, level_kind
from nonogram_editor.level.image_import import ImageSource
from nonogram_editor.level.metadata import read_about
from nonogram_editor.level.puzzle_formats import read_puzzles

REPO = Path(__file__).parents[3]
DATA = REPO / "tests" / "data"
SOURCES = {  # one file per format (two for some: colour, a set), from tests/data and the shipped levels
    "level": REPO / "levels" / "cat.level",
    "non": DATA / "nonograms" / "webpbn-00006-cat.non",
    "nonpack": DATA / "colour" / "nonogram-db-gnonograms.nonpack",
    "xml": DATA / "formats" / "webpbn-00001-dancer.xml",
    "xml-set": DATA / "formats" / "ianprime0509-easy.xml",
    "g": DATA / "formats" / "kocka.g",
    "g-colour": DATA / "colour" / "acorn.g",
    "nin": DATA / "formats" / "jwilk-data135.nin",
}
TARGETS = ["level", "non", "nonpack", "xml", "g", "nin"]
SHARED_KEYS = ("title", "by", "copyright", "catalogue")  # every format but .nin holds these


def convert(*args: str) -> int:
    return run_command(["convert", *map(str, args)])


def suffix(format: str) -> str:
    return "." + format.split("-")[0]


def what(path: Path, index: int = 0) -> tuple[list, list, dict]:
    """The clues (a colour puzzle's blocks by their RGB) and the metadata of a level or puzzle file."""
    if path.suffix == ".level":
        level, about = load_level(path), read_about(path)
        if level_kind(about) == COLOUR:
            return *_colour_clues(colour_puzzle_of_level(level, about)), about
        return *clues_of_grid(level.solution), about
    puzzle = read_puzzles(path)[index]
    about = ({"title": puzzle.title} if puzzle.title else {}) | puzzle.metadata
    if isinstance(puzzle, ColourPuzzle):
        return *_colour_clues(puzzle), about
    return puzzle.row_clues, puzzle.column_clues, about


def _colour_clues(puzzle: ColourPuzzle) -> tuple[list, list]:
    return tuple([[(length, puzzle.palette[colour]) for length, colour in line] for line in lines]
                 for lines in (puzzle.rows, puzzle.columns))


def is_colour(path: Path) -> bool:
    return path.suffix != ".level" and isinstance(read_puzzles(path)[0], ColourPuzzle)


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("target", TARGETS)
def test_every_pair_round_trips_clues_and_metadata(tmp_path, capsys, source, target):
    original = SOURCES[source]
    there, back = tmp_path / f"there{suffix(target)}", tmp_path / f"back{suffix(source)}"
    several = ["--index", "1"] if source in ("nonpack", "xml-set") else []
    status = convert(original, there, *several)
    if is_colour(original) and target == "nin":
        assert status == 2
        assert not there.exists()
        assert f"{there}: Wilk .nin puzzles hold two-colour puzzles only" in capsys.readouterr().err
        return
    assert status == 0, capsys.readouterr().err
    assert convert(there, back) == 0, capsys.readouterr().err
    rows, columns, about = what(original)
    for path in (there, back):
        assert what(path)[:2] == (rows, columns), path
    holds = {key: value for key, value in about.items() if key in SHARED_KEYS}
    if target != "nin":
        assert {key: what(back)[2].get(key) for key in holds} == holds
        assert {key: what(there)[2].get(key) for key in holds} == holds


def test_a_set_goes_whole_into_a_nonpack_or_a_webpbn_set_and_one_of_it_anywhere_else(tmp_path, capsys):
    source = SOURCES["xml-set"]
    assert convert(source, tmp_path / "all.nonpack", "--json") == 0
    assert json.loads(capsys.readouterr().out) == {"input": str(source), "output": str(tmp_path / "all.nonpack"),
                                                   "format": ".nonpack", "puzzles": 2, "warnings": []}
    assert [what(tmp_path / "all.nonpack", i)[:2] for i in (0, 1)] == [what(source, i)[:2] for i in (0, 1)]
    assert convert(tmp_path / "all.nonpack", tmp_path / "again.xml") == 0  # and back into one <puzzleset>
    assert [what(tmp_path / "again.xml", i) for i in (0, 1)] == [what(tmp_path / "all.nonpack", i) for i in (0, 1)]
    assert len(read_puzzles(tmp_path / "again.xml")) == 2
    for target in ("x.level", "x.non", "x.g"):
        assert convert(source, tmp_path / target, "--json") == 2
        record = json.loads(capsys.readouterr().out)
        assert record["path"] == str(source)
        assert "it holds 2 puzzles" in record["error"]
        assert "--index N" in record["error"]
        assert "convert to .nonpack or .xml" in record["error"]
        assert not (tmp_path / target).exists()
    assert convert(source, tmp_path / "second.level", "--index", "2") == 0
    assert what(tmp_path / "second.level")[:2] == what(source, 1)[:2]
    assert convert(source, tmp_path / "third.non", "--index", "3") == 2
    assert "--index 3: it holds 2 puzzles" in capsys.readouterr().err


def test_clues_with_several_solutions_become_a_level_with_a_warning(tmp_path, capsys):
    assert convert(DATA / "formats" / "veze.g", tmp_path / "veze.level") == 0
    assert "no unique solution: the clues have more than one; the first found is written" in capsys.readouterr().err
    assert what(tmp_path / "veze.level")[:2] == what(DATA / "formats" / "veze.g")[:2]


def test_clues_without_a_solution_write_nothing(tmp_path, capsys):
    (tmp_path / "none.nin").write_text("2 2\n2\n0\n0\n1\n")  # 2 cells across, 1 down: none fits
    assert convert(tmp_path / "none.nin", tmp_path / "none.level", "--json") == 1
    record = json.loads(capsys.readouterr().out)
    assert record["path"] == str(tmp_path / "none.nin")
    assert "CONTRADICTION" in record["error"]
    assert not (tmp_path / "none.level").exists()


@pytest.mark.parametrize("options, settings", [([], (30, 128, False, False, 8)),
                                               (["--size", "12", "--threshold", "90", "--invert", "--dither",
                                                 "--colours", "3"], (12, 90, True, True, 3))])
def test_an_image_becomes_the_level_import_image_makes(tmp_path, options, settings):
    rng = np.random.default_rng(7)
    pixels = (rng.random((40, 60, 3)) * 255).astype(np.uint8)
    pixels[10:30, 20:40] = (10, 20, 200)
    Image.fromarray(pixels).save(tmp_path / "photo.png")
    assert convert(tmp_path / "photo.png", tmp_path / "photo.level", *options) == 0
    size, threshold, invert, dither, colours = settings
    source = ImageSource.open(tmp_path / "photo.png")
    width, height = source.grid_size(size)
    level = load_level(tmp_path / "photo.level")
    assert np.array_equal(level.solution, source.solution(width, height, threshold, invert, dither))
    assert np.array_equal(level.picture, source.picture(width, height, colours))
    assert convert(tmp_path / "photo.png", tmp_path / "photo.g", *options) == 0
    assert what(tmp_path / "photo.g")[:2] == clues_of_grid(level.solution)


def test_standard_input_and_output_with_the_format_read_from_the_content():
    non = SOURCES["non"].read_bytes()
    to_xml = subprocess.run([sys.executable, "-m", "nonogram_editor", "convert", "-", "-", "--to", "xml"],
                            input=non, capture_output=True, cwd=REPO, timeout=120)
    assert to_xml.returncode == 0
    assert to_xml.stderr == b""
    back = subprocess.run([sys.executable, "-m", "nonogram_editor", "convert", "-", "-", "--to", "non"],
                          input=to_xml.stdout, capture_output=True, cwd=REPO, timeout=120)
    assert back.returncode == 0
    assert back.stdout.startswith(b'title "Cat"')
    assert b"\nrows\n2\n2\n1\n" in back.stdout
    level = subprocess.run([sys.executable, "-m", "nonogram_editor", "convert", "-", "-", "--to", "level"],
                           input=non, capture_output=True, cwd=REPO, timeout=120)
    assert level.returncode == 2
    assert level.stdout == b""
    assert b"a level is three files" in level.stderr


def test_a_damaged_image_on_standard_input_is_a_clear_error(tmp_path):
    Image.fromarray(np.random.default_rng(7).integers(0, 256, (20, 20, 3), dtype=np.uint8)).save(tmp_path / "photo.png")
    cut = subprocess.run([sys.executable, "-m", "nonogram_editor", "convert", "-", str(tmp_path / "photo.level")],
                         input=(tmp_path / "photo.png").read_bytes()[:200], capture_output=True, cwd=REPO, timeout=120)
    assert cut.returncode == 2
    assert cut.stdout == b""
    assert cut.stderr.decode() == ("error: -: cannot import the image: the file is cut short: "
                                   "it ends before the image does\n")


def test_what_a_target_cannot_be_is_a_usage_error(tmp_path, capsys):
    assert convert(SOURCES["non"], tmp_path / "x.docx", "--json") == 2
    record = json.loads(capsys.readouterr().out)
    assert record["path"] == str(tmp_path / "x.docx")
    assert "give --to FORMAT" in record["error"]
    assert convert(SOURCES["non"], tmp_path / "x.docx", "--to", "g") == 0
    assert what(tmp_path / "x.docx")[:2] == what(SOURCES["non"])[:2]
    assert convert(SOURCES["non"], "-", "--json") == 2
    assert json.loads(capsys.readouterr().out)["path"] == "-"
