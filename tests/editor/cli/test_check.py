"""``nonogram-editor check``: text and JSON output, exit codes for CI."""
import json
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest

from nonogram_editor.cli.check import run_check
from nonogram_editor.infra.paths import LEVELS
from nonogram_editor.level import Level, save_level
from nonogram_editor.level.non_format import format_non, write_non
from tests.editor.nonogram.reference import NONOGRAMS


def test_shipped_levels_are_all_line(capsys):
    assert run_check([str(LEVELS)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(list(LEVELS.glob("*.level"))) > 0
    assert all(": LINE" in line and "sweeps" in line and " ms" in line for line in out)


def test_json_for_real_puzzles_and_exit_status(capsys):
    names = ["webpbn-00001-dancer.non", "webpbn-00023-edge.non"]
    assert run_check([str(NONOGRAMS / name) for name in names], as_json=True) == 1  # Edge is BRANCH
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [record["verdict"] for record in records] == ["LINE", "BRANCH"]
    assert records[1]["lookahead"] in ("probing", "search")
    assert records[1]["open_cells_after_line_logic"] == 110
    assert all(record["seconds"] >= 0 and "sweeps" in record for record in records)


def test_json_gives_each_files_own_cpu_seconds_without_the_start_up(tmp_path):
    """Per file, the CPU seconds of its check (the SAT process's included); the process's
    start-up (the interpreter, the imports) is paid once and belongs to no file."""
    import resource

    noise = np.random.default_rng(1).random((25, 25)) < 0.45
    for name in ("a", "b"):
        (tmp_path / f"{name}.non").write_text(format_non(noise).split("goal")[0])  # bare clues, many solutions
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run([sys.executable, "-m", "nonogram_editor", "check", "--json", str(tmp_path)],
                            capture_output=True, text=True, timeout=300)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    process = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [record["verdict"] for record in records] == ["MULT", "MULT"]
    assert all(record["cpu_seconds"] > 0 for record in records)
    assert sum(record["cpu_seconds"] for record in records) < process


def test_folder_with_a_mult_level_and_a_bad_file(tmp_path, capsys):
    switch = np.zeros((4, 4), dtype=bool)
    switch[0, 0] = switch[1, 1] = True
    save_level(Level(switch, np.full((4, 4, 3), 255, dtype=np.uint8)), tmp_path / "switch.level")
    write_non(tmp_path / "plus.non", np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]], dtype=bool))
    (tmp_path / "broken.non").write_text("width 3\n")
    assert run_check([str(tmp_path)]) == 2  # a file could not be read
    captured = capsys.readouterr()
    assert "broken.non" in captured.err
    assert "height" in captured.err
    lines = captured.out.splitlines()
    assert any("plus.non" in line and "LINE" in line for line in lines)
    assert any("switch.level" in line and "MULT" in line and "4 cells differ" in line for line in lines)
    (tmp_path / "broken.non").unlink()
    assert run_check([str(tmp_path)]) == 1


def test_time_limit_marks_a_level_undecided(capsys):
    assert run_check([str(NONOGRAMS / "webpbn-00023-edge.non")], time_limit=0) == 1
    line = capsys.readouterr().out.strip()
    assert "edge.non: UNDECIDED" in line
    assert "time limit reached" in line
    assert "--time-limit 0" in line


def test_a_sat_process_past_the_memory_limit_makes_the_level_undecided_and_says_why(tmp_path):
    """A 4 KB file whose SAT encoding takes gigabytes (1024x1024, every clue 1)."""
    ones = tmp_path / "ones.non"
    ones.write_text("width 1024\nheight 1024\nrows\n" + "1\n" * 1024 + "columns\n" + "1\n" * 1024)
    command = shutil.which("nonogram-editor", path=str(__import__("pathlib").Path(sys.executable).parent))
    result = subprocess.run([command, "check", str(ones), "--json", "--time-limit", "0", "--memory-limit", "300"],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 1
    assert result.stderr == ""
    verdict = json.loads(result.stdout)
    assert verdict["verdict"] == "UNDECIDED"
    assert verdict["reason"] == "memory limit of 300 MB reached"
    text = subprocess.run([command, "check", str(ones), "--memory-limit", "300"], capture_output=True, text=True,
                          timeout=600).stdout
    assert "UNDECIDED" in text
    assert "memory limit of 300 MB reached before a verdict; --memory-limit 0" in text


def test_missing_path_and_wrong_goal(tmp_path, capsys):
    assert run_check([str(tmp_path / "nothing")]) == 2
    assert "no such file" in capsys.readouterr().err
    wrong = tmp_path / "wrong.non"
    wrong.write_text("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"01\"\n")
    assert run_check([str(wrong)]) == 0  # its clues alone are line-solvable
    assert "does not fit the clues" in capsys.readouterr().err


def test_the_installed_command(tmp_path):
    command = shutil.which("nonogram-editor", path=str(__import__("pathlib").Path(sys.executable).parent))
    assert command
    result = subprocess.run([command, "check", str(LEVELS), "--json"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert all(json.loads(line)["verdict"] == "LINE" for line in result.stdout.splitlines())


def test_grade_in_text_and_json(capsys):
    edge, dancer = str(NONOGRAMS / "webpbn-00023-edge.non"), str(NONOGRAMS / "webpbn-00001-dancer.non")
    run_check([dancer, edge])
    lines = capsys.readouterr().out.splitlines()
    assert "grade 1.2: easy" in lines[0]
    assert "grade 4.4: very hard" in lines[1]
    assert all(re.search(r"; graded in \d+\.\d ms", line) for line in lines)
    run_check([dancer, edge], as_json=True, grade=True)
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [record["grade"] for record in records] == [1.2, 4.4]
    assert all(record["grade_cpu_seconds"] > 0 and record["cpu_seconds"] > 0 for record in records)  # apart
    assert records[1]["path_steps"]["probe"] > 0
    assert records[0]["path_steps"]["probe"] == 0


def test_the_text_grades_unless_told_not_to_and_json_only_when_asked(capsys):
    from nonogram_editor.__main__ import main

    edge, dancer = str(NONOGRAMS / "webpbn-00023-edge.non"), str(NONOGRAMS / "webpbn-00001-dancer.non")
    assert main(["check", dancer, edge, "--no-grade"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert [": LINE" in lines[0], ": BRANCH" in lines[1]] == [True, True]
    assert not any("  grade " in line for line in lines)
    for options in ([], ["--no-grade"]):
        assert main(["check", dancer, edge, "--json", *options]) == 1
        records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert [record["verdict"] for record in records] == ["LINE", "BRANCH"]
        assert not any(key.startswith(("grade", "path_")) for record in records for key in record)
    assert main(["check", dancer, edge, "--json", "--grade"]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [record["grade"] for record in records] == [1.2, 4.4]


def test_a_huge_puzzle_stops_at_the_time_limit_and_reports_its_real_time(tmp_path, capsys):
    import time

    noise = np.random.default_rng(10).random((700, 700)) < 0.5  # line solvers alone take seconds to make
    write_non(tmp_path / "noise.non", noise)
    start = time.perf_counter()
    assert run_check([str(tmp_path / "noise.non")], as_json=True, time_limit=1.0) == 1
    wall = time.perf_counter() - start
    result = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert result["verdict"] == "UNDECIDED"
    assert 1.0 <= result["seconds"] <= wall
    assert result["seconds"] > 0.8 * wall


def test_a_pack_with_bad_files_reports_each_and_checks_the_rest(tmp_path):
    """Numbers too long for Python, a pipe, a link loop, a link to a device: each costs only itself."""
    import os

    write_non(tmp_path / "plus.non", np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]], dtype=bool))
    (tmp_path / "digits.non").write_text("width " + "9" * 5000 + "\nheight 1\n")
    save_level(Level.blank(2, 2), tmp_path / "pipe.level")
    (tmp_path / "pipe.pbm").unlink()
    os.mkfifo(tmp_path / "pipe.pbm")
    (tmp_path / "loop.level").symlink_to(tmp_path / "loop.level")
    (tmp_path / "zero.non").symlink_to("/dev/zero")
    (tmp_path / "header.level").write_text("0\n")
    (tmp_path / "header.pbm").write_bytes(b"P1 " + b"7" * 4400 + b" 1\n")
    (tmp_path / "header.ppm").write_bytes(b"P3 1 1 255\n0 0 0\n")
    result = subprocess.run([sys.executable, "-m", "nonogram_editor", "check", str(tmp_path)], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 2, "a file could not be read: 2, not the 1 of 'not LINE'"
    assert "Traceback" not in result.stderr
    errors = result.stderr.splitlines()
    for name, words in [("digits.non", "'width' is a 5000-digit number"), ("pipe.pbm", "named pipe"),
                        ("loop.level", "loop of symbolic links"), ("zero.non", "character device"),
                        ("header.pbm", "the width is a 4400-digit number")]:
        assert any(line.startswith(f"error: {tmp_path / name}:") and words in line for line in errors), (name, errors)
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == [str(tmp_path / "plus.non")]
    assert "LINE" in result.stdout


def test_a_link_loop_named_on_the_command_line_is_called_a_loop(tmp_path, capsys):
    (tmp_path / "x.level").symlink_to(tmp_path / "x.level")
    (tmp_path / "gone.non").symlink_to(tmp_path / "nowhere.non")
    assert run_check([str(tmp_path / "x.level"), str(tmp_path / "gone.non")]) == 2
    err = capsys.readouterr().err
    assert "x.level: it is a loop of symbolic links" in err
    assert "gone.non: it is a link to a file that does not exist" in err


def test_check_does_not_load_the_plugin_machinery(tmp_path):
    """Start-up is most of a small check's time: it imports no plugins, pluggy, Qt or numba,
    nor for a two-colour line-solvable puzzle the colour engine or the SAT stage
    (tests/benchmarks/bench_check_startup.py measures it)."""
    (tmp_path / "tiny.non").write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n")
    unwanted = ("pluggy", "nonogram_editor.plugin_api.host", "PySide6", "numba", "importlib.metadata",
                "nonogram_editor.nonogram.colour.verdict", "nonogram_editor.nonogram.colour.search",
                "nonogram_editor.nonogram.portfolio", "nonogram_editor.nonogram.cnf")
    probe = ("import sys\nfrom nonogram_editor.__main__ import main\n"
             f"assert main(['check', {str(tmp_path / 'tiny.non')!r}]) == 0\n"
             f"print(sorted(m for m in {unwanted!r} if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]"


def deny(monkeypatch, no_search=(), no_read=()):
    """Permission bits as an ordinary user meets them (the tests may run as root, whom they do not
    stop): nothing inside a ``no_search`` folder can be reached, a ``no_read`` folder cannot be listed."""
    import errno
    import os
    from pathlib import Path

    no_search = [Path(folder) for folder in no_search]
    no_read = [Path(folder) for folder in no_read]

    def guard(function, listing=False):
        def guarded(path, *args, **kwargs):
            if not isinstance(path, int):
                target = Path(os.fsdecode(path))
                if any(folder in target.parents for folder in no_search) or (listing and target in no_read):
                    raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))
            return function(path, *args, **kwargs)
        return guarded

    for name in ("stat", "lstat", "open"):
        monkeypatch.setattr(os, name, guard(getattr(os, name)))
    monkeypatch.setattr(os, "scandir", guard(os.scandir, listing=True))


def test_unreadable_paths_are_each_reported_and_the_rest_checked(tmp_path, monkeypatch, capsys):
    pack, locked = tmp_path / "pack", tmp_path / "locked"
    for folder in (pack / "sub", locked):
        folder.mkdir(parents=True)
        save_level(Level.blank(2, 2), folder / "hidden.level")
    save_level(Level(np.ones((2, 2), dtype=bool), np.zeros((2, 2, 3), dtype=np.uint8)), pack / "full.level")
    save_level(Level(np.ones((1, 1), dtype=bool), np.zeros((1, 1, 3), dtype=np.uint8)), tmp_path / "dot.level")
    deny(monkeypatch, no_search=[locked], no_read=[pack / "sub"])
    paths = [str(locked / "hidden.level"), str(pack), str(tmp_path / "dot.level")]
    assert run_check(paths) == 2
    captured = capsys.readouterr()
    checked = [line.split(":")[0] for line in captured.out.splitlines()]
    assert checked == [str(pack / "full.level"), str(tmp_path / "dot.level")]
    errors = captured.err.splitlines()
    assert len(errors) == 2
    assert "Traceback" not in captured.err
    assert errors[0].startswith(f"error: {locked / 'hidden.level'}: ")
    assert "Permission denied" in errors[0]
    assert errors[1].startswith(f"error: {pack / 'sub'}: this folder cannot be read")


def _without_times(output: str) -> list[dict]:
    records = [json.loads(line) for line in output.splitlines()]
    for record in records:
        record.pop("seconds", None)
        record.pop("cpu_seconds", None)
        record.pop("grade_cpu_seconds", None)
    return records


@pytest.mark.processes
def test_jobs_check_a_folder_in_processes_with_the_same_output(tmp_path):
    switch = np.zeros((4, 4), dtype=bool)
    switch[0, 0] = switch[1, 1] = True
    save_level(Level(switch, np.full((4, 4, 3), 255, dtype=np.uint8)), tmp_path / "switch.level")
    for name in ("webpbn-00023-edge.non", "webpbn-00006-cat.non", "webpbn-00065-mum.non"):
        shutil.copy(NONOGRAMS / name, tmp_path / name)
    (tmp_path / "broken.non").write_text("width 3\n")
    noise = np.random.default_rng(1).random((25, 25)) < 0.45
    (tmp_path / "bare.non").write_text(format_non(noise).split("goal")[0])  # bare clues, many solutions
    runs = {}
    for jobs in (1, 2):
        result = subprocess.run([sys.executable, "-m", "nonogram_editor", "check", "--json", "--jobs", str(jobs),
                                 str(tmp_path)],
                                capture_output=True, text=True, timeout=300)
        runs[jobs] = result.returncode, _without_times(result.stdout), result.stderr
    assert runs[1] == runs[2]
    returncode, records, errors = runs[2]
    assert returncode == 2
    assert "broken.non" in errors
    assert "Traceback" not in errors
    assert [record["path"] for record in records] == sorted(str(path) for path in tmp_path.iterdir()
                                                            if path.suffix in (".level", ".non"))
    assert [record.get("verdict") for record in records] == ["MULT", None, "MULT", "LINE", "BRANCH", "BRANCH"]


@pytest.mark.processes
def test_ctrl_c_ends_a_check_with_jobs_and_its_workers(tmp_path):
    import os
    import signal
    import time

    for name in "abcdefgh":  # bare clues of Faase: many seconds each, longer than the test waits
        shutil.copy(NONOGRAMS.parent / "hard" / "faase.non", tmp_path / f"{name}.non")
    check = subprocess.Popen([sys.executable, "-m", "nonogram_editor", "check", "--jobs", "2", "--time-limit", "0",
                              str(tmp_path)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)

    def group() -> list[str]:
        found = subprocess.run(["pgrep", "-g", str(check.pid)], capture_output=True, text=True).stdout.split()
        return [pid for pid in found if pid != str(check.pid)]

    def interrupted(processes: int) -> None:
        while len(group()) < processes and check.poll() is None:
            time.sleep(0.02)
        assert check.poll() is None, "the check ended before it was interrupted"
        os.killpg(check.pid, signal.SIGINT)  # as a terminal's Ctrl+C
        out, err = check.communicate(timeout=120)
        assert check.returncode == 130, (check.returncode, out, err)
        assert out == "", (check.returncode, out, err)
        assert err.strip() == "cancelled"
        while group():  # every worker and SAT process ends
            time.sleep(0.05)

    interrupted(1)  # the pool starting: its first process (the resource tracker) runs
    check = subprocess.Popen([sys.executable, "-m", "nonogram_editor", "check", "--jobs", "2", "--time-limit", "0",
                              str(tmp_path)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    interrupted(4)  # both workers and the resource tracker, and a worker's SAT process: past the workers' start


CTRL_C_WHILE_LOADING = """
import sys
class CtrlC:  # a Ctrl+C while the check's modules load, before the command can catch it
    def find_spec(self, name, path=None, target=None):
        if name == "nonogram_editor.cli.check":
            raise KeyboardInterrupt
sys.meta_path.insert(0, CtrlC())
from nonogram_editor.__main__ import main
sys.exit(main(["check", sys.argv[1]]))
"""


@pytest.mark.processes
def test_ctrl_c_while_the_command_loads_says_cancelled_without_a_traceback():
    result = subprocess.run([sys.executable, "-c", CTRL_C_WHILE_LOADING,
                             str(NONOGRAMS.parent / "hard" / "domino-7.non")],
                            capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stdout, result.stderr.strip()) == (130, "", "cancelled")


def test_a_misnamed_puzzle_file_is_checked_in_the_format_its_content_shows(tmp_path, capsys):
    shutil.copy(NONOGRAMS / "webpbn-00006-cat.non", tmp_path / "cat.txt")
    shutil.copy(NONOGRAMS.parent / "formats" / "webpbn-00001-dancer.xml", tmp_path / "dancer.pbn")
    assert run_check([str(tmp_path / "cat.txt"), str(tmp_path / "dancer.pbn")], as_json=True) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(record["path"], record["verdict"], record["width"]) for record in records] == [
        (str(tmp_path / "cat.txt"), "LINE", 20), (str(tmp_path / "dancer.pbn"), "LINE", 5)]
