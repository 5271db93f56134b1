"""No process outlives its parent's kill -9: `check`'s SAT process and its racers, and the
fresh interpreters the editor starts from worker threads (nonogram_editor.infra.child_process)."""
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
HARD = REPO / "tests" / "data" / "hard"
BOUND = 30  # seconds: only a bound on the polls (the SAT processes it catches would run for minutes)

pytestmark = [pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc"), pytest.mark.processes]


def _started(pid: int) -> tuple[int, int] | None:
    """(parent pid, start time) of a live process, None if gone (or a zombie)."""
    try:
        fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] == "Z" else (int(fields[1]), int(fields[19]))


def descendants(root: int) -> dict[int, tuple[int, int]]:
    """Every live descendant of ``root``: pid -> (its depth below root, its start time)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            started = _started(int(entry.name))
            if started is not None:
                parents[int(entry.name)] = started
    found, level, depth = {}, {root}, 0
    while level:
        depth += 1
        level = {pid for pid, (parent, _) in parents.items() if parent in level}
        found.update({pid: (depth, parents[pid][1]) for pid in level})
    return found


def poll(condition, what: str):
    deadline = time.monotonic() + BOUND
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(what)
        time.sleep(0.05)


def survivors(processes: dict[int, tuple[int, int]]) -> list[int]:
    """Those of ``processes`` still running (the same process: the same start time)."""
    return [pid for pid, (_, start) in processes.items() if (_started(pid) or (0, None))[1] == start]


def kill_and_expect_no_survivor(process: subprocess.Popen, processes: dict[int, tuple[int, int]]) -> None:
    process.kill()
    process.wait()
    try:
        poll(lambda: not survivors(processes), f"still running after the parent's kill -9: {survivors(processes)}")
    finally:
        for pid in survivors(processes):  # don't leave them to the next test
            os.kill(pid, signal.SIGKILL)


@pytest.mark.processes(linux="racers in forks, and SIGIO ends them inside kissat, which holds the GIL")
def test_kill_9_of_check_ends_the_sat_process_and_its_racers():
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen([sys.executable, "-m", "nonogram_editor", "check", "--time-limit", "0",
                                str(HARD / "faase.non")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        # the SAT process (a child) racing solvers in forks of its own (grandchildren)
        poll(lambda: max([depth for depth, _ in descendants(process.pid).values()], default=0) >= 2,
             "check never started its SAT racers")
    except BaseException:
        process.kill()
        raise
    kill_and_expect_no_survivor(process, descendants(process.pid))


def test_a_fresh_sat_process_outlives_the_thread_that_started_it_not_the_process(tmp_path):
    """The editor starts its SAT process from a worker thread that may end first."""
    ready = tmp_path / "ready"
    script = textwrap.dedent(f"""
        import sys, threading, time
        sys.path.insert(0, {str(REPO)!r})
        from nonogram_editor.infra.child_process import start_in_process
        children = []
        starter = threading.Thread(target=lambda: children.append(start_in_process(time.sleep, (600,))))
        starter.start()
        starter.join()
        time.sleep(0.5)  # time for a signal the thread's end would send (PR_SET_PDEATHSIG) to act
        open({str(ready)!r}, "w").write(str(children[0].done()))
        time.sleep(600)
        """)
    process = subprocess.Popen([sys.executable, "-c", script])
    try:
        poll(ready.exists, "the script never started its child")
        poll(lambda: ready.read_text(), "the script never wrote")
        assert ready.read_text() == "False", "the child ended with the thread that started it"
        processes = descendants(process.pid)
        assert processes
    except BaseException:
        process.kill()
        raise
    kill_and_expect_no_survivor(process, processes)
