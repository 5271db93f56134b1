"""BackgroundJob: results, errors, progress and cancellation reach the GUI thread, and
nothing reaches an owner that has been destroyed."""
import gc
import threading
import weakref

import shiboken6
from PySide6.QtCore import QObject, QThread
from PySide6.QtWidgets import QApplication

from nonogram_editor.infra.tasks import Cancelled
from nonogram_editor.ui import background
from nonogram_editor.ui.background import BackgroundJob
from tests.conftest import HANG_SECONDS


def _collect(job):
    events = []
    job.progress.connect(lambda p: events.append(("progress", p.done,
                                                  QThread.currentThread() is QApplication.instance().thread())))
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
    with qtbot.waitSignal(job.done):
        job.start()
    assert events == [("progress", 1, True), ("succeeded", "worker-under-test"), ("done",)]


def test_an_exception_is_delivered_not_lost(qtbot):
    job = BackgroundJob(lambda task: 1 / 0)
    events = _collect(job)
    with qtbot.waitSignal(job.done):
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
    assert started.wait(HANG_SECONDS)
    with qtbot.waitSignal(job.done):
        job.cancel()
    assert events == [("cancelled",), ("done",)]
    assert job.wait(HANG_SECONDS)
    assert not job.running


def test_nothing_reaches_a_destroyed_owner_even_if_already_queued(qtbot):
    owner = QObject()
    finished = threading.Event()

    def work(task):
        finished.set()
        return "late result"

    job = BackgroundJob(work, owner=owner)
    events = _collect(job)
    job.start()
    assert finished.wait(HANG_SECONDS)
    assert job.wait(HANG_SECONDS)  # the result is now posted but not yet delivered
    shiboken6.delete(owner)  # destroyed now, with the result still queued
    assert job.task.cancelled
    qtbot.wait(50)
    assert events == []


def test_cancelled_raised_by_the_function_counts_as_cancelled(qtbot):
    def work(task):
        raise Cancelled()

    job = BackgroundJob(work)
    events = _collect(job)
    with qtbot.waitSignal(job.done):
        job.start()
    assert events == [("cancelled",), ("done",)]


def test_a_finished_job_is_deleted_on_the_gui_thread_and_lets_go_of_its_slots(qtbot):
    """Its QObject must not be left to the cyclic garbage collector, which may run on a
    worker thread (the suite's rare segfault), nor keep the objects its slots capture."""
    class Panel:
        pass

    panel = Panel()
    panel_ref = weakref.ref(panel)
    job = BackgroundJob(lambda task: [0] * 100_000)
    destroyed_on = []
    job.destroyed.connect(lambda: destroyed_on.append(QThread.currentThread() is QApplication.instance().thread()))
    job.succeeded.connect(lambda result, panel=panel: None)
    del panel
    with qtbot.waitSignal(job.done):
        job.start()
    qtbot.waitUntil(lambda: not shiboken6.isValid(job))
    assert destroyed_on == [True]
    assert panel_ref() is None  # freed by reference counting alone, no gc.collect() needed
    assert not job.running
    assert job.wait(1)
    job.cancel()


def test_a_job_and_its_task_are_not_a_reference_cycle(qtbot):
    job = BackgroundJob(lambda task: None)
    job_ref = weakref.ref(job)
    gc.disable()
    try:
        del job
        assert job_ref() is None
    finally:
        gc.enable()


def test_garbage_is_collected_on_the_gui_thread_only_while_a_job_runs(qtbot):
    """A collection on a worker would free Qt wrappers caught in cycles there (the suite's segfault)."""
    collected_on = []

    def record(phase, info):
        if phase == "start":
            collected_on.append(threading.current_thread().name)

    def make_cycles(task):
        for _ in range(200_000):  # far more than the automatic collector lets pass unchecked
            cycle = []
            cycle.append(cycle)
        return "done"

    gc.callbacks.append(record)
    try:
        job = BackgroundJob(make_cycles, name="cycle maker")
        with qtbot.waitSignal(job.done):
            job.start()
        qtbot.waitUntil(lambda: job not in background._running)
    finally:
        gc.callbacks.remove(record)
    assert "cycle maker" not in collected_on
    assert gc.isenabled()  # handed back once no job is left


def test_what_lives_when_the_first_job_starts_is_kept_out_of_gui_thread_collections(qtbot):
    """A full collection on the GUI thread (45 ms over the window's objects) only looks at what came since."""
    job = BackgroundJob(lambda task: None)
    with qtbot.waitSignal(job.done):
        job.start()
    assert gc.get_freeze_count() > 10_000  # modules, Qt wrappers, the test session


def test_a_job_runs_on_a_waiting_thread_and_a_busy_one_never_holds_up_the_next(qtbot):
    """Starting a job on a thread that waits for one costs the GUI thread no thread start;
    while one job runs, another still gets a thread of its own at once."""
    def run(function):
        job = BackgroundJob(function)
        results = []
        job.succeeded.connect(results.append)
        with qtbot.waitSignal(job.done):
            job.start()
        return results[0]

    run(lambda task: None)
    waiting = {thread.ident for thread in threading.enumerate()}
    assert run(lambda task: threading.get_ident()) in waiting  # no new thread: one waited for it

    release = threading.Event()
    blocked = BackgroundJob(lambda task: release.wait(HANG_SECONDS))
    blocked.start()
    try:
        run(lambda task: None)  # done although the first job still runs
        assert blocked.running
    finally:
        release.set()
    assert blocked.wait(HANG_SECONDS)
