"""Fix suggestions keep their promises: checked by the verdict and by brute force."""
import json
from pathlib import Path

import numpy as np
import pytest

from nonogram_editor.cli.fix import run_fix
from nonogram_editor.infra.tasks import Cancelled, Task
from nonogram_editor.level import Level, load_level, save_level
from nonogram_editor.nonogram.fix import (
    drawing_symmetry,
    flipped,
    make_harder,
    make_line_solvable,
    orbit,
    single_cell_effects,
)
from nonogram_editor.nonogram.grade import grade_verdict
from nonogram_editor.nonogram.symmetry import SYMMETRIES, symmetric
from nonogram_editor.nonogram.verdict import Kind, check_drawing
from tests.editor.nonogram.reference import expected_class


def _as_tuple(grid: np.ndarray):
    return tuple(tuple(int(v) for v in row) for row in grid)


def _random_drawings(kind: str, count: int, sizes=(5, 7), seed=3):
    rng = np.random.default_rng(seed)
    found = 0
    while found < count:
        drawing = rng.random((int(rng.integers(*sizes)), int(rng.integers(*sizes)))) < rng.uniform(0.4, 0.65)
        verdict = check_drawing(drawing)
        if verdict.kind == kind:
            found += 1
            yield drawing, verdict


@pytest.mark.parametrize("kind", [Kind.MULT, Kind.BRANCH])
def test_every_single_cell_suggestion_does_what_it_promises(kind):
    for drawing, verdict in _random_drawings(kind, 12):
        # check them all
        suggestions = single_cell_effects(drawing, verdict, checked=1000, check_seconds=1000).suggestions
        for suggestion in suggestions:
            assert len(suggestion.cells) == 1
            after = check_drawing(flipped(drawing, suggestion.cells))
            assert suggestion.kind == after.kind
            assert suggestion.open_cells == after.open_cells
            assert suggestion.settled == verdict.open_cells - after.open_cells
            assert expected_class(_as_tuple(flipped(drawing, suggestion.cells))) == suggestion.kind


def test_suggestions_rank_unique_results_first():
    for drawing, verdict in _random_drawings(Kind.MULT, 8, sizes=(6, 9), seed=8):
        suggestions = single_cell_effects(drawing, verdict).suggestions
        order = [({Kind.LINE: 0, Kind.BRANCH: 1}.get(s.kind, 2), s.open_cells if s.kind not in (Kind.LINE, Kind.BRANCH)
                  else 0)
                 for s in suggestions]
        assert order == sorted(order)
        checked = [s for s in suggestions if s.kind != Kind.STALLED]
        for suggestion in checked:
            assert check_drawing(flipped(drawing, suggestion.cells)).kind == suggestion.kind


def test_a_line_drawing_gets_no_fix_suggestions():
    heart = np.array([[0, 1, 0, 1, 0], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [0, 1, 1, 1, 0], [0, 0, 1, 0, 0]], dtype=bool)
    effects = single_cell_effects(heart)
    assert effects.verdict.kind == Kind.LINE
    assert effects.suggestions == []


def test_make_line_solvable_reaches_line_with_few_edits():
    for drawing, _verdict in _random_drawings(Kind.MULT, 6, sizes=(6, 12), seed=4):
        plan = make_line_solvable(drawing, max_edits=10)
        assert len(plan.cells) <= 10
        after = check_drawing(flipped(drawing, plan.cells))
        assert after.kind == plan.verdict.kind
        if plan.verdict.kind == Kind.LINE:
            assert expected_class(_as_tuple(flipped(drawing, plan.cells))) == Kind.LINE if drawing.size <= 64 else True
    plan = make_line_solvable(next(_random_drawings(Kind.MULT, 1))[0], max_edits=0)
    assert plan.cells == []
    assert plan.verdict.kind == Kind.MULT


@pytest.mark.parametrize("size", [20, 30])
def test_taking_the_best_suggestion_again_and_again_reaches_a_unique_puzzle(size):
    """Pictures rather than sparse noise (tests/benchmarks/bench_fix.py covers noise too)."""
    rng = np.random.default_rng(size)
    reached = 0
    while reached < 2:
        drawing = rng.random((size, size)) < 0.55
        verdict = check_drawing(drawing)
        if verdict.kind != Kind.MULT:
            continue
        current = drawing
        for _ in range(20):
            current = flipped(current, single_cell_effects(current, verdict).suggestions[0].cells)
            verdict = check_drawing(current, Task(time_limit=30))
            if verdict.kind in (Kind.LINE, Kind.BRANCH):
                break
        assert verdict.kind in (Kind.LINE, Kind.BRANCH)
        assert 1 <= (current != drawing).sum() <= 20
        reached += 1


def test_make_harder_keeps_it_unique_and_grades_harder():
    rng = np.random.default_rng(12)
    found = 0
    steps_up = []
    for _ in range(40):
        drawing = rng.random((7, 7)) < 0.6
        verdict = check_drawing(drawing)
        if verdict.kind != Kind.LINE:
            continue
        base = grade_verdict(verdict).grade
        suggestions = make_harder(drawing)
        grades = [suggestion.grade for suggestion in suggestions]
        assert grades == sorted(grades)  # the gentlest step up first
        steps_up.append(grades[:1])
        for suggestion in suggestions:
            after = check_drawing(flipped(drawing, suggestion.cells))
            assert after.kind in (Kind.LINE, Kind.BRANCH)
            assert after.kind == suggestion.kind
            assert grade_verdict(after).grade == suggestion.grade > base
            assert expected_class(_as_tuple(flipped(drawing, suggestion.cells))) == suggestion.kind
            # said in words that mean something: no "settles 0 more cells, 0 open"
            text = suggestion.describe()
            assert f"grade {suggestion.grade}" in text
            assert "settles 0" not in text
            assert " 0 " not in text
            assert ("left open" in text) == (suggestion.open_cells > 0)
            found += 1
    assert found > 0
    # "Make it harder" climbs: from an easy drawing the first step up stays a line-solvable grade
    assert any(first and first[0] < 4 for first in steps_up)


def test_suggestions_can_be_cancelled():
    drawing = next(_random_drawings(Kind.MULT, 1, sizes=(20, 21)))[0]
    task = Task()
    task.cancel()
    with pytest.raises(Cancelled):
        single_cell_effects(drawing, task=task)
    with pytest.raises(Cancelled):
        make_line_solvable(drawing, task=task)


def test_fix_command_writes_beside_the_original_never_over_it(tmp_path, capsys):
    drawing = next(_random_drawings(Kind.MULT, 1, sizes=(12, 13), seed=5))[0]
    picture = np.full((*drawing.shape, 3), 90, dtype=np.uint8)
    original = tmp_path / "noise.level"
    save_level(Level(drawing, picture), original)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert run_fix(str(original), write=True) == 0
    out = capsys.readouterr().out
    assert "make it line-solvable" in out
    assert "-> LINE" in out
    assert "noise-fixed.level" in out
    fixed = load_level(tmp_path / "noise-fixed.level")
    assert check_drawing(fixed.solution).kind == Kind.LINE
    assert np.array_equal(fixed.picture, picture)
    assert run_fix(str(original), as_json=True, write=True) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["verdict"] == Kind.MULT
    assert record["result"] == Kind.LINE
    assert record["written"].endswith("noise-fixed-2.level")
    edits = [(row - 1, column - 1) for row, column in record["edits"]]  # JSON counts from 1
    assert np.array_equal(load_level(record["written"]).solution, flipped(drawing, edits))
    assert all((tmp_path / name).read_bytes() == data for name, data in before.items())  # untouched


def test_fix_command_on_bad_and_line_files(tmp_path, capsys):
    assert run_fix(str(tmp_path / "missing.level")) == 2
    assert "missing" in capsys.readouterr().err
    (tmp_path / "clues.non").write_text("width 1\nheight 1\nrows\n1\ncolumns\n0\n")
    assert run_fix(str(tmp_path / "clues.non")) == 2
    assert "clues.non: no goal picture fits the clues, and solving them found no drawing" in capsys.readouterr().err
    save_level(Level(np.ones((3, 3), dtype=bool), np.zeros((3, 3, 3), dtype=np.uint8)), tmp_path / "full.level")
    assert run_fix(str(tmp_path / "full.level"), write=True) == 0
    assert "nothing to fix" in capsys.readouterr().out
    assert not (tmp_path / "full-fixed.level").exists()


def _saved(tmp_path, drawing, name="noise") -> Path:
    path = tmp_path / f"{name}.level"
    save_level(Level(drawing, np.full((*drawing.shape, 3), 90, dtype=np.uint8)), path)
    return path


def test_fix_write_never_writes_a_level_that_is_not_line_solvable(tmp_path, capsys):
    """With too few edits allowed the result is still MULT: exit 1, the reason said, no file."""
    drawing = next(_random_drawings(Kind.MULT, 1, sizes=(12, 13), seed=5))[0]
    assert len(make_line_solvable(drawing).edits) > 1
    original = _saved(tmp_path, drawing)
    before = sorted(p.name for p in tmp_path.iterdir())
    assert run_fix(str(original), max_edits=1, write=True) == 1
    out = capsys.readouterr().out
    assert "-> MULT" in out
    assert "stopped: it made the most edits allowed" in out
    assert "not written" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert run_fix(str(original), max_edits=1, write=True, as_json=True) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["result"] == Kind.MULT
    assert record["stopped"] == "max edits"
    assert "written" not in record
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_make_line_solvable_goes_on_past_twenty_edits_by_default(tmp_path, capsys):
    """A 30x30 noise drawing that needs 30 edits: the default goes on until LINE (it used to stop at 20)."""
    drawing = np.random.default_rng(30).random((30, 30)) < 0.45
    assert check_drawing(drawing).kind == Kind.MULT
    plan = make_line_solvable(drawing)
    assert len(plan.edits) > 20
    assert plan.verdict.kind == Kind.LINE
    assert plan.stopped == ""
    assert check_drawing(flipped(drawing, plan.cells)).kind == Kind.LINE
    assert run_fix(str(_saved(tmp_path, drawing)), write=True) == 0
    assert check_drawing(load_level(tmp_path / "noise-fixed.level").solution).kind == Kind.LINE


def test_no_edit_of_a_plan_is_needless():
    """Each edit of a plan is needed: without any one of them line logic no longer solves it."""
    for drawing, _ in _random_drawings(Kind.MULT, 4, sizes=(14, 18), seed=6):
        plan = make_line_solvable(drawing)
        assert plan.verdict.kind == Kind.LINE
        assert plan.edits
        for edit in plan.edits:
            others = [cell for other in plan.edits if other != edit for cell in other.cells]
            assert check_drawing(flipped(drawing, others), line_logic_only=True).kind != Kind.LINE


def test_make_line_solvable_says_how_far_it_got_when_time_is_up():
    drawing = next(_random_drawings(Kind.MULT, 1, sizes=(12, 13), seed=5))[0]
    plan = make_line_solvable(drawing, seconds=0)
    assert plan.stopped == "time"
    assert plan.verdict.kind == Kind.MULT
    assert plan.edits == []
    assert "time limit" in plan.describe()
    assert f"{plan.verdict.open_cells} cells open" in plan.describe()
    assert plan.to_json()["stopped"] == "time"


def test_the_single_cell_search_stops_when_its_time_is_up_and_says_so():
    drawing, verdict = next(_random_drawings(Kind.MULT, 1, sizes=(20, 21)))
    effects = single_cell_effects(drawing, verdict, search_seconds=0)
    assert not effects.complete
    assert effects.tried == len(effects.suggestions) < effects.candidates
    assert "Stopped looking after 0 s" in effects.describe_search()
    whole = single_cell_effects(drawing, verdict, search_seconds=None)
    assert whole.complete
    assert whole.tried == whole.candidates > 0
    assert whole.describe_search() == ""


def _symmetric_mult(mode: str, count: int, seed: int = 2):
    rng = np.random.default_rng(seed)
    found = 0
    while found < count:
        drawing = symmetric(rng.random((int(rng.integers(8, 14)), int(rng.integers(8, 14)))) < 0.3, mode)
        verdict = check_drawing(drawing)
        if verdict.kind == Kind.MULT:
            found += 1
            yield drawing, verdict


def test_drawing_symmetry_and_orbits():
    heart = _grid(".#.#. ##### ##### .###. ..#..")
    assert drawing_symmetry(heart) == "left-right"
    assert drawing_symmetry(heart[::-1]) == "left-right"
    assert drawing_symmetry(heart.T) == "top-bottom"
    assert drawing_symmetry(_grid("##. .#. .##")) == "rotate 180"
    assert drawing_symmetry(_grid("#.# ... #.#")) == "both"
    assert drawing_symmetry(_grid("##. ... ...")) == "none"
    assert orbit((0, 1), (3, 4), "left-right") == ((0, 1), (0, 2))
    assert orbit((0, 0), (3, 4), "both") == ((0, 0), (0, 3), (2, 0), (2, 3))
    assert orbit((1, 1), (3, 3), "both") == ((1, 1),)
    assert orbit((0, 1), (3, 4), "rotate 180") == ((0, 1), (2, 2))


def _grid(text: str) -> np.ndarray:
    return np.array([[ch == "#" for ch in row] for row in text.split()], dtype=bool)


@pytest.mark.parametrize("mode", [mode for mode in SYMMETRIES if mode != "none"])
def test_symmetric_drawings_get_symmetric_edits_and_stay_symmetric(mode):
    for drawing, verdict in _symmetric_mult(mode, 3):
        assert np.array_equal(symmetric(drawing, mode), drawing)
        assert drawing_symmetry(drawing) in (mode, "both")
        suggestions = single_cell_effects(drawing, verdict, symmetry=mode, checked=1000, check_seconds=1000).suggestions
        assert suggestions
        for suggestion in suggestions:
            assert suggestion.cells == orbit(suggestion.cells[0], drawing.shape, mode)  # one edit: a whole orbit
            after = flipped(drawing, suggestion.cells)
            assert np.array_equal(symmetric(after, mode), after)
            assert check_drawing(after).kind == suggestion.kind
        plan = make_line_solvable(drawing, symmetry=mode)
        result = flipped(drawing, plan.cells)
        assert plan.verdict.kind == Kind.LINE
        assert check_drawing(result).kind == Kind.LINE
        assert np.array_equal(symmetric(result, mode), result)
        assert all(edit.cells == orbit(edit.cells[0], drawing.shape, mode) for edit in plan.edits)
        assert "symmetric edit" in plan.describe()


def test_fix_command_keeps_a_symmetric_drawing_symmetric(tmp_path, capsys):
    drawing = next(_symmetric_mult("left-right", 1, seed=7))[0]
    assert make_line_solvable(drawing).cells  # it needs edits
    original = _saved(tmp_path, drawing, "heart")
    assert run_fix(str(original), write=True) == 0
    assert "symmetric (left-right)" in capsys.readouterr().out
    fixed = load_level(tmp_path / "heart-fixed.level").solution
    assert check_drawing(fixed).kind == Kind.LINE
    assert np.array_equal(fixed, fixed[:, ::-1])
    assert run_fix(str(original), symmetry="none", as_json=True) == 0
    assert json.loads(capsys.readouterr().out)["symmetry"] == "none"
    assert run_fix(str(original), symmetry="sideways") == 2
    assert "--symmetry 'sideways'" in capsys.readouterr().err


def documented_keys(heading: str) -> set[str]:
    """The keys the manual's table under ``heading`` (editor/manual/command-line.md) lists."""
    from nonogram_editor.infra import user_guide

    text = user_guide.page("command-line").read_text(encoding="utf-8").split(f"## {heading}", 1)[1].split("\n## ", 1)[0]
    keys = set()
    for row in text.splitlines():
        if row.startswith("| `"):
            keys.update(key.strip("` ") for key in row.split("|")[1].split(","))
    return keys


def test_every_key_of_fix_json_is_in_the_manual(tmp_path, capsys):
    drawing = next(_random_drawings(Kind.MULT, 1, sizes=(10, 11), seed=5))[0]
    path = _saved(tmp_path, drawing)
    emitted = set()
    for harder in (False, True):
        run_fix(str(path), as_json=True, write=True, harder=harder)
        emitted |= set(json.loads(capsys.readouterr().out))
    assert {"complete", "result", "written"} <= emitted
    assert emitted <= documented_keys("`fix --json`")
