"""webpbn's XML puzzle format (pbnsolve's native format): import and export (Qt-free).

A ``<puzzleset>`` holds ``<puzzle>`` elements (:func:`parse_webpbn_set` reads them all;
files are read through :func:`nonogram_editor.level.puzzle_formats.read_puzzles`). A puzzle has ``<title>``,
``<author>``, ``<copyright>``, ``<id>``, ``<description>``, its ``<color>`` names and
characters, ``<clues type="rows">`` and ``<clues type="columns">`` of ``<line>`` elements
holding one ``<count>`` per block, and a ``<solution type="goal">`` whose ``<image>`` is the
picture, one ``|...|`` row per line in the colour characters. The format is described at
https://webpbn.com/pbn_fmt.html. A puzzle whose colours are only the background and the
default colour is a two-colour :class:`NonPuzzle`; one with more is a
:class:`~nonogram_editor.level.colour.ColourPuzzle` (its palette: the background, the default colour,
then the others as declared; colours by RGB value, else by CSS/X11 name). A triddler is refused
with a message saying so.

The file is parsed with the standard library's expat without trusting it: it is read only up
to ``FILE_LIMIT`` bytes, an entity declaration (``<!ENTITY``, the way to a "billion laughs"
expansion) is refused, external entities and DTDs are never fetched, and the HTML entities
webpbn's DTD declares (``&copy;``) are read as their characters.

    [puzzle] = parse_webpbn_set(data, "webpbn000001.xml")   # a NonPuzzle; metadata keys as in .non ("by", ...)
    write_webpbn("mine.xml", solution, title="Mine", metadata={"by": "Me"})
    write_colour_webpbn("parrot.xml", colour_puzzle)
"""
from __future__ import annotations

import os
import re
import string
import xml.etree.ElementTree as ET
from functools import lru_cache
from html.entities import name2codepoint
from pathlib import Path
from xml.parsers import expat

from nonogram_editor.infra.lazy import numpy as np
from nonogram_editor.level.clues import clues as clues_of_grid
from nonogram_editor.level.colour import RGB, ColourPuzzle, hex_colour, parse_hex_colour
from nonogram_editor.level.non_format import (
    MAX_SIDE,
    NonErrorKind,
    NonFormatError,
    NonPuzzle,
    colour_characters,
    colour_clue,
    drawing,
    parse_clue,
    spare_colours,
    write_text,
)

KIND = NonErrorKind.PARSE_XML
# webpbn element -> the .non keyword the editor keeps it under (the title is NonPuzzle.title)
METADATA = {"author": "by", "copyright": "copyright", "id": "catalogue", "description": "description",
            "source": "source"}


class _Refused(Exception):
    """Raised inside expat's handlers; becomes a NonFormatError."""


def _error(path: Path, detail: str) -> NonFormatError:
    return NonFormatError.parse(path, detail, KIND)


# the encoding an XML declaration names (an EncName of the XML specification, at most 40 characters shown)
_DECLARED_ENCODING = re.compile(rb"""(?:\xef\xbb\xbf)?\s*<\?xml\s[^>]*?"""
                                rb"""\bencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]{0,39})["']""")


def _tree(data: bytes, path: Path) -> ET.Element:
    """The document's root element, parsed without entity declarations or external fetches."""
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate()
    parser.buffer_text = True

    def entity_declared(name: str, *_: object) -> None:
        raise _Refused(f"it declares the entity '{name}' (<!ENTITY>); entity declarations are refused for safety")

    def skipped_entity(name: str, _is_parameter: bool) -> None:  # an entity of the external DTD, which is never read
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
    # an encoding Python does not have, or a multi-byte one expat cannot take
    except (LookupError, ValueError) as error:
        declared = _DECLARED_ENCODING.match(data)
        if declared is None or not (isinstance(error, LookupError) or "encoding" in str(error)):
            raise _error(path, f"the XML cannot be read ({type(error).__name__})") from None
        raise _error(path, f"the XML declares encoding {declared[1].decode()}, which is not supported "
                           f"(UTF-8, UTF-16 and single-byte encodings such as ISO-8859-1 are)") from None
    except (RecursionError, MemoryError, AssertionError) as error:  # e.g. elements nested too deep
        raise _error(path, f"the XML cannot be read ({type(error).__name__})") from None


def _text(element: ET.Element | None) -> str:
    return " ".join("".join(element.itertext()).split()) if element is not None else ""


def parse_webpbn_set(data: bytes, path: str | os.PathLike = "<text>") -> list[NonPuzzle | ColourPuzzle]:
    """Every puzzle of the bytes of a webpbn XML file (``path`` only names it in errors; an
    error in a set of several says which puzzle)."""
    path = Path(path)
    root = _tree(data, path)
    if root.tag == "puzzle":
        return [_puzzle(root, None, path)]
    if root.tag != "puzzleset":
        raise _error(path, f"its root element is <{root.tag[:40]}>, not <puzzleset>")
    puzzles = root.findall("puzzle")
    if not puzzles:
        raise _error(path, "the <puzzleset> holds no <puzzle>")
    if len(puzzles) == 1:
        return [_puzzle(puzzles[0], root, path)]
    read = []
    for number, puzzle in enumerate(puzzles, 1):
        try:
            read.append(_puzzle(puzzle, root, path))
        except NonFormatError as error:
            raise _error(path, f"puzzle {number} of {len(puzzles)}: {error.detail}") from None
    return read


def _puzzle(puzzle: ET.Element, outer: ET.Element | None, path: Path) -> NonPuzzle | ColourPuzzle:
    """One ``<puzzle>`` (``outer``: the ``<puzzleset>`` whose title and author it inherits)."""
    kind = puzzle.get("type", "grid")
    if kind != "grid":
        raise _error(path, f"a '{kind[:40]}' puzzle; only grid puzzles can be read")
    background, ink = puzzle.get("backgroundcolor", "white"), puzzle.get("defaultcolor", "black")
    chars = {background: ".", ink: "X"}
    for color in puzzle.iter("color"):
        chars[color.get("name", "")] = color.get("char", chars.get(color.get("name", ""), ""))
    colours = set(chars) | {count.get("color", ink) for count in puzzle.iter("count")}

    lines = {}
    for clues in puzzle.findall("clues"):
        name = clues.get("type", "")
        if name not in ("rows", "columns"):
            raise _error(path, f"<clues type=\"{name[:20]}\">: the type must be rows or columns")
        if name in lines:
            raise _error(path, f"a second <clues type=\"{name}\">")
        lines[name] = [[(_text(count), count.get("color", ink)) for count in line.findall("count")]
                       for line in clues.findall("line")]
        if not 1 <= len(lines[name]) <= MAX_SIDE:
            raise _error(path, f"{len(lines[name])} {name}; a puzzle has between 1 and {MAX_SIDE}")

    def field(tag: str) -> str:
        return _text(puzzle.find(tag)) or (_text(outer.find(tag)) if outer is not None else "")

    metadata = {keyword: field(tag) for tag, keyword in METADATA.items() if field(tag)}
    image = next((solution.find("image") for solution in puzzle.findall("solution")
                  if solution.get("type", "goal") == "goal"), None)
    image_rows = None if image is None else _image_rows(_text(image).replace(" ", ""), path)
    if colours - {background, ink}:
        return _colour_puzzle(puzzle, lines, image_rows, background, ink, field("title"), metadata, path)

    goal = None
    if image_rows is not None:
        goal = _two_colour_image(image_rows, chars[background], chars[ink], path)
    if len(lines) < 2:
        if goal is None:
            raise _error(path, "it lacks row or column clues and has no goal picture to take them from")
        rows, columns = clues_of_grid(goal)
    else:
        height, width = len(lines["rows"]), len(lines["columns"])
        rows = [parse_clue(" ".join(text for text, _ in counts), path, f"row {number}", width, KIND)
                for number, counts in enumerate(lines["rows"], 1)]
        columns = [parse_clue(" ".join(text for text, _ in counts), path, f"column {number}", height, KIND)
                   for number, counts in enumerate(lines["columns"], 1)]
        if goal is not None and goal.shape != (height, width):
            raise _error(path, f"the goal picture is {goal.shape[1]} x {goal.shape[0]}, "
                               f"but the clues are for {width} x {height}")
    height, width = len(rows), len(columns)
    return NonPuzzle(width, height, rows, columns, goal, field("title"), metadata)


def _image_rows(text: str, path: Path) -> list[str]:
    """The rows of a goal ``<image>``: ``|...|`` per row, all of one length."""
    if not (text.startswith("|") and text.endswith("|")):
        raise _error(path, "the goal <image> must be rows written |...|")
    rows = text[1:-1].split("||")
    if not 1 <= len(rows) <= MAX_SIDE or not 1 <= len(rows[0]) <= MAX_SIDE:
        raise _error(path, f"the goal picture must be between 1 and {MAX_SIDE} cells each way")
    if any(len(row) != len(rows[0]) for row in rows):
        raise _error(path, "the rows of the goal picture differ in length")
    return rows


def _two_colour_image(rows: list[str], white: str, black: str, path: Path) -> np.ndarray:
    """The goal picture of a two-colour puzzle: filled where the ink's character is."""
    unknown = set("".join(rows)) - {white, black}
    if unknown:
        raise _error(path, f"the goal picture holds {''.join(sorted(unknown))[:10]!r}, not only "
                           f"'{black}' (filled) and '{white}' (empty)")
    return np.array([[cell == black for cell in row] for row in rows], dtype=bool)


def _colour_puzzle(puzzle: ET.Element, lines: dict, image_rows: list[str] | None, background: str, ink: str,
                   title: str, metadata: dict[str, str], path: Path) -> ColourPuzzle:
    """A colour puzzle: its palette is the background, the default colour, then the other
    colours as declared (and any a count names without declaring it)."""
    declared = {}  # name -> (character, RGB or None)
    for color in puzzle.findall("color"):
        name = color.get("name", "")
        if name in declared:
            raise _error(path, f"the colour '{name[:20]}' is declared twice")
        rgb = parse_hex_colour(_text(color)) if _text(color) else None
        if _text(color) and rgb is None:
            raise _error(path, f"the colour '{name[:20]}' is {_text(color)[:20]!r}, not a hex RGB value")
        declared[name] = (color.get("char", ""), rgb)
    names = [background, ink] + [name for name in declared if name not in (background, ink)]
    names += sorted({colour for counts in lines.values() for line in counts for _, colour in line} - set(names))
    palette: list = []
    for name in names:
        rgb = declared.get(name, ("", None))[1] or named_colour(name)
        palette.append(rgb)
    spare = spare_colours([rgb for rgb in palette if rgb is not None], palette.count(None))
    if len(spare) < palette.count(None):
        raise _error(path, f"{palette.count(None)} colours have neither an RGB value nor a known name; "
                           f"at most {len(spare)} can be chosen")
    spare.reverse()
    palette = [rgb if rgb is not None else spare.pop() for rgb in palette]
    index_of = {name: index for index, name in enumerate(names)}

    def colour_of(name: str) -> int:
        if index_of[name] == 0:
            raise KeyError(name)  # a block of the background colour
        return index_of[name]

    if len(lines) < 2 and image_rows is None:
        raise _error(path, "it lacks row or column clues and has no goal picture to take them from")
    goal = None
    if image_rows is not None:
        by_char = {DEFAULT_CHARS.get(name, ""): index for name, index in index_of.items()}
        by_char |= {char: index_of[name] for name, (char, _) in declared.items() if char}
        by_char.pop("", None)
        unknown = set("".join(image_rows)) - set(by_char)
        if unknown:
            raise _error(path, f"the goal picture holds {''.join(sorted(unknown))[:10]!r}, which are not "
                               "colour characters")
        goal = np.array([[by_char[cell] for cell in row] for row in image_rows], dtype=np.int32)
    if goal is not None and len(lines) < 2:  # (fewer than two without a goal: refused above)
        return ColourPuzzle.of_grid(goal, palette, title, metadata)
    height, width = len(lines["rows"]), len(lines["columns"])
    rows = [colour_clue(counts, " ".join(text for text, _ in counts), path, f"row {number}", width, colour_of, KIND)
            for number, counts in enumerate(lines["rows"], 1)]
    columns = [colour_clue(counts, " ".join(text for text, _ in counts), path, f"column {number}", height,
                           colour_of, KIND) for number, counts in enumerate(lines["columns"], 1)]
    if goal is not None and goal.shape != (height, width):
        raise _error(path, f"the goal picture is {goal.shape[1]} x {goal.shape[0]}, "
                           f"but the clues are for {width} x {height}")
    return ColourPuzzle(rows, columns, palette, goal, title, metadata)


DEFAULT_CHARS = {"white": ".", "black": "X"}  # as pbnsolve gives them when a file does not


def named_colour(name: str) -> RGB | None:
    """The RGB of a colour name (CSS and X11 names, as webpbn and Olsak's files use), else None."""
    try:
        from PIL import ImageColor  # here: only colour files name colours, and check need not load pillow

        return ImageColor.getrgb(name)[:3] if name and len(name) <= 40 else None
    except ValueError:
        return None


XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>'


def format_webpbn(solution: np.ndarray, title: str = "", metadata: dict[str, str] | None = None) -> str:
    """The webpbn XML of a drawing: its clues, the drawing as the goal, and the metadata that
    webpbn has elements for."""
    return "\n".join([XML_HEAD, "<puzzleset>", *_drawing_lines(solution, title, metadata or {}), "</puzzleset>"]) + "\n"


def _drawing_lines(solution: np.ndarray, title: str, metadata: dict[str, str]) -> list[str]:
    """A drawing's ``<puzzle>`` element, a line a list item."""
    from xml.sax.saxutils import quoteattr  # here: it imports urllib, which reading never needs

    solution = drawing(solution)
    rows, columns = clues_of_grid(solution)
    out = ['<puzzle type="grid" defaultcolor="black">', *_metadata_lines(title, metadata)]
    out += ['<color name="white" char=".">FFFFFF</color>', '<color name="black" char="X">000000</color>']
    for name, lines in (("columns", columns), ("rows", rows)):
        out.append(f"<clues type={quoteattr(name)}>")
        out += ["<line>" + "".join(f"<count>{count}</count>" for count in line) + "</line>" for line in lines]
        out.append("</clues>")
    out += ['<solution type="goal">', "<image>"]
    out += ["|" + "".join("X" if cell else "." for cell in row) + "|" for row in solution]
    out += ["</image>", "</solution>", "</puzzle>"]
    return out


def _metadata_lines(title: str, metadata: dict[str, str]) -> list[str]:
    """The title and the metadata webpbn has elements for."""
    from xml.sax.saxutils import escape

    fields = [("title", title)] + [(tag, metadata.get(keyword, "")) for tag, keyword in METADATA.items()]
    return [f"<{tag}>{escape(value)}</{tag}>" for tag, value in fields if value]


def write_webpbn(path: str | os.PathLike, solution: np.ndarray, title: str = "",
                 metadata: dict[str, str] | None = None) -> None:
    """Export a drawing as a webpbn XML puzzle; a failed write leaves the previous file as it was."""
    write_text(path, format_webpbn(solution, title, metadata))


XML_COLOUR_CHARACTERS = string.ascii_letters + string.digits + "#$%&*+-=?@^~"  # '.' is the background's


def colour_names(palette: list[RGB]) -> list[str]:
    """A distinct name for each colour: its CSS name where it has one, else its hex value."""
    names: list[str] = []
    for colour in palette:
        name = _css_names().get(colour, hex_colour(colour)[1:])
        names.append(name if name not in names else f"{name}-{len(names)}")
    return names


@lru_cache(maxsize=1)
def _css_names() -> dict[RGB, str]:
    from PIL import ImageColor

    names: dict[RGB, str] = {}
    for name in sorted(ImageColor.colormap):
        names.setdefault(ImageColor.getrgb(name)[:3], name)
    return names


def format_colour_webpbn(puzzle: ColourPuzzle) -> str:
    """The webpbn XML of a colour puzzle: its palette as ``<color>`` elements (the background
    first, then the default colour), its clues (a count of another colour than the default
    names it), its goal if known."""
    return "\n".join([XML_HEAD, "<puzzleset>", *_colour_lines(puzzle), "</puzzleset>"]) + "\n"


def _colour_lines(puzzle: ColourPuzzle) -> list[str]:
    """A colour puzzle's ``<puzzle>`` element, a line a list item."""
    from xml.sax.saxutils import quoteattr

    characters = "." + colour_characters(puzzle, XML_COLOUR_CHARACTERS, "webpbn XML")
    names = colour_names(puzzle.palette)
    out = [f'<puzzle type="grid" backgroundcolor={quoteattr(names[0])} defaultcolor={quoteattr(names[1])}>',
           *_metadata_lines(puzzle.title, puzzle.metadata)]
    out += [f"<color name={quoteattr(name)} char={quoteattr(character)}>{hex_colour(colour)[1:]}</color>"
            for name, character, colour in zip(names, characters, puzzle.palette)]
    for name, lines in (("columns", puzzle.columns), ("rows", puzzle.rows)):
        out.append(f"<clues type={quoteattr(name)}>")
        out += ["<line>" + "".join(f"<count>{length}</count>" if colour == 1 else  # the default colour
                                   f"<count color={quoteattr(names[colour])}>{length}</count>"
                                   for length, colour in line) + "</line>" for line in lines]
        out.append("</clues>")
    if puzzle.goal is not None:
        out += ['<solution type="goal">', "<image>"]
        out += ["|" + "".join(characters[cell] for cell in row) + "|" for row in puzzle.goal]
        out += ["</image>", "</solution>"]
    out.append("</puzzle>")
    return out


def format_webpbn_set(puzzles: list[NonPuzzle | ColourPuzzle]) -> str:
    """Puzzles as one webpbn ``<puzzleset>`` (ValueError for a two-colour one without a goal,
    which the XML is written from)."""
    out = [XML_HEAD, "<puzzleset>"]
    for number, puzzle in enumerate(puzzles, 1):
        if isinstance(puzzle, ColourPuzzle):
            out += _colour_lines(puzzle)
        elif puzzle.goal is None:
            raise ValueError(f"puzzle {number} has no goal picture to write")
        else:
            out += _drawing_lines(puzzle.goal, puzzle.title, puzzle.metadata)
    return "\n".join(out + ["</puzzleset>"]) + "\n"


def write_webpbn_set(path: str | os.PathLike, puzzles: list[NonPuzzle | ColourPuzzle]) -> None:
    """Write puzzles as a webpbn ``<puzzleset>``; a failed write leaves the previous file as it was."""
    write_text(path, format_webpbn_set(puzzles))


def write_colour_webpbn(path: str | os.PathLike, puzzle: ColourPuzzle) -> None:
    """Export a colour puzzle as webpbn XML; a failed write leaves the previous file as it was."""
    write_text(path, format_colour_webpbn(puzzle))
