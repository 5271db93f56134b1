"""Plugins installed the way a third-party package is (an entry point in a dist-info on sys.path),
seen by the GUI and by `nonogram-editor puzzles` / `solve ID --first|--count --json --jobs N`."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

from nonogram_editor.cli.run import run_command
from nonogram_editor.plugin_api import DISABLE_ENV
from nonogram_editor.plugin_api.host import PluginHost

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BUILT_INS = "pyramid,cube,voxel"  # kept out so these tests see only the tiny package

TINY_PLUGIN = '''
"""A tiny third-party plugin: n queens (a known answer: 6 queens have 4 solutions, 1 up to symmetry)."""
from nonogram_editor.plugin_api import CountResult, PanelSpec, PuzzleSpec, hookimpl

N = 6


def _safe(columns, column):
    row = len(columns)
    return all(column != c and abs(column - c) != row - r for r, c in enumerate(columns))


def _solutions(task, columns=()):
    task.check_cancelled()
    if len(columns) == N:
        yield columns
        return
    for column in range(N):
        if _safe(columns, column):
            yield from _solutions(task, columns + (column,))


def _symmetries(solution):
    cells = [(r, c) for r, c in enumerate(solution)]
    images = []
    for turn in range(4):
        for mirror in (False, True):
            moved = []
            for r, c in cells:
                for _ in range(turn):
                    r, c = c, N - 1 - r
                moved.append((r, N - 1 - c) if mirror else (r, c))
            images.append(tuple(c for _, c in sorted(moved)))
    return images


def solve_first(task):
    return next(_solutions(task), None)


def count(task, jobs):
    total, canonical = 0, set()
    for first in range(N):
        task.report(first, N, f"first queen in column {first + 1}", force=True)
        for solution in _solutions(task, (first,)):
            total += 1
            canonical.add(min(_symmetries(solution)))
    return CountResult(total, len(canonical), extra={"jobs": jobs})


def board(solution):
    return "\\n".join("".join("Q" if c == column else "." for c in range(N)) for column in solution)


def make_panel(context, parent):
    from PySide6.QtWidgets import QLabel

    return QLabel("tiny queens panel", parent)


@hookimpl
def nonogram_editor_panels(panels):
    panels.add(PanelSpec(id="tiny-queens", title="Tiny queens", factory=make_panel))


@hookimpl
def nonogram_editor_puzzles(puzzles):
    puzzles.add(PuzzleSpec(id="queens-6", title="Six queens", solve_first=solve_first, count=count,
                           format_solution=board, solution_to_json=list))
'''


@pytest.fixture
def tiny_package(tmp_path, monkeypatch):
    """A dist-info with two entry points: a working plugin and one that fails to import."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "tiny_queens_plugin.py").write_text(TINY_PLUGIN)
    (site / "broken_plugin_for_tests.py").write_text("raise ImportError('a dependency is missing')\n")
    dist = site / "tiny_queens-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tiny-queens\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(textwrap.dedent("""
        [nonogram_editor.plugins]
        tiny = tiny_queens_plugin
        broken = broken_plugin_for_tests
    """))
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv(DISABLE_ENV, BUILT_INS)
    monkeypatch.delitem(sys.modules, "tiny_queens_plugin", raising=False)
    return site


def stdout_lines(capsys):
    captured = capsys.readouterr()
    return captured.out.strip().splitlines(), captured.err


def test_entry_point_plugins_load_and_a_broken_one_is_reported(tiny_package):
    host = PluginHost()
    assert host.plugin_names() == ["tiny"]
    assert "queens-6" in host.puzzles()
    assert "tiny-queens" in host.panels()
    [failure] = host.failures
    assert (failure.plugin, failure.stage) == ("broken", "load")
    assert "ImportError: a dependency is missing" in failure.error
    assert "Traceback" in failure.details


def test_entry_point_plugin_panel_opens_in_the_editor(tiny_package, qtbot, isolated_settings):
    from PySide6.QtWidgets import QMainWindow

    from nonogram_editor.ui.puzzle_docks import install

    window = QMainWindow()
    qtbot.addWidget(window)
    menu = window.menuBar().addMenu("&Puzzles")
    docks = install(window, menu)
    assert [a.text() for a in menu.actions()] == ["Tiny queens"]
    menu.actions()[0].trigger()
    assert docks.docks["tiny-queens"].widget().text() == "tiny queens panel"
    assert "broken" in window.statusBar().currentMessage()


def test_puzzles_lists_ids_and_warns_about_broken_plugins(tiny_package, capsys):
    assert run_command(["puzzles"]) == 0
    lines, err = stdout_lines(capsys)
    assert lines == [f"{'queens-6':24s} Six queens"]
    assert "plugin 'broken' skipped (load): ImportError" in err


def test_solve_first_prints_a_valid_solution(tiny_package, capsys):
    assert run_command(["solve", "queens-6", "--first", "--json"]) == 0
    lines, _ = stdout_lines(capsys)
    [result] = map(json.loads, lines)
    assert result["puzzle"] == "queens-6"
    assert result["found"] is True
    columns = result["solution"]
    assert sorted(columns) == list(range(6))
    assert len({r - c for r, c in enumerate(columns)}) == len({r + c for r, c in enumerate(columns)}) == 6
    assert run_command(["solve", "queens-6", "--first"]) == 0
    lines, _ = stdout_lines(capsys)
    assert lines[:6] == ["".join("Q" if c == column else "." for c in range(6)) for column in columns]


def test_solve_count_json_with_jobs(tiny_package, capsys):
    assert run_command(["solve", "queens-6", "--count", "--json", "--jobs", "1"]) == 0
    lines, err = stdout_lines(capsys)
    [result] = map(json.loads, lines)
    assert (result["puzzle"], result["count"], result["distinct"], result["jobs"]) == ("queens-6", 4, 1, 1)
    assert result["complete"] is True
    assert isinstance(result["seconds"], float)
    assert run_command(["solve", "queens-6", "--count"]) == 0
    lines, err = stdout_lines(capsys)
    assert "Six queens: 4 solutions, 1 distinct up to symmetry" in lines[-1]


def test_unknown_or_blocked_puzzle_is_a_clear_error(tiny_package, capsys, monkeypatch):
    assert run_command(["solve", "queens-7"]) == 2
    _, err = stdout_lines(capsys)
    assert "no puzzle 'queens-7'" in err
    monkeypatch.setenv(DISABLE_ENV, BUILT_INS + ",tiny")
    assert run_command(["puzzles"]) == 0
    lines, _ = stdout_lines(capsys)
    assert lines == []


def test_a_crashing_solver_is_reported_without_a_traceback(capsys):
    from nonogram_editor.plugin_api import PuzzleSpec, hookimpl

    class Crashing:
        @hookimpl
        def nonogram_editor_puzzles(self, puzzles):
            puzzles.add(PuzzleSpec(id="crash", title="Crash", solve_first=lambda task: 1 / 0))

    host = PluginHost(load_entry_points=False)
    host.register(Crashing(), "crashing")
    assert run_command(["solve", "crash"], host=host) == 1
    _, err = stdout_lines(capsys)
    assert "error: puzzle 'crash' failed: ZeroDivisionError" in err
    assert "Traceback" not in err


def test_the_installed_command_sees_the_entry_point(tiny_package):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tiny_package), REPO]), DISABLE_ENV: BUILT_INS}
    result = subprocess.run([sys.executable, "-m", "nonogram_editor", "solve", "queens-6", "--count", "--json"],
                            capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert (summary["count"], summary["distinct"]) == (4, 1)
