"""Fix suggestions keep their promises: checked by the verdict and by brute force."""
import json

import numpy as np
import pytest

from editor.level import Level, load_level, save_level
from editor.nonogram.fix import flipped, make_harder, make_line_solvable, single_cell_effects
from editor.nonogram.fix_cli import run_fix
from editor.nonogram.grade import grade_verdict
from editor.nonogram.verdict import BRANCH, LINE, MULT, STALLED, check_drawing
from editor.tasks import Cancelled, Task
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


@pytest.mark.parametrize("kind", [MULT, BRANCH])
def test_every_single_cell_suggestion_does_what_it_promises(kind):
    for drawing, verdict in _random_drawings(kind, 12):
        _, suggestions = single_cell_effects(drawing, verdict, checked=1000, check_seconds=1000)  # check them all
        for suggestion in suggestions:
            assert len(suggestion.cells) == 1
            after = check_drawing(flipped(drawing, suggestion.cells))
            assert suggestion.kind == after.kind
            assert suggestion.open_cells == after.open_cells
            assert suggestion.settled == verdict.open_cells - after.open_cells
            assert expected_class(_as_tuple(flipped(drawing, suggestion.cells))) == suggestion.kind


def test_suggestions_rank_unique_results_first():
    for drawing, verdict in _random_drawings(MULT, 8, sizes=(6, 9), seed=8):
        _, suggestions = single_cell_effects(drawing, verdict)
        order = [({LINE: 0, BRANCH: 1}.get(s.kind, 2), s.open_cells if s.kind not in (LINE, BRANCH) else 0)
                 for s in suggestions]
        assert order == sorted(order)
        checked = [s for s in suggestions if s.kind != STALLED]
        for suggestion in checked:
            assert check_drawing(flipped(drawing, suggestion.cells)).kind == suggestion.kind


def test_a_line_drawing_gets_no_fix_suggestions():
    heart = np.array([[0, 1, 0, 1, 0], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [0, 1, 1, 1, 0], [0, 0, 1, 0, 0]], dtype=bool)
    verdict, suggestions = single_cell_effects(heart)
    assert verdict.kind == LINE and suggestions == []


def test_make_line_solvable_reaches_line_with_few_edits():
    for drawing, verdict in _random_drawings(MULT, 6, sizes=(6, 12), seed=4):
        plan = make_line_solvable(drawing, max_edits=10)
        assert len(plan.cells) <= 10
        after = check_drawing(flipped(drawing, plan.cells))
        assert after.kind == plan.verdict.kind
        if plan.verdict.kind == LINE:
            assert expected_class(_as_tuple(flipped(drawing, plan.cells))) == LINE if drawing.size <= 64 else True
    plan = make_line_solvable(next(_random_drawings(MULT, 1))[0], max_edits=0)
    assert plan.cells == [] and plan.verdict.kind == MULT


@pytest.mark.parametrize("size", [20, 30])
def test_taking_the_best_suggestion_again_and_again_reaches_a_unique_puzzle(size):
    """Pictures rather than sparse noise (tests/benchmarks/bench_fix.py covers noise too)."""
    rng = np.random.default_rng(size)
    reached = 0
    while reached < 2:
        drawing = rng.random((size, size)) < 0.55
        verdict = check_drawing(drawing)
        if verdict.kind != MULT:
            continue
        current = drawing
        for _ in range(20):
            verdict, suggestions = single_cell_effects(current, verdict)
            current = flipped(current, suggestions[0].cells)
            verdict = check_drawing(current, Task(time_limit=30))
            if verdict.kind in (LINE, BRANCH):
                break
        assert verdict.kind in (LINE, BRANCH)
        assert 1 <= (current != drawing).sum() <= 20
        reached += 1


def test_make_harder_keeps_it_unique_and_grades_harder():
    rng = np.random.default_rng(12)
    found = 0
    for _ in range(40):
        drawing = rng.random((7, 7)) < 0.6
        verdict = check_drawing(drawing)
        if verdict.kind != LINE:
            continue
        base = grade_verdict(verdict).grade
        for suggestion in make_harder(drawing):
            after = check_drawing(flipped(drawing, suggestion.cells))
            assert after.kind in (LINE, BRANCH) and after.kind == suggestion.kind
            assert grade_verdict(after).grade == suggestion.grade > base
            assert expected_class(_as_tuple(flipped(drawing, suggestion.cells))) == suggestion.kind
            found += 1
    assert found > 0


def test_suggestions_can_be_cancelled():
    drawing = next(_random_drawings(MULT, 1, sizes=(20, 21)))[0]
    task = Task()
    task.cancel()
    with pytest.raises(Cancelled):
        single_cell_effects(drawing, task=task)
    with pytest.raises(Cancelled):
        make_line_solvable(drawing, task=task)


def test_fix_command_writes_beside_the_original_never_over_it(tmp_path, capsys):
    drawing = next(_random_drawings(MULT, 1, sizes=(12, 13), seed=5))[0]
    picture = np.full((*drawing.shape, 3), 90, dtype=np.uint8)
    original = tmp_path / "noise.level"
    save_level(Level(drawing, picture), original)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert run_fix(str(original), write=True) == 0
    out = capsys.readouterr().out
    assert "make it line-solvable" in out and "-> LINE" in out and "noise-fixed.level" in out
    fixed = load_level(tmp_path / "noise-fixed.level")
    assert check_drawing(fixed.solution).kind == LINE and np.array_equal(fixed.picture, picture)
    assert run_fix(str(original), as_json=True, write=True) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["verdict"] == MULT and record["result"] == LINE and record["written"].endswith("noise-fixed-2.level")
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
