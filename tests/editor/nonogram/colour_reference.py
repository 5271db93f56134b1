"""Brute-force references for the colour engine's tests (independent of it: nothing here
uses nonogram_editor.nonogram.colour)."""
from __future__ import annotations

import functools
import itertools

import numpy as np


def colour_clue(line) -> tuple[tuple[int, int], ...]:
    """The clue of a line of colour indices: each maximal run of one non-background colour."""
    clue = []
    for colour, run in itertools.groupby(int(cell) for cell in line):
        if colour:
            clue.append((len(list(run)), colour))
    return tuple(clue)


def grid_clues(grid) -> tuple[list, list]:
    grid = np.asarray(grid)
    return [colour_clue(row) for row in grid], [colour_clue(column) for column in grid.T]


def all_lines(n: int, colours: int) -> np.ndarray:
    """Every line of ``n`` cells over ``colours`` colours, one per row."""
    return np.array(list(itertools.product(range(colours), repeat=n)), dtype=np.int8).reshape(-1, n)


@functools.cache
def lines_by_clue(n: int, colours: int) -> dict[tuple, np.ndarray]:
    """Every clue on ``n`` cells with the lines that have it."""
    lines = all_lines(n, colours)
    groups: dict[tuple, list[int]] = {}
    for index, line in enumerate(lines):
        groups.setdefault(colour_clue(line), []).append(index)
    return {clue: lines[indices] for clue, indices in groups.items()}


def masks_of(allowed: np.ndarray) -> tuple[int, ...]:
    """(colours, n) bool -> a bit mask per colour."""
    return tuple(int(sum(1 << i for i in np.nonzero(row)[0])) for row in allowed)


def brute_line(solutions: np.ndarray, allowed: np.ndarray):
    """The lines among ``solutions`` that ``allowed`` ((colours, n) bool) admits: (the
    colours they give each cell as a (colours, n) bool array, how many there are)."""
    n = solutions.shape[1]
    fit = allowed[solutions, np.arange(n)].all(axis=1)
    chosen = solutions[fit]
    can = np.zeros_like(allowed)
    for colour in range(allowed.shape[0]):
        can[colour] = (chosen == colour).any(axis=0)
    return can, len(chosen)


def all_solutions(rows, columns, colours: int, limit: int = 3) -> list[np.ndarray]:
    """Up to ``limit`` grids with these clues, by brute force over each row's lines (small grids)."""
    width = len(columns)
    by_clue = lines_by_clue(width, colours)
    choices = [by_clue.get(tuple(clue), np.zeros((0, width), dtype=np.int8)) for clue in rows]
    found = []
    for combo in itertools.product(*choices):
        grid = np.array(combo)
        if [colour_clue(column) for column in grid.T] == [tuple(c) for c in columns]:
            found.append(grid)
            if len(found) >= limit:
                break
    return found


def other_solution_by_block_starts(rows, columns, colours: int, picture) -> np.ndarray | None:
    """A grid with these clues other than ``picture`` (any, if None), or None: an
    independent SAT model (block start positions, not the engine's automata), solved with pysat."""
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    height, width = len(rows), len(columns)
    pool = IDPool()

    def cell(r, c, colour):  # cell (r, c) has this colour (1..colours-1); background: none of them
        return pool.id(("cell", r, c, colour))

    clauses = []
    for r in range(height):
        for c in range(width):
            for a in range(1, colours):
                for b in range(a + 1, colours):
                    clauses.append([-cell(r, c, a), -cell(r, c, b)])
    lines = [(("row", r), clue, [(r, c) for c in range(width)]) for r, clue in enumerate(rows)]
    lines += [(("column", c), clue, [(r, c) for r in range(height)]) for c, clue in enumerate(columns)]
    for name, clue, cells in lines:
        n = len(cells)
        starts = []
        for j, (length, _) in enumerate(clue):
            options = [pool.id((name, j, s)) for s in range(n - length + 1)]
            if not options:
                return None
            starts.append(options)
            clauses.append(options)
            clauses.extend([-a, -b] for i, a in enumerate(options) for b in options[i + 1:])
        for j in range(len(clue) - 1):
            length, colour = clue[j]
            gap = 1 if clue[j + 1][1] == colour else 0
            for s, variable in enumerate(starts[j]):
                later = [v for t, v in enumerate(starts[j + 1]) if t >= s + length + gap]
                clauses.append([-variable] + later)
        for x, (r, c) in enumerate(cells):
            for colour in range(1, colours):
                covering = [variable for j, (length, block_colour) in enumerate(clue) if block_colour == colour
                            for s, variable in enumerate(starts[j]) if s <= x < s + length]
                clauses.append([-cell(r, c, colour)] + covering)
                clauses.extend([-variable, cell(r, c, colour)] for variable in covering)
    differs = []
    picture = None if picture is None else np.asarray(picture)
    for r in range(height if picture is not None else 0):
        for c in range(width):
            d = pool.id(("differs", r, c))
            differs.append(d)
            wanted = int(picture[r, c])
            if wanted:
                clauses.append([-d, -cell(r, c, wanted)])
            else:
                clauses.append([-d] + [cell(r, c, colour) for colour in range(1, colours)])
    if picture is not None:
        clauses.append(differs)
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        if not solver.solve():
            return None
        true = set(literal for literal in solver.get_model() if literal > 0)
    grid = np.zeros((height, width), dtype=np.int64)
    for r in range(height):
        for c in range(width):
            for colour in range(1, colours):
                if cell(r, c, colour) in true:
                    grid[r, c] = colour
    return grid


def read_g(path) -> tuple[list, list, int]:
    """Rows, columns and the number of colours of an Olsak ``.g`` colour file (enough of the
    format for the puzzles in tests/data/colour: colour declarations after ``#d``, ``0`` the
    background, ``1`` the default colour of numbers without a suffix; then the row clues and
    the column clues, each after a line starting with ``:``)."""
    lines = open(path, encoding="utf-8").read().splitlines()
    index = 0
    codes = {}  # a colour's character in clues -> its index
    while not lines[index].startswith(":"):
        if lines[index][:2].lower() == "#d":
            index += 1
            while not lines[index].startswith(":"):
                code = lines[index].strip()[0]
                if code != "0":
                    codes[code] = len(codes) + 1
                index += 1
            break
        index += 1
    if not codes:
        codes["1"] = 1
    sections: list[list] = [[], []]
    for section in sections:
        index += 1
        while index < len(lines) and not lines[index].startswith(":"):
            clue = []
            for token in lines[index].replace(",", " ").split():
                digits = token.rstrip("".join(code for code in codes if not code.isdigit()))
                suffix = token[len(digits):]
                clue.append((int(digits), codes[suffix] if suffix else codes["1"]))
            section.append(tuple(clue))
            index += 1
    return sections[0], sections[1], len(codes) + 1
