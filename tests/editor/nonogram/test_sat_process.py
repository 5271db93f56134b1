"""The check's SAT process (nonogram_editor.infra.child_process): forked by `check` (a fresh interpreter on the portable
path), no process nor temporary file left behind however the check ends; the verdict's search steps back while
the SAT process runs beside it."""
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from nonogram_editor.infra import child_process
from nonogram_editor.infra.tasks import Task
from nonogram_editor.nonogram import verdict as verdict_module
from nonogram_editor.nonogram.puzzle import Puzzle
from nonogram_editor.nonogram.verdict import Kind, Stage, check_drawing, check_puzzle
from tests.editor.infra.test_child_process import _ends_soon, _gone

ROOT = Path(__file__).resolve().parents[3]
HARD = ROOT / "tests" / "data" / "hard"
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork_ready and thread priorities: Linux")
pytestmark = pytest.mark.processes


@pytest.mark.parametrize("name, kind", [("domino-7.non", "BRANCH"), ("knotty-goal.non", "MULT")])
def test_check_forks_its_sat_process_and_leaves_none_behind(tmp_path, name, kind):
    """`nonogram-editor check` in its own process: the SAT process is a fork of it (no
    interpreter start-up; a fresh interpreter on the portable path), on bare clues (Domino-7: the search alone takes
    minutes) as on a drawing (Knotty's goal); the verdict is right, and no process outlives the command."""
    probe = (
        "import os, sys\n"
        # (no numpy yet: `check` keeps its BLAS to one thread)
        "from nonogram_editor.infra import child_process as sat\n"
        "made = []\n"
        "real = sat.Child.__init__\n"
        "def init(self, forked=False, **kwargs):  # the SAT process's own racers are made in its copy\n"
        "    real(self, forked, **kwargs)\n"
        "    made.append((forked, self._process.pid))\n"
        "sat.Child.__init__ = init\n"
        "from nonogram_editor.__main__ import main\n"
        f"status = main(['check', '--json', {str(HARD / name)!r}])\n"
        "print(made, status)\n")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert f'"verdict": "{kind}"' in lines[0]
    assert '"decided_by": "SAT solver"' in lines[0]
    made, status = lines[-1].rsplit(" ", 1)
    made = eval(made)
    assert status == "1"
    assert len(made) == 1
    assert made[0][0] is not child_process.portable_processes()
    assert _gone(made[0][1])
    assert result.stderr == ""


def _stuck_search_that_records_its_priority(priorities):
    def search(*args, **options):
        task = next(arg for arg in args if isinstance(arg, Task))
        while True:
            task.check_cancelled()
            priorities.add(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
            time.sleep(0.001)
    return search


@linux_only
def test_on_bare_clues_the_search_steps_back_while_the_sat_process_runs(monkeypatch):
    """Bare clues: the search's thread gets SEARCH_NICE once the SAT process runs; a
    drawing's search keeps its priority; the caller's thread keeps its own either way."""
    caller = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    priorities = set()
    stuck = _stuck_search_that_records_its_priority(priorities)
    monkeypatch.setattr(verdict_module, "SEARCH_ALONE", 1e9)
    monkeypatch.setattr(verdict_module, "SAT_HEAD_START", 0.0)
    monkeypatch.setattr(verdict_module, "QUICK_FIRST", 0.0)  # no quick first solution of the bare clues
    monkeypatch.setattr(verdict_module, "find_solution", stuck)
    monkeypatch.setattr(verdict_module, "find_alternative", stuck)
    noise = np.random.default_rng(3).random((12, 12)) < 0.5
    puzzle = Puzzle.from_grid(noise)

    bare = check_puzzle(puzzle.row_clues, puzzle.column_clues, task=Task(time_limit=120))
    assert bare.kind == Kind.MULT
    assert bare.decided_by == Stage.SAT
    assert puzzle.is_solution(bare.picture)
    assert puzzle.is_solution(bare.alternative)
    assert max(caller, verdict_module.SEARCH_NICE) in priorities
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == caller

    priorities.clear()
    drawing = check_drawing(noise, task=Task(time_limit=120))
    assert drawing.kind == Kind.MULT
    assert drawing.decided_by == Stage.SAT
    assert puzzle.is_solution(drawing.alternative)
    assert priorities == {caller}


def _children(pid: int) -> list[int]:
    """The processes ``pid`` has started and not yet reaped (Linux)."""
    children = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        children += [int(child) for child in (task / "children").read_text().split()]
    return children


@linux_only
def test_check_stopped_by_sigterm_ends_its_sat_process():
    """A CI job's timeout sends SIGTERM: the SAT solver's process (Knotty's clues: seconds
    of solving) ends with the check."""
    check = subprocess.Popen([sys.executable, "-m", "nonogram_editor", "check", str(HARD / "knotty.non")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                             env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        deadline = time.monotonic() + 60
        while not _children(check.pid) and check.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        solver = _children(check.pid)
        assert len(solver) == 1, "the check should be waiting for its SAT process"
        check.send_signal(signal.SIGTERM)
        out, err = check.communicate(timeout=30)
    finally:
        check.kill()
    assert check.returncode == 128 + signal.SIGTERM
    assert "stopped by SIGTERM" in err
    assert _ends_soon(solver[0])


@linux_only
@pytest.mark.parametrize("end", ["answered", "Ctrl+C", "SIGTERM", "SIGKILL"])
def test_a_check_leaves_nothing_in_the_temporary_folder(tmp_path, end, process_path):
    """However a check ends (its SAT process and that process's racers killed, or the check
    itself killed), its children's answer and stderr files leave nothing behind."""
    if end == "SIGKILL" and process_path == "portable":
        pytest.skip("Linux's own: SIGIO ends the SAT process inside kissat, which holds the GIL")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    puzzle = HARD / ("domino-7.non" if end == "answered" else "faase.non")  # seconds of SAT; minutes
    check = subprocess.Popen([sys.executable, "-m", "nonogram_editor", "check", "--time-limit", "0", str(puzzle)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                             start_new_session=True, env=dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(temporary)))

    def group() -> list[str]:
        found = subprocess.run(["pgrep", "-g", str(check.pid)], capture_output=True, text=True).stdout.split()
        return [pid for pid in found if pid != str(check.pid)]

    if end != "answered":
        # the SAT process and a racer it forked (the portable path makes no racer)
        while len(group()) < (1 if process_path == "portable" else 2) and check.poll() is None:
            time.sleep(0.02)
        assert check.poll() is None, "the check ended before it was stopped"
        if end == "Ctrl+C":
            os.killpg(check.pid, signal.SIGINT)
        else:
            check.send_signal(signal.SIGTERM if end == "SIGTERM" else signal.SIGKILL)
    check.communicate(timeout=300)
    assert check.returncode == {"answered": 1, "Ctrl+C": 130, "SIGTERM": 143, "SIGKILL": -9}[end]
    while group():  # every SAT process ends
        time.sleep(0.05)
    assert list(temporary.iterdir()) == []
