"""A non-editable install (a wheel built from a copy of the repository) finds every plugin's puzzles."""
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_a_wheel_install_lists_and_solves_the_shipped_puzzles(tmp_path):
    source = tmp_path / "source"  # building in a copy leaves the checkout without build/ or egg-info
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "__pycache__", "build", "*.egg-info", ".pytest_cache"))
    run = dict(capture_output=True, text=True, timeout=600)
    # Built as pip builds it for `pip install .` (setuptools from PyPI or pip's cache in an isolated build env).
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                            "-w", str(tmp_path / "wheels"), str(source)], **run)
    assert built.returncode == 0, built.stderr
    [wheel] = (tmp_path / "wheels").glob("nonogram_editor-*.whl")

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    # The dependencies (PySide6, numba...) come from the test's own environment; the editable
    # install there is not seen (.pth files of a directory named in a .pth are not processed).
    site = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               **run).stdout.strip())
    (site / "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                                "--no-index", str(wheel)], **run)
    assert installed.returncode == 0, installed.stderr

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "NONOGRAM_EDITOR_DISABLE_PLUGINS")}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = subprocess.run([python, "-c", "import plugins.voxel; print(plugins.voxel.__file__)"],
                           cwd=elsewhere, env=env, **run)
    assert where.stdout.startswith(str(site)), where.stdout + where.stderr
    listed = subprocess.run([venv / "bin" / "nonogram-editor", "puzzles"], cwd=elsewhere, env=env, **run)
    assert listed.returncode == 0 and listed.stderr == "", listed.stderr
    ids = [line.split()[0] for line in listed.stdout.splitlines()]
    assert {"pyramid", "cube-square-packed", "cube-hanging", "voxel-soma", "voxel-tetris-cube"} <= set(ids)
    solved = subprocess.run([venv / "bin" / "nonogram-editor", "solve", "voxel-soma", "--first", "--json"],
                            cwd=elsewhere, env=env, **run)
    assert solved.returncode == 0, solved.stderr
    assert '"found": true' in solved.stdout.splitlines()[-1]
