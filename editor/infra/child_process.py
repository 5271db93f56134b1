"""Child processes (Qt-free): one call that cannot be interrupted from Python, work spread
over ``--jobs`` processes, and children that end when their parent does, however it ends.

    result = run_in_process(function, args, task, time_limit=30, name="...")
    child = start_in_process(function, args, name="...")   # computing beside the caller
    ...; child.done(); result = child.wait(task); child.kill()
    child = fork_ready()          # a copy of this process, waiting (None where that is not safe)
    ...; child.send(function, args, name="..."); result = child.wait(task); child.kill()
    child = fork_running(function, args, name="...")   # a copy computing at once (or None)
    keep_ready(["nonogram_editor.nonogram.cnf"])   # a fresh interpreter started ahead, its imports done

    for result in map_in_processes(task, count_subtree, batches, jobs):
        total += result

**One call in a child.** The fast SAT solvers (kissat, CaDiCaL) run inside one C call
that neither checks a flag nor lets the interpreter raise. Run in a child process, that
call can still be stopped: the parent polls, and when the task is cancelled or a time
limit passes it kills the child at once. The child is a fresh interpreter (safe in a
process that runs Qt and threads) that imports only what ``function`` needs, never the
caller's main script; ``function`` and its arguments are pickled (a module-level
function). The answer comes back through an anonymous temporary file (no name: nothing is
left in the temporary folder, however either process ends), so a child never waits on a
full pipe.

A fresh interpreter and its imports take a few tenths of a second. A process that runs
no threads but the caller's (``nonogram-editor check``) can instead fork a copy of
itself, its modules loaded already, in a millisecond (:func:`fork_ready`, Linux; not
where Qt or any other thread runs, as a forked copy of those can hang). A forked child
waits for its call on a pipe.
Where forking is not safe (the editor) or not offered (the portable path, below),
:func:`keep_ready` starts a fresh interpreter ahead of time that imports what the work will
need and waits likewise, and the next :func:`start_in_process` hands it the call.

**Work on several processes** (:func:`map_in_processes`, every plugin's ``--jobs``).
Workers are spawned (never forked: a forked copy of a process running Qt or numba threads
can hang), so ``function`` and the items must be picklable (a module-level function, a
``functools.partial`` of one). Results come as they are ready, in any order. Cancelling the
task (or closing the iterator) stops the workers, running items and all, and raises
:class:`~nonogram_editor.infra.tasks.Cancelled` within a fraction of a second; the command line
terminates running workers on SIGTERM and SIGHUP; the workers ignore Ctrl+C (the caller
stops them). With ``jobs`` 1 everything runs here, in order, and no process is started.

**Children end with their parent**, even killed (kill -9, the OOM killer, a crash), and
so do the forks they make. A child reads its call from a pipe (a fresh interpreter: its
stdin) whose writing end only its parent holds, open until it is done with the child;
once the call is read, nothing more comes: that pipe is the child's *lifeline*
(:func:`end_with_parent`). When the parent ends (or kills the child), the pipe's writing
end closes: a child still waiting for its call reads the end of the file and ends; one
computing ends too. On Linux the kernel then sends it SIGIO (the reading end is set to
O_ASYNC), whose default action ends it at once, even inside a C call that never returns to
Python. Unlike ``PR_SET_PDEATHSIG``, which fires when the *thread* that started the child
ends, a lifeline lasts as long as the parent process: a child may be started from a worker
thread. A pool's worker watches multiprocessing's parent sentinel, a pipe of the same kind
(on Windows, the parent's process handle).

**Every child's memory is bounded** (:func:`set_memory_limit`, ``--memory-limit``; 1 GB by
default): where the platform has it (Linux, the BSDs; not Windows), a child limits its own
address space (``RLIMIT_AS``) before it computes, so that an allocation past the limit fails
instead of swapping the machine; forks and pool workers alike, and the forks a child makes
inherit it. A child that fails so raises :class:`~nonogram_editor.infra.tasks.MemoryLimitReached`
in its parent ("memory limit of N MB reached"), which a check reports UNDECIDED, as it does
a time limit.

**The portable path** (:func:`portable_processes`: every platform but Linux, and Linux with
``NONOGRAM_EDITOR_PORTABLE_PROCESSES=1``, which the tests run too) uses only what every
platform offers: no fork (:func:`fork_ready` and :func:`fork_running` give None: the
caller starts a fresh interpreter), no SIGIO. A daemon thread in the child waits on the
lifeline and ends the process (``os._exit``) when it closes. That thread needs the GIL,
which pysat's kissat and CaDiCaL hold for a whole solve (and numba's compiled searches for
a whole call, unless ``nogil``): a child whose parent was killed in the middle of one ends
when that call returns. Cancelling, Ctrl+C and an ordinary exit of the parent end the child
at once everywhere (the parent kills it).
"""
from __future__ import annotations

import atexit
import os
import pickle
import signal
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

from nonogram_editor.infra.lifeline import PORTABLE_SWITCH, end_with_parent, exit_when, portable_processes  # noqa: F401
from nonogram_editor.infra.tasks import MemoryLimitReached, Task, TimeUp

POLL_SECONDS = 0.02  # how often run_in_process looks at the task (the overshoot of a limit)
POOL_POLL_SECONDS = 0.2  # how often map_in_processes looks at the task's cancel flag
MEMORY_LIMIT_MB = 1024  # every child's address space by default (--memory-limit)


# --------------------------------------------------------------------------- the memory of every child

_memory_limit: int | None = MEMORY_LIMIT_MB


def set_memory_limit(megabytes: int | None) -> None:
    """The address space, in MB, of every child started from now on (None or 0: unbounded); a
    child waiting ready (:func:`keep_ready`), started with another limit, is ended."""
    global _memory_limit
    if (megabytes or None) != _memory_limit:
        _memory_limit = megabytes or None
        discard_ready()


def memory_limit() -> int | None:
    """The limit :func:`set_memory_limit` set (MB), None if none."""
    return _memory_limit


def limit_memory(megabytes: int | None) -> None:
    """In a child: limit this process's address space to ``megabytes`` (None: leave it), where
    the platform can (``RLIMIT_AS``); an allocation past it fails (MemoryError in Python)."""
    try:
        import resource
    except ImportError:  # Windows
        return
    if megabytes is None or not hasattr(resource, "RLIMIT_AS"):
        return
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    limit = megabytes * 2 ** 20 if hard == resource.RLIM_INFINITY else min(megabytes * 2 ** 20, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


_OUT_OF_MEMORY = "out of memory"  # a child's outcome when an allocation failed


# --------------------------------------------------------------------------- children that end with their parent

_held: set[int] = set()  # the writing ends of this process's children's lifelines (a fork closes its copies)


# --------------------------------------------------------------------------- one call in a child

# the fresh interpreter: its answer goes to the file that is its stdout (anything printed,
# to nothing); read sys.path, its memory limit and the modules to import from stdin, then
# serve the call that follows there
_CHILD = ("import importlib, os, pickle, sys\n"
          "answer = os.dup(1)\n"
          "os.dup2(os.open(os.devnull, os.O_WRONLY), 1)\n"
          "path, megabytes, modules = pickle.load(sys.stdin.buffer)\n"
          "sys.path[:0] = [p for p in path if p not in sys.path]\n"
          "from nonogram_editor.infra.child_process import _serve, limit_memory\n"
          "limit_memory(megabytes)\n"
          "for module in modules:\n"
          "    importlib.import_module(module)\n"
          "_serve(sys.stdin.buffer, answer)\n")


def _serve(calls: BinaryIO, answer: int, call: tuple | None = None) -> None:
    """The child's side: wait for its call, (function, args), on the pipe ``calls`` (unless
    ``call`` is given), end with its parent from then on (``calls`` is its lifeline), and
    :func:`_answer` it."""
    if call is None:
        try:
            call = pickle.load(calls)
        except EOFError:  # no call came: the parent killed it or ended
            return
    end_with_parent(calls.fileno())
    _answer(*call, answer)


def _answer(function: Callable[..., Any], args: tuple, answer: int) -> None:
    """Write the pickled outcome of ``function(*args)`` to the file descriptor ``answer``."""
    try:
        outcome = (True, function(*args))
    except (MemoryError, MemoryLimitReached):  # its own limit, or its forks' (a race's)
        outcome = (False, _OUT_OF_MEMORY)
    except Exception as error:  # sent to the parent, which raises it there
        outcome = (False, f"{type(error).__name__}: {error}")
    with open(answer, "wb", closefd=False) as file:
        file.write(pickle.dumps(outcome))


class _Forked:
    """A copy of this process made by ``os.fork``, serving one call from a pipe, or the
    ``call`` (function, args) given here, at once from its own copy of the objects; its
    answer goes to the file descriptor ``answer``, its stderr to ``errors``. It has the
    little of :class:`subprocess.Popen` that :class:`Child` uses."""

    def __init__(self, answer: int, errors: int, megabytes: int | None, call: tuple | None = None):
        reading, writing = os.pipe()  # its call, then its lifeline
        with warnings.catch_warnings():  # Python 3.12+ warns of every fork beside another thread;
            warnings.simplefilter("ignore", DeprecationWarning)  # fork_ready allows only one that waits
            self.pid = os.fork()
        if self.pid == 0:  # the copy: never returns (os._exit skips the parent's exit handlers and buffers)
            code = 1
            try:
                for held in _held | {writing}:  # its copies of lifelines would keep them alive
                    os.close(held)
                _held.clear()
                os.dup2(errors, 2)  # its own stderr from now on, not the parent's
                limit_memory(megabytes)
                with open(reading, "rb") as calls:
                    _serve(calls, answer, call)
                code = 0
            finally:
                os._exit(code)
        os.close(reading)
        self.stdin = open(writing, "wb")
        self.returncode = None

    def _ended(self, status: int) -> None:
        self.returncode = os.waitstatus_to_exitcode(status)

    def poll(self) -> int | None:
        if self.returncode is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self._ended(status)
        return self.returncode

    def wait(self) -> int:
        if self.returncode is None:
            self._ended(os.waitpid(self.pid, 0)[1])
        return self.returncode

    def kill(self) -> None:
        os.kill(self.pid, signal.SIGKILL)


class Child:
    """A child process: computing at once (:func:`start_in_process`), or waiting for its
    call (:meth:`send`): a forked copy (:func:`fork_ready`) or a fresh interpreter that
    has imported ``modules`` (:func:`keep_ready`)."""

    def __init__(self, forked: bool = False, modules: Iterable[str] = (),
                 call: tuple[Callable[..., Any], tuple, str] | None = None):
        self.name = "solver" if call is None else call[2]
        self.memory_limit = memory_limit()  # MB
        self._started = time.monotonic()
        # its answer and stderr: files without a name, gone when the last process holding them ends
        self._answer, self._errors = tempfile.TemporaryFile(), tempfile.TemporaryFile()
        answer = self._answer.fileno()
        if forked:
            self._process = _Forked(answer, self._errors.fileno(), self.memory_limit,
                                    None if call is None else call[:2])
        else:
            # its environment is this one: numpy's BLAS on one thread (nonogram_editor/__init__.py)
            self._process = subprocess.Popen([sys.executable, "-c", _CHILD], stdin=subprocess.PIPE,
                                             stdout=self._answer, stderr=self._errors)
        _held.add(self._process.stdin.fileno())  # the child's lifeline: open until kill()
        if not forked:
            self._write(pickle.dumps((sys.path, self.memory_limit, list(modules))))

    def _write(self, data: bytes) -> None:
        try:
            self._process.stdin.write(data)
            self._process.stdin.flush()
        except (BrokenPipeError, ValueError):  # the child is gone already (or killed): result() says why
            pass

    def send(self, function: Callable[..., Any], args: tuple = (), name: str = "solver") -> Child:
        """Give the child its call, ``function(*args)`` (once); returns the child."""
        self.name = name
        self._started = time.monotonic()
        self._write(pickle.dumps((function, args)))
        return self

    def done(self) -> bool:
        return self._process.poll() is not None

    def cpu_seconds(self) -> float | None:
        """The CPU seconds (user and system) the child has used so far, or None where that
        cannot be read (not Linux, or the child has been reaped)."""
        try:
            fields = Path(f"/proc/{self._process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime

    def result(self) -> Any:
        """The function's result (waits for it). A failure in the child is raised as a
        RuntimeError naming the process; one to allocate memory within its limit, as
        :class:`~nonogram_editor.infra.tasks.MemoryLimitReached`."""
        self._process.wait()
        try:
            self._answer.seek(0)  # the child wrote from the start (a fork shares the offset)
            ok, result = pickle.loads(self._answer.read())
        except (ValueError, EOFError, pickle.UnpicklingError):  # (ValueError: killed, the file closed)
            try:
                self._errors.seek(0)
                lines = self._errors.read().decode(errors="replace").strip().splitlines()
            except ValueError:
                lines = []
            detail = lines[-1] if lines else f"exit code {self._process.returncode}"
            self.kill()
            if self.memory_limit is not None and _ran_out_of_memory(detail):  # in C code: kissat, CaDiCaL, numba
                raise MemoryLimitReached(self.memory_limit) from None
            raise RuntimeError(f"the {self.name} process ended without an answer ({detail})") from None
        self.kill()
        if not ok and result == _OUT_OF_MEMORY:
            raise MemoryLimitReached(self.memory_limit)
        if not ok:
            raise RuntimeError(f"the {self.name} process failed: {result}")
        return result

    def wait(self, task: Task | None = None, time_limit: float | None = None,
             on_wait: Callable[[float], None] | None = None) -> Any:
        """The result, polling until it comes. Raises :class:`~nonogram_editor.infra.tasks.Cancelled` when
        ``task`` is cancelled and :class:`~nonogram_editor.infra.tasks.TimeUp` when the task's own time
        limit or ``time_limit`` (seconds from now) passes first (the child goes on: kill
        it). ``on_wait(seconds)``, seconds since the child got its call, is called at every poll."""
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
        """End the child (if still running) and close its files."""
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        if not self._process.stdin.closed:
            _held.discard(self._process.stdin.fileno())
            try:
                self._process.stdin.close()  # cuts the lifeline
            except BrokenPipeError:  # (unflushed: the child is gone)
                pass
        self._answer.close()
        self._errors.close()


def _ran_out_of_memory(last_words: str) -> bool:
    """Whether a process that ended without an answer says it failed to allocate memory."""
    return any(words in last_words.lower()
               # the last: a library's loading
               for words in ("memory", "bad_alloc", "cannot allocate", "failed to map segment"))


def fork_ready(threads: int = 1) -> Child | None:
    """A copy of this process, forked now and waiting for its call (:meth:`Child.send`):
    it skips a fresh interpreter's start-up and imports. None unless this process runs
    ``threads`` threads at most, all of them Python's (Linux: every thread counted, Qt's
    and numba's too): the caller's and, with 2, one that does nothing but wait for it."""
    return Child(forked=True) if _may_fork(threads) else None


def fork_running(function: Callable[..., Any], args: tuple = (), name: str = "solver") -> Child | None:
    """A copy of this process, forked now, computing ``function(*args)`` at once on its own
    copy of the arguments (nothing is pickled: big arguments cost nothing); None where
    :func:`fork_ready` would be."""
    return Child(forked=True, call=(function, args, name)) if _may_fork(1) else None


def _may_fork(threads: int) -> bool:
    if portable_processes():
        return False
    try:
        running = len(os.listdir("/proc/self/task"))
    except OSError:  # not Linux
        return False
    return running <= threads and running == threading.active_count()


_spare: Child | None = None  # the process keep_ready started, until start_in_process takes it
_spare_lock = threading.Lock()  # the editor's checks run on worker threads


def keep_ready(modules: Iterable[str] = ()) -> None:
    """Unless one is waiting already, start a fresh interpreter that imports ``modules``
    and waits: the next :func:`start_in_process` hands it its call and skips the start-up.
    It ends with :func:`discard_ready`, at exit, or when this process ends."""
    global _spare
    with _spare_lock:
        if _spare is not None and not _spare.done():
            return
        dead, _spare = _spare, Child(modules=modules)
    if dead is not None:
        dead.kill()


def discard_ready() -> None:
    """End the process :func:`keep_ready` started, if no call has taken it."""
    global _spare
    with _spare_lock:
        spare, _spare = _spare, None
    if spare is not None:
        spare.kill()


atexit.register(discard_ready)


def start_in_process(function: Callable[..., Any], args: tuple = (), name: str = "solver") -> Child:
    """``function(*args)`` starts computing in a child process (the one :func:`keep_ready`
    started, if it is waiting); the caller goes on with its own work, then waits for the
    result (:meth:`Child.wait`) or kills it."""
    global _spare
    with _spare_lock:
        child, _spare = _spare, None
    if child is None or child.done():
        if child is not None:
            child.kill()
        child = Child()
    return child.send(function, args, name)


def run_in_process(function: Callable[..., Any], args: tuple = (), task: Task | None = None,
                   time_limit: float | None = None, name: str = "solver",
                   on_wait: Callable[[float], None] | None = None) -> Any:
    """``function(*args)`` computed in a child process; its result is returned.

    Raises :class:`~nonogram_editor.infra.tasks.Cancelled` when ``task`` is cancelled, and
    :class:`~nonogram_editor.infra.tasks.TimeUp` when the task's own time limit or ``time_limit``
    (seconds from now) passes first; the child is ended either way. ``on_wait(seconds)``
    is called at every poll (e.g. to report progress).
    """
    running = start_in_process(function, args, name)
    try:
        return running.wait(task, time_limit, on_wait)
    finally:
        running.kill()


# --------------------------------------------------------------------------- work on several processes

def map_in_processes(task: Task, function: Callable, items: Iterable, jobs: int) -> Iterator:
    """``function(item)`` for every item, on ``jobs`` processes; see the module."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    items = list(items)
    if jobs <= 1:
        for item in items:
            task.check_cancelled()
            yield function(item)
        return
    context = multiprocessing.get_context("spawn")
    pool = None
    finished = False
    try:
        with _interrupts_held():  # the pool is set up whole; its workers start with Ctrl+C held back, then ignore it
            pool = ProcessPoolExecutor(max_workers=min(jobs, max(1, len(items))), mp_context=context,
                                       # no process yet: submit starts them
                                       initializer=_start_worker, initargs=(memory_limit(),))
            pending = {pool.submit(function, item) for item in items}
        while pending:
            task.check_cancelled()
            done, pending = wait(pending, timeout=POOL_POLL_SECONDS, return_when=FIRST_COMPLETED)
            for future in done:  # a batch can hold every result: a cancel between two of them still counts
                task.check_cancelled()
                try:
                    result = future.result()
                except MemoryError:  # a worker's own limit
                    raise MemoryLimitReached(memory_limit()) from None
                yield result
        finished = True
    finally:
        if pool is not None:  # (None: interrupted as it was set up)
            # stopped early (cancelled, closed, interrupted, an item failed): stop the running items too
            if not finished:
                for process in list(pool._processes.values()):  # the executor has no public way to (before 3.14)
                    process.terminate()
            pool.shutdown(wait=True, cancel_futures=True)


def _start_worker(megabytes: int | None) -> None:
    """Worker start-up: its memory limit (:func:`limit_memory`); ignore Ctrl+C from now on (one held back since the
    start is dropped), and end as soon as the parent dies, however it dies. multiprocessing's parent sentinel is
    a pipe only the parent holds open: a lifeline. Once the workers are gone, the resource
    tracker sees its pipe close and ends too."""
    import multiprocessing
    import multiprocessing.connection

    limit_memory(megabytes)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    sentinel = multiprocessing.parent_process().sentinel
    if portable_processes():  # (on Windows a process handle, not a pipe: wait() takes both)
        exit_when(multiprocessing.connection.wait, [sentinel])
    else:
        end_with_parent(sentinel)


@contextmanager
def _interrupts_held():
    """SIGINT blocked in this thread during the block, delivered after it. The processes
    started in it begin with it blocked (:func:`_start_worker` then ignores it): a terminal's
    Ctrl+C reaches the whole process group, and a worker interrupted while its interpreter
    starts prints a fatal error. A pool created in it registers its queues' semaphores with the
    resource tracker whole (one interrupted in between makes the tracker warn of a leak).
    (Ignoring it here instead, with SIG_IGN, would lose a Ctrl+C that comes meanwhile: the
    command would run on.)"""
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
