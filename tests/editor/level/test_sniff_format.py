"""The format of a puzzle file read from its content (sniff_format): every format, as other
programs write it (tests/data) and as the editor writes it; misnamed files read all the same."""
import shutil
from pathlib import Path

import numpy as np
import pytest

from nonogram_editor.level.colour import ColourPuzzle
from nonogram_editor.level.non_format import NonFormatError, write_nonpack
from nonogram_editor.level.puzzle_formats import (
    PUZZLE_FORMATS,
    parse_puzzles,
    read_puzzles,
    sniff_format,
    write_colour_puzzle_file,
    write_puzzle_file,
)

DATA = Path(__file__).parents[2] / "data"
THEIRS = {  # files other programs wrote, one or more per format
    ".non": ["nonograms/webpbn-00006-cat.non", "hard/domino-7.non", "nonograms/gnonograms_42.non"],
    ".nonpack": ["colour/nonogram-db-gnonograms.nonpack"],
    ".xml": ["formats/webpbn-00001-dancer.xml", "formats/ianprime0509-easy.xml"],
    ".g": ["formats/kocka.g", "formats/veze.g", "colour/acorn.g", "colour/nonogrid-UK.g"],
    ".nin": ["formats/jwilk-data135.nin", "formats/jwilk-data148.nin"],
}
DRAWING = np.array([[1, 0, 1], [1, 1, 0]], dtype=bool)
COLOUR = ColourPuzzle.of_grid(np.array([[1, 0, 2], [2, 2, 0]]), [(255, 255, 255), (200, 0, 0), (0, 0, 200)], "Two")


@pytest.mark.parametrize("suffix, name", [(suffix, name) for suffix, names in THEIRS.items() for name in names])
def test_their_files_are_recognised(suffix, name):
    assert sniff_format((DATA / name).read_bytes()) is PUZZLE_FORMATS[suffix]


@pytest.mark.parametrize("suffix", PUZZLE_FORMATS)
def test_what_the_editor_writes_is_recognised(tmp_path, suffix):
    path = tmp_path / f"x{suffix}"
    write_puzzle_file(path, DRAWING, "X", {"by": "me"})
    assert sniff_format(path.read_bytes()) is PUZZLE_FORMATS[suffix if suffix != ".nonpack" else ".non"]
    if PUZZLE_FORMATS[suffix].write_colour:
        write_colour_puzzle_file(path, COLOUR)
        assert sniff_format(path.read_bytes()) is PUZZLE_FORMATS[suffix if suffix != ".nonpack" else ".non"]


def test_a_bundle_of_several_is_a_nonpack(tmp_path):
    path = tmp_path / "two.nonpack"
    write_nonpack(path, read_puzzles(DATA / "formats/ianprime0509-easy.xml"))
    assert sniff_format(path.read_bytes()) is PUZZLE_FORMATS[".nonpack"]


@pytest.mark.parametrize("data", [b"", b"# Some notes\nnothing here\n", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
                                  (DATA / "formats/README.md").read_bytes(), b"P1\n2 2\n0 1\n1 0\n"])
def test_anything_else_is_no_format(data):
    assert sniff_format(data) is None


@pytest.mark.parametrize("name, misnamed", [("formats/webpbn-00001-dancer.xml", "dancer.pbn"),
                                            ("nonograms/webpbn-00006-cat.non", "cat.txt"),
                                            ("formats/webpbn-00001-dancer.xml", "dancer.non"),
                                            ("formats/kocka.g", "kocka.nin")])
def test_a_misnamed_file_is_read_in_the_format_its_content_shows(tmp_path, name, misnamed):
    shutil.copy(DATA / name, tmp_path / misnamed)
    read, expected = read_puzzles(tmp_path / misnamed), read_puzzles(DATA / name)
    assert [(p.row_clues, p.column_clues, p.title, p.metadata) for p in read] == \
        [(p.row_clues, p.column_clues, p.title, p.metadata) for p in expected]


def test_content_in_no_format_is_refused_naming_the_file(tmp_path):
    (tmp_path / "notes.txt").write_text("shopping list\n")
    with pytest.raises(NonFormatError, match=r"notes.txt: not a level or puzzle file: neither its name nor"):
        read_puzzles(tmp_path / "notes.txt")
    with pytest.raises(NonFormatError, match=r"^-: not a level or puzzle file"):
        parse_puzzles(b"hello")
