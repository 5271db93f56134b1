"""The SAT stage: the line automaton encoding against enumeration, the two questions
against brute force, and the verdicts it decides (through a separate process)."""
import itertools
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from pysat.solvers import Solver

from nonogram_editor.infra import child_process as sat_module
from nonogram_editor.infra.child_process import run_in_process
from nonogram_editor.infra.tasks import Cancelled, Task
from nonogram_editor.level.non_format import read_non
from nonogram_editor.nonogram import cnf, order_cnf, portfolio
from nonogram_editor.nonogram import verdict as verdict_module
from nonogram_editor.nonogram.puzzle import Puzzle, array_to_rows, rows_to_array
from nonogram_editor.nonogram.verdict import Kind, Stage, check_drawing, check_puzzle
from tests.editor.nonogram import reference_cnf
from tests.editor.nonogram.reference import runs, solutions
from tests.editor.nonogram.test_sat_process import _children as children
from tests.editor.nonogram.test_verdict import clues_of, every_picture

HARD = Path(__file__).resolve().parents[2] / "data" / "hard"


def fits(grid, row_clues, column_clues) -> bool:
    grid = np.asarray(grid, dtype=bool)
    return (tuple(runs(row) for row in grid.astype(int)) == tuple(map(tuple, row_clues))
            and tuple(runs(column) for column in grid.T.astype(int)) == tuple(map(tuple, column_clues)))


def one_line(clue, length, filled, empty):
    """cnf.line_clauses of a single line (cells 1..length) with ``filled``/``empty`` masks."""
    known = [[bool(mask >> i & 1) for i in range(length)] for mask in (filled, empty)]
    result = cnf.line_clauses([clue], np.arange(1, length + 1)[None], np.array(known[:1]), np.array(known[1:]), length)
    return None if result is None else result[0]


def words_of(clue, length, filled, empty):
    """Every assignment of the line's cells the encoding allows, by asking the solver."""
    clauses = one_line(clue, length, filled, empty)
    if clauses is None:
        return set()
    clauses += [[i + 1] for i in range(length) if filled >> i & 1]
    clauses += [[-(i + 1)] for i in range(length) if empty >> i & 1]
    found = set()
    with Solver(name=portfolio.NEAR_SOLVER, bootstrap_with=clauses) as solver:  # kissat has no assumptions
        for cells in itertools.product((0, 1), repeat=length):
            if solver.solve(assumptions=[i + 1 if v else -(i + 1) for i, v in enumerate(cells)]):
                found.add(cells)
    return found


@pytest.mark.parametrize("length", range(1, 7))
def test_line_encoding_allows_exactly_the_fitting_words(length):
    rng = random.Random(length)
    for cells in itertools.product((0, 1), repeat=length):
        clue = runs(cells)
        for _ in range(3):
            known = [rng.choice((None, None, 0, 1)) for _ in range(length)]
            filled = sum(1 << i for i, k in enumerate(known) if k == 1)
            empty = sum(1 << i for i, k in enumerate(known) if k == 0)
            expected = {word for word in itertools.product((0, 1), repeat=length)
                        if runs(word) == clue and all(k is None or k == v for k, v in zip(known, word))}
            assert words_of(clue, length, filled, empty) == expected, (clue, known)


@pytest.mark.parametrize("length", range(1, 9))
def test_a_line_is_refused_exactly_when_no_placement_fits_what_is_known(length):
    """line_clauses answers None (encode: no solution, before any SAT call) exactly when
    no word of the clue agrees with the known cells; every clue, every knowledge."""
    for clue in {runs(cells) for cells in itertools.product((0, 1), repeat=length)}:
        words = [word for word in itertools.product((0, 1), repeat=length) if runs(word) == clue]
        for known in itertools.product((None, 0, 1), repeat=min(length, 5)):
            known = known + (None,) * (length - len(known))
            filled = sum(1 << i for i, k in enumerate(known) if k == 1)
            empty = sum(1 << i for i, k in enumerate(known) if k == 0)
            fits = any(all(k is None or k == v for k, v in zip(known, word)) for word in words)
            assert (one_line(clue, length, filled, empty) is None) == (not fits), (clue, known)


def random_knowledge(rng, height, width, share):
    """(row_filled, row_empty) masks with about ``share`` of the cells known, half each way."""
    filled, empty = [0] * height, [0] * height
    for row in range(height):
        for column in range(width):
            draw = rng.random()
            if draw < share / 2:
                filled[row] |= 1 << column
            elif draw < share:
                empty[row] |= 1 << column
    return filled, empty


def test_the_vectorised_encoder_gives_the_plain_encoders_clauses():
    """cnf.encode (numpy over all lines at once) against the first, line-by-line encoder
    (reference_cnf): the same variables, the same clauses in the same order, on clue sets of
    random pictures (some with a row's clue replaced, some without a solution) with random
    knowledge, including knowledge no placement fits."""
    rng = random.Random(151)
    compared = refused = 0
    for _ in range(1500):
        height, width = rng.randint(1, 7), rng.randint(1, 7)
        picture = [[int(rng.random() < 0.5) for _ in range(width)] for _ in range(height)]
        row_clues, column_clues = clues_of(picture)
        row_clues = list(row_clues)
        if rng.random() < 0.3:
            row_clues[rng.randrange(height)] = runs([int(rng.random() < 0.5) for _ in range(width)])
        known = random_knowledge(rng, height, width, rng.choice((0.0, 0.2, 0.4))) if rng.random() < 0.8 else None
        encoded = cnf.encode(row_clues, column_clues, known)
        assert encoded == reference_cnf.encode(row_clues, column_clues, known), (row_clues, column_clues, known)
        compared += encoded is not None
        refused += encoded is None
    assert compared > 500
    assert refused > 100


@pytest.mark.parametrize("name", ["domino-9.non", "webpbn-06574-forever.non", "knotty.non"])
def test_the_vectorised_encoder_gives_the_plain_encoders_clauses_on_hard_puzzles(name):
    puzzle = read_non(HARD / name)
    engine = Puzzle(puzzle.row_clues, puzzle.column_clues)
    board = engine.board()
    engine.propagate(board)
    known = (board.row_filled, board.row_empty)
    encoded = cnf.encode(engine.row_clues, engine.column_clues, known)
    assert encoded is not None
    assert len(encoded[0]) > 5000
    assert encoded == reference_cnf.encode(engine.row_clues, engine.column_clues, known)


def decide_bare(row_clues, column_clues, picture=None, known=None):
    puzzle = Puzzle(row_clues, column_clues)
    board = puzzle.board()
    if known == "line logic" and puzzle.propagate(board) is None:
        return "contradiction"
    first, second = portfolio.decide(row_clues, column_clues, (board.row_filled, board.row_empty),
                               None if picture is None else array_to_rows(np.asarray(picture, dtype=bool)))
    width = len(column_clues)
    return (None if first is None else rows_to_array(first, width),
            None if second is None else rows_to_array(second, width))


@pytest.mark.parametrize("height, width", [(1, 3), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4)])
def test_every_clue_set_of_small_pictures_against_all_its_pictures(height, width):
    groups = {}
    for picture in every_picture(height, width):
        groups.setdefault(clues_of(picture), []).append(picture)
    for (row_clues, column_clues), pictures in groups.items():
        first, second = decide_bare(row_clues, column_clues)
        assert tuple(map(tuple, first.astype(int))) in pictures
        if len(pictures) == 1:
            assert second is None
        else:
            assert tuple(map(tuple, second.astype(int))) in pictures
            assert not np.array_equal(first, second)
        same, other = decide_bare(row_clues, column_clues, picture=pictures[-1])
        assert tuple(map(tuple, same.astype(int))) == pictures[-1]
        assert (other is None) == (len(pictures) == 1)


def test_random_pictures_and_clue_sets_against_the_reference_solver():
    rng = random.Random(15)
    for _ in range(120):
        height, width = rng.randint(1, 7), rng.randint(1, 7)
        picture = [[int(rng.random() < 0.55) for _ in range(width)] for _ in range(height)]
        row_clues, column_clues = clues_of(picture)
        truth = solutions(row_clues, column_clues, limit=2)
        first, second = decide_bare(row_clues, column_clues, known="line logic")
        assert fits(first, row_clues, column_clues)
        assert (second is not None) == (len(truth) > 1)
        if second is not None:
            assert fits(second, row_clues, column_clues)
            assert not np.array_equal(first, second)
        # clues that may have no solution at all: a random row clue set with the picture's columns
        bad_rows = [runs([int(rng.random() < 0.5) for _ in range(width)]) for _ in range(height)]
        truth = solutions(bad_rows, column_clues, limit=2)
        result = decide_bare(bad_rows, column_clues, known="line logic")
        if not truth:
            assert result == "contradiction" or result == (None, None)
        else:
            assert fits(result[0], bad_rows, column_clues)
            assert (result[1] is not None) == (len(truth) > 1)


def local_other(picture: np.ndarray):
    """portfolio._local_other on ``picture``'s clues, the cells line logic leaves open free."""
    row_clues, column_clues = clues_of(picture.astype(int).tolist())
    puzzle = Puzzle(row_clues, column_clues)
    board = puzzle.board()
    puzzle.propagate(board)
    other = portfolio._local_other(row_clues, column_clues, picture, ~(board.filled_array() | board.empty_array()))
    return None if other is None else rows_to_array(other, picture.shape[1])


def differs_inside_a_window(picture: np.ndarray, other: np.ndarray) -> bool:
    from nonogram_editor.nonogram.search import windows

    for rows, columns in windows(*picture.shape, portfolio.WINDOW, portfolio.WINDOW // 2):
        outside = np.ones_like(picture)
        outside[rows.start:rows.stop, columns.start:columns.stop] = False
        if not (outside & (picture != other)).any():
            return True
    return False


def blocks_of(line) -> list[int]:
    return [len(run) for run in "".join("1" if cell else "0" for cell in line).split("0") if run]


def test_a_windows_line_segment_holds_exactly_the_values_its_free_cells_may_take():
    """portfolio._segments on random lines with free cells inside a span: every way to fill
    the free cells gives the line its clue exactly when it gives the segment the segment's
    part of the clue (brute force over the free cells)."""
    rng = random.Random(7)
    checked = 0
    for _ in range(300):
        length = rng.randint(1, 14)
        line = np.array([rng.random() < 0.6 for _ in range(length)])
        start = rng.randrange(length)
        span = slice(start, rng.randint(start + 1, length))
        free = np.zeros((1, length), dtype=bool)
        free[0, span] = [rng.random() < 0.7 for _ in range(span.stop - span.start)]
        cells = np.arange(1, length + 1).reshape(1, length)
        segments = portfolio._segments([blocks_of(line)], slice(0, 1), span, line[None], free, cells, length + 1)
        inside = segments.cells[0] != length + 1
        for values in itertools.product((False, True), repeat=int(free.sum())):
            changed = line.copy()
            changed[free[0]] = values
            segment = changed[segments.cells[0][inside] - 1]
            assert (blocks_of(changed) == blocks_of(line)) == (blocks_of(segment) == segments.clues[0])
            checked += 1
        kept = set(segments.fixed)
        assert all((cell if line[cell - 1] else -cell) in kept
                   for cell in segments.cells[0][inside] if not free[0, cell - 1])
    assert checked > 1000


def test_the_window_stage_finds_exactly_the_other_solutions_inside_a_window(monkeypatch):
    """With 4x4 windows on 6x6 to 7x8 pictures: another solution that differs from the
    picture only inside one window is found whenever brute force has one; what it finds fits
    the clues and differs only inside a window."""
    monkeypatch.setattr(portfolio, "WINDOW", 4)
    rng = random.Random(41)
    found = missed = 0
    for _ in range(150):
        height, width = rng.randint(6, 7), rng.randint(6, 8)
        picture = np.array([[rng.random() < 0.55 for _ in range(width)] for _ in range(height)])
        row_clues, column_clues = clues_of(picture.astype(int).tolist())
        others = [np.array(grid, dtype=bool) for grid in solutions(row_clues, column_clues, limit=10**6)]
        local = any(differs_inside_a_window(picture, other) for other in others if (other != picture).any())
        other = local_other(picture)
        assert (other is not None) == local
        if other is not None:
            assert fits(other, row_clues, column_clues)
            assert differs_inside_a_window(picture, other)
            assert (other != picture).any()
        found += local
        missed += not local and len(others) > 1
    assert found > 20
    assert missed > 5


def test_an_edit_of_knotty_gets_its_other_solution_from_a_window():
    """Knotty's goal with cell (32, 37) flipped: another solution differs from it in 14
    cells within 8x8, which the search near the picture misses (CaDiCaL: none in 20,000
    conflicts, kissat none in 50 s); the window stage finds it."""
    drawing = np.asarray(read_non(HARD / "knotty-goal.non").goal, dtype=bool).copy()
    drawing[32, 37] = ~drawing[32, 37]
    other = local_other(drawing)
    assert other is not None
    assert Puzzle.from_grid(drawing).is_solution(other)
    assert (other != drawing).any()
    first, second = decide_bare(*clues_of(drawing.astype(int).tolist()), picture=drawing, known="line logic")
    assert np.array_equal(first, drawing)
    assert Puzzle.from_grid(drawing).is_solution(second)


def test_the_search_next_to_the_first_solution_against_the_reference_solver():
    """portfolio.search_near (another solution next to the SAT solver's first): when it decides,
    its answer is right (None only for a unique clue set; otherwise a different solution
    that fits), on random clue sets."""
    rng = random.Random(33)
    decided = 0
    for _ in range(150):
        height, width = rng.randint(2, 7), rng.randint(2, 7)
        picture = [[int(rng.random() < 0.55) for _ in range(width)] for _ in range(height)]
        row_clues, column_clues = clues_of(picture)
        truth = solutions(row_clues, column_clues, limit=2)
        done, other = portfolio.search_near(row_clues, column_clues, array_to_rows(np.array(picture, dtype=bool)))
        if not done:
            continue
        decided += 1
        assert (other is None) == (len(truth) == 1)
        if other is not None:
            other = rows_to_array(other, width)
            assert fits(other, row_clues, column_clues)
            assert not np.array_equal(other, np.array(picture, dtype=bool))
    assert decided > 100


def test_a_clue_only_puzzle_with_many_solutions_gets_its_second_from_the_search(monkeypatch):
    """Bare clues: once the SAT solver has a first solution, the line-logic search finds
    another next to it; the SAT solver is asked only once."""
    noise = np.random.default_rng(5).random((15, 15)) < 0.5
    row_clues, column_clues = clues_of(noise.astype(int).tolist())
    puzzle = Puzzle(row_clues, column_clues)
    board = puzzle.board()
    puzzle.propagate(board)
    created = []

    def counting_solver(*args, **kwargs):
        created.append(kwargs.get("name", args[0] if args else None))
        return Solver(*args, **kwargs)

    monkeypatch.setattr("nonogram_editor.infra.sat_solvers.Solver", counting_solver)
    monkeypatch.setattr(sat_module, "fork_running", lambda *args, **kwargs: None)  # the first solution's search here
    first, second = portfolio.decide(row_clues, column_clues, (board.row_filled, board.row_empty), None)
    assert created == [order_cnf.FIRST_SOLVER]  # the short first-solution search; the line-logic search: the second
    first, second = rows_to_array(first, 15), rows_to_array(second, 15)
    assert puzzle.is_solution(first)
    assert puzzle.is_solution(second)
    assert (first != second).any()


def test_bare_clues_the_short_search_leaves_open_go_to_the_racers(monkeypatch):
    """Light's first solution takes 339 conflicts on the automaton encoding: with a budget
    of one, it comes from the racing block-position solvers, and the verdict stays right."""
    monkeypatch.setattr(sat_module, "fork_running", lambda *args, **kwargs: None)  # no kissat head start
    monkeypatch.setattr(portfolio, "QUICK_CONFLICTS", 1)
    raced = []
    real_first_solution = order_cnf.first_solution

    def first_solution(*args):
        raced.append(real_first_solution(*args))
        return raced[-1]

    monkeypatch.setattr(order_cnf, "first_solution", first_solution)
    light = read_non(HARD / "webpbn-00803-light.non")
    first, second = decide_bare(light.row_clues, light.column_clues, known="line logic")
    assert raced
    assert raced[0] is not None
    assert fits(first, light.row_clues, light.column_clues)
    assert second is None


@pytest.mark.parametrize("name", ["webpbn-00803-light.non", "domino-7.non"])  # domino-7: symmetric clues
def test_the_automaton_racer_in_its_own_process_finds_a_fitting_solution_or_there_is_none(name):
    puzzle_file = read_non(HARD / name)
    puzzle = Puzzle(puzzle_file.row_clues, puzzle_file.column_clues)
    board = puzzle.board()
    puzzle.propagate(board)
    clauses, _ = cnf.encode(puzzle.row_clues, puzzle.column_clues, (board.row_filled, board.row_empty))
    problem = portfolio.Problem(puzzle.row_clues, puzzle.column_clues, (board.row_filled, board.row_empty), clauses)
    found = run_in_process(portfolio.automaton_first, (problem,))
    assert puzzle.is_solution(rows_to_array(found, puzzle.width))
    rows, columns = [(2,), (2,), (1, 1), (1, 1)], [(1, 1), (2,), (2,), (1, 1)]  # line logic misses that none fits
    problem = portfolio.Problem(rows, columns, ([0] * 4, [0] * 4), cnf.encode(rows, columns)[0])
    assert run_in_process(portfolio.automaton_first, (problem,)) is None


linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forks: Linux")

# a script's start for the first-solution race in a process of its own (where forks can be
# made): a racer that never answers, the racers' forks recorded as (name, pid), and
# retime(schedule, name, **changes) that changes a racer of a schedule
RACE_SCRIPT = (
    "import dataclasses, os, sys; from nonogram_editor.nonogram import cnf, order_cnf, portfolio\n"
    "def retime(schedule, name, **changes):\n"
    "    schedule[:] = [dataclasses.replace(r, **changes) if r.name == name else r for r in schedule]\n"
    "from nonogram_editor.nonogram.puzzle import Puzzle, rows_to_array\n"
    "from nonogram_editor.level.non_format import read_non\n"
    "import nonogram_editor.infra.child_process\n"
    "real_fork_running, racers = nonogram_editor.infra.child_process.fork_running, []\n"
    "def recording(function, args, name='solver'):\n"
    "    child = real_fork_running(function, args, name=name)\n"
    "    racers.append((name, child._process.pid))\n"
    "    return child\n"
    "nonogram_editor.infra.child_process.fork_running = recording\n"
    "def never_answers(*args):\n"
    "    if len(sys.argv) > 1: open(os.path.join(sys.argv[1], str(os.getpid())), 'w').close()\n"
    "    while True: pass\n"
    f"light = read_non({str(HARD / 'webpbn-00803-light.non')!r})\n"
    "puzzle = Puzzle(light.row_clues, light.column_clues); board = puzzle.board(); puzzle.propagate(board)\n"
    "known = (board.row_filled, board.row_empty)\n")


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (reaped, or a zombie nobody has reaped yet)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z")
    except (OSError, IndexError):
        return True


def _run_race(code: str, *args) -> list[str]:
    done = subprocess.run([sys.executable, "-c", RACE_SCRIPT + code, *args], capture_output=True, text=True,
                          env={**os.environ, "OPENBLAS_NUM_THREADS": "1"})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr == "", done.stderr[-2000:]
    return done.stdout.split("\n")


def _race_outcome(code: str) -> tuple[str, list[str]]:
    """The first line the race script prints and the names of the racers it started,
    each of which must have ended by then."""
    lines = _run_race(code)
    racers = eval(lines[1])
    assert all(_gone(pid) for _, pid in racers)
    return lines[0], [name for name, _ in racers]


@linux_only
@pytest.mark.parametrize("loser", ["kissat", "block encoding"])
def test_the_first_solution_race_takes_the_answer_that_comes_and_ends_the_other_racer(loser):
    """Either racer's answer fits the clues; the one that does not answer is ended
    (kissat once it has used its head start, the block encoding when kissat answers;
    decimation, which takes kissat's place, never answers here)."""
    never = ("retime(portfolio.FIRST_SOLUTION, 'kissat', solve=never_answers)" if loser == "kissat"
             else "order_cnf.first_solution = never_answers")
    code = ("from nonogram_editor.nonogram import decimate; decimate.first_solution = never_answers\n"
            f"{never}\n"
            "retime(portfolio.FIRST_SOLUTION, 'kissat', stops=0.3)\n"
            "retime(portfolio.FIRST_SOLUTION, 'block encoding', joins=-1)  # both race from the start\n"
            "first, second = portfolio.decide(light.row_clues, light.column_clues, known, None)\n"
            "print(puzzle.is_solution(rows_to_array(first, puzzle.width)), second)\n"
            "print(racers)\n")
    answer, racers = _race_outcome(code)
    assert answer == "True None"  # Light is unique
    assert racers[:2] == ["kissat", "block encoding"]


@linux_only
@pytest.mark.parametrize("loser", ["kissat", "block encoding"])
def test_with_a_spare_core_the_block_encoding_races_kissat_from_the_start(loser):
    """``spare_core``: the block racer is forked before the automaton encoding (here
    KISSAT_ALONE is out of reach); whichever answers first decides, the other is ended."""
    never = ("retime(portfolio.FIRST_SOLUTION, 'kissat', solve=never_answers)" if loser == "kissat"
             else "order_cnf.first_solution = never_answers")
    code = (f"{never}; retime(portfolio.FIRST_SOLUTION, 'block encoding', joins=1e9)\n"
            "first, second = portfolio.decide(light.row_clues, light.column_clues, known, None, True)\n"
            "print(puzzle.is_solution(rows_to_array(first, puzzle.width)), second)\n"
            "print(racers)\n")
    assert _race_outcome(code) == ("True None", ["block encoding", "kissat"])  # Light is unique


@linux_only
def test_kissat_races_alone_until_it_has_used_its_cpu_seconds():
    code = ("first, second = portfolio.decide(light.row_clues, light.column_clues, known, None)\n"
            "print(puzzle.is_solution(rows_to_array(first, puzzle.width)), [name for name, _ in racers])\n")
    assert _run_race(code)[0] == "True ['kissat']"  # Light: kissat answers in a fraction of KISSAT_ALONE


@linux_only
def test_ending_the_sat_process_ends_its_racers(tmp_path):
    """Cancel and the time limit kill the SAT process: its racers end with it."""
    code = ("order_cnf.first_solution = never_answers\n"
            "retime(portfolio.FIRST_SOLUTION, 'kissat', solve=never_answers)\n"
            "retime(portfolio.FIRST_SOLUTION, 'block encoding', joins=-1)\n"
            "sat = nonogram_editor.infra.child_process.fork_running(\n"
            "    portfolio.decide, (light.row_clues, light.column_clues, known, None))\n"
            "import time\n"
            "while len(os.listdir(sys.argv[1])) < 2: time.sleep(0.01)\n"
            "sat.kill()\n"
            "print(os.listdir(sys.argv[1]))\n")
    racers = [int(pid) for pid in eval(_run_race(code, str(tmp_path))[0])]
    deadline = time.monotonic() + 60
    while not all(_gone(pid) for pid in racers) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(racers) == 2
    assert all(_gone(pid) for pid in racers)


@linux_only
@pytest.mark.parametrize("loser", ["automaton encoding", "block encoding"])
def test_the_race_for_another_solution_takes_the_answer_that_comes_and_ends_the_other_racer(
        loser):
    """Either racer's other solution fits the clues and differs from the picture (here a
    4x4 with one filled cell per row and column: 24 solutions); both forks end."""
    never = ("retime(portfolio.OTHER_SOLUTION, 'automaton encoding', solve=never_answers)"
             if loser == "automaton encoding"
             else "order_cnf.other_solution = never_answers")
    code = (f"{never}; retime(portfolio.OTHER_SOLUTION, 'block encoding', joins=-1)  # both race from the start\n"
            "import numpy as np\n"
            "rows = columns = [[1]] * 4; puzzle = Puzzle(rows, columns)\n"
            "picture = [1, 2, 4, 8]  # the diagonal\n"
            "differ = [-(row * 4 + row + 1) for row in range(4)]  # some filled cell of it is empty\n"
            "problem = portfolio.Problem(rows, columns, ([0] * 4, [0] * 4), cnf.encode(rows, columns)[0] + [differ],\n"
            "                            picture)\n"
            "other = portfolio.race(portfolio.OTHER_SOLUTION, problem, portfolio.automaton_other)\n"
            "print(puzzle.is_solution(rows_to_array(other, 4)), other != picture)\n"
            "print(racers)\n")
    assert _race_outcome(code) == ("True True", ["automaton encoding", "block encoding"])


def test_bare_clues_get_a_kissat_head_start_in_a_fork_where_one_can_be_made(monkeypatch):
    """A fork of a process with numpy's BLAS threads would not be safe: the check runs in
    a child without them, as `check` does."""
    code = ("import sys; from nonogram_editor.nonogram import cnf, order_cnf, portfolio\n"
            "from nonogram_editor.nonogram.puzzle import Puzzle, rows_to_array\n"
            "from nonogram_editor.level.non_format import read_non\n"
            "order_cnf.first_solution = None  # never reached: kissat answers first\n"
            "import nonogram_editor.infra.child_process\n"
            "real_fork_running, forks = nonogram_editor.infra.child_process.fork_running, []\n"
            "nonogram_editor.infra.child_process.fork_running = \\\n"
            "    lambda *args, **kwargs: forks.append(real_fork_running(*args, **kwargs)) or forks[-1]\n"
            f"light = read_non({str(HARD / 'webpbn-00803-light.non')!r})\n"
            "puzzle = Puzzle(light.row_clues, light.column_clues); board = puzzle.board(); puzzle.propagate(board)\n"
            "first, second = portfolio.decide(light.row_clues, light.column_clues,\n"
            "                                 (board.row_filled, board.row_empty), None)\n"
            "print(puzzle.is_solution(rows_to_array(first, puzzle.width)), second, forks[0] is not None)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "OPENBLAS_NUM_THREADS": "1"})
    assert done.stdout.split() == ["True", "None", "True"], done.stderr[-2000:]


def stuck_search(*args, **options):
    """Stands in for probing and search: never decides (until its task says stop)."""
    task = next(arg for arg in args if isinstance(arg, Task))
    while True:
        task.check_cancelled()
        time.sleep(0.001)


@pytest.fixture
def sat_at_once(monkeypatch):
    """Probing and search never decide: every stalled check is the SAT solver's."""
    monkeypatch.setattr(verdict_module, "SEARCH_ALONE", 0.0)
    monkeypatch.setattr(verdict_module, "QUICK_FIRST", 0.0)  # nor a quick first solution of bare clues
    monkeypatch.setattr(verdict_module, "find_solution", stuck_search)
    monkeypatch.setattr(verdict_module, "find_alternative", stuck_search)


def test_the_sat_stage_decides_drawings_and_bare_clues(sat_at_once):
    noise = np.random.default_rng(3).random((12, 12)) < 0.5
    mult = check_drawing(noise)
    assert mult.kind == Kind.MULT
    assert mult.decided_by == Stage.SAT
    assert Puzzle.from_grid(noise).is_solution(mult.alternative)
    assert mult.differing.any()
    assert np.array_equal(mult.picture, noise)

    edge = read_non(Path(__file__).resolve().parents[2] / "data" / "nonograms" / "webpbn-00023-edge.non")
    unique = check_puzzle(edge.row_clues, edge.column_clues)  # clue-only: the solution comes with it
    assert unique.kind == Kind.BRANCH
    assert unique.decided_by == Stage.SAT
    assert np.array_equal(unique.picture, edge.goal)
    assert unique.to_json()["lookahead"] == "sat"
    assert "SAT solver" in unique.lookahead_text()

    bare = check_puzzle(*clues_of(noise.astype(int).tolist()))
    assert bare.kind == Kind.MULT
    assert Puzzle.from_grid(noise).is_solution(bare.picture)
    assert Puzzle.from_grid(noise).is_solution(bare.alternative)
    assert bare.differing.any()


def test_the_sat_stage_finds_no_solution_where_there_is_none(sat_at_once):
    # each line alone can be placed and line logic stalls, but no grid fits
    rows = [(1, 1), (2,), (1,), (2,)]
    columns = [(2,), (2,), (2,), (1,)]
    assert solutions(rows, columns, limit=1) == []
    result = check_puzzle(rows, columns)
    assert result.kind == Kind.CONTRADICTION
    assert result.decided_by == Stage.SAT
    assert result.open_cells == 16
    assert "SAT solver finds no solution" in result.describe()


def test_domino_logic_is_branch_and_forever_keeps_its_goal():
    dom = read_non(HARD / "domino-7.non")
    result = check_puzzle(dom.row_clues, dom.column_clues)  # the search alone takes minutes: the SAT solver wins
    assert result.kind == Kind.BRANCH
    assert result.decided_by == Stage.SAT
    assert Puzzle(dom.row_clues, dom.column_clues).is_solution(result.picture)
    forever = read_non(HARD / "webpbn-06574-forever.non")
    result = check_puzzle(forever.row_clues, forever.column_clues, forever.goal)
    assert result.kind == Kind.BRANCH
    assert np.array_equal(result.picture, forever.goal)


@pytest.fixture(params=["forked", "fresh interpreter"])
def sat_processes(request, monkeypatch):
    """Every process nonogram_editor.infra.child_process starts (to see that none outlives its check), forked from
    this process (as in ``nonogram-editor check``) or a fresh interpreter (as in the editor)."""
    from tests.editor.infra.test_child_process import record_children

    sat_module.discard_ready()  # a waiting process from an earlier test would take the call unseen
    started = record_children(monkeypatch)
    forked = request.param == "forked"
    monkeypatch.setattr(sat_module, "fork_ready", lambda threads=1: sat_module.Child(forked=True) if forked else None)
    return started


def test_the_sat_process_runs_beside_the_search_and_its_answer_ends_the_search(monkeypatch, sat_processes):
    """The SAT process starts once the search has used SAT_HEAD_START of CPU; when it
    answers first, the search gives way at once (here the search would never end, and
    its own budget is out of reach)."""
    monkeypatch.setattr(verdict_module, "SEARCH_ALONE", 1e9)
    monkeypatch.setattr(verdict_module, "SAT_HEAD_START", 0.0)
    monkeypatch.setattr(verdict_module, "find_solution", stuck_search)
    monkeypatch.setattr(verdict_module, "find_alternative", stuck_search)
    noise = np.random.default_rng(3).random((12, 12)) < 0.5
    result = check_drawing(noise, task=Task(time_limit=120))
    assert result.kind == Kind.MULT
    assert result.decided_by == Stage.SAT
    assert Puzzle.from_grid(noise).is_solution(result.alternative)
    assert len(sat_processes) == 1
    assert sat_processes[0].poll() is not None


def test_cancel_ends_the_sat_process_at_once(sat_at_once, sat_processes, tmp_path, monkeypatch):
    """...and leaves nothing in the temporary folder (nor do the racers the SAT process forks)."""
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # this process's and the fresh interpreter's
    monkeypatch.setattr(tempfile, "tempdir", None)
    knotty = read_non(HARD / "knotty.non")  # far from decided in the moment before the cancel
    started = threading.Event()
    task = Task(on_progress=lambda progress: started.set() if "SAT" in progress.message else None, interval=0)
    outcome = []

    def run():
        try:
            outcome.append(check_puzzle(knotty.row_clues, knotty.column_clues, task=task))
        except Cancelled:
            outcome.append("cancelled")

    thread = threading.Thread(target=run)
    thread.start()
    assert started.wait(60)
    while not sat_processes:
        time.sleep(0.01)
    while sys.platform.startswith("linux") and not children(sat_processes[0].pid) and thread.is_alive():
        time.sleep(0.01)  # the SAT process has forked a racer
    task.cancel()
    thread.join(60)
    assert outcome == ["cancelled"]
    assert len(sat_processes) == 1
    assert sat_processes[0].poll() is not None
    assert list(tmp_path.iterdir()) == []


def test_the_time_limit_gives_undecided_and_ends_the_sat_process(sat_at_once, sat_processes):
    knotty = read_non(HARD / "knotty.non")
    result = check_puzzle(knotty.row_clues, knotty.column_clues, task=Task(time_limit=1.5))
    assert result.kind == Kind.UNDECIDED
    assert result.seconds >= 1.5
    assert len(sat_processes) == 1
    assert sat_processes[0].poll() is not None


def test_a_drawing_the_search_decides_at_once_starts_no_process(sat_processes):
    switch = np.zeros((6, 6), dtype=bool)
    switch[2, 3] = switch[3, 4] = True
    result = check_drawing(switch)
    assert result.kind == Kind.MULT
    assert result.decided_by == verdict_module.Stage.SEARCH
    assert sat_processes == []


def test_a_stage_gives_way_when_its_condition_holds():
    from nonogram_editor.infra.tasks import OverBudget

    task = Task()
    rival_done = []
    with task.give_way(lambda: bool(rival_done)):
        task.check_cancelled()
        rival_done.append(True)
        with pytest.raises(OverBudget):
            task.check_cancelled()
    task.check_cancelled()  # outside the block the condition no longer applies
    with task.budget(0.001):  # a millisecond of this thread's CPU time
        with pytest.raises(OverBudget):
            for _ in range(10**8):
                task.check_cancelled()


def test_a_tick_hook_runs_at_each_check_until_the_block_ends_but_not_once_cancelled():
    task, ticks = Task(), []
    with task.ticking(lambda: ticks.append(len(ticks))):
        task.check_cancelled()
        task.check_cancelled()
    task.check_cancelled()
    assert ticks == [0, 1]
    task.cancel()
    with task.ticking(lambda: ticks.append(len(ticks))), pytest.raises(Cancelled):
        task.check_cancelled()
    assert ticks == [0, 1]


def test_the_sat_stage_starts_from_the_searchs_tick_and_the_search_hands_over_by_returning(monkeypatch):
    """The stages hand over by return values: probing and search say None once they give
    way, and the SAT stage, started by the search's tick hook, gives the verdict."""
    monkeypatch.setattr(verdict_module, "SEARCH_ALONE", 0.0)
    monkeypatch.setattr(verdict_module, "SAT_HEAD_START", 0.0)
    monkeypatch.setattr(verdict_module, "find_alternative", stuck_search)
    noise = np.random.default_rng(3).random((12, 12)) < 0.5
    puzzle, started = Puzzle.from_grid(noise), []
    check = verdict_module._Check(puzzle, noise, time.perf_counter())
    verdict_module._line_logic(check, Task(), line_logic_only=False)
    sat = verdict_module._SatStage(puzzle, check.board.copy(), noise)
    real_start = sat.start
    monkeypatch.setattr(sat, "start", lambda threads: started.append(threads) or real_start(threads))
    handover = verdict_module._Handover(sat, sat_first=False, bare_clues=False, proved=lambda: 0)
    try:
        assert verdict_module._probing_and_search(check, Task(), check.board.copy(), handover) is None
        assert started
        assert started[0] == 1
        verdict = verdict_module._sat_solver(check, Task(), sat)
    finally:
        sat.stop()
    assert verdict.kind == Kind.MULT
    assert verdict.decided_by == verdict_module.Stage.SAT


def hard_puzzles():
    import csv

    with open(HARD / "expected.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    return [(row["file"], row["class"]) for row in rows]


@pytest.mark.slow
@pytest.mark.parametrize("name, expected", hard_puzzles())
def test_the_hard_puzzles_get_their_true_class_with_fitting_solutions(name, expected):
    puzzle = read_non(HARD / name)
    # a safety net, not a speed test (bench_hard.py times them): Faase takes its minute on an idle machine
    result = check_puzzle(puzzle.row_clues, puzzle.column_clues, puzzle.goal, task=Task(time_limit=900))
    assert result.kind == expected
    assert fits(result.picture, puzzle.row_clues, puzzle.column_clues)
    if expected == Kind.MULT:
        assert fits(result.alternative, puzzle.row_clues, puzzle.column_clues)
        assert result.differing.any()


@pytest.mark.parametrize("idle, spare", [(1.0, True), (0.2, False), (None, False)])
def test_the_sat_process_is_told_of_a_spare_core_from_the_machines_idle_cores(monkeypatch, idle, spare):
    """Bare clues' racers start together only where the machine had a core idle beside
    the search, and only then from what the search has proved on its board since."""
    sent = []

    class Waiting:
        def send(self, function, args, name):
            sent.append(args)
            return self

    monkeypatch.setattr(sat_module, "fork_ready", lambda threads=1: Waiting())
    monkeypatch.setattr(verdict_module, "_idle_cores", lambda since: idle)
    light = read_non(HARD / "webpbn-00803-light.non")
    puzzle = Puzzle(light.row_clues, light.column_clues)
    board = puzzle.board()
    puzzle.propagate(board)
    fixpoint = (list(board.row_filled), list(board.row_empty))
    stage = verdict_module._SatStage(puzzle, board, None)
    row, column = next(iter(board.unknown_cells()))
    board.set(row, column, True)  # the search proves a cell
    assert stage.start(threads=2)
    assert sent[0][-1] == spare
    assert sent[0][2] == ((list(board.row_filled), list(board.row_empty)) if spare else fixpoint)
