"""One way to spread work over processes (Qt-free), for every plugin's ``--jobs``.

    for result in map_in_processes(task, count_subtree, batches, jobs):
        total += result

Workers are spawned (never forked: a forked copy of a process running Qt or numba threads
can hang), so ``function`` and the items must be picklable (a module-level function, a
``functools.partial`` of one). Results come as they are ready, in any order. Cancelling the
task (or closing the iterator) stops the workers, running items and all, and raises
:class:`~editor.tasks.Cancelled` within a fraction of a second; the command line
terminates running workers on SIGTERM and SIGHUP; the workers ignore Ctrl+C (the caller
stops them) and end by themselves when their parent dies without a word (SIGKILL, the OOM
killer). With ``jobs`` 1 everything runs here, in order, and no process is started.
"""
from __future__ import annotations

import multiprocessing
import signal
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Callable, Iterable, Iterator

from editor.orphans import end_with_parent
from editor.tasks import Task

POLL_SECONDS = 0.2  # how often a waiting caller looks at the task's cancel flag


def map_in_processes(task: Task, function: Callable, items: Iterable, jobs: int) -> Iterator:
    """``function(item)`` for every item, on ``jobs`` processes; see the module."""
    items = list(items)
    if jobs <= 1:
        for item in items:
            task.check_cancelled()
            yield function(item)
        return
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=min(jobs, max(1, len(items))), mp_context=context,
                               initializer=_start_worker)  # no process yet: submit starts them
    finished = False
    try:
        with _interrupts_held():  # the workers start with Ctrl+C held back, then ignore it: the caller stops them
            pending = {pool.submit(function, item) for item in items}
        while pending:
            task.check_cancelled()
            done, pending = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
            for future in done:  # a batch can hold every result: a cancel between two of them still counts
                task.check_cancelled()
                yield future.result()
        finished = True
    finally:
        if not finished:  # stopped early (cancelled, closed, interrupted, an item failed): stop the running items too
            for process in list(pool._processes.values()):  # the executor has no public way to (before 3.14)
                process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


def _start_worker() -> None:
    """Worker start-up: ignore Ctrl+C from now on (one held back since the start is dropped),
    and end as soon as the parent dies, however it dies. multiprocessing's parent sentinel is
    a pipe only the parent holds open: a lifeline (:mod:`editor.orphans`). Once the workers
    are gone, the resource tracker sees its pipe close and ends too."""
    if hasattr(signal, "pthread_sigmask"):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    end_with_parent(multiprocessing.parent_process().sentinel)


@contextmanager
def _interrupts_held():
    """SIGINT blocked in this thread during the block, delivered after it. The processes
    started in it begin with it blocked (:func:`_start_worker` then ignores it): a terminal's
    Ctrl+C reaches the whole process group, and a worker interrupted while its interpreter
    starts prints a fatal error. (Ignoring it here instead, with SIG_IGN, would lose a Ctrl+C
    that comes meanwhile: the command would run on.)"""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()  # before: starting it unblocks SIGINT
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
