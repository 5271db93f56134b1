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

from plugins.voxel import bitboard, dlx
from plugins.voxel.geometry import ALL_SYMMETRIES, ROTATIONS, Matrix, Voxel, coloured_orientations, lowest, transform
from plugins.voxel.model import HOLE, Puzzle, PuzzleFileError

ENGINES = {"bitboard": bitboard.BitboardSearch, "dlx": dlx.DlxSearch}


class Placement(NamedTuple):
    piece: int  # index into Puzzle.pieces
    cells: tuple[Voxel, ...]


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
        return Placement(int(self.placement_piece[placement_id]),
                         tuple(sorted(self.cells[c] for c in cells if c < len(self.cells))))

    def placement_id(self, placement: Placement) -> int:
        if self._ids is None:
            self._ids = {self.placement(i): i for i in range(len(self.placement_piece))}
        return self._ids[placement]

    def solution(self, placement_ids) -> Solution:
        """The placements (ids; -1 is padding), without those of the optional cells left empty."""
        placements = (self.placement(int(p)) for p in placement_ids if p >= 0)
        return tuple(sorted((q for q in placements if self.puzzle.pieces[q.piece].name != HOLE),
                            key=lambda q: (q.piece, q.cells)))


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
    pieces, rows, row_colours = [], [], []
    for piece, (spec, orients) in enumerate(zip(puzzle.pieces, shapes)):
        found = 0
        ways = _variable_ways(puzzle, spec) if spec.variable else None
        for shape, colours in orients:
            offsets = np.array(shape, dtype=np.int64) - np.array(shape[0], dtype=np.int64)
            spots = coords[:, None, :] + offsets[None, :, :]  # (targets, cells, 3)
            inside = ((spots >= 0) & (spots < size)).all(axis=(1, 2))
            if ways is not None:
                origin = coords - np.array(shape[0], dtype=np.int64)  # where the shape's (0, 0, 0) goes
                inside &= np.any([_variable_fits(origin, way, size, grid, fits, cell_colour)
                                  for way in ways[shape, colours]], axis=0)
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
            pieces.append(np.full(len(covered), piece, dtype=np.int32))
            found += len(covered)
        if not found:
            raise PuzzleFileError(f"{puzzle.source or puzzle.id}: piece {spec.name!r} fits nowhere in the target")
    placement_cells = np.concatenate(rows)
    placement_piece = np.concatenate(pieces)
    # With colours, two placements may fill the same cells with different colours (a turned
    # piece whose colours are not symmetric): its colours tell them apart.
    placement_colours = np.concatenate(row_colours) if fits is not None else None
    if symmetric:
        symmetries = _symmetries(puzzle, cells, index, cell_colour)
        perms = _placement_permutations(placement_piece, placement_cells, symmetries, placement_colours)
    else:
        symmetries = [Symmetry(ALL_SYMMETRIES[0], tuple(range(n_cells)), tuple(range(len(puzzle.pieces))))]
        perms = np.arange(len(placement_piece), dtype=np.int32)[None, :]
    allowed, anchor, anchor_column = _anchor(puzzle, cells, placement_piece, placement_cells, symmetries, perms)
    if engine is None:
        engine = "bitboard" if n_cells + len(puzzle.pieces) <= bitboard.MAX_BITS else "dlx"
    cover = Cover(puzzle, cells, placement_piece, placement_cells, symmetries, perms, allowed, anchor, anchor_column,
                  ENGINES[engine])
    cover.tables = cover.engine.tables(cover)
    return cover


def _oriented(puzzle: Puzzle, piece) -> list[tuple[tuple[Voxel, ...], tuple[int, ...]]]:
    """The piece's orientations, each with its voxels' colours (see ``geometry.coloured_orientations``)."""
    return coloured_orientations(piece.cells, piece.colours_of_cells, puzzle.mirror)


def _variable_ways(puzzle: Puzzle, piece) -> dict[tuple, set[tuple]]:
    """Per orientation of a piece with variable voxels (as :func:`_oriented` gives it), each way
    its variable voxels may lie around the same cells: (lowest and highest corner of its voxels,
    variable ones included; the variable voxels; their colours), in that orientation's frame."""
    ways: dict[tuple, set[tuple]] = {}
    for m in ALL_SYMMETRIES if puzzle.mirror else ROTATIONS:
        oriented = coloured_orientations(piece.cells, piece.colours_of_cells, False, (m,))[0]
        low = lowest([transform(m, v) for v in piece.cells])
        box = [tuple(c - l for c, l in zip(transform(m, v), low)) for v in piece.cells + piece.variable]
        ways.setdefault(oriented, set()).add((lowest(box), tuple(max(v[i] for v in box) for i in range(3)),
                                              tuple(box[len(piece.cells):]), piece.colours_of_variable))
    return ways


def _variable_fits(origin: np.ndarray, way: tuple, size, grid, fits, cell_colour) -> np.ndarray:
    """Per place (``origin``: where the orientation's (0, 0, 0) goes), whether a piece whose
    variable voxels lie as ``way`` says keeps its bounding box inside the target's, and, with
    colour constraints, their colours fit the cells' there (BurrTools checks the colour of every
    voxel of a piece's bounding box; an empty one, or a place outside the target, is neutral)."""
    low, high, voxels, colours = way
    fitting = ((origin + low >= 0) & (origin + high < size)).all(axis=1)
    if fits is not None and any(colours):
        at = np.flatnonzero(fitting)
        spots = origin[at][:, None, :] + np.array(voxels, dtype=np.int64)[None, :, :]
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


def _row_keys(pieces: np.ndarray, cells: np.ndarray, colours: np.ndarray | None) -> np.ndarray:
    """One comparable key per placement (its piece, sorted cells and their colours as raw bytes)."""
    table = np.column_stack([pieces, cells] + ([] if colours is None else [colours]))
    table = np.ascontiguousarray(table.astype(np.int32))
    return table.view(np.dtype((np.void, table.shape[1] * 4))).ravel()


def _placement_permutations(pieces: np.ndarray, cells: np.ndarray, symmetries, colours=None) -> np.ndarray:
    keys = _row_keys(pieces, cells, colours)
    order = np.argsort(keys)
    sorted_keys = keys[order]
    n_cells = len(symmetries[0].cell_map)
    perms = np.empty((len(symmetries), len(pieces)), dtype=np.int32)
    for g, sym in enumerate(symmetries):
        cell_map = np.array(sym.cell_map + (n_cells,), dtype=np.int32)  # padding maps to itself
        piece_map = np.array(sym.piece_map, dtype=np.int32)
        moved = cell_map[cells]
        by_cell = np.argsort(moved, axis=1)
        image = _row_keys(piece_map[pieces], np.take_along_axis(moved, by_cell, axis=1),
                          None if colours is None else np.take_along_axis(colours, by_cell, axis=1))
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
