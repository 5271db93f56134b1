"""Work that cannot be interrupted from Python (a SAT solver's search) run in a separate process (Qt-free).

    result = run_in_process(function, args, task, time_limit=30, name="...")

The fast SAT solvers (kissat, CaDiCaL) run inside one C call that neither checks a flag
nor lets the interpreter raise. Run in a child process, that call can still be stopped:
the parent waits in short polls, and when the task is cancelled or a time limit passes it
kills the child at once. The child is a fresh interpreter (safe in a process that runs
Qt and threads) that imports only what ``function`` needs, never the caller's main
script; ``function`` and its arguments are pickled (a module-level function).
"""
from __future__ import annotations

import pickle
import subprocess
import sys
import time
from typing import Any, Callable

from editor.tasks import Task, TimeUp

POLL_SECONDS = 0.02  # how often the parent looks at the task (the overshoot of a limit)

# the child: read (sys.path, pickled call) from stdin, write the pickled outcome to stdout
_CHILD = ("import pickle, sys\n"
          "path, call = pickle.load(sys.stdin.buffer)\n"
          "sys.path[:0] = [p for p in path if p not in sys.path]\n"
          "from editor.sat import _serve\n"
          "_serve(call)\n")


def _serve(call: bytes) -> None:
    function, args = pickle.loads(call)
    try:
        outcome = (True, function(*args))
    except Exception as error:  # sent to the parent, which raises it there
        outcome = (False, f"{type(error).__name__}: {error}")
    sys.stdout.buffer.write(pickle.dumps(outcome))
    sys.stdout.buffer.flush()


def run_in_process(function: Callable[..., Any], args: tuple = (), task: Task | None = None,
                   time_limit: float | None = None, name: str = "solver",
                   on_wait: Callable[[float], None] | None = None) -> Any:
    """``function(*args)`` computed in a child process; its result is returned.

    Raises :class:`~editor.tasks.Cancelled` when ``task`` is cancelled, and
    :class:`~editor.tasks.TimeUp` when the task's own time limit or ``time_limit``
    (seconds from now) passes first; the child is ended either way. ``on_wait(seconds)``
    is called at every poll (e.g. to report progress). A failure in the child is raised
    here as a RuntimeError naming ``name``.
    """
    start = time.monotonic()
    request = pickle.dumps((sys.path, pickle.dumps((function, args))))
    process = subprocess.Popen([sys.executable, "-c", _CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    try:
        pending = request
        while True:
            try:
                output, errors = process.communicate(pending, timeout=POLL_SECONDS)
                break
            except subprocess.TimeoutExpired:
                pending = None  # sent with the first call; later calls only keep reading
            if task is not None:
                task.check_cancelled()
            if time_limit is not None and time.monotonic() - start > time_limit:
                raise TimeUp()
            if on_wait is not None:
                on_wait(time.monotonic() - start)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    try:
        ok, result = pickle.loads(output)
    except Exception:
        detail = errors.decode(errors="replace").strip().splitlines()[-1:] or [f"exit code {process.returncode}"]
        raise RuntimeError(f"the {name} process ended without an answer ({detail[0]})") from None
    if not ok:
        raise RuntimeError(f"the {name} process failed: {result}")
    return result
