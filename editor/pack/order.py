"""A pack's play order: the file ``pack.order`` beside the levels (Qt-free).

The format, for the editor and for a game (``nonogram-editor help level-packs``): UTF-8 text,
one file name per line, relative to the folder (a level by its ``NAME.level``); blank lines
and lines starting with ``#`` are ignored. The files of the pack that it lists come first, in
its order; the others follow in name order (sorted by Unicode code point); a listed name that
no longer exists is skipped. So the order keeps working when other programs add or remove
files, and a game that ignores the file plays the levels in name order.
"""
from __future__ import annotations

import os
from pathlib import Path

from nonogram_editor.infra.safe_write import write_file
from nonogram_editor.level import LevelError, LevelErrorKind
from nonogram_editor.level.reading import read_capped

ORDER_FILE = "pack.order"
ORDER_LIMIT = 1 << 20  # bytes: a name a line for many thousands of levels
HEADER = "# play order (nonogram-editor help level-packs)\n"


def read_order(folder: str | os.PathLike) -> list[str]:
    """The names ``pack.order`` lists, in order ([] without one); LevelError names the file
    when it cannot be read or is not UTF-8 text."""
    path = Path(folder) / ORDER_FILE
    if not os.path.lexists(path):
        return []
    data = read_capped(path, ORDER_LIMIT, "a play order file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LevelError(LevelErrorKind.IO, path, "the play order is not UTF-8 text") from None
    return parse_order(text)


def parse_order(text: str) -> list[str]:
    names = []
    for line in text.splitlines():
        name = line.strip()
        if name and not name.startswith("#") and name not in names:
            names.append(name)
    return names


def play_order(names: list[str], listed: list[str]) -> list[str]:
    """``names`` (the pack's files) in play order: those ``listed`` first, in its order, then the
    rest sorted."""
    present = set(names)
    first = [name for name in listed if name in present]
    chosen = set(first)
    return first + sorted(name for name in present if name not in chosen)


def format_order(names: list[str]) -> str:
    return HEADER + "".join(f"{name}\n" for name in names)


def write_order(folder: str | os.PathLike, names: list[str]) -> None:
    """Save the play order (through ``safe_write``: all old or all new); LevelError names the file."""
    path = Path(folder) / ORDER_FILE
    try:
        write_file(path, format_order(names).encode("utf-8"))
    except OSError as error:
        raise LevelError(LevelErrorKind.IO, path, f"could not save: {error.strerror or error}") from None
