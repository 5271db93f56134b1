"""numba's ``njit`` for every compiled solver: cached on disk where possible, compiled anyway where not.

``cache=True`` needs a folder numba can write: the package's ``__pycache__``, or the user's
cache folder, or ``NUMBA_CACHE_DIR``. A system-wide install used by another account with no
writable HOME has none, and numba then refuses to compile at all ("cannot cache function
...: no locator available"). This helper compiles without the cache instead (every process
compiles again: slower to start, same answers) and says so once on stderr.
"""
from __future__ import annotations

import sys

_warned = False


def njit(function=None, *, cache: bool = True, **options):
    """``numba.njit(cache=cache, **options)``, falling back to no cache if numba has nowhere to keep it.

    Used as ``@njit`` or ``@njit(cache=True, nogil=True, ...)``.
    """
    import numba

    def decorate(func):
        if cache:
            try:
                return numba.njit(cache=True, **options)(func)
            except RuntimeError as exc:  # numba found no writable cache folder for this file
                if "cannot cache" not in str(exc):
                    raise
                _say_once(exc)
        return numba.njit(**options)(func)

    return decorate if function is None else decorate(function)


def _say_once(exc: RuntimeError) -> None:
    global _warned
    if not _warned:
        _warned = True
        print(f"note: numba cannot cache compiled code here ({exc}); compiling without the cache, "
              "so solvers start slower (set NUMBA_CACHE_DIR to a writable folder to keep it)",
              file=sys.stderr)
