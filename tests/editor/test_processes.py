"""map_in_processes: the same answers on one process or several, and a cancel that stops it."""
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from editor.processes import map_in_processes
from editor.tasks import Cancelled, Task

REPO = Path(__file__).resolve().parent.parent.parent


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


CTRL_C_AS_A_WORKER_STARTS = """
import os, signal
from multiprocessing.context import SpawnProcess
from editor.processes import map_in_processes
from editor.tasks import Task

start = SpawnProcess.start
def start_then_ctrl_c(process):
    start(process)
    os.killpg(0, signal.SIGINT)  # a terminal's Ctrl+C reaches the group just as a worker has started
SpawnProcess.start = start_then_ctrl_c
try:
    print(sum(map_in_processes(Task(), abs, range(-3, 3), 2)))
except KeyboardInterrupt:
    print("interrupted")
"""


def test_a_ctrl_c_as_the_workers_start_interrupts_the_caller_and_not_the_workers():
    """The Ctrl+C is not lost (the caller was ignoring it while its workers started), and no
    worker's interpreter is interrupted as it starts (its stderr would show a traceback)."""
    ran = subprocess.run([sys.executable, "-c", CTRL_C_AS_A_WORKER_STARTS], capture_output=True, text=True,
                         cwd=REPO, start_new_session=True, timeout=120)
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, "interrupted\n", "")
