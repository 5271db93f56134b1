"""BackgroundJob: results, errors, progress and cancellation reach the GUI thread, and
nothing reaches an owner that has been destroyed."""
import threading

import shiboken6

from PySide6.QtCore import QObject, QThread
from PySide6.QtWidgets import QApplication

from editor.tasks import Cancelled
from editor.ui.background import BackgroundJob


def _collect(job):
    events = []
    job.progress.connect(lambda p: events.append(("progress", p.done, QThread.currentThread() is QApplication.instance().thread())))
    job.succeeded.connect(lambda r: events.append(("succeeded", r)))
    job.failed.connect(lambda e: events.append(("failed", type(e).__name__)))
    job.cancelled.connect(lambda: events.append(("cancelled",)))
    job.done.connect(lambda: events.append(("done",)))
    return events


def test_result_and_progress_arrive_on_the_gui_thread(qtbot):
    def work(task):
        task.report(1, 2, "half", force=True)
        return threading.current_thread().name

    job = BackgroundJob(work, name="worker-under-test")
    events = _collect(job)
    with qtbot.waitSignal(job.done, timeout=5000):
        job.start()
    assert events == [("progress", 1, True), ("succeeded", "worker-under-test"), ("done",)]


def test_an_exception_is_delivered_not_lost(qtbot):
    job = BackgroundJob(lambda task: 1 / 0)
    events = _collect(job)
    with qtbot.waitSignal(job.done, timeout=5000):
        job.start()
    assert events == [("failed", "ZeroDivisionError"), ("done",)]


def test_cancel_stops_the_function_and_says_cancelled(qtbot):
    started = threading.Event()

    def work(task):
        started.set()
        while True:
            task.check_cancelled()

    job = BackgroundJob(work)
    events = _collect(job)
    job.start()
    assert started.wait(5)
    with qtbot.waitSignal(job.done, timeout=5000):
        job.cancel()
    assert events == [("cancelled",), ("done",)]
    assert job.wait(5) and not job.running


def test_nothing_reaches_a_destroyed_owner_even_if_already_queued(qtbot):
    owner = QObject()
    finished = threading.Event()

    def work(task):
        finished.set()
        return "late result"

    job = BackgroundJob(work, owner=owner)
    events = _collect(job)
    job.start()
    assert finished.wait(5)
    assert job.wait(5)  # the result is now posted but not yet delivered
    shiboken6.delete(owner)  # destroyed now, with the result still queued
    assert job.task.cancelled
    qtbot.wait(50)
    assert events == []


def test_cancelled_raised_by_the_function_counts_as_cancelled(qtbot):
    def work(task):
        raise Cancelled()

    job = BackgroundJob(work)
    events = _collect(job)
    with qtbot.waitSignal(job.done, timeout=5000):
        job.start()
    assert events == [("cancelled",), ("done",)]
