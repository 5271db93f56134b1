"""The bit-parallel line solver and the placement counter against pattern enumeration."""
import itertools
import random
from math import comb

import pytest

from nonogram_editor.nonogram.line import LineSolver, count_placements, line_solver, mirror_bits, solve_line
from tests.editor.nonogram.reference import patterns, runs


def masks(known):
    filled = sum(1 << i for i, k in enumerate(known) if k == 1)
    empty = sum(1 << i for i, k in enumerate(known) if k == 0)
    return filled, empty


def expected(clue, n, known):
    fitting = [p for p in patterns(clue, n) if all(k is None or k == v for k, v in zip(known, p))]
    if not fitting:
        return None, 0
    full = (1 << n) - 1
    always = full
    ever = 0
    for p in fitting:
        bits = sum(1 << i for i, v in enumerate(p) if v)
        always &= bits
        ever |= bits
    return (always, full & ~ever), len(fitting)


def all_clues(n):
    return sorted({runs(cells) for cells in itertools.product((0, 1), repeat=n)})


def check_every_state(n):
    for clue in all_clues(n) + [(n + 1,), (1,) * n]:  # plus two clues that never fit
        solver = LineSolver(clue, n)
        for known in itertools.product((None, 0, 1), repeat=n):
            filled, empty = masks(known)
            deduction, count = expected(clue, n, known)
            assert solver.deduce(filled, empty) == deduction, (clue, known)
            assert count_placements(clue, n, filled, empty) == count, (clue, known)


@pytest.mark.parametrize("n", range(1, 6))
def test_every_clue_and_every_known_state_up_to_5_cells(n):
    check_every_state(n)


@pytest.mark.slow
@pytest.mark.parametrize("n", range(6, 9))
def test_every_clue_and_every_known_state_6_to_8_cells(n):
    check_every_state(n)


def test_random_lines_up_to_11_cells():
    rng = random.Random(1)
    for _ in range(2000):
        n = rng.randint(1, 11)
        picture = [rng.random() < 0.55 for _ in range(n)]
        clue = runs(picture) if rng.random() < 0.9 else tuple(rng.randint(1, 4) for _ in range(rng.randint(0, 3)))
        known = tuple((int(v) if rng.random() < 0.4 else None) for v in picture)
        if rng.random() < 0.15:  # knowledge that may contradict the clue
            known = tuple(rng.choice((None, None, 0, 1)) for _ in range(n))
        deduction, count = expected(clue, n, known)
        assert solve_line(clue, n, *masks(known)) == deduction, (clue, known)
        assert count_placements(clue, n, *masks(known)) == count


def block_starts_of(clue, n, known):
    """Per block, the mask of its starts in the fitting patterns (enumerated)."""
    starts = [0] * len(clue)
    for p in patterns(clue, n):
        if all(k is None or k == v for k, v in zip(known, p)):
            begins = [i for i in range(n) if p[i] and (i == 0 or not p[i - 1])]
            for j, begin in enumerate(begins):
                starts[j] |= 1 << begin
    return starts


def test_block_starts_and_repeated_lengths_against_enumeration():
    """The starts each block has in some placement (the grade's simple rules read them),
    on clues whose lengths repeat (the solver handles each length once)."""
    rng = random.Random(5)
    for _ in range(1500):
        n = rng.randint(1, 12)
        picture = [rng.random() < 0.5 for _ in range(n)]
        clue = (runs(picture) if rng.random() < 0.8
                else tuple(rng.choice((1, 1, 2, 3)) for _ in range(rng.randint(1, 4))))
        known = tuple((int(v) if rng.random() < 0.35 else None) for v in picture)
        deduction, _ = expected(clue, n, known)
        starts = []
        assert LineSolver(clue, n).deduce(*masks(known), starts) == deduction, (clue, known)
        if deduction is not None:
            assert starts == block_starts_of(clue, n, known), (clue, known)


@pytest.mark.parametrize("n", [128, 200])
def test_long_lines_are_complete_by_counting(n):
    """On 128+ cells: a cell is forced exactly when the opposite value leaves no placement."""
    rng = random.Random(n)
    for _ in range(12):
        picture = [rng.random() < 0.6 for _ in range(n)]
        clue = runs(picture)
        known = [int(v) if rng.random() < 0.5 else None for v in picture]
        filled, empty = masks(known)
        forced_filled, forced_empty = solve_line(clue, n, filled, empty)
        assert forced_filled & filled == filled
        assert forced_empty & empty == empty
        picture_bits = sum(1 << i for i, v in enumerate(picture) if v)
        assert forced_filled & ~picture_bits == 0
        assert forced_empty & picture_bits == 0
        for cell in rng.sample(range(n), 40):
            bit = 1 << cell
            if (filled | empty) & bit:
                continue
            can_fill = count_placements(clue, n, filled | bit, empty) > 0
            can_empty = count_placements(clue, n, filled, empty | bit) > 0
            assert bool(forced_filled & bit) == (not can_empty)
            assert bool(forced_empty & bit) == (not can_fill)


def test_exact_counts_without_enumerating():
    assert count_placements((1, 1), 25) == 276  # the seed's figures
    assert count_placements((1, 2, 1), 25) == 1540
    assert count_placements((1,) * 20, 300) == comb(300 - 20 + 1, 20)  # about 10**32
    assert count_placements((), 7) == 1
    assert count_placements((), 7, filled=4) == 0
    assert line_solver((2, 1), 30).count(0, 0) == count_placements((2, 1), 30)


def test_overlap_and_contradictions_on_long_lines():
    n = 250
    filled, empty = solve_line((100, 100), n)
    slack = n - 201
    expected_filled = sum(1 << i for i in range(slack, 100)) | sum(1 << i for i in range(101 + slack, 201))
    assert (filled, empty) == (expected_filled, 0)
    assert solve_line((100, 100), 200) is None
    assert solve_line((3,), 10, filled=0b1000000001) is None
    assert solve_line((1,), 3, filled=0b1, empty=0b1) is None
    assert solve_line((), 5) == (0, 0b11111)


def test_memo_and_shared_solvers():
    solver = line_solver((3, 1), 12)
    assert line_solver((3, 1), 12) is solver
    first = solver.solve(0b100, 0)
    assert solver.solve(0b100, 0) is first


def test_mirror_bits():
    assert mirror_bits(0b0011, 4) == 0b1100
    value = random.Random(3).getrandbits(300)
    assert mirror_bits(mirror_bits(value, 300), 300) == value
    assert mirror_bits(1, 300) == 1 << 299


def test_bad_clues_are_rejected():
    with pytest.raises(ValueError):
        LineSolver((0, 2), 5)
    with pytest.raises(ValueError):
        LineSolver((1,), 0)


def test_counts_are_memoised_so_a_recount_after_an_edit_counts_only_changed_lines(monkeypatch):
    """Puzzle.line_counts after a one-cell edit of a 40x40 drawing counts two lines again
    (the edited row and column), and its counts are those of a fresh count; a cancelled
    task stops it."""
    import numpy as np

    from nonogram_editor.infra.tasks import Cancelled, Task
    from nonogram_editor.nonogram import line
    from nonogram_editor.nonogram.puzzle import Puzzle

    drawing = np.random.default_rng(40).random((40, 40)) < 0.5
    first = Puzzle.from_grid(drawing)
    board = first.board()
    first.propagate(board)
    first.line_counts(board)
    counted = []
    real = line.count_placements
    monkeypatch.setattr(line, "count_placements", lambda *args: counted.append(args[:2]) or real(*args))
    drawing[7, 12] ^= True
    edited = Puzzle.from_grid(drawing)
    board = edited.board()
    edited.propagate(board)
    rows, columns = edited.line_counts(board)
    assert 1 <= len(counted) <= 2
    assert {clue for clue, _ in counted} <= {edited.row_clues[7], edited.column_clues[12]}
    line.clear_line_caches()
    assert (rows, columns) == Puzzle.from_grid(drawing).line_counts(board)
    assert rows[7] == count_placements(edited.row_clues[7], 40, board.row_filled[7], board.row_empty[7])
    task = Task()
    task.cancel()
    with pytest.raises(Cancelled):
        edited.line_counts(board, task)


def test_adds_nothing_knows_only_what_the_memo_has_seen():
    """True only for a state the complete deduction was memoised on and found nothing new in."""
    solver = LineSolver((3,), 5)
    assert not solver.adds_nothing(0, 0)  # not seen yet
    assert solver.solve(0, 0) == (0b00100, 0)  # the middle cell is forced
    assert not solver.adds_nothing(0, 0)  # seen: the deduction adds a cell
    assert solver.solve(0b00100, 0) == (0b00100, 0)
    assert solver.adds_nothing(0b00100, 0)  # seen: nothing new
    assert solver.solve(0b10001, 0) is None
    assert not solver.adds_nothing(0b10001, 0)
