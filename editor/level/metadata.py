"""A level's title, author, copyright and catalogue, kept where the seed game does not look (Qt-free).

The seed game reads only ``NAME.level``, ``NAME.pbm`` and ``NAME.ppm``; the metadata lives
beside them in ``NAME.about``, written like the metadata lines of a ``.non`` file
(``title "Cat"``, ``by "Jan Wolter"``, ``copyright "..."``, ``catalogue "#6"``; any other
keyword is kept too). A ``.non`` import brings its metadata along and an export writes
it back, so it survives import, editing and export.

    about = read_about("cat.level")           # {} when there is no NAME.about
    write_about("cat.level", {"title": "Cat", "by": "Jan"})   # atomically; {} removes the file
"""
from __future__ import annotations

import os
from pathlib import Path

from editor.level.errors import LevelError, LevelErrorKind
from editor.level.model import level_paths
from editor.level.non_format import NonPuzzle
from editor.safe_write import write_file

FIELDS = ("title", "by", "copyright", "catalogue")  # the ones the editor offers to edit, in order
SUFFIX = ".about"


def about_path(level_path: str | os.PathLike) -> Path:
    return level_paths(level_path)[0].with_suffix(SUFFIX)


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
    """The metadata beside a level ({} if it has none)."""
    path = about_path(level_path)
    try:
        return parse_about(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as error:
        raise LevelError(LevelErrorKind.IO, path, getattr(error, "strerror", None) or str(error)) from None


def write_about(level_path: str | os.PathLike, about: dict[str, str]) -> None:
    """Write (or, when nothing is set, remove) the metadata beside a level, atomically."""
    path = about_path(level_path)
    text = format_about(about)
    try:
        if text:
            write_file(path, text.encode("utf-8"))
        else:
            path.unlink(missing_ok=True)
    except OSError as error:
        raise LevelError(LevelErrorKind.IO, path, error.strerror or str(error)) from None


def about_of_non(puzzle: NonPuzzle) -> dict[str, str]:
    """A ``.non`` puzzle's title and other metadata, as one dict."""
    return ({"title": puzzle.title} if puzzle.title else {}) | dict(puzzle.metadata)


def non_metadata(about: dict[str, str]) -> tuple[str, dict[str, str]]:
    """``(title, metadata)`` for :func:`editor.level.non_format.write_non`."""
    return about.get("title", ""), {key: value for key, value in about.items() if key != "title" and value}
