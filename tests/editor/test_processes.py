"""map_in_processes: the same answers on one process or several, and a cancel that stops it."""
import os

import pytest

from editor.processes import map_in_processes
from editor.tasks import Cancelled, Task


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
