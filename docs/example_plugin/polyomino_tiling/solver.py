"""Solutions as a stream: fill the first empty cell (row by row) with every piece that fits there."""
from __future__ import annotations

from collections.abc import Iterator

from nonogram_editor.plugin_api import CountResult, Task
from polyomino_tiling.model import Solution, Tiling


def solutions(task: Task, tiling: Tiling) -> Iterator[Solution]:
    """Every tiling, each once; ``task.check_cancelled()`` raises ``Cancelled`` when asked to stop."""
    placements = [(name, shape) for name in tiling.shapes for shape in tiling.orientations(name)]
    empty = {(x, y) for y in range(tiling.height) for x in range(tiling.width)}
    placed: list = []

    def fill() -> Iterator[Solution]:
        task.check_cancelled()
        if not empty:
            yield tuple(placed)
            return
        fx, fy = min(empty, key=lambda c: (c[1], c[0]))  # the first empty cell is a shape's first cell
        for name, shape in placements:
            ax, ay = min(shape, key=lambda c: (c[1], c[0]))
            cells = tuple((fx + x - ax, fy + y - ay) for x, y in shape)
            if all(c in empty for c in cells):
                empty.difference_update(cells)
                placed.append((name, cells))
                yield from fill()
                placed.pop()
                empty.update(cells)

    yield from fill()


def count(task: Task, tiling: Tiling) -> CountResult:
    found = 0
    for found, _ in enumerate(solutions(task, tiling), 1):
        task.report(found, None, f"{found:,} tilings so far")
    return CountResult(count=found)
