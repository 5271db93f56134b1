"""PySide6 must keep Python's reference counts straight.

PySide6 6.12.0 on CPython 3.11 dropped a reference to None on every void call and to
True on every emit of a Python-declared signal: after some thousands of calls (a minute
of painting or orbiting) the process aborted with "Fatal Python error: none_dealloc".
pyproject.toml excludes that version; this test fails on any version with the bug.
"""
import sys

from PySide6.Qt3DCore import Qt3DCore
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor, QVector3D

CALLS = 200


class Emitter(QObject):
    changed = Signal()


def _counts():
    return sys.getrefcount(None), sys.getrefcount(True), sys.getrefcount(False)


def test_void_calls_and_signal_emits_keep_singleton_reference_counts(qapp):
    colour, transform, emitter = QColor(), Qt3DCore.QTransform(), Emitter()
    received = []
    emitter.changed.connect(lambda: received.append(1))
    before = _counts()
    for _ in range(CALLS):
        colour.setRed(1)
        transform.setTranslation(QVector3D(1, 2, 3))
        emitter.changed.emit()
    after = _counts()
    assert len(received) == CALLS
    # Allow a little slack for unrelated objects; the bug lost one reference per call.
    for name, b, a in zip(("None", "True", "False"), before, after):
        assert b - a < CALLS // 4, f"{name} lost {b - a} references over {CALLS} Qt calls"
