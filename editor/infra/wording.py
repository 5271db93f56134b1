"""What the editor tells the user, translatable without Qt (the Qt app installs Qt's translation).

A class whose texts the user reads derives from :class:`Wording` and writes them as
``self.tr("…")`` (or ``Verdict.tr("…")`` from elsewhere), as Qt classes do: the class's name
is the translation context, and ``pyside6-lupdate`` finds the calls as it finds Qt's (a
literal text; values go in with ``.format()`` after ``tr``). A text with a count says
``%n`` and takes the count, ``self.tr("%n cell(s) open", "", count)``: a translation gives
each of its language's plural forms; in English ``(s)``, ``(es)`` show from 2 on and at 0.
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable

Translator = Callable[[str, str, str | None, int], str]  # (context, source, disambiguation, count or -1) -> text


def _untranslated(context: str, text: str, disambiguation: str | None, count: int) -> str:
    return text


_translator: Translator = _untranslated
_installed_in: int | None = None  # the process that installed it: a forked copy (a solver) speaks English


def install_translator(translator: Translator) -> None:
    """Show every :class:`Wording` text of this process through ``translator`` (the Qt app's, at start).

    ``translator`` returns the source text (with ``%n`` filled in) when it has no translation."""
    global _translator, _installed_in
    _translator, _installed_in = translator, os.getpid()


def _english(text: str, count: int = -1) -> str:
    """``text`` as English shows it: ``%n`` is ``count``, and ``cell(s)`` is ``cell`` for 1, ``cells`` else."""
    if count < 0:
        return text
    return re.sub(r"(?<=\w)\((\w+)\)", "" if count == 1 else r"\1", text.replace("%n", str(count)))


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name pyside6-lupdate knows)
    """Marks a text kept in a table for translation, shown later by ``tr`` of the class named ``context``."""
    return text


class Wording:
    """A class whose texts the user reads: ``tr`` translates them in the class's context."""

    @classmethod
    def tr(cls, text: str, disambiguation: str | None = None, count: int = -1) -> str:
        translator = _translator if _installed_in == os.getpid() else _untranslated
        translated = translator(cls.__name__, text, disambiguation or None, count)
        untranslated = text if count < 0 else text.replace("%n", str(count))
        return _english(text, count) if translated in (text, untranslated) else translated


class Counts(Wording):
    """Texts with a count that the Qt classes show (their own ``tr`` would leave "1 cell(s)" in English)."""


class Activity(Wording):
    """What a long job of the core is doing: the message of its progress line."""


# control characters (C0, DEL, C1: ESC, BEL, CR, a line break...), Unicode's line and paragraph
# separators and its bidirectional overrides: none of them may reach a terminal from a file
_UNSHOWN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """``text`` from a file (a title, a name, an author, a comment) as the command line prints it:
    every character that could move the cursor, start a line or drive the terminal written as
    an escape (``\\x1b``, ``\\n``, ``\\u202e``), the rest as it is."""
    return _UNSHOWN.sub(lambda found: found.group().encode("unicode_escape").decode("ascii"), text)

