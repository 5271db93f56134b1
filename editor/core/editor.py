"""The editor core (the "mid end"): the open level, its undo history, the tools, load and save.

No Qt here. A view sends input (``press``/``drag_to``/``release`` in cell coordinates,
menu commands, keys) and draws what the core holds; it learns what to redraw from the
observers it registered with :meth:`Editor.add_observer`, which are called with the set
of aspects that changed (:class:`~nonogram_editor.core.kinds.Aspect`: a different level, its size,
solution, picture, palette, cleared flag, history, the selection, the cursor, the symmetry
mode, the level info). Layers and tools are named by :class:`~nonogram_editor.core.kinds.Layer` and
:class:`~nonogram_editor.core.kinds.Tool`.

Every edit is one undo step (:mod:`nonogram_editor.core.history`); a stroke shows live while the
pointer moves and becomes one step when released. The selection, the cell cursor and
the symmetry mode are not part of the level, so undo does not restore them.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import numpy as np

from nonogram_editor.core.clip import Clip
from nonogram_editor.core.colours import colour_name
from nonogram_editor.core.history import UNDO_LIMIT, History, Snapshot, difference
from nonogram_editor.core.kinds import Aspect, Layer, Tool
from nonogram_editor.core.shapes import Cell, bresenham, cells_mask, constrain, flood_mask, rectangle_mask
from nonogram_editor.nonogram.symmetry import SYMMETRIES, Symmetry, symmetric
from nonogram_editor.level.colour import COLOUR, TWO_COLOUR, colour_solution, convert_level, level_background, level_kind, with_kind
from nonogram_editor.level.document import MAX_SIDE, Colour, LevelDocument
from nonogram_editor.level.metadata import about_of_non, format_about, non_metadata, read_about
from nonogram_editor.level.model import WHITE, Level, load_level, save_level
from nonogram_editor.infra.tasks import Task

if TYPE_CHECKING:
    from nonogram_editor.nonogram.clue_solve import ClueReport

LAYERS = tuple(Layer)
TOOLS = tuple(Tool)
TRANSFORMS = ("mirror left-right", "mirror top-bottom", "rotate 90", "invert",
              "shift up", "shift down", "shift left", "shift right")
SHIFTS = {"shift up": (-1, 0), "shift down": (1, 0), "shift left": (0, -1), "shift right": (0, 1)}
ALL_ASPECTS = frozenset(Aspect)
Observer = Callable[[set[Aspect]], None]


@dataclass(frozen=True)
class Rect:
    """Cells ``top..bottom`` x ``left..right``, inclusive."""

    top: int
    left: int
    bottom: int
    right: int

    @classmethod
    def spanning(cls, a: Cell, b: Cell) -> "Rect":
        return cls(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))

    @property
    def slices(self) -> tuple[slice, slice]:
        return slice(self.top, self.bottom + 1), slice(self.left, self.right + 1)

    def contains(self, cell: Cell) -> bool:
        return self.top <= cell[0] <= self.bottom and self.left <= cell[1] <= self.right

    def moved(self, rows: int, columns: int) -> "Rect":
        return Rect(self.top + rows, self.left + columns, self.bottom + rows, self.right + columns)


@dataclass
class _Stroke:
    layer: Layer
    tool: Tool
    value: object
    anchor: Cell
    last: Cell
    before: Snapshot
    moving: Rect | None = None  # the selection being dragged (select tool pressed inside it)


def describe_failure(error: BaseException, path: Path | None = None) -> str:
    """A file operation's failure as the user reads it, naming the file (a LevelError already does)."""
    text = str(error)
    if path is not None and str(path) not in text:
        text = f"{path}: {text}"
    if isinstance(error, ImportError):
        text = f"{path}: this feature is not available in this installation ({error})"
    return text


def level_from_non(puzzle, path: Path) -> Level:
    """The level of an imported .non puzzle (its goal picture; filled cells black)."""
    if puzzle.goal is None:
        raise ValueError(f"{path}: the puzzle has clues but no goal picture, so there is no solution grid to edit")
    solution = np.asarray(puzzle.goal, dtype=bool)
    picture = np.where(solution[:, :, None], np.uint8(0), np.uint8(255)).repeat(3, axis=2)
    return Level(solution, picture, path=Path(path).with_suffix(".level"))


CLUE_SOLVE_SECONDS = 60  # solving an imported puzzle's clues gives up (UNDECIDED) after this


@dataclass
class ImportedPuzzle:
    """A ``.non`` puzzle made ready to edit. ``level`` holds its goal picture or, when it has
    no goal that fits its clues, the solution the clues give (the first of two for MULT);
    it is None when the clues have no solution (or none was found in time). ``report``
    says what solving the clues found (None: the goal fits and decides). ``choices`` names
    the puzzles of a file holding several when :func:`read_puzzle` was asked to let the user
    choose (``level`` is None then)."""

    level: Level | None
    about: dict[str, str]
    report: ClueReport | None = None
    choices: list[str] = field(default_factory=list)  # the file's puzzles, when it holds several and none was chosen


class UnsolvableClues(ValueError):
    """An imported puzzle whose clues give no level to edit; ``report`` says why (the lines)."""

    def __init__(self, path, report: ClueReport):
        super().__init__(f"{path}: {report.verdict.kind}: {report.describe()}")
        self.report = report


def read_puzzle(path: str | os.PathLike, task: Task | None = None, index: int | None = 0,
                puzzles: list | None = None) -> ImportedPuzzle:
    """Read a puzzle file (``.non``, ``.nonpack``, ``.xml``, ``.g``, ``.nin``) and, without a goal
    that fits its clues, solve the clues (:func:`nonogram_editor.nonogram.clue_solve.solve_clues`, within
    ``task``; by default within ``CLUE_SOLVE_SECONDS``). ``index``: which puzzle of a file
    holding several, from 0; None: when it holds several, none is read and ``choices`` names
    them. ``puzzles``: the file's, already read (e.g. from standard input). A colour puzzle
    with a goal that fits opens as a colour level; one without is solved from its colour
    clues. LevelError names the file and the fault when it cannot be read."""
    from nonogram_editor.level.colour import ColourPuzzle, about_of_colour_puzzle, level_of_colour_puzzle
    from nonogram_editor.level.puzzle_formats import read_puzzles  # optional at import time
    from nonogram_editor.nonogram.clue_solve import solve_clues, solve_colour_clues

    path = Path(path)
    puzzles = puzzles if puzzles is not None else read_puzzles(path)
    if index is None and len(puzzles) > 1:
        return ImportedPuzzle(None, {}, choices=[f"{number}. {puzzle.title or 'untitled'} ({puzzle.width}x"
                                                 f"{puzzle.height}"
                                                 f"{', colour' if isinstance(puzzle, ColourPuzzle) else ''})"
                                                 for number, puzzle in enumerate(puzzles, 1)])
    index = index or 0
    if not 0 <= index < len(puzzles):
        raise ValueError(f"{path}: holds {len(puzzles)} puzzles; there is no puzzle {index + 1}")
    puzzle = puzzles[index]
    # where Save writes the level: beside the file, named after it (and the puzzle's number in a set)
    named = path.with_name(f"{path.stem}-{index + 1}{path.suffix}") if index else path
    if isinstance(puzzle, ColourPuzzle):
        report = None
        if not puzzle.goal_fits():
            report = solve_colour_clues(puzzle.rows, puzzle.columns, len(puzzle.palette), puzzle.goal,
                                        task or Task(time_limit=CLUE_SOLVE_SECONDS))
            if not report.solutions:
                return ImportedPuzzle(None, about_of_colour_puzzle(puzzle), report)
            puzzle = ColourPuzzle(puzzle.rows, puzzle.columns, puzzle.palette, report.solutions[0], puzzle.title,
                                  puzzle.metadata)
        level, about = level_of_colour_puzzle(puzzle)
        level.path = named.with_suffix(".level")
        return ImportedPuzzle(level, about, report)
    about = about_of_non(puzzle)
    if puzzle.goal is not None and puzzle.goal_fits():
        return ImportedPuzzle(level_from_non(puzzle, named), about)
    report = solve_clues(puzzle.row_clues, puzzle.column_clues, puzzle.goal,
                         task or Task(time_limit=CLUE_SOLVE_SECONDS))
    if not report.solutions:
        return ImportedPuzzle(None, about, report)
    return ImportedPuzzle(level_from_non(replace(puzzle, goal=report.solutions[0]), named), about, report)


class Editor:
    def __init__(self, document: LevelDocument | None = None, undo_limit: int = UNDO_LIMIT):
        self.undo_limit = undo_limit
        self._observers: list[Observer] = []
        self.symmetry = Symmetry.NONE
        self._replace(document or LevelDocument())

    # ------------------------------------------------------------------ observers
    def add_observer(self, observer: Observer) -> None:
        self._observers.append(observer)

    def remove_observer(self, observer: Observer) -> None:
        self._observers.remove(observer)

    def _notify(self, aspects) -> None:
        aspects = set(aspects)
        for observer in list(self._observers):
            observer(aspects)

    # ------------------------------------------------------------------ the level
    def _replace(self, document: LevelDocument) -> None:
        self.document = document
        self.history = History(self.undo_limit)
        self.selection: Rect | None = None
        self.cursor: Cell = (0, 0)
        self._stroke: _Stroke | None = None
        self._notify(ALL_ASPECTS)

    def new(self, width: int = 10, height: int = 10, kind: str = TWO_COLOUR) -> None:
        """A blank level of ``kind`` (a colour level on a white background)."""
        document = LevelDocument(width, height)
        document.about = with_kind({}, kind)
        self._replace(document)

    def open_level(self, level: Level, path: Path | None = None, about: dict[str, str] | None = None) -> None:
        """Edit ``level`` with its level info ``about`` (ValueError if it is larger than the
        editor handles)."""
        document = LevelDocument.from_level(level, path)
        document.about = dict(about or {})
        self._replace(document)

    def load(self, path: str | os.PathLike) -> None:
        """Open a level trio and its level info (LevelError names the file and the problem)."""
        self.open_level(load_level(path), Path(path), read_about(path))

    def import_non(self, path: str | os.PathLike, task: Task | None = None) -> ClueReport | None:
        """Open a ``.non`` puzzle (:func:`read_puzzle`: solved from its clues when it has no
        goal that fits them); Save then writes the level beside it. Returns what solving the
        clues found (None when the goal fits); UnsolvableClues when they give no level."""
        return self.open_imported(read_puzzle(path, task), path)

    def open_imported(self, imported: ImportedPuzzle, path: str | os.PathLike) -> ClueReport | None:
        """Open a puzzle read by :func:`read_puzzle` from ``path`` (see :meth:`import_non`)."""
        if imported.level is None:
            raise UnsolvableClues(path, imported.report)
        self.open_level(imported.level, imported.level.path, imported.about)
        return imported.report

    def level(self) -> Level:
        """A copy of the visible level, safe to hand to another thread for saving (a colour
        level's solution is where its picture is not the background)."""
        level = self.document.to_level()
        if self.kind == COLOUR:
            level.solution = colour_solution(level.picture, level_background(self.document.about))
        return level

    def save(self, path: str | os.PathLike | None = None) -> None:
        """Write the level (LevelError if it fails; the previous files stay as they were)."""
        path = Path(path) if path is not None else self.document.path
        if path is None:
            raise ValueError("the level has no file name yet")
        position = self.history.position()
        write_level(self.level(), self.document.about, path)
        self.saved(path, position)

    def saved(self, path: Path, position: int) -> None:
        """The state at history ``position`` is now in ``path`` (a background save finished)."""
        self.document.path = level_path(path)
        self.history.mark_saved(position)
        self._notify({Aspect.HISTORY})

    def export_non(self, path: str | os.PathLike) -> None:
        write_puzzle(path, self.document.visible_solution(), self.document.about, self.document.path,
                     self.document.visible_picture())

    @property
    def modified(self) -> bool:
        return not self.history.is_clean()

    def contains(self, cell: Cell) -> bool:
        return self.document.contains(*cell)

    # ------------------------------------------------------------------ undo
    @contextmanager
    def _edit(self, label: str):
        """Run the body as one undo step (nothing is recorded if it changed nothing)."""
        self.cancel_stroke()
        before = Snapshot.of(self.document)
        yield
        self._record(label, before)

    def _record(self, label: str, before: Snapshot) -> None:
        step = difference(label, before, self.document)
        if step is not None:
            self.history.push(step)
            self._notify(step.aspects | {Aspect.HISTORY})

    def undo(self) -> bool:
        self.cancel_stroke()
        return self._after_history(self.history.undo(self.document))

    def redo(self) -> bool:
        self.cancel_stroke()
        return self._after_history(self.history.redo(self.document))

    def _after_history(self, step) -> bool:
        if step is None:
            return False
        if self.selection is not None and not self._fits(self.selection):
            self.selection = None
        self._notify(step.aspects | {Aspect.HISTORY, Aspect.SELECTION})
        return True

    # ------------------------------------------------------------------ painting helpers
    def _layer(self, layer: Layer) -> np.ndarray:
        """The visible part of a layer's buffer (a view: writing to it edits the level)."""
        if layer not in LAYERS:
            raise ValueError(f"no layer {layer!r}")
        buffer = self.document.solution if layer == Layer.SOLUTION else self.document.picture
        return buffer[:self.document.height, :self.document.width]

    def _shape(self) -> tuple[int, int]:
        return self.document.height, self.document.width

    def _paint(self, layer: Layer, mask: np.ndarray, value) -> None:
        cells = symmetric(mask, self.symmetry)
        self._layer(layer)[cells] = value
        if layer == Layer.PICTURE and self.kind == COLOUR:  # a colour level's solution: not the background
            self._layer(Layer.SOLUTION)[cells] = tuple(value) != level_background(self.document.about)

    def set_symmetry(self, symmetry: str) -> None:
        if symmetry not in SYMMETRIES:
            raise ValueError(f"no symmetry {symmetry!r}; one of {', '.join(SYMMETRIES)}")
        self.symmetry = Symmetry(symmetry)
        self._notify({Aspect.SYMMETRY})

    # ------------------------------------------------------------------ strokes (mouse)
    def press(self, layer: Layer, tool: Tool, cell: Cell, value=None) -> None:
        """Start a stroke at ``cell``: ``value`` is True/False on the solution, a colour on
        the picture. The select tool selects, or moves the selection if pressed inside it."""
        self.cancel_stroke()
        if tool not in TOOLS:
            raise ValueError(f"no tool {tool!r}")
        if not self.contains(cell):
            return
        moving = self.selection if tool == Tool.SELECT and self.selection and self.selection.contains(cell) else None
        self._stroke = _Stroke(layer, tool, value, cell, cell, Snapshot.of(self.document), moving)
        self.cursor = cell
        if tool == Tool.SELECT and moving is None:
            self.selection = Rect.spanning(cell, cell)
            self._notify({Aspect.SELECTION, Aspect.CURSOR})
        elif tool == Tool.FILL:
            self._paint(layer, flood_mask(self._layer(layer), cell), value)
            self._notify({Aspect(layer), Aspect.CURSOR})
        elif tool != Tool.SELECT:
            self._draw_to(cell)

    def drag_to(self, cell: Cell, constrained: bool = False) -> None:
        """The pointer moved to ``cell`` (it may be outside the grid); ``constrained`` (Shift)
        keeps the stroke on the row or column it started in."""
        stroke = self._stroke
        if stroke is None or stroke.tool == Tool.FILL:
            return
        if constrained:
            cell = constrain(stroke.anchor, cell)
        if stroke.tool != Tool.PEN:  # shapes and selections stop at the edge; the pen just paints nothing outside
            height, width = self._shape()
            cell = (min(max(cell[0], 0), height - 1), min(max(cell[1], 0), width - 1))
        if cell == stroke.last:
            return
        self._draw_to(cell)

    def _draw_to(self, cell: Cell) -> None:
        stroke, shape = self._stroke, self._shape()
        previous, stroke.last = stroke.last, cell
        if stroke.tool == Tool.SELECT:
            if stroke.moving is None:
                self.selection = Rect.spanning(stroke.anchor, cell)
                self._notify({Aspect.SELECTION})
            else:
                self._move_selection(cell[0] - stroke.anchor[0], cell[1] - stroke.anchor[1])
            return
        if stroke.tool == Tool.PEN:
            mask = cells_mask(shape, bresenham(previous, cell))
        else:
            stroke.before.restore(self.document)  # a shape is redrawn from scratch as it grows
            if stroke.tool == Tool.LINE:
                mask = cells_mask(shape, bresenham(stroke.anchor, cell))
            else:
                mask = rectangle_mask(shape, stroke.anchor, cell, filled=stroke.tool == Tool.FILLED_RECTANGLE)
        self._paint(stroke.layer, mask, stroke.value)
        self._notify({Aspect(stroke.layer)})

    def _move_selection(self, rows: int, columns: int) -> None:
        stroke = self._stroke
        stroke.before.restore(self.document)
        source = stroke.moving
        block = self._clip(source)
        self._clear(source)
        self._put(block, (source.top + rows, source.left + columns))
        self.selection = self._clipped(source.moved(rows, columns))
        self._notify({Aspect.SOLUTION, Aspect.PICTURE, Aspect.SELECTION})

    def release(self) -> None:
        """End the stroke: what it changed becomes one undo step."""
        stroke, self._stroke = self._stroke, None
        if stroke is None:
            return
        label = "Move the selection" if stroke.moving else f"{stroke.tool.capitalize()} on the {stroke.layer}"
        self._record(label, stroke.before)

    def cancel_stroke(self) -> None:
        """Forget a stroke in progress and put back what it painted."""
        stroke, self._stroke = self._stroke, None
        if stroke is not None and difference("", stroke.before, self.document) is not None:
            stroke.before.restore(self.document)
            self._notify({Aspect.SOLUTION, Aspect.PICTURE})

    # ------------------------------------------------------------------ keyboard
    def move_cursor(self, rows: int, columns: int, layer: Layer | None = None, value=None) -> None:
        """Move the cell cursor; with a ``layer``, paint ``value`` on the cells it leaves and
        reaches (one undo step)."""
        height, width = self._shape()
        start = self.cursor
        self.cursor = (min(max(start[0] + rows, 0), height - 1), min(max(start[1] + columns, 0), width - 1))
        if layer is not None:
            with self._edit(f"Paint on the {layer}"):
                self._paint(layer, cells_mask(self._shape(), bresenham(start, self.cursor)), value)
        self._notify({Aspect.CURSOR})

    def set_cursor(self, cell: Cell) -> None:
        if self.contains(cell) and cell != self.cursor:
            self.cursor = cell
            self._notify({Aspect.CURSOR})

    def set_cell(self, layer: Layer, cell: Cell, value) -> None:
        """Paint one cell (and its symmetric images): one undo step."""
        if self.contains(cell):
            with self._edit(f"Paint on the {layer}"):
                self._paint(layer, cells_mask(self._shape(), [cell]), value)

    def set_cells(self, layer: Layer, values: np.ndarray, label: str) -> bool:
        """Set the visible ``layer`` to ``values`` ((height, width) booleans for the solution,
        (height, width, 3) colours for the picture) as one undo step; False if nothing changed."""
        position = self.history.position()
        with self._edit(label):
            self._layer(layer)[:] = values
        return self.history.position() != position

    def set_puzzle_cells(self, changes, label: str) -> None:
        """Give cells of the puzzle new values as one undo step: ``changes`` are ``(cell,
        value)`` pairs, the value filled/empty (bool) on a two-colour level's solution, an RGB
        colour on a colour level's picture (whose solution follows: not the background)."""
        colour = self.kind == COLOUR
        background = level_background(self.document.about)
        with self._edit(label):
            for cell, value in changes:
                if colour:
                    self._layer(Layer.PICTURE)[cell] = value
                    self._layer(Layer.SOLUTION)[cell] = tuple(value) != background
                else:
                    self._layer(Layer.SOLUTION)[cell] = value

    def replace_level(self, level: Level, label: str) -> None:
        """Make the level ``level`` (its size, grids, cleared flag and palette; the file name
        and level info stay) as one undo step."""
        replacement = LevelDocument.from_level(level)
        with self._edit(label):
            document = self.document
            document.width, document.height = replacement.width, replacement.height
            document.solution[:] = replacement.solution
            document.picture[:] = replacement.picture
            document.cleared, document.palette = replacement.cleared, replacement.palette
        self.clear_selection()
        self.set_cursor((min(self.cursor[0], level.height - 1), min(self.cursor[1], level.width - 1)))

    def set_about(self, about: dict[str, str]) -> None:
        """Set the level info (title, by, copyright, catalogue...) as one undo step."""
        with self._edit("Edit the level info"):
            self.document.about = dict(about)

    @property
    def kind(self) -> str:
        """The level's kind: ``"two-colour"`` or ``"colour"`` (``nonogram_editor.level.colour``)."""
        return level_kind(self.document.about)

    def convert_kind(self, kind: str, background: Colour | None = None) -> None:
        """Make the level of ``kind`` (:func:`nonogram_editor.level.colour.convert_level`: to colour, the
        picture becomes the puzzle on ``background``; to two-colour, its shape does), one undo step."""
        level, about = convert_level(self.level(), self.document.about, kind, background)
        with self._edit(f"Convert to a {kind} level"):
            self.document.solution[:self.document.height, :self.document.width] = level.solution
            self.document.about = about

    def colour_at(self, cell: Cell) -> Colour:
        return tuple(int(v) for v in self.document.picture[cell])

    def describe_cell(self, layer: Layer, cell: Cell) -> str:
        """What the status bar says of a cell: "Solution: row 3, column 4 — filled"."""
        row, column = cell
        what = (("filled" if self.document.solution[cell] else "empty") if layer == Layer.SOLUTION
                and self.kind != COLOUR
                else colour_name(self.colour_at(cell)))  # a colour level's solution grid shows its picture
        return f"{layer.capitalize()}: row {row + 1}, column {column + 1} — {what}"

    # ------------------------------------------------------------------ level settings
    def resize(self, width: int, height: int) -> None:
        """Change the visible size; hidden cells are kept for when the level grows again."""
        if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
            raise ValueError(f"width and height go from 1 to {MAX_SIDE}")
        with self._edit(f"Resize to {width}x{height}"):
            self.document.width, self.document.height = width, height
        if self.selection is not None and not self._fits(self.selection):
            self.clear_selection()
        self.set_cursor((min(self.cursor[0], height - 1), min(self.cursor[1], width - 1)))

    def set_cleared(self, cleared: bool) -> None:
        with self._edit("Mark as cleared" if cleared else "Mark as not cleared"):
            self.document.cleared = bool(cleared)

    # ------------------------------------------------------------------ palette
    def add_colour(self, colour: Colour) -> None:
        colour = tuple(int(v) for v in colour)
        if colour not in self.document.palette:
            with self._edit(f"Add colour {colour_name(colour)}"):
                self.document.palette = self.document.palette + [colour]

    def edit_colour(self, index: int, colour: Colour) -> None:
        """Change palette colour ``index``, and every picture cell of it (hidden ones too)."""
        palette, colour = self.document.palette, tuple(int(v) for v in colour)
        if not 0 <= index < len(palette) or palette[index] == colour:
            return
        old = palette[index]
        with self._edit(f"Change colour {colour_name(old)} to {colour_name(colour)}"):
            new_palette = palette[:index] + [colour] + palette[index + 1:]
            # merging into a colour already there keeps one swatch
            self.document.palette = [c for i, c in enumerate(new_palette) if c != colour or i == index]
            self._recolour(old, colour)

    def colour_in_use(self, index: int) -> bool:
        """Whether the visible picture uses palette colour ``index``."""
        colour = np.array(self.document.palette[index], dtype=np.uint8)
        return bool(np.all(self._layer(Layer.PICTURE) == colour, axis=2).any())

    def remove_colour(self, index: int, replacement: Colour | None = None) -> None:
        """Drop palette colour ``index``; with a ``replacement``, the picture cells that use it
        (hidden ones too) take that colour instead."""
        palette = self.document.palette
        if len(palette) <= 1 or not 0 <= index < len(palette):
            return
        with self._edit(f"Remove colour {colour_name(palette[index])}"):
            self.document.palette = palette[:index] + palette[index + 1:]
            if replacement is not None:
                self._recolour(palette[index], tuple(int(v) for v in replacement))

    def _recolour(self, old: Colour, new: Colour) -> None:
        picture = self.document.picture
        picture[np.all(picture == np.array(old, dtype=np.uint8), axis=2)] = new

    # ------------------------------------------------------------------ whole-grid transforms
    def transform(self, name: str, wrap: bool = False) -> None:
        """Mirror, rotate (90 degrees clockwise), shift by one cell (``wrap``: the line pushed
        out comes back on the other side) or invert; solution and picture move together."""
        if name not in TRANSFORMS:
            raise ValueError(f"no transform {name!r}")
        with self._edit(name.capitalize() + (" (wrapping)" if wrap else "")):
            document = self.document
            solution, picture = document.visible_solution(), document.visible_picture()
            if name == "invert":
                solution = ~solution
            elif name == "rotate 90":
                solution, picture = np.rot90(solution, -1), np.rot90(picture, -1)
            elif name.startswith("mirror"):
                axis = 1 if name == "mirror left-right" else 0
                solution, picture = np.flip(solution, axis), np.flip(picture, axis)
            else:
                rows, columns = SHIFTS[name]
                solution = np.roll(solution, (rows, columns), axis=(0, 1))
                picture = np.roll(picture, (rows, columns), axis=(0, 1))
                if not wrap:  # the line that came round the edge is emptied instead
                    edge = 0 if rows + columns > 0 else -1
                    line = (edge, slice(None)) if rows else (slice(None), edge)
                    solution[line] = False
                    picture[line] = WHITE
            height, width = solution.shape
            document.width, document.height = width, height
            document.solution[:height, :width] = solution
            document.picture[:height, :width] = picture
        self.clear_selection()
        self.set_cursor((min(self.cursor[0], height - 1), min(self.cursor[1], width - 1)))

    # ------------------------------------------------------------------ selection and clipboard
    def select(self, rect: Rect | None) -> None:
        self.selection = self._clipped(rect) if rect is not None else None
        self._notify({Aspect.SELECTION})

    def select_all(self) -> None:
        height, width = self._shape()
        self.select(Rect(0, 0, height - 1, width - 1))

    def clear_selection(self) -> None:
        if self.selection is not None:
            self.select(None)

    def _fits(self, rect: Rect) -> bool:
        return self.contains((rect.bottom, rect.right)) and rect.top >= 0 and rect.left >= 0

    def _clipped(self, rect: Rect) -> Rect | None:
        height, width = self._shape()
        clipped = Rect(max(rect.top, 0), max(rect.left, 0), min(rect.bottom, height - 1), min(rect.right, width - 1))
        return clipped if clipped.top <= clipped.bottom and clipped.left <= clipped.right else None

    def _target(self) -> Rect:
        height, width = self._shape()
        return self.selection or Rect(0, 0, height - 1, width - 1)

    def _clip(self, rect: Rect) -> Clip:
        rows, columns = rect.slices
        return Clip(self._layer(Layer.SOLUTION)[rows, columns].copy(),
                    self._layer(Layer.PICTURE)[rows, columns].copy())

    def _clear(self, rect: Rect) -> None:
        rows, columns = rect.slices
        self._layer(Layer.SOLUTION)[rows, columns] = False
        self._layer(Layer.PICTURE)[rows, columns] = WHITE

    def _put(self, clip: Clip, at: Cell) -> Rect | None:
        """Write ``clip`` with its top-left at ``at``; what falls outside the grid is dropped."""
        height, width = clip.shape
        placed = self._clipped(Rect(at[0], at[1], at[0] + height - 1, at[1] + width - 1))
        if placed is not None:
            rows, columns = placed.slices
            source = (slice(placed.top - at[0], placed.bottom - at[0] + 1),
                      slice(placed.left - at[1], placed.right - at[1] + 1))
            self._layer(Layer.SOLUTION)[rows, columns] = clip.solution[source]
            self._layer(Layer.PICTURE)[rows, columns] = clip.picture[source]
        return placed

    def copy(self) -> Clip:
        """The selected block (the whole grid when nothing is selected)."""
        return self._clip(self._target())

    def cut(self) -> Clip:
        clip = self.copy()
        self.delete_selection("Cut")
        return clip

    def delete_selection(self, label: str = "Clear the selection") -> None:
        target = self._target()
        with self._edit(label):
            self._clear(target)

    def paste(self, clip: Clip, at: Cell | None = None) -> None:
        """Paste at ``at`` (default: the selection's top-left corner, else the cell cursor);
        the pasted block becomes the selection."""
        if at is None:
            at = (self.selection.top, self.selection.left) if self.selection else self.cursor
        with self._edit(f"Paste {clip.shape[1]}x{clip.shape[0]}"):
            placed = self._put(clip, at)
        self.select(placed)

    def move_selection(self, rows: int, columns: int) -> None:
        """Move the selected block (one undo step); what it leaves becomes empty."""
        if self.selection is None:
            return
        source = self.selection
        with self._edit("Move the selection"):
            block = self._clip(source)
            self._clear(source)
            self._put(block, (source.top + rows, source.left + columns))
        self.select(source.moved(rows, columns))


def write_level(level: Level, about: dict[str, str], path: str | os.PathLike) -> None:
    """Save the trio and the level info beside it as one (LevelError names the file that failed).
    A colour level's ``.pbm`` is written as its picture's "not background", whatever the solution grid holds."""
    if level_kind(about) == COLOUR:
        level = replace(level, solution=colour_solution(level.picture, level_background(about)))
    save_level(level, path, format_about(about).encode("utf-8"))


def write_puzzle(path: str | os.PathLike, solution: np.ndarray, about: dict[str, str],
                 level: Path | None = None, picture: np.ndarray | None = None) -> None:
    """Export ``solution`` as a puzzle file in the format ``path``'s suffix names (``.non``
    for another) with the level info (the title defaults to the level's file name, else the
    export's). A colour level (its ``about`` says so) exports its ``picture`` as a colour puzzle."""
    from nonogram_editor.level.colour import COLOUR, colour_puzzle_of_level, level_kind
    from nonogram_editor.level.puzzle_formats import write_colour_puzzle_file, write_puzzle_file

    title, metadata = non_metadata(about)
    title = title or Path(level or path).stem
    if picture is not None and level_kind(about) == COLOUR:
        puzzle = colour_puzzle_of_level(Level(solution, picture), about)
        puzzle.title = title
        write_colour_puzzle_file(path, puzzle)
        return
    write_puzzle_file(path, solution, title=title, metadata=metadata)


def level_path(path: Path) -> Path:
    path = Path(path)
    return path if path.suffix == ".level" else path.with_name(path.name + ".level")
