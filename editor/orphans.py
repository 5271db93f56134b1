"""Child processes that end when their parent ends, however it ends (Linux; Qt-free).

A kill -9, the OOM killer or a crash gives a process no chance to end its children. A
child started here holds the reading end of a *lifeline*, a pipe whose writing end only
its parent holds; when the parent ends (or cuts the line), the kernel closes that end and
sends the child SIGIO (the reading end is set to O_ASYNC), whose default action ends the
child at once, even inside a C call (a SAT solver's search) that never returns to Python.
Unlike ``PR_SET_PDEATHSIG``, which fires when the *thread* that started the child ends, a
lifeline lasts as long as the parent process: a child may be started from a worker thread.

    line = Lifeline()                  # the parent, before starting the child
    ... start it, giving it line.child_end (Popen's pass_fds, or inherited by os.fork)
    line.child_started()               # the parent: closes its copy of the child's end
    ...
    line.cut()                         # the parent, done with the child: it ends if still running

    end_with_parent(child_end)         # the child, first thing (after os.fork: before anything else)

Elsewhere than Linux nothing is tied (:func:`end_with_parent` does nothing).
"""
from __future__ import annotations

import os
import select
import sys

_held: set[int] = set()  # the writing ends of this process's lifelines (a fork closes its copies)


class Lifeline:
    """A pipe from a parent to one child: the parent holds the writing end while the child runs."""

    def __init__(self):
        self.child_end, self._parent_end = os.pipe()  # not inherited by an exec unless passed
        _held.add(self._parent_end)

    def child_started(self) -> None:
        """Close the parent's copy of the child's end (the child has its own)."""
        if self.child_end >= 0:
            os.close(self.child_end)
            self.child_end = -1

    def cut(self) -> None:
        """Close the parent's end: the child, if still running, ends."""
        self.child_started()
        if self._parent_end >= 0:
            _held.discard(self._parent_end)
            os.close(self._parent_end)
            self._parent_end = -1


def end_with_parent(child_end: int) -> None:
    """In a child: end when the writing end of the lifeline ``child_end`` closes (the
    parent ended or cut it), or at once if it is closed already."""
    for parent_end in _held:  # a fork's copies of its parent's lifelines would keep them alive
        os.close(parent_end)
    _held.clear()
    if not sys.platform.startswith("linux"):
        return
    import fcntl

    fcntl.fcntl(child_end, fcntl.F_SETOWN, os.getpid())
    fcntl.fcntl(child_end, fcntl.F_SETFL, fcntl.fcntl(child_end, fcntl.F_GETFL) | os.O_ASYNC)
    if select.select([child_end], [], [], 0)[0]:  # nothing is ever written: readable is closed
        os._exit(1)
