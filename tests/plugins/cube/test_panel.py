"""The cube panel under pytest-qt: real buttons, background jobs, flat and 3-D views."""
import os

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt

from nonogram_editor_builtins.cube import plugin, scene
from nonogram_editor_builtins.cube.checker import check_garden
from tests.editor.scene3d.test_view import rgb_array, window_point
from tests.plugins.panels import open_panel


def click(qtbot, button):
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


@pytest.fixture
def panel(qtbot):
    return open_panel(qtbot, plugin, "cube", (1000, 560))


def choose(panel, garden_id):
    panel.variant_box.setCurrentIndex(panel.variant_box.findData(garden_id))


def wait_idle(panel, qtbot):
    qtbot.waitUntil(lambda: not panel.busy)


def assert_valid_shown(panel):
    garden = panel.garden
    spec = panel.specs[garden.spec_id]
    assert check_garden(garden.as_dict(), spec.faces, spec.rule, spec.box if spec.rule == "packed" else None) == []
    assert panel.canvas.garden == garden
    assert sorted(p.id for p in panel.view.parts()) == sorted(scene.part_id(n) for n in spec.pieces)
    assert panel.check_label.text().startswith("Valid")


def test_packed_solve_next_random_and_the_red_inside_option(panel, qtbot):
    choose(panel, "packed")
    assert panel.red_inside_box.isVisibleTo(panel)
    assert not panel.connected_box.isVisibleTo(panel)
    assert not panel.count_button.isEnabled()
    click(qtbot, panel.solve_button)
    wait_idle(panel, qtbot)
    assert_valid_shown(panel)
    first = panel.garden
    click(qtbot, panel.next_button)
    wait_idle(panel, qtbot)
    assert_valid_shown(panel)
    assert panel.garden != first
    click(qtbot, panel.red_inside_box)
    assert not panel.next_button.isEnabled()  # other options: "Next" waits for a new "Solve"
    click(qtbot, panel.random_garden_button)
    wait_idle(panel, qtbot)
    assert_valid_shown(panel)
    red = next(p for p, piece in panel.garden.placements if piece == 0)
    assert all(0 < c < 3 for c in red)


def test_square_packed_count_shows_the_known_numbers(panel, qtbot):
    choose(panel, "square-packed")
    assert not panel.red_inside_box.isVisibleTo(panel)
    assert not panel.jobs_spin.isVisibleTo(panel)  # this count runs in one process
    click(qtbot, panel.count_button)
    wait_idle(panel, qtbot)
    assert "652 gardens, 82 up to symmetry" in panel.status.text()
    assert any("652" in m for m in panel.messages)
    assert_valid_shown(panel)  # a count ends with the first garden shown, as the other panels' do
    assert panel.shown_label.text().startswith("garden 1 of ")
    first = panel.garden
    click(qtbot, panel.next_button)  # and Next goes on from it
    wait_idle(panel, qtbot)
    assert_valid_shown(panel)
    assert panel.garden != first
    assert panel.shown_label.text().startswith("garden 2 of ")
    click(qtbot, panel.solve_button)
    wait_idle(panel, qtbot)
    assert_valid_shown(panel)
    # the flat drawing: each square's cell is mostly its connector colour (red for none, blue for four)
    pixels = rgb_array(panel.canvas.grab().toImage())
    for position, piece in panel.garden.placements:
        cell = panel.canvas.cell_rect(position)
        patch = pixels[round(cell.top()):round(cell.bottom()), round(cell.left()):round(cell.right())]
        wanted = np.array(scene.piece_color(piece))
        close = np.abs(patch - wanted).max(axis=-1) <= 8
        assert close.sum() > 0.25 * patch.shape[0] * patch.shape[1], piece


def test_hanging_solve_renders_a_3d_frame(panel, qtbot):
    choose(panel, "hanging")
    assert panel.connected_box.isVisibleTo(panel)
    assert panel.smallest_button.isVisibleTo(panel)
    click(qtbot, panel.solve_button)
    wait_idle(panel, qtbot)
    assert_valid_shown(panel)
    # the 3-D view rendered something bluish (cubes with many connectors) on its background
    pixels = rgb_array(panel.view.capture_image())
    bluish = (pixels[..., 2] > 120) & (pixels[..., 0] < 120) & (pixels[..., 1] < 80)
    assert bluish.sum() > 50


def test_cancel_stops_a_long_search(panel, qtbot):
    choose(panel, "hanging")
    click(qtbot, panel.connected_box)
    click(qtbot, panel.in_box_box)
    for side, n in zip(panel.box_sides, (7, 7, 7)):
        side.setValue(n)
    click(qtbot, panel.solve_button)
    qtbot.waitUntil(lambda: panel.cancel_button.isEnabled())
    qtbot.wait(300)
    click(qtbot, panel.cancel_button)
    wait_idle(panel, qtbot)
    assert panel.status.text() == "cancelled"
    assert panel.solve_button.isEnabled()


def test_clicking_a_piece_flat_or_in_3d_selects_it_in_both(panel, qtbot):
    choose(panel, "square-packed")
    click(qtbot, panel.solve_button)
    wait_idle(panel, qtbot)
    cells = {piece: position for position, piece in panel.garden.placements}
    middle = panel.canvas.cell_rect(cells[15]).center()
    qtbot.mouseClick(panel.canvas, Qt.MouseButton.LeftButton, pos=QPoint(round(middle.x()), round(middle.y())))
    assert panel.canvas.selected == 15
    assert panel.view.selected_part() == scene.part_id(15)
    assert "N+E+S+W" in panel.piece_label.text()

    x, y, z = cells[6]
    top_of_tile = scene.to_view(x, y, z)
    top_of_tile = (top_of_tile[0], top_of_tile[1] + scene.TILE_HEIGHT / 2, top_of_tile[2])
    with qtbot.waitSignal(panel.view.partClicked):
        qtbot.mouseClick(panel.view.render_window(), Qt.MouseButton.LeftButton,
                         pos=window_point(panel.view, top_of_tile))
    assert panel.canvas.selected == 6
    assert panel.view.selected_part() == scene.part_id(6)
    assert "E+S" in panel.piece_label.text()


def test_the_transcendental_count_ends_with_a_full_progress_bar(panel, qtbot):
    choose(panel, "square-transcendental")
    assert panel.jobs_spin.isVisibleTo(panel)
    assert panel.jobs_spin.value() == (os.cpu_count() or 1)
    click(qtbot, panel.count_button)
    qtbot.waitUntil(lambda: 0 < panel.progress_bar.value() < panel.progress_bar.maximum())
    wait_idle(panel, qtbot)
    assert "5,005 gardens, 631 up to symmetry" in panel.status.text()
    assert_valid_shown(panel)
    assert panel.progress_bar.value() == panel.progress_bar.maximum()  # it stayed at 94% before
