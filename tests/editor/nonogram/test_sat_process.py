"""editor.sat's child processes: a forked copy of this process or a fresh interpreter,
the answer or a named failure, and no process left behind (killed, cancelled, or its
parent gone); the verdict's search steps back while the SAT process runs beside it."""
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from editor import sat as sat_module
from editor.nonogram import verdict as verdict_module
from editor.nonogram.puzzle import Puzzle
from editor.nonogram.verdict import BY_SAT, MULT, check_drawing, check_puzzle
from editor.tasks import Task

ROOT = Path(__file__).resolve().parents[3]
HARD = ROOT / "tests" / "data" / "hard"
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork_ready and thread priorities: Linux")


def _fails(message):
    raise ValueError(message)


def record_children(monkeypatch) -> list:
    """The processes of every editor.sat.Child made from now on (forked or a fresh interpreter)."""
    started = []
    real_init = sat_module.Child.__init__

    def init(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        started.append(self._process)

    monkeypatch.setattr(sat_module.Child, "__init__", init)
    return started


def _ends_soon(pid: int) -> bool:
    """Whether process ``pid`` ends within 30 s."""
    deadline = time.monotonic() + 30
    while not _gone(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return _gone(pid)


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (reaped, or a zombie nobody has reaped yet)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z")
    except (OSError, IndexError):
        return True


@linux_only
def test_a_forked_child_answers_names_a_failure_and_ends():
    child = sat_module.Child(forked=True)
    assert child.send(sum, ([1, 2, 3],)).wait() == 6
    assert _gone(child._process.pid)
    with pytest.raises(RuntimeError, match="the sums process failed: ValueError: bad input"):
        sat_module.Child(forked=True).send(_fails, ("bad input",), name="sums").wait()
    with pytest.raises(RuntimeError, match="the exit process ended without an answer"):
        sat_module.Child(forked=True).send(sys.exit, (3,), name="exit").wait()


@linux_only
def test_a_child_forked_with_its_call_computes_on_its_own_copy_of_the_arguments():
    """(What fork_running makes.) Nothing is pickled on the way in: a lambda, which pickle
    refuses, reaches it; the answer still comes back, and a failure is named."""
    unpicklable = lambda: 41  # noqa: E731
    child = sat_module.Child(forked=True, call=(lambda make: make() + 1, (unpicklable,), "copy"))
    assert child.wait() == 42 and _gone(child._process.pid)
    with pytest.raises(RuntimeError, match="the sums process failed: ValueError: bad input"):
        sat_module.Child(forked=True, call=(_fails, ("bad input",), "sums")).wait()


@linux_only
def test_a_forked_child_that_gets_no_call_ends_when_killed_or_when_its_parent_ends():
    waiting = sat_module.Child(forked=True)
    time.sleep(0.1)
    assert not waiting.done()  # it waits for its call
    waiting.kill()
    assert _gone(waiting._process.pid)

    # a parent that ends abruptly (no clean-up at all) without sending the call
    probe = ("import os\nfrom editor.sat import Child\n"
             "print(Child(forked=True)._process.pid, flush=True)\nos._exit(0)\n")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert _ends_soon(int(result.stdout.split()[0]))
    assert result.stderr == ""


@linux_only
def test_fork_ready_only_where_no_other_thread_runs():
    tasks = len(os.listdir("/proc/self/task"))
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert sat_module.fork_ready(threads=1) is None
    finally:
        stop.set()
        other.join()
    for _ in range(1000):  # a joined thread's task can stay listed a moment after join()
        if len(os.listdir("/proc/self/task")) <= tasks:
            break
        time.sleep(0.001)
    # numpy's BLAS threads (native, unknown to Python) also count: this test process has them
    # unless OPENBLAS_NUM_THREADS=1, as `check` sets
    blas_threads = len(os.listdir("/proc/self/task")) > threading.active_count()
    child = sat_module.fork_ready(threads=os.cpu_count() + 8)
    assert (child is None) == blas_threads
    if child is not None:
        child.kill()


def test_a_waiting_interpreter_takes_the_next_call_and_an_unused_one_ends(monkeypatch):
    """keep_ready: at most one waits; the next call runs in it (no other process starts);
    discard_ready ends one that nothing took."""
    sat_module.discard_ready()
    started = record_children(monkeypatch)
    sat_module.keep_ready(["editor.nonogram.cnf"])
    sat_module.keep_ready(["editor.nonogram.cnf"])
    assert len(started) == 1 and started[0].poll() is None
    assert sat_module.run_in_process(sum, ([1, 2, 3],)) == 6
    assert len(started) == 1 and started[0].poll() is not None  # the waiting one answered, and ended

    sat_module.keep_ready()
    assert len(started) == 2 and started[1].poll() is None
    sat_module.discard_ready()
    assert started[1].poll() is not None
    assert sat_module.run_in_process(sum, ([4],)) == 4 and len(started) == 3  # none waiting: a new one


def test_a_waiting_interpreter_ends_when_its_parent_does():
    probe = ("import os\nfrom editor import sat\nsat.keep_ready(['editor.nonogram.cnf'])\n"
             "print(sat._spare._process.pid, flush=True)\nos._exit(0)\n")  # no clean-up at all
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert _ends_soon(int(result.stdout.split()[0]))
    assert result.stderr == ""


@pytest.mark.parametrize("name, kind", [("domino-7.non", "BRANCH"), ("knotty-goal.non", "MULT")])
def test_check_forks_its_sat_process_and_leaves_none_behind(tmp_path, name, kind):
    """`nonogram-editor check` in its own process: the SAT process is a fork of it (no
    interpreter start-up), on bare clues (Domino-7: the search alone takes minutes) as on
    a drawing (Knotty's goal); the verdict is right, and no process outlives the command."""
    probe = (
        "import os, sys\n"
        "from editor import sat  # (no numpy yet: `check` keeps its BLAS to one thread)\n"
        "made = []\n"
        "real = sat.Child.__init__\n"
        "def init(self, forked=False, **kwargs):  # the SAT process's own racers are made in its copy\n"
        "    real(self, forked, **kwargs)\n"
        "    made.append((forked, self._process.pid))\n"
        "sat.Child.__init__ = init\n"
        "from editor.__main__ import main\n"
        f"status = main(['check', '--json', {str(HARD / name)!r}])\n"
        "print(made, status)\n")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert f'"verdict": "{kind}"' in lines[0] and '"decided_by": "SAT solver"' in lines[0]
    made, status = lines[-1].rsplit(" ", 1)
    made = eval(made)
    assert status == "1" and len(made) == 1 and made[0][0] is (sys.platform.startswith("linux"))
    assert _gone(made[0][1])
    assert result.stderr == ""


def _stuck_search_that_records_its_priority(priorities):
    def search(*args, **options):
        task = next(arg for arg in args if isinstance(arg, Task))
        while True:
            task.check_cancelled()
            priorities.add(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
            time.sleep(0.001)
    return search


@linux_only
def test_on_bare_clues_the_search_steps_back_while_the_sat_process_runs(monkeypatch):
    """Bare clues: the search's thread gets SEARCH_NICE once the SAT process runs; a
    drawing's search keeps its priority; the caller's thread keeps its own either way."""
    caller = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    priorities = set()
    stuck = _stuck_search_that_records_its_priority(priorities)
    monkeypatch.setattr(verdict_module, "SEARCH_ALONE", 1e9)
    monkeypatch.setattr(verdict_module, "SAT_HEAD_START", 0.0)
    monkeypatch.setattr(verdict_module, "QUICK_FIRST", 0.0)  # no quick first solution of the bare clues
    monkeypatch.setattr(verdict_module, "find_solution", stuck)
    monkeypatch.setattr(verdict_module, "find_alternative", stuck)
    noise = np.random.default_rng(3).random((12, 12)) < 0.5
    puzzle = Puzzle.from_grid(noise)

    bare = check_puzzle(puzzle.row_clues, puzzle.column_clues, task=Task(time_limit=120))
    assert bare.kind == MULT and bare.decided_by == BY_SAT
    assert puzzle.is_solution(bare.picture) and puzzle.is_solution(bare.alternative)
    assert max(caller, verdict_module.SEARCH_NICE) in priorities
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == caller

    priorities.clear()
    drawing = check_drawing(noise, task=Task(time_limit=120))
    assert drawing.kind == MULT and drawing.decided_by == BY_SAT and puzzle.is_solution(drawing.alternative)
    assert priorities == {caller}


def _children(pid: int) -> list[int]:
    """The processes ``pid`` has started and not yet reaped (Linux)."""
    children = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        children += [int(child) for child in (task / "children").read_text().split()]
    return children


@linux_only
def test_check_stopped_by_sigterm_ends_its_sat_process():
    """A CI job's timeout sends SIGTERM: the SAT solver's process (Knotty's clues: seconds
    of solving) ends with the check."""
    check = subprocess.Popen([sys.executable, "-m", "editor", "check", str(HARD / "knotty.non")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                             env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        deadline = time.monotonic() + 60
        while not _children(check.pid) and check.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        solver = _children(check.pid)
        assert len(solver) == 1, "the check should be waiting for its SAT process"
        check.send_signal(signal.SIGTERM)
        out, err = check.communicate(timeout=30)
    finally:
        check.kill()
    assert check.returncode == 128 + signal.SIGTERM and "stopped by SIGTERM" in err
    assert _ends_soon(solver[0])


@linux_only
@pytest.mark.parametrize("end", ["answered", "Ctrl+C", "SIGTERM", "SIGKILL"])
def test_a_check_leaves_nothing_in_the_temporary_folder(tmp_path, end):
    """However a check ends (its SAT process and that process's racers killed, or the check
    itself killed), its children's answer and stderr files leave nothing behind."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    puzzle = HARD / ("domino-7.non" if end == "answered" else "knotty.non")  # seconds of SAT; minutes
    check = subprocess.Popen([sys.executable, "-m", "editor", "check", "--time-limit", "0", str(puzzle)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, start_new_session=True,
                             env=dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(temporary)))

    def group() -> list[str]:
        found = subprocess.run(["pgrep", "-g", str(check.pid)], capture_output=True, text=True).stdout.split()
        return [pid for pid in found if pid != str(check.pid)]

    if end != "answered":
        while len(group()) < 2 and check.poll() is None:  # the SAT process and a racer it forked
            time.sleep(0.02)
        assert check.poll() is None, "the check ended before it was stopped"
        if end == "Ctrl+C":
            os.killpg(check.pid, signal.SIGINT)
        else:
            check.send_signal(signal.SIGTERM if end == "SIGTERM" else signal.SIGKILL)
    check.communicate(timeout=300)
    assert check.returncode == {"answered": 1, "Ctrl+C": 130, "SIGTERM": 143, "SIGKILL": -9}[end]
    while group():  # every SAT process ends
        time.sleep(0.05)
    assert list(temporary.iterdir()) == []
