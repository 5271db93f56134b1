"""The puzzle files the voxel plugin opens: its own ``.json`` and BurrTools' ``.xmpuzzle``
(for ``nonogram-editor solve PATH`` and the panel's Open…). No Qt.
"""
from __future__ import annotations

from nonogram_editor_builtins.voxel.model import Puzzle, load_puzzle

BURRTOOLS_SUFFIXES = (".xmpuzzle", ".xml")


def open_puzzle_file(path: str, problem: str | None = None) -> Puzzle:
    """A puzzle file of ours (.json) or BurrTools' (.xmpuzzle, one ``problem`` of it)."""
    if path.lower().endswith(BURRTOOLS_SUFFIXES):
        from nonogram_editor_builtins.voxel.burrtools import load_burrtools

        return load_burrtools(path, problem)
    if problem is not None:
        raise ValueError(f"{path}: --problem applies to BurrTools files (.xmpuzzle) only")
    return load_puzzle(path)


def puzzle_or_problems(path: str, problem: str | None = None) -> Puzzle | list[str]:
    """The puzzle in ``path``, or the names of its problems when a BurrTools file holds
    several and ``problem`` does not choose one."""
    if problem is None and path.lower().endswith(BURRTOOLS_SUFFIXES):
        from nonogram_editor_builtins.voxel.burrtools import problem_names

        names = problem_names(path)
        if len(names) > 1:
            return names
    return open_puzzle_file(path, problem)
