"""Solvers work from a read-only install with nowhere to keep numba's cache (compiled afresh, said once)."""
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
NOWHERE = "/dev/null/cache"  # a path under a file: not even root can create it


def read_only_copy(folder: Path) -> None:
    for source, package in (("editor", "nonogram_editor"), ("plugins", "nonogram_editor_builtins")):
        shutil.copytree(REPO / source, folder / package, ignore=shutil.ignore_patterns("__pycache__"))
    for directory, _, _ in os.walk(folder):
        # A file where numba would make its in-tree cache folder: refused whoever runs this (root too).
        Path(directory, "__pycache__").write_text("")
    for directory, _, files in os.walk(folder):
        for name in files:
            os.chmod(Path(directory, name), stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
        os.chmod(directory, 0o555)


def test_solvers_compile_without_a_cache_and_say_so_once(tmp_path):
    install = tmp_path / "install"
    read_only_copy(install)
    env = {**os.environ, "PYTHONPATH": str(install), "HOME": NOWHERE, "XDG_CACHE_HOME": NOWHERE,
           "NUMBA_CACHE_DIR": NOWHERE, "PYTHONDONTWRITEBYTECODE": "1"}
    script = ("from nonogram_editor.cli.run import run_command\n"
              "import sys\n"
              "sys.exit(run_command(['solve', 'voxel-soma', '--first'])\n"
              "         or run_command(['solve', 'pyramid', '--first']))")
    try:
        result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                                cwd=tmp_path, timeout=600)
    finally:
        for directory, _, _ in os.walk(install):
            os.chmod(directory, 0o755)
    assert result.returncode == 0, result.stderr
    assert "Soma cube: solved in" in result.stdout
    assert "Pyramid (16-piece card-suit triangle): solved in" in result.stdout
    assert result.stderr.count("note: numba cannot cache compiled code here") == 1, result.stderr
    assert "no locator available" in result.stderr
    assert "Traceback" not in result.stderr
