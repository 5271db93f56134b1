"""Colour nonograms as SAT: each line's clue as an automaton over colours (Qt-free).

A colour clue reads as the pattern of its blocks' colours, with one background cell
between blocks of the same colour: ``(2, a), (1, a), (1, b)`` is ``a a 0 a b``. The
automaton's state is how much of the pattern has been read. A cell of the pattern's next
colour goes on to the next state; a background cell may also come before the first block,
after the last, after a block ended (where the next block has another colour) or after a
mandatory gap; anything else breaks the clue. The automaton is deterministic.

Variables: one per cell and colour ("the cell has this colour", exactly one per cell) and,
per line, one per position and state that lies on an accepting run given what is known
(positions with a single such state need none). Clauses: a state and a cell's colour lead
to the next state (or break the clue), every state reached has a predecessor, every
cell's colour has a state that takes it. Cells line logic ruled colours out of are unit
clauses.

:func:`clue_pattern` and :func:`transitions` are the automaton (belief propagation,
:mod:`nonogram_editor.nonogram.colour.belief`, runs over it too); :func:`encode` the CNF.
"""
from __future__ import annotations


def clue_pattern(clue) -> list[int]:
    """The colours a clue reads as, a background cell (0) between blocks of the same colour."""
    pattern = []
    previous = 0
    for length, colour in clue:
        if colour == previous:
            pattern.append(0)
        pattern += [colour] * length
        previous = colour
    return pattern


def transitions(pattern: list[int], colours: int) -> list[list[int | None]]:
    """``next[s][x]``: the state after reading colour x in state s, None where it breaks the clue."""
    last = len(pattern)
    table = []
    for state in range(last + 1):
        rests = state in (0, last) or pattern[state - 1] == 0 or pattern[state] != pattern[state - 1]
        row: list[int | None] = []
        for colour in range(colours):
            if state < last and pattern[state] == colour:
                row.append(state + 1)
            elif colour == 0 and rests:
                row.append(state)
            else:
                row.append(None)
        table.append(row)
    return table


class _Cnf:
    def __init__(self, height: int, width: int, colours: int):
        self.height, self.width, self.colours = height, width, colours
        self.clauses: list[list[int]] = []
        self.last = height * width * colours

    def cell(self, row: int, column: int, colour: int) -> int:
        return (row * self.width + column) * self.colours + colour + 1

    def fresh(self) -> int:
        self.last += 1
        return self.last


def encode(row_clues, column_clues, colours: int, known_rows=None) -> tuple[list[list[int]], int] | None:
    """The CNF of a colour puzzle: (clauses, number of variables), or None when a line has no
    placement. Cell (row, column) has colour c iff variable ``(row * width + column) *
    colours + c + 1`` is true. ``known_rows``: per row a mask per colour of the cells that
    may still take it (a :class:`~nonogram_editor.nonogram.colour.puzzle.ColourBoard`'s rows)."""
    height, width = len(row_clues), len(column_clues)
    cnf = _Cnf(height, width, colours)
    full = (1 << width) - 1
    known_rows = known_rows or [(full,) * colours] * height
    allowed = [[[c for c in range(colours) if known_rows[r][c] >> col & 1] for col in range(width)]
               for r in range(height)]
    for row in range(height):
        for column in range(width):
            ok = allowed[row][column]
            if not ok:
                return None
            cells = [cnf.cell(row, column, c) for c in ok]
            cnf.clauses.append(cells)
            cnf.clauses.extend([-cnf.cell(row, column, c)] for c in range(colours) if c not in ok)
            cnf.clauses.extend([-a, -b] for i, a in enumerate(cells) for b in cells[i + 1:])
    for row, clue in enumerate(row_clues):
        if not _line(cnf, clue, [(row, column) for column in range(width)], allowed):
            return None
    for column, clue in enumerate(column_clues):
        if not _line(cnf, clue, [(row, column) for row in range(height)], allowed):
            return None
    return cnf.clauses, cnf.last


def _line(cnf: _Cnf, clue, cells: list[tuple[int, int]], allowed) -> bool:
    """Add one line's automaton; False when no run of it is accepted."""
    pattern = clue_pattern(clue)
    last = len(pattern)
    step = transitions(pattern, cnf.colours)
    n = len(cells)
    options = [allowed[row][column] for row, column in cells]
    reach = [set() for _ in range(n + 1)]
    reach[0].add(0)
    for i in range(n):
        for state in reach[i]:
            for colour in options[i]:
                target = step[state][colour]
                if target is not None:
                    reach[i + 1].add(target)
    if last not in reach[n]:
        return False
    live = [set() for _ in range(n + 1)]
    live[n] = {last}
    for i in range(n - 1, -1, -1):
        live[i] = {state for state in reach[i]
                   if any(step[state][colour] in live[i + 1] for colour in options[i])}
    # a variable per live state, or True where a position has one live state
    var = [{state: (True if len(states) == 1 else cnf.fresh()) for state in states} for states in live]
    clauses = cnf.clauses
    for i, (row, column) in enumerate(cells):
        here, after = var[i], var[i + 1]
        predecessors: dict[int, list] = {state: [] for state in after}
        supports: dict[int, list] = {colour: [] for colour in options[i]}
        for state, literal in here.items():
            for colour in options[i]:
                cell = cnf.cell(row, column, colour)
                target = step[state][colour]
                head = [] if literal is True else [-literal]
                if target is None or target not in after:
                    clauses.append(head + [-cell])
                    continue
                predecessors[target].append(literal)
                supports[colour].append(literal)
                if after[target] is not True:
                    clauses.append(head + [-cell, after[target]])
        for state, literal in after.items():
            if literal is not True and True not in predecessors[state]:
                clauses.append([-literal] + sorted(set(predecessors[state])))
        for colour, states in supports.items():
            if True not in states:
                clauses.append([-cnf.cell(row, column, colour)] + sorted(set(states)))
    return True


def grid_of(model, height: int, width: int, colours: int) -> list[list[int]]:
    """The grid (colour indices, row lists) a model gives."""
    true = {literal for literal in model if 0 < literal <= height * width * colours}
    return [[next((c for c in range(colours) if (r * width + col) * colours + c + 1 in true), 0)
             for col in range(width)] for r in range(height)]
