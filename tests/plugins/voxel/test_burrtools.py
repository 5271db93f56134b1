"""BurrTools .xmpuzzle files: read, refused where unsupported, counted to the assemblies BurrTools states."""
import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

from nonogram_editor_builtins.voxel import burrtools, checker, solver
from nonogram_editor_builtins.voxel import search as search_module
from nonogram_editor_builtins.voxel.burrtools import load_burrtools, problem_names
from nonogram_editor_builtins.voxel.cover import build_cover
from nonogram_editor_builtins.voxel.model import PuzzleFileError, parse_puzzle, puzzle_to_json

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "burrtools"


def xml(shapes, problems, grid=0, colours=0, pairs=()):
    """A BurrTools file: shapes as (x, y, z, text), problems as (name, [(id, count or (min, max))], result id,
    extra attributes); ``colours`` declared, each problem's colour ``pairs`` (piece, result) as BurrTools numbers
    them."""
    out = [f'<?xml version="1.0"?>\n<puzzle version="2"><gridType type="{grid}"/><colors>']
    out += ['<color red="1" green="2" blue="3"/>'] * colours
    out.append("</colors><shapes>")
    out += [f'<voxel x="{x}" y="{y}" z="{z}" type="0">{text}</voxel>' for x, y, z, text in shapes]
    out.append("</shapes><problems>")
    for name, parts, result, extra in problems:
        out.append(f'<problem name="{name}" {extra}><shapes>')
        for shape, count in parts:
            out.append(f'<shape id="{shape}" count="{count}"/>' if isinstance(count, int)
                       else f'<shape id="{shape}" min="{count[0]}" max="{count[1]}"/>')
        out.append(f'</shapes><result id="{result}"/><bitmap>')
        out += [f'<pair piece="{a}" result="{b}"/>' for a, b in pairs]
        out.append("</bitmap></problem>")
    out.append("</problems></puzzle>")
    return "".join(out)


def write(tmp_path, text, name="p.xmpuzzle", compress=True):
    path = tmp_path / name
    path.write_bytes(gzip.compress(text.encode()) if compress else text.encode())
    return path


@pytest.mark.parametrize("name, problem, assemblies", [("CubeInCage.xmpuzzle", "g", 96),
                                                       ("PelikanBurr.xmpuzzle", None, 12),
                                                       ("AlPackino.xmpuzzle", None, 1),
                                                       ("DraculasDentalDesaster.xmpuzzle", None, 84),
                                                       ("SolidSixPieceBurrs.xmpuzzle", "0", 1063)])
def test_the_assemblies_match_what_burrtools_stored(name, problem, assemblies):
    puzzle = load_burrtools(DATA / name, problem)
    assert puzzle.expected_assemblies == assemblies
    outcome = solver.count_solutions(puzzle)
    assert outcome.distinct_rotations == assemblies  # every stored figure kept mirror images apart
    assert burrtools.stored_figure(assemblies, outcome.distinct, outcome.distinct_rotations)[0] == \
        burrtools.ROTATION_ONLY
    for solution in outcome.solutions:
        assert checker.check_solution(puzzle, solution) == []


@pytest.mark.parametrize("name, problem, merged, rotations", [
    ("SolidSixPieceBurrs.xmpuzzle", None, 588, 1063), ("DemoPieceGenerator.xmpuzzle", None, 928, 1760),
    ("DemoMirrorParadox.xmpuzzle", "Example From Text", 1, 2), ("DemoMirrorParadox.xmpuzzle", "1", 1, 2)])
def test_both_figures_burrtools_gives_with_and_without_mirror_images(name, problem, merged, rotations):
    """BurrTools' default merges mirror images (a piece swapped for its mirror partner);
    with "Keep Mirror Solutions" it counts up to rotation only: the figures the issue quotes."""
    puzzle = load_burrtools(DATA / name, problem)
    outcome = solver.count_solutions(puzzle)
    assert (outcome.distinct, outcome.distinct_rotations) == (merged, rotations)
    if puzzle.expected_assemblies is not None:
        assert burrtools.stored_figure(puzzle.expected_assemblies, merged, rotations)[0] == burrtools.ROTATION_ONLY


@pytest.mark.parametrize("name, problem", [("DemoPieceGenerator.xmpuzzle", None), ("DemoMirrorParadox.xmpuzzle", "1"),
                                           ("CubeInCage.xmpuzzle", None), ("DraculasDentalDesaster.xmpuzzle", None)])
def test_the_count_up_to_rotation_is_the_number_of_rotation_classes_of_every_solution(name, problem):
    """Every solution, turned by each of the 24 rotations that map the target (and its
    optional cells and colours) onto itself: the classes counted one by one."""
    from nonogram_editor_builtins.voxel.geometry import ROTATIONS, lowest, transform

    puzzle = load_burrtools(DATA / name, problem)
    colour = dict(zip(puzzle.target, puzzle.target_colours))

    def turned(matrix, cells):
        return [transform(matrix, v) for v in cells]

    keeping = []
    for matrix in ROTATIONS:
        low = lowest(turned(matrix, puzzle.target))
        moved = {v: tuple(a - b for a, b in zip(w, low)) for v, w in zip(puzzle.target, turned(matrix, puzzle.target))}
        if set(moved.values()) == set(puzzle.target) and all(colour.get(moved[v], 0) == colour.get(v, 0)
                                                             for v in moved) \
                and {moved[v] for v in puzzle.optional} == set(puzzle.optional):
            keeping.append(moved)
    every = list(solver.solutions(puzzle))
    seen, classes = set(), 0
    for solution in every:
        key = frozenset((p.piece, frozenset(p.cells)) for p in solution)
        if key in seen:
            continue
        classes += 1
        seen |= {frozenset((piece, frozenset(moved[c] for c in cells)) for piece, cells in key) for moved in keeping}
    outcome = solver.count_solutions(puzzle)
    assert len(every) == outcome.count
    assert outcome.distinct_rotations == classes


def test_plain_xml_reads_like_gzip(tmp_path):
    text = gzip.decompress((DATA / "CubeInCage.xmpuzzle").read_bytes()).decode()
    plain = load_burrtools(write(tmp_path, text, compress=False), "g")
    assert plain.pieces == load_burrtools(DATA / "CubeInCage.xmpuzzle", "g").pieces


def brute_force_total(puzzle) -> int:
    """Every packing: each cell in order is covered by a placement starting there, or (optional) left empty."""
    from nonogram_editor_builtins.voxel.geometry import orientations
    cells = sorted(puzzle.target, key=lambda v: (v[2], v[1], v[0]))
    rank = {v: i for i, v in enumerate(cells)}
    starts = {c: [] for c in cells}
    for t, piece in enumerate(puzzle.pieces):
        for shape in orientations(piece.cells, puzzle.mirror):
            for cell in cells:
                first = min(shape, key=lambda v: (v[2], v[1], v[0]))
                moved = frozenset(tuple(cell[i] + v[i] - first[i] for i in range(3)) for v in shape)
                if moved <= set(cells) and min(moved, key=rank.get) == cell:
                    starts[cell].append((t, moved))
    used = [0] * len(puzzle.pieces)

    def fill(i, filled):
        while i < len(cells) and cells[i] in filled:
            i += 1
        if i == len(cells):
            return int(all(p.fewest <= n <= p.copies for p, n in zip(puzzle.pieces, used)))
        total = fill(i + 1, filled) if cells[i] in puzzle.optional else 0
        for t, moved in starts[cells[i]]:
            if used[t] < puzzle.pieces[t].copies and not moved & filled:
                used[t] += 1
                total += fill(i + 1, filled | moved)
                used[t] -= 1
        return total

    return fill(0, frozenset())


RANGES = {
    "optional cells, a piece twice": {"target": {"layers": [["##+", "#++"], ["#+#"]]},
                                      "pieces": [{"name": "I2", "cells": [[0, 0], [1, 0]], "copies": 2},
                                                 {"name": "L", "cells": [[0, 0], [1, 0], [0, 1]]}]},
    "ranges of copies": {"target": {"layers": [["####", "##++"]]},
                         "pieces": [{"name": "I2", "cells": [[0, 0], [1, 0]], "copies": [0, 3]},
                                    {"name": "L", "cells": [[0, 0], [1, 0], [0, 1]], "copies": [1, 2]},
                                    {"name": "dot", "cells": [[0, 0]], "copies": [0, 2]}]},
}


@pytest.mark.parametrize("name", list(RANGES))
@pytest.mark.parametrize("engine", ["bitboard", "dlx"])
def test_optional_cells_and_ranges_count_like_brute_force(name, engine):
    puzzle = parse_puzzle(RANGES[name], "voxel-t")
    cover = solver.build_cover(puzzle, engine)
    search = search_module.Search(cover, solver.dlx.COUNT)
    search.run()
    assert int(search.counts[solver.dlx.TOTAL]) == brute_force_total(puzzle) > 0
    for ids in search.kept_ids():
        assert checker.check_solution(puzzle, cover.solution(ids)) == []


def test_min_max_counts_and_a_choice_of_problems(tmp_path):
    domino, line = (2, 1, 1, "##"), (4, 1, 1, "####")
    text = xml([line, domino, (1, 1, 1, "#"), (4, 1, 1, "###+")],
               [("two dominoes", [(1, 2)], 0, ""), ("ranges", [(1, (0, 2)), (2, (0, 4))], 3,
                                                    'state="2" assemblies="9"')])
    path = write(tmp_path, text)
    assert problem_names(path) == ["two dominoes", "ranges"]
    with pytest.raises(PuzzleFileError, match="2 problems; choose one with --problem \\(name or number\\): "
                                              "0 'two dominoes', 1 'ranges'"):
        load_burrtools(path)
    assert solver.count_solutions(load_burrtools(path, "two dominoes")).distinct == 1
    assert load_burrtools(path, "0") == load_burrtools(path, "two dominoes")  # BurrTools numbers from 0
    ranged = load_burrtools(path, "1")
    assert ranged == load_burrtools(path, "ranges")
    assert "problem 1 ('ranges')" in ranged.description
    assert [(p.fewest, p.copies) for p in ranged.pieces] == [(0, 2), (0, 4)]
    assert len(ranged.optional) == 1
    outcome = solver.count_solutions(ranged)
    assert outcome.count == brute_force_total(ranged)
    with pytest.raises(PuzzleFileError, match="no problem 'x'; the problems are"):
        load_burrtools(path, "x")
    with pytest.raises(PuzzleFileError, match="no problem '2'"):
        load_burrtools(path, "2")
    single = DATA / "CubeInCage.xmpuzzle"  # its one problem is BurrTools' problem 0: 1 chose it, silently
    assert load_burrtools(single, "0") == load_burrtools(single, "g")
    with pytest.raises(PuzzleFileError, match=r"no problem '1'; the problems are .* 0 'g'"):
        load_burrtools(single, "1")


@pytest.mark.parametrize("text, message", [
    (xml([(2, 1, 1, "##")], [("p", [(0, 1)], 0, "")], grid=2), r"grid is spheres \(grid type 2\), which this plugin "
                                                               "does not handle"),
    (xml([(2, 1, 1, "##")], [("p", [(0, 1)], 0, 'maxHoles="x"')]), "maxHoles must be a whole number"),
    (xml([(3, 1, 1, "##")], [("p", [(0, 1)], 0, "")]), "has 2 voxels, but 3x1x1 = 3 were declared"),
    (xml([(2, 1, 1, "##")], [("p", [(5, 1)], 0, "")]), "refers to shape 5, but the file has 1 shapes"),
    (xml([(3, 1, 1, "###"), (2, 1, 1, "##")], [("p", [(1, 1)], 0, "")]),
     "the pieces have 2 cells in all but the target has 3"),
    ("<puzzle><unclosed>", "not valid XML"),
])
def test_unsupported_or_broken_files_are_refused_by_name(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(PuzzleFileError, match=message) as error:
        load_burrtools(path, "p" if "<problem" in text else None)
    assert str(error.value).startswith(str(path))


@pytest.mark.parametrize("name, grid", [("BallRoom", "spheres"), ("Bermuda", "triangular prisms"),
                                        ("FourPieceTetrahedron", "tetrahedra-octahedra"),
                                        ("DiagonalCube", "rhombic dodecahedra")])
def test_other_grids_are_named_as_grids_this_plugin_does_not_handle(name, grid):
    path = DATA / f"{name}.xmpuzzle"
    assert f"its grid is {grid} (grid type " in refusal(path)
    assert "which this plugin does not handle; it reads BurrTools' cube grid only" in refusal(path)


def brute_force_checked(puzzle) -> int:
    """Every packing the independent checker accepts (colours included), with at most
    ``max_holes`` optional cells empty: each cell in order is covered by a placement of
    any (turned) copy of a piece, or left empty."""
    cells = sorted(puzzle.target, key=lambda v: (v[2], v[1], v[0]))
    placements = []
    for t, piece in enumerate(puzzle.pieces):
        for shape in checker.shape_class(piece.cells, puzzle.mirror):
            for cell in cells:
                moved = tuple(sorted(tuple(cell[i] + v[i] - shape[0][i] for i in range(3)) for v in shape))
                if set(moved) <= set(cells):
                    placements.append((t, moved))
    holes = len(puzzle.optional) if puzzle.max_holes is None else puzzle.max_holes

    def fill(i, filled, chosen, empty):
        while i < len(cells) and cells[i] in filled:
            i += 1
        if i == len(cells):
            return int(checker.check_solution(puzzle, chosen) == [])
        total = fill(i + 1, filled | {cells[i]}, chosen, empty + 1) if cells[i] in puzzle.optional and empty < holes \
            else 0
        for t, moved in placements:
            if cells[i] in moved and not set(moved) & filled:
                total += fill(i + 1, filled | set(moved), chosen + [(t, moved)], empty)
        return total

    return fill(0, frozenset(), [], 0)


# A 2x2x1 target, colour 1 on its left column and 2 on its right, filled by two dominoes
# coloured 1-2 (or with a variable voxel beside them in a piece: not placed, but kept inside the
# target's bounding box, as BurrTools does).
COLOURED = [(2, 2, 1, "#1#2#1#2"), (2, 1, 1, "#1#2"), (2, 2, 1, "#1#2+_")]


@pytest.mark.parametrize("colours, pairs, piece, total, distinct", [
    (0, (), 1, 2, 1),  # no colours declared: no constraints, both dominoes across or both along
    (2, [(0, 0), (1, 1)], 1, 1, 1),  # each colour on its own: both across, colour 1 on the left
    (2, [(0, 1), (1, 0)], 1, 1, 1),  # swapped: across, the other way round
    (2, [(0, 0)], 1, 0, 0),  # colour 2 may go nowhere
    (2, [(0, 0), (1, 1)], 2, 1, 1),  # a piece's variable voxel is not placed
])
def test_colour_constraints_count_like_the_independent_checker(tmp_path, colours, pairs, piece, total, distinct):
    path = write(tmp_path, xml(COLOURED, [("p", [(piece, 2)], 0, "")], colours=colours, pairs=pairs))
    puzzle = load_burrtools(path)
    assert brute_force_checked(puzzle) == total
    if not total:
        with pytest.raises(PuzzleFileError, match="piece 'S2' fits nowhere in the target"):
            solver.count_solutions(puzzle)
        return
    outcome = solver.count_solutions(puzzle)
    assert (outcome.count, outcome.distinct) == (total, distinct)
    for solution in outcome.solutions:
        assert checker.check_solution(puzzle, solution) == []


def test_the_checker_refuses_a_piece_on_a_colour_it_may_not_meet(tmp_path):
    puzzle = load_burrtools(write(tmp_path, xml(COLOURED, [("p", [(1, 2)], 0, "")], colours=2, pairs=[(0, 0), (1, 1)])))
    wrong = [(0, ((0, 0, 0), (0, 1, 0))), (0, ((1, 0, 0), (1, 1, 0)))]  # fills it, a colour on the other
    assert any("may not meet" in problem for problem in checker.check_solution(puzzle, wrong))


@pytest.mark.parametrize("max_holes", [None, 0, 1, 2])
def test_max_holes_limits_the_empty_variable_voxels_when_pieces_have_ranges(tmp_path, max_holes):
    extra = "" if max_holes is None else f'maxHoles="{max_holes}"'
    text = xml([(3, 2, 1, "##++++"), (2, 1, 1, "##"), (1, 1, 1, "#")], [("p", [(1, (1, 3)), (2, (0, 2))], 0, extra)])
    puzzle = load_burrtools(write(tmp_path, text))
    assert puzzle.max_holes == max_holes
    outcome = solver.count_solutions(puzzle)
    assert outcome.count == brute_force_checked(puzzle) > 0
    if max_holes is not None and max_holes < 4:
        assert outcome.count < solver.count_solutions(load_burrtools(write(tmp_path, xml(
            [(3, 2, 1, "##++++"), (2, 1, 1, "##"), (1, 1, 1, "#")], [("p", [(1, (1, 3)), (2, (0, 2))], 0, "")]),
            "free.xmpuzzle"))).count


def test_max_holes_is_ignored_when_the_volumes_fix_the_holes(tmp_path):
    text = xml([(3, 1, 1, "##+"), (2, 1, 1, "##")], [("p", [(1, 1)], 0, 'maxHoles="0"')])
    puzzle = load_burrtools(write(tmp_path, text))
    assert puzzle.max_holes is None
    assert solver.count_solutions(puzzle).count == 1


def test_saved_in_our_format_it_counts_the_same(tmp_path):
    puzzle = load_burrtools(DATA / "CubeInCage.xmpuzzle", "g")
    saved = tmp_path / "cube-in-cage.json"
    saved.write_text(json.dumps(puzzle_to_json(puzzle)))
    again = parse_puzzle(json.loads(saved.read_text()), "voxel-cube-in-cage")
    assert (again.target, again.optional) == (puzzle.target, puzzle.optional)
    assert solver.count_solutions(again).distinct == 96


def test_the_command_line_counts_a_burrtools_file():
    result = subprocess.run([sys.executable, "-m", "nonogram_editor", "solve", str(DATA / "CubeInCage.xmpuzzle"),
                             "--problem",
                             "g", "--count", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout.splitlines()[-1])
    assert (data["count"], data["distinct"], data["burrtools_assemblies"]) == (1152, 96, 96)
    assert (data["distinct_rotations"], data["burrtools_counted"]) == (96, "up to rotation")
    solid = subprocess.run([sys.executable, "-m", "nonogram_editor", "solve", str(DATA / "SolidSixPieceBurrs.xmpuzzle"),
                            "--count"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert solid.returncode == 0, solid.stderr
    assert ("BurrTools stored 1063 assemblies, the count up to rotation, which its solver gives with \"Keep Mirror "
            "Solutions\" ticked (588 up to rotation and mirror image, its default)") in solid.stdout
    paradox = subprocess.run([sys.executable, "-m", "nonogram_editor", "solve",
                              str(DATA / "DemoMirrorParadox.xmpuzzle"),
                              "--problem", "0", "--count"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert paradox.stdout.startswith("DemoMirrorParadox: problem 0 (Example From Text): 2 solutions, 1 distinct")
    missing = subprocess.run([sys.executable, "-m", "nonogram_editor", "solve", "nowhere.xmpuzzle", "--count"],
                             cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert missing.returncode == 2
    assert "nowhere.xmpuzzle: no such puzzle file" in missing.stderr


def refusal(path, problem=None) -> str:
    with pytest.raises(PuzzleFileError) as error:
        load_burrtools(path, problem)
    assert str(error.value).startswith(f"{path}: ")
    return str(error.value)


def test_huge_bombs_pipes_and_devices_are_refused_quickly_by_name(tmp_path):
    import os
    import zlib

    bomb = tmp_path / "bomb.xmpuzzle"
    compressor = zlib.compressobj(9, wbits=31)
    bomb.write_bytes(b"".join(compressor.compress(bytes(1 << 20)) for _ in range(64)) + compressor.flush())
    assert "once decompressed" in refusal(bomb)  # 64 MiB of zeros in 64 KB
    large = tmp_path / "large.xmpuzzle"
    with open(large, "wb") as file:
        file.truncate(2 << 30)
    assert "larger than" in refusal(large)
    million = write(tmp_path, xml([(100, 100, 100, "#" * 1_000_000), (1, 1, 1, "#")], [("p", [(1, 1)], 0, "")]))
    assert "100x100x100 voxels, more than a puzzle may have" in refusal(million, "p")
    cube = write(tmp_path, xml([(30, 30, 30, "#" * 27_000), (1, 1, 1, "#")], [("p", [(1, 27_000)], 0, "")]))
    assert "more than the 20000 a puzzle may have" in refusal(cube, "p")
    many = write(tmp_path, xml([(20, 20, 20, "#" * 8000)] * 70, [("p", [(1, 1)], 0, "")]))
    assert "declare more than" in refusal(many, "p")
    os.mkfifo(tmp_path / "pipe.xmpuzzle")
    assert "not a regular file" in refusal(tmp_path / "pipe.xmpuzzle")
    (tmp_path / "zero.xmpuzzle").symlink_to("/dev/zero")
    assert "not a regular file" in refusal(tmp_path / "zero.xmpuzzle")


def mutations(data: bytes, rng, count: int):
    for _ in range(count):
        mangled = bytearray(data)
        for _ in range(rng.randint(1, 6)):
            where = rng.randrange(len(mangled))
            choice = rng.random()
            if choice < 0.6:
                mangled[where] = rng.randrange(256)
            elif choice < 0.8:
                del mangled[where:where + rng.randint(1, 40)]
            else:
                mangled[where:where] = bytes(mangled[rng.randrange(len(mangled)):][:rng.randint(1, 40)])
        yield bytes(mangled)


def test_mangled_files_give_only_clear_errors(tmp_path):
    import random

    rng = random.Random(24)
    cases = refused = 0
    for name in ("CubeInCage.xmpuzzle", "PelikanBurr.xmpuzzle"):
        packed = (DATA / name).read_bytes()
        plain = gzip.decompress(packed)
        for kind, data in (("gzip", packed), ("xml", plain), ("xml-gzip", plain)):
            for case, mangled in enumerate(mutations(data, rng, 60)):
                path = tmp_path / f"{kind}-{case}-{name}"
                path.write_bytes(gzip.compress(mangled) if kind == "xml-gzip" else mangled)
                cases += 1
                try:
                    for problem in problem_names(path) or [None]:
                        load_burrtools(path, problem)
                except PuzzleFileError as error:
                    refused += 1
                    assert str(error).startswith(f"{path}: "), error
    assert cases == 360
    assert refused > 150


def test_a_checkpoint_tells_colour_constraints_and_max_holes_apart(tmp_path):
    from dataclasses import replace

    from nonogram_editor_builtins.voxel.distributed import puzzle_fingerprint

    puzzle = load_burrtools(write(tmp_path, xml(COLOURED, [("p", [(1, 2)], 0, "")], colours=2, pairs=[(0, 0), (1, 1)])))
    others = [replace(puzzle, colour_pairs=frozenset({(1, 2), (2, 1)})), replace(puzzle, colour_pairs=None),
              replace(puzzle, max_holes=1)]
    assert len({puzzle_fingerprint(p) for p in [puzzle] + others}) == 4


VARIABLE_IN_PIECES = DATA / "made" / "VariableInPieces.xml"  # figures from BurrTools' burrTxt -d


@pytest.mark.parametrize("name", ["fits at the ends", "filled voxels only", "not in the middle"])
def test_a_piece_with_variable_voxels_keeps_its_bounding_box_inside_the_result_as_burrtools_does(name):
    from nonogram_editor_builtins.voxel.disassemble import tally

    puzzle = load_burrtools(VARIABLE_IN_PIECES, name)
    outcome = solver.count_solutions(puzzle)
    assert outcome.distinct == puzzle.expected_assemblies
    assert tally(puzzle, outcome.solutions).solutions == puzzle.expected_solutions


def test_a_piece_whose_bounding_box_is_wider_than_the_result_fits_nowhere_as_in_burrtools():
    puzzle = load_burrtools(VARIABLE_IN_PIECES, "flat piece in a row")  # a 2x2 box in a row of four
    assert puzzle.pieces[0].cells == ((0, 0, 0),)
    assert len(puzzle.pieces[0].variable) == 2
    with pytest.raises(PuzzleFileError, match="'Corner' fits nowhere"):
        solver.count_solutions(puzzle)


def test_variable_voxels_tell_two_pieces_apart():
    puzzle = load_burrtools(VARIABLE_IN_PIECES, "fits at the ends")  # "#__+" and "#": one cell each
    assert [(p.name, p.cells, p.variable, p.copies) for p in puzzle.pieces[:2]] == [
        ("Long", ((0, 0, 0),), ((3, 0, 0),), 1), ("Cube", ((0, 0, 0),), (), 1)]


TWO_WAYS = DATA / "made" / "VariableVoxelsTwoWays.xml"  # figures from BurrTools' burrTxt -d


@pytest.mark.parametrize("name", problem_names(TWO_WAYS))
def test_a_piece_whose_variable_voxel_lies_in_two_ways_around_its_cells_has_a_placement_for_each(name):
    """"Flag" is "##" with a variable voxel beside one cell: turned end to end it fills the same
    cells with the variable voxel beside the other, another placement in BurrTools."""
    from nonogram_editor_builtins.voxel.disassemble import tally

    puzzle = load_burrtools(TWO_WAYS, name)
    outcome = solver.count_solutions(puzzle)
    assert outcome.distinct == outcome.distinct_rotations == puzzle.expected_assemblies
    assert tally(puzzle, outcome.solutions).solutions == puzzle.expected_solutions
    assert len(set(outcome.solutions)) == len(outcome.solutions)
    cover = build_cover(puzzle)
    flags = [cover.placement(i) for i in range(len(cover.placement_piece)) if cover.placement_piece[i] == 0]
    assert {f.variable for f in flags if f.cells == ((1, 0, 0), (2, 0, 0))} == {((1, 1, 0),), ((2, 1, 0),)}


COLOURS_ON_VARIABLE = DATA / "made" / "ColoursOnVariableVoxels.xml"  # figures from BurrTools' burrTxt -d


@pytest.mark.parametrize("name", problem_names(COLOURS_ON_VARIABLE))
def test_a_variable_voxel_of_a_piece_keeps_the_colour_constraints_as_burrtools_does(name):
    """"Long" is "#__+1": its variable voxel (colour 1) may not lie on a cell of colour 2, filled or
    variable; where the pairs allow it, it may."""
    from nonogram_editor_builtins.voxel.disassemble import tally

    puzzle = load_burrtools(COLOURS_ON_VARIABLE, name)
    assert puzzle.pieces[0].variable_colours == (1,)
    outcome = solver.count_solutions(puzzle)
    assert outcome.distinct == outcome.distinct_rotations == puzzle.expected_assemblies
    assert tally(puzzle, outcome.solutions).solutions == puzzle.expected_solutions


def test_the_colour_of_a_variable_voxel_tells_two_pieces_and_two_checkpoints_apart(tmp_path):
    from dataclasses import replace

    from nonogram_editor_builtins.voxel.distributed import puzzle_fingerprint

    puzzle = load_burrtools(write(tmp_path, xml([(2, 1, 1, "#+1"), (2, 1, 1, "#+2"), (2, 1, 1, "#1#1")],
                                                [("p", [(0, 1), (1, 1)], 2, "")], colours=2, pairs=[(0, 0)])))
    assert [p.variable_colours for p in puzzle.pieces] == [(1,), (2,)]
    recoloured = replace(puzzle, pieces=(replace(puzzle.pieces[0], variable_colours=(2,)), puzzle.pieces[1]))
    assert puzzle_fingerprint(recoloured) != puzzle_fingerprint(puzzle)


def test_each_variable_voxel_keeps_its_colour(tmp_path):
    corner = (2, 2, 1, "#+1+2_")  # variable voxels at (1, 0) of colour 1 and (0, 1) of colour 2
    puzzle = load_burrtools(write(tmp_path, xml([corner, (2, 2, 1, "#1#1#1#1")], [("p", [(0, 4)], 1, "")],
                                                colours=2, pairs=[(0, 0)])))
    piece = puzzle.pieces[0]
    assert dict(zip(piece.variable, piece.variable_colours)) == {(1, 0, 0): 1, (0, 1, 0): 2}


TWO_PARTS = DATA / "made" / "TwoPartsOfOneShape.xml"  # two linked rings, one part or two; figures from burrTxt -d


@pytest.mark.parametrize("name", problem_names(TWO_PARTS))
def test_two_parts_of_one_shape_are_two_pieces_with_their_own_groups_as_in_burrtools(name):
    from nonogram_editor_builtins.voxel.disassemble import tally

    puzzle = load_burrtools(TWO_PARTS, name)
    outcome = solver.count_solutions(puzzle)
    assert outcome.distinct == outcome.distinct_rotations == puzzle.expected_assemblies
    assert tally(puzzle, outcome.solutions).solutions == puzzle.expected_solutions


def test_each_part_of_one_shape_keeps_its_copies_and_groups():
    puzzle = load_burrtools(TWO_PARTS, "two parts, one with room for two")
    assert [(p.name, p.copies, p.groups) for p in puzzle.pieces] == [
        ("Ring (1)", 1, ((1, 2),)), ("Ring (2)", 1, ()), ("Cube", 1, ())]
    assert puzzle.pieces[0].cells == puzzle.pieces[1].cells


def test_parts_of_one_shape_are_told_apart_in_a_count(tmp_path):
    """Three cubes in a row, as three parts: 6 ways, 3 up to turning the row end to end (burrTxt: 3)."""
    three = load_burrtools(write(tmp_path, xml([(1, 1, 1, "#"), (3, 1, 1, "###")], [("p", [(0, 1)] * 3, 1, "")])))
    outcome = solver.count_solutions(three)
    assert (outcome.count, outcome.distinct) == (6, 3)
