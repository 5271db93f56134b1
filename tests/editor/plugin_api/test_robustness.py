"""Plugins that hang, exit or claim another plugin's ids: the editor and the CLI go on and name them.

Stuck plugins here wait on a gate the test opens at the end (or after a minute, so that a
host without a time budget fails these tests instead of hanging them).
"""
import json
import os
import subprocess
import sys
import textwrap

import pytest

from nonogram_editor.cli.run import run_command
from nonogram_editor.plugin_api import BUDGET_ENV, DISABLE_ENV, PanelSpec, PuzzleSpec, hookimpl
from nonogram_editor.plugin_api.host import PluginHost

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BUILT_INS = "pyramid,cube,voxel"
GATE = '''
import threading
opened = threading.Event()
second_started = threading.Event()


def wait():
    opened.wait(60)
'''
WORKING = '''
from nonogram_editor.plugin_api import PuzzleSpec, hookimpl


@hookimpl
def nonogram_editor_puzzles(puzzles):
    puzzles.add(PuzzleSpec(id="working-puzzle", title="Still here", solve_first=lambda task: 1))
'''


def install_plugins(site, plugins: dict[str, str], dist: str = "third_party_plugins") -> None:
    """A dist-info in ``site`` whose entry points name the modules ``plugins`` (name -> source)."""
    site.mkdir(exist_ok=True)
    (site / "plugin_gate.py").write_text(GATE)
    for name, source in plugins.items():
        (site / f"{name}_plugin_for_tests.py").write_text(textwrap.dedent(source))
    info = site / f"{dist}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[nonogram_editor.plugins]\n" + "".join(
        f"{name} = {name}_plugin_for_tests\n" for name in plugins))


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A folder on sys.path for fake plugin packages; the gate is opened when the test ends."""
    folder = tmp_path / "site"
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setenv(DISABLE_ENV, BUILT_INS)
    yield folder
    if "plugin_gate" in sys.modules:
        sys.modules["plugin_gate"].opened.set()
    for name in [m for m in sys.modules if m.endswith("_plugin_for_tests") or m == "plugin_gate"]:
        del sys.modules[name]


def gate_is_closed() -> bool:
    return not sys.modules["plugin_gate"].opened.is_set()


def test_a_plugin_stuck_on_import_is_reported_and_the_others_load(site):
    install_plugins(site, {"stuck": "import plugin_gate\nplugin_gate.wait()\n", "working": WORKING})
    host = PluginHost(budget=0.5)
    assert gate_is_closed(), "the host came back while the stuck plugin was still importing"
    assert host.plugin_names() == ["working"]
    [failure] = host.failures
    assert (failure.plugin, failure.stage) == ("stuck", "load")
    assert failure.error.startswith("PluginTimeout: still busy after 0.5 s")
    assert "plugin_gate.wait()" in failure.details  # where it was stuck
    assert "working-puzzle" in host.puzzles()


def test_stuck_plugins_share_one_budget(site):
    """The second stuck plugin starts while the first is stuck: start-up waits one budget, not two."""
    install_plugins(site, {
        "first": "import plugin_gate\nplugin_gate.second_started.wait(60)\nplugin_gate.wait()\n",
        "second": "import plugin_gate\nplugin_gate.second_started.set()\nplugin_gate.wait()\n"})
    host = PluginHost(budget=2)
    assert [(f.plugin, f.error.split(":")[0]) for f in host.failures] == [("first", "PluginTimeout"),
                                                                         ("second", "PluginTimeout")]
    first = host.failures[0].details
    assert "plugin_gate.wait()" in first
    assert "second_started.wait" not in first


@pytest.mark.parametrize("source, error", [
    ("import sys\nsys.exit(3)\n", "SystemExit: 3"),
    ("raise KeyboardInterrupt('from the plugin')\n", "KeyboardInterrupt: from the plugin"),
])
def test_a_plugin_that_exits_on_import_is_reported(site, source, error):
    install_plugins(site, {"quitter": source, "working": WORKING})
    host = PluginHost()
    assert host.plugin_names() == ["working"]
    assert [(f.plugin, f.stage, f.error) for f in host.failures] == [("quitter", "load", error)]


class StuckHook:
    @hookimpl
    def nonogram_editor_puzzles(self, puzzles):
        puzzles.add(PuzzleSpec(id="half-made", title="Never listed", solve_first=lambda task: 1))
        sys.modules["plugin_gate"].wait()


class ExitingHook:
    @hookimpl
    def nonogram_editor_panels(self, panels):
        panels.add(PanelSpec(id="half-made-panel", title="Never listed", factory=lambda c, p: None))
        sys.exit("the plugin quits")


class WorkingHooks:
    @hookimpl
    def nonogram_editor_puzzles(self, puzzles):
        puzzles.add(PuzzleSpec(id="working-puzzle", title="Still here", solve_first=lambda task: 1))

    @hookimpl
    def nonogram_editor_panels(self, panels):
        panels.add(PanelSpec(id="working-panel", title="Still here", factory=lambda c, p: None))


def test_hooks_that_hang_or_exit_are_reported_and_their_additions_dropped(site):
    install_plugins(site, {})
    import plugin_gate  # noqa: F401  (StuckHook waits on it)

    host = PluginHost(load_entry_points=False, budget=0.5)
    for name, plugin in (("stuck", StuckHook()), ("exiting", ExitingHook()), ("working", WorkingHooks())):
        host.register(plugin, name)
    assert host.puzzles().ids() == ["working-puzzle"]
    assert gate_is_closed()
    assert host.panels().ids() == ["working-panel"]
    assert [(f.plugin, f.stage, f.error.split(":")[0]) for f in host.failures] == [
        ("stuck", "nonogram_editor_puzzles", "PluginTimeout"), ("exiting", "nonogram_editor_panels", "SystemExit")]


def test_cli_puzzles_names_a_stuck_plugin_within_its_budget(site):
    install_plugins(site, {"stuck": "import plugin_gate\nplugin_gate.wait()\n", "working": WORKING})
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), REPO]), DISABLE_ENV: BUILT_INS,
           BUDGET_ENV: "1"}
    result = subprocess.run([sys.executable, "-m", "nonogram_editor", "puzzles"], capture_output=True, text=True,
                            env=env, timeout=50)  # the gate opens after 60 s: only a budget ends this in time
    assert result.returncode == 0
    assert result.stdout.split() == ["working-puzzle", "Still", "here"]
    assert "plugin 'stuck' skipped (load): PluginTimeout: still busy after 1 s" in result.stderr


def test_the_editor_window_appears_despite_a_stuck_and_an_exiting_plugin(site):
    install_plugins(site, {"stuck": "import plugin_gate\nplugin_gate.wait()\n",
                           "quitter": "import sys\nsys.exit(1)\n"})
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), REPO]), DISABLE_ENV: BUILT_INS,
           BUDGET_ENV: "1", "NONOGRAM_EDITOR_QUIT_AFTER_MS": "100"}
    result = subprocess.run([sys.executable, "-m", "nonogram_editor"], capture_output=True, text=True, env=env,
                            timeout=50)
    assert result.returncode == 0, result.stderr
    assert "window shown after" in result.stderr
    assert "visible=True" in result.stderr


def test_help_plugins_names_the_stuck_plugin(site, qtbot, isolated_settings):
    from PySide6.QtWidgets import QMainWindow

    from nonogram_editor.ui.puzzle_docks import install

    install_plugins(site, {"stuck": "import plugin_gate\nplugin_gate.wait()\n"})
    window = QMainWindow()
    qtbot.addWidget(window)
    docks = install(window, window.menuBar().addMenu("&Puzzles"), host=PluginHost(budget=0.5))
    assert "stuck" in window.statusBar().currentMessage()
    [(plugin, problem)] = docks.show_plugins_dialog().failure_rows()
    assert plugin == "stuck"
    assert problem.startswith("load: PluginTimeout: still busy after 0.5 s")


# --------------------------------------------------------------------------- duplicate ids
class Claimer:
    """A plugin adding a panel and a puzzle with the given ids."""

    def __init__(self, panel_id, puzzle_id, title="claimer"):
        self.panel_id, self.puzzle_id, self.title = panel_id, puzzle_id, title

    @hookimpl
    def nonogram_editor_panels(self, panels):
        panels.add(PanelSpec(id=self.panel_id, title=self.title, factory=lambda c, p: None))

    @hookimpl
    def nonogram_editor_puzzles(self, puzzles):
        puzzles.add(PuzzleSpec(id=self.puzzle_id, title=self.title, solve_first=lambda task: 1))
        puzzles.add(PuzzleSpec(id=self.puzzle_id + "-own", title=self.title, solve_first=lambda task: 1))


def test_a_newcomer_taking_a_built_in_id_is_skipped_for_it_and_named():
    host = PluginHost(load_entry_points=False)
    host.register(Claimer("clashing-panel", "clashing", "third party"), "intruder")  # registered first
    host.register(Claimer("clashing-panel", "clashing", "built in"), "builtin", built_in=True)
    panels, puzzles = host.panels(), host.puzzles()
    assert panels.get("clashing-panel").title == "built in"
    assert panels.owner["clashing-panel"] == "builtin"
    assert puzzles.get("clashing").title == "built in"
    assert puzzles.owner["clashing-own"] == "builtin"
    assert "clashing-own" in puzzles
    errors = [(f.plugin, f.error) for f in host.failures]
    assert ("intruder", "DuplicateIdError: panel id 'clashing-panel' is already registered by plugin 'builtin'; "
                        "plugin 'intruder''s is skipped") in errors
    assert all(plugin == "intruder" for plugin, _ in errors)


def test_among_third_parties_the_first_loaded_keeps_an_id(site):
    install_plugins(site, {name: f'''
        from nonogram_editor.plugin_api import PuzzleSpec, hookimpl


        @hookimpl
        def nonogram_editor_puzzles(puzzles):
            puzzles.add(PuzzleSpec(id="same", title="{name}'s", solve_first=lambda task: 1))
            puzzles.add(PuzzleSpec(id="{name}-only", title="{name}'s", solve_first=lambda task: 1))
        ''' for name in ("beta", "alpha")})
    host = PluginHost()
    puzzles = host.puzzles()
    assert puzzles.get("same").title == "alpha's"
    assert sorted(puzzles.ids()) == ["alpha-only", "beta-only", "same"]
    [failure] = host.failures
    assert failure.plugin == "beta"
    assert "'same' is already registered by plugin 'alpha'" in failure.error


def test_a_third_party_plugin_cannot_take_the_built_in_voxel_ids(site, monkeypatch):
    monkeypatch.delenv(DISABLE_ENV)
    install_plugins(site, {"aaa": '''
        from nonogram_editor.plugin_api import PanelSpec, PuzzleSpec, hookimpl


        @hookimpl
        def nonogram_editor_panels(panels):
            panels.add(PanelSpec(id="voxel", title="Not the voxel panel", factory=lambda c, p: None))


        @hookimpl
        def nonogram_editor_puzzles(puzzles):
            puzzles.add(PuzzleSpec(id="voxel-soma", title="Not Soma", solve_first=lambda task: 1))
        '''})
    host = PluginHost()
    panels, puzzles = host.panels(), host.puzzles()
    assert panels.owner["voxel"] == "voxel"
    assert panels.get("voxel").title == "Voxel packing"
    assert puzzles.owner["voxel-soma"] == "voxel"
    assert puzzles.get("voxel-soma").title == "Soma cube"
    assert "tetris-cube" in " ".join(puzzles.ids())  # nothing else of the built-in is lost
    assert sorted((f.plugin, f.error) for f in host.failures) == [
        ("aaa", "DuplicateIdError: panel id 'voxel' is already registered by plugin 'voxel'; "
                "plugin 'aaa''s is skipped"),
        ("aaa", "DuplicateIdError: puzzle id 'voxel-soma' is already registered by plugin 'voxel'; "
                "plugin 'aaa''s is skipped")]


def test_cli_names_both_plugins_of_a_clash(site, capsys):
    host = PluginHost(load_entry_points=False)
    host.register(Claimer("p", "clashing", "first"), "first")
    host.register(Claimer("p", "clashing", "second"), "second")
    assert run_command(["solve", "clashing", "--first"], host=host) == 0
    err = capsys.readouterr().err
    assert "warning: plugin 'second' skipped (nonogram_editor_puzzles): DuplicateIdError: puzzle id 'clashing' " \
           "is already registered by plugin 'first'" in err


def test_a_third_party_plugin_named_like_a_built_in_is_skipped_naming_both(site, monkeypatch):
    monkeypatch.delenv(DISABLE_ENV)
    install_plugins(site, {"voxel": WORKING})  # first on sys.path, as a user's package could be
    host = PluginHost()
    assert "voxel" in host.plugin_names()
    assert "working-puzzle" not in host.puzzles()
    assert host.panels().get("voxel").title == "Voxel packing"
    [failure] = host.failures
    assert (failure.plugin, failure.stage) == ("voxel", "load")
    assert failure.error == ("DuplicateIdError: the plugin name 'voxel' is taken by "
                             "nonogram_editor_builtins.voxel.plugin (from nonogram-editor); "
                             "voxel_plugin_for_tests (from third_party_plugins) is skipped")


class ExitingFactory:
    @hookimpl
    def nonogram_editor_panels(self, panels):
        panels.add(PanelSpec(id="exit", title="Exit", factory=lambda context, parent: sys.exit(1)))


def test_a_panel_factory_calling_sys_exit_is_reported(qtbot, isolated_settings):
    from PySide6.QtWidgets import QMainWindow

    from nonogram_editor.ui.puzzle_docks import install

    host = PluginHost(load_entry_points=False)
    host.register(ExitingFactory(), "exiting")
    window = QMainWindow()
    qtbot.addWidget(window)
    docks = install(window, window.menuBar().addMenu("&Puzzles"), host=host)
    assert docks.open_panel("exit") is None
    assert [(f.plugin, f.stage, f.error) for f in host.failures] == [("exiting", "panel 'exit'", "SystemExit: 1")]
    assert "exiting" in window.statusBar().currentMessage()


class DeferredPuzzles:
    """Three deferred puzzles: one builds, one raises, one hangs."""

    @hookimpl
    def nonogram_editor_puzzles(self, puzzles):
        puzzles.add_deferred("fine", lambda: PuzzleSpec(id="fine", title="Fine", solve_first=lambda task: 1))
        puzzles.add_deferred("raises", lambda: 1 / 0)
        puzzles.add_deferred("hangs", lambda: sys.modules["plugin_gate"].wait())


def test_deferred_puzzles_that_raise_or_hang_cost_only_themselves(site, capsys):
    install_plugins(site, {})
    import plugin_gate  # noqa: F401

    host = PluginHost(load_entry_points=False, budget=0.5)
    host.register(DeferredPuzzles(), "deferred")
    assert run_command(["puzzles"], host=host) == 0
    out, err = capsys.readouterr()
    assert gate_is_closed()
    assert out.split() == ["fine", "Fine"]
    assert "plugin 'deferred' skipped (puzzle 'raises'): ZeroDivisionError" in err
    assert "plugin 'deferred' skipped (puzzle 'hangs'): PluginTimeout: still busy after 0.5 s" in err


EXITING_SOLVER = '''
import os, sys
from nonogram_editor.plugin_api import PuzzleSpec, hookimpl


@hookimpl
def nonogram_editor_puzzles(puzzles):
    puzzles.add(PuzzleSpec(id="sys-exit", title="Exits", solve_first=lambda task: sys.exit(0)))
    puzzles.add(PuzzleSpec(id="os-exit", title="Exits at once", solve_first=lambda task: os._exit(0)))
'''


def run_cli(site, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), REPO]), DISABLE_ENV: BUILT_INS}
    return subprocess.run([sys.executable, "-m", "nonogram_editor", *args], capture_output=True, text=True, env=env,
                          timeout=120)


def test_a_plugin_calling_os_exit_on_import_turns_no_command_into_a_silent_success(site):
    install_plugins(site, {"quitter": "import os\nos._exit(0)\n", "working": WORKING})
    listed = run_cli(site, "puzzles")
    assert listed.stdout.split() == ["working-puzzle", "Still", "here"]
    assert "plugin 'quitter' skipped (load): PluginExit: the plugin called os._exit(0)" in listed.stderr
    unknown = run_cli(site, "solve", "no-such-puzzle")
    assert unknown.returncode == 2
    assert "no puzzle 'no-such-puzzle'" in unknown.stderr
    # check loads no plugin: a level that is not line-solvable still fails, with its verdict
    checked = run_cli(site, "check", os.path.join(REPO, "tests", "data", "hard", "domino-7.non"))
    assert checked.returncode == 1
    assert "BRANCH" in checked.stdout


UNCATCHABLE_EXITS = {
    "posix._exit at import": "import posix\nposix._exit(0)\n",
    "C's _exit at import": "import ctypes\nctypes.CDLL(None)._exit(0)\n",
    "a signal to itself": "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n",
}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's own: the command runs in a fork")
@pytest.mark.parametrize("how", UNCATCHABLE_EXITS)
def test_a_plugin_ending_the_process_fails_the_command_and_says_so(site, how):
    install_plugins(site, {"quitter": UNCATCHABLE_EXITS[how], "working": WORKING})
    for command in (["solve", "no-such-puzzle"], ["puzzles"], ["solve", "working-puzzle", "--json"]):
        ran = run_cli(site, *command)
        assert ran.returncode == (137 if "signal" in how else 1), (command, ran)
        assert "error: the command's process " in ran.stderr
        assert "before it finished" in ran.stderr
        assert "Traceback" not in ran.stderr
        if "--json" in command:
            assert "before it finished" in json.loads(ran.stdout)["error"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's own: the command runs in a fork")
def test_an_exit_handler_ending_the_process_cannot_change_the_exit_status(site):
    install_plugins(site, {"quitter": "import atexit, os\natexit.register(os._exit, 0)\n", "working": WORKING})
    unknown = run_cli(site, "solve", "no-such-puzzle")
    assert unknown.returncode == 2
    assert "no puzzle 'no-such-puzzle'" in unknown.stderr
    listed = run_cli(site, "puzzles")  # the answer is out before the exit handlers run
    assert listed.returncode == 0
    assert listed.stdout.split() == ["working-puzzle", "Still", "here"]


GREEDY_SOLVER = '''
from nonogram_editor.plugin_api import PuzzleSpec, hookimpl, run_in_process


def allocate(megabytes):
    return len(bytearray(megabytes * 2 ** 20))


@hookimpl
def nonogram_editor_puzzles(puzzles):
    puzzles.add(PuzzleSpec(id="greedy", title="Greedy",
                           solve_first=lambda task: run_in_process(allocate, (1500,), task)))
'''


@pytest.mark.processes
@pytest.mark.skipif(not hasattr(__import__("resource"), "RLIMIT_AS"), reason="no address-space limit here")
def test_a_solve_whose_process_runs_out_of_its_memory_limit_fails_saying_so(site):
    install_plugins(site, {"greedy": GREEDY_SOLVER})
    solved = run_cli(site, "solve", "greedy", "--memory-limit", "400", "--json")
    assert solved.returncode == 1, solved
    assert solved.stderr == "error: memory limit of 400 MB reached\n"
    assert json.loads(solved.stdout) == {"puzzle": "greedy", "error": "memory limit of 400 MB reached"}


@pytest.mark.parametrize("puzzle, how", [("sys-exit", "sys.exit(0)"), ("os-exit", "os._exit(0)")])
def test_a_solver_that_exits_fails_the_command_and_says_so(site, puzzle, how):
    install_plugins(site, {"exiting": EXITING_SOLVER})
    solved = run_cli(site, "solve", puzzle)
    assert solved.returncode == 1
    assert solved.stdout == ""
    assert f"error: puzzle {puzzle!r} failed: " in solved.stderr
    assert how in solved.stderr
