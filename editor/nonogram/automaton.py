"""A line clue as an automaton over the line's cells, as bool arrays (Qt-free).

A clue ``(a1, ..., ak)`` is the regular language ``0* 1^a1 0+ 1^a2 ... 0+ 1^ak 0*``.
Its automaton has one state per character of ``1^a1 0 1^a2 0 ... 1^ak`` read so far
(state 0: nothing yet; the last state: the clue complete). The SAT encoding
(:mod:`nonogram_editor.nonogram.cnf`) and belief propagation (:mod:`nonogram_editor.nonogram.belief`) both
run it, over all the lines of one length at once.
"""
from __future__ import annotations

import numpy as np


def clue_automata(clues: list[list[int]], states: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each clue's automaton as rows of bool arrays over states 0..states-1: the states
    that go on to state + 1 on a filled cell (inside a block, or before one), those that
    stay on an empty cell (before the first block, in a gap, after the last) and those that
    go on to state + 1 on an empty cell (a block just ended); and each clue's last state."""
    fills, stays, steps = (np.zeros((len(clues), states), dtype=bool) for _ in range(3))
    accept = np.empty(len(clues), dtype=np.intp)
    for line, clue in enumerate(clues):
        pattern = []  # the characters to read: 1^a1 0 1^a2 ... 1^ak
        for index, block in enumerate(clue):
            pattern += [0] * bool(index) + [1] * block
        pattern = np.array(pattern, dtype=bool)
        last = len(pattern)
        fills[line, :last] = pattern
        stays[line, 1:last] = ~pattern[:-1]
        stays[line, [0, last]] = True
        steps[line, :last] = ~stays[line, :last] & ~pattern
        accept[line] = last
    return fills, stays, steps, accept
