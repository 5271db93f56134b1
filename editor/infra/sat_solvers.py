"""pysat's SAT solvers and cardinality encodings with Ctrl+C left to Python: import ``Solver``,
``CardEnc`` and ``EncType`` from here, never straight from pysat.

While a solve or an encoding runs in the main thread, pysat replaces the SIGINT handler with
its own, which turns a Ctrl+C into an ordinary exception ("Caught keyboard interrupt") or
into ``solve_limited`` returning None, the answer for "out of conflicts". The callers read
either as a racer that failed or gave up and went on: the Ctrl+C was lost. Told that it
never runs in the main thread, pysat keeps Python's handler, and KeyboardInterrupt is raised
when the call returns. The calls made here are bounded (a conflict budget); the unbounded
ones run in child processes, which the interrupted parent ends (:mod:`nonogram_editor.infra.child_process`).
"""
from pysat._utils import MainThread
from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

MainThread.check = staticmethod(lambda: False)

__all__ = ["CardEnc", "EncType", "Solver"]
