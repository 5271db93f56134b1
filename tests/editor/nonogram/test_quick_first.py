"""Bare clues' quick first solution: decimation before probing where line logic leaves
nearly every cell open (many solutions, mostly), probing first elsewhere."""
import numpy as np

from nonogram_editor.level.non_format import read_non
from nonogram_editor.nonogram import decimate as decimate_module
from nonogram_editor.nonogram import verdict as verdict_module
from nonogram_editor.nonogram.puzzle import Puzzle
from nonogram_editor.nonogram.verdict import Kind, check_puzzle
from tests.editor.nonogram.reference import NONOGRAMS


def open_share(puzzle: Puzzle) -> float:
    board = puzzle.board()
    puzzle.propagate(board)
    return board.unknown_count() / (puzzle.width * puzzle.height)


def counting(monkeypatch, module, name: str) -> list:
    """Replace ``module.name`` by a wrapper that records each call's keyword arguments."""
    calls = []
    original = getattr(module, name)

    def wrapper(*args, **kwargs):
        calls.append(kwargs)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapper)
    return calls


def test_random_clues_get_their_first_solution_from_decimation_without_probing(monkeypatch):
    monkeypatch.setattr(verdict_module, "QUICK_FIRST", 60.0)  # a busy machine cannot change the path
    probing = counting(monkeypatch, verdict_module, "find_solution")
    rng = np.random.default_rng(23)
    for _ in range(4):
        puzzle = Puzzle.from_grid(rng.random((25, 25)) < 0.45)
        assert open_share(puzzle) >= verdict_module.DECIMATE_FIRST
        verdict = check_puzzle(puzzle.row_clues, puzzle.column_clues)
        assert verdict.kind == Kind.MULT
        assert puzzle.is_solution(verdict.picture)
        assert puzzle.is_solution(verdict.alternative)
        assert verdict.differing.any()
    assert not [call for call in probing if call.get("budget") == 0]  # the first node was never probed


def test_clues_line_logic_mostly_solves_are_probed_first(monkeypatch):
    monkeypatch.setattr(verdict_module, "QUICK_FIRST", 60.0)
    decimating = counting(monkeypatch, decimate_module, "decimate")
    puzzle = read_non(NONOGRAMS / "webpbn-00065-mum.non")  # BRANCH; probing at the first node completes it
    assert open_share(Puzzle(puzzle.row_clues, puzzle.column_clues)) < verdict_module.DECIMATE_FIRST
    verdict = check_puzzle(puzzle.row_clues, puzzle.column_clues)
    assert verdict.kind == Kind.BRANCH
    assert (verdict.picture == puzzle.goal).all()
    assert not decimating


def test_the_quick_try_completes_at_its_dead_end_only_up_to_quick_complete_cells(monkeypatch):
    """The CaDiCaL search at the quick try's dead end: on 25x25 clues (cheap there), not on
    bigger ones, where the quick try gives up instead (probing decides those sooner)."""
    completing = counting(monkeypatch, decimate_module.TwoColour, "complete")
    rng = np.random.default_rng(23)
    for size, density in ((25, 0.45), (40, 0.5)):
        completing.clear()
        dead_ends = 0
        for _ in range(8):
            puzzle = Puzzle.from_grid(rng.random((size, size)) < density)
            board = puzzle.board()
            puzzle.propagate(board)
            try:
                solved = decimate_module.quick_try(puzzle, board)
                assert solved is not None
                assert puzzle.is_solution(solved.filled_array())
            except decimate_module.GaveUp:
                dead_ends += 1
        if size * size <= decimate_module.QUICK_COMPLETE:
            assert completing
        else:
            assert not completing
            assert dead_ends
