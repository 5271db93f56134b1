"""Work around PySide6 6.12 dropping a reference to None on Python 3.11.

Measured here (PySide6 6.12.0 abi3 wheels, CPython 3.11.7): every call of a
void-returning Qt method (``QColor.setRed``, ``QPainter.drawRect``, every Qt3D setter)
returns ``None`` without taking a reference to it, so ``sys.getrefcount(None)`` falls by
one per call. When it reaches zero CPython aborts with "Fatal Python error: none_dealloc:
deallocating None" -- after some ten thousand calls: a minute of orbiting the 3-D
preview, or a long painting session. From Python 3.12 on, None is immortal and the
missing reference is harmless.

:func:`keep_none_alive` gives None a reference count no program can use up, which is
what 3.12 does. It must run before Qt is used: ``editor.ui`` and ``editor.scene3d``
call it on import, the tests in ``tests/conftest.py``.
"""
from __future__ import annotations

import ctypes
import sys

_RESERVE = 1 << 40  # decrements at ~10 M calls a second: a day and more of nothing but Qt calls


def keep_none_alive() -> None:
    """Make None's reference count effectively immortal on CPython < 3.12 (a no-op elsewhere)."""
    if sys.implementation.name != "cpython" or sys.version_info >= (3, 12) or hasattr(sys, "gettotalrefcount"):
        return  # immortal already, not CPython, or a debug build (another object layout)
    refcount = ctypes.c_ssize_t.from_address(id(None))  # ob_refcnt opens every PyObject
    if refcount.value < _RESERVE:
        refcount.value += _RESERVE
