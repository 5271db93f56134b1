"""Progress and cancellation for long computations, without Qt.

A solver that may run for long takes a :class:`Task` argument. It calls
:meth:`Task.report` now and then and :meth:`Task.check_cancelled` in its loops; the
caller (the command line, a test, or the GUI's background runner in
``nonogram_editor.ui.background``) decides what a report does and when to cancel. A caller that
schedules other work by the solver's progress (the verdict starting its SAT stage) sets a
tick hook (:meth:`Task.ticking`), which each :meth:`Task.check_cancelled` calls.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass


class Cancelled(Exception):
    """Raised inside a computation whose task was cancelled."""


class TimeUp(Cancelled):
    """Raised inside a computation whose task's time limit has passed."""

    megabytes: int | None = None  # MemoryLimitReached: the limit reached


class MemoryLimitReached(TimeUp):
    """Raised where a child process could not allocate memory within its limit
    (:mod:`nonogram_editor.infra.child_process`): a limit reached, as the time limit is, and answered
    alike (UNDECIDED); its text names the limit."""

    def __init__(self, megabytes: int | None):
        super().__init__(f"memory limit of {megabytes} MB reached")
        self.megabytes = megabytes


class OverBudget(Cancelled):
    """Raised inside a stage that has to give way (:meth:`Task.give_way`, :meth:`Task.budget`)."""


@dataclass(frozen=True)
class Progress:
    done: float
    total: float | None = None  # None: unknown (an open-ended search)
    message: str = ""

    @property
    def fraction(self) -> float | None:
        if not self.total:
            return None
        return max(0.0, min(1.0, self.done / self.total))


class Task:
    """Handed to a long computation: report progress, notice cancellation.

    ``report`` is cheap to call often: it forwards at most one report every
    ``interval`` seconds (the last one before finishing is the caller's business).
    With ``time_limit`` (seconds from now), :meth:`check_cancelled` raises
    :class:`TimeUp` once it has passed.
    """

    def __init__(self, on_progress: Callable[[Progress], None] | None = None, interval: float = 0.1,
                 time_limit: float | None = None):
        self._cancel = threading.Event()
        self._give_way: Callable[[], bool] | None = None
        self._tick: Callable[[], None] | None = None
        self.set_time_limit(time_limit)
        self._on_progress = on_progress
        self._interval = interval
        self._last = 0.0

    def set_time_limit(self, seconds: float | None) -> None:
        """From now on, :meth:`check_cancelled` raises :class:`TimeUp` after ``seconds`` (None: never)."""
        self._deadline = None if seconds is None else time.monotonic() + seconds

    @contextmanager
    def give_way(self, condition: Callable[[], bool]):
        """Within the block, :meth:`check_cancelled` also raises :class:`OverBudget` once
        ``condition()`` is true (a stage that gives way to another: after a while, or
        when a rival has finished)."""
        saved = self._give_way
        self._give_way = condition
        try:
            yield
        finally:
            self._give_way = saved

    @contextmanager
    def ticking(self, hook: Callable[[], None]):
        """Within the block, each :meth:`check_cancelled` calls ``hook()`` (once the task
        is known not to be cancelled), before it asks :meth:`give_way`'s condition."""
        saved = self._tick
        self._tick = hook
        try:
            yield
        finally:
            self._tick = saved

    def budget(self, seconds: float):
        """:meth:`give_way` once the calling thread has used ``seconds`` of CPU time (CPU
        time, not wall time: the budget means the same on a busy machine)."""
        end = time.thread_time() + seconds
        return self.give_way(lambda: time.thread_time() > end)

    def time_is_up(self) -> bool:
        """Whether the time limit has passed."""
        return self._deadline is not None and time.monotonic() > self._deadline

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def check_cancelled(self) -> None:
        if self._cancel.is_set():
            raise Cancelled()
        if self.time_is_up():
            raise TimeUp()
        if self._tick is not None:
            self._tick()
        if self._give_way is not None and self._give_way():
            raise OverBudget()

    def report(self, done: float, total: float | None = None, message: str = "", force: bool = False) -> None:
        if self._on_progress is None:
            return
        now = time.monotonic()
        if force or now - self._last >= self._interval:
            self._last = now
            self._on_progress(Progress(done, total, message))

