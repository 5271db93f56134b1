"""What the editor edits, without Qt: full-size backing buffers and a visible window.

The solution and picture live in buffers at least ``MAX_SIDE`` square; ``width`` and
``height`` choose the visible top-left window. Shrinking only hides cells, so growing
again brings back what was there (the seed's editor kept 20x20 buffers for this).
"""
from __future__ import annotations

from pathlib import Path

from nonogram_editor.infra.lazy import numpy as np
from nonogram_editor.level.model import WHITE, Level

MAX_SIDE = 128
DEFAULT_SIZE = 10
PALETTE_LIMIT = 64
Colour = tuple[int, int, int]
DEFAULT_PALETTE: list[Colour] = [
    (255, 255, 255), (0, 0, 0), (128, 128, 128), (220, 40, 40), (245, 140, 30), (250, 215, 50),
    (60, 170, 70), (40, 110, 220), (140, 70, 190), (130, 80, 40), (250, 170, 190), (110, 200, 235),
]


class LevelDocument:
    def __init__(self, width: int = DEFAULT_SIZE, height: int = DEFAULT_SIZE):
        self.solution = np.zeros((MAX_SIDE, MAX_SIDE), dtype=bool)
        self.picture = np.empty((MAX_SIDE, MAX_SIDE, 3), dtype=np.uint8)
        self.picture[:] = WHITE
        self.width, self.height = width, height
        self.cleared = False
        self.palette: list[Colour] = list(DEFAULT_PALETTE)
        self.path: Path | None = None
        self.about: dict[str, str] = {}  # title, by, copyright, catalogue (nonogram_editor.level.metadata)

    @classmethod
    def from_level(cls, level: Level, path: Path | None = None) -> LevelDocument:
        if level.width > MAX_SIDE or level.height > MAX_SIDE:
            raise ValueError(f"the level is {level.width}x{level.height}; the editor handles up to "
                             f"{MAX_SIDE}x{MAX_SIDE}")
        document = cls(level.width, level.height)
        document.solution[:level.height, :level.width] = level.solution
        document.picture[:level.height, :level.width] = level.picture
        document.cleared = level.cleared
        document.palette = palette_of(level.picture)
        document.path = path if path is not None else level.path
        return document

    @property
    def title(self) -> str:
        """The level info's title, else the file's name without its suffix ("" for a new level)."""
        return self.about.get("title") or (self.path.stem if self.path else "")

    def to_level(self) -> Level:
        """A copy of the visible level (safe to hand to another thread)."""
        return Level(self.visible_solution(), self.visible_picture(), self.cleared, self.path)

    def visible_solution(self) -> np.ndarray:
        return self.solution[:self.height, :self.width].copy()

    def visible_picture(self) -> np.ndarray:
        return self.picture[:self.height, :self.width].copy()

    def contains(self, row: int, column: int) -> bool:
        return 0 <= row < self.height and 0 <= column < self.width


def palette_of(picture: np.ndarray) -> list[Colour]:
    """The picture's distinct colours, most used first (at most ``PALETTE_LIMIT``)."""
    pixels = picture.reshape(-1, 3)
    colours, counts = np.unique(pixels, axis=0, return_counts=True)
    order = np.argsort(-counts, kind="stable")[:PALETTE_LIMIT]
    return [(int(colours[i][0]), int(colours[i][1]), int(colours[i][2])) for i in order]
