"""The two search engines behind one interface: the same answers, the same cancel, the same split."""
import pytest

from nonogram_editor.infra.tasks import Cancelled, Task
from nonogram_editor_builtins.voxel import distributed, dlx, solver
from nonogram_editor_builtins.voxel import search as search_module

from .test_solver import SHIPPED, TINY, brute_force

ENGINES = ["bitboard", "dlx"]


def every_solution(puzzle, engine):
    """Every solution, from a search that pauses at each (as ``solver.solutions`` runs)."""
    cover = solver.build_cover(puzzle, engine, symmetric=False)
    search = search_module.Search(cover, dlx.FIRST, keep=1)
    found = []
    while search.run() == dlx.FOUND:
        found.append(cover.solution(search.keep[0]))
    return found


@pytest.mark.parametrize("name", ["A and L twice, mirrors allowed", "a target with a hole", "pentominoes 3x20"])
def test_both_engines_find_the_same_solutions(name):
    puzzle = TINY[name]
    by_engine = [every_solution(puzzle, engine) for engine in ENGINES]
    assert len(by_engine[0]) == len(set(by_engine[0])) == brute_force(puzzle)[0] > 0
    assert set(by_engine[0]) == set(by_engine[1])


def test_both_engines_find_every_soma_solution():
    bitboard, dancing_links = (every_solution(SHIPPED["soma"], engine) for engine in ENGINES)
    assert len(bitboard) == len(set(bitboard)) == 11520
    assert set(bitboard) == set(dancing_links)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_count_cancelled_midway_raises_cancelled_in_both_engines(engine):
    cover = solver.build_cover(SHIPPED["pentominoes-6x10"], engine)
    search = search_module.Search(cover, dlx.COUNT)
    task = Task(on_progress=lambda progress: task.cancel(), interval=0)
    with pytest.raises(Cancelled):
        search.run(task)
    assert int(search.counts[dlx.NODES]) == 2 * search_module.SLICE_NODES  # cancelled after its first report
    assert 0 < search.engine.fraction() < 1


@pytest.mark.parametrize("engine", ENGINES)
def test_subproblems_add_up_to_the_whole_count_in_both_engines(engine):
    """The prefixes a split hands to workers, each started by the engine: together the whole count."""
    cover = solver.build_cover(TINY["A and L twice, mirrors allowed"], engine)
    whole = search_module.Search(cover, dlx.COUNT)
    whole.run()
    prefixes, head = search_module.split_prefixes(cover, 8)
    assert len(prefixes) >= 8
    totals = [int(head.counts[dlx.TOTAL]), int(head.counts[dlx.DISTINCT])]
    for prefix in prefixes:
        part = search_module.Search(cover, dlx.COUNT, prefix=prefix)
        part.run()
        totals[0] += int(part.counts[dlx.TOTAL])
        totals[1] += int(part.counts[dlx.DISTINCT])
    assert totals == [int(whole.counts[dlx.TOTAL]), int(whole.counts[dlx.DISTINCT])]


def test_a_count_on_two_processes_equals_the_count_here():
    puzzle = SHIPPED["pentominoes-6x10"]
    here = solver.count_solutions(puzzle)
    split = distributed.count_in_parts(puzzle, jobs=2, wanted=64)
    assert (split.count, split.distinct, split.jobs) == (here.count, here.distinct, 2) == (9356, 2339, 2)
    assert set(split.solutions) == set(here.solutions)
