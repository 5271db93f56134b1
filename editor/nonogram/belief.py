"""How likely each cell is filled: belief propagation between rows and columns (Qt-free).

A SAT solver that has to find a first solution of a big clue-only puzzle (Faase, 80x95)
spends its time on wrong guesses; told a likely value for every variable first, it
guesses mostly right. The estimates come from belief propagation: each row sends each
of its cells a message "how likely filled, judging by this row and what the columns
say", each column the same, for a few rounds. A line's message is exact: the
placements of its clue that fit what is known are counted forward and backward over
the line's automaton (:mod:`nonogram_editor.nonogram.automaton`), each placement
weighted by the crossing lines' messages about its cells. What comes back is the
*extrinsic* part (the line's own estimate with the crossing message divided out), and
each round moves a message only half way, so that the rounds settle.

:func:`line_marginals` is the exact step (lines of one length at once, numpy over
lines and automaton states); :func:`propagate` the rounds.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from nonogram_editor.infra.tasks import Task
from nonogram_editor.nonogram.automaton import clue_automata

ROUNDS = 20  # rounds of row and column messages
DAMPING = 0.5  # a message moves this far towards its new value per round
SURE = 1e-6  # messages stay within (SURE, 1 - SURE): no cell is ruled out by a guess
RESCALE = 8  # positions between rescalings of the forward and backward weights (each cell's weight is over SURE)


@lru_cache(maxsize=16)
def _line_automata(clues: tuple[tuple[int, ...], ...]):
    """:func:`nonogram_editor.nonogram.automaton.clue_automata` of ``clues`` (no zero blocks), for as many
    states as the longest needs: the same clues come back every round of :func:`propagate`."""
    states = max([1] + [sum(clue) + len(clue) for clue in clues])
    return clue_automata(clues, states)


@dataclass
class LineMarginals:
    """What the weighted placements of lines of one length say (arrays over lines first).

    ``filled[line, cell]``: the probability that the cell is filled; ``starts[line, block,
    position]``: that the block starts there (zero where no placement that fits what is
    known starts it). A line with no placement at all is all zero (``possible`` False)."""

    filled: np.ndarray
    possible: np.ndarray
    clues: tuple[tuple[int, ...], ...]
    filling: np.ndarray  # [line, position, state]: the weight of filling the cell from that state

    @cached_property
    def starts(self) -> np.ndarray:  # on first use: belief propagation's rounds never ask
        count, length, _ = self.filling.shape
        starts = np.zeros((count, max([1] + [len(clue) for clue in self.clues]), length))
        for line, clue in enumerate(self.clues):
            first = 0  # the state before each block's first cell
            for block, size in enumerate(clue):
                starts[line, block] = self.filling[line, :, first]
                first += size + 1
        return starts


def line_marginals(clues, filled: np.ndarray, empty: np.ndarray, weights: np.ndarray | None = None) -> LineMarginals:
    """The exact marginals of lines of one length: every placement of a line's clue that
    fits its known cells (``filled``/``empty``, bool arrays lines x cells), weighted by
    the product over its cells of ``weights`` (the probability of filled) for a filled
    cell and ``1 - weights`` for an empty one (uniform when None)."""
    clues = tuple(tuple(block for block in clue if block) for clue in clues)
    count, length = filled.shape
    fills, stays, steps, accept = _line_automata(clues)
    states = fills.shape[1]
    if weights is None:
        weights = np.full((count, length), 0.5)
    # arrays over [position, line, state]: each position's slice is one block of memory
    black = np.where(empty, 0.0, weights).T[:, :, None]  # the weight of a cell's filled value, zero where ruled out
    white = np.where(filled, 0.0, 1.0 - weights).T[:, :, None]
    lines = np.arange(count)
    staying = stays * white  # the weight of staying in the state, and of going on to the next one
    filling = fills * black
    moving = filling + steps * white

    forward = np.empty((length + 1, count, states))
    forward[0] = 0.0
    forward[0, :, 0] = 1.0
    scales = np.ones((length + 1, count))  # what forward[position] was divided by
    moved = np.empty((count, states - 1))
    for position in range(length):
        here, after = forward[position], forward[position + 1]
        np.multiply(here, staying[position], out=after)
        np.multiply(here[:, :-1], moving[position, :, :-1], out=moved)
        after[:, 1:] += moved
        if position % RESCALE == RESCALE - 1:  # scaled now and then: long lines do not underflow
            total = after.sum(axis=1)
            total[total == 0] = 1.0
            after /= total[:, None]
            scales[position + 1] = total
    backward = np.empty((length + 1, count, states))
    backward[length] = 0.0
    backward[length, lines, accept] = 1.0
    for position in range(length - 1, -1, -1):
        after, before = backward[position + 1], backward[position]
        np.multiply(staying[position], after, out=before)
        np.multiply(moving[position, :, :-1], after[:, 1:], out=moved)  # from state s + 1 after, at s
        before[:, :-1] += moved
        if position % RESCALE == 0:
            total = before.sum(axis=1)
            total[total == 0] = 1.0
            before /= total[:, None]

    # the weight of filling each cell from each state (forward before it, backward after it),
    # and of all placements: forward and backward after the cell, forward's scale undone
    # (the scales cancel per position)
    filling[:, :, :-1] *= backward[1:, :, 1:]
    filling[:, :, -1] = 0.0
    filling *= forward[:-1]
    total = np.einsum("pls,pls->pl", forward[1:], backward[1:]) * scales[1:]
    possible = forward[length, lines, accept] > 0
    possible &= (total > 0).all(axis=0)
    total[total == 0] = 1.0
    filling /= total[:, :, None]
    filling = filling.transpose(1, 0, 2)  # [line, position, state]
    filling[~possible] = 0.0

    return LineMarginals(filling.sum(axis=2), possible, clues, filling)


@dataclass
class Beliefs:
    """The messages to every cell, from its row and from its column (height x width), and
    what follows from them."""

    from_rows: np.ndarray
    from_columns: np.ndarray

    def filled(self) -> np.ndarray:
        """Each cell's probability of filled, the two messages taken as independent evidence."""
        yes = self.from_rows * self.from_columns
        no = (1 - self.from_rows) * (1 - self.from_columns)
        return yes / (yes + no)


def _extrinsic(posterior: np.ndarray, prior: np.ndarray) -> np.ndarray:
    """The line's own message: its posterior with the prior's odds divided out."""
    posterior = np.clip(posterior, 1e-9, 1 - 1e-9)
    yes, no = posterior * (1 - prior), (1 - posterior) * prior
    return np.clip(yes / (yes + no), SURE, 1 - SURE)


def propagate(row_clues, column_clues, filled: np.ndarray, empty: np.ndarray, rounds: int = ROUNDS,
              start: Beliefs | None = None, task: Task | None = None) -> Beliefs:
    """Belief propagation from the known cells (``filled``/``empty``, height x width bool),
    from the messages of ``start`` (a few more rounds after a change) or uniform ones.
    ``task``: checked for cancelling at every round."""
    height, width = filled.shape
    if start is None:
        from_rows, from_columns = np.full((height, width), 0.5), np.full((height, width), 0.5)
    else:
        from_rows, from_columns = start.from_rows, start.from_columns
    for _ in range(rounds):
        if task is not None:
            task.check_cancelled()
        rows = line_marginals(row_clues, filled, empty, from_columns)
        update = _extrinsic(rows.filled, from_columns)
        from_rows = np.where(rows.possible[:, None], (1 - DAMPING) * from_rows + DAMPING * update, from_rows)
        columns = line_marginals(column_clues, filled.T, empty.T, from_rows.T)
        update = _extrinsic(columns.filled, from_rows.T)
        from_columns = np.where(columns.possible[None, :],
                                (1 - DAMPING) * from_columns + DAMPING * update.T, from_columns)
    return Beliefs(from_rows, from_columns)
