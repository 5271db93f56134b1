"""A command's processes: how many to start (``--jobs``), and ending them when SIGTERM or SIGHUP
stops the command. No Qt here."""
from __future__ import annotations

import os
import signal
import sys
import threading
from contextlib import contextmanager


def jobs(asked: int) -> int:
    """``--jobs``, at most one process per core (more only costs memory and start-up)."""
    cores = os.cpu_count() or 1
    if asked > cores:
        print(f"note: --jobs {asked} is more than the {cores} cores here; using {cores}", file=sys.stderr)
    return max(1, min(asked, cores))


class Stopped(SystemExit):
    """SIGTERM or SIGHUP stopped the command (not a plugin's ``sys.exit``)."""


def raise_if_stopped(exc: SystemExit) -> None:
    """Raise ``exc`` again if the command was stopped, and not by plugin code's ``sys.exit``."""
    if isinstance(exc, Stopped):
        raise exc


@contextmanager
def stop_on_termination():
    """SIGTERM and SIGHUP end the worker processes, then stop the command as Ctrl+C does (the
    solver's clean-up runs and frees its semaphores); the process exits with 128 + signal."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, _frame):
        for each in termination:  # once: a signal to the process group may come twice (nonogram_editor.cli.exit_guard)
            signal.signal(each, signal.SIG_IGN)
        print(f"\nstopped by {signal.Signals(signum).name}", file=sys.stderr)
        if "multiprocessing" in sys.modules:  # a process pool's clean-up would let running parts finish
            for child in sys.modules["multiprocessing"].active_children():
                child.terminate()
        raise Stopped(128 + signum)

    # (Windows: no SIGHUP)
    termination = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    previous = {signum: signal.signal(signum, stop) for signum in termination}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
