"""Colour levels and colour puzzle files for the commands (``check``, ``fix``), Qt-free.

A file is a colour puzzle when it is a level whose info (``NAME.about``) says ``kind
"colour"``, or a puzzle file (``.non``, webpbn ``.xml``, Olsak ``.g``) holding a colour
puzzle (:class:`nonogram_editor.level.colour.ColourPuzzle`). Such a file is checked with the colour
engine (:func:`nonogram_editor.nonogram.colour.check_colour`); everything else stays two-colour.

    puzzle = colour_puzzle_of_file(path)          # None: a two-colour level or puzzle
    verdict, warnings = check_colour_puzzle(puzzle, path, task)
    kind_json(puzzle)                             # {"kind": "colour", "palette": ["#ffffff", ...]}
"""
from __future__ import annotations

import os

from nonogram_editor.infra.tasks import Task
from nonogram_editor.level import load_level
from nonogram_editor.level.colour import (
    COLOUR,
    TWO_COLOUR,
    ColourPuzzle,
    colour_puzzle_of_level,
    hex_colour,
    level_kind,
)
from nonogram_editor.level.metadata import read_about
from nonogram_editor.level.puzzle_formats import Puzzle, checked_goal, is_puzzle_file, read_puzzle_file
from nonogram_editor.nonogram.verdict import Verdict


def colour_puzzle_of_file(path: str | os.PathLike, puzzle: Puzzle | None = None) -> ColourPuzzle | None:
    """The colour puzzle of a level or puzzle file (``puzzle``: one already read from it), or
    None when it is two-colour. A colour level's goal is its picture."""
    if puzzle is not None or is_puzzle_file(path):
        puzzle = puzzle if puzzle is not None else read_puzzle_file(path)
        return puzzle if isinstance(puzzle, ColourPuzzle) else None
    about = read_about(path)
    if level_kind(about) != COLOUR:
        return None
    return colour_puzzle_of_level(load_level(path), about)


def check_colour_puzzle(puzzle: ColourPuzzle, path: str | os.PathLike,
                        task: Task) -> tuple[Verdict, list[str]]:
    """The colour engine's verdict on ``puzzle`` (its goal is the drawing when it fits the
    clues; otherwise the clues alone are checked, with a warning naming ``path``)."""
    from nonogram_editor.nonogram.colour.verdict import check_colour  # here: a two-colour check never loads it

    goal, warnings = checked_goal(puzzle, path)
    return check_colour(puzzle.rows, puzzle.columns, len(puzzle.palette), goal=goal, task=task), warnings


def kind_json(puzzle: ColourPuzzle | None) -> dict:
    """The kind of a checked file for ``--json``: ``"two-colour"``, or ``"colour"`` with its
    palette (``#rrggbb``, entry 0 the background; a clue colour or solution digit N is entry N)."""
    if puzzle is None:
        return {"kind": TWO_COLOUR}
    return {"kind": COLOUR, "palette": [hex_colour(colour) for colour in puzzle.palette]}
