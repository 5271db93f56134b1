"""Run a Qt-free computation off the GUI thread, with progress, cancel and a result signal.

    job = BackgroundJob(lambda task: solver.count(task), owner=self)
    job.progress.connect(self.on_progress)      # editor.tasks.Progress
    job.succeeded.connect(self.on_result)       # the function's return value
    job.failed.connect(self.on_error)           # the exception
    job.start()
    ...
    job.cancel()                                # the function sees Task.cancelled

Signals arrive on the GUI thread (queued). When ``owner`` (a QObject) is destroyed the
job is cancelled and its signals are disconnected, so a closed panel never receives a
late result. Each job runs on its own Python thread: a long count never starves the
editor's quick checks, and numba code that releases the GIL runs truly in parallel.
"""
from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Signal

from editor.tasks import Cancelled, Progress, Task

_running: set["BackgroundJob"] = set()


class BackgroundJob(QObject):
    progress = Signal(object)
    succeeded = Signal(object)
    failed = Signal(object)
    cancelled = Signal()
    done = Signal()  # after any of succeeded / failed / cancelled

    def __init__(self, function, owner: QObject | None = None, name: str = "background job"):
        super().__init__()  # never parented: the worker thread may outlive the owner
        self._function = function
        self._name = name
        self.task = Task(on_progress=self._emit_progress)
        self._thread: threading.Thread | None = None
        self.done.connect(self._forget)  # queued: the job is dropped on the GUI thread
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

    def _forget(self) -> None:
        _running.discard(self)

    def _owner_gone(self, *_):
        self.cancel()
        for signal in (self.progress, self.succeeded, self.failed, self.cancelled):
            try:
                signal.disconnect()
            except (RuntimeError, TypeError):
                pass

    # -- worker thread
    def _emit_progress(self, progress: Progress) -> None:
        if not self.task.cancelled:
            self.progress.emit(progress)

    def _run(self) -> None:
        try:
            result = self._function(self.task)
        except Cancelled:
            self.cancelled.emit()
        except BaseException as exc:  # reported to the GUI, never lost
            if self.task.cancelled:
                self.cancelled.emit()
            else:
                self.failed.emit(exc)
        else:
            if self.task.cancelled:
                self.cancelled.emit()
            else:
                self.succeeded.emit(result)
        finally:
            self.done.emit()


def cancel_all(timeout: float = 2.0) -> None:
    """Cancel every running job and wait a little for them (at application exit)."""
    jobs = list(_running)
    for job in jobs:
        job.cancel()
    for job in jobs:
        job.wait(timeout / max(1, len(jobs)))
