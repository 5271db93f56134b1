"""Work that cannot be interrupted from Python (a SAT solver's search) run in a separate process (Qt-free).

    result = run_in_process(function, args, task, time_limit=30, name="...")

The fast SAT solvers (kissat, CaDiCaL) run inside one C call that neither checks a flag
nor lets the interpreter raise. Run in a child process, that call can still be stopped:
the parent waits in short polls, and when the task is cancelled or a time limit passes it
terminates the child at once. ``function`` and its arguments must be picklable (a
module-level function): the child is started fresh ("spawn"), which is safe in a process
that runs Qt and threads.
"""
from __future__ import annotations

import multiprocessing
import time
from typing import Any, Callable

from editor.tasks import Task, TimeUp

POLL_SECONDS = 0.02  # how often the parent looks at the task (the overshoot of a limit)


def _child(connection, function, args) -> None:
    try:
        result = (True, function(*args))
    except Exception as error:  # sent to the parent, which raises it there
        result = (False, f"{type(error).__name__}: {error}")
    connection.send(result)
    connection.close()


def run_in_process(function: Callable[..., Any], args: tuple = (), task: Task | None = None,
                   time_limit: float | None = None, name: str = "solver",
                   on_wait: Callable[[float], None] | None = None) -> Any:
    """``function(*args)`` computed in a child process; its result is returned.

    Raises :class:`~editor.tasks.Cancelled` when ``task`` is cancelled, and
    :class:`~editor.tasks.TimeUp` when the task's own time limit or ``time_limit``
    (seconds from now) passes first; the child is ended either way. ``on_wait(seconds)``
    is called at every poll (e.g. to report progress). An exception in the child is
    raised here as a RuntimeError naming ``name``.
    """
    start = time.monotonic()
    context = multiprocessing.get_context("spawn")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(sender, function, args), name=name, daemon=True)
    process.start()
    sender.close()
    try:
        while not receiver.poll(POLL_SECONDS):
            if task is not None:
                task.check_cancelled()
            if time_limit is not None and time.monotonic() - start > time_limit:
                raise TimeUp()
            if not process.is_alive() and not receiver.poll(0):
                break
            if on_wait is not None:
                on_wait(time.monotonic() - start)
        try:
            ok, result = receiver.recv()
        except EOFError:
            process.join()
            raise RuntimeError(f"the {name} process ended without an answer (exit code {process.exitcode})") from None
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receiver.close()
    if not ok:
        raise RuntimeError(f"the {name} process failed: {result}")
    return result
