"""The editor core driven without Qt: every tool, undo/redo exactness, files, observers."""
import sys
from collections import deque

import numpy as np
import pytest

from nonogram_editor.core import Clip, ClipError, Editor, Rect
from nonogram_editor.core.history import Snapshot
from nonogram_editor.core.shapes import bresenham, flood_mask
from nonogram_editor.level import Level, load_level

RED, BLUE = (220, 40, 40), (40, 110, 220)


def state(editor):
    document = editor.document
    return (document.solution.copy(), document.picture.copy(), document.width, document.height, document.cleared,
            list(document.palette))


def same(a, b):
    return (np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1]) and a[2:] == b[2:])


def undo_redo_exact(editor, before):
    """Undo restores ``before`` exactly, redo the state after, both bit for bit."""
    after = state(editor)
    assert not same(before, after), "the action changed nothing"
    assert editor.undo()
    assert same(state(editor), before)
    assert editor.redo()
    assert same(state(editor), after)


class View:
    """A mocked view: records what the core tells it changed."""

    def __init__(self, editor):
        self.changes = []
        editor.add_observer(self.changes.append)

    def all(self):
        return set().union(*self.changes) if self.changes else set()


@pytest.fixture
def editor():
    return Editor()


def stroke(editor, layer, tool, cells, value, constrained=False):
    editor.strokes.press(layer, tool, cells[0], value)
    for cell in cells[1:]:
        editor.strokes.drag_to(cell, constrained)
    editor.strokes.release()


def test_pen_stroke_is_one_step_and_undo_redo_is_exact(editor):
    view = View(editor)
    before = state(editor)
    stroke(editor, "solution", "pen", [(1, 1), (1, 8), (8, 8)], True)
    expected = np.zeros((10, 10), dtype=bool)
    expected[1, 1:9] = True
    expected[1:9, 8] = True
    assert np.array_equal(editor.document.visible_solution(), expected)
    assert len(editor.history) == 1
    assert editor.modified
    assert {"solution", "history"} <= view.all()
    undo_redo_exact(editor, before)


def test_pen_leaving_the_grid_paints_only_inside(editor):
    stroke(editor, "solution", "pen", [(2, 8), (2, 14), (5, 14), (5, 8)], True)
    assert cells_of(editor) == {(2, 8), (2, 9), (5, 8), (5, 9)}
    stroke(editor, "solution", "rectangle", [(7, 7), (20, 20)], True)  # a shape stops at the edge
    assert {(7, 9), (9, 9), (9, 7)} <= cells_of(editor)


def cells_of(editor):
    return set(zip(*(a.tolist() for a in np.nonzero(editor.document.visible_solution()))))


def test_line_and_rectangles_are_redrawn_as_they_grow(editor):
    before = state(editor)
    editor.strokes.press("solution", "line", (0, 0), True)
    editor.strokes.drag_to((9, 9))
    editor.strokes.drag_to((0, 4))  # the shape follows the pointer: the diagonal is gone
    editor.strokes.release()
    assert editor.document.visible_solution().sum() == 5
    assert editor.document.visible_solution()[0, :5].all()
    undo_redo_exact(editor, before)

    before = state(editor)
    stroke(editor, "solution", "rectangle", [(2, 2), (9, 9), (5, 6)], True)
    outline = np.zeros((10, 10), dtype=bool)
    outline[2:6, 2:7] = True
    outline[3:5, 3:6] = False
    outline[0, :5] = True
    assert np.array_equal(editor.document.visible_solution(), outline)
    undo_redo_exact(editor, before)

    before = state(editor)
    stroke(editor, "picture", "filled rectangle", [(6, 6), (8, 9)], RED)
    assert (editor.document.visible_picture()[6:9, 6:10] == RED).all()
    assert (editor.document.visible_picture()[:6] == 255).all()
    undo_redo_exact(editor, before)
    assert len(editor.history) == 3


def test_shift_drag_stays_on_the_row_or_column(editor):
    stroke(editor, "solution", "pen", [(3, 3), (4, 7), (2, 9)], True, constrained=True)
    grid = editor.document.visible_solution()
    assert grid[3, 3:10].all()
    assert grid.sum() == 7
    stroke(editor, "solution", "pen", [(0, 0), (6, 1)], True, constrained=True)
    assert editor.document.visible_solution()[:7, 0].all()


def test_flood_fill_fills_the_region_only(editor):
    stroke(editor, "solution", "rectangle", [(2, 2), (7, 7)], True)
    before = state(editor)
    editor.strokes.press("solution", "fill", (4, 4), True)
    editor.strokes.release()
    grid = editor.document.visible_solution()
    assert grid[2:8, 2:8].all()
    assert grid.sum() == 36
    undo_redo_exact(editor, before)
    before = state(editor)
    editor.strokes.press("picture", "fill", (0, 0), BLUE)
    editor.strokes.release()
    assert (editor.document.visible_picture() == BLUE).all(axis=2).all()  # the picture is one white region
    undo_redo_exact(editor, before)


def reference_flood(grid, seed):
    region = np.zeros(grid.shape[:2], dtype=bool)
    queue = deque([seed])
    region[seed] = True
    while queue:
        r, c = queue.popleft()
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nr < grid.shape[0] and 0 <= nc < grid.shape[1] and not region[nr, nc] \
                    and np.array_equal(grid[nr, nc], grid[seed]):
                region[nr, nc] = True
                queue.append((nr, nc))
    return region


def test_flood_mask_matches_a_breadth_first_search_on_random_grids():
    rng = np.random.default_rng(5)
    for _ in range(200):
        grid = rng.random((rng.integers(1, 12), rng.integers(1, 12))) < rng.random()
        seed = (int(rng.integers(grid.shape[0])), int(rng.integers(grid.shape[1])))
        assert np.array_equal(flood_mask(grid, seed), reference_flood(grid, seed))
    colours = rng.integers(0, 2, (9, 7, 3)).astype(np.uint8)
    assert np.array_equal(flood_mask(colours, (3, 3)), reference_flood(colours, (3, 3)))


def test_bresenham_is_8_connected_and_symmetric():
    for end in [(0, 7), (5, 2), (-3, 4), (6, 6), (0, 0)]:
        cells = bresenham((0, 0), end)
        assert cells[0] == (0, 0)
        assert cells[-1] == end
        assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in zip(cells, cells[1:]))


@pytest.mark.parametrize("symmetry, images", [
    ("left-right", {(1, 2), (1, 7)}),
    ("top-bottom", {(1, 2), (8, 2)}),
    ("both", {(1, 2), (1, 7), (8, 2), (8, 7)}),
    ("rotate 180", {(1, 2), (8, 7)}),
])
def test_symmetry_mirrors_every_stroke(editor, symmetry, images):
    view = View(editor)
    editor.set_symmetry(symmetry)
    assert "symmetry" in view.all()
    before = state(editor)
    stroke(editor, "solution", "pen", [(1, 2)], True)
    assert set(zip(*np.nonzero(editor.document.visible_solution()))) == images
    undo_redo_exact(editor, before)


def test_transforms_move_solution_and_picture_together(editor):
    editor.transforms.resize(4, 3)
    stroke(editor, "solution", "pen", [(0, 0), (0, 1)], True)
    stroke(editor, "picture", "pen", [(0, 0)], RED)
    for name, wrap in [("mirror left-right", False), ("mirror top-bottom", False), ("rotate 90", False),
                       ("invert", False), ("shift right", False), ("shift down", True), ("shift left", True),
                       ("shift up", False)]:
        before = state(editor)
        solution, picture = editor.document.visible_solution(), editor.document.visible_picture()
        editor.transforms.apply(name, wrap)
        after_solution, after_picture = editor.document.visible_solution(), editor.document.visible_picture()
        if name == "mirror left-right":
            expected = solution[:, ::-1], picture[:, ::-1]
        elif name == "mirror top-bottom":
            expected = solution[::-1], picture[::-1]
        elif name == "rotate 90":
            expected = np.rot90(solution, -1), np.rot90(picture, -1)
            assert (editor.document.width, editor.document.height) == (3, 4)
        elif name == "invert":
            expected = ~solution, picture
        elif name == "shift right":
            expected = np.hstack([np.zeros((4, 1), bool), solution[:, :-1]]), None
            assert (after_picture[:, 0] == 255).all()
            assert np.array_equal(after_picture[:, 1:], picture[:, :-1])
        elif name == "shift down":
            expected = np.vstack([solution[-1:], solution[:-1]]), np.vstack([picture[-1:], picture[:-1]])
        elif name == "shift left":
            expected = np.hstack([solution[:, 1:], solution[:, :1]]), np.hstack([picture[:, 1:], picture[:, :1]])
        else:
            expected = np.vstack([solution[1:], np.zeros((1, 3), bool)]), None
        assert np.array_equal(after_solution, expected[0]), name
        if expected[1] is not None:
            assert np.array_equal(after_picture, expected[1]), name
        undo_redo_exact(editor, before)


def test_clip_text_round_trip_and_errors():
    clip = Clip.from_text("#..#\n.##.\n")
    assert clip.solution.tolist() == [[True, False, False, True], [False, True, True, False]]
    assert clip.to_text() == "#..#\n.##.\n"
    assert Clip.from_text("X-\n1").solution.tolist() == [[True, False], [True, False]]  # short rows pad empty
    with pytest.raises(ClipError, match="row 2, column 1: 'a'"):
        Clip.from_text("#.\na#")
    with pytest.raises(ClipError):
        Clip.from_text("\n\n")
    with pytest.raises(ClipError, match="200x1; a level is at most 128x128"):
        Clip.from_text("#" * 200)
    coloured = Clip(clip.solution, np.arange(24, dtype=np.uint8).reshape(2, 4, 3))
    back = Clip.from_json(coloured.to_json())
    assert np.array_equal(back.solution, coloured.solution)
    assert np.array_equal(back.picture, coloured.picture)
    with pytest.raises(ClipError, match="damaged"):
        Clip.from_json("{}")


def test_copy_cut_paste_between_two_levels_and_move(editor):
    stroke(editor, "solution", "filled rectangle", [(1, 1), (2, 3)], True)
    stroke(editor, "picture", "pen", [(1, 1)], RED)
    editor.clipboard.select(Rect(1, 1, 2, 3))
    clip = editor.clipboard.copy()
    assert clip.to_text() == "###\n###\n"
    assert tuple(clip.picture[0, 0]) == RED

    other = Editor()
    other.cursor = (7, 8)
    before = state(other)
    other.clipboard.paste(Clip.from_json(clip.to_json()))  # as the clipboard carries it
    assert other.document.visible_solution()[7:9, 8:10].all()
    assert other.document.visible_solution().sum() == 4
    assert tuple(other.document.picture[7, 8]) == RED  # clipped at the edge, colours kept
    assert other.selection == Rect(7, 8, 8, 9)
    undo_redo_exact(other, before)

    before = state(editor)
    cut = editor.clipboard.cut()
    assert cut.to_text() == clip.to_text()
    assert not editor.document.visible_solution().any()
    undo_redo_exact(editor, before)

    editor.undo()
    before = state(editor)
    editor.clipboard.select(Rect(1, 1, 2, 3))
    editor.clipboard.move_selection(3, 4)
    grid = editor.document.visible_solution()
    assert grid[4:6, 5:8].all()
    assert grid.sum() == 6
    assert editor.selection == Rect(4, 5, 5, 7)
    undo_redo_exact(editor, before)


def test_dragging_the_selection_moves_it_in_one_step(editor):
    stroke(editor, "solution", "pen", [(0, 0), (0, 2)], True)
    stroke(editor, "solution", "select", [(0, 0), (0, 2)], None)
    assert editor.selection == Rect(0, 0, 0, 2)
    assert len(editor.history) == 1
    before = state(editor)
    stroke(editor, "solution", "select", [(0, 1), (3, 2), (5, 3)], None)
    grid = editor.document.visible_solution()
    assert grid[5, 2:5].all()
    assert grid.sum() == 3
    assert editor.selection == Rect(5, 2, 5, 4)
    assert len(editor.history) == 2
    undo_redo_exact(editor, before)


def test_keyboard_cursor_paints_while_moving(editor):
    before = state(editor)
    editor.move_cursor(0, 1)
    editor.set_cell("solution", editor.cursor, True)
    editor.move_cursor(1, 0, layer="solution", value=True)
    editor.move_cursor(0, -5)  # clamped at the edge
    assert editor.cursor == (1, 0)
    assert set(zip(*np.nonzero(editor.document.visible_solution()))) == {(0, 1), (1, 1)}
    editor.set_cell("solution", (0, 1), False)
    assert editor.document.visible_solution().sum() == 1
    assert len(editor.history) == 3
    for _ in range(3):
        editor.undo()
    assert same(state(editor), before)


def test_palette_rules(editor):
    stroke(editor, "picture", "pen", [(0, 0), (0, 3)], RED)
    index = editor.document.palette.index(RED)
    assert editor.palette.in_use(index)
    before = state(editor)
    editor.palette.remove(index, replacement=BLUE)
    assert RED not in editor.document.palette
    assert (editor.document.visible_picture()[0, :4] == BLUE).all()
    undo_redo_exact(editor, before)
    editor.undo()
    before = state(editor)
    editor.palette.edit(index, (1, 2, 3))
    assert editor.document.palette[index] == (1, 2, 3)
    assert (editor.document.picture[0, :4] == (1, 2, 3)).all()
    undo_redo_exact(editor, before)
    before = state(editor)
    editor.palette.add((9, 9, 9))
    editor.palette.add((9, 9, 9))  # already there: no step
    assert editor.document.palette[-1] == (9, 9, 9)
    assert len(editor.history) == 3
    undo_redo_exact(editor, before)


def test_resize_keeps_hidden_cells_and_cleared_flag(editor):
    stroke(editor, "solution", "pen", [(9, 9)], True)
    before = state(editor)
    editor.transforms.resize(5, 6)
    assert editor.document.visible_solution().shape == (6, 5)
    assert not editor.document.visible_solution().any()
    undo_redo_exact(editor, before)
    editor.transforms.resize(64, 64)
    assert editor.document.visible_solution()[9, 9]
    with pytest.raises(ValueError):
        editor.transforms.resize(0, 4)
    before = state(editor)
    editor.set_cleared(True)
    undo_redo_exact(editor, before)


def test_save_reopen_round_trip_and_unsaved_flag(editor, tmp_path):
    stroke(editor, "solution", "rectangle", [(0, 0), (4, 6)], True)
    stroke(editor, "picture", "filled rectangle", [(2, 2), (3, 3)], RED)
    editor.set_cleared(True)
    editor.save(tmp_path / "house")
    assert not editor.modified
    assert editor.document.path == tmp_path / "house.level"
    again = Editor()
    again.load(tmp_path / "house.level")
    assert again.level() == editor.level()
    assert not again.modified
    editor.undo()
    assert editor.modified
    editor.redo()
    assert not editor.modified  # back at the saved state
    position = editor.history.position()
    stroke(editor, "solution", "pen", [(9, 9)], True)
    editor.saved(tmp_path / "house.level", position)  # a background save of the older state finished
    assert editor.modified


def test_non_import_export_round_trip(editor, tmp_path):
    stroke(editor, "solution", "pen", [(0, 0), (9, 9)], True)
    editor.export_non(tmp_path / "diagonal.non")
    other = Editor()
    other.import_non(tmp_path / "diagonal.non")
    assert np.array_equal(other.document.visible_solution(), editor.document.visible_solution())
    assert other.document.path == tmp_path / "diagonal.level"


def test_undo_limit_drops_the_oldest_steps():
    editor = Editor(undo_limit=3)
    for column in range(5):
        editor.set_cell("solution", (0, column), True)
    while editor.undo():
        pass
    assert editor.document.visible_solution()[0].tolist()[:5] == [True, True, False, False, False]
    assert editor.modified  # the saved (empty) state is no longer reachable


def test_cancelled_stroke_leaves_no_trace(editor):
    before = state(editor)
    editor.strokes.press("solution", "pen", (2, 2), True)
    editor.strokes.drag_to((2, 6))
    editor.strokes.cancel()
    assert same(state(editor), before)
    assert not editor.history.can_undo()


def test_snapshot_restore_is_exact(editor):
    stroke(editor, "picture", "pen", [(1, 1)], RED)
    snapshot = Snapshot.of(editor.document)
    editor.transforms.apply("rotate 90")
    editor.transforms.resize(3, 7)
    snapshot.restore(editor.document)
    assert editor.document.width == 10
    assert tuple(editor.document.picture[1, 1]) == RED


def test_the_core_does_not_import_qt():
    import subprocess

    code = ("import sys, nonogram_editor.core, nonogram_editor.core.play; "
            "print([m for m in sys.modules if m.startswith('PySide6')])")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "[]"


def test_load_errors_name_the_file(editor, tmp_path):
    (tmp_path / "bad.level").write_text("7\n")
    with pytest.raises(Exception, match="bad.level"):
        editor.load(tmp_path / "bad.level")
    assert isinstance(load_level, object)
    assert isinstance(editor.level(), Level)


def test_play_session_fills_crosses_checks_and_hints():
    from nonogram_editor.core.play import CROSSED, FILLED, UNKNOWN, PlaySession

    solution = np.array([[1, 1, 1], [0, 1, 0], [0, 1, 0]], dtype=bool)
    now = [100.0]
    session = PlaySession(solution, clock=lambda: now[0])
    assert session.row_clues == [[3], [1], [1]]
    assert session.column_clues == [[1], [3], [1]]
    hint = session.hint()
    assert hint.line == ("row", 0)
    assert set(hint.cells) == {(0, 0), (0, 1), (0, 2)}
    session.mark([(0, 0), (0, 1), (0, 2)], FILLED)
    session.mark([(1, 0)], FILLED)
    result = session.check()
    assert not result.solved
    assert result.mistakes[1, 0]
    assert result.mistakes.sum() == 1
    assert session.hint().line == ("row", 1)  # from the (wrong) fill, logic crosses the rest of row 2
    session.mark([(1, 0)], CROSSED)
    now[0] = 107.5
    session.mark([(1, 1), (2, 1)], FILLED)
    assert session.check().solved
    assert session.elapsed() == 7.5
    now[0] = 200.0
    assert session.elapsed() == 7.5  # the timer stops when solved
    session.mark([(1, 0)], UNKNOWN)
    assert "Solved" in session.hint().text


def test_play_hint_names_a_line_whose_marks_contradict():
    from nonogram_editor.core.play import FILLED, PlaySession

    session = PlaySession(np.array([[1, 0, 1], [0, 0, 0]], dtype=bool))
    session.mark([(0, 1)], FILLED)
    assert session.hint().line == ("row", 0)
    assert "do not fit" in session.hint().text


def test_play_hint_says_when_line_logic_is_stuck():
    from nonogram_editor.core.play import PlaySession

    session = PlaySession(np.array([[1, 0], [0, 1]], dtype=bool))  # two solutions: no line advances
    assert session.hint().line is None
    assert "lookahead" in session.hint().text


def test_the_view_is_told_exactly_what_changed(editor):
    view = View(editor)
    editor.set_cleared(True)
    assert view.changes[-1] == {"cleared", "history"}
    editor.clipboard.select(Rect(0, 0, 1, 1))
    assert view.changes[-1] == {"selection"}
    assert not editor.history.can_redo()
    editor.palette.add((1, 1, 1))
    assert view.changes[-1] == {"palette", "history"}
    view.changes.clear()
    editor.strokes.press("picture", "pen", (0, 0), RED)
    assert view.changes == [{"picture"}]  # shown live, not yet a step
    editor.strokes.release()
    assert view.changes[-1] == {"picture", "history"}
    editor.undo()
    assert {"picture", "history"} <= view.changes[-1]
    assert "solution" not in view.changes[-1]
    editor.transforms.resize(3, 3)
    assert {"size", "solution", "picture", "history"} <= view.changes[-1]
    editor.new()
    assert "document" in view.changes[-1]
    assert not editor.modified


def test_the_status_bar_describes_a_cell_of_either_layer(editor):
    editor.set_cell("solution", (2, 3), True)
    editor.set_cell("picture", (0, 0), (255, 0, 0))
    assert editor.describe_cell("solution", (2, 3)) == "Solution: row 3, column 4 — filled"
    assert editor.describe_cell("solution", (0, 0)) == "Solution: row 1, column 1 — empty"
    assert editor.describe_cell("picture", (0, 0)).startswith("Picture: row 1, column 1 — ")
    assert editor.describe_cell("picture", (0, 0)) != editor.describe_cell("picture", (0, 1))  # named by colour


def test_a_failure_names_the_file_once():
    from pathlib import Path

    from nonogram_editor.core.level_files import describe_failure

    path = Path("/tmp/cat.level")
    assert describe_failure(ValueError("bad size"), path) == "/tmp/cat.level: bad size"
    assert describe_failure(ValueError(f"{path}: bad size"), path) == "/tmp/cat.level: bad size"
    assert "not available in this installation" in describe_failure(ImportError("no module named x"), path)


def test_observers_are_told_aspects_and_the_tools_and_layers_are_types(editor):
    from nonogram_editor.core import LAYERS, TOOLS, Aspect, Layer, Tool

    assert TOOLS == tuple(Tool)
    assert LAYERS == tuple(Layer)
    assert Tool.FILLED_RECTANGLE == "filled rectangle"
    view = View(editor)
    for layer, tool in [(Layer.SOLUTION, tool) for tool in Tool] + [(Layer.PICTURE, Tool.FILL)]:
        stroke(editor, layer, tool, [(1, 1), (3, 4)], True if layer == Layer.SOLUTION else RED)
    editor.move_cursor(1, 0)
    editor.undo()
    editor.transforms.resize(12, 8)
    editor.set_symmetry("both")
    kinds = {type(aspect) for change in view.changes for aspect in change}
    assert kinds == {Aspect}
    assert {Aspect.SOLUTION, Aspect.PICTURE, Aspect.SELECTION, Aspect.CURSOR, Aspect.HISTORY, Aspect.SIZE,
            Aspect.SYMMETRY} <= view.all()
