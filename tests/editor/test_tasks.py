"""Task: stepping aside for other threads (the GUI thread waiting for the GIL)."""
from editor import tasks
from editor.tasks import Task


def record_sleeps(monkeypatch) -> list[float]:
    sleeps: list[float] = []
    monkeypatch.setattr(tasks.time, "sleep", sleeps.append)
    return sleeps


def test_a_task_with_step_aside_releases_the_gil_in_check_cancelled(monkeypatch):
    sleeps = record_sleeps(monkeypatch)
    task = Task(step_aside=0.0)  # due at every check
    for _ in range(5):
        task.check_cancelled()
    assert sleeps == [0, 0, 0, 0, 0]


def test_stepping_aside_happens_at_most_once_per_interval(monkeypatch):
    sleeps = record_sleeps(monkeypatch)
    task = Task(step_aside=3600.0)
    for _ in range(1000):
        task.check_cancelled()
    assert sleeps == [0]  # the first check, then not again within the hour


def test_a_plain_task_never_steps_aside(monkeypatch):
    sleeps = record_sleeps(monkeypatch)
    task = Task()
    for _ in range(1000):
        task.check_cancelled()
    assert sleeps == []
