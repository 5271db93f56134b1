"""The Qt-free pack model: scanning a folder, the play order file, cached verdicts, warnings, export."""
import shutil
from pathlib import Path

import numpy as np
import pytest

from nonogram_editor.level import Level, LevelError, save_level
from nonogram_editor.level.clues import clues
from nonogram_editor.level.non_format import NonPuzzle, write_nonpack
from nonogram_editor.level.puzzle_formats import read_puzzles
from nonogram_editor.pack import Pack
from nonogram_editor.pack.balance import canonical_clues, canonical_grid, images, pack_warnings
from nonogram_editor.pack.checks import ResultCache
from nonogram_editor.pack.entries import Entry
from nonogram_editor.pack.order import ORDER_FILE, parse_order, play_order, read_order, write_order
from nonogram_editor.pack.result import Result
from nonogram_editor.publish.export import export_pack

DATA = Path(__file__).resolve().parents[2] / "data" / "pack"


@pytest.fixture
def pack_folder(tmp_path) -> Path:
    folder = tmp_path / "pack"
    shutil.copytree(DATA, folder)
    return folder


def test_the_order_file_ignores_blank_and_comment_lines_and_keeps_the_first_of_a_name_twice():
    assert parse_order("# order\n\n  b.level  \na.non\n#c.level\nb.level\n") == ["b.level", "a.non"]


def test_listed_files_come_first_then_the_rest_by_name_and_missing_ones_are_skipped():
    assert play_order(["c.non", "a.level", "b.level", "d.g"], ["d.g", "gone.level", "b.level"]) == \
        ["d.g", "b.level", "a.level", "c.non"]


def test_the_order_is_written_and_read_back(tmp_path):
    write_order(tmp_path, ["zebra.level", "ünïcode.non"])
    assert read_order(tmp_path) == ["zebra.level", "ünïcode.non"]
    assert (tmp_path / ORDER_FILE).read_text(encoding="utf-8").startswith("#")
    assert [path.name for path in tmp_path.iterdir()] == [ORDER_FILE]  # no temporary left behind


def test_a_pack_opens_in_the_order_of_its_order_file_with_a_bad_file_as_an_entry_with_its_error():
    pack = Pack.open(DATA)
    assert pack.names == ["cross.level", "boat-mirrored.non", "boat-turned.level", "boat.level", "broken.non",
                          "swap-a.non", "swap-b.non"]
    broken = pack.entries[4]
    assert broken.error is not None
    assert "broken.non" in broken.error
    assert "rows" in broken.error
    boat = pack.entries[3]
    assert (boat.title, boat.size, boat.colours, boat.cleared, boat.kind) == ("Boat", "6x5", 2, True, "level")
    assert boat.picture.shape == (5, 6, 3)
    assert boat.solution.sum() == 16
    mirrored = pack.entries[1]
    assert mirrored.cleared is None
    assert np.array_equal(mirrored.solution, np.fliplr(boat.solution))


def test_an_order_file_that_is_not_text_is_a_problem_and_the_pack_is_in_name_order(pack_folder):
    (pack_folder / ORDER_FILE).write_bytes(b"\xff\xfe\x00garbage")
    pack = Pack.open(pack_folder)
    assert pack.names == sorted(pack.names)
    assert len(pack.problems) == 1
    assert ORDER_FILE in pack.problems[0]
    assert "UTF-8" in pack.problems[0]


def test_a_missing_folder_is_a_level_error_naming_it(tmp_path):
    with pytest.raises(LevelError, match="missing.*does not exist"):
        Pack.open(tmp_path / "missing")


def test_each_puzzle_of_a_bundle_is_an_entry_of_its_own(tmp_path):
    grids = [np.eye(3, dtype=bool), np.ones((2, 4), dtype=bool)]
    write_nonpack(tmp_path / "two.nonpack", [NonPuzzle(g.shape[1], g.shape[0], *clues(g), g, f"P{n}")
                                             for n, g in enumerate(grids)])
    pack = Pack.open(tmp_path)
    assert [(entry.label, entry.title, entry.size) for entry in pack.entries] == \
        [("two.nonpack (puzzle 1)", "P0", "3x3"), ("two.nonpack (puzzle 2)", "P1", "4x2")]


def test_reopening_checks_nothing_that_did_not_change_and_a_changed_file_again(pack_folder, tmp_path):
    cache = ResultCache(tmp_path / "cache")
    first = Pack.open(pack_folder)
    first.check(cache)
    checked = [entry for entry in first.entries if entry.error is None]
    assert checked
    assert not any(entry.result.cached for entry in checked)
    again = Pack.open(pack_folder)
    again.check(cache)
    assert all(entry.result.cached for entry in again.entries if entry.error is None)
    assert [entry.result for entry in again.entries] == [entry.result for entry in first.entries]
    cross = np.zeros((5, 5), bool)
    cross[2, :] = True  # now a bar: a new picture
    save_level(Level(cross, np.full((5, 5, 3), 255, np.uint8)), pack_folder / "cross.level")
    changed = Pack.open(pack_folder)
    changed.check(cache)
    assert [entry.name for entry in changed.entries if entry.result and not entry.result.cached] == ["cross.level"]


def test_an_ungraded_result_is_graded_when_a_grade_is_wanted(pack_folder, tmp_path):
    cache = ResultCache(tmp_path / "cache")
    quick = Pack.open(pack_folder)
    quick.check(cache, grade=False)
    assert quick.entries[0].result.grade is None
    graded = Pack.open(pack_folder)
    graded.check(cache, grade=True)
    assert graded.entries[0].result.grade is not None
    assert not graded.entries[0].result.cached


def test_a_cache_that_cannot_be_written_is_no_cache(pack_folder, tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    pack = Pack.open(pack_folder)
    pack.check(ResultCache(blocked / "cache"))
    assert pack.entries[0].result.verdict == "LINE"


def test_bare_clues_get_the_solution_their_check_finds(tmp_path):
    (tmp_path / "bare.non").write_text("width 3\nheight 3\nrows\n3\n1\n3\ncolumns\n1,1\n3\n1,1\n")
    pack = Pack.open(tmp_path)
    assert pack.entries[0].solution is None
    pack.check(ResultCache(tmp_path / "cache"))
    assert pack.entries[0].solution.astype(int).tolist() == [[1, 1, 1], [0, 1, 0], [1, 1, 1]]
    cached = Pack.open(tmp_path)
    cached.check(ResultCache(tmp_path / "cache"))
    assert cached.entries[0].result.cached
    assert cached.entries[0].solution.sum() == 7


def test_the_canonical_forms_are_the_same_for_every_mirror_image_and_turn():
    grid = np.random.default_rng(7).random((5, 8)) < 0.5
    forms = {(canonical_grid(image), canonical_clues(*clues(image))) for image in images(grid)}
    assert len(forms) == 1
    other = grid.copy()
    other[0, 0] = not other[0, 0]
    assert canonical_grid(other) != canonical_grid(grid)
    assert canonical_clues(*clues(other)) != canonical_clues(*clues(grid))


def test_duplicates_are_found_across_mirror_images_and_turns_and_same_clues(pack_folder, tmp_path):
    pack = Pack.open(pack_folder)
    pack.check(ResultCache(tmp_path / "cache"))
    warnings = {pack.entries[position].name: found for position, found in pack.warnings().items()}
    assert set(warnings) == {"boat.level", "boat-turned.level", "boat-mirrored.non", "swap-a.non", "swap-b.non"}
    assert "same picture as boat-turned.level, mirrored or turned" in warnings["boat.level"]
    assert "same picture as boat-mirrored.non, mirrored or turned" in warnings["boat.level"]
    assert "same clues as swap-b.non, another picture" in warnings["swap-a.non"]
    assert any(warning.startswith("not unique") for warning in warnings["swap-a.non"])


def test_an_identical_copy_is_the_same_picture_not_mirrored(pack_folder, tmp_path):
    shutil.copy(pack_folder / "boat-mirrored.non", pack_folder / "copy.non")
    pack = Pack.open(pack_folder)
    warnings = pack.warnings()
    copy = pack.names.index("copy.non")
    assert "same picture as boat-mirrored.non" in warnings[copy]


def test_a_big_jump_in_difficulty_between_neighbours_is_warned_of():
    entries = [Entry(f"{n}.level", result=Result("LINE", grade=grade)) for n, grade in enumerate((1.2, 1.9, 4.1, 3.0))]
    assert pack_warnings(entries) == {2: ["a big jump in difficulty: grade 4.1 after 1.9 (1.level)"]}


def test_reordering_saves_the_order_file_and_keeps_the_results(pack_folder, tmp_path):
    pack = Pack.open(pack_folder)
    pack.check(ResultCache(tmp_path / "cache"))
    swap = pack.entries[pack.names.index("swap-b.non")]
    pack.reorder(["swap-b.non", "boat.level"])
    assert pack.names[:3] == ["swap-b.non", "boat.level", "boat-mirrored.non"]
    assert pack.entries[0] is swap
    assert swap.result.verdict == "MULT"
    assert read_order(pack_folder)[:2] == ["swap-b.non", "boat.level"]
    assert Pack.open(pack_folder).names == pack.names


@pytest.mark.parametrize("suffix", [".nonpack", ".xml"])
def test_the_pack_exports_in_play_order_leaving_out_what_cannot_be_read(pack_folder, tmp_path, suffix):
    pack = Pack.open(pack_folder)
    target = tmp_path / f"set{suffix}"
    left_out = export_pack(target, pack.entries)
    assert left_out == ["broken.non: left out of " + target.name + ": it could not be read"]
    puzzles = read_puzzles(target)
    readable = [entry for entry in pack.entries if entry.error is None]
    assert [puzzle.title for puzzle in puzzles] == [entry.title for entry in readable]
    for puzzle, entry in zip(puzzles, readable):
        assert np.array_equal(puzzle.goal, entry.solution)


def test_an_export_to_an_unknown_suffix_names_the_file(tmp_path):
    with pytest.raises(ValueError, match=r"out\.txt: a pack is exported as \.nonpack, \.xml"):
        export_pack(tmp_path / "out.txt", Pack.open(DATA).entries)


@pytest.mark.parametrize("with_goal", [True, False])
def test_a_colour_puzzle_of_one_ink_keeps_its_palette_indices(tmp_path, with_goal):
    """One ink and the background: two colours, but palette indices all the same, so its
    picture is in that ink and it exports (bare clues get theirs from the check)."""
    from nonogram_editor.level.colour import ColourPuzzle, colour_clues
    from nonogram_editor.level.puzzle_formats import write_colour_puzzle_file

    grid = np.array([[1, 1, 1], [0, 1, 0]])  # unique from its clues
    rows, columns = colour_clues(grid)
    palette = [(255, 255, 255), (255, 204, 0)]
    write_colour_puzzle_file(tmp_path / "amber.non", ColourPuzzle(rows, columns, palette, grid if with_goal else None,
                                                                  "Amber"))
    pack = Pack.open(tmp_path)
    pack.check(ResultCache(tmp_path / "cache"))
    [entry] = pack.entries
    assert entry.solution.tolist() == grid.tolist()
    assert entry.picture.tolist() == [[list(palette[value]) for value in row] for row in grid]
    assert export_pack(tmp_path / "amber.html", pack.entries) == []
