"""Colour puzzles as a level kind (nonogram_editor.level.colour): clues, palettes, the kind in NAME.about,
and converting a level between the kinds (in the core, one undo step)."""
import itertools

import numpy as np
import pytest

from nonogram_editor.core.editor import Editor
from nonogram_editor.core.level_files import write_level
from nonogram_editor.level.colour import (
    COLOUR,
    TWO_COLOUR,
    ColourPuzzle,
    clue_length,
    colour_clues,
    colour_level,
    colour_line_clue,
    colour_puzzle_of_level,
    colour_solution,
    convert_level,
    indexed_picture,
    level_background,
    level_kind,
    level_of_colour_puzzle,
    likely_background,
    with_kind,
)
from nonogram_editor.level.metadata import non_metadata, read_about
from nonogram_editor.level.model import Level, load_level

WHITE, RED, BLUE, BLACK = (255, 255, 255), (220, 40, 40), (40, 110, 220), (0, 0, 0)


def blocks_by_brute_force(line) -> list[tuple[int, int]]:
    """The blocks of a line, cell by cell: a block goes on while the colour stays the same."""
    blocks = []
    for index, colour in enumerate(line):
        if colour and index and line[index - 1] == colour:
            blocks[-1] = (blocks[-1][0] + 1, colour)
        elif colour:
            blocks.append((1, colour))
    return blocks


def test_colour_line_clues_of_every_line_up_to_length_6_with_3_colours():
    for length in range(0, 7):
        for line in itertools.product(range(4), repeat=length):
            assert colour_line_clue(np.array(line, dtype=np.int32)) == blocks_by_brute_force(line), line


def test_clues_of_a_grid_and_the_cells_a_clue_needs():
    grid = np.array([[1, 1, 2, 0, 2], [0, 0, 0, 0, 0], [3, 0, 3, 3, 1]])
    rows, columns = colour_clues(grid)
    assert rows == [[(2, 1), (1, 2), (1, 2)], [], [(1, 3), (2, 3), (1, 1)]]
    assert columns == [[(1, 1), (1, 3)], [(1, 1)], [(1, 2), (1, 3)], [(1, 3)], [(1, 2), (1, 1)]]
    assert clue_length(rows[0]) == 5
    assert clue_length(rows[2]) == 5
    assert clue_length([(2, 1), (1, 2)]) == 3
    assert clue_length([]) == 0


def test_a_pictures_palette_starts_with_the_background_then_its_colours_in_reading_order():
    picture = np.array([[RED, WHITE, BLUE], [BLUE, RED, BLACK]], dtype=np.uint8)
    grid, palette = indexed_picture(picture, WHITE)
    assert palette == [WHITE, RED, BLUE, BLACK]
    assert grid.tolist() == [[1, 0, 2], [2, 1, 3]]
    assert np.array_equal(np.asarray(palette, dtype=np.uint8)[grid], picture)
    grid, palette = indexed_picture(picture, (1, 2, 3))  # a background the picture does not show
    assert palette[0] == (1, 2, 3)
    assert (grid > 0).all()
    assert colour_solution(picture, WHITE).tolist() == [[True, False, True], [True, True, True]]


def test_a_colour_puzzle_refuses_a_colour_outside_its_palette_and_compares_by_value():
    with pytest.raises(ValueError, match="not in the palette"):
        ColourPuzzle([[(1, 2)]], [[(1, 2)]], [WHITE, RED])
    with pytest.raises(ValueError, match="background and at least one colour"):
        ColourPuzzle([[]], [[]], [WHITE])
    grid = np.array([[1, 2], [0, 1]])
    puzzle = ColourPuzzle.of_grid(grid, [WHITE, RED, BLUE], "T", {"by": "me"})
    assert puzzle == ColourPuzzle.of_grid(grid.copy(), [WHITE, RED, BLUE], "T", {"by": "me"})
    assert puzzle != ColourPuzzle.of_grid(grid[::-1], [WHITE, RED, BLUE], "T", {"by": "me"})
    assert puzzle.goal_fits()
    assert (puzzle.width, puzzle.height) == (2, 2)
    puzzle.goal = grid[::-1].copy()
    assert not puzzle.goal_fits()


def test_the_kind_lives_in_the_level_info_and_defaults_to_two_colour():
    assert level_kind({}) == TWO_COLOUR
    assert level_kind({"kind": "something newer"}) == TWO_COLOUR
    about = with_kind({"title": "Cat", "background": "#000000"}, COLOUR, (10, 20, 30))
    assert about == {"title": "Cat", "kind": "colour", "background": "#0a141e"}
    assert level_kind(about) == COLOUR
    assert level_background(about) == (10, 20, 30)
    assert with_kind(about, TWO_COLOUR) == {"title": "Cat"}
    assert non_metadata(about) == ("Cat", {})  # the kind belongs to the level, not to an export's metadata
    with pytest.raises(ValueError):
        with_kind({}, "three-colour")


def test_a_colour_level_saves_as_a_trio_the_seed_game_reads_with_its_kind_beside_it(tmp_path):
    picture = np.array([[RED, BLUE, WHITE], [WHITE, RED, RED]], dtype=np.uint8)
    level, about = colour_level(picture, WHITE, {"title": "Flag"})
    write_level(level, about, tmp_path / "flag.level")
    loaded, info = load_level(tmp_path / "flag.level"), read_about(tmp_path / "flag.level")
    assert loaded.solution.tolist() == [[True, True, False], [False, True, True]]  # the .pbm: not background
    assert np.array_equal(loaded.picture, picture)
    assert level_kind(info) == COLOUR
    assert info["title"] == "Flag"
    puzzle = colour_puzzle_of_level(loaded, info)
    assert puzzle.palette == [WHITE, RED, BLUE]
    assert puzzle.rows == [[(1, 1), (1, 2)], [(2, 1)]]
    assert puzzle.title == "Flag"
    assert puzzle.metadata == {}
    assert level_of_colour_puzzle(puzzle) == (Level(loaded.solution, picture), info)


def test_converting_is_pure_and_two_ways_lossless():
    solution = np.array([[True, True, False], [False, True, False]])
    picture = np.array([[RED, BLUE, WHITE], [WHITE, RED, WHITE]], dtype=np.uint8)
    level, about = Level(solution, picture), {"title": "x"}
    assert likely_background(level) == WHITE
    colour, colour_about = convert_level(level, about, COLOUR)
    assert about == {"title": "x"}
    assert level == Level(solution, picture)
    assert level_kind(colour_about) == COLOUR
    assert np.array_equal(colour.solution, solution)
    back, back_about = convert_level(colour, colour_about, TWO_COLOUR)
    assert back == level
    assert back_about == about
    # a picture on a dark background: the colour the empty cells show is the background
    dark = np.where(solution[..., None], picture, np.uint8(0))
    colour, colour_about = convert_level(Level(solution, dark), {}, COLOUR)
    assert level_background(colour_about) == BLACK
    assert np.array_equal(colour.solution, solution)


def test_the_editor_converts_a_level_in_one_undo_step():
    editor = Editor()
    editor.new(3, 2)
    editor.document.picture[:2, :3] = np.array([[RED, BLUE, WHITE], [WHITE, RED, WHITE]], dtype=np.uint8)
    editor.set_about({"title": "x"})
    assert editor.kind == TWO_COLOUR
    editor.transforms.convert_kind(COLOUR)
    assert editor.kind == COLOUR
    assert editor.document.about["background"] == "#ffffff"
    assert editor.document.visible_solution().tolist() == [[True, True, False], [False, True, False]]
    assert editor.history.undo_label() == "Convert to a colour level"
    assert len(editor.history) == 2
    editor.undo()
    assert editor.kind == TWO_COLOUR
    assert not editor.document.visible_solution().any()
    editor.redo()
    assert editor.kind == COLOUR
    assert editor.document.visible_solution().sum() == 3


def test_a_change_of_kind_is_told_apart_from_other_level_info():
    """Observers hear KIND when the kind or background changes (the puzzle is another), only
    ABOUT when the title does (the window re-checks on the first, not on the second)."""
    from nonogram_editor.core.kinds import Aspect

    editor = Editor()
    editor.new(3, 2)
    told = []
    editor.add_observer(lambda aspects: told.append(set(aspects)))
    editor.set_about({"title": "x"})
    assert Aspect.ABOUT in told[-1]
    assert Aspect.KIND not in told[-1]
    editor.transforms.convert_kind(COLOUR)
    assert Aspect.KIND in told[-1]
    editor.set_about(dict(editor.document.about, title="y"))
    assert Aspect.ABOUT in told[-1]
    assert Aspect.KIND not in told[-1]
    editor.undo()
    editor.undo()
    assert Aspect.KIND in told[-1]
    assert editor.kind == TWO_COLOUR


def test_saving_a_colour_level_writes_its_shape_whatever_the_solution_grid_holds(tmp_path):
    editor = Editor()
    editor.new(3, 2)
    editor.transforms.convert_kind(COLOUR)
    editor.document.picture[0, 1] = RED  # painted after the conversion: the solution grid does not know
    editor.save(tmp_path / "late.level")
    assert load_level(tmp_path / "late.level").solution.tolist() == [[False, True, False], [False, False, False]]
    editor.transforms.convert_kind(TWO_COLOUR)  # the picture's shape becomes the solution, which is then its own
    editor.document.picture[0, 2] = BLUE
    editor.save(tmp_path / "late.level")
    assert load_level(tmp_path / "late.level").solution.tolist() == [[False, True, False], [False, False, False]]
