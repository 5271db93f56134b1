"""Counts split into subproblems and checkpointed in SQLite: same answers, resumable, refused when foreign."""
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nonogram_editor.infra.tasks import Cancelled, Task
from nonogram_editor_builtins.voxel import distributed, solver
from nonogram_editor_builtins.voxel.checkpoint import CheckpointError, progress_in
from nonogram_editor_builtins.voxel.model import RESOURCE_DIR, load_puzzle, parse_puzzle, puzzle_to_json

ROOT = Path(__file__).resolve().parents[3]
SOMA = load_puzzle(RESOURCE_DIR / "soma.json")
PENTOMINOES = load_puzzle(RESOURCE_DIR / "pentominoes-6x10.json")
KNOWN = {SOMA: (11520, 240), PENTOMINOES: (9356, 2339)}
UP_TO_ROTATION = {SOMA: 480, PENTOMINOES: 2339}  # a flat board's mirror in its own plane fixes every solution


def rows(path) -> int:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT COUNT(*) FROM results").fetchone()[0]


@pytest.mark.parametrize("puzzle", [SOMA, PENTOMINOES], ids=["soma", "pentominoes"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_split_count_equals_the_single_search(puzzle, jobs, tmp_path):
    outcome = distributed.count_in_parts(puzzle, jobs=jobs, checkpoint=tmp_path / "count.db")
    assert (outcome.count, outcome.distinct) == KNOWN[puzzle]
    assert outcome.distinct_rotations == UP_TO_ROTATION[puzzle] == solver.count_solutions(puzzle).distinct_rotations
    assert outcome.subproblems >= distributed.SUBPROBLEMS
    assert rows(tmp_path / "count.db") == outcome.subproblems
    assert len(set(outcome.solutions)) == outcome.distinct  # one per class, as a single search keeps


def test_an_interrupted_count_resumes_where_it_stopped(tmp_path):
    path = tmp_path / "soma.db"
    reports = []

    def stop_after_some(progress):
        reports.append(progress)
        if progress.done >= 300:
            task.cancel()

    task = Task(on_progress=stop_after_some, interval=0)
    with pytest.raises(Cancelled):
        distributed.count_in_parts(SOMA, task, checkpoint=path)
    saved = rows(path)
    assert 300 <= saved < 2000
    assert "subproblems" in reports[-1].message
    assert "left" in reports[-1].message
    resumed = []
    outcome = distributed.count_in_parts(SOMA, Task(on_progress=resumed.append, interval=0), checkpoint=path)
    assert (outcome.count, outcome.distinct) == KNOWN[SOMA]
    assert resumed[0].done == saved + 1  # the first report of the resumed run: only new work after the saved
    assert len(resumed) == outcome.subproblems - saved


def test_a_count_killed_with_sigkill_resumes_to_the_same_answer(tmp_path):
    path = tmp_path / "pentominoes.db"
    process = subprocess.Popen([sys.executable, "-m", "nonogram_editor", "solve", "voxel-pentominoes-6x10", "--count",
                                "--checkpoint", str(path)], cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        while process.poll() is None:
            if path.exists():
                try:
                    if rows(path) >= 50:
                        break
                except sqlite3.OperationalError:  # the tables are being made
                    pass
            time.sleep(0.02)
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait()
    saved = rows(path)
    assert process.returncode == -signal.SIGKILL
    assert 50 <= saved < 3000  # killed mid-count
    outcome = distributed.count_in_parts(PENTOMINOES, checkpoint=path)
    assert (outcome.count, outcome.distinct) == KNOWN[PENTOMINOES]
    assert rows(path) == outcome.subproblems


def test_a_checkpoint_of_another_puzzle_is_refused(tmp_path):
    path = tmp_path / "count.db"
    distributed.count_in_parts(SOMA, checkpoint=path)
    with pytest.raises(CheckpointError, match=r"count\.db: this checkpoint belongs to another puzzle \('Soma cube'"):
        distributed.count_in_parts(PENTOMINOES, checkpoint=path)


def test_a_checkpoint_of_other_pieces_is_refused(tmp_path):
    path = tmp_path / "count.db"
    data = puzzle_to_json(SOMA)
    distributed.count_in_parts(parse_puzzle(data, "voxel-soma"), checkpoint=path)
    data["pieces"][0]["colour"] = "#123456"  # the same count, but not the same puzzle file: still refused
    data["pieces"][1]["name"] = "renamed"
    with pytest.raises(CheckpointError, match="belongs to another puzzle"):
        distributed.count_in_parts(parse_puzzle(data, "voxel-soma"), checkpoint=path)


def test_a_checkpoint_of_another_split_is_refused(tmp_path):
    path = tmp_path / "count.db"
    distributed.count_in_parts(SOMA, checkpoint=path, wanted=64)
    with pytest.raises(CheckpointError, match="another version of the solver"):
        distributed.count_in_parts(SOMA, checkpoint=path)


def test_a_corrupt_checkpoint_is_refused(tmp_path):
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"this is not SQLite" * 100)
    with pytest.raises(CheckpointError, match=r"garbage\.db: not a readable count checkpoint"):
        distributed.count_in_parts(SOMA, checkpoint=garbage)
    damaged = tmp_path / "damaged.db"
    with pytest.raises(Cancelled):
        task = Task(on_progress=lambda p: task.cancel(), interval=0)
        distributed.count_in_parts(SOMA, task, checkpoint=damaged)
    with sqlite3.connect(damaged) as db:
        db.execute("UPDATE results SET distinct_ = total + 1")
    with pytest.raises(CheckpointError, match=r"damaged\.db: subproblem \d+ has a damaged result"):
        distributed.count_in_parts(SOMA, checkpoint=damaged)


def test_the_command_line_refuses_a_foreign_checkpoint_with_a_message(tmp_path):
    path = tmp_path / "count.db"
    distributed.count_in_parts(SOMA, checkpoint=path)
    result = subprocess.run([sys.executable, "-m", "nonogram_editor", "solve", "voxel-pentominoes-6x10", "--count",
                             "--checkpoint", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 2
    assert "count.db: this checkpoint belongs to another puzzle" in result.stderr
    assert "Traceback" not in result.stderr


def test_time_left_is_the_mean_subtree_over_the_measured_rate():
    # 2 finished in 4 s of search (mean 2 s); 4 s of work in 2 s of wall time (two workers busy):
    # 8 left x 2 s / 2 = 8 s
    assert distributed.time_left(2, 4.0, 10, session_work=4.0, session_seconds=2.0) == pytest.approx(8.0)
    assert distributed.time_left(0, 0.0, 10, 0.0, 1.0) is None


def test_count_solutions_with_a_checkpoint_goes_through_subproblems(tmp_path):
    outcome = solver.count_solutions(SOMA, checkpoint=tmp_path / "soma.db")
    assert (outcome.count, outcome.distinct, outcome.symmetry_order) == (11520, 240, 48)
    assert outcome.subproblems > 0


@pytest.mark.slow
@pytest.mark.parametrize("name, known", [("tetris-cube", (236136, 9839)), ("y25", (60672, 1264))])
def test_big_counts_interrupted_twice_and_resumed_end_right(name, known, tmp_path):
    puzzle = load_puzzle(RESOURCE_DIR / f"{name}.json")
    path = tmp_path / f"{name}.db"
    for share in (0.2, 0.5):  # stop at about a fifth, then half way
        with pytest.raises(Cancelled):
            distributed.count_in_parts(puzzle, cancelled_at(share), jobs=2, checkpoint=path)
    outcome = distributed.count_in_parts(puzzle, jobs=2, checkpoint=path)
    assert (outcome.count, outcome.distinct) == known


def cancelled_at(share: float) -> Task:
    """A task that cancels itself once ``share`` of its work is done."""
    def stop(progress):
        if progress.total and progress.done >= share * progress.total:
            task.cancel()

    task = Task(on_progress=stop, interval=0)
    return task


def interrupted_count(path):
    """A checkpoint of a SOMA count cancelled at its first progress report."""
    with pytest.raises(Cancelled):
        task = Task(on_progress=lambda p: task.cancel(), interval=0)
        distributed.count_in_parts(SOMA, task, checkpoint=path)
    assert 0 < rows(path)


FIRST_ROW = "rowid = (SELECT MIN(rowid) FROM results)"


@pytest.mark.parametrize("edit", [f"UPDATE results SET total = total + 1000000000 WHERE {FIRST_ROW}",
                                  "UPDATE results SET distinct_ = distinct_ - 1 WHERE distinct_ > 0",
                                  "UPDATE results SET kept = zeroblob(length(kept)) WHERE length(kept) > 0",
                                  f"UPDATE results SET subproblem = subproblem + 1 WHERE {FIRST_ROW}"])
def test_an_edited_result_is_refused_not_counted(tmp_path, edit):
    path = tmp_path / "count.db"
    interrupted_count(path)
    with sqlite3.connect(path) as db:
        assert db.execute(edit).rowcount > 0
    with pytest.raises(CheckpointError, match=r"count\.db: subproblem \d+ has a result that does not match its "
                                              "checksum"):
        distributed.count_in_parts(SOMA, checkpoint=path)


def test_bit_flips_never_give_a_wrong_complete_count(tmp_path):
    """Flip one bit of the file at a time: each either fails by name or gives the right count."""
    import random

    path = tmp_path / "count.db"
    distributed.count_in_parts(SOMA, checkpoint=path)
    original = path.read_bytes()
    rng = random.Random(24)
    outcomes = {"refused": 0, "right": 0}
    flipped = tmp_path / "flipped.db"
    for _ in range(12):
        data = bytearray(original)
        position = rng.randrange(len(data))
        data[position] ^= 1 << rng.randrange(8)
        flipped.write_bytes(bytes(data))
        try:
            outcome = distributed.count_in_parts(SOMA, checkpoint=flipped)
        except CheckpointError as error:
            assert str(error).startswith(f"{flipped}: ")
            outcomes["refused"] += 1
        else:
            assert (outcome.count, outcome.distinct) == KNOWN[SOMA], f"bit flip at byte {position}"
            outcomes["right"] += 1
        for suffix in ("-wal", "-shm"):
            Path(f"{flipped}{suffix}").unlink(missing_ok=True)
    assert sum(outcomes.values()) == 12


def test_checkpoints_without_checksums_and_foreign_tables_are_refused_by_name(tmp_path):
    old = tmp_path / "old.db"
    interrupted_count(old)
    for version, lacking in ((1, "checksums"), (2, "the count up to rotation")):
        with sqlite3.connect(old) as db:
            db.execute(f"UPDATE meta SET value = 'nonogram-editor count checkpoint {version}' WHERE key = 'format'")
        assert progress_in(old) is None  # the panel offers no Resume for it
        with pytest.raises(CheckpointError, match=rf"old\.db: this checkpoint was made by an older version .* "
                                                  f"without {lacking}"):
            distributed.count_in_parts(SOMA, checkpoint=old)
    for name, table in (("extra.db", "meta (key TEXT, value TEXT, note TEXT NOT NULL)"),
                        ("other.db", "meta (name TEXT, data TEXT)")):
        with sqlite3.connect(tmp_path / name) as db:
            db.execute(f"CREATE TABLE {table}")
        with pytest.raises(CheckpointError, match=rf"{name}: not a readable count checkpoint"):
            distributed.count_in_parts(SOMA, checkpoint=tmp_path / name)
