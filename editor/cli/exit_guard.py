"""A command whose exit status plugin code cannot decide (Qt-free).

Plugins run in the command's process, and some ways of ending it cannot be caught there:
``posix._exit`` or C's ``_exit`` (through ctypes) at import or in a solver, an exit handler
(``atexit``) that calls ``os._exit``, a signal the plugin sends itself. Any of them would end
the command with the plugin's status, and 0 would pass for a success.

:func:`run_apart` runs such a command in a fork of this process. The fork reports the
command's exit status on a pipe as soon as it is decided, its output flushed, before any
exit handler runs; this process waits, then exits with that status at once. A fork that ended
without reporting one was ended by something other than the command: this process says so
and exits 1 (128 + N for signal N). Meanwhile this process passes SIGINT, SIGTERM and SIGHUP
on to the fork, except those the kernel sent the whole process group (the terminal's Ctrl+C
and hang-up), which reached the fork already; the fork ends with this process, however it
ends (its lifeline, :func:`nonogram_editor.infra.lifeline.end_with_parent`). A signal sent to the
whole group by a program reaches the fork twice; it acts on the first of each kind.

Linux only, and not on the portable path (:func:`~nonogram_editor.infra.lifeline.portable_processes`):
elsewhere the command runs in this process, unguarded.
"""
from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable

_PASSED_ON = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP) if hasattr(signal, "SIGHUP") else ()
_SI_KERNEL = 0x80  # Linux's si_code of a signal from the kernel: the terminal's, sent to the whole group


def guarded() -> bool:
    """Whether :func:`run_apart` runs its command in a fork here."""
    from nonogram_editor.infra.lifeline import portable_processes

    return not portable_processes() and hasattr(signal, "sigwaitinfo") and hasattr(os, "fork")


def run_apart(command: Callable[[], int], on_failure: Callable[[str], None]) -> int:
    """Run ``command()`` in a fork where that can be (see the module). In the fork, and where
    it cannot be forked, this returns the command's exit status (the caller exits with it as
    usual); this process exits with the status the fork reported, or, if it reported none,
    after ``on_failure(message)``."""
    if not guarded():
        return command()
    from nonogram_editor.infra.lifeline import end_with_parent

    waited = {*_PASSED_ON, signal.SIGCHLD}
    for stream in (sys.stdout, sys.stderr):  # else the fork would write what is buffered again
        stream.flush()
    report, reported = os.pipe()
    line, holding = os.pipe()  # the fork's lifeline
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, waited)
    pid = os.fork()
    if pid == 0:
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _interrupted)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        os.close(report)
        os.close(holding)
        end_with_parent(line)
        return _run_and_report(command, reported)
    os.close(reported)
    os.close(line)
    status = _outcome(_wait(pid, waited), report, on_failure)
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    os._exit(status)  # this process ran nothing that needs its clean-up, which costs as much as the fork


def _outcome(status: int, report: int, on_failure: Callable[[str], None]) -> int:
    """The exit status the fork reported on ``report``, else one that says how it ended."""
    os.set_blocking(report, False)  # the fork's own forks may hold the writing end still
    try:
        told = os.read(report, 32)
    except BlockingIOError:
        told = b""
    if told:
        return int(told)
    code = os.waitstatus_to_exitcode(status)
    if code < 0:
        on_failure(f"the command's process was ended by {signal.Signals(-code).name} before it finished")
        return 128 - code
    on_failure(f"the command's process ended with exit status {code} before it finished (a plugin's code "
               f"ended it, such as posix._exit or C's exit)")
    return code or 1


def _interrupted(_signum, _frame):
    """The fork's Ctrl+C: one KeyboardInterrupt, the others ignored (a SIGINT sent to the whole
    process group comes twice: as sent, and passed on by the waiting process)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def _run_and_report(command: Callable[[], int], reported: int) -> int:
    """In the fork: run ``command`` and write its exit status to ``reported`` at once."""
    try:
        status = command()
    except SystemExit as stop:  # as the interpreter turns it into a status
        os.write(reported, b"%d" % (stop.code if isinstance(stop.code, int) else stop.code is not None))
        raise
    except BaseException:  # a traceback follows: exit status 1
        os.write(reported, b"1")
        raise
    os.write(reported, b"%d" % status)
    return status


def _wait(pid: int, waited: set[int]) -> int:
    """The wait status of the fork ``pid``, passing on the signals this process alone was sent."""
    while True:
        info = signal.sigwaitinfo(waited)
        if info.si_signo == signal.SIGCHLD:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return status
        elif info.si_code != _SI_KERNEL:
            os.kill(pid, info.si_signo)
