"""Work that cannot be interrupted from Python (a SAT solver's search) run in a separate process (Qt-free).

    result = run_in_process(function, args, task, time_limit=30, name="...")
    child = start_in_process(function, args, name="...")   # computing beside the caller
    ...; child.done(); result = child.wait(task); child.kill()

The fast SAT solvers (kissat, CaDiCaL) run inside one C call that neither checks a flag
nor lets the interpreter raise. Run in a child process, that call can still be stopped:
the parent polls, and when the task is cancelled or a time limit passes it kills the
child at once. The child is a fresh interpreter (safe in a process that runs Qt and
threads) that imports only what ``function`` needs, never the caller's main script;
``function`` and its arguments are pickled (a module-level function). The answer comes
back through a temporary file, so a child never waits on a full pipe.
"""
from __future__ import annotations

import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from editor.tasks import Task, TimeUp

POLL_SECONDS = 0.02  # how often run_in_process looks at the task (the overshoot of a limit)

# the child: read (sys.path, pickled call) from stdin, write the pickled outcome to the file argv[1]
_CHILD = ("import pickle, sys\n"
          "path, call = pickle.load(sys.stdin.buffer)\n"
          "sys.path[:0] = [p for p in path if p not in sys.path]\n"
          "from editor.sat import _serve\n"
          "_serve(call, sys.argv[1])\n")


def _serve(call: bytes, answer: str) -> None:
    function, args = pickle.loads(call)
    try:
        outcome = (True, function(*args))
    except Exception as error:  # sent to the parent, which raises it there
        outcome = (False, f"{type(error).__name__}: {error}")
    Path(answer).write_bytes(pickle.dumps(outcome))


class Child:
    """``function(*args)`` computing in a child process (:func:`start_in_process`)."""

    def __init__(self, function: Callable[..., Any], args: tuple = (), name: str = "solver"):
        self.name = name
        self._started = time.monotonic()
        self._folder = tempfile.TemporaryDirectory(prefix="nonogram-editor-")
        folder = Path(self._folder.name)
        self._answer = folder / "answer"
        with open(folder / "stderr", "wb") as errors:
            self._errors = folder / "stderr"
            self._process = subprocess.Popen([sys.executable, "-c", _CHILD, str(self._answer)],
                                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=errors)
        try:
            self._process.stdin.write(pickle.dumps((sys.path, pickle.dumps((function, args)))))
            self._process.stdin.close()
        except BrokenPipeError:  # the child is gone already: result() says why
            pass

    def done(self) -> bool:
        return self._process.poll() is not None

    def result(self) -> Any:
        """The function's result (waits for it). A failure in the child is raised as a
        RuntimeError naming the process."""
        self._process.wait()
        try:
            ok, result = pickle.loads(self._answer.read_bytes())
        except (OSError, EOFError, pickle.UnpicklingError):
            lines = self._errors.read_text(errors="replace").strip().splitlines()
            detail = lines[-1] if lines else f"exit code {self._process.returncode}"
            self.kill()
            raise RuntimeError(f"the {self.name} process ended without an answer ({detail})") from None
        self.kill()
        if not ok:
            raise RuntimeError(f"the {self.name} process failed: {result}")
        return result

    def wait(self, task: Task | None = None, time_limit: float | None = None,
             on_wait: Callable[[float], None] | None = None) -> Any:
        """The result, polling until it comes. Raises :class:`~editor.tasks.Cancelled` when
        ``task`` is cancelled and :class:`~editor.tasks.TimeUp` when the task's own time
        limit or ``time_limit`` (seconds from now) passes first (the child goes on: kill
        it). ``on_wait(seconds)``, seconds since the child started, is called at every poll."""
        start = time.monotonic()
        while not self.done():
            time.sleep(POLL_SECONDS)
            if task is not None:
                task.check_cancelled()
            if time_limit is not None and time.monotonic() - start > time_limit:
                raise TimeUp()
            if on_wait is not None:
                on_wait(time.monotonic() - self._started)
        return self.result()

    def kill(self) -> None:
        """End the child (if still running) and remove its files."""
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        self._folder.cleanup()


def start_in_process(function: Callable[..., Any], args: tuple = (), name: str = "solver") -> Child:
    """``function(*args)`` starts computing in a child process; the caller goes on with
    its own work, then waits for the result (:meth:`Child.wait`) or kills it."""
    return Child(function, args, name)


def run_in_process(function: Callable[..., Any], args: tuple = (), task: Task | None = None,
                   time_limit: float | None = None, name: str = "solver",
                   on_wait: Callable[[float], None] | None = None) -> Any:
    """``function(*args)`` computed in a child process; its result is returned.

    Raises :class:`~editor.tasks.Cancelled` when ``task`` is cancelled, and
    :class:`~editor.tasks.TimeUp` when the task's own time limit or ``time_limit``
    (seconds from now) passes first; the child is ended either way. ``on_wait(seconds)``
    is called at every poll (e.g. to report progress).
    """
    running = start_in_process(function, args, name)
    try:
        return running.wait(task, time_limit, on_wait)
    finally:
        running.kill()
