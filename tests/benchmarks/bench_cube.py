"""Speed figures for the cube plugin (Freeling's China Cube gardens).

    .venv/bin/python tests/benchmarks/bench_cube.py                  # the issue's figures
    .venv/bin/python tests/benchmarks/bench_cube.py --jobs 2         # the count on 2 processes
    .venv/bin/python tests/benchmarks/bench_cube.py --sat-solvers    # + SAT solvers compared
    .venv/bin/python tests/benchmarks/bench_cube.py --smallest-box 300 [--connected]

Every garden timed here is also passed through the independent checker.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from nonogram_editor.infra.tasks import Task  # noqa: E402
from nonogram_editor_builtins.cube import hanging  # noqa: E402
from nonogram_editor_builtins.cube.checker import check_garden  # noqa: E402
from nonogram_editor_builtins.cube.model import load_gardens  # noqa: E402
from nonogram_editor_builtins.cube.solver import Options, garden_solver  # noqa: E402


def timed(function):
    start = time.perf_counter()
    result = function()
    return result, time.perf_counter() - start


def valid(spec, garden) -> str:
    problems = check_garden(garden.as_dict(), spec.faces, spec.rule, spec.box if spec.rule == "packed" else None)
    return "valid" if not problems else "INVALID: " + problems[0]


def square_gardens(specs, jobs: int) -> None:
    spec = specs["square-transcendental"]
    result, seconds = timed(lambda: garden_solver(spec).count(Task(), jobs))
    print(f"Square Gardens, transcendental (--jobs {jobs}): {result.count:,} gardens up to translation "
          f"({result.extra['connected']:,} one shape, {result.extra['connected_classes']:,} classes of those; "
          f"{result.distinct:,} classes of all) in {seconds:.2f} s  [target <= 60 s]")
    gardens, seconds = timed(lambda: list(garden_solver(spec).solutions(Task())))
    bad = sum(valid(spec, g) != "valid" for g in gardens)
    print(f"  listing all {len(gardens):,} as gardens and checking each: {seconds:.2f} s, {bad} invalid")
    spec = specs["square-packed"]
    result, seconds = timed(lambda: garden_solver(spec).count(Task()))
    print(f"Square Gardens, packed 4x4: {result.count} packings, {result.distinct} up to symmetry in {seconds:.2f} s")


def packed_gardens(specs, samples: int) -> None:
    spec = specs["packed"]
    solver = garden_solver(spec)
    garden, seconds = timed(lambda: next(solver.solutions(Task())))
    print(f"Packed Gardens 4x4x4: first packing in {seconds:.3f} s ({valid(spec, garden)})  [target <= 0.5 s]")
    garden, seconds = timed(lambda: next(solver.solutions(Task(), Options(red_inside=True))))
    print(f"  all-red cube inside, first: {seconds:.3f} s ({valid(spec, garden)})")
    for options, label in ((Options(), "random"), (Options(red_inside=True), "random, red inside")):
        times = []
        for seed in range(samples):
            garden, seconds = timed(lambda options=options, seed=seed: solver.random(Task(), options, Random(seed)))
            assert valid(spec, garden) == "valid"
            times.append(seconds)
        print(f"  {label}: median {statistics.median(times):.3f} s, worst {max(times):.3f} s over {samples} seeds")


def hanging_gardens(specs) -> None:
    spec = specs["hanging"]
    solver = garden_solver(spec)
    garden, seconds = timed(lambda: next(solver.solutions(Task())))
    print(f"Hanging Gardens: one garden (stacked Square Gardens) in {seconds:.3f} s ({valid(spec, garden)})"
          "  [target <= 10 s, stretch 2 s]")
    garden, seconds = timed(lambda: solver.random(Task(), Options(), Random(1)))
    print(f"  a random one: {seconds:.3f} s ({valid(spec, garden)})")
    for options, label in ((Options(box=(5, 5, 5)), "in a 5x5x5 box (SAT, kissat)"),
                           (Options(box=(5, 5, 5), connected=True), "one connected shape in 5x5x5 (SAT, kissat)")):
        garden, seconds = timed(lambda options=options: next(solver.solutions(Task(), options)))
        shapes = sum(1 for group in garden.components() if len(group) > 1)
        print(f"  {label}: {seconds:.2f} s ({valid(spec, garden)}, {shapes} shape{'s' if shapes > 1 else ''})")
    result = hanging.solve_box((4, 4, 4))
    print(f"  4x4x4 proven impossible (UNSAT): {result.satisfiable is False} in {result.seconds:.2f} s")


def sat_solvers(limit: float) -> None:
    print(f"SAT solvers on the 5x5x5 box model (time limit {limit:.0f} s each; a separate process each):")
    for connected in (False, True):
        for name in ("kissat404", "cadical195", "glucose4", "maplechrono"):
            result = hanging.solve_box((5, 5, 5), connected, time_limit=limit, solver_name=name)
            answer = {True: "garden", False: "UNSAT", None: "gave up"}[result.satisfiable]
            print(f"  {'connected' if connected else 'any shape':9s} {name:12s} {answer:8s} {result.seconds:7.2f} s")


def smallest_box(seconds_per_box: float, connected: bool) -> None:
    def report(progress):
        print(f"  ... {progress.message}", flush=True)

    start = time.perf_counter()
    result = hanging.smallest_box(Task(on_progress=report, interval=0), connected, seconds_per_box)
    total = time.perf_counter() - start
    kind = "one connected shape" if connected else "any shape"
    print(f"Smallest box ({kind}, {seconds_per_box:.0f} s per box), {total:.1f} s in all:")
    print("  impossible (UNSAT):", ", ".join("x".join(map(str, b)) for b in result.impossible) or "none")
    print("  undecided (time limit):", ", ".join("x".join(map(str, b)) for b in result.undecided) or "none")
    if result.found:
        box = "x".join(map(str, result.found.box))
        garden = hanging.with_red_cube(result.found.placements)
        problems = check_garden(dict(garden), 6, "transcendental")
        print(f"  found in {box} ({result.found.seconds:.1f} s; {'valid' if not problems else problems[0]}); "
              + ("proven smallest by volume" if result.proven_smallest else "not proven smallest"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=1, help="processes for the Square Gardens count (default 1)")
    parser.add_argument("--samples", type=int, default=10, help="random packings to time (default 10)")
    parser.add_argument("--sat-solvers", action="store_true", help="compare SAT solvers on the 5x5x5 model")
    parser.add_argument("--sat-limit", type=float, default=120.0, help="seconds per SAT solver run (default 120)")
    parser.add_argument("--smallest-box", type=float, metavar="SECONDS", help="search the smallest box instead")
    parser.add_argument("--connected", action="store_true", help="with --smallest-box: one connected shape")
    args = parser.parse_args()
    if args.smallest_box:
        smallest_box(args.smallest_box, args.connected)
        return
    specs = load_gardens()
    square_gardens(specs, args.jobs)
    packed_gardens(specs, args.samples)
    hanging_gardens(specs)
    if args.sat_solvers:
        sat_solvers(args.sat_limit)


if __name__ == "__main__":
    main()
