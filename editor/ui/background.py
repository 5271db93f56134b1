"""Run a Qt-free computation off the GUI thread, with progress, cancel and a result signal.

    job = BackgroundJob(lambda task: solver.count(task), owner=self)
    job.progress.connect(self.on_progress)      # nonogram_editor.infra.tasks.Progress
    job.succeeded.connect(self.on_result)       # the function's return value
    job.failed.connect(self.on_error)           # the exception
    job.start()
    ...
    job.cancel()                                # the function sees Task.cancelled

Signals arrive on the GUI thread. The worker never emits the public signals itself: it
posts each event to the job, and the job re-emits it on the GUI thread only while its
``owner`` (a QObject) is alive. When the owner is destroyed the job is cancelled, and
nothing more reaches the owner's slots, not even an event already on its way. Each job
runs on its own Python thread (a waiting one when there is one, see ``_WorkerThreads``): a
long count never starves the editor's quick checks, and numba code that releases the GIL
runs truly in parallel.

Lifetime: once ``done`` has been delivered and the worker thread is done with the job, the job
deletes its QObject on the GUI thread (``deleteLater``), which also drops every slot
connected to it. Its C++ side is therefore never left to Python's cyclic garbage
collector, and a finished job does not keep its owner alive through lambdas connected to
its signals. Python attributes (``task``, ``running``, ``wait``, ``cancel``) stay usable
after that; signals do not.

Garbage collection: Python's cyclic collector runs on whichever thread happens to
allocate, and a solver allocates a lot; a collection there frees Qt wrappers caught in
reference cycles (PySide makes some itself, between a Qt3D entity and its components)
on the solver's thread, while the GUI thread uses Qt: the rare segfault seen with
"Garbage-collecting" on a worker. So while any job exists, automatic collection is off
and a GUI-thread timer collects instead, as often as the automatic collector would.
When the first job starts, what is alive then (modules, the window: tens of thousands of
objects that live as long as the application) is frozen (``gc.freeze``), so that a full
collection on the GUI thread looks only at what came since: 45 ms of a busy GUI thread at
every full collection became a few ms. (The little garbage alive at that moment stays.)

The GIL: a worker running Python (the line solver) holds the GIL until another thread has
waited Python's switch interval for it, and the GUI thread waits once for every event it
hands to Python (a press, a release, a paint). At the default 5 ms a click on a big grid
took ~25 ms of waiting while the solver ran; so while any job exists the interval is
``JOB_SWITCH_INTERVAL``.
"""
from __future__ import annotations

import functools
import gc
import queue
import sys
import threading
import weakref
from enum import StrEnum

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from nonogram_editor.infra.tasks import Cancelled, Progress, Task

_running: set[BackgroundJob] = set()  # started and not yet deleted
COLLECT_INTERVAL_MS = 50
JOB_SWITCH_INTERVAL = 0.0005  # seconds a worker keeps the GIL while the GUI thread waits for it


class _Posted(StrEnum):
    """What the worker posts to the job (with a payload), in order: progress, then one outcome, then done."""

    PROGRESS = "progress"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    CANCELLED = "cancelled"
    DONE = "done"


class BackgroundJob(QObject):
    progress = Signal(object)
    succeeded = Signal(object)
    failed = Signal(object)
    cancelled = Signal()
    done = Signal()  # after any of succeeded / failed / cancelled

    # a _Posted and its payload, worker thread -> GUI thread (queued: the job lives there)
    _posted = Signal(str, object)

    def __init__(self, function, owner: QObject | None = None, name: str = "background job"):
        super().__init__()  # never parented: the worker thread may outlive the owner
        self._function = function
        self._name = name
        self._owner_alive = True
        self.task = Task(on_progress=_weak_progress(self))
        self._started = False
        self._finished = threading.Event()  # set by the worker thread once it is done with the job
        self._posted.connect(self._deliver)
        if owner is not None:
            owner.destroyed.connect(self._owner_gone)

    # -- control (GUI thread)
    def start(self) -> BackgroundJob:
        if not _running:
            _gui_thread_collector.take_over()
            _switch_interval.shorten()
        _running.add(self)
        self.destroyed.connect(functools.partial(_forget, self))
        self._started = True
        _workers.run(self)
        return self

    def cancel(self) -> None:
        self.task.cancel()

    @property
    def running(self) -> bool:
        return self._started and not self._finished.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        if self._started:
            self._finished.wait(timeout)
        return not self.running

    def _owner_gone(self, *_) -> None:
        self._owner_alive = False
        self.cancel()

    def _deliver(self, kind: str, payload: object) -> None:
        if kind == _Posted.DONE:
            self._finished.wait()  # it has only its return left: from now on no thread but this one uses the job
            self.deleteLater()   # after the ``done`` slots below have run
        if not self._owner_alive:
            return
        if kind == _Posted.PROGRESS:
            if not self.task.cancelled:
                self.progress.emit(payload)
        elif kind == _Posted.SUCCEEDED:
            self.succeeded.emit(payload)
        elif kind == _Posted.FAILED:
            self.failed.emit(payload)
        elif kind == _Posted.CANCELLED:
            self.cancelled.emit()
        else:
            self.done.emit()

    # -- worker thread
    def _post(self, kind: _Posted, payload: object) -> None:
        try:
            self._posted.emit(kind, payload)
        except RuntimeError:  # the application is being torn down with the job still running:
            pass              # its QObject is gone and no one is left to tell

    def _post_progress(self, progress: Progress) -> None:
        if not self.task.cancelled:
            self._post(_Posted.PROGRESS, progress)

    def _run(self) -> None:
        try:
            outcome: tuple[_Posted, object] = (_Posted.SUCCEEDED, self._function(self.task))
        except Cancelled:
            outcome = (_Posted.CANCELLED, None)
        except BaseException as exc:  # reported to the GUI, never lost
            outcome = (_Posted.FAILED, exc)
        if self.task.cancelled:
            outcome = (_Posted.CANCELLED, None)
        self._post(*outcome)
        self._post(_Posted.DONE, None)


class _WorkerThreads:
    """The threads that run the jobs, one job at a time each; a thread done with its job
    waits a while for another. A job handed to a waiting thread starts without the GUI
    thread waiting, where ``threading.Thread.start`` waits until the new thread runs (on a
    loaded machine 15-30 ms of a busy GUI thread, at every edit's check). There is always a
    thread for a new job: one is started when none is waiting."""

    KEEP_SECONDS = 30.0  # how long a thread without a job waits for one

    def __init__(self):
        self._lock = threading.Lock()
        self._jobs: queue.SimpleQueue[BackgroundJob] = queue.SimpleQueue()
        self._waiting = 0  # threads waiting for a job that no job has been promised to

    def run(self, job: BackgroundJob) -> None:
        with self._lock:
            promised = self._waiting > 0
            self._waiting -= promised
        self._jobs.put(job)
        if not promised:
            threading.Thread(target=self._serve, name=job._name, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                job = self._jobs.get(timeout=self.KEEP_SECONDS)
            except queue.Empty:
                with self._lock:
                    if self._waiting > 0:  # no job was promised to this thread: it ends
                        self._waiting -= 1
                        return
                continue  # a job was promised just as the wait ran out: it is on its way
            threading.current_thread().name = job._name  # what the thread works on (debuggers, gc callbacks)
            finished = job._finished
            try:
                job._run()  # it reports every outcome: it does not raise
                del job  # a waiting thread must not keep its last job (and the job's owner) alive
                with self._lock:
                    self._waiting += 1  # before the job is seen finished: its next job can have this thread
            finally:
                finished.set()


_workers = _WorkerThreads()


def _forget(job: BackgroundJob) -> None:
    """The job's QObject has been deleted."""
    _running.discard(job)
    if not _running:
        _gui_thread_collector.hand_back()
        _switch_interval.restore()


class _GuiThreadCollector:
    """Python's cyclic garbage collection on the GUI thread only, while jobs exist."""

    def __init__(self):
        self._timer: QTimer | None = None
        self._disabled_gc = False

    def take_over(self) -> None:
        if self._timer is None:
            self._timer = QTimer(QCoreApplication.instance())
            self._timer.timeout.connect(self._collect)
            gc.freeze()  # no collection first: over the whole heap it would cost the GUI thread as much once
        self._disabled_gc = gc.isenabled()
        gc.disable()
        self._timer.start(COLLECT_INTERVAL_MS)

    def hand_back(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        if self._disabled_gc:
            gc.enable()
            self._disabled_gc = False

    @staticmethod
    def _collect() -> None:
        counts, thresholds = gc.get_count(), gc.get_threshold()
        for generation in (2, 1, 0):  # the oldest due, as the automatic collector chooses
            if counts[generation] > thresholds[generation]:
                gc.collect(generation)
                return


_gui_thread_collector = _GuiThreadCollector()


class _SwitchInterval:
    """Python's GIL switch interval, ``JOB_SWITCH_INTERVAL`` at most while jobs exist."""

    def __init__(self):
        self._saved: float | None = None

    def shorten(self) -> None:
        self._saved = sys.getswitchinterval()
        sys.setswitchinterval(min(self._saved, JOB_SWITCH_INTERVAL))

    def restore(self) -> None:
        if self._saved is not None:
            sys.setswitchinterval(self._saved)
            self._saved = None


_switch_interval = _SwitchInterval()


def _weak_progress(job: BackgroundJob):
    """The job's progress poster, without the job <-> task reference cycle (see Lifetime)."""
    job_ref = weakref.ref(job)

    def post(progress: Progress) -> None:
        job = job_ref()
        if job is not None:
            job._post_progress(progress)

    return post


def cancel_all(timeout: float = 2.0) -> None:
    """Cancel every running job and wait a little for them (at application exit)."""
    jobs = list(_running)
    for job in jobs:
        job.cancel()
    for job in jobs:
        job.wait(timeout / max(1, len(jobs)))
