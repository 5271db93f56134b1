"""Run a Qt-free computation off the GUI thread, with progress, cancel and a result signal.

    job = BackgroundJob(lambda task: solver.count(task), owner=self)
    job.progress.connect(self.on_progress)      # editor.tasks.Progress
    job.succeeded.connect(self.on_result)       # the function's return value
    job.failed.connect(self.on_error)           # the exception
    job.start()
    ...
    job.cancel()                                # the function sees Task.cancelled

Signals arrive on the GUI thread. The worker never emits the public signals itself: it
posts each event to the job, and the job re-emits it on the GUI thread only while its
``owner`` (a QObject) is alive. When the owner is destroyed the job is cancelled, and
nothing more reaches the owner's slots, not even an event already on its way. Each job
runs on its own Python thread: a long count never starves the editor's quick checks, and
numba code that releases the GIL runs truly in parallel.

Lifetime: once ``done`` has been delivered and the worker thread has ended, the job
deletes its QObject on the GUI thread (``deleteLater``), which also drops every slot
connected to it. Its C++ side is therefore never left to Python's cyclic garbage
collector, which runs on whichever thread happens to allocate (often a busy worker) and
would destroy the QObject there, while the GUI thread uses Qt; nor does a finished job
keep its owner alive through lambdas connected to its signals. Python attributes
(``task``, ``running``, ``wait``, ``cancel``) stay usable after that; signals do not.
"""
from __future__ import annotations

import threading
import weakref

from PySide6.QtCore import QObject, Signal

from editor.tasks import Cancelled, Progress, Task

_running: set["BackgroundJob"] = set()


class BackgroundJob(QObject):
    progress = Signal(object)
    succeeded = Signal(object)
    failed = Signal(object)
    cancelled = Signal()
    done = Signal()  # after any of succeeded / failed / cancelled

    _posted = Signal(str, object)  # worker thread -> GUI thread (queued: the job lives there)

    def __init__(self, function, owner: QObject | None = None, name: str = "background job"):
        super().__init__()  # never parented: the worker thread may outlive the owner
        self._function = function
        self._name = name
        self._owner_alive = True
        self.task = Task(on_progress=_weak_progress(self))
        self._thread: threading.Thread | None = None
        self._posted.connect(self._deliver)
        if owner is not None:
            owner.destroyed.connect(self._owner_gone)

    # -- control (GUI thread)
    def start(self) -> "BackgroundJob":
        _running.add(self)
        self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
        self._thread.start()
        return self

    def cancel(self) -> None:
        self.task.cancel()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> bool:
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.running

    def _owner_gone(self, *_) -> None:
        self._owner_alive = False
        self.cancel()

    def _deliver(self, kind: str, payload: object) -> None:
        if kind == "done":
            _running.discard(self)
            self._thread.join()  # it has only its return left: from now on no thread but this one uses the job
            self.deleteLater()   # after the ``done`` slots below have run
        if not self._owner_alive:
            return
        if kind == "progress":
            if not self.task.cancelled:
                self.progress.emit(payload)
        elif kind == "succeeded":
            self.succeeded.emit(payload)
        elif kind == "failed":
            self.failed.emit(payload)
        elif kind == "cancelled":
            self.cancelled.emit()
        else:
            self.done.emit()

    # -- worker thread
    def _post(self, kind: str, payload: object) -> None:
        try:
            self._posted.emit(kind, payload)
        except RuntimeError:  # the application is being torn down with the job still running:
            pass              # its QObject is gone and no one is left to tell

    def _post_progress(self, progress: Progress) -> None:
        if not self.task.cancelled:
            self._post("progress", progress)

    def _run(self) -> None:
        try:
            outcome = ("succeeded", self._function(self.task))
        except Cancelled:
            outcome = ("cancelled", None)
        except BaseException as exc:  # reported to the GUI, never lost
            outcome = ("failed", exc)
        if self.task.cancelled:
            outcome = ("cancelled", None)
        self._post(*outcome)
        self._post("done", None)


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
