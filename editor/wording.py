"""Counts in words for what the editor tells the user (Qt-free)."""
from __future__ import annotations


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 cell``, ``0 cells``, ``2 cells``; ``words`` for a plural that is not ``word + "s"``."""
    return f"{count} {word if count == 1 else (words or word + 's')}"
