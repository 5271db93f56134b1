"""Colour puzzles in the exchange formats: nonogram-db's colour .non (and .nonpack bundles), webpbn's
XML and Olsak's .g. Real files from other tools open; colour .non and webpbn XML written and read
back give equal clues, goal, palette and metadata; .g gives the clues and palette back."""
from pathlib import Path

import numpy as np
import pytest

from nonogram_editor.core.editor import Editor
from nonogram_editor.core.level_files import read_puzzle, write_puzzle
from nonogram_editor.level.clue_formats import format_g, parse_g
from nonogram_editor.level.colour import COLOUR, ColourPuzzle, colour_clues, level_kind
from nonogram_editor.level.non_format import NonFormatError, NonPuzzle, parse_non
from nonogram_editor.level.puzzle_formats import (
    PUZZLE_FORMATS,
    read_puzzle_file,
    read_puzzles,
    write_colour_puzzle_file,
    write_puzzle_file,
)

DATA = Path(__file__).parents[2] / "data"
COLOUR_DATA = DATA / "colour"
WHITE = (255, 255, 255)
COLOUR_SUFFIXES = [suffix for suffix, format in PUZZLE_FORMATS.items() if format.write_colour]


def random_colour_puzzle(seed: int, colours: int = 3, shape=(7, 9)) -> ColourPuzzle:
    rng = np.random.default_rng(seed)
    grid = rng.integers(0, colours + 1, size=shape)
    grid[2] = 0  # an empty row
    palette = [tuple(int(v) for v in rng.integers(0, 256, 3)) for _ in range(colours + 1)]
    palette[0] = WHITE if seed % 2 else (250, 240, 200)  # a background other than white too
    about = {"by": "Me & <you>", "copyright": "© 2026 me", "license": "CC0-1.0"}
    return ColourPuzzle.of_grid(grid, palette, "A colour test <&>", about)


def test_real_olsak_colour_files_open_with_their_palettes():
    acorn = read_puzzle_file(COLOUR_DATA / "acorn.g")  # colours by X11 name
    assert isinstance(acorn, ColourPuzzle)
    assert (acorn.width, acorn.height) == (50, 35)
    assert acorn.palette == [WHITE, (255, 255, 0), (255, 165, 0), (165, 42, 42), (255, 0, 0)]
    assert acorn.rows[2] == [(3, 3), (1, 1), (5, 4), (2, 4), (2, 1), (1, 2), (1, 1)]  # 3b 1y 5r 2r 2y 1o 1y
    rose = read_puzzle_file(COLOUR_DATA / "rose.g")  # colours by #rrggbb, every block with its colour
    assert len(rose.palette) == 8
    assert rose.palette[1] == (0x9C, 0xF2, 0x00)
    assert rose.rows[0] == [(1, 2)]
    bird = read_puzzle_file(COLOUR_DATA / "bird2.g")  # '1' declares the default colour of a bare number
    assert bird.palette == [WHITE, (0, 0, 255), (0, 0, 0)]
    assert (bird.width, bird.height) == (40, 30)
    assert any((length, 2) in line for line in bird.rows for length in range(1, 41))


def test_acorns_clues_are_read_as_pbnsolve_reads_them():
    """pbnsolve's unique solution of acorn.g (its output kept beside it) has exactly the clues
    read here: the colours of the blocks are taken as pbnsolve takes them."""
    acorn = read_puzzle_file(COLOUR_DATA / "acorn.g")
    rows = (COLOUR_DATA / "acorn.pbnsolve.txt").read_text().split()
    index = {".": 0, "y": 1, "o": 2, "b": 3, "r": 4}
    solution = np.array([[index[cell] for cell in row] for row in rows])
    assert colour_clues(solution) == (acorn.rows, acorn.columns)


def test_a_webpbn_set_reads_every_puzzle_and_its_colour_one_has_a_goal_that_fits():
    first, second = read_puzzles(DATA / "formats" / "ianprime0509-easy.xml")
    assert isinstance(first, NonPuzzle)
    assert isinstance(second, ColourPuzzle)
    assert second.title == "In a cheerful mood"
    assert second.metadata["by"] == "Ian Johnson"
    assert second.palette == [WHITE, (0, 0, 0), (0xAA, 0xAA, 0x5A)]
    assert second.goal_fits()
    assert read_puzzle_file(DATA / "formats" / "ianprime0509-easy.xml").title == first.title


def test_a_nonpack_bundle_reads_every_puzzle_with_its_license():
    spade, answer = read_puzzles(COLOUR_DATA / "nonogram-db-gnonograms.nonpack")
    assert spade.title == "Spade"
    assert answer.metadata["catalogue"] == "gnonograms 42.gno"
    assert spade.metadata["license"] == "CC-BY-SA-4.0"
    assert spade.goal_fits()
    assert answer.goal_fits()


@pytest.mark.parametrize("suffix", COLOUR_SUFFIXES)
@pytest.mark.parametrize("seed", range(6))
def test_a_colour_puzzle_written_and_read_back_is_equal(tmp_path, suffix, seed):
    """(A puzzle of one colour on its background is a two-colour puzzle to webpbn XML, see below.)"""
    puzzle = random_colour_puzzle(seed, colours=(1 if suffix != ".xml" else 2) + seed % 4)
    write_colour_puzzle_file(tmp_path / f"p{suffix}", puzzle)
    back = read_puzzle_file(tmp_path / f"p{suffix}")
    if suffix == ".g":  # clues, palette, title and metadata; no room for a goal
        assert back.goal is None
        back.goal = puzzle.goal
    if suffix == ".xml":  # webpbn has no element for a licence
        del puzzle.metadata["license"]
    assert back == puzzle


def test_one_colour_on_a_background_is_a_two_colour_puzzle_to_webpbn_xml(tmp_path):
    """Reading webpbn XML, the background and the default colour alone make a two-colour puzzle
    (as before colour puzzles were read), so its palette is not kept."""
    puzzle = random_colour_puzzle(1, colours=1)
    write_colour_puzzle_file(tmp_path / "p.xml", puzzle)
    back = read_puzzle_file(tmp_path / "p.xml")
    assert isinstance(back, NonPuzzle)
    assert np.array_equal(back.goal, puzzle.goal != 0)


def test_colour_non_follows_nonogram_dbs_format():
    puzzle = ColourPuzzle.of_grid(np.array([[1, 1, 2, 0], [0, 3, 3, 3]]), [WHITE, (255, 0, 0), (0, 255, 0), (0, 0, 0)])
    text = write_and_read_text(puzzle)
    assert "color a #ff0000\ncolor b #00ff00\ncolor c #000000\n" in text
    assert "\nrows\n2a,1b\n3c\n" in text
    assert 'goal "aab00ccc"' in text
    # a file may leave its colours undeclared (the program picks them) and a number without a letter
    loose = parse_non("width 3\nheight 1\nrows\n1x,2\ncolumns\n1x\n1\n1\ngoal \"x11\"\n")
    assert loose.rows == [[(1, 1), (2, 2)]]
    assert len(set(loose.palette)) == 3
    assert loose.goal_fits()


def write_and_read_text(puzzle: ColourPuzzle) -> str:
    from nonogram_editor.level.non_format import format_colour_non
    text = format_colour_non(puzzle)
    assert parse_non(text) == puzzle
    return text


@pytest.mark.parametrize("name", ["acorn.g", "rose.g", "bird2.g"])
def test_real_colour_files_export_back_equal_in_every_colour_format(tmp_path, name):
    original = read_puzzle_file(COLOUR_DATA / name)
    for suffix in COLOUR_SUFFIXES:
        write_colour_puzzle_file(tmp_path / f"back{suffix}", original)
        back = read_puzzle_file(tmp_path / f"back{suffix}")
        assert (back.rows, back.columns, back.palette) == (original.rows, original.columns, original.palette), suffix


def test_exporting_colour_to_a_two_colour_format_or_with_too_many_colours_says_so(tmp_path):
    with pytest.raises(ValueError, match=r"two-colour puzzles only; export a colour puzzle as \.non"):
        write_colour_puzzle_file(tmp_path / "p.nin", random_colour_puzzle(1))
    with pytest.raises(ValueError, match=".non holds at most 26 colours; this puzzle has 30"):
        write_colour_puzzle_file(tmp_path / "p.non", random_colour_puzzle(1, colours=30, shape=(20, 20)))


def test_g_export_reads_its_title_and_metadata_back():
    solution = np.eye(3, dtype=bool)
    back = parse_g(format_g(solution, 'The "eye"', {"by": "Me", "copyright": "© 2026\nme"}))
    assert back.title == "The 'eye'"
    assert back.metadata == {"by": "Me", "copyright": "© 2026 me"}
    # Olsak's own free-text comments are not metadata
    assert parse_g((COLOUR_DATA / "rose.g").read_text()).metadata == {}


def test_importing_a_colour_puzzle_opens_a_colour_level_that_exports_back_equal(tmp_path):
    source = DATA / "formats" / "ianprime0509-easy.xml"
    puzzle = read_puzzles(source)[1]
    imported = read_puzzle(source, index=1)
    assert level_kind(imported.about) == COLOUR
    assert imported.report is None
    assert np.array_equal(imported.level.picture, puzzle.picture())
    assert np.array_equal(imported.level.solution, puzzle.goal != 0)
    editor = Editor()
    editor.open_imported(imported, source)
    for suffix in (".non", ".xml"):
        editor.export_non(tmp_path / f"cheerful{suffix}")
        assert read_puzzle_file(tmp_path / f"cheerful{suffix}") == puzzle
    # a two-colour level exports as before, whatever its picture
    editor.transforms.convert_kind("two-colour")
    editor.export_non(tmp_path / "shape.non")
    assert isinstance(read_puzzle_file(tmp_path / "shape.non"), NonPuzzle)


def indices_in(picture: np.ndarray, palette) -> np.ndarray:
    """A picture as indices into ``palette`` (KeyError for a colour not in it)."""
    index = {colour: number for number, colour in enumerate(palette)}
    return np.array([[index[tuple(int(v) for v in cell)] for cell in row] for row in picture])


def test_a_colour_puzzle_without_a_goal_is_solved_on_import():
    puzzle = read_puzzle_file(COLOUR_DATA / "rose.g")
    imported = read_puzzle(COLOUR_DATA / "rose.g")
    assert imported.report.verdict.kind == "LINE"  # as pbnsolve says: a unique line solution
    assert level_kind(imported.about) == COLOUR
    assert colour_clues(indices_in(imported.level.picture, puzzle.palette)) == (puzzle.rows, puzzle.columns)


def test_two_colour_exports_are_unchanged_by_the_colour_formats(tmp_path):
    solution = np.random.default_rng(3).random((5, 6)) < 0.5
    for suffix in (".non", ".xml"):
        write_puzzle_file(tmp_path / f"p{suffix}", solution, "T", {"by": "Me"})
        back = read_puzzle_file(tmp_path / f"p{suffix}")
        assert isinstance(back, NonPuzzle)
        assert np.array_equal(back.goal, solution)
    write_puzzle(tmp_path / "q.non", solution, {"title": "T"}, picture=np.zeros((5, 6, 3), np.uint8))
    assert isinstance(read_puzzle_file(tmp_path / "q.non"), NonPuzzle)  # no kind in the info: two-colour


def _valid_texts() -> dict[str, bytes]:
    from nonogram_editor.level.clue_formats import format_colour_g
    from nonogram_editor.level.non_format import format_colour_non
    from nonogram_editor.level.webpbn_format import format_colour_webpbn

    puzzle = random_colour_puzzle(4, colours=3, shape=(5, 6))
    return {".non": format_colour_non(puzzle).encode(), ".xml": format_colour_webpbn(puzzle).encode(),
            ".g": format_colour_g(puzzle).encode()}


VALID = _valid_texts()


@pytest.mark.parametrize("suffix", sorted(VALID))
def test_a_mangled_colour_file_reads_or_gets_a_message_never_another_error(suffix):
    from hypothesis import given, settings

    from nonogram_editor.level.clue_formats import parse_g
    from nonogram_editor.level.webpbn_format import parse_webpbn_set
    from tests.editor.mangling import edited

    parse = {".non": lambda data: [parse_non(data.decode("latin-1"), "m.non")],
             ".g": lambda data: [parse_g(data.decode("latin-1"), "m.g")],
             ".xml": lambda data: parse_webpbn_set(data, "m.xml")}[suffix]

    @settings(max_examples=300, deadline=None)
    @given(edited(VALID[suffix], b"0123456789 ,:#\n\"<>/abcrxX|."))
    def check(data):
        try:
            puzzles = parse(data)
        except NonFormatError as error:
            assert str(error).startswith(f"m{suffix}: ")
            return
        for puzzle in puzzles:
            if isinstance(puzzle, ColourPuzzle):
                assert len(puzzle.rows) == puzzle.height
                assert len(puzzle.columns) == puzzle.width
                used = {colour for line in puzzle.rows + puzzle.columns for _, colour in line}
                assert used <= set(range(1, len(puzzle.palette)))
                assert puzzle.goal is None or puzzle.goal.shape == (puzzle.height, puzzle.width)

    check()


def test_a_bundle_written_back_reads_equal_colour_puzzles_among_them(tmp_path):
    from nonogram_editor.level.non_format import write_nonpack

    puzzles = read_puzzles(COLOUR_DATA / "nonogram-db-gnonograms.nonpack") + [random_colour_puzzle(2)]
    write_nonpack(tmp_path / "back.nonpack", puzzles)
    back = read_puzzles(tmp_path / "back.nonpack")
    assert len(back) == 3
    assert back[2] == puzzles[2]
    for original, again in zip(puzzles[:2], back[:2]):
        assert (again.row_clues, again.column_clues, again.title, again.metadata) == \
            (original.row_clues, original.column_clues, original.title, original.metadata)
        assert np.array_equal(again.goal, original.goal)
