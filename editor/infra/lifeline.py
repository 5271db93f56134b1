"""Children that end with their parent, however it ends (Qt-free; see ``nonogram_editor.infra.child_process``).

A child's *lifeline* is the reading end of a pipe whose writing end only its parent holds.
When the parent ends, the writing end closes: on Linux the kernel then sends the child
SIGIO (the reading end is set to O_ASYNC), whose default action ends it at once, even inside
a C call; on the portable path a daemon thread waits on the pipe and ends the process.
"""
from __future__ import annotations

import os
import select
import sys
import threading
from collections.abc import Callable
from typing import Any

PORTABLE_SWITCH = "NONOGRAM_EDITOR_PORTABLE_PROCESSES"


def portable_processes() -> bool:
    """Whether children are made only in ways every platform offers (see the module): always
    elsewhere than Linux; on Linux when ``NONOGRAM_EDITOR_PORTABLE_PROCESSES=1``. Read at every
    call, and inherited by every child, so that a test can set it for one test."""
    return not sys.platform.startswith("linux") or os.environ.get(PORTABLE_SWITCH) == "1"


def end_with_parent(line: int) -> None:
    """In a child: end when the writing end of the pipe ``line`` closes (the parent ended or
    is done with the child), or at once if it is closed already. Nothing more may come on
    it (the call, if any, has been read)."""
    if portable_processes():
        exit_when(_read_to_end, line)
        return
    import fcntl

    fcntl.fcntl(line, fcntl.F_SETOWN, os.getpid())
    fcntl.fcntl(line, fcntl.F_SETFL, fcntl.fcntl(line, fcntl.F_GETFL) | os.O_ASYNC)
    if select.select([line], [], [], 0)[0]:  # nothing more is written: readable is closed
        os._exit(1)


def _read_to_end(line: int) -> None:
    try:
        while os.read(line, 4096):
            pass
    except OSError:
        pass


def exit_when(wait: Callable[..., Any], *args) -> None:
    """The portable lifeline: a daemon thread ends this process as soon as ``wait(*args)`` returns."""
    def watch() -> None:
        wait(*args)
        os._exit(1)

    threading.Thread(target=watch, name="lifeline", daemon=True).start()
