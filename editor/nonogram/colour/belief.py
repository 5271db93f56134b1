"""How likely each cell is each colour: belief propagation between rows and columns (Qt-free).

The colour form of :mod:`nonogram_editor.nonogram.belief`: each row sends each of its cells a
message "how likely each colour, judging by this row and what the columns say", each
column the same, for a few rounds. A line's message is exact: the placements of its clue
that fit what is known are counted forward and backward over the clue's automaton (the
one :mod:`nonogram_editor.nonogram.colour.cnf` encodes: its state is how much of the clue's
pattern has been read), each placement weighted by the crossing lines' messages about its
cells. What comes back is the extrinsic part (the crossing message divided out), and each
round moves a message half way, so that the rounds settle.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from nonogram_editor.infra.tasks import Task
from nonogram_editor.nonogram.belief import DAMPING, RESCALE, ROUNDS, SURE
from nonogram_editor.nonogram.colour.cnf import clue_pattern, transitions


@lru_cache(maxsize=16)
def _automata(clues: tuple, colours: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Lines' automata padded to as many states as the longest needs: ``colour[line, s]``
    the colour read going from state s to s + 1 (-1: none), ``rests[line, s]`` whether a
    background cell keeps state s, ``accept[line]`` the final state."""
    patterns = [clue_pattern(clue) for clue in clues]
    states = max(len(pattern) for pattern in patterns) + 1
    colour = np.full((len(clues), states), -1, dtype=np.int64)
    rests = np.zeros((len(clues), states), dtype=bool)
    for line, pattern in enumerate(patterns):
        colour[line, :len(pattern)] = pattern
        rests[line, :len(pattern) + 1] = [row[0] == state for state, row in enumerate(transitions(pattern, colours))]
    return colour, rests, np.array([len(pattern) for pattern in patterns])


def line_marginals(clues: tuple, allowed: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(marginals, possible) of lines of one length: ``marginals[line, cell, colour]`` the
    weighted share of the placements of the line's clue that give the cell that colour,
    among those that fit ``allowed`` (bool, lines x cells x colours); a placement weighs
    the product over its cells of ``weights`` (same shape) for the colour it gives each.
    ``possible[line]``: some placement fits (else the line's marginals are zero)."""
    count, length, colours = allowed.shape
    colour, rests, accept = _automata(clues, colours)
    states = colour.shape[1]
    lines = np.arange(count)
    weights = np.where(allowed, weights, 0.0)
    # per line, position and state: the weight of the cell's colour going on, and of staying on the background
    moving = np.take_along_axis(weights, np.maximum(colour, 0)[:, None, :].repeat(length, axis=1), axis=2)
    moving *= colour[:, None, :] >= 0
    staying = rests[:, None, :] * weights[:, :, :1]

    forward = np.zeros((count, length + 1, states))
    forward[:, 0, 0] = 1.0
    for position in range(length):
        here = forward[:, position]
        after = here * staying[:, position]
        after[:, 1:] += here[:, :-1] * moving[:, position, :-1]
        if position % RESCALE == RESCALE - 1:
            total = after.sum(axis=1, keepdims=True)
            after /= np.where(total > 0, total, 1.0)
        forward[:, position + 1] = after
    backward = np.zeros((count, length + 1, states))
    backward[lines, length, accept] = 1.0
    for position in range(length - 1, -1, -1):
        after = backward[:, position + 1]
        before = staying[:, position] * after
        before[:, :-1] += moving[:, position, :-1] * after[:, 1:]
        if position % RESCALE == 0:
            total = before.sum(axis=1, keepdims=True)
            before /= np.where(total > 0, total, 1.0)
        backward[:, position] = before

    here = forward[:, :-1]
    going = np.zeros_like(here)
    going[:, :, :-1] = here[:, :, :-1] * moving[:, :, :-1] * backward[:, 1:, 1:]
    marginals = np.zeros((count, length, colours))
    for c in range(colours):  # few colours: a sum per colour
        marginals[:, :, c] = (going * (colour[:, None, :] == c)).sum(axis=2)
    marginals[:, :, 0] += (here * staying * backward[:, 1:]).sum(axis=2)
    total = marginals.sum(axis=2, keepdims=True)
    possible = (forward[lines, length, accept] > 0) & (total[:, :, 0] > 0).all(axis=1)
    marginals /= np.where(total > 0, total, 1.0)
    marginals[~possible] = 0.0
    return marginals, possible


@dataclass
class ColourBeliefs:
    """The messages to every cell, from its row and from its column (height x width x colours)."""

    from_rows: np.ndarray
    from_columns: np.ndarray

    def likely(self) -> np.ndarray:
        """Each cell's probability of each colour, the two messages taken as independent evidence."""
        both = self.from_rows * self.from_columns
        return both / np.maximum(both.sum(axis=2, keepdims=True), 1e-300)


def _extrinsic(posterior: np.ndarray, prior: np.ndarray) -> np.ndarray:
    """The line's own message: its posterior with the prior divided out, normalised."""
    own = np.clip(posterior, 1e-9, 1.0) / prior
    own /= own.sum(axis=2, keepdims=True)
    return np.clip(own, SURE, 1.0)


def propagate(row_clues, column_clues, allowed: np.ndarray, rounds: int = ROUNDS,
              start: ColourBeliefs | None = None, task: Task | None = None) -> ColourBeliefs:
    """Belief propagation from what is known (``allowed``: height x width x colours bool, the
    colours each cell may still take), from the messages of ``start`` or uniform ones."""
    height, width, colours = allowed.shape
    if start is None:
        from_rows = np.full(allowed.shape, 1.0 / colours)
        from_columns = from_rows.copy()
    else:
        from_rows, from_columns = start.from_rows, start.from_columns
    row_clues, column_clues = tuple(row_clues), tuple(column_clues)
    for _ in range(rounds):
        if task is not None:
            task.check_cancelled()
        marginals, possible = line_marginals(row_clues, allowed, from_columns)
        update = _extrinsic(marginals, from_columns)
        from_rows = np.where(possible[:, None, None], (1 - DAMPING) * from_rows + DAMPING * update, from_rows)
        marginals, possible = line_marginals(column_clues, allowed.transpose(1, 0, 2),
                                             from_rows.transpose(1, 0, 2))
        update = _extrinsic(marginals, from_rows.transpose(1, 0, 2)).transpose(1, 0, 2)
        from_columns = np.where(possible[None, :, None], (1 - DAMPING) * from_columns + DAMPING * update,
                                from_columns)
    return ColourBeliefs(from_rows, from_columns)
