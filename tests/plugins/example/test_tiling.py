"""The example plugin (docs/example_plugin): known answers, a brute-force cross-check, the checker, the hooks."""
from functools import cache

import pytest
from polyomino_tiling import checker, plugin, solver
from polyomino_tiling.model import DOMINO, L_TROMINO, PUZZLES, make_tiling

from nonogram_editor.plugin_api import Cancelled, PuzzleDataError, Registry, Task


def domino_tilings_by_profiles(width: int, height: int) -> int:
    """Domino tilings counted column by column over the bitmask of cells already covered (no search)."""

    @cache
    def columns(x: int, covered: int) -> int:
        if x == width:
            return int(covered == 0)
        return sum(columns(x + 1, nxt) for nxt in fills(0, covered, 0))

    def fills(y: int, covered: int, nxt: int):
        if y == height:
            yield nxt
            return
        if covered >> y & 1:
            yield from fills(y + 1, covered, nxt)
            return
        yield from fills(y + 1, covered, nxt | 1 << y)  # a domino lying into the next column
        if y + 1 < height and not covered >> (y + 1) & 1:
            yield from fills(y + 2, covered, nxt)  # a domino standing in this column

    return columns(0, 0)


@pytest.mark.parametrize("width,height", [(w, h) for w in range(1, 6) for h in range(1, 5)])
def test_domino_counts_agree_with_a_transfer_matrix(width, height):
    tiling = make_tiling("t", "t", width, height, {"domino": DOMINO})
    found = list(solver.solutions(Task(), tiling))
    assert len(found) == domino_tilings_by_profiles(width, height)
    assert len(set(found)) == len(found)
    assert all(checker.check(tiling, s) == [] for s in found)


def test_the_shipped_puzzles_have_their_known_counts():
    dominoes, trominoes = PUZZLES
    assert solver.count(Task(), dominoes).count == 95  # 4x5 dominoes
    assert solver.count(Task(), trominoes).count == 4   # 2x6 L-trominoes: two 2x3 blocks, each two ways


def test_the_checker_finds_overlaps_gaps_and_wrong_shapes():
    tiling = make_tiling("t", "t", 3, 2, {"L": L_TROMINO})
    good = next(solver.solutions(Task(), tiling))
    assert checker.check(tiling, good) == []
    assert any("covered by" in p for p in checker.check(tiling, (good[0], good[0])))
    assert any("uncovered" in p for p in checker.check(tiling, good[:1]))
    straight = (("L", ((0, 0), (1, 0), (2, 0))), ("L", ((0, 1), (1, 1), (2, 1))))
    assert any("not a L" in p for p in checker.check(tiling, straight))


def test_bad_data_and_cancel():
    with pytest.raises(PuzzleDataError, match="1 to 12 cells"):
        make_tiling("huge", "huge", 40, 2, {"domino": DOMINO})
    task = Task()
    task.cancel()
    with pytest.raises(Cancelled):
        next(solver.solutions(task, PUZZLES[0]))


def test_the_hooks_register_the_puzzles_and_the_panel():
    puzzles, panels = Registry("puzzle"), Registry("panel")
    plugin.nonogram_editor_puzzles(puzzles)
    plugin.nonogram_editor_panels(panels)
    assert [spec.id for spec in puzzles] == ["tiling-dominoes-4x5", "tiling-trominoes-2x6"]
    spec = puzzles.get("tiling-trominoes-2x6")
    first = spec.first(Task())
    assert spec.format_solution(first) == "AABCCD\nABBCDD"
    assert spec.count(Task(), 1).count == 4
    assert spec.check(first) == []
    assert len(spec.scene_parts(first)) == 4
    assert panels.ids() == ["tiling"]


def test_the_command_line_counts_the_example_through_its_hooks(capsys):
    import json

    from nonogram_editor.cli.run import run_command
    from nonogram_editor.plugin_api.host import PluginHost

    host = PluginHost(load_entry_points=False)
    host.register(plugin, "tiling")
    assert host.failures == []
    run_command(["solve", "tiling-dominoes-4x5", "--count", "--json"], host=host)
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (summary["count"], summary["complete"]) == (95, True)


def test_solve_lists_the_stream_and_checks_every_solution_it_prints(capsys):
    import json

    from nonogram_editor.cli.run import run_command
    from nonogram_editor.plugin_api.host import PluginHost

    host = PluginHost(load_entry_points=False)
    host.register(plugin, "tiling")
    assert run_command(["solve", "tiling-trominoes-2x6", "--list", "10"], host=host) == 0
    out = capsys.readouterr().out
    assert out.count("checked independently: valid") == 4
    assert "solution 4:" in out
    assert "solution 5:" not in out
    assert run_command(["solve", "tiling-trominoes-2x6", "--list", "10", "--json"], host=host) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["valid"] is True
    assert len(summary["solutions"]) == 4
    assert run_command(["solve", "tiling-dominoes-4x5"], host=host) == 0  # --first: one from the stream
    assert capsys.readouterr().out.count("checked independently: valid") == 1


def test_a_solution_the_checker_refuses_fails_the_command(capsys):
    from nonogram_editor.cli.run import run_command
    from nonogram_editor.plugin_api import PuzzleSpec, hookimpl
    from nonogram_editor.plugin_api.host import PluginHost

    class Liar:
        @hookimpl
        def nonogram_editor_puzzles(self, puzzles):
            puzzles.add(PuzzleSpec(id="liar", title="Liar", solutions=lambda task: iter([1, 2]),
                                   check=lambda solution: [] if solution == 1 else [f"{solution} is wrong"]))

    host = PluginHost(load_entry_points=False)
    host.register(Liar(), "liar")
    assert run_command(["solve", "liar", "--list", "2"], host=host) == 1
    assert "INVALID: 2 is wrong" in capsys.readouterr().out
    with pytest.raises(TypeError, match="solve_first or solutions"):
        PuzzleSpec(id="nothing", title="Nothing")
