"""The grades and solve paths of many puzzles, pinned: what the grader gave before it was
made faster (``tests/data/grades.json``, written by this module run as a script at commit
3f16f4f). Every step of every path must stay the same, not only the grade.

    .venv/bin/python -m tests.editor.nonogram.test_grade_pinned   # writes the file again
"""
import hashlib
import json
from enum import Enum
from pathlib import Path

import numpy as np

from nonogram_editor.nonogram.colour.verdict import check_colour_drawing
from nonogram_editor.nonogram.file_check import check_file
from nonogram_editor.nonogram.grade import grade_verdict, solve_path
from nonogram_editor.nonogram.verdict import check_drawing

DATA = Path(__file__).resolve().parents[2] / "data"
PINNED = DATA / "grades.json"
HARD = ("webpbn-00436-petroglyph.non", "webpbn-00803-light.non", "webpbn-06574-forever.non", "domino-7.non")


def _record(path) -> dict:
    plain = [tuple(value.value if isinstance(value, Enum) else value for value in step.__dict__.values())
             for step in path.steps]  # a step's kind and axis as the strings they were pinned as
    digest = hashlib.sha256(repr(plain).encode()).hexdigest()
    return json.loads(json.dumps({**path.to_json(), "solved": path.solved, "steps_sha256": digest[:16]}))


def _cases():
    """(name, a function giving its solve path or None): the test set's files with their
    goals, some hard ones, the colour files, random drawings (with the picture and from
    their bare clues) and random colour drawings."""
    files = sorted((DATA / "nonograms").glob("*.non")) + [DATA / "hard" / name for name in HARD] \
        + [file for file in sorted((DATA / "colour").glob("*.g")) if file.name != "alladin.g"]  # triangles: unread
    for file in files:
        yield f"{file.parent.name}/{file.name}", lambda file=file: grade_verdict(check_file(file)[0])
    rng = np.random.default_rng(36)
    for number in range(120):
        drawing = rng.random((int(rng.integers(4, 15)), int(rng.integers(4, 15)))) < rng.uniform(0.35, 0.7)
        verdict = check_drawing(drawing)
        yield f"random {number} bare", lambda verdict=verdict: solve_path(verdict.puzzle)
        yield f"random {number}", lambda verdict=verdict: grade_verdict(verdict)
    for number in range(30):
        colours = int(rng.integers(3, 5))
        drawing = rng.integers(0, colours, (int(rng.integers(4, 10)), int(rng.integers(4, 10))))
        yield f"colour random {number}", lambda drawing=drawing, colours=colours: grade_verdict(
            check_colour_drawing(drawing, colours))


def _paths() -> dict:
    return {name: (None if (path := solve()) is None else _record(path)) for name, solve in _cases()}


def test_every_path_and_grade_is_as_pinned():
    pinned = json.loads(PINNED.read_text())
    now = _paths()
    assert sum(record is not None and record["grade"] >= 4 for record in now.values()) > 20
    assert {name: record for name, record in now.items() if pinned.get(name) != record} == {}
    assert now.keys() == pinned.keys()


if __name__ == "__main__":
    PINNED.write_text(json.dumps(_paths(), indent=0, sort_keys=True) + "\n")
