"""Hostile puzzle files: each refused quickly with a message naming it; a bad shipped file costs only itself."""
import json
import os
import shutil
import threading

import pytest

import nonogram_editor_builtins.voxel.plugin as voxel_plugin
from nonogram_editor.cli.run import run_command
from nonogram_editor.plugin_api.host import PluginHost
from nonogram_editor_builtins.voxel import model as puzzle_module
from nonogram_editor_builtins.voxel.model import MAX_FILE_BYTES, PuzzleFileError, load_puzzle

SOMA = puzzle_module.RESOURCE_DIR / "soma.json"


def refused(path) -> str:
    with pytest.raises(PuzzleFileError) as error:
        load_puzzle(path)
    message = str(error.value)
    assert message.startswith(f"{path}: ")
    return message


def test_deep_nesting_is_named_not_a_recursion_error(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    assert "nested too deeply" in refused(deep)
    nested_cell = tmp_path / "nested-cell.json"  # valid JSON, nesting inside a cell
    nested_cell.write_text('{"target": {"cells": [' + "[" * 900 + "]" * 900 + ']}, "pieces": []}')
    message = refused(nested_cell)
    assert "a cell must be a list of 3 integers" in message
    assert len(message) < 300


def test_a_huge_box_is_refused_before_any_cell_is_built(tmp_path):
    huge = tmp_path / "huge.json"
    huge.write_text(json.dumps({"target": {"box": [200, 200, 200]}, "pieces": [{"name": "x", "cells": [[0, 0, 0]]}]}))
    assert "target \"box\" [200, 200, 200] has 8000000 cells, more than the" in refused(huge)


@pytest.mark.parametrize("data, problem", [
    ({"target": {"layers": [["#" * 1001]]}, "pieces": []}, "span more than 1000"),
    ({"target": {"cells": [[0, 0, 0], [10 ** 6, 0, 0]]}, "pieces": []}, "too far out"),
    ({"target": {"box": [2, 1, 1]}, "pieces": [{"name": "a", "cells": [[0, 0, 0]], "copies": 10 ** 9}]},
     "more than 1000 pieces"),
    ({"target": {"box": [2, 1, 1]}, "pieces": [{"name": "a", "cells": [[0, 0, 0], [1, 0, 0], [2, 0, 0]]}]},
     "already have 3 cells, more than the target's 2"),
])
def test_sizes_are_limited(tmp_path, data, problem):
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data))
    assert problem in refused(path)


def test_a_long_number_and_a_large_file_are_refused(tmp_path):
    number = tmp_path / "number.json"
    number.write_text('{"target": {"box": [' + "9" * 5000 + ', 1, 1]}, "pieces": []}')
    assert "not valid JSON" in refused(number)
    large = tmp_path / "large.json"
    large.write_text(json.dumps({"description": "x" * MAX_FILE_BYTES}))
    assert "larger than 1024 KiB" in refused(large)


def test_a_fifo_and_a_device_are_not_read(tmp_path):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    # Without the check the read would wait for a writer: this one comes after a while and writes nothing.
    threading.Thread(target=lambda: open(fifo, "w").close(), daemon=True).start()
    assert "not a regular file" in refused(fifo)
    zero = tmp_path / "zero.json"
    zero.symlink_to("/dev/zero")
    assert "not a regular file" in refused(zero)
    open(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK), closefd=True).close()  # release the writer


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    """The shipped-puzzles folder holding Soma, a broken file and a huge one."""
    folder = tmp_path / "shipped"
    folder.mkdir()
    shutil.copy(SOMA, folder / "soma.json")
    (folder / "broken.json").write_text('{"target": ')
    (folder / "huge.json").write_text(json.dumps({"target": {"box": [200, 200, 200]}, "pieces": []}))
    monkeypatch.setattr(puzzle_module, "RESOURCE_DIR", folder)
    host = PluginHost(load_entry_points=False)
    host.register(voxel_plugin, "voxel", built_in=True)
    return folder, host


def test_a_bad_shipped_file_costs_only_its_own_puzzle(shipped):
    folder, host = shipped
    puzzles = host.puzzles()
    assert [spec.id for spec in puzzles] == ["voxel-soma"]
    assert sorted((f.plugin, f.stage, f.error.split(":")[0]) for f in host.failures) == [
        ("voxel", "puzzle 'voxel-broken'", "PuzzleFileError"), ("voxel", "puzzle 'voxel-huge'", "PuzzleFileError")]
    assert all(str(folder) in f.error for f in host.failures)
    assert "voxel" in host.panels()


def test_the_cli_reads_only_the_puzzle_it_solves(shipped, capsys):
    _, host = shipped
    assert run_command(["solve", "voxel-soma", "--first"], host=host) == 0
    assert capsys.readouterr().err == ""  # the broken and huge files were not read
    assert run_command(["solve", "voxel-broken"], host=host) == 2
    err = capsys.readouterr().err
    assert "broken.json: not valid JSON" in err
    assert "error: no puzzle 'voxel-broken'; could not be loaded" in err


def test_cli_puzzles_lists_the_good_files_and_names_the_bad(shipped, capsys):
    _, host = shipped
    assert run_command(["puzzles"], host=host) == 0
    out, err = capsys.readouterr()
    assert out.split() == ["voxel-soma", "Soma", "cube"]
    assert "huge.json: target \"box\" [200, 200, 200] has 8000000 cells" in err
    assert "broken.json" in err


def test_help_plugins_lists_the_bad_shipped_files_and_the_good_puzzle(shipped, qtbot, isolated_settings):
    from PySide6.QtWidgets import QMainWindow

    from nonogram_editor.ui.puzzle_docks import install

    folder, host = shipped
    window = QMainWindow()
    qtbot.addWidget(window)
    dialog = install(window, window.menuBar().addMenu("&Puzzles"), host=host).show_plugins_dialog()
    [(name, provides)] = dialog.loaded_rows()
    assert name == "voxel"
    assert provides == "panels: Voxel packing; puzzles: voxel-soma"
    rows = sorted(dialog.failure_rows())
    assert [plugin for plugin, _ in rows] == ["voxel", "voxel"]
    assert rows[0][1].startswith(f"puzzle 'voxel-broken': PuzzleFileError: {folder / 'broken.json'}: not valid JSON")
    assert rows[1][1].startswith(f"puzzle 'voxel-huge': PuzzleFileError: {folder / 'huge.json'}: target \"box\"")
