"""numba's cache lives in the user's cache folder ($XDG_CACHE_HOME on Linux, each platform's
own elsewhere), not beside the installed code, and the command line says once per install
that the solvers are being compiled."""
import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest
from platformdirs.macos import MacOS
from platformdirs.windows import Windows

from nonogram_editor.infra import jit

REPO = Path(__file__).resolve().parents[3]
SOLVER = '''
from nonogram_editor.infra.jit import njit


@njit
def add_one(x):
    return x + 1
'''
RUN = ("import nonogram_editor.infra.jit, sys\n"
       "nonogram_editor.infra.jit.announce_compiling = sys.argv[1] == 'cli'\n"
       "import tiny_solver\n"
       "print(tiny_solver.add_one(41))\n")


def run(tmp_path, who: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(XDG_CACHE_HOME=str(tmp_path / "cache"), PYTHONPATH=os.pathsep.join([str(tmp_path / "code"), str(REPO)]))
    return subprocess.run([sys.executable, "-c", RUN, who], env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)


def test_compiled_code_is_cached_in_the_user_cache_folder_and_announced_once(tmp_path):
    (tmp_path / "code").mkdir()
    (tmp_path / "code" / "tiny_solver.py").write_text(SOLVER)
    first, again = run(tmp_path, "cli"), run(tmp_path, "cli")
    assert first.stdout == again.stdout == "42\n", first.stderr + again.stderr
    assert first.stderr == "note: compiling the solvers, once for this install (about 20 s)\n"
    assert again.stderr == ""
    cached = [p.name for p in (tmp_path / "cache" / "nonogram-editor" / "numba").rglob("tiny_solver.*")]
    assert any(name.endswith(".nbi") for name in cached)
    assert any(name.endswith(".nbc") for name in cached)
    assert not list((tmp_path / "code").rglob("*.nb[ic]"))  # nothing beside the code


def test_the_window_and_library_users_are_not_told(tmp_path):
    (tmp_path / "code").mkdir()
    (tmp_path / "code" / "tiny_solver.py").write_text(SOLVER)
    result = run(tmp_path, "library")
    assert (result.stdout, result.stderr) == ("42\n", "")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's folders")
def test_on_linux_the_cache_folder_is_the_xdg_one_as_before(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert jit.cache_folder() == tmp_path / "xdg" / "nonogram-editor"
    monkeypatch.setenv("XDG_CACHE_HOME", "")
    assert jit.cache_folder() == tmp_path / "home" / ".cache" / "nonogram-editor"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert jit.cache_folder() == tmp_path / "home" / ".cache" / "nonogram-editor"


def test_on_macos_and_windows_the_cache_folder_is_theirs(tmp_path, monkeypatch):
    """platformdirs' own classes for those platforms, as it picks them there."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr(platformdirs, "PlatformDirs", MacOS)
    assert jit.cache_folder() == tmp_path / "Library" / "Caches" / "nonogram-editor"

    local = "C:\\Users\\ada\\AppData\\Local"
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", local)  # (what Windows' shell would answer)
    monkeypatch.setattr(platformdirs, "PlatformDirs", Windows)
    folder = jit.cache_folder()
    assert str(folder).startswith(local)
    assert folder.parts[-2:] == ("nonogram-editor", "Cache")
