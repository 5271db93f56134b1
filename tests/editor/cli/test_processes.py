"""`solve --count --jobs N`: at most one process per core; no worker outlives Ctrl+C, SIGTERM, SIGHUP or SIGKILL."""
import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from nonogram_editor.cli.run import run_command
from nonogram_editor.plugin_api import CountResult, PuzzleSpec, hookimpl
from nonogram_editor.plugin_api.host import PluginHost

REPO = Path(__file__).resolve().parents[3]


class JobsRecorder:
    @hookimpl
    def nonogram_editor_puzzles(self, puzzles):
        puzzles.add(PuzzleSpec(id="jobs", title="Jobs", solve_first=lambda task: None,
                               count=lambda task, jobs: CountResult(0, extra={"jobs": jobs})))


def test_jobs_are_capped_at_the_cores_with_one_note(capsys):
    cores = os.cpu_count() or 1
    host = PluginHost(load_entry_points=False)
    host.register(JobsRecorder(), "recorder")
    assert run_command(["solve", "jobs", "--count", "--json", "--jobs", str(cores + 30)], host=host) == 0
    out, err = capsys.readouterr()
    assert json.loads(out.splitlines()[-1])["jobs"] == cores
    assert err.count(f"note: --jobs {cores + 30} is more than the {cores} cores here; using {cores}") == 1
    assert run_command(["solve", "jobs", "--count", "--json", "--jobs", str(cores)], host=host) == 0
    out, err = capsys.readouterr()
    assert json.loads(out.splitlines()[-1])["jobs"] == cores
    assert "note" not in err


def children(pid: int) -> dict[int, str]:
    """Live (not zombie) child processes of ``pid``: their command lines."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        fields = dict(line.split(":\t", 1) for line in status.splitlines() if ":\t" in line)
        if fields.get("PPid", "").strip() == str(pid) and not fields.get("State", "").startswith("Z"):
            found[int(entry.name)] = command
    return found


def descendants(pid: int) -> dict[int, str]:
    """Live processes below ``pid``: its children, theirs, and so on (a command that loads plugins
    computes in a fork of itself, nonogram_editor.cli.exit_guard)."""
    found = children(pid)
    for child in list(found):
        found.update(descendants(child))
    return found


def alive(pid: int) -> bool:
    try:
        return not (Path("/proc") / str(pid) / "status").read_text().split("State:\t")[1].startswith("Z")
    except (OSError, IndexError):
        return False


def counting_on_two_processes(**popen):
    """``solve voxel-tetris-cube --count --jobs 2`` started (``popen``: more of Popen's
    arguments), and a thread reading its stderr: (the process, its stderr so far as a list of
    characters, an event set once the workers report progress, the reading thread)."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen([sys.executable, "-m", "nonogram_editor", "solve", "voxel-tetris-cube", "--count",
                                "--jobs", "2"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
                               **popen)
    stderr: list[str] = []
    progress = threading.Event()

    def read_stderr():
        for chunk in iter(lambda: process.stderr.read(1), ""):
            stderr.append(chunk)
            if "processes:" in "".join(stderr[-200:]):  # the workers report progress: they run
                progress.set()

    reader = threading.Thread(target=read_stderr, daemon=True)
    reader.start()
    return process, stderr, progress, reader


@pytest.mark.processes
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
@pytest.mark.parametrize("stop", ["SIGTERM", "SIGHUP", "Ctrl+C"])
def test_a_signal_mid_count_ends_every_worker_and_leaks_nothing(stop):
    """SIGTERM or SIGHUP to the command, or a terminal's Ctrl+C to its whole process group (the
    workers ignore it): the command stops its workers and says so."""
    process, stderr, progress, reader = counting_on_two_processes(start_new_session=True)
    try:
        assert progress.wait(300), "".join(stderr)
        workers = {pid for pid, command in descendants(process.pid).items() if "spawn_main" in command}
        assert len(workers) == 2
        if stop == "Ctrl+C":
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.send_signal(getattr(signal, stop))
        assert process.wait(120) == (130 if stop == "Ctrl+C" else 128 + getattr(signal, stop))
        still_running = {pid for pid in workers if alive(pid)}  # at the instant the parent is gone
        reader.join(120)  # stderr ends when the resource tracker, the last holder, has gone too
    finally:
        if process.poll() is None:
            process.kill()
    assert still_running == set()
    text = "".join(stderr)
    assert text.rstrip().endswith("cancelled") if stop == "Ctrl+C" else f"stopped by {stop}" in text
    assert "resource_tracker" not in text, text
    assert "leaked" not in text, text
    assert "Traceback" not in text, text


@pytest.mark.processes
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_kill_9_mid_count_leaves_no_worker_and_no_resource_tracker():
    """SIGKILL cannot be caught: the workers notice their parent's death themselves and end."""
    process, stderr, progress, _ = counting_on_two_processes()
    started = {}
    try:
        assert progress.wait(300), "".join(stderr)
        started = descendants(process.pid)  # the workers and the resource tracker (and the fork)
        assert sum("spawn_main" in command for command in started.values()) == 2, started
        process.kill()
        process.wait()
        poll = threading.Event()  # never set: waits between polls, for a minute at most
        for _ in range(600):
            if not any(alive(pid) for pid in started):
                break
            poll.wait(0.1)
        survivors = {pid: command for pid, command in started.items() if alive(pid)}
    finally:
        process.kill()
        for pid in started:  # a failed run must not leave them behind either
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
    assert survivors == {}
