"""nonogram_editor.infra.child_process: one call in a child (a forked copy of this process or a fresh
interpreter: the answer or a named failure, and no process left behind, killed or its
parent gone), and map_in_processes (the same answers on one process or several, a cancel
that stops it, a Ctrl+C that is never lost)."""
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from nonogram_editor.infra import child_process
from nonogram_editor.infra.child_process import map_in_processes, run_in_process
from nonogram_editor.infra.tasks import Cancelled, MemoryLimitReached, Task

ROOT = Path(__file__).resolve().parents[3]
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork_ready: Linux")
pytestmark = pytest.mark.processes


def _fails(message):
    raise ValueError(message)


def record_children(monkeypatch) -> list:
    """The processes of every nonogram_editor.infra.child_process.Child made from now on (forked or a fresh
    interpreter)."""
    started = []
    real_init = child_process.Child.__init__

    def init(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        started.append(self._process)

    monkeypatch.setattr(child_process.Child, "__init__", init)
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
@pytest.mark.processes(linux="fork")
def test_a_forked_child_answers_names_a_failure_and_ends():
    child = child_process.Child(forked=True)
    assert child.send(sum, ([1, 2, 3],)).wait() == 6
    assert _gone(child._process.pid)
    with pytest.raises(RuntimeError, match="the sums process failed: ValueError: bad input"):
        child_process.Child(forked=True).send(_fails, ("bad input",), name="sums").wait()
    with pytest.raises(RuntimeError, match="the exit process ended without an answer"):
        child_process.Child(forked=True).send(sys.exit, (3,), name="exit").wait()


@linux_only
@pytest.mark.processes(linux="fork")
def test_a_child_forked_with_its_call_computes_on_its_own_copy_of_the_arguments():
    """(What fork_running makes.) Nothing is pickled on the way in: a lambda, which pickle
    refuses, reaches it; the answer still comes back, and a failure is named."""
    unpicklable = lambda: 41  # noqa: E731
    child = child_process.Child(forked=True, call=(lambda make: make() + 1, (unpicklable,), "copy"))
    assert child.wait() == 42
    assert _gone(child._process.pid)
    with pytest.raises(RuntimeError, match="the sums process failed: ValueError: bad input"):
        child_process.Child(forked=True, call=(_fails, ("bad input",), "sums")).wait()


@linux_only
@pytest.mark.processes(linux="fork")
def test_a_forked_child_that_gets_no_call_ends_when_killed_or_when_its_parent_ends():
    waiting = child_process.Child(forked=True)
    time.sleep(0.1)
    assert not waiting.done()  # it waits for its call
    waiting.kill()
    assert _gone(waiting._process.pid)

    # a parent that ends abruptly (no clean-up at all) without sending the call
    probe = ("import os\nfrom nonogram_editor.infra.child_process import Child\n"
             "print(Child(forked=True)._process.pid, flush=True)\nos._exit(0)\n")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert _ends_soon(int(result.stdout.split()[0]))
    assert result.stderr == ""


@linux_only
@pytest.mark.processes(linux="fork")
def test_fork_ready_only_where_no_other_thread_runs():
    tasks = len(os.listdir("/proc/self/task"))
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert child_process.fork_ready(threads=1) is None
    finally:
        stop.set()
        other.join()
    for _ in range(1000):  # a joined thread's task can stay listed a moment after join()
        if len(os.listdir("/proc/self/task")) <= tasks:
            break
        time.sleep(0.001)
    # numpy's BLAS threads (native, unknown to Python) also count: this test process has them
    # unless OPENBLAS_NUM_THREADS=1 (as importing nonogram_editor before numpy sets)
    blas_threads = len(os.listdir("/proc/self/task")) > threading.active_count()
    child = child_process.fork_ready(threads=os.cpu_count() + 8)
    assert (child is None) == blas_threads
    if child is not None:
        child.kill()


def test_a_waiting_interpreter_takes_the_next_call_and_an_unused_one_ends(monkeypatch):
    """keep_ready: at most one waits; the next call runs in it (no other process starts);
    discard_ready ends one that nothing took."""
    child_process.discard_ready()
    started = record_children(monkeypatch)
    child_process.keep_ready(["nonogram_editor.nonogram.cnf"])
    child_process.keep_ready(["nonogram_editor.nonogram.cnf"])
    assert len(started) == 1
    assert started[0].poll() is None
    assert child_process.run_in_process(sum, ([1, 2, 3],)) == 6
    assert len(started) == 1
    assert started[0].poll() is not None

    child_process.keep_ready()
    assert len(started) == 2
    assert started[1].poll() is None
    child_process.discard_ready()
    assert started[1].poll() is not None
    assert child_process.run_in_process(sum, ([4],)) == 4
    assert len(started) == 3


def test_a_waiting_interpreter_ends_when_its_parent_does():
    probe = ("import os\nfrom nonogram_editor.infra import child_process\n"
             "child_process.keep_ready(['nonogram_editor.nonogram.cnf'])\n"
             "print(child_process._spare._process.pid, flush=True)\nos._exit(0)\n")  # no clean-up at all
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert _ends_soon(int(result.stdout.split()[0]))
    assert result.stderr == ""


def test_the_portable_path_off_linux_and_on_linux_under_the_switch(monkeypatch):
    """Only Linux forks and ties children with SIGIO, unless the switch says otherwise; the
    portable path makes no fork (its callers start a fresh interpreter)."""
    monkeypatch.delenv(child_process.PORTABLE_SWITCH, raising=False)
    for platform, portable in (("linux", False), ("win32", True), ("darwin", True)):
        monkeypatch.setattr(sys, "platform", platform)
        assert child_process.portable_processes() is portable
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv(child_process.PORTABLE_SWITCH, "1")
    assert child_process.portable_processes()
    assert child_process.fork_ready(threads=1000) is None
    assert child_process.fork_running(sum, ([1],)) is None


def test_a_cancel_ends_the_running_child(tmp_path, monkeypatch):
    child_process.discard_ready()
    started = record_children(monkeypatch)
    mark = tmp_path / "child.pid"
    task = Task()

    def cancel_once_it_runs(_seconds):
        if mark.exists() and mark.read_text():
            task.cancel()

    with pytest.raises(Cancelled):
        run_in_process(pid_then_sleep, (str(mark),), task, on_wait=cancel_once_it_runs)
    assert int(mark.read_text()) == started[-1].pid
    assert _gone(started[-1].pid)
    assert not mark.with_suffix(".done").exists()


def test_run_in_process_returns_the_result_and_names_a_failure():
    assert run_in_process(sum, ([1, 2, 3],)) == 6
    with pytest.raises(RuntimeError, match="the sums process failed: ValueError: bad input"):
        run_in_process(_fails, ("bad input",), name="sums")
    with pytest.raises(RuntimeError, match="the exit process ended without an answer"):
        run_in_process(sys.exit, (3,), name="exit")


def allocate(megabytes: int) -> int:
    """Allocates ``megabytes`` and touches every byte."""
    return len(bytearray(megabytes * 2 ** 20))


def test_a_child_that_allocates_past_its_memory_limit_is_stopped_and_says_so(monkeypatch):
    if not hasattr(__import__("resource"), "RLIMIT_AS"):
        pytest.skip("no address-space limit on this platform")
    monkeypatch.setattr(child_process, "_memory_limit", 400)
    child_process.discard_ready()
    assert run_in_process(allocate, (64,)) == 64 * 2 ** 20
    for start in (child_process.fork_running, child_process.start_in_process):  # forked where it can be
        child = start(allocate, (1500,), "greedy") or child_process.start_in_process(allocate, (1500,), "greedy")
        with pytest.raises(MemoryLimitReached, match="^memory limit of 400 MB reached$"):
            child.wait()
        child.kill()
    with pytest.raises(MemoryLimitReached, match="^memory limit of 400 MB reached$"):
        list(map_in_processes(Task(), allocate, [64, 1500], 2))
    monkeypatch.setattr(child_process, "_memory_limit", None)  # set_memory_limit(0): unbounded
    assert run_in_process(allocate, (600,)) == 600 * 2 ** 20


def square_and_pid(n):
    return n * n, os.getpid()


@pytest.mark.parametrize("jobs", [1, 3])
def test_every_item_once_on_as_many_processes_as_asked(jobs):
    results = list(map_in_processes(Task(), square_and_pid, range(12), jobs))
    assert sorted(r for r, _ in results) == [n * n for n in range(12)]
    pids = {pid for _, pid in results}
    assert (pids == {os.getpid()}) if jobs == 1 else (os.getpid() not in pids and 1 <= len(pids) <= 3)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_cancelled_task_raises_cancelled(jobs):
    task = Task()
    results = map_in_processes(task, square_and_pid, range(50), jobs)
    next(results)
    task.cancel()
    with pytest.raises(Cancelled):
        list(results)


def pid_then_sleep(path):
    Path(path).write_text(str(os.getpid()))
    time.sleep(20)
    Path(path).with_suffix(".done").touch()


def test_a_cancel_stops_the_items_already_running(tmp_path):
    """Workers busy with a long item are stopped, not waited for (a voxel subproblem may take hours)."""
    task = Task()
    marks = [tmp_path / f"{n}.pid" for n in range(2)]
    results = map_in_processes(task, pid_then_sleep, marks, 2)
    cancel = threading.Thread(target=lambda: (wait_for(marks), task.cancel()))
    cancel.start()
    with pytest.raises(Cancelled):
        next(results)
    cancel.join()
    for mark in marks:
        with pytest.raises(ProcessLookupError):  # gone, and reaped
            os.kill(int(mark.read_text()), 0)
    assert not list(tmp_path.glob("*.done"))


def wait_for(paths):
    while not all(path.exists() and path.read_text() for path in paths):
        time.sleep(0.05)


def test_the_processes_the_tests_start_take_ctrl_c():
    """Even in a suite run in the background, which inherits SIGINT ignored (tests/conftest.py):
    else every test that presses Ctrl+C fails, the command going on as if nothing came."""
    taken = ("import signal\n"
             "print(signal.getsignal(signal.SIGINT) is signal.default_int_handler,"
             " signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, []))")
    assert subprocess.run([sys.executable, "-c", taken], capture_output=True, text=True).stdout == "True False\n"


CTRL_C_RIGHT_AFTER = """
import os, signal
import {module} as patched
from nonogram_editor.infra.child_process import map_in_processes
from nonogram_editor.infra.tasks import Task

step = patched.{step}
def step_then_ctrl_c(*args):
    step(*args)
    os.killpg(0, signal.SIGINT)  # a terminal's Ctrl+C reaches the group right after this step
patched.{step} = step_then_ctrl_c
try:
    print(sum(map_in_processes(Task(), abs, range(-3, 3), 2)))
except KeyboardInterrupt:
    print("interrupted")
"""


@pytest.mark.parametrize("module, step", [
    # The caller ignores Ctrl+C while its workers start: the Ctrl+C must not be lost, and no
    # worker's interpreter may be interrupted as it starts (its stderr would show a traceback).
    ("multiprocessing.context", "SpawnProcess.start"),
    # Between a semaphore's registration and its clean-up's: else the resource tracker warns on
    # stderr of a leaked semaphore.
    ("multiprocessing.resource_tracker", "register"),
], ids=["as-a-worker-starts", "as-the-pool-is-set-up"])
def test_a_ctrl_c_while_the_pool_starts_interrupts_the_caller_alone_and_leaves_nothing(module, step):
    script = CTRL_C_RIGHT_AFTER.format(module=module, step=step)
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=ROOT, start_new_session=True, timeout=120)
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, "interrupted\n", "")
