"""The cube plugin's solvers behind one small interface (Qt-free).

:func:`garden_solver` gives, for each garden in ``plugins/cube/data/gardens.json``, an object
with ``solutions(task, options)`` (an iterator: first, next, next...), ``random(task,
options, rng)`` and, where the gardens can be counted, ``count(task)``. Every garden a
solver hands out is a :class:`~nonogram_editor_builtins.cube.model.Garden` that passed
:func:`nonogram_editor_builtins.cube.checker.check_garden` (a failure raises: it would be a solver bug).
"""
from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from random import Random

from nonogram_editor.plugin_api import CountResult, Task, map_in_processes
from nonogram_editor_builtins.cube import hanging, square
from nonogram_editor_builtins.cube.checker import check_garden
from nonogram_editor_builtins.cube.model import (
    Garden,
    GardenSpec,
    normalized,
    plane_class_key,
    square_symmetries,
    transform_placements,
)
from nonogram_editor_builtins.cube.packed import PackedSearch


class SolverBug(AssertionError):
    """A solver produced a garden the independent checker rejects."""


@dataclass(frozen=True)
class Options:
    """``red_inside``: packed, the all-red cube away from the surface. ``connected``:
    hanging, one shape. ``box``: hanging, search inside this box (x, y, z)."""

    red_inside: bool = False
    connected: bool = False
    box: tuple[int, int, int] | None = None


def checked(spec: GardenSpec, placements) -> Garden:
    garden = Garden.make(spec.id, placements)
    problems = check_garden(garden.as_dict(), spec.faces, spec.rule, spec.box if spec.rule == "packed" else None)
    if problems:
        raise SolverBug(f"{spec.id}: the solver's garden fails the check: " + "; ".join(problems[:5]))
    return garden


_squares: square.TranscendentalSquares | None = None
_squares_lock = threading.Lock()


def transcendental_squares(task: Task | None = None) -> square.TranscendentalSquares:
    """Every transcendental Square Garden, enumerated once per process."""
    global _squares
    with _squares_lock:
        if _squares is None:
            _squares = square.TranscendentalSquares(task)
        return _squares


class SquareTranscendentalSolver:
    def __init__(self, spec: GardenSpec):
        self.spec = spec

    def solutions(self, task: Task, options: Options = Options()) -> Iterator[Garden]:
        for groups in transcendental_squares(task).gardens():
            yield checked(self.spec, square.lay_out(groups))

    def random(self, task: Task, options: Options, rng: Random) -> Garden:
        return checked(self.spec, square.lay_out(transcendental_squares(task).random_garden(rng)))

    def count(self, task: Task, jobs: int = 1) -> CountResult:
        """Every garden checked and classed, in batches spread over ``jobs`` processes."""
        squares = transcendental_squares(task)
        gardens = list(squares.gardens())
        if len(gardens) != squares.count():
            raise SolverBug(f"{self.spec.id}: {len(gardens)} gardens listed but {squares.count()} counted")
        connected = squares.connected()
        batches = [("gardens", gardens[i:i + BATCH]) for i in range(0, len(gardens), BATCH)]
        batches += [("shapes", connected[i:i + BATCH]) for i in range(0, len(connected), BATCH)]
        classes, shape_classes, done = set(), set(), 0
        for kind, keys in map_in_processes(task, partial(_classes, self.spec), batches, jobs):
            (classes if kind == "gardens" else shape_classes).update(keys)
            done += 1
            task.report(done, len(batches), f"checking and classing gardens: batch {done} of {len(batches)}")
        return CountResult(count=len(gardens), distinct=len(classes),
                           extra={"connected": len(connected), "connected_classes": len(shape_classes)})


BATCH = 500  # gardens per job of a count (a few dozen jobs: even shares, little overhead)


def _classes(spec: GardenSpec, batch) -> tuple[str, set]:
    """A batch of a count, run in any process: ("gardens", gardens) checks each garden and
    gives their classes up to symmetry; ("shapes", one-shape gardens) gives theirs."""
    kind, items = batch
    if kind == "shapes":
        return kind, {plane_class_key(shape) for shape in items}
    for groups in items:  # every garden counted passes the checker
        checked(spec, square.lay_out(groups))
    return kind, {_garden_class(groups) for groups in items}


def _garden_class(groups) -> tuple:
    """The same key for a garden and its 8 images (each component up to translation)."""
    return min(tuple(sorted(normalized(transform_placements(m, group)) for group in groups))
               for m in square_symmetries())


class PackedSolver:
    def __init__(self, spec: GardenSpec):
        self.spec = spec

    def _search(self, options: Options) -> PackedSearch:
        return PackedSearch(self.spec.box, self.spec.faces, red_inside=options.red_inside)

    def solutions(self, task: Task, options: Options = Options()) -> Iterator[Garden]:
        for packing in self._search(options).solutions(task):
            yield checked(self.spec, packing)

    def random(self, task: Task, options: Options, rng: Random) -> Garden:
        return checked(self.spec, self._search(options).random_packing(rng, task))

    def count(self, task: Task, jobs: int = 1) -> CountResult:
        """Every packing (one process: the search takes a fraction of a second)."""
        found, classes = 0, set()
        for packing in self._search(Options()).solutions(task):
            checked(self.spec, packing)
            found += 1
            classes.add(plane_class_key(packing))
            task.report(found, None, f"{found:,} packings")
        return CountResult(count=found, distinct=len(classes) if self.spec.faces == 4 else None)


class HangingSolver:
    """Stacked Square Gardens by default; the SAT model for ``connected`` or a ``box``."""

    def __init__(self, spec: GardenSpec):
        self.spec = spec

    def _uses_sat(self, options: Options) -> bool:
        return options.connected or options.box is not None

    def _box(self, options: Options) -> tuple[int, int, int]:
        return tuple(options.box or self.spec.box)

    def solutions(self, task: Task, options: Options = Options()) -> Iterator[Garden]:
        if not self._uses_sat(options):
            first = square.one_connected_garden()
            yield checked(self.spec, hanging.stacked_garden([first], [first]))
            gardens = list(transcendental_squares(task).gardens())
            for stack, flat in itertools.product(gardens, gardens):
                if not (stack == [first] and flat == [first]):
                    yield checked(self.spec, hanging.stacked_garden(stack, flat))
            return
        box, found = self._box(options), []
        while True:
            result = hanging.solve_box(box, options.connected, task, blocked=found)
            if not result.satisfiable:
                return
            found.append(result.placements)
            yield checked(self.spec, hanging.with_red_cube(result.placements))

    def random(self, task: Task, options: Options, rng: Random) -> Garden:
        """Two random Square Gardens stacked; with the SAT model, a garden from it turned or
        mirrored at random within its box (the SAT solver itself is deterministic)."""
        if not self._uses_sat(options):
            stack, flat = square.one_connected_garden(rng), square.one_connected_garden(rng)
            return checked(self.spec, hanging.stacked_garden([stack], [flat]))
        box = self._box(options)
        result = hanging.solve_box(box, options.connected, task)
        if not result.satisfiable:
            raise LookupError(f"no hanging garden in the box {'x'.join(map(str, box))}")
        order, mirrored = rng.choice(list(hanging.box_symmetries(box)))
        return checked(self.spec, hanging.with_red_cube(hanging.transform_in_box(result.placements, box, order,
                                                                                 mirrored)))

    count = None


def garden_solver(spec: GardenSpec):
    if spec.rule == "packed":
        return PackedSolver(spec)
    if spec.faces == 4:
        return SquareTranscendentalSolver(spec)
    return HangingSolver(spec)
