"""Signal connections that never reach a receiver that is gone or being destroyed.

PySide already skips a slot that is a bound method of a QObject once that object is
being destroyed, and Qt disconnects it when the object is deleted. A lambda or a
``functools.partial`` gets no such care: a signal emitted while the receiver is being
destroyed (a ``QUndoStack`` child clearing itself in the window's destructor, for
example) runs it on a dead wrapper, and Python prints ``RuntimeError: Internal C++
object already deleted``. So every slot that is not a plain bound method of its QObject
is connected with :func:`connect_alive`::

    connect_alive(button.clicked, self, lambda: self.show_solution(0))

Results of background work need nothing more: a
:class:`~nonogram_editor.ui.background.BackgroundJob` made with ``owner=`` already stops
delivering when its owner goes.
"""
from __future__ import annotations

import inspect
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QFileDialog, QWidget


def _positional_capacity(slot: Callable) -> int | None:
    """How many signal arguments ``slot`` takes (None: any number), as PySide would pass them."""
    try:
        parameters = inspect.signature(slot).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature: give it everything
        return None
    if any(p.kind is p.VAR_POSITIONAL for p in parameters):
        return None
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in parameters)


def connect_alive(signal, receiver: QObject, slot: Callable) -> None:
    """``signal.connect(slot)``, except that ``slot`` is not run once ``receiver``'s C++
    object is being destroyed or gone. Like PySide, passes ``slot`` only as many of the
    signal's arguments as it takes."""
    capacity = _positional_capacity(slot)

    def call(*args):
        if shiboken6.isValid(receiver):
            slot(*args[:capacity])

    signal.connect(call)


def ask_save_path(parent: QWidget, title: str, name: str, name_filter: str, suffix: str,
                  chosen: Callable[[str], None]) -> QFileDialog:
    """A Save dialog that blocks nothing and deletes itself once closed: ``chosen(path)`` when a
    file is chosen, unless ``parent`` is gone by then. Keep the dialog returned while it is open."""
    dialog = QFileDialog(parent, title, name, name_filter)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setDefaultSuffix(suffix)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    connect_alive(dialog.fileSelected, parent, chosen)
    dialog.open()
    return dialog
