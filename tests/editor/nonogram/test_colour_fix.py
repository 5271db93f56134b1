"""Fix suggestions, "make it line-solvable", the grade and ``fix`` on colour drawings (issue 27):
the two-colour mechanism with colour rules, checked by the colour engine and by brute force."""
import json

import numpy as np
import pytest

from nonogram_editor.cli.check import run_check
from nonogram_editor.cli.fix import run_fix
from nonogram_editor.infra.tasks import Task
from nonogram_editor.level import load_level, save_level
from nonogram_editor.level.colour import ColourPuzzle, colour_level, indexed_picture
from nonogram_editor.level.metadata import format_about, read_about
from nonogram_editor.level.puzzle_formats import read_puzzle_file, write_colour_puzzle_file
from nonogram_editor.nonogram.colour import ColourClues, check_colour_drawing
from nonogram_editor.nonogram.fix import (
    Edit,
    drawing_symmetry,
    edited,
    make_harder,
    make_line_solvable,
    orbit,
    single_cell_effects,
)
from nonogram_editor.nonogram.grade import grade_verdict, solve_path
from nonogram_editor.nonogram.puzzle import Puzzle
from nonogram_editor.nonogram.symmetry import SYMMETRIES
from nonogram_editor.nonogram.verdict import Kind, check_drawing
from tests.editor.nonogram.colour_reference import all_solutions, grid_clues

PALETTE = [(255, 255, 255), (220, 40, 40), (40, 110, 220), (250, 215, 50)]


def _solutions(grid, colours: int) -> int:
    """How many pictures (0, 1 or 2: at most two looked for) have the grid's clues, by brute force."""
    rows, columns = grid_clues(grid)
    return len(all_solutions(rows, columns, colours, limit=2))


def _random_colour_drawings(kind: str, count: int, size=(4, 4), colours=3, seed=1, density=0.6):
    rng = np.random.default_rng(seed)
    found = 0
    while found < count:
        grid = np.where(rng.random(size) < density, rng.integers(1, colours, size), 0)
        verdict = check_colour_drawing(grid, colours)
        if verdict.kind == kind:
            found += 1
            yield grid, verdict


@pytest.mark.parametrize("kind", [Kind.MULT, Kind.BRANCH])
def test_every_colour_suggestion_keeps_its_promise_by_brute_force(kind):
    """4x4 pictures of two colours and the background: every edit proposed (a cell to
    another colour or to the background) gives what it says, by the colour engine and by
    brute force over every picture with its clues."""
    tried = set()
    for grid, verdict in _random_colour_drawings(kind, 8 if kind == Kind.MULT else 3,
                                                 seed=2 if kind == Kind.MULT else 5):
        suggestions = single_cell_effects(grid, verdict, checked=1000, check_seconds=1000, colours=3).suggestions
        assert suggestions
        for suggestion in suggestions:
            (cell,) = suggestion.cells
            assert suggestion.edit.value != grid[cell]
            assert 0 <= suggestion.edit.value < 3
            after = edited(grid, [suggestion.edit])
            verdict_after = check_colour_drawing(after, 3)
            assert suggestion.kind == verdict_after.kind
            assert suggestion.open_cells == verdict_after.open_cells
            assert suggestion.settled == verdict.open_cells - verdict_after.open_cells
            assert _solutions(after, 3) == (1 if suggestion.unique else 2)
            tried.add(suggestion.edit.value)
    assert tried == {0, 1, 2}  # edits to the background and to both colours were proposed


def test_a_colour_drawing_edited_surely_mult_keeps_its_other_solution():
    """Edits judged MULT without a full check (the other solution, edited alike, still fits)
    are MULT: brute force finds two pictures."""
    for grid, verdict in _random_colour_drawings(Kind.MULT, 6, size=(4, 5), seed=9):
        for suggestion in single_cell_effects(grid, verdict, check_seconds=0, colours=3).suggestions:
            if suggestion.kind == Kind.MULT:
                assert _solutions(edited(grid, [suggestion.edit]), 3) == 2


def test_make_line_solvable_on_mult_colour_drawings_reaches_line():
    for grid, _ in _random_colour_drawings(Kind.MULT, 6, size=(12, 12), colours=4, seed=3, density=0.5):
        plan = make_line_solvable(grid, colours=4)
        assert plan.verdict.kind == Kind.LINE
        assert plan.edits
        assert plan.stopped == ""
        result = edited(grid, plan.edits)
        assert check_colour_drawing(result, 4).kind == Kind.LINE
        assert (result != grid).sum() == len(plan.cells) == len(plan.edits)
        for edit in plan.edits:  # none of them needless
            others = [other for other in plan.edits if other != edit]
            assert check_colour_drawing(edited(grid, others), 4, line_logic_only=True).kind != Kind.LINE
        assert plan.to_json()["colours"] == [int(result[cell]) for cell in plan.cells]
        assert plan.grade == grade_verdict(check_colour_drawing(result, 4)).grade


def test_a_small_mult_colour_drawing_made_line_solvable_is_unique_by_brute_force():
    for grid, _ in _random_colour_drawings(Kind.MULT, 5, size=(4, 4), seed=11):
        plan = make_line_solvable(grid, colours=3)
        assert plan.verdict.kind == Kind.LINE
        assert _solutions(edited(grid, plan.edits), 3) == 1


def test_make_line_solvable_in_colour_stops_where_told_and_says_how_far_it_got():
    grid, _ = next(_random_colour_drawings(Kind.MULT, 1, size=(12, 12), colours=4, seed=3, density=0.5))
    plan = make_line_solvable(grid, max_edits=0, colours=4)
    assert plan.edits == []
    assert plan.verdict.kind == Kind.MULT
    assert plan.stopped == "max edits"
    plan = make_line_solvable(grid, seconds=0, colours=4)
    assert plan.stopped == "time"
    assert f"{plan.verdict.open_cells} cells open" in plan.describe()


@pytest.mark.parametrize("mode", [mode for mode in SYMMETRIES if mode != "none"])
def test_symmetric_colour_drawings_get_symmetric_edits_and_stay_symmetric(mode):
    rng = np.random.default_rng(4)
    found = 0
    while found < 2:
        half = np.where(rng.random((10, 10)) < 0.4, rng.integers(1, 4, (10, 10)), 0)
        grid = _symmetric(half, mode)
        verdict = check_colour_drawing(grid, 4)
        if verdict.kind != Kind.MULT:
            continue
        found += 1
        assert drawing_symmetry(grid) in (mode, "both")
        suggestions = single_cell_effects(grid, verdict, symmetry=mode, colours=4).suggestions
        assert suggestions
        for suggestion in suggestions:
            assert suggestion.cells == orbit(suggestion.cells[0], grid.shape, mode)
            assert drawing_symmetry(edited(grid, [suggestion.edit])) in (mode, "both")
        plan = make_line_solvable(grid, symmetry=mode, colours=4)
        result = edited(grid, plan.edits)
        assert plan.verdict.kind == Kind.LINE
        assert check_colour_drawing(result, 4).kind == Kind.LINE
        assert np.array_equal(_symmetric(result, mode), result)


def _symmetric(grid: np.ndarray, mode: str) -> np.ndarray:
    """``grid`` made symmetric under ``mode``: each orbit takes its first cell's value."""
    result = grid.copy()
    for cell in np.ndindex(*grid.shape):
        for image in orbit(cell, grid.shape, mode):
            result[image] = result[orbit(cell, grid.shape, mode)[0]]
    return result


def test_a_one_colour_puzzle_has_the_two_colour_solve_path():
    """A colour puzzle of one colour and the background is a two-colour puzzle: the colour
    player takes the same steps, settles the same cells and gives the same grade."""
    rng = np.random.default_rng(6)
    kinds = set()
    for _ in range(60):
        drawing = rng.random((int(rng.integers(5, 12)), int(rng.integers(5, 12)))) < 0.55
        verdict = check_drawing(drawing)
        if verdict.kind not in (Kind.LINE, Kind.BRANCH):
            continue
        two = solve_path(Puzzle.from_grid(drawing), drawing)
        colour = solve_path(ColourClues.from_grid(drawing.astype(int), 2), drawing.astype(int))
        assert [(s.kind, s.axis, s.index, s.sweep) for s in colour.steps] == \
            [(s.kind, s.axis, s.index, s.sweep) for s in two.steps]
        assert [s.cells for s in colour.steps] == [tuple((r, c, int(v)) for r, c, v in s.cells) for s in two.steps]
        assert colour.grade == two.grade
        assert colour.solved
        kinds.update(step.kind for step in two.steps)
    assert {"simple", "line", "probe"} <= kinds


def test_the_colour_solve_path_settles_every_cell_to_the_picture():
    for grid, verdict in _random_colour_drawings(Kind.LINE, 5, size=(10, 10), colours=4, seed=8, density=0.7):
        path = grade_verdict(verdict)
        assert path.solved
        assert 1.0 <= path.grade < 6
        assert np.array_equal(path.replay(10, 10), grid)
        settled = [cell for step in path.steps for cell in step.cells]
        assert len(settled) == grid.size == len({(r, c) for r, c, _ in settled})
    for grid, verdict in _random_colour_drawings(Kind.BRANCH, 2, size=(8, 8), colours=3, seed=8):
        path = grade_verdict(verdict)
        assert path.solved
        assert path.grade >= 4
        assert np.array_equal(path.replay(8, 8), grid)


def test_make_harder_in_colour_keeps_it_unique_and_grades_harder():
    grid, verdict = next(_random_colour_drawings(Kind.LINE, 1, size=(6, 6), colours=3, seed=12, density=0.7))
    base = grade_verdict(verdict).grade
    harder = make_harder(grid, colours=3)
    assert harder
    assert [s.grade for s in harder] == sorted(s.grade for s in harder)
    for suggestion in harder[:5]:
        after = check_colour_drawing(edited(grid, [suggestion.edit]), 3)
        assert after.kind in (Kind.LINE, Kind.BRANCH)
        assert grade_verdict(after).grade == suggestion.grade > base


def test_make_harder_in_colour_stops_at_the_time_limit_with_the_edits_graded_by_then():
    """fix --harder --time-limit on a colour level (it used to run on, 42 CPU s past a 5 s limit)."""
    grid, _ = next(_random_colour_drawings(Kind.LINE, 1, size=(6, 6), colours=3, seed=12, density=0.7))
    everything = make_harder(grid, colours=3)
    reports = []

    def limit_passes(progress):  # the time limit passes halfway through trying the edits
        reports.append(progress)
        if len(reports) == 36:
            task.set_time_limit(0)

    task = Task(on_progress=limit_passes, interval=0)
    harder = make_harder(grid, task, colours=3)
    assert task.time_is_up()
    assert len(reports) == 36
    assert len(harder) < len(everything)
    assert all(s in everything for s in harder)


def _colour_level(tmp_path, grid, name="drop"):
    level, about = colour_level(np.asarray(PALETTE, dtype=np.uint8)[grid], PALETTE[0], {"title": "Drop", "by": "me"})
    path = tmp_path / f"{name}.level"
    save_level(level, path, format_about(about).encode())
    return path


def test_fix_write_on_a_colour_level_writes_a_line_colour_level_beside_it(tmp_path, capsys):
    grid, _ = next(_random_colour_drawings(Kind.MULT, 1, size=(12, 12), colours=4, seed=3, density=0.5))
    original = _colour_level(tmp_path, grid)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert run_fix(str(original), write=True) == 0
    out = capsys.readouterr().out
    assert "drop.level: MULT" in out
    assert "make it line-solvable" in out
    assert "-> LINE" in out
    assert "to colour" in out or "to the background" in out
    fixed_path = tmp_path / "drop-fixed.level"
    about = read_about(fixed_path)
    assert about["kind"] == "colour"
    assert about["title"] == "Drop"
    assert about["by"] == "me"
    fixed, _ = indexed_picture(load_level(fixed_path).picture, PALETTE[0])
    assert check_colour_drawing(fixed, 4).kind == Kind.LINE
    assert run_check([str(fixed_path)], as_json=True) == 0  # the written file checks LINE as a colour level
    record = json.loads(capsys.readouterr().out)
    assert record["kind"] == "colour"
    assert record["verdict"] == "LINE"
    assert all((tmp_path / name).read_bytes() == data for name, data in before.items())  # untouched

    assert run_fix(str(original), as_json=True, write=True) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["kind"] == "colour"
    assert record["palette"][0] == "#ffffff"
    assert record["verdict"] == "MULT"
    assert record["result"] == "LINE"
    assert record["written"].endswith("drop-fixed-2.level")
    cells = [(row - 1, column - 1) for row, column in record["edits"]]
    plan = [Edit((cell,), colour) for cell, colour in zip(cells, record["colours"])]  # indices into "palette"
    palette = np.array([[int(code[i:i + 2], 16) for i in (1, 3, 5)] for code in record["palette"]], dtype=np.uint8)
    indices, _ = indexed_picture(load_level(original).picture, PALETTE[0])  # the palette's order: as they appear
    assert np.array_equal(load_level(record["written"]).picture, palette[edited(indices, plan)])


@pytest.mark.parametrize("suffix", [".non", ".xml", ".g"])
def test_fix_write_on_a_colour_puzzle_file_writes_the_same_format_checked_line(suffix, tmp_path, capsys):
    grid, _ = next(_random_colour_drawings(Kind.MULT, 1, size=(10, 10), colours=4, seed=3, density=0.5))
    write_colour_puzzle_file(tmp_path / f"noise{suffix}", ColourPuzzle.of_grid(grid, PALETTE, "Noise"))
    assert run_fix(str(tmp_path / f"noise{suffix}"), write=True) == 0
    assert f"written: {tmp_path / f'noise-fixed{suffix}'}" in capsys.readouterr().out
    fixed = read_puzzle_file(tmp_path / f"noise-fixed{suffix}")
    assert isinstance(fixed, ColourPuzzle)
    assert fixed.palette == PALETTE
    assert run_check([str(tmp_path / f"noise-fixed{suffix}")], as_json=True) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "LINE"


def test_fix_write_on_colour_never_writes_what_is_not_line_solvable(tmp_path, capsys):
    grid, _ = next(_random_colour_drawings(Kind.MULT, 1, size=(12, 12), colours=4, seed=3, density=0.5))
    assert len(make_line_solvable(grid, colours=4).edits) > 1
    original = _colour_level(tmp_path, grid)
    before = sorted(p.name for p in tmp_path.iterdir())
    assert run_fix(str(original), max_edits=1, write=True) == 1
    out = capsys.readouterr().out
    assert "-> MULT" in out
    assert "stopped: it made the most edits allowed" in out
    assert "not written" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_fix_keeps_a_symmetric_colour_level_symmetric(tmp_path, capsys):
    rng = np.random.default_rng(21)
    while True:
        grid = _symmetric(np.where(rng.random((10, 10)) < 0.4, rng.integers(1, 4, (10, 10)), 0), "left-right")
        if check_colour_drawing(grid, 4).kind == Kind.MULT and drawing_symmetry(grid) == "left-right":
            break
    original = _colour_level(tmp_path, grid, "wings")
    assert run_fix(str(original), write=True) == 0
    assert "symmetric (left-right)" in capsys.readouterr().out
    fixed, _ = indexed_picture(load_level(tmp_path / "wings-fixed.level").picture, PALETTE[0])
    assert np.array_equal(fixed, fixed[:, ::-1])
    assert check_colour_drawing(fixed, 4).kind == Kind.LINE


def test_check_grades_colour_puzzles_with_the_colour_solve_path(capsys):
    """Olsak's acorn (LINE, by pbnsolve too) gets the grade of its colour solve path."""
    from pathlib import Path

    acorn = Path(__file__).parents[2] / "data" / "colour" / "acorn.g"
    assert run_check([str(acorn)], as_json=True, grade=True) == 0
    record = json.loads(capsys.readouterr().out)
    puzzle = read_puzzle_file(acorn)
    verdict = check_colour_drawing(puzzle.goal if puzzle.goal is not None else np.asarray(
        [[int(cell, 36) for cell in row] for row in record["solution"]]), len(puzzle.palette))
    assert record["kind"] == "colour"
    assert record["grade"] == grade_verdict(verdict).grade
    assert record["path_steps"]["simple"] > 0
    assert run_check([str(acorn)]) == 0
    assert f"grade {record['grade']}: " in capsys.readouterr().out


def test_fix_harder_on_a_colour_level_writes_a_harder_unique_level(tmp_path, capsys):
    grid, verdict = next(_random_colour_drawings(Kind.LINE, 1, size=(6, 6), colours=3, seed=12, density=0.7))
    original = _colour_level(tmp_path, grid, "easy")
    assert run_fix(str(original), harder=True, write=True, as_json=True) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["kind"] == "colour"
    assert record["verdict"] == "LINE"
    assert len(record["colours"]) == len(record["edits"])
    fixed, palette = indexed_picture(load_level(record["written"]).picture, PALETTE[0])
    after = check_colour_drawing(fixed, len(palette))
    assert after.kind in (Kind.LINE, Kind.BRANCH)
    assert grade_verdict(after).grade == record["suggestions"][0]["grade"] > grade_verdict(verdict).grade
