"""webpbn's XML puzzle format (pbnsolve's native format): import and export (Qt-free).

A ``<puzzleset>`` holds ``<puzzle>`` elements (the first is read). A puzzle has ``<title>``,
``<author>``, ``<copyright>``, ``<id>``, ``<description>``, its ``<color>`` names and
characters, ``<clues type="rows">`` and ``<clues type="columns">`` of ``<line>`` elements
holding one ``<count>`` per block, and a ``<solution type="goal">`` whose ``<image>`` is the
picture, one ``|...|`` row per line in the colour characters. The format is described at
https://webpbn.com/pbn_fmt.html. Only two-colour grid puzzles are read; a colour puzzle or a
triddler is refused with a message saying so.

The file is parsed with the standard library's expat without trusting it: it is read only up
to ``FILE_LIMIT`` bytes, an entity declaration (``<!ENTITY``, the way to a "billion laughs"
expansion) is refused, external entities and DTDs are never fetched, and the HTML entities
webpbn's DTD declares (``&copy;``) are read as their characters.

    puzzle = read_webpbn("webpbn000001.xml")   # a NonPuzzle; metadata keys as in .non ("by", ...)
    write_webpbn("mine.xml", solution, title="Mine", metadata={"by": "Me"})
"""
from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from html.entities import name2codepoint
from pathlib import Path
from xml.parsers import expat

import numpy as np

from editor.level.clues import clues as clues_of_grid
from editor.level.non_format import (
    MAX_SIDE, NonErrorKind, NonFormatError, NonPuzzle, drawing, parse_clue, read_puzzle_data, write_text)

KIND = NonErrorKind.PARSE_XML
# webpbn element -> the .non keyword the editor keeps it under (the title is NonPuzzle.title)
METADATA = {"author": "by", "copyright": "copyright", "id": "catalogue", "description": "description",
            "source": "source"}


class _Refused(Exception):
    """Raised inside expat's handlers; becomes a NonFormatError."""


def _error(path: Path, detail: str) -> NonFormatError:
    return NonFormatError.parse(path, detail, KIND)


def _tree(data: bytes, path: Path) -> ET.Element:
    """The document's root element, parsed without entity declarations or external fetches."""
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate()
    parser.buffer_text = True

    def entity_declared(name, *_):
        raise _Refused(f"it declares the entity '{name}' (<!ENTITY>); entity declarations are refused for safety")

    def skipped_entity(name, _is_parameter):  # an entity of the external DTD, which is never read
        if name not in name2codepoint:
            raise _Refused(f"line {parser.CurrentLineNumber}: unknown entity '&{name};'")
        builder.data(chr(name2codepoint[name]))

    parser.EntityDeclHandler = entity_declared
    parser.SkippedEntityHandler = skipped_entity
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(data, True)
        return builder.close()
    except _Refused as refused:
        raise _error(path, str(refused)) from None
    except expat.ExpatError as error:
        raise _error(path, f"not well-formed XML ({expat.ErrorString(error.code)} at line {error.lineno}, "
                           f"column {error.offset + 1})") from None
    except (RecursionError, MemoryError, ValueError, AssertionError) as error:  # e.g. elements nested too deep
        raise _error(path, f"the XML cannot be read ({type(error).__name__})") from None


def _text(element: ET.Element | None) -> str:
    return " ".join("".join(element.itertext()).split()) if element is not None else ""


def read_webpbn(path: str | os.PathLike) -> NonPuzzle:
    path = Path(path)
    return parse_webpbn(read_puzzle_data(path, "a webpbn XML puzzle"), path)


def parse_webpbn(data: bytes, path: str | os.PathLike = "<text>") -> NonPuzzle:
    """A puzzle from the bytes of a webpbn XML file (``path`` only names it in errors)."""
    path = Path(path)
    root = _tree(data, path)
    if root.tag == "puzzle":
        puzzle, outer = root, None
    elif root.tag == "puzzleset":
        puzzle, outer = root.find("puzzle"), root
        if puzzle is None:
            raise _error(path, "the <puzzleset> holds no <puzzle>")
    else:
        raise _error(path, f"its root element is <{root.tag[:40]}>, not <puzzleset>")
    kind = puzzle.get("type", "grid")
    if kind != "grid":
        raise _error(path, f"a '{kind[:40]}' puzzle; only grid puzzles can be read")
    background, ink = puzzle.get("backgroundcolor", "white"), puzzle.get("defaultcolor", "black")
    chars = {background: ".", ink: "X"}
    for color in puzzle.iter("color"):
        chars[color.get("name", "")] = color.get("char", chars.get(color.get("name", ""), ""))
    colours = set(chars) | {count.get("color", ink) for count in puzzle.iter("count")}
    if colours - {background, ink}:
        others = ", ".join(sorted(name[:20] for name in colours - {background, ink}))
        raise _error(path, f"a colour puzzle (colours {others}); only two-colour puzzles can be read")

    lines = {}
    for clues in puzzle.findall("clues"):
        name = clues.get("type", "")
        if name not in ("rows", "columns"):
            raise _error(path, f"<clues type=\"{name[:20]}\">: the type must be rows or columns")
        if name in lines:
            raise _error(path, f"a second <clues type=\"{name}\">")
        lines[name] = [[_text(count) for count in line.findall("count")] for line in clues.findall("line")]
        if not 1 <= len(lines[name]) <= MAX_SIDE:
            raise _error(path, f"{len(lines[name])} {name}; a puzzle has between 1 and {MAX_SIDE}")

    goal = None
    image = next((solution.find("image") for solution in puzzle.findall("solution")
                  if solution.get("type", "goal") == "goal"), None)
    if image is not None:
        goal = _image(_text(image).replace(" ", ""), chars[background], chars[ink], path)
    if len(lines) < 2:
        if goal is None:
            raise _error(path, "it lacks row or column clues and has no goal picture to take them from")
        rows, columns = clues_of_grid(goal)
    else:
        height, width = len(lines["rows"]), len(lines["columns"])
        rows = [parse_clue(" ".join(counts), path, f"row {number}", width, KIND)
                for number, counts in enumerate(lines["rows"], 1)]
        columns = [parse_clue(" ".join(counts), path, f"column {number}", height, KIND)
                   for number, counts in enumerate(lines["columns"], 1)]
        if goal is not None and goal.shape != (height, width):
            raise _error(path, f"the goal picture is {goal.shape[1]} x {goal.shape[0]}, "
                               f"but the clues are for {width} x {height}")

    def field(tag: str) -> str:
        return _text(puzzle.find(tag)) or (_text(outer.find(tag)) if outer is not None else "")

    metadata = {keyword: field(tag) for tag, keyword in METADATA.items() if field(tag)}
    height, width = len(rows), len(columns)
    return NonPuzzle(width, height, rows, columns, goal, field("title"), metadata)


def _image(text: str, white: str, black: str, path: Path) -> np.ndarray:
    """The goal picture of an ``<image>``: rows ``|...|`` of the two colour characters."""
    if not (text.startswith("|") and text.endswith("|")):
        raise _error(path, "the goal <image> must be rows written |...|")
    rows = text[1:-1].split("||")
    if not 1 <= len(rows) <= MAX_SIDE or not 1 <= len(rows[0]) <= MAX_SIDE:
        raise _error(path, f"the goal picture must be between 1 and {MAX_SIDE} cells each way")
    if any(len(row) != len(rows[0]) for row in rows):
        raise _error(path, "the rows of the goal picture differ in length")
    unknown = set("".join(rows)) - {white, black}
    if unknown:
        raise _error(path, f"the goal picture holds {''.join(sorted(unknown))[:10]!r}, not only "
                           f"'{black}' (filled) and '{white}' (empty)")
    return np.array([[cell == black for cell in row] for row in rows], dtype=bool)


def format_webpbn(solution: np.ndarray, title: str = "", metadata: dict[str, str] | None = None) -> str:
    """The webpbn XML of a drawing: its clues, the drawing as the goal, and the metadata that
    webpbn has elements for."""
    from xml.sax.saxutils import escape, quoteattr  # here: it imports urllib, which reading never needs

    solution = drawing(solution)
    rows, columns = clues_of_grid(solution)
    metadata = metadata or {}
    out = ['<?xml version="1.0" encoding="UTF-8"?>', "<puzzleset>", '<puzzle type="grid" defaultcolor="black">']
    fields = [("title", title)] + [(tag, metadata.get(keyword, "")) for tag, keyword in METADATA.items()]
    out += [f"<{tag}>{escape(value)}</{tag}>" for tag, value in fields if value]
    out += [f'<color name="white" char=".">FFFFFF</color>', f'<color name="black" char="X">000000</color>']
    for name, lines in (("columns", columns), ("rows", rows)):
        out.append(f"<clues type={quoteattr(name)}>")
        out += ["<line>" + "".join(f"<count>{count}</count>" for count in line) + "</line>" for line in lines]
        out.append("</clues>")
    out += ['<solution type="goal">', "<image>"]
    out += ["|" + "".join("X" if cell else "." for cell in row) + "|" for row in solution]
    out += ["</image>", "</solution>", "</puzzle>", "</puzzleset>"]
    return "\n".join(out) + "\n"


def write_webpbn(path: str | os.PathLike, solution: np.ndarray, title: str = "",
                 metadata: dict[str, str] | None = None) -> None:
    """Export a drawing as a webpbn XML puzzle; a failed write leaves the previous file as it was."""
    write_text(path, format_webpbn(solution, title, metadata))
