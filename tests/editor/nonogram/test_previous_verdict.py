"""check_drawing(..., previous=verdict): the verdict on an earlier drawing as a hint. With any
hint (the drawing one edit ago, an unrelated drawing, a forged verdict) the answer is the
one brute force gives; a fitting hint decides a MULT drawing at once."""
import random
from pathlib import Path

import numpy as np
import pytest

from nonogram_editor.infra.tasks import Task
from nonogram_editor.level.non_format import read_non
from nonogram_editor.nonogram import verdict as verdict_module
from nonogram_editor.nonogram.puzzle import Puzzle
from nonogram_editor.nonogram.verdict import Kind, Rechecks, Stage, Verdict, check_drawing
from tests.editor.nonogram.reference import expected_class
from tests.editor.nonogram.test_cnf import stuck_search

HARD = Path(__file__).resolve().parents[2] / "data" / "hard"


def random_grid(rng: random.Random, height: int, width: int) -> np.ndarray:
    density = rng.choice((0.35, 0.5, 0.65))
    return np.array([[rng.random() < density for _ in range(width)] for _ in range(height)], dtype=bool)


def assert_right(verdict: Verdict, drawing: np.ndarray) -> None:
    """The verdict's kind is brute force's; a MULT's other solution fits the clues and differs."""
    assert verdict.kind == expected_class(tuple(tuple(int(v) for v in row) for row in drawing))
    assert np.array_equal(verdict.picture, drawing)
    if verdict.kind == Kind.MULT:
        assert Puzzle.from_grid(drawing).is_solution(verdict.alternative)
        assert verdict.differing.any()


def forged(drawing: np.ndarray, picture: np.ndarray, alternative: np.ndarray | None, decided_by: str) -> Verdict:
    """A verdict that lies: ``picture`` and ``alternative`` need not fit any clues."""
    puzzle = Puzzle.from_grid(drawing)
    return Verdict(Kind.MULT if alternative is not None else Kind.BRANCH, puzzle, puzzle.board(), 0, 0.0,
                   picture=picture, alternative=alternative, decided_by=decided_by)


def test_edits_checked_with_the_previous_verdict_get_brute_forces_answer():
    """Chains of one- and two-cell edits, now and then an unrelated drawing of the same size
    or another: each checked with the verdict before it as the hint."""
    rng = random.Random(23)
    reused = 0
    for _ in range(100):
        height, width = rng.randint(3, 5), rng.randint(3, 5)
        drawing = random_grid(rng, height, width)
        previous = check_drawing(drawing)
        for _ in range(10):
            if rng.random() < 0.15:
                drawing = random_grid(rng, *((height, width) if rng.random() < 0.5 else (rng.randint(3, 5),) * 2))
            else:
                drawing = drawing.copy()
                for _ in range(rng.choice((1, 1, 2))):
                    row, column = rng.randrange(drawing.shape[0]), rng.randrange(drawing.shape[1])
                    drawing[row, column] = ~drawing[row, column]
            verdict = check_drawing(drawing, previous=previous)
            assert_right(verdict, drawing)
            assert verdict.kind == check_drawing(drawing).kind
            reused += verdict.decided_by == Stage.PREVIOUS
            previous = verdict
    assert reused > 50  # the hint did decide some


def test_forged_and_stale_hints_never_change_the_answer():
    rng = random.Random(5)
    for _ in range(150):
        height, width = rng.randint(2, 5), rng.randint(2, 5)
        drawing = random_grid(rng, height, width)
        hints = [forged(drawing, random_grid(rng, height, width), random_grid(rng, height, width), Stage.SAT),
                 forged(drawing, drawing, drawing, Stage.PREVIOUS),  # "another solution" that is the drawing
                 forged(drawing, drawing, None, Stage.SAT),
                 forged(drawing, random_grid(rng, width + 1, height), random_grid(rng, height, width), Stage.SAT),
                 check_drawing(random_grid(rng, height, width))]
        for hint in hints:
            assert_right(check_drawing(drawing, previous=hint), drawing)


def test_the_designer_taking_the_other_solution_gets_the_drawing_before_as_its_other():
    drawing = np.zeros((6, 6), dtype=bool)
    drawing[1, 1] = drawing[2, 2] = True  # a switch
    before = check_drawing(drawing)
    assert before.kind == Kind.MULT
    after = check_drawing(before.alternative, previous=before)
    assert after.kind == Kind.MULT
    assert after.decided_by == Stage.PREVIOUS
    assert np.array_equal(after.alternative, drawing)


def test_an_edit_away_from_knottys_other_solution_keeps_it_at_once():
    """Knotty with its goal: the other solution of the drawing, carried over to a cell
    flipped in a row and column where the two do not differ, is the edited drawing's."""
    drawing = np.asarray(read_non(HARD / "knotty-goal.non").goal, dtype=bool)
    before = check_drawing(drawing, Task(time_limit=300))
    assert before.kind == Kind.MULT
    rows, columns = np.nonzero(before.differing)
    row = next(r for r in range(drawing.shape[0]) if r not in rows)
    column = next(c for c in range(drawing.shape[1]) if c not in columns)
    edited = drawing.copy()
    edited[row, column] = ~edited[row, column]
    after = check_drawing(edited, previous=before)
    assert after.kind == Kind.MULT
    assert after.decided_by == Stage.PREVIOUS
    assert Puzzle.from_grid(edited).is_solution(after.alternative)
    assert np.array_equal(after.differing, before.differing)


def test_a_drawing_after_one_the_sat_solver_decided_goes_to_it_at_once(monkeypatch):
    """Where the SAT solver decided the verdict before, the next check starts it without
    waiting for the search's head start (here never reached: the search gets stuck)."""
    monkeypatch.setattr(verdict_module, "SAT_HEAD_START", 1e9)
    monkeypatch.setattr(verdict_module, "SEARCH_ALONE", 1e9)
    monkeypatch.setattr(verdict_module, "find_alternative", stuck_search)
    drawing = np.zeros((5, 5), dtype=bool)
    drawing[1, 1] = drawing[2, 2] = drawing[4, 4] = True
    unrelated = np.eye(5, dtype=bool)
    hint = forged(unrelated, unrelated, None, Stage.SAT)
    verdict = check_drawing(drawing, Task(time_limit=120), previous=hint)
    assert verdict.kind == Kind.MULT
    assert verdict.decided_by == Stage.SAT
    assert Puzzle.from_grid(drawing).is_solution(verdict.alternative)


def test_rechecks_give_each_edit_brute_forces_answer_with_the_last_decided_verdict_as_its_hint():
    """Rechecks (what the Solver dock's worker holds), through chains of one-cell edits, line
    logic first as the dock checks: every decided verdict is brute force's, STALLED never
    becomes the hint, and a colour drawing between them is neither given a two-colour
    hint nor given to the next two-colour check as one."""
    from nonogram_editor.core.colour_level import check_colour_grid

    rng = random.Random(31)
    rechecks = Rechecks()
    reused = 0
    for _ in range(40):
        drawing = random_grid(rng, 4, 5)
        for _ in range(6):
            drawing = drawing.copy()
            row, column = rng.randrange(4), rng.randrange(5)
            drawing[row, column] = ~drawing[row, column]
            quick = rechecks.check(drawing, line_logic_only=True)
            verdict = rechecks.check(drawing) if quick.kind == Kind.STALLED else quick
            assert_right(verdict, drawing)
            reused += verdict.decided_by == Stage.PREVIOUS
        colour = np.where(drawing, 2, 0).astype(np.uint8)
        in_colour = rechecks.check(colour, check=check_colour_grid)
        assert in_colour.decided_by != Stage.PREVIOUS
        assert np.array_equal(in_colour.picture, colour)
        after = rechecks.check(drawing)  # the hint is the colour verdict now: not given
        assert_right(after, drawing)
        assert after.decided_by != Stage.PREVIOUS
    assert reused > 10


@pytest.mark.slow
def test_nine_dom_edits_with_the_hint_agree_with_the_cold_check():
    from tests.benchmarks.bench_edits import drawing as bench_drawing

    drawing = bench_drawing("9-dom")
    previous = check_drawing(drawing, Task(time_limit=300))
    assert previous.kind == Kind.BRANCH
    rng = random.Random(9)
    for _ in range(6):
        edited = drawing.copy()
        row, column = rng.randrange(drawing.shape[0]), rng.randrange(drawing.shape[1])
        edited[row, column] = ~edited[row, column]
        hinted = check_drawing(edited, Task(time_limit=300), previous=previous)
        cold = check_drawing(edited, Task(time_limit=300))
        assert hinted.kind == cold.kind
        assert hinted.kind in (Kind.BRANCH, Kind.MULT)
        if hinted.kind == Kind.MULT:
            assert Puzzle.from_grid(edited).is_solution(hinted.alternative)
