"""A voxel puzzle as an exact-cover problem: placements, symmetries, anchor (no Qt).

One column per target cell, one per piece, one row per placement (a piece in one
orientation at one position); :func:`build_cover` also picks the engine that searches it.

Counting up to symmetry without generating every solution: the target's symmetries
that map the piece set onto itself (a reflection qualifies when the pieces allow it,
e.g. Soma's mirror pair A/B) form a group G acting on placements. One *anchor* is
restricted to one placement per orbit, either a piece with one copy (orbits of its
placements under the symmetries that keep that piece) or a cell (orbits of the
placements covering it under the symmetries that fix that cell), whichever cuts more
rows; every class of solutions still meets the restricted search. A found solution
counts as a new class only if no symmetry maps it to a smaller solution of the
restricted search (``dlx._record``), and its class holds |G| / |stabiliser| solutions.
So a count gives both numbers without ever enumerating all of them.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from nonogram_editor_builtins.voxel import bitboard, dlx
from nonogram_editor_builtins.voxel.geometry import (
    ALL_SYMMETRIES,
    ROTATIONS,
    Matrix,
    Voxel,
    coloured_orientations,
    lowest,
    transform,
)
from nonogram_editor_builtins.voxel.model import HOLE, VARIABLE, Puzzle, PuzzleFileError

ENGINES = {"bitboard": bitboard.BitboardSearch, "dlx": dlx.DlxSearch}
_COLOUR_BITS = 20  # a variable voxel's code: its index in the target's box, then its colour in these bits


class Placement(NamedTuple):
    piece: int  # index into Puzzle.pieces
    cells: tuple[Voxel, ...]
    # where its BurrTools variable voxels lie (sorted; they may be outside the target's cells,
    # never outside its box): a piece whose symmetry lays them in two ways around the same
    # cells has a placement for each, as BurrTools has
    variable: tuple[Voxel, ...] = ()


Solution = tuple[Placement, ...]  # sorted by piece, then cells

@dataclass(frozen=True)
class Symmetry:
    matrix: Matrix
    cell_map: tuple[int, ...]  # target cell index -> image cell index
    piece_map: tuple[int, ...]  # piece -> the piece its image is


@dataclass
class Cover:
    """The exact-cover matrix of a puzzle, with its symmetry group and anchor."""

    puzzle: Puzzle
    cells: list[Voxel]  # target cells, index order (z, y, x)
    placement_piece: np.ndarray  # (P,) piece of each placement
    placement_cells: np.ndarray  # (P, largest piece) sorted cell indices, padded with len(cells)
    placement_variable: np.ndarray | None  # (P, most variable voxels) sorted codes (_COLOUR_BITS), -1 first; None: none
    symmetries: list[Symmetry]  # [0] is the identity
    perms: np.ndarray  # (len(symmetries), P) image of each placement
    allowed: np.ndarray  # uint8 per placement: kept by the anchor restriction
    anchor: str  # what was restricted, for reports
    anchor_column: int  # the matrix column branched on first (-1: none); cells first, then pieces
    engine: type = None  # the search engine's class: bitboard.BitboardSearch or dlx.DlxSearch
    tables: object = None  # the engine's tables, built once (a search copies those it changes)
    _ids: dict | None = None  # placement -> id, made when first needed

    @property
    def group_order(self) -> int:
        return len(self.symmetries)

    @property
    def rotations(self) -> int:
        """How many of the symmetries are rotations (they come first)."""
        return sum(s.matrix in ROTATIONS for s in self.symmetries)

    @property
    def piece_count(self) -> int:
        return self.puzzle.piece_count

    @property
    def copies(self) -> np.ndarray:
        """Per piece, the most copies a solution uses."""
        return np.array([p.copies for p in self.puzzle.pieces], dtype=np.int32)

    @property
    def slack(self) -> np.ndarray:
        """Per piece, how many of its copies may stay unused (0 unless it has a range)."""
        return np.array([p.copies - p.fewest for p in self.puzzle.pieces], dtype=np.int32)

    def placement(self, placement_id: int) -> Placement:
        cells = self.placement_cells[placement_id]
        variable = () if self.placement_variable is None else self.placement_variable[placement_id]
        size = self.puzzle.size
        return Placement(int(self.placement_piece[placement_id]),
                         tuple(sorted(self.cells[c] for c in cells if c < len(self.cells))),
                         tuple(sorted(tuple(int(i) for i in np.unravel_index(code >> _COLOUR_BITS, size))
                                      for code in variable if code >= 0)))

    def placement_id(self, placement: Placement) -> int:
        if self._ids is None:
            self._ids = {self.placement(i): i for i in range(len(self.placement_piece))}
        return self._ids[placement]

    def solution(self, placement_ids) -> Solution:
        """The placements (ids; -1 is padding), without those of the optional cells left empty."""
        placements = (self.placement(int(p)) for p in placement_ids if p >= 0)
        return tuple(sorted((q for q in placements if self.puzzle.pieces[q.piece].name != HOLE),
                            key=lambda q: (q.piece, q.cells, q.variable)))


@lru_cache(maxsize=16)
def build_cover(puzzle: Puzzle, engine: str | None = None, symmetric: bool = True) -> Cover:
    """The puzzle's placements, symmetries and search tables; ``engine`` None picks the fastest.

    ``symmetric=False`` skips the symmetry group (only the identity): enough, and quicker
    to build, for finding one solution. The cover's puzzle is ``puzzle.for_engine()``.
    """
    puzzle = puzzle.for_engine()
    cells = sorted(puzzle.target, key=lambda v: (v[2], v[1], v[0]))
    n_cells = len(cells)
    index = {v: i for i, v in enumerate(cells)}
    coords = np.array(cells, dtype=np.int64)
    size = coords.max(axis=0) + 1
    grid = np.full(tuple(size), n_cells, dtype=np.int32)  # cell index, n_cells outside the target
    grid[coords[:, 0], coords[:, 1], coords[:, 2]] = np.arange(n_cells, dtype=np.int32)
    shapes = [_oriented(puzzle, p) for p in puzzle.pieces]
    optional = np.array([v in set(puzzle.optional) for v in cells] + [False])  # per cell index, and padding
    fits, cell_colour = _colour_table(puzzle, cells)
    width = max(len(p.cells) for p in puzzle.pieces)
    most_variable = max(len(p.variable) for p in puzzle.pieces)
    pieces, rows, row_colours, row_variable = [], [], [], []
    for piece, (spec, orients) in enumerate(zip(puzzle.pieces, shapes)):
        found = 0
        for shape, colours, variable, variable_colours in orients:
            offsets = np.array(shape, dtype=np.int64) - np.array(shape[0], dtype=np.int64)
            spots = coords[:, None, :] + offsets[None, :, :]  # (targets, cells, 3)
            inside = ((spots >= 0) & (spots < size)).all(axis=(1, 2))
            if variable:  # where the orientation's (0, 0, 0) goes
                inside &= _variable_fits(coords - np.array(shape[0], dtype=np.int64), shape + variable,
                                         variable, variable_colours, size, grid, fits, cell_colour)
            spots = spots[inside]
            covered = grid[spots[..., 0], spots[..., 1], spots[..., 2]]
            covered = covered[(covered < n_cells).all(axis=1)]
            if fits is not None:  # colour constraints: each voxel's colour must fit its cell's
                covered = covered[fits[np.array(colours)[None, :], cell_colour[covered]].all(axis=1)]
            if spec.name == HOLE:  # it marks an optional cell left empty
                covered = covered[optional[covered].all(axis=1)]
            block = np.full((len(covered), width), n_cells, dtype=np.int32)
            order = np.argsort(covered, axis=1)
            block[:, : len(shape)] = np.take_along_axis(covered, order, axis=1)
            rows.append(block)
            block = np.zeros((len(covered), width), dtype=np.int32)  # the colour on each of those cells
            block[:, : len(shape)] = np.array(colours, dtype=np.int32)[order]
            row_colours.append(block)
            if most_variable:  # where the variable voxels lie, as sorted codes (padding -1 first)
                origin = coords[covered[:, 0]] - np.array(shape[0], dtype=np.int64)
                block = np.full((len(covered), most_variable), -1, dtype=np.int64)
                if variable:
                    at = origin[:, None, :] + np.array(variable, dtype=np.int64)[None, :, :]
                    codes = np.ravel_multi_index(tuple(np.moveaxis(at, 2, 0)), size) << _COLOUR_BITS
                    block[:, : len(variable)] = codes | np.array(variable_colours, dtype=np.int64)
                row_variable.append(np.sort(block, axis=1))
            pieces.append(np.full(len(covered), piece, dtype=np.int32))
            found += len(covered)
        if not found:
            raise PuzzleFileError(f"{puzzle.source or puzzle.id}: piece {spec.name!r} fits nowhere in the target")
    placement_cells = np.concatenate(rows)
    placement_piece = np.concatenate(pieces)
    # With colours, two placements may fill the same cells with different colours (a turned
    # piece whose colours are not symmetric): its colours tell them apart.
    placement_colours = np.concatenate(row_colours) if fits is not None else None
    placement_variable = np.concatenate(row_variable) if most_variable else None
    if symmetric:
        symmetries = _symmetries(puzzle, cells, index, cell_colour)
        perms = _placement_permutations(placement_piece, placement_cells, symmetries, placement_colours,
                                        placement_variable, tuple(size))
    else:
        symmetries = [Symmetry(ALL_SYMMETRIES[0], tuple(range(n_cells)), tuple(range(len(puzzle.pieces))))]
        perms = np.arange(len(placement_piece), dtype=np.int32)[None, :]
    allowed, anchor, anchor_column = _anchor(puzzle, cells, placement_piece, placement_cells, symmetries, perms)
    if engine is None:
        engine = "bitboard" if n_cells + len(puzzle.pieces) <= bitboard.MAX_BITS else "dlx"
    cover = Cover(puzzle, cells, placement_piece, placement_cells, placement_variable, symmetries, perms, allowed,
                  anchor, anchor_column, ENGINES[engine])
    cover.tables = cover.engine.tables(cover)
    return cover


def _oriented(puzzle: Puzzle, piece) -> list[tuple[tuple[Voxel, ...], tuple[int, ...], tuple[Voxel, ...], tuple]]:
    """The piece's orientations, each as its cells, their colours, its variable voxels and their
    colours, in one frame. Orientations differ in all its voxels and colours (BurrTools' shape
    orientations), so a piece whose symmetry lays its variable voxels in two ways around the same
    cells has both (see ``geometry.coloured_orientations``)."""
    oriented = []
    for voxels, marks in coloured_orientations(*piece.marked, puzzle.mirror):
        cells = [(v, c) for v, c in zip(voxels, marks) if c > VARIABLE]
        variable = [(v, VARIABLE - c) for v, c in zip(voxels, marks) if c <= VARIABLE]
        oriented.append(tuple(tuple(pair[i] for pair in part) for part in (cells, variable) for i in (0, 1)))
    return oriented


def _variable_fits(origin: np.ndarray, voxels, variable, colours, size, grid, fits, cell_colour) -> np.ndarray:
    """Per place (``origin``: where the orientation's (0, 0, 0) goes), whether a piece of these
    ``voxels`` (cells and ``variable`` voxels, whose colours are ``colours``) keeps its bounding
    box inside the target's, and, with colour constraints, the variable voxels' colours fit the
    cells' there (BurrTools checks the colour of every voxel of a piece's bounding box; an empty
    one, or a place outside the target, is neutral)."""
    low, high = lowest(voxels), tuple(max(v[i] for v in voxels) for i in range(3))
    fitting = ((origin + low >= 0) & (origin + high < size)).all(axis=1)
    if fits is not None and any(colours):
        at = np.flatnonzero(fitting)
        spots = origin[at][:, None, :] + np.array(variable, dtype=np.int64)[None, :, :]
        under = cell_colour[grid[spots[..., 0], spots[..., 1], spots[..., 2]]]
        fitting[at] = fits[np.array(colours)[None, :], under].all(axis=1)
    return fitting


def _colour_table(puzzle: Puzzle, cells) -> tuple[np.ndarray | None, np.ndarray]:
    """(which piece colour fits which cell colour, or None without colour constraints; each cell's
    colour by index, padding last)."""
    colour_of = dict(zip(puzzle.target, puzzle.target_colours))
    cell_colour = np.array([colour_of.get(v, 0) for v in cells] + [0], dtype=np.int64)
    if puzzle.colour_pairs is None:
        return None, cell_colour
    piece_colours = [c for p in puzzle.pieces for c in p.colours_of_cells + p.colours_of_variable]
    n = 1 + max([int(cell_colour.max())] + piece_colours)
    fits = np.array([[puzzle.colour_fits(a, b) for b in range(n)] for a in range(n)])
    return fits, cell_colour


def _symmetries(puzzle: Puzzle, cells, index, cell_colour) -> list[Symmetry]:
    """Isometries of the target (and its colours) that map every piece onto a piece with as
    many copies, one to one (two pieces of one shape, as BurrTools' parts can be, each onto
    itself); the identity first, then the other rotations, then the reflections."""
    shape_sets = [set(coloured_orientations(*piece.marked, puzzle.mirror)) for piece in puzzle.pieces]
    result = []
    for matrix in ALL_SYMMETRIES:
        image = [transform(matrix, v) for v in cells]
        low = lowest(image)
        image = [(v[0] - low[0], v[1] - low[1], v[2] - low[2]) for v in image]
        if any(v not in index for v in image) or {image[index[v]] for v in puzzle.optional} != set(puzzle.optional):
            continue
        if any(cell_colour[index[image[i]]] != cell_colour[i] for i in range(len(cells))):
            continue
        piece_map = []
        for p, piece in enumerate(puzzle.pieces):
            turned = coloured_orientations(*piece.marked, False, (matrix,))[0]
            match = [u for u, other in enumerate(puzzle.pieces) if turned in shape_sets[u] and u not in piece_map
                     and (other.copies, other.fewest, other.name == HOLE) == (piece.copies, piece.fewest,
                                                                              piece.name == HOLE)]
            if not match:
                break
            piece_map.append(p if p in match else match[0])
        else:
            result.append(Symmetry(matrix, tuple(index[v] for v in image), tuple(piece_map)))
    return result


def _row_keys(pieces: np.ndarray, cells: np.ndarray, colours: np.ndarray | None, variable: np.ndarray | None
              ) -> np.ndarray:
    """One comparable key per placement (its piece, sorted cells, their colours and its variable
    voxels' codes as raw bytes)."""
    table = np.column_stack([pieces, cells] + [b for b in (colours, variable) if b is not None])
    table = np.ascontiguousarray(table.astype(np.int32 if variable is None else np.int64))
    return table.view(np.dtype((np.void, table.shape[1] * table.itemsize))).ravel()


def _box_map(matrix: Matrix, size: tuple[int, int, int]) -> np.ndarray:
    """Each index in the target's box -> the index of its image under a symmetry of the target."""
    box = np.array(np.unravel_index(np.arange(int(np.prod(size))), size)).T
    image = box @ np.array(matrix, dtype=np.int64).T
    image -= image.min(axis=0)
    return np.ravel_multi_index(tuple(image.T), size)


def _placement_permutations(pieces: np.ndarray, cells: np.ndarray, symmetries, colours=None, variable=None,
                            size=None) -> np.ndarray:
    keys = _row_keys(pieces, cells, colours, variable)
    order = np.argsort(keys)
    sorted_keys = keys[order]
    n_cells = len(symmetries[0].cell_map)
    perms = np.empty((len(symmetries), len(pieces)), dtype=np.int32)
    for g, sym in enumerate(symmetries):
        cell_map = np.array(sym.cell_map + (n_cells,), dtype=np.int32)  # padding maps to itself
        piece_map = np.array(sym.piece_map, dtype=np.int32)
        moved = cell_map[cells]
        by_cell = np.argsort(moved, axis=1)
        moved_variable = None
        if variable is not None:  # each variable voxel's place moved, its colour kept; padding stays -1
            box = _box_map(sym.matrix, size)[np.maximum(variable, 0) >> _COLOUR_BITS]
            colour = variable & ((1 << _COLOUR_BITS) - 1)
            moved_variable = np.sort(np.where(variable < 0, -1, (box << _COLOUR_BITS) | colour), axis=1)
        image = _row_keys(piece_map[pieces], np.take_along_axis(moved, by_cell, axis=1),
                          None if colours is None else np.take_along_axis(colours, by_cell, axis=1), moved_variable)
        at = np.searchsorted(sorted_keys, image)
        if not (sorted_keys[np.minimum(at, len(keys) - 1)] == image).all():
            raise AssertionError("a symmetry maps a placement outside the placement set")
        perms[g] = order[at]
    return perms


def _anchor(puzzle, cells, placement_piece, placement_cells, symmetries, perms):
    """Restrict one piece or cell to one placement per orbit; see the module doc.

    Returns (allowed per placement, description, the anchor's matrix column or -1).
    """
    allowed = np.ones(len(placement_piece), dtype=np.uint8)
    n_cells = len(cells)
    if len(symmetries) == 1:
        return allowed, "none (no symmetry of the target respects the pieces)", -1
    piece_maps = np.array([s.piece_map for s in symmetries])
    cell_maps = np.array([s.cell_map for s in symmetries])
    options = []  # (representatives, -placements cut, description, column, candidates, representatives)
    for piece, spec in enumerate(puzzle.pieces):
        if spec.copies == spec.fewest == 1:  # in every solution
            group = np.flatnonzero(piece_maps[:, piece] == piece)
            candidates = np.flatnonzero(placement_piece == piece)
            reps = np.unique(perms[np.ix_(group, candidates)].min(axis=0))
            options.append((len(reps), len(reps) - len(candidates), f"piece {spec.name!r}", n_cells + piece,
                            candidates, reps))
    for c in range(n_cells):
        group = np.flatnonzero(cell_maps[:, c] == c)
        if len(group) > 1:
            candidates = np.flatnonzero((placement_cells == c).any(axis=1))
            reps = np.unique(perms[np.ix_(group, candidates)].min(axis=0))
            options.append((len(reps), len(reps) - len(candidates), f"cell {cells[c]}", c, candidates, reps))
    options = [o for o in options if o[1] < 0]  # it must cut something
    if not options:
        return allowed, "none", -1
    # The search branches on the anchor first: keep the smallest share of its placements,
    # then the fewest branches.
    _, _, description, column, candidates, reps = min(options, key=lambda o: (o[4].size and o[0] / len(o[4]), o[0]))
    allowed[candidates] = 0
    allowed[reps] = 1
    return allowed, f"{description}: {len(reps)} of {len(candidates)} placements", column
