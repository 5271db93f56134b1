"""What the grids show, worked out without Qt: the clues kept up to date line by line, the cells'
colours with overlays blended in, the zoom steps."""
import numpy as np

from nonogram_editor.core.grid_look import (
    EMPTY_RGBA,
    FILLED_RGBA,
    MAX_CELL,
    MIN_CELL,
    OVERLAY_ALPHA,
    LineClues,
    cell_colours,
    cells_touched,
    changed_entries,
    largest_fitting,
    rgb_words,
    row_clue_text,
    zoomed,
)
from nonogram_editor.level.clues import clues


def test_clues_kept_line_by_line_match_the_clues_of_the_whole_drawing_after_every_edit():
    rng = np.random.default_rng(26)
    drawing = rng.random((7, 9)) < 0.5
    kept = LineClues()
    assert kept.update(drawing) is None  # the first: every clue
    for _ in range(300):
        edited = drawing.copy()
        for _ in range(rng.integers(0, 4)):
            edited[rng.integers(0, 7), rng.integers(0, 9)] ^= True
        rows, columns = kept.update(edited)
        changed = edited != drawing
        assert list(rows) == list(np.flatnonzero(changed.any(axis=1)))
        assert list(columns) == list(np.flatnonzero(changed.any(axis=0)))
        assert (kept.rows, kept.columns) == clues(edited)
        assert kept.row_texts == [row_clue_text(clue) for clue in kept.rows]
        drawing = edited
    assert kept.update(np.zeros((3, 4), dtype=bool)) is None  # a new size: every clue again
    assert kept.rows == [[]] * 3
    assert kept.row_texts == ["0"] * 3


def test_a_row_clue_reads_with_its_numbers_apart():
    assert (row_clue_text([1, 1]), row_clue_text([11]), row_clue_text([])) == ("1  1", "11", "0")


def test_each_cell_gets_its_overlays_blended_over_in_turn():
    rng = np.random.default_rng(1)
    filled = rng.random((5, 6)) < 0.5
    overlays = [(rng.random((5, 6)) < 0.5, (255, 0, 0), None), (rng.random((4, 6)) < 0.5, (0, 0, 200), 0.3)]
    words = cell_colours(filled, overlays)
    for row in range(5):
        for column in range(6):
            colour = (FILLED_RGBA if filled[row, column] else EMPTY_RGBA).astype(np.float64)
            for cells, rgb, alpha in overlays:
                if row < cells.shape[0] and cells[row, column]:
                    alpha = OVERLAY_ALPHA if alpha is None else alpha
                    colour = np.round(colour * (1 - alpha) + np.array([*rgb, 255]) * alpha)
            assert words[row, column] == rgb_words(colour.astype(np.uint8))
    assert rgb_words(np.array([0x12, 0x34, 0x56], dtype=np.uint8)) == 0xff123456


def test_a_zoom_step_always_changes_the_size_within_its_limits():
    assert zoomed(24, 1) == 30
    assert zoomed(24, -1) == 19
    assert zoomed(24, 0.01) == 25
    assert zoomed(24, -0.01) == 23
    assert zoomed(MAX_CELL, 1) == MAX_CELL
    assert zoomed(MIN_CELL, -3) == MIN_CELL


def test_the_entries_that_differ_between_two_lists():
    assert changed_entries(["a", "b", "c"], ["a", "x"]) == [1, 2]
    assert changed_entries(None, ["a"]) == [0]
    assert changed_entries(None, None) == []


def test_the_cells_a_span_of_pixels_touches_are_those_it_overlaps_within_the_line():
    size, count = 7, 5
    for low in range(-10, 45):
        for high in range(low, 45):
            touched = cells_touched(low, high, size, count)
            expected = [cell for cell in range(count) if cell * size <= high and low < (cell + 1) * size]
            assert list(range(count))[touched] == expected


def test_the_largest_fitting_size_is_the_last_that_fits_or_the_smallest():
    for limit in range(5, 40):
        assert largest_fitting(10, 30, lambda size, limit=limit: size <= limit) == max(10, min(30, limit))
