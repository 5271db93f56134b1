"""numba's ``njit`` for every compiled solver: cached in the user's cache folder, compiled anyway
where there is none.

numba reads ``NUMBA_CACHE_DIR`` when it is imported: :func:`use_user_cache_folder` (run by
``import nonogram_editor``, before any solver imports numba) points it at
the ``numba`` folder in :func:`cache_folder` unless it is set already, so that the compiled code is
not written beside the installed package (where an uninstall would leave it behind).

A system-wide install used by another account with no writable cache folder has nowhere to
keep it, and numba then refuses to compile at all ("cannot cache function ...: no locator
available"). :func:`njit` compiles without the cache instead (every process compiles again:
slower to start, same answers) and says so once on stderr.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

announce_compiling = False  # the command line sets it: someone waits there for the first compile
_warned = False
_announced = False
_version = ""  # the editor's (use_user_cache_folder): its first compile is announced


def cache_folder() -> Path:
    """Where this user's compiled solvers are kept: the platform's cache folder, named
    ``nonogram-editor`` (Linux: ``$XDG_CACHE_HOME``, by default ``~/.cache``; macOS:
    ``~/Library/Caches``; Windows: ``%LOCALAPPDATA%\\nonogram-editor\\Cache``)."""
    import platformdirs

    return platformdirs.user_cache_path("nonogram-editor", appauthor=False)


def use_user_cache_folder(version: str) -> None:
    """Point numba's cache at :func:`cache_folder` unless ``NUMBA_CACHE_DIR`` is set (before numba loads).
    ``version``: the editor's (``import nonogram_editor`` passes it), so that an upgrade announces its compile again."""
    global _version
    _version = version
    os.environ.setdefault("NUMBA_CACHE_DIR", str(cache_folder() / "numba"))


def njit(function=None, *, cache: bool = True, **options):
    """``numba.njit(cache=cache, **options)``, falling back to no cache if numba has nowhere to keep it.

    Used as ``@njit`` or ``@njit(cache=True, nogil=True, ...)``.
    """
    import numba

    def decorate(func):
        if cache:
            _announce_first_compile()
            try:
                return numba.njit(cache=True, **options)(func)
            except RuntimeError as exc:  # numba found no writable cache folder for this file
                if "cannot cache" not in str(exc):
                    raise
                _say_once(exc)
        return numba.njit(**options)(func)

    return decorate if function is None else decorate(function)


def _announce_first_compile() -> None:
    """Says once, on the command line, that this install's solvers are being compiled (the
    first run after installing or upgrading: a marker per version and install folder)."""
    global _announced
    if not announce_compiling or _announced:
        return
    _announced = True
    import hashlib  # here: every command imports this module, few compile

    install = str(Path(__file__).resolve().parents[1])  # the editor package's folder
    marker = cache_folder() / f"compiled-{_version}-{hashlib.sha1(install.encode()).hexdigest()[:12]}"
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.open("x").close()
    except OSError:  # compiled before (FileExistsError), or no cache folder (the note below says so)
        return
    print("note: compiling the solvers, once for this install (about 20 s)", file=sys.stderr, flush=True)


def _say_once(exc: RuntimeError) -> None:
    global _warned
    if not _warned:
        _warned = True
        print(f"note: numba cannot cache compiled code here ({exc}); compiling without the cache, "
              "so solvers start slower (set NUMBA_CACHE_DIR to a writable folder to keep it)",
              file=sys.stderr)
