"""What checking a pack's entry found (Qt-free; kept as JSON by ``nonogram_editor.pack.checks``)."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

UNDECIDED = "UNDECIDED"
UNIQUE = ("LINE", "BRANCH")


@dataclass
class Result:
    """``verdict``: a :class:`~nonogram_editor.nonogram.verdict.Kind` value; ``grade`` (1.0 to 5.9)
    of a unique puzzle when graded; ``detail``: what the verdict found, in words (none for LINE);
    ``solution``: of bare clues, the one the check found (rows of palette indices or 0/1);
    ``warnings``: the check's (a goal that does not fit its clues)."""

    verdict: str
    grade: float | None = None
    grade_words: str = ""
    graded: bool = False
    detail: str = ""
    seconds: float = 0.0
    solution: list[list[int]] | None = None
    warnings: list[str] = field(default_factory=list)
    cached: bool = field(default=False, compare=False)  # read from the cache, not checked now

    @property
    def unique(self) -> bool:
        return self.verdict in UNIQUE

    def to_json(self) -> dict:
        data = asdict(self)
        del data["cached"]
        return data

    @classmethod
    def from_json(cls, data: dict) -> Result:
        return cls(**{key: data[key] for key in cls.__dataclass_fields__ if key in data and key != "cached"})
