"""A web page that plays a pack of puzzles: one self-contained HTML file (Qt-free).

    write_html_pack("autumn.html", puzzles, title="Autumn")
    puzzle, picture = level_puzzle(level, about)        # a level: its puzzle and its reward picture
    write_html_pack("autumn.html", [puzzle], title="Autumn", pictures=[picture])

The page needs no server, network or other file: the player (``data/player.js``,
``data/player.css``) is inlined and the puzzles are embedded as JSON. It lists the puzzles in
the order given; a puzzle is won when every line fits its clue (any solution of the clues
wins), and then shows its picture: the one given in ``pictures`` (a two-colour level's reward),
else the player's own grid in the puzzle's colours. Progress stays in the browser
(localStorage), keyed by each puzzle's clues, so a pack exported again keeps it.
"""
from __future__ import annotations

import hashlib
import html
import json
import os
from collections.abc import Sequence
from typing import Any

import numpy as np

from nonogram_editor.infra.paths import package_data
from nonogram_editor.infra.safe_write import write_file_named
from nonogram_editor.level.clues import clues as clues_of_grid
from nonogram_editor.level.colour import COLOUR, colour_puzzle_of_level, hex_colour, level_kind
from nonogram_editor.level.model import Level
from nonogram_editor.level.non_format import NonPuzzle
from nonogram_editor.level.puzzle_formats import Puzzle

TWO_COLOUR_PALETTE = ("#ffffff", "#000000")
DEFAULT_TITLE = "Nonograms"

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Nonogram Editor">
<title>{title}</title>
<style>
{css}</style>
</head>
<body>
<nav>
<h1 id="pack-title">{title}</h1>
<p id="progress"></p>
<ol id="puzzle-list"></ol>
</nav>
<main>
<h2 id="puzzle-title"></h2>
<div id="toolbar">
<div id="palette"></div>
<button type="button" id="undo" title="Ctrl+Z">Undo</button>
<button type="button" id="check">Check</button>
<button type="button" id="restart">Start again</button>
</div>
<div id="status" role="status"></div>
<table id="board"></table>
<div id="win"><button type="button" id="next">Next puzzle</button></div>
</main>
<script type="application/json" id="pack-data">{data}</script>
<script>
{javascript}</script>
</body>
</html>
"""


def level_puzzle(level: Level, about: dict[str, str]) -> tuple[Puzzle, np.ndarray | None]:
    """A level as a pack's puzzle and the picture its player wins: a colour level is its colour
    puzzle (the player's grid is the picture); a two-colour level its solution's clues and,
    as the reward, its picture."""
    if level_kind(about) == COLOUR:
        return colour_puzzle_of_level(level, about), None
    rows, columns = clues_of_grid(level.solution)
    return NonPuzzle(level.width, level.height, rows, columns, level.solution, about.get("title", "")), level.picture


def pack_data(puzzles: Sequence[Puzzle], title: str = "",
              pictures: Sequence[np.ndarray | None] | None = None) -> dict[str, Any]:
    """The pack as the player reads it (the JSON the page embeds). ValueError when there are no
    puzzles, or ``pictures`` does not match them (its length, or a picture's size)."""
    if not puzzles:
        raise ValueError("a pack needs at least one puzzle")
    pictures = list(pictures) if pictures is not None else [None] * len(puzzles)
    if len(pictures) != len(puzzles):
        raise ValueError(f"{len(pictures)} pictures for {len(puzzles)} puzzles")
    entries = [_puzzle_data(puzzle, picture, number) for number, (puzzle, picture)
               in enumerate(zip(puzzles, pictures), start=1)]
    title = title or DEFAULT_TITLE
    identity = hashlib.sha1(json.dumps([title] + [entry["id"] for entry in entries]).encode()).hexdigest()[:16]
    return {"title": title, "id": identity, "puzzles": entries}


def _puzzle_data(puzzle: Puzzle, picture: np.ndarray | None, number: int) -> dict[str, Any]:
    if isinstance(puzzle, NonPuzzle):
        rows = [[[length, 1] for length in clue] for clue in puzzle.row_clues]
        columns = [[[length, 1] for length in clue] for clue in puzzle.column_clues]
        palette, colour = list(TWO_COLOUR_PALETTE), False
    else:
        rows = [[list(block) for block in clue] for clue in puzzle.rows]
        columns = [[list(block) for block in clue] for clue in puzzle.columns]
        palette, colour = [hex_colour(rgb) for rgb in puzzle.palette], True
    title = puzzle.title or f"Puzzle {number}"
    shown = None
    if picture is not None:
        picture = np.asarray(picture, dtype=np.uint8)
        if picture.shape != (puzzle.height, puzzle.width, 3):
            raise ValueError(f"puzzle {number} ({title}): its picture is {picture.shape[1]}x{picture.shape[0]}, "
                             f"the puzzle {puzzle.width}x{puzzle.height}")
        colours, cells = np.unique(picture.reshape(-1, 3), axis=0, return_inverse=True)
        shown = {"colours": [hex_colour((int(r), int(g), int(b))) for r, g, b in colours],
                 "cells": cells.reshape(-1).tolist()}
    identity = hashlib.sha1(json.dumps([rows, columns, palette]).encode()).hexdigest()[:16]
    return {"id": identity, "title": title, "width": puzzle.width, "height": puzzle.height, "colour": colour,
            "palette": palette, "rows": rows, "columns": columns, "picture": shown}


def _asset(name: str) -> str:
    text = package_data("nonogram_editor.publish", name).read_text(encoding="utf-8")
    closing = "</script" if name.endswith(".js") else "</style"
    assert closing not in text.lower(), f"{name} would end its own inline element"
    return text


def html_page(puzzles: Sequence[Puzzle], title: str = "", pictures: Sequence[np.ndarray | None] | None = None) -> str:
    """The page's text (see :func:`write_html_pack`)."""
    data = pack_data(puzzles, title, pictures)
    # JSON inside <script>: no "<", ">" or "&" of a title can end the element or start markup
    embedded = (json.dumps(data, ensure_ascii=False, separators=(",", ":"))
                .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))
    return PAGE.format(title=html.escape(data["title"]), css=_asset("player.css"), data=embedded,
                       javascript=_asset("player.js"))


def write_html_pack(path: str | os.PathLike, puzzles: Sequence[Puzzle], title: str = "",
                    pictures: Sequence[np.ndarray | None] | None = None) -> None:
    """Write the web page that plays ``puzzles`` in this order (``title`` heads it; ``pictures``,
    one per puzzle or None, are shown when each is solved), replacing the file as a whole
    (``nonogram_editor.infra.safe_write``). OSError naming the file when it cannot be written."""
    write_file_named(path, html_page(puzzles, title, pictures).encode("utf-8"))
