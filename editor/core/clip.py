"""A copied block of a level (Qt-free), and its text forms for the clipboard.

The plain text form is rows of ``#`` (filled) and ``.`` (empty), what people paste into
forums and other nonogram tools; reading it also accepts ``X``/``x``/``1``/``█`` for filled
and ``-``/``0``/space for empty. :meth:`Clip.to_json` carries the picture too, so a block
copied in one open level pastes with its colours into another.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np

from nonogram_editor.level.document import MAX_SIDE

FILLED_CHARS, EMPTY_CHARS = "#Xx1█", ".-0 _"
MIME_TYPE = "application/x-nonogram-editor-block"


class ClipError(ValueError):
    """Text that is not a block of ``#``/``.`` rows, with the reason."""


@dataclass
class Clip:
    solution: np.ndarray  # bool (h, w)
    picture: np.ndarray  # uint8 (h, w, 3)

    @property
    def shape(self) -> tuple[int, int]:
        return self.solution.shape

    def to_text(self) -> str:
        return "".join("".join("#" if v else "." for v in row) + "\n" for row in self.solution)

    @classmethod
    def from_text(cls, text: str) -> Clip:
        lines = [line.rstrip("\r") for line in text.strip("\n").split("\n")]
        lines = [line.rstrip() for line in lines]
        width = max((len(line) for line in lines), default=0)
        if not width:
            raise ClipError("the clipboard holds no rows of # and .")
        if width > MAX_SIDE or len(lines) > MAX_SIDE:
            raise ClipError(f"the block is {width}x{len(lines)}; a level is at most {MAX_SIDE}x{MAX_SIDE}")
        solution = np.zeros((len(lines), width), dtype=bool)
        for row, line in enumerate(lines):
            for column, char in enumerate(line):
                if char in FILLED_CHARS:
                    solution[row, column] = True
                elif char not in EMPTY_CHARS:
                    raise ClipError(f"row {row + 1}, column {column + 1}: {char!r} is neither # nor .")
        picture = np.where(solution[:, :, None], np.uint8(0), np.uint8(255)).repeat(3, axis=2)
        return cls(solution, picture)

    def to_json(self) -> str:
        colours = [["{:02x}{:02x}{:02x}".format(*pixel) for pixel in row] for row in self.picture.tolist()]
        return json.dumps({"rows": self.to_text().split(), "picture": colours})

    @classmethod
    def from_json(cls, text: str) -> Clip:
        try:
            data = json.loads(text)
            clip = cls.from_text("\n".join(data["rows"]))
            picture = np.array([[[int(c[i:i + 2], 16) for i in (0, 2, 4)] for c in row] for row in data["picture"]],
                               dtype=np.uint8)
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            raise ClipError(f"the copied block is damaged ({exc})") from None
        if picture.shape != (*clip.shape, 3):
            raise ClipError("the copied block's picture does not match its rows")
        return cls(clip.solution, picture)
