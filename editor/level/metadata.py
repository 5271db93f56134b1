"""A level's title, author, copyright and catalogue, kept where the seed game does not look (Qt-free).

The seed game reads only ``NAME.level``, ``NAME.pbm`` and ``NAME.ppm``; the metadata lives
beside them in ``NAME.about``, written like the metadata lines of a ``.non`` file
(``title "Cat"``, ``by "Jan Wolter"``, ``copyright "..."``, ``catalogue "#6"``; any other
keyword is kept too), and the level's kind (``kind "colour"`` and ``background "#ffffff"`` for a
colour puzzle, see ``nonogram_editor.level.colour``; nothing for a two-colour level). A ``.non`` import brings its
metadata along and an export writes it back, so it survives import, editing and export. It is saved with the trio, as
one (``save_level(level, path, format_about(about).encode())``: all old or all new; no level
info, no file), and read like the trio's files, refusing anything but a small regular file.

    about = read_about("cat.level")           # {} when there is no NAME.about
"""
from __future__ import annotations

import os

from nonogram_editor.level.colour import LEVEL_KEYS
from nonogram_editor.level.errors import LevelError, LevelErrorKind
from nonogram_editor.level.model import about_path, recover_level
from nonogram_editor.level.non_format import NonPuzzle
from nonogram_editor.level.reading import read_capped

FIELDS = ("title", "by", "copyright", "catalogue")  # the ones the editor offers to edit, in order
ABOUT_LIMIT = 1 << 16  # bytes: a few lines of text


def _unquote(text: str) -> str:
    text = text.strip()
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] == '"' else text


def parse_about(text: str) -> dict[str, str]:
    about = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _, value = line.replace("\t", " ").partition(" ")
        about[keyword.lower()] = _unquote(value)
    return about


def format_about(about: dict[str, str]) -> str:
    keys = [key for key in FIELDS if about.get(key)] + [key for key in about if key not in FIELDS and about[key]]
    return "".join(f'{key} "{about[key].replace(chr(34), chr(39)).replace(chr(10), " ")}"\n' for key in keys)


def read_about(level_path: str | os.PathLike) -> dict[str, str]:
    """The metadata beside a level ({} if it has none); :class:`LevelError` names the file if it
    is not a small regular text file."""
    path = about_path(level_path)
    recover_level(path)
    if not os.path.lexists(path):
        return {}
    data = read_capped(path, ABOUT_LIMIT, "level info")
    try:
        return parse_about(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise LevelError(LevelErrorKind.IO, path, "the level info is not UTF-8 text") from None


def about_of_non(puzzle: NonPuzzle) -> dict[str, str]:
    """A ``.non`` puzzle's title and other metadata, as one dict."""
    return ({"title": puzzle.title} if puzzle.title else {}) | dict(puzzle.metadata)


def non_metadata(about: dict[str, str]) -> tuple[str, dict[str, str]]:
    """``(title, metadata)`` for :func:`nonogram_editor.level.non_format.write_non` (without the level's
    kind and background, which belong to the level: ``nonogram_editor.level.colour``)."""
    return about.get("title", ""), {key: value for key, value in about.items()
                                    if key != "title" and key not in LEVEL_KEYS and value}
