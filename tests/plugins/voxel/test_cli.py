"""The command line goes through the plugin's PuzzleSpecs (no Qt)."""
import json
import subprocess
import sys
from pathlib import Path

import nonogram_editor.cli.run
from nonogram_editor.plugin_api.host import PluginHost
from nonogram_editor_builtins.voxel import checker
from nonogram_editor_builtins.voxel.model import RESOURCE_DIR, load_puzzle

ROOT = Path(__file__).resolve().parents[3]


def run(*args):
    return subprocess.run([sys.executable, "-m", "nonogram_editor", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)


def test_puzzles_are_registered_through_the_entry_point():
    puzzles = PluginHost().puzzles()
    ids = [spec.id for spec in puzzles if spec.id.startswith("voxel-")]
    assert ids == ["voxel-tetris-cube", "voxel-y25", "voxel-soma", "voxel-pentominoes-6x10"]


def test_registering_the_puzzles_imports_no_solver():
    code = ("import sys; from nonogram_editor.plugin_api.host import PluginHost; PluginHost().puzzles(); "
            "loaded = [m for m in ('numba', 'numpy', 'nonogram_editor_builtins.voxel.solver') if m in sys.modules]; "
            "assert not loaded, loaded")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


def test_solve_first_json_is_a_checked_packing():
    result = run("solve", "voxel-tetris-cube", "--first", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)  # stdout is the JSON document only
    assert data["found"]
    assert data["puzzle"] == "voxel-tetris-cube"
    puzzle = load_puzzle(RESOURCE_DIR / "tetris-cube.json")
    names = [p.name for p in puzzle.pieces]
    placements = [(names.index(p["piece"]), [tuple(c) for c in p["cells"]]) for p in data["solution"]["pieces"]]
    assert checker.check_solution(puzzle, placements) == []


def test_count_json_with_jobs_and_no_qt_loaded():
    code = ("import sys, nonogram_editor.cli.run; "
            "rc = nonogram_editor.cli.run.run_command(['solve', 'voxel-soma', '--count', '--json', '--jobs', '2']); "
            "assert 'PySide6' not in sys.modules, 'Qt was imported'; sys.exit(rc)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout.splitlines()[-1])
    assert (data["count"], data["distinct"], data["symmetries"]) == (11520, 240, 48)
    assert data["jobs"] == 1  # Soma is too small to be worth starting processes for


def test_the_command_line_lists_voxel_solutions_from_the_stream(capsys):
    assert nonogram_editor.cli.run.run_command(["solve", "voxel-soma", "--list", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["valid"] is True
    assert len(summary["solutions"]) == 3
    assert len({json.dumps(s, sort_keys=True) for s in summary["solutions"]}) == 3
