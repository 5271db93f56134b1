"""Probing at a search node with the probe pad (values an earlier probe of the pass set are
skipped), bare clues' verdicts that start the search for another solution from what that
probing proved, and the SAT process waiting while probing still proves cells."""
import random
import time

import numpy as np
import pytest

from nonogram_editor.infra.tasks import Task
from nonogram_editor.nonogram import verdict as verdict_module
from nonogram_editor.nonogram.puzzle import Puzzle
from nonogram_editor.nonogram.search import Lookahead, _probe_node
from nonogram_editor.nonogram.verdict import Kind, check_puzzle
from tests.editor.nonogram.reference import expected_class, runs, solutions


def random_pictures(count, smallest, largest, seed):
    rng = random.Random(seed)
    for _ in range(count):
        height, width = rng.randint(smallest, largest), rng.randint(smallest, largest)
        density = rng.choice((0.4, 0.5, 0.6, 0.7))
        yield tuple(tuple(int(rng.random() < density) for _ in range(width)) for _ in range(height))


def clues_of(picture):
    return [runs(row) for row in picture], [runs(column) for column in zip(*picture)]


def naive_probing(puzzle, node):
    """Every open cell, both values, every pass, until a pass settles nothing (no pad):
    False, None (complete) or the cell whose weaker probe settled most (the first such
    cell, row by row)."""
    while True:
        settled = False
        for row, column in list(node.unknown_cells()):
            if node.value(row, column) is not None:
                continue
            trials = [puzzle.assume(node, row, column, value) for value in (True, False)]
            if trials == [None, None]:
                return False
            if None in trials:
                node.set(row, column, trials[0] is not None)
                if puzzle.propagate(node, (row,), (column,)) is None:
                    return False
                settled = True
        if not settled:
            break
    cells = list(node.unknown_cells())
    if not cells:
        return None
    best, best_score = None, -1
    for row, column in cells:
        gains = [len(cells) - puzzle.assume(node, row, column, value).unknown_count() for value in (True, False)]
        if min(gains) * (len(cells) + 1) + max(gains) > best_score:
            best, best_score = (row, column), min(gains) * (len(cells) + 1) + max(gains)
    return best


def test_the_probe_pad_reaches_the_same_fixpoint_and_guess_as_probing_every_value():
    """Skipping the values an earlier probe set changes neither what probing proves nor
    the cell it picks to guess; what it proves agrees with every solution."""
    stalled = 0
    for picture in random_pictures(120, 6, 9, seed=36):
        puzzle = Puzzle(*clues_of(picture))
        board = puzzle.board()
        puzzle.propagate(board)
        if board.is_complete():
            continue
        stalled += 1
        reference, node, stats = board.copy(), board.copy(), Lookahead()
        expected = naive_probing(puzzle, reference)
        assert _probe_node(puzzle, node, Task(), stats) == expected
        assert node.row_filled == reference.row_filled
        assert node.row_empty == reference.row_empty
        assert stats.probes > 0
        for solution in solutions(*clues_of(picture), limit=3):
            grid = np.array(solution, dtype=bool)
            assert not (node.filled_array() & ~grid).any()
            assert not (node.empty_array() & grid).any()
        without_score = board.copy()
        cell = _probe_node(puzzle, without_score, Task(), score=False)
        assert without_score.row_filled == reference.row_filled
        assert cell is None if expected is None else without_score.value(*cell) is None
    assert stalled > 20


def test_bare_clues_of_random_pictures_against_backtracking():
    """The verdict on bare clues (probing at the first node, then another solution searched
    for from what it proved) against backtracking over row patterns: unique puzzles give
    their one solution, the others two that differ; a BRANCH that probing decides counts
    the probes of the first node."""
    kinds = {}
    for picture in random_pictures(60, 7, 9, seed=37):
        row_clues, column_clues = clues_of(picture)
        expected = expected_class(picture)
        verdict = check_puzzle(row_clues, column_clues, task=Task(time_limit=120))
        assert verdict.kind == expected, picture
        found = solutions(row_clues, column_clues, limit=2)
        if expected == Kind.MULT:
            assert verdict.alternative.astype(int).tolist() != verdict.picture.astype(int).tolist()
            for grid in (verdict.picture, verdict.alternative):
                assert clues_of(grid.astype(int).tolist()) == (row_clues, column_clues)
        else:
            assert verdict.picture.astype(int).tolist() == [list(row) for row in found[0]]
        if expected == Kind.BRANCH and verdict.decided_by == verdict_module.Stage.SEARCH:
            assert verdict.lookahead.probes > 0
        kinds[expected] = kinds.get(expected, 0) + 1
    assert kinds.get(Kind.BRANCH)
    assert kinds.get(Kind.MULT)
    assert kinds.get(Kind.LINE)


def spin(seconds: float) -> None:
    """Use this thread's CPU for ``seconds`` (the handover counts the search's CPU time)."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


@pytest.mark.parametrize("proving", [True, False])
def test_the_sat_process_waits_while_probing_proves_cells(monkeypatch, proving):
    """Past SAT_HEAD_START the SAT process starts, unless the search proved a cell within
    PROVING_GAP of CPU time; once it stops proving, the process starts."""
    monkeypatch.setattr(verdict_module, "SAT_HEAD_START", 0.01)
    monkeypatch.setattr(verdict_module, "PROVING_GAP", 0.02)
    noise = np.random.default_rng(3).random((12, 12)) < 0.5
    puzzle = Puzzle.from_grid(noise)
    board = puzzle.board()
    puzzle.propagate(board)
    sat = verdict_module._SatStage(puzzle, board, noise)
    proved = [0]
    handover = verdict_module._Handover(sat, sat_first=False, bare_clues=False, proved=lambda: proved[0])
    try:
        handover.tick()
        for _ in range(10):  # 0.05 s of CPU, past the head start
            spin(0.005)
            proved[0] += proving
            handover.tick()
        assert sat.started is not proving
        spin(0.03)
        handover.tick()
        assert sat.started
    finally:
        sat.stop()
