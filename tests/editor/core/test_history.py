"""The cell difference that every undo step is built from."""
import numpy as np
import pytest

from nonogram_editor.core.history import changed_cells


@pytest.mark.parametrize("channels", [None, 1, 3, 5])
def test_changed_cells_marks_exactly_the_cells_with_any_channel_changed(channels):
    rng = np.random.default_rng(channels or 0)
    shape = (7, 9) if channels is None else (7, 9, channels)
    before = rng.integers(0, 4, shape, dtype=np.uint8)
    after = before.copy()
    touched = rng.random(shape) < 0.1
    after[touched] += 1
    expected = [[bool(np.any(before[r, c] != after[r, c])) for c in range(9)] for r in range(7)]
    assert changed_cells(before, after).tolist() == expected
    assert not changed_cells(before, before.copy()).any()
