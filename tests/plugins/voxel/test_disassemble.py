"""The disassembler: BurrTools' stored solutions, brute force on small puzzles, and every move replayed."""
import collections
import random
from pathlib import Path

import pytest

from nonogram_editor_builtins.voxel import solver
from nonogram_editor_builtins.voxel.burrtools import load_burrtools, problem_names
from nonogram_editor_builtins.voxel.burrtools_solutions import level_of_info, stored_problems, transformation
from nonogram_editor_builtins.voxel.burrtools_solutions import solved_problems as stored_solved_problems
from nonogram_editor_builtins.voxel.cover import build_cover
from nonogram_editor_builtins.voxel.disassemble import (
    DIRECTIONS,
    Disassembler,
    Grouping,
    Separation,
    assemblies_of,
    disassemble_solution,
    frames,
    rotation_classes,
    tally,
)

DATA = Path(__file__).parents[2] / "data" / "burrtools"
STORED = ["CubeInCage", "PelikanBurr", "AlPackino", "SolidSixPieceBurrs"]
LINKED = DATA / "made" / "LinkedRings.xml"  # two linked rings and a cube; figures from BurrTools' burrTxt


def solved_problems():
    """(file, problem number from 0, problem): each solved problem with stored solutions, cube grid."""
    return [pytest.param(path, number, problem, id=f"{path.stem}-{number}")
            for path, number, problem in stored_solved_problems(sorted(DATA.glob("*.xmpuzzle")))]


def load(path, number):
    """The puzzle of problem ``number`` (from 0) of a BurrTools file."""
    names = problem_names(path)
    return load_burrtools(path, names[number] if len(names) > 1 else None)


def add(a, b, k=1):
    return (a[0] + k * b[0], a[1] + k * b[1], a[2] + k * b[2])


# ------------------------------------------------------------------ what BurrTools stored

def test_transformations_are_the_24_rotations_then_their_mirrors():
    def det(m):
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))

    matrices = [transformation(t) for t in range(48)]
    assert len(set(matrices)) == 48
    assert [det(m) for m in matrices] == [1] * 24 + [-1] * 24


def test_the_test_data_holds_the_solved_examples():
    assert {p.values[0].stem for p in solved_problems()} >= set(STORED)


@pytest.mark.parametrize("path, number, problem", solved_problems())
def test_every_stored_solution_comes_apart_as_burrtools_stored_it(path, number, problem):
    """Each stored assembly (decoded, and checked to fill the result without overlap) comes
    apart in the same tree of separations with the same number of moves in each."""
    puzzle = load(path, number)
    assert problem.stored
    assert all(s.info for s in problem.stored)
    disassembler = Disassembler()
    for stored in problem.stored:
        cells = [c for piece in stored.cells for c in piece]
        assert len(cells) == len(set(cells))
        low = tuple(min(c[i] for c in cells) for i in range(3))
        covered = {(x - low[0], y - low[1], z - low[2]) for x, y, z in cells}
        assert set(puzzle.target) - set(puzzle.optional) <= covered <= set(puzzle.target)
        separation = disassembler.disassemble(stored.cells, [problem.groups[p] for p in stored.pieces])
        assert separation is not None
        assert separation.info == stored.info
        assert separation.level == stored.level
    assert Disassembler().levels(problem.stored_assemblies) == [stored.level for stored in problem.stored]


def test_stored_assemblies_list_each_placement_once_and_report_progress_in_batches():
    """BurrTools' stored solutions as the disassembler takes them: each (piece, cells) once,
    each assembly a row of placement numbers; ``levels`` reports how many it took apart
    and how many came apart before each batch, and answers as one call without progress."""
    (problem,) = stored_problems(DATA / "SolidSixPieceBurrs.xmpuzzle")
    assemblies = problem.stored_assemblies
    assert len(set(problem.placements)) == len(problem.placements) < sum(len(s.pieces) for s in problem.stored)
    for stored, row in zip(problem.stored, assemblies.numbers.tolist()):
        assert [assemblies.cells[n] for n in row if n >= 0] == list(stored.cells)
        assert [assemblies.kinds[n] for n in row if n >= 0] == list(stored.pieces)
    reports = []
    found = Disassembler().levels(assemblies, lambda done, apart: reports.append((done, apart)))
    assert found == Disassembler().levels(assemblies) == [stored.level for stored in problem.stored]
    assert [done for done, _ in reports] == list(range(0, len(problem.stored), 64))
    assert [apart for _, apart in reports] == [sum(level is not None for level in found[:done]) for done, _ in reports]


def test_assemblies_of_fewer_than_two_pieces_do_not_come_apart():
    """As in BurrTools, one piece alone, or none, is not a disassembly."""
    assert Disassembler().levels(assemblies_of([[], []], [])) == [None, None]
    assert Disassembler().levels(assemblies_of([[(0, [(0, 0, 0)])], [(0, [(0, 0, 0)]), (1, [(1, 0, 0)])]],
                                               [[], []])) == [None, "1"]


def test_levels_read_as_burrtools_writes_them():
    for name, level in [("CubeInCage", "4.9.3"), ("PelikanBurr", "98.2.4.2"), ("AlPackino", "1.1.1.1.1.2.1.3.1.2.1.2")]:
        (problem,) = stored_problems(DATA / f"{name}.xmpuzzle")
        assert problem.stored[0].level == level
    assert level_of_info((2, 2, 2, 0, 0, 0, 2, 2, 0, 0, 0)) == "1"
    assert level_of_info((5, 10, 4, 0, 0, 0, 0)) == "4.9.3"
    assert level_of_info((3, 2, 0, 0, 4, 0, 0)) == "2.3"  # a one-move part left out, as BurrTools does


@pytest.mark.parametrize("path, number, problem", solved_problems())
def test_counted_assemblies_that_come_apart_are_burrtools_solutions(path, number, problem):
    """Our assemblies (one per class) that come apart are, class for class, the solutions
    BurrTools stored; their first separations take as many moves as BurrTools'. Where the
    file's figures are those up to rotation only ("Keep Mirror Solutions", SolidSixPieceBurrs),
    the count's classes also merge mirror images: the figures up to rotation are compared."""
    puzzle = load(path, number)
    outcome = solver.count_solutions(puzzle)
    assert len(outcome.solutions) == outcome.distinct
    assert problem.assemblies in (outcome.distinct, outcome.distinct_rotations)
    mirrors_kept = problem.assemblies != outcome.distinct
    solutions, levels, solutions_rotations = tally(puzzle, outcome.solutions)
    assert (solutions_rotations if mirrors_kept else solutions) == len(problem.stored)
    assert problem.solutions in (None, len(problem.stored))  # AlPackino states no figure, only its one solution

    def normal(pieces):
        cells = [c for p in pieces for c in p]
        low = tuple(min(c[i] for c in cells) for i in range(3))
        return tuple(sorted(tuple(sorted((x - low[0], y - low[1], z - low[2]) for x, y, z in p)) for p in pieces))

    stored = collections.Counter(normal(s.cells) for s in problem.stored)
    first_moves = collections.Counter(s.info[0] - 1 for s in problem.stored)
    found, ours = collections.Counter(), collections.Counter()
    disassembler, cover = Disassembler(), build_cover(puzzle)
    for solution in outcome.solutions:
        separation = disassemble_solution(puzzle, solution, disassembler)
        if separation is None:
            continue
        ours[len(separation.moves)] += rotation_classes(cover, solution) if mirrors_kept else 1
        members = {normal([p.cells for p in member]) for member in solver.class_members(puzzle, solution)}
        found.update(members & set(stored))
    assert found == stored
    assert ours == first_moves
    assert sum(levels.values()) == solutions


# ------------------------------------------------------------------ brute force on small puzzles

def random_assembly(rng: random.Random, pieces: int) -> list[tuple]:
    """A tube along z (4x4 across, 3 or 4 high) with some cells of its ends closed, and
    ``pieces`` - 1 pieces grown at random inside it, leaving a hole or two: pieces that
    often must shuffle before one comes out, or never can."""
    height = rng.choice((3, 4))
    tube = [(x, y, z) for x in range(4) for y in range(4) for z in range(height) if x in (0, 3) or y in (0, 3)]
    inside = [(x, y, z) for x in (1, 2) for y in (1, 2) for z in range(height)]
    caps = rng.sample([c for c in inside if c[2] in (0, height - 1)], rng.randrange(2, 7))
    free = set(inside) - set(caps)
    free -= set(rng.sample(sorted(free), rng.randrange(1, 3)))
    owner = {s: k for k, s in enumerate(rng.sample(sorted(free), pieces - 1), 1)}
    free -= set(owner)
    while free:
        cell = rng.choice(sorted(free))
        near = [owner[add(cell, d)] for d in DIRECTIONS if add(cell, d) in owner]
        if near:
            owner[cell] = rng.choice(near)
            free.discard(cell)
        elif not any(add(c, d) in owner for c in free for d in DIRECTIONS):
            break  # the rest is walled off: it stays empty
    return [tuple(sorted(tube + caps))] + [tuple(sorted(c for c, o in owner.items() if o == k))
                                          for k in range(1, pieces)]


class Brute:
    """Every slide of every subset of the pieces, by every distance: no BurrTools rules."""

    def __init__(self, pieces):
        self.pieces = [frozenset(p) for p in pieces]
        self.verdicts: dict[tuple, dict[tuple, bool]] = {}  # part -> its positions -> comes apart
        self.far = 2 * max(max(c[i] for p in pieces for c in p) - min(c[i] for p in pieces for c in p)
                           for i in range(3)) + 3

    def cells(self, part, offsets, subset):
        return {add(c, offsets[k]) for k in subset for c in self.pieces[part[k]]}

    def slides(self, part, offsets):
        """(subset, direction, distance or None for good, new offsets) for every slide."""
        n = len(part)
        for bits in range(1, (1 << n) - 1):
            moving = [k for k in range(n) if bits >> k & 1]
            fixed = self.cells(part, offsets, [k for k in range(n) if not bits >> k & 1])
            mine = self.cells(part, offsets, moving)
            for d in DIRECTIONS:
                distance = 0
                while distance < self.far and not {add(c, d, distance + 1) for c in mine} & fixed:
                    distance += 1
                if distance == self.far:
                    yield bits, d, None, offsets
                    continue
                for k in range(1, distance + 1):
                    yield bits, d, k, tuple(add(o, d, k) if bits >> i & 1 else o for i, o in enumerate(offsets))

    @staticmethod
    def key(offsets):
        return tuple(add(o, offsets[0], -1) for o in offsets)

    def least_moves(self, part, offsets) -> int | None:
        """The fewest moves to the first separation (the separating one counted), breadth first."""
        seen, frontier, depth = {self.key(offsets)}, [offsets], 0
        while frontier:
            depth += 1
            following = []
            for position in frontier:
                for _, _, distance, moved in self.slides(part, position):
                    if distance is None:
                        return depth
                    if self.key(moved) not in seen:
                        seen.add(self.key(moved))
                        following.append(moved)
            frontier = following
        return None

    def comes_apart(self, part, offsets) -> bool:
        """Some sequence of slides takes the part down to single pieces (worked out once per
        set of positions the part can reach)."""
        part, offsets = tuple(part), tuple(offsets)
        if len(part) == 1:
            return True
        known = self.verdicts.get(part, {})
        if self.key(offsets) in known:
            return known[self.key(offsets)]
        seen, todo, verdict = {self.key(offsets)}, [offsets], False
        while todo and not verdict:
            position = todo.pop()
            for bits, _, distance, moved in self.slides(part, position):
                if distance is None:
                    sides = [[k for k in range(len(part)) if (bits >> k & 1) == side] for side in (0, 1)]
                    if all(self.comes_apart(tuple(part[k] for k in s), tuple(position[k] for k in s)) for s in sides):
                        verdict = True
                        break
                elif self.key(moved) not in seen:
                    seen.add(self.key(moved))
                    todo.append(moved)
        if verdict:  # the whole reachable set comes apart; record only what was seen
            self.verdicts.setdefault(part, {}).update(dict.fromkeys(seen, True))
        else:
            self.verdicts.setdefault(part, {}).update(dict.fromkeys(seen, False))
        return verdict


def replay(pieces, separation: Separation, far: int, groups=None):
    """Walks the separation tree, checking every move physically; yields (separation, offsets at its start)."""
    groups = groups or [0] * len(pieces)

    def walk(sep, offsets):
        start = dict(offsets)
        yield sep, start
        occupied = {}
        for k in sep.pieces:
            for c in pieces[k]:
                cell = add(c, offsets[k])
                assert cell not in occupied, "pieces overlap"
                occupied[cell] = k
        span = [(min(c[i] for c in occupied) - far, max(c[i] for c in occupied) + far) for i in range(3)]
        before = dict(offsets)
        for move in sep.moves:
            before = dict(offsets)
            assert move.pieces
            assert set(move.pieces) < set(sep.pieces)
            fixed = {c for c, k in occupied.items() if k not in move.pieces}
            mine = [c for c, k in occupied.items() if k in move.pieces]
            steps = far if move.distance is None else move.distance
            for t in range(1, steps + 1):  # every cell passed through is free
                assert not {add(c, move.direction, t) for c in mine} & fixed, "a slide runs into a piece"
            if move.distance is None:
                assert set(move.pieces) == set(sep.removed_pieces)
                break
            for k in move.pieces:
                offsets[k] = add(offsets[k], move.direction, move.distance)
            occupied = {add(c, move.direction, move.distance) if k in move.pieces else c: k
                        for c, k in occupied.items()}
            assert all(span[i][0] <= c[i] <= span[i][1] for c in occupied for i in range(3)), "a piece wandered off"
        left = [k for k in sep.pieces if k not in sep.removed_pieces]
        for side, members in ((sep.left, left), (sep.removed, sep.removed_pieces)):
            if side is None:
                assert len(members) == 1 or len({groups[k] for k in members}) == 1 and groups[members[0]]
            else:
                assert side.pieces == tuple(members)
                yield from walk(side, {k: before[k] for k in members})

    yield from walk(separation, {k: (0, 0, 0) for k in range(len(pieces))})


@pytest.mark.parametrize("count", [2, 3, 4])
def test_the_disassembler_agrees_with_brute_force(count):
    """Random assemblies of 2-4 pieces: each separation takes the fewest moves any sequence
    of slides needs from where its part starts (brute force, every subset sliding every
    distance), every move physically checked; for 2 and 3 pieces the verdict is brute
    force's (some sequence of slides takes them apart)."""
    rng = random.Random(count)
    disassembler = Disassembler()
    seen_levels = collections.Counter()
    for _ in range(40):
        pieces = random_assembly(rng, count)
        brute = Brute(pieces)
        separation = disassembler.disassemble(pieces)
        everything, start = tuple(range(count)), tuple((0, 0, 0) for _ in pieces)
        if count < 4:
            assert (separation is not None) == brute.comes_apart(everything, start)
        if separation is None:
            seen_levels["locked"] += 1
            continue
        seen_levels[separation.level] += 1
        for sep, offsets in replay(pieces, separation, brute.far):
            assert len(sep.moves) == brute.least_moves(sep.pieces, tuple(offsets[k] for k in sep.pieces))
    assert len(seen_levels) >= min(count, 3), seen_levels  # locked ones, and levels above 1 with more pieces


def test_a_locked_pair_and_a_pair_that_needs_three_moves():
    hook = [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (2, 2, 0)]  # a ring
    locked = [hook, [(1, 1, 0)]]  # a cell inside a flat ring slides out along z
    assert Disassembler().disassemble(locked).level == "1"
    caged = [[c for c in ((x, y, z) for x in range(3) for y in range(3) for z in range(3)) if c != (1, 1, 1)],
             [(1, 1, 1)]]
    assert Disassembler().disassemble(caged) is None
    # a corridor with two bends in a walled slab: the bar moves +x, then +y, then out along +x
    corridor = {(1, 1), (2, 1), (2, 2), (3, 2), (4, 2)}
    walls = [(x, y, z) for x in range(5) for y in range(4) for z in (-1, 0, 1) if z or (x, y) not in corridor]
    bar = [(1, 1, 0)]
    separation = Disassembler().disassemble([walls, bar])
    brute = Brute([walls, bar])
    assert len(separation.moves) == brute.least_moves((0, 1), ((0, 0, 0), (0, 0, 0))) == 3
    assert [m.direction for m in separation.moves] == [(1, 0, 0), (0, 1, 0), (1, 0, 0)]


# ------------------------------------------------------------------ groups

RING = [(x, y, 1) for x in range(3) for y in range(3) if (x, y) != (1, 1)]
LINKED_RING = [(x, 1, z) for x in range(1, 4) for z in range(3) if (x, z) != (2, 1)]  # through the first


@pytest.mark.parametrize("name", problem_names(LINKED))
def test_group_tags_decide_which_locked_parts_may_stay_together_as_burrtools_does(name):
    puzzle = load_burrtools(LINKED, name)
    outcome = solver.count_solutions(puzzle)
    assert outcome.distinct == puzzle.expected_assemblies == 1
    assert tally(puzzle, outcome.solutions).solutions == puzzle.expected_solutions


def test_the_group_tags_are_read_with_their_counts():
    rings = {name: load_burrtools(LINKED, name).pieces[0] for name in problem_names(LINKED)}
    assert rings["two groups of one"].groups == ((1, 1), (2, 1))
    assert rings["two groups of one"].group == 0
    assert rings["group attribute"].groups == ((1, 2),)
    assert rings["group attribute"].group == 1
    assert rings["one group tag of one"].groups == ((1, 1),)
    assert rings["one group tag of one"].group == 1
    assert rings["no group"].groups == ()
    assert rings["no group"].group == 0


def test_locked_parts_share_out_the_room_their_groups_have():
    cube = [(9, 1, 1)]
    apart = Disassembler().disassemble([RING, LINKED_RING, cube], Grouping([0, 0, 1], [[(1, 2)], []]))
    assert apart is not None
    assert apart.removed_pieces == (2,)
    assert apart.left is None
    assert Disassembler().disassemble([RING, LINKED_RING, cube], Grouping([0, 0, 1], [[(1, 1), (2, 1)], []])) is None
    # two pairs of linked rings: each pair needs a group with room for two rings
    far = [(x + 10, y, z) for x, y, z in RING], [(x + 10, y, z) for x, y, z in LINKED_RING]
    pieces = [RING, LINKED_RING, *far]
    assert Disassembler().disassemble(pieces, Grouping([0] * 4, [[(1, 2), (2, 2)]])) is not None
    assert Disassembler().disassemble(pieces, Grouping([0] * 4, [[(1, 3), (2, 1)]])) is None
    assert Disassembler().disassemble(pieces, Grouping([0, 0, 1, 1], [[(1, 2)], [(1, 2)]])) is not None
    assert Disassembler().disassemble(pieces, Grouping([0, 1, 0, 1], [[(1, 1), (2, 1)], [(1, 1), (2, 1)]])) is not None


def test_one_disassembler_answers_every_grouping_as_a_fresh_one_does():
    """A disassembler remembers placements, groupings and pair distances between calls."""
    cube = [(9, 1, 1)]
    far = [(x + 10, y, z) for x, y, z in RING], [(x + 10, y, z) for x, y, z in LINKED_RING]
    cases = [([RING, LINKED_RING, cube], Grouping([0, 0, 1], [[(1, 2)], []])),
             ([RING, LINKED_RING, cube], Grouping([0, 0, 1], [[(1, 1), (2, 1)], []])),
             ([RING, LINKED_RING, *far], Grouping([0] * 4, [[(1, 3), (2, 1)]])),
             ([RING, LINKED_RING, *far], Grouping([0] * 4, [[(1, 2), (2, 2)]])),
             ([RING, LINKED_RING, cube], [1, 1, 0]), ([RING, LINKED_RING, cube], [0, 0, 0])]
    fresh = [Disassembler().disassemble(pieces, groups) for pieces, groups in cases]
    assert [apart is None for apart in fresh] == [False, True, True, False, False, True]
    shared = Disassembler()
    assert [shared.disassemble(pieces, groups) for pieces, groups in cases] == fresh
    grouped = [groups if isinstance(groups, Grouping) else Grouping(range(3), [[(g, 1)] if g else [] for g in groups])
               for _, groups in cases]
    assert [shared.levels(assemblies_of([list(zip(groups.kinds, pieces))], groups.groups))
            for (pieces, _), groups in zip(cases, grouped)] == [[apart.level if apart is not None else None]
                                                                for apart in fresh]

def test_groups_are_shared_out_by_backtracking_as_brute_force_does():
    import itertools

    import numpy as np

    from nonogram_editor_builtins.voxel.separations import assignable

    rng = random.Random(5)
    for _ in range(300):
        kinds, groups, parts = rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 4)
        allowed = np.zeros((kinds, groups + 1), dtype=np.int64)
        allowed[:, 1:] = [[rng.randint(0, 2) for _ in range(groups)] for _ in range(kinds)]
        together = np.array([[rng.randint(0, 2) for _ in range(kinds)] for _ in range(parts)], dtype=np.int64)
        brute = any(all((sum(together[p] for p in range(parts) if chosen[p] == g) <= allowed[:, g]).all()
                        for g in range(1, groups + 1))
                    for chosen in itertools.product(range(1, groups + 1), repeat=parts))
        left, chosen = np.full_like(allowed, 99), np.full(parts, 99, dtype=np.int64)  # what is in them is overwritten
        assert assignable(together, parts, allowed, left, chosen) == brute, (together, allowed)


# ------------------------------------------------------------------ moves replayed on the examples

@pytest.mark.parametrize("name", STORED)
def test_every_move_of_the_examples_is_physical(name):
    (problem,) = stored_problems(DATA / f"{name}.xmpuzzle")
    disassembler = Disassembler()
    for stored in problem.stored[:40]:
        groups = [problem.groups[p] for p in stored.pieces]
        separation = disassembler.disassemble(stored.cells, groups)
        assert sum(1 for _ in replay(list(stored.cells), separation, 12, groups)) == len(stored.info) // 2


def test_animation_frames_never_overlap_and_end_apart():
    (problem,) = stored_problems(DATA / "PelikanBurr.xmpuzzle")
    stored = problem.stored[0]
    separation = Disassembler().disassemble(stored.cells)
    shown = frames(separation, stored.cells)
    assert len(shown) == sum(1 for _ in separation.sequence()) + 1 == sum(v - 1 for v in stored.info if v) + 1
    assert shown[0] == [(0, 0, 0)] * len(stored.cells)
    for offsets in shown:
        cells = [add(c, offsets[k]) for k, piece in enumerate(stored.cells) for c in piece]
        assert len(cells) == len(set(cells))
    last = shown[-1]
    boxes = [[(min(add(c, last[k])[i] for c in p), max(add(c, last[k])[i] for c in p)) for i in range(3)]
             for k, p in enumerate(stored.cells)]
    for a in range(len(boxes)):  # at the end no two pieces' boxes overlap: all lie apart
        for b in range(a):
            assert any(boxes[a][i][1] < boxes[b][i][0] or boxes[b][i][1] < boxes[a][i][0] for i in range(3))


# ------------------------------------------------------------------ the command line

def test_the_command_line_reports_assemblies_solutions_and_levels():
    import json
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[3]
    path = str(DATA / "CubeInCage.xmpuzzle")
    text = subprocess.run([sys.executable, "-m", "nonogram_editor", "solve", path, "--count"], cwd=root,
                          capture_output=True, text=True, timeout=600)
    assert text.returncode == 0, text.stderr
    assert "CubeInCage: 96 assemblies, 1 of them come apart (solutions)" in text.stdout.splitlines()
    result = subprocess.run([sys.executable, "-m", "nonogram_editor", "solve", path, "--count", "--json"], cwd=root,
                            capture_output=True, text=True, timeout=600)
    data = json.loads(result.stdout)
    assert (data["assemblies"], data["solutions"], data["burrtools_assemblies"], data["burrtools_solutions"]) == \
        (96, 1, 96, 1)
    assert data["levels"] == {"4.9.3": 1}
    assert 0 <= data["disassembly_cpu_seconds"] < data["seconds"] + 1
    assert "summary" not in data


def test_levels_after_the_first_number_depend_on_which_image_is_taken_apart():
    """As in BurrTools: its search takes the first separation in its order of pieces and
    directions, so turned images of one assembly can split into parts that need different
    moves (editor/manual/command-line.md). The first number, the fewest moves, is the same for all."""
    puzzle = load_burrtools(DATA / "PelikanBurr.xmpuzzle")
    outcome = solver.count_solutions(puzzle)
    disassembler = Disassembler()
    (solution,) = [s for s in outcome.solutions if disassemble_solution(puzzle, s, disassembler) is not None]
    levels = collections.Counter(disassemble_solution(puzzle, image, disassembler).level
                                 for image in solver.class_members(puzzle, solution))
    assert levels == {"98.2.4.2": 6, "98.2.4": 18}  # BurrTools stored the first
