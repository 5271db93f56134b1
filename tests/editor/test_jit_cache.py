"""numba's cache lives in the user's cache folder ($XDG_CACHE_HOME), not beside the installed
code, and the command line says once per install that the solvers are being compiled."""
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
SOLVER = '''
from nonogram_editor.jit import njit


@njit
def add_one(x):
    return x + 1
'''
RUN = ("import nonogram_editor.jit, sys\n"
       "nonogram_editor.jit.announce_compiling = sys.argv[1] == 'cli'\n"
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
    assert any(name.endswith(".nbi") for name in cached) and any(name.endswith(".nbc") for name in cached)
    assert not list((tmp_path / "code").rglob("*.nb[ic]"))  # nothing beside the code


def test_the_window_and_library_users_are_not_told(tmp_path):
    (tmp_path / "code").mkdir()
    (tmp_path / "code" / "tiny_solver.py").write_text(SOLVER)
    result = run(tmp_path, "library")
    assert (result.stdout, result.stderr) == ("42\n", "")
