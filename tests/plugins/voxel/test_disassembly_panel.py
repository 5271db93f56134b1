"""The voxel panel takes the packing shown apart and plays the moves in the 3-D view, the pieces
sliding (real window, real clicks and keys, rendered frames compared, the GIF read back)."""
from pathlib import Path

import numpy as np
from PIL import Image
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from nonogram_editor_builtins.voxel import plugin
from nonogram_editor_builtins.voxel.burrtools_solutions import stored_problems
from nonogram_editor_builtins.voxel.cover import Placement
from nonogram_editor_builtins.voxel.geometry import normal_form, orientations
from tests.plugins.panels import open_panel

BURRS = Path(__file__).parents[2] / "data" / "burrtools" / "SolidSixPieceBurrs.xmpuzzle"


def burr_with_level(puzzle, level: str):
    """A stored six-piece burr of this level, as the solver's placements (pieces named as the panel's puzzle's)."""
    (problem,) = stored_problems(BURRS)
    stored = next(s for s in problem.stored if s.level == level)
    low = tuple(min(c[i] for p in stored.cells for c in p) for i in range(3))
    placements = []
    for cells in stored.cells:
        cells = tuple(sorted((x - low[0], y - low[1], z - low[2]) for x, y, z in cells))
        piece = next(i for i, p in enumerate(puzzle.pieces) if normal_form(cells) in orientations(p.cells, False))
        placements.append(Placement(piece, cells))
    return tuple(sorted(placements)), stored


def test_a_six_piece_burr_comes_apart_move_by_move_in_the_view(qtbot, tmp_path):
    panel = open_panel(qtbot, plugin, "voxel", (900, 800))
    panel.activateWindow()
    qtbot.waitActive(panel)
    qtbot.waitUntil(lambda: panel.puzzle is not None and panel.count_button.isEnabled())
    panel.load_file(str(BURRS))
    qtbot.waitUntil(lambda: panel.puzzle is not None and panel.puzzle.source == str(BURRS)
                    and panel.count_button.isEnabled())
    burr, stored = burr_with_level(panel.puzzle, "1.2")
    assert len(burr) == 6
    panel.set_solutions([burr], complete=True)
    bar, player = panel.disassembly, panel.disassembly.player
    assert bar.start_button.isEnabled()
    assert not player.next_button.isEnabled()
    before = panel.view.capture_image()
    qtbot.mouseClick(bar.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bar.label.text().startswith("Level 1.2"))
    assert panel.status.text() == "taken apart in 6 moves"  # no longer "disassembling…"
    assert "assembled" in bar.label.text()
    assert not player.previous_button.isEnabled()
    frames = [panel.view.capture_image()]  # assembled, seen from farther: the camera frames the pieces apart
    moves = len(bar.moves)
    assert moves == sum(v - 1 for v in stored.info if v) > 3
    assert player.move_list.count() == moves + 1
    assert player.move_list.currentRow() == 0
    for step in range(1, moves + 1):
        if step % 2:
            qtbot.mouseClick(player.next_button, Qt.MouseButton.LeftButton)
        else:
            panel.first_button.setFocus()  # a key press as a user makes it, the focus in the panel
            QTest.keyClick(panel.first_button, Qt.Key.Key_PageDown, Qt.KeyboardModifier.AltModifier)
        assert bar.label.text().split(": move ")[1].startswith(f"{step}:")  # said as the pieces start sliding
        assert player.move_list.currentRow() == step
        qtbot.waitUntil(lambda: not player.playing)
        frames.append(panel.view.capture_image())
        frames[-1].save(str(tmp_path / f"move-{step:02d}.png"))
        assert frames[-1] != frames[-2], f"move {step} changed nothing in the view"
    assert not player.next_button.isEnabled()
    QTest.keyClick(panel.first_button, Qt.Key.Key_PageUp, Qt.KeyboardModifier.AltModifier)
    assert f"move {moves - 1}:" in bar.label.text()
    qtbot.waitUntil(lambda: not player.playing)
    assert panel.view.capture_image() == frames[-2]

    # a click in the list goes to that move; Play from there, Pause mid-move: the pieces stop halfway
    item = player.move_list.item(1)
    qtbot.mouseClick(player.move_list.viewport(), Qt.MouseButton.LeftButton,
                     pos=player.move_list.visualItemRect(item).center())
    assert player.step == 1
    assert player.position == 1
    assert panel.view.capture_image() == frames[1]
    player.speed_box.setCurrentIndex(0)  # the slowest: a move takes seconds
    assert player.speed() < 1
    qtbot.mouseClick(player.play_button, Qt.MouseButton.LeftButton)
    assert player.playing
    assert player.play_button.text() == "Pause"
    qtbot.waitUntil(lambda: 1.1 < player.position < 1.9, timeout=10000)
    QTest.keyClick(panel.first_button, Qt.Key.Key_K, Qt.KeyboardModifier.AltModifier)  # Pause
    assert not player.playing
    assert player.play_button.text() == "Play"
    assert 1 < player.position < 2
    middle = panel.view.capture_image()
    assert middle != frames[1]
    assert middle != frames[2]
    assert player.move_list.currentRow() == 2  # the move under way

    path = tmp_path / "apart.gif"
    player.save_gif(str(path), (200, 150), 4)
    qtbot.waitUntil(lambda: not panel.busy, timeout=60000)
    assert "wrote" in panel.status.text()
    with Image.open(path) as gif:
        assert gif.size == (200, 150)
        assert gif.n_frames == 4 * moves + 1
        gif.seek(0)
        first = np.asarray(gif.convert("RGB"))
        gif.seek(gif.n_frames - 1)
        last = np.asarray(gif.convert("RGB"))
    assert (first != last).any()

    panel.set_solutions([burr], complete=True)  # shown afresh: the pieces are back in place
    assert bar.start_button.isEnabled()
    assert bar.label.text() == ""
    assert not player.isVisible()
    assert panel.view.capture_image() == before


def test_a_count_says_how_many_come_apart_and_a_locked_assembly_says_so(qtbot, tmp_path):
    panel = open_panel(qtbot, plugin, "voxel", (700, 600))
    qtbot.waitUntil(lambda: panel.puzzle is not None and panel.count_button.isEnabled())
    path = Path(__file__).parents[2] / "data" / "burrtools" / "CubeInCage.xmpuzzle"
    panel.load_file(str(path))
    qtbot.waitUntil(lambda: panel.puzzle is not None and panel.puzzle.source == str(path)
                    and panel.count_button.isEnabled())
    panel.checkpoint_dir = tmp_path / "counts"
    qtbot.mouseClick(panel.count_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(panel.solutions) == 96 and panel.count_button.isEnabled())
    assert "96 up to the" in panel.status.text()
    assert "; 1 of them come apart (solutions)" in panel.status.text()
    bar = panel.disassembly
    for number in range(len(panel.solutions)):  # the first locked one
        panel.show_solution(number)
        qtbot.mouseClick(bar.start_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: bar.label.text() != "")
        if "does not come apart" in bar.label.text():
            break
    assert not bar.player.next_button.isEnabled()
    assert not bar.start_button.isEnabled()
    assert bar.offsets(panel.shown_solution()) == {}  # the packing stays as it is
