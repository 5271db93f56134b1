"""Simpson's .non format: the real files, round trips, and clear errors for bad files."""
import numpy as np
import pytest
from hypothesis import given, settings

from nonogram_editor.level import LevelError
from nonogram_editor.level.clues import clues
from nonogram_editor.level.non_format import NonFormatError, NonPuzzle, format_non, parse_non, read_non, write_non
from tests.editor.mangling import edited
from tests.editor.nonogram.reference import NONOGRAMS

REAL_FILES = sorted(path.name for path in NONOGRAMS.glob("*.non"))


@pytest.mark.parametrize("name", REAL_FILES)
def test_real_files_read_and_round_trip(name, tmp_path):
    puzzle = read_non(NONOGRAMS / name)
    assert len(puzzle.row_clues) == puzzle.height
    assert len(puzzle.column_clues) == puzzle.width
    assert puzzle.goal.shape == (puzzle.height, puzzle.width)
    assert puzzle.goal_fits()
    assert puzzle.title
    assert "by" in puzzle.metadata
    copy = tmp_path / name
    write_non(copy, puzzle.goal, title=puzzle.title, metadata=puzzle.metadata)
    again = read_non(copy)
    assert again.row_clues == puzzle.row_clues
    assert again.column_clues == puzzle.column_clues
    assert np.array_equal(again.goal, puzzle.goal)
    assert again.title == puzzle.title
    assert again.metadata == puzzle.metadata


def test_dancer_is_read_exactly():
    puzzle = read_non(NONOGRAMS / "webpbn-00001-dancer.non")
    assert (puzzle.width, puzzle.height, puzzle.title) == (5, 10, "Dancer")
    assert puzzle.row_clues[:3] == [[2], [2, 1], [1, 1]]
    assert puzzle.column_clues == [[2, 1], [2, 1, 3], [7], [1, 3], [2, 1]]
    assert puzzle.goal[0].tolist() == [False, True, True, False, False]
    assert puzzle.metadata["catalogue"] == "webpbn.com #1"


def test_random_drawings_round_trip_with_empty_lines(tmp_path):
    rng = np.random.default_rng(4)
    for index in range(30):
        height, width = rng.integers(1, 40, size=2)
        drawing = rng.random((height, width)) < rng.choice([0.0, 0.3, 0.7])
        drawing[rng.integers(height)] = False  # an empty row: clue "0"
        path = tmp_path / f"d{index}.non"
        write_non(path, drawing, title=f"Drawing {index}")
        puzzle = read_non(path)
        rows, columns = clues(drawing)
        assert puzzle.row_clues == rows
        assert puzzle.column_clues == columns
        assert np.array_equal(puzzle.goal, drawing)
        assert puzzle.title == f"Drawing {index}"


def test_lenient_spelling_is_accepted():
    text = "title Plain\nwidth 3\nheight 2\n\nrows\n1 1\n0\n\ncolumns\n1\n\n1\n\n"
    puzzle = parse_non(text)
    assert puzzle.row_clues == [[1, 1], []]
    assert puzzle.column_clues == [[1], [], [1]]
    assert puzzle.goal is None
    assert not puzzle.goal_fits()


@pytest.mark.parametrize("text, message", [
    ("height 2\nrows\n1\n1\ncolumns\n1\n", "no 'width' line"),
    ("width two\nheight 1\n", "'width' is not a whole number"),
    ("width 2\nheight 2\nrows\n1\ncolumns\n1\n1\n", "'rows' has 1 clue lines, but the puzzle has 2 rows"),
    ("width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n", "does not fit in 2 cells"),
    ("width 2\nheight 1\nrows\n1,0\ncolumns\n1\n0\n", "a clue number is 0"),
    ("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"1\"\n", "the goal has 1 cells"),
    ("width 2\nheight 1\ncolumns\n1\n0\n", "no 'rows' section"),
])
def test_bad_files_name_the_file_and_the_fault(tmp_path, text, message):
    path = tmp_path / "bad.non"
    path.write_text(text)
    with pytest.raises(NonFormatError) as caught:
        read_non(path)
    assert isinstance(caught.value, LevelError)
    assert str(path) in str(caught.value)
    assert message in str(caught.value)


def test_missing_file_and_unwritable_folder(tmp_path):
    with pytest.raises(LevelError, match="missing.non"):
        read_non(tmp_path / "missing.non")
    with pytest.raises(LevelError, match="nowhere"):
        write_non(tmp_path / "nowhere" / "x.non", np.ones((2, 2), dtype=bool))


def test_format_needs_a_grid():
    with pytest.raises(ValueError):
        format_non(np.zeros((0, 3), dtype=bool))


VALID_NON = format_non(np.random.default_rng(9).random((6, 7)) < 0.5, title="t")


@settings(max_examples=600, deadline=None)
@given(edited(VALID_NON.encode(), b"0123456789 ,\n\"-#abx"))
def test_mangled_non_text_parses_or_raises_non_format_error(data):
    try:
        puzzle = parse_non(data.decode("latin-1"), "m.non")
    except NonFormatError as error:
        assert str(error).startswith("m.non: ")
    else:  # a letter after a number makes a colour puzzle
        rows, columns = (puzzle.row_clues, puzzle.column_clues) if isinstance(puzzle, NonPuzzle) else \
            (puzzle.rows, puzzle.columns)
        assert len(rows) == puzzle.height
        assert len(columns) == puzzle.width
