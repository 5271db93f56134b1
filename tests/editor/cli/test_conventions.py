"""The command line behaves as scripts expect: a real top-level parser (usage errors exit 2 at
once, without Qt or a display), --json output that is JSON only, progress without control
characters in a log, range-checked numbers."""
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import nonogram_editor
import nonogram_editor.cli.solve
from nonogram_editor.cli.run import command_parsers, full_help, run_command
from nonogram_editor.infra.tasks import Progress
from nonogram_editor.plugin_api import CountResult, PuzzleSpec, hookimpl
from nonogram_editor.plugin_api.host import PluginHost

REPO = Path(__file__).resolve().parents[3]
# Runs the top-level entry point and fails if it loaded Qt or the compiled solvers.
ENTRY = ("import sys\n"
         "from nonogram_editor.__main__ import main\n"
         "try:\n    code = main(sys.argv[1:])\nexcept SystemExit as stop:\n    code = stop.code\n"
         "heavy = sorted({m.split('.')[0] for m in sys.modules} & {'PySide6', 'numba', 'pluggy'})\n"
         "assert not heavy, f'loaded {heavy}'\n"
         "sys.exit(code)\n")


def headless(*args: str, input: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    return subprocess.run([sys.executable, "-c", ENTRY, *args], cwd=REPO, env=env, input=input,
                          capture_output=True, text=True, timeout=120)


def test_check_reads_a_puzzle_on_standard_input_without_qt_or_the_solvers():
    cat = (REPO / "tests" / "data" / "nonograms" / "webpbn-00006-cat.non").read_text()
    result = headless("check", "-", "--json", input=cat)
    assert (result.returncode, result.stderr) == (0, "")
    record = json.loads(result.stdout)
    assert (record["path"], record["verdict"], record["width"], record["height"]) == ("-", "LINE", 20, 20)


@pytest.mark.parametrize("args, says", [
    (["--bogus"], "unknown option '--bogus'"),
    (["-x", "levels/cat.level"], "unknown option '-x'"),
    (["chek", "levels"], "unknown command 'chek' (did you mean 'check'?)"),
    (["frobnicate"], "unknown command 'frobnicate' (the commands are check, convert, fix, pack, puzzles, solve, help)"),
    (["nowhere.level"], "nowhere.level: no such file"),
    (["levels/cat.level", "levels/heart.level"], "unexpected 'levels/heart.level'"),
    (["check", "--time-limit", "-1", "levels"], "--time-limit: -1 is not a number of seconds"),
    (["check", "--time-limit", "nan", "levels"], "--time-limit: nan is not a number of seconds"),
    (["check", "--jobs", "0", "levels"], "--jobs: 0 is not a count of 1 or more"),
    (["check", "--jobs", "-4", "levels"], "--jobs: -4 is not a count of 1 or more"),
    (["check", "-", "--format", "png"], "--format: invalid choice: 'png'"),
    (["convert", "cat.non", "cat.level", "--threshold", "300"], "--threshold: 300 is not a lightness from 0 to 255"),
    (["convert", "cat.non"], "the following arguments are required: OUT"),
    (["solve", "voxel-soma", "--list", "-3"], "--list: -3 is not a count of 1 or more"),
    (["solve", "voxel-soma", "--list", "0"], "--list: 0 is not a count of 1 or more"),
    (["solve", "voxel-soma", "--count", "--jobs", "0"], "--jobs: 0 is not a count of 1 or more"),
    (["fix", "levels/cat.level", "--max-edits", "-2"], "--max-edits: -2 is not a count of 0 or more"),
    (["solve", "voxel-soma", "--count", "--bogus"], "unrecognized arguments: --bogus"),
])
def test_usage_errors_exit_2_with_one_line_and_no_window(args, says):
    result = headless(*args)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert says in result.stderr, result.stderr


def test_version_and_help_need_no_window():
    version = headless("--version")
    assert (version.returncode, version.stdout) == (0, f"nonogram-editor {nonogram_editor.__version__}\n")
    assert headless("-V").stdout == version.stdout
    shown = headless("--help")
    assert shown.returncode == 0
    assert shown.stdout.strip() == full_help()


def test_help_lists_every_command_and_option():
    text = full_help()
    for name, parser in command_parsers().items():
        assert f"usage: nonogram-editor {name}" in text
        for action in parser._actions:
            for option in action.option_strings:
                assert option in text, (name, option)
    for option in ("--list", "--checkpoint", "--cluster", "--problem", "--time-limit", "--version"):
        assert option in text


def test_without_a_display_the_window_says_how_to_run_headless(monkeypatch, capsys):
    from nonogram_editor.ui.app import run_app

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    assert run_app([]) == 1
    err = capsys.readouterr().err
    assert "no display found" in err
    assert "xvfb-run" in err
    assert "nonogram-editor --help" in err


# ----------------------------------------------------------------------------- --json and progress
class Counting:
    """A puzzle whose count reports progress (forced, so that every report reaches the line)."""

    @hookimpl
    def nonogram_editor_puzzles(self, puzzles):
        def count(task, jobs):
            for done in range(3):
                task.report(done, 3, f"part {done + 1} of 3", force=True)
            return CountResult(2, distinct=1)

        puzzles.add(PuzzleSpec(id="two", title="Two", solutions=lambda task: iter([(1, 2), (2, 1)]),
                               count=count, format_solution=lambda s: f"cells {s}"))


@pytest.fixture
def host():
    host = PluginHost(load_entry_points=False)
    host.register(Counting(), "counting")
    return host


@pytest.mark.parametrize("mode", [["--first"], ["--count"], ["--list", "2"]])
def test_json_output_is_one_json_document_and_nothing_else(host, capsys, mode):
    assert run_command(["solve", "two", *mode, "--json"], host=host) == 0
    out = capsys.readouterr().out
    document = json.loads(out)  # the whole of stdout
    assert document["puzzle"] == "two"
    assert document.get("count", 2) == 2


def test_json_errors_are_json_too(host, capsys):
    assert run_command(["solve", "three", "--count", "--json"], host=host) == 2
    out, err = capsys.readouterr()
    assert json.loads(out) == {"puzzle": "three", "error": "no puzzle 'three'; `nonogram-editor puzzles` lists them"}
    assert err.startswith("error: no puzzle 'three'")
    assert run_command(["solve", "two", "--count", "--checkpoint", "x", "--json"], host=host) == 2
    assert "cannot be counted with --checkpoint" in json.loads(capsys.readouterr().out)["error"]


def test_text_output_is_unchanged_without_json(host, capsys):
    assert run_command(["solve", "two", "--list", "2"], host=host) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:4] == ["solution 1:", "cells (1, 2)", "solution 2:", "cells (2, 1)"]
    assert out[4].startswith("Two: 2 solutions in ")


def test_progress_in_a_log_has_no_control_characters(host, capsys):
    assert run_command(["solve", "two", "--count"], host=host) == 0  # capsys: stderr is not a terminal
    err = capsys.readouterr().err
    assert "\r" not in err
    assert "\x1b" not in err
    assert err == ""


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_is_drawn_in_place_on_a_terminal_and_logged_sparingly_elsewhere(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(nonogram_editor.cli.solve.time, "monotonic", lambda: clock[0])
    terminal = nonogram_editor.cli.solve._ProgressLine(Terminal())
    terminal(Progress(1, 4, "a"))
    terminal(Progress(2, 4, "b"))
    terminal.end()
    assert terminal.stream.getvalue() == " 25.0% a\x1b[K".join(["\r", "\r 50.0% b\x1b[K\n"])

    log = nonogram_editor.cli.solve._ProgressLine(io.StringIO())
    for second in range(25):
        clock[0] = 100.0 + second
        log(Progress(second, 25, f"at {second}"))
    log.end()
    assert log.stream.getvalue() == " 40.0% at 10\n 80.0% at 20\n"


@pytest.mark.parametrize("args", [["solve", "cube-packed", "--list", "40"], ["solve", "pyramid", "--list", "40"],
                                  ["help", "command-line"]])
def test_a_reader_that_stops_early_gets_no_error(args):
    """``nonogram-editor solve ID --list N | head -2``: the command ends quietly when its reader goes."""
    process = subprocess.Popen([sys.executable, "-m", "nonogram_editor", *args], cwd=REPO, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout.readline()
    process.stdout.close()  # as head does after its lines
    stderr = process.stderr.read()
    process.wait(timeout=300)
    assert stderr == ""


def test_the_parsers_format_names_are_the_format_tables():
    """cli/run.py writes the --format names out (importing the formats would slow every command's start):
    they are the table's, in its order."""
    from nonogram_editor.cli.io import FORMAT_NAMES, LEVEL
    from nonogram_editor.cli.run import PUZZLE_FORMAT_NAMES

    assert PUZZLE_FORMAT_NAMES + (LEVEL,) == FORMAT_NAMES


TERMINAL_TRICKS = "\x1b]0;owned\x07\x1b[2J\rall good\n\u202e"  # a window title, a cleared screen, forged lines
SHOWN_TRICKS = "\\x1b]0;owned\\x07\\x1b[2J\\rall good\\n\\u202e"


def test_text_from_a_file_reaches_the_terminal_escaped(tmp_path):
    """Titles and piece names of a voxel file, a BurrTools file's problem names in an error, and
    a level's file name in check's line: every byte printed is printable but the line breaks."""
    soma = json.loads((REPO / "plugins" / "voxel" / "data" / "soma.json").read_text())
    soma["title"] = "Soma" + TERMINAL_TRICKS
    soma["pieces"][0]["name"] = "V" + TERMINAL_TRICKS
    (tmp_path / "tricks.json").write_text(json.dumps(soma))
    burr = (REPO / "tests" / "data" / "burrtools" / "AlPackino.xmpuzzle")
    import gzip
    import re
    text = gzip.open(burr, "rt").read() if burr.read_bytes()[:2] == b"\x1f\x8b" else burr.read_text()
    problem = re.search(r"<problem .*?</problem>", text, re.S).group()
    named = re.sub(r'name="[^"]*"', 'name="A&#13;all good&#10;"', problem, count=1)  # (XML 1.0 holds no ESC)
    text = text.replace(problem, named + named.replace("A&#13;", "B&#13;"), 1)
    (tmp_path / "tricks.xmpuzzle").write_bytes(gzip.compress(text.encode()))
    (tmp_path / f"plus{TERMINAL_TRICKS[:-1]}.non").write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n")
    solved = _run("solve", str(tmp_path / "tricks.json"))
    assert f"Soma{SHOWN_TRICKS}: solved in" in solved.stdout
    assert f"=V{SHOWN_TRICKS}," in solved.stdout
    several = _run("solve", str(tmp_path / "tricks.xmpuzzle"))
    assert several.returncode == 2
    assert "A\\rall good\\n" in several.stderr
    checked = _run("check", str(tmp_path))
    assert checked.returncode == 0
    assert "\\x1b[2J\\rall good" in checked.stdout
    for result in (solved, several, checked):
        printed = result.stdout + result.stderr
        assert not [c for c in printed if c != "\n" and (c < " " or "\x7f" <= c <= "\x9f" or c == "\u202e")], printed


def _run(*arguments):
    return subprocess.run([sys.executable, "-m", "nonogram_editor", *arguments], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONIOENCODING": "utf-8"})
