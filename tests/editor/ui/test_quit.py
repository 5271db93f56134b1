"""Quitting the real app every way prints nothing on stderr and exits 0.

Each test runs ``python -m tests.editor.ui.quit_driver`` (the app itself, driven with
real mouse and key events) in a subprocess with its own settings folder, once with no
plugin panel open and once with every panel open (their 3-D views, and the pyramid's
count running in the background when the app quits).
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nonogram_editor.infra.paths import LEVELS
from nonogram_editor.level import load_level

ROOT = Path(__file__).resolve().parents[3]
WAYS = ["save", "discard", "cancel-then-quit", "window-close", "ctrl-q"]


def run_and_quit(tmp_path, way: str, panels: str) -> tuple[subprocess.CompletedProcess, Path]:
    level = tmp_path / "level" / "x.level"
    level.parent.mkdir()
    for suffix in (".level", ".pbm", ".ppm"):
        shutil.copy(LEVELS / f"cat{suffix}", level.with_suffix(suffix))
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_RUNTIME_DIR=str(runtime),
               PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-m", "tests.editor.ui.quit_driver", way, panels, str(level)],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    return result, level


@pytest.mark.parametrize("panels", ["none", "all"])
@pytest.mark.parametrize("way", WAYS)
def test_quitting_is_silent_and_exits_0(tmp_path, way, panels):
    before = load_level(LEVELS / "cat.level")
    result, level = run_and_quit(tmp_path, way, panels)
    assert (result.returncode, result.stderr) == (0, "")
    after = load_level(level)
    if way == "save":
        assert after.solution[0, 0] != before.solution[0, 0]  # the painted cell was saved
    else:
        assert after == before
