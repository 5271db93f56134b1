"""The command-line engines: ``check``, ``puzzles`` and ``solve`` (no Qt imported here).

Each command imports what it needs when it runs: ``check`` is called once per level pack in
scripts, and must not pay for the plugin machinery (pluggy, entry points, the solvers).
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from editor.plugin_host import PluginHost
    from editor.tasks import Progress


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="nonogram-editor")
    sub = parser.add_subparsers(dest="command", required=True)

    check = sub.add_parser("check", help="check .level / .non files and folders for a unique, line-solvable solution")
    check.add_argument("paths", nargs="+", metavar="PATH")
    check.add_argument("--json", action="store_true", help="one JSON object per line")
    check.add_argument("--time-limit", type=float, default=60.0, metavar="SECONDS",
                       help="per level; a level not decided by then is UNDECIDED (default 60, 0: no limit)")

    fix = sub.add_parser("fix", help="suggest cell edits that make a level unique and line-solvable (or harder)")
    fix.add_argument("level", metavar="LEVEL")
    fix.add_argument("--max-edits", type=int, default=20, metavar="N", help="edits to make it line-solvable (default 20)")
    fix.add_argument("--json", action="store_true", help="one JSON object")
    fix.add_argument("--write", action="store_true", help="save the fixed level beside the original (never over it)")
    fix.add_argument("--harder", action="store_true", help="single edits that keep it unique but grade harder")

    sub.add_parser("puzzles", help="list the puzzles the plugins provide")

    solve = sub.add_parser("solve", help="solve or count a puzzle")
    solve.add_argument("puzzle", metavar="ID|FILE", help="a puzzle id (see `puzzles`) or a puzzle file")
    solve.add_argument("--problem", metavar="NAME", help="which problem of a file holding several (BurrTools)")
    mode = solve.add_mutually_exclusive_group()
    mode.add_argument("--first", action="store_true", help="print one solution (the default)")
    mode.add_argument("--count", action="store_true", help="count every solution (progress on stderr)")
    mode.add_argument("--list", type=int, metavar="N", help="print the first N solutions in the solver's order")
    solve.add_argument("--json", action="store_true", help="the last line of stdout is a JSON object")
    solve.add_argument("--jobs", type=int, default=1, metavar="N",
                       help="processes for counting (default 1; at most the number of cores)")
    solve.add_argument("--checkpoint", metavar="FILE",
                       help="save each finished part of a count to FILE and resume from it if it exists")
    solve.add_argument("--cluster", metavar="ADDRESS",
                       help="count on a Dask cluster, e.g. tcp://host:8786 (see README, \"Count on a cluster\")")
    return parser


def run_command(argv: list[str], host: PluginHost | None = None) -> int:
    """Run one command; ``host`` defaults to the plugins found through the entry points."""
    args = _parser().parse_args(argv)
    if args.command == "check":
        # No linear algebra here: without numpy's BLAS threads this process keeps one thread,
        # so that it can fork its SAT solver's process instead of starting an interpreter
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        from editor.nonogram.check_cli import run_check

        with _stop_on_termination():  # so that its SAT solver's process ends with it
            return run_check(args.paths, as_json=args.json, time_limit=args.time_limit or None)
    if args.command == "fix":
        from editor.nonogram.fix_cli import run_fix

        return run_fix(args.level, max(0, args.max_edits), args.json, args.write, args.harder)

    from editor.plugin_host import PluginHost

    host = host if host is not None else PluginHost()
    puzzles = host.puzzles()
    if args.command == "puzzles":
        specs = list(puzzles)  # builds every deferred spec: a bad data file is reported below
        _warn_about_failures(host)
        for spec in specs:
            print(f"{spec.id:24s} {spec.title}")
        return 0
    known = args.puzzle in puzzles
    spec = puzzles.get(args.puzzle)  # builds this puzzle's spec only
    _warn_about_failures(host)
    if spec is None and not known and Path(args.puzzle).suffix:
        spec = _open_file(host, args.puzzle, args.problem)
        if spec is None:
            return 2
    elif spec is None:
        problem = "could not be loaded (see the warning above)" if known else "`nonogram-editor puzzles` lists them"
        print(f"error: no puzzle {args.puzzle!r}; {problem}", file=sys.stderr)
        return 2
    elif args.problem is not None:
        print("error: --problem goes with a puzzle file", file=sys.stderr)
        return 2
    return _solve(spec, args)


def _open_file(host: PluginHost, path: str, problem: str | None):
    """The puzzle in a file, through the plugin that reads its kind; None after saying what is wrong."""
    suffix = Path(path).suffix.lower()
    readers = [f for f in host.puzzle_files() if suffix in f.suffixes]
    if not Path(path).is_file():
        print(f"error: {path}: no such puzzle file (and no puzzle with that id)", file=sys.stderr)
        return None
    if not readers:
        print(f"error: {path}: no plugin reads {suffix} files", file=sys.stderr)
        return None
    from editor.plugin_host import plugin_code

    try:
        with plugin_code():
            return readers[0].open(path, problem)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
    except Exception as exc:  # a plugin's bug: say whose, without a traceback
        print(f"error: {path}: the {suffix} reader failed: {type(exc).__name__}: {exc}", file=sys.stderr)
    except SystemExit as exc:
        _raise_if_stopped(exc)
        print(f"error: {path}: the {suffix} reader called sys.exit({exc.code!r})", file=sys.stderr)
    return None


def _warn_about_failures(host: PluginHost) -> None:
    for failure in host.failures:
        print(f"warning: {failure}", file=sys.stderr)


def _progress_line(progress: Progress) -> None:
    fraction = progress.fraction
    share = f"{100 * fraction:5.1f}% " if fraction is not None else ""
    print(f"\r{share}{progress.message}\033[K", end="", file=sys.stderr, flush=True)


def _jobs(asked: int) -> int:
    """``--jobs``, at most one process per core (more only costs memory and start-up)."""
    cores = os.cpu_count() or 1
    if asked > cores:
        print(f"note: --jobs {asked} is more than the {cores} cores here; using {cores}", file=sys.stderr)
    return max(1, min(asked, cores))


class _Stopped(SystemExit):
    """SIGTERM or SIGHUP stopped the command (not a plugin's ``sys.exit``)."""


def _raise_if_stopped(exc: SystemExit) -> None:
    """Raise ``exc`` again if the command was stopped, and not by plugin code's ``sys.exit``."""
    if isinstance(exc, _Stopped):
        raise exc


@contextmanager
def _stop_on_termination():
    """SIGTERM and SIGHUP end the worker processes, then stop the command as Ctrl+C does (the
    solver's clean-up runs and frees its semaphores); the process exits with 128 + signal."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, _frame):
        print(f"\nstopped by {signal.Signals(signum).name}", file=sys.stderr)
        if "multiprocessing" in sys.modules:  # a process pool's clean-up would let running parts finish
            for child in sys.modules["multiprocessing"].active_children():
                child.terminate()
        raise _Stopped(128 + signum)

    previous = {signum: signal.signal(signum, stop) for signum in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _solve(spec, args) -> int:
    from editor.plugin_host import plugin_code

    with _stop_on_termination(), plugin_code():  # the plugin's solver, its formatting and checks
        return _solve_or_count(spec, args)


def _solve_or_count(spec, args) -> int:
    from editor.tasks import Cancelled, Task

    task = Task(on_progress=_progress_line if sys.stderr.isatty() or args.count else None, interval=0.5)
    start = time.perf_counter()
    try:
        if args.count:
            if spec.count is None:
                print(f"error: puzzle {spec.id!r} cannot be counted", file=sys.stderr)
                return 2
            options = {name: getattr(args, name) for name in ("checkpoint", "cluster") if getattr(args, name)}
            unsupported = sorted(set(options) - set(spec.count_options))
            if unsupported:
                print(f"error: puzzle {spec.id!r} cannot be counted with --{unsupported[0]}", file=sys.stderr)
                return 2
            result = spec.count(task, _jobs(args.jobs), **options)
            seconds = time.perf_counter() - start
            print(file=sys.stderr)
            print(f"{spec.title}: {result.count} solutions"
                  + (f", {result.distinct} distinct up to symmetry" if result.distinct is not None else "")
                  + f" in {seconds:.2f} s")
            if args.json:
                print(json.dumps({"puzzle": spec.id, "count": result.count, "distinct": result.distinct,
                                  "seconds": round(seconds, 3), "complete": result.complete, **result.extra}))
            return 0 if result.complete else 1
        if args.list is not None:
            if spec.solutions is None:
                print(f"error: puzzle {spec.id!r} gives no stream of solutions to list", file=sys.stderr)
                return 2
            found = list(itertools.islice(spec.solutions(task), max(0, args.list)))
        else:
            found = [solution] if (solution := spec.first(task)) is not None else []
        seconds = time.perf_counter() - start
        problems = [spec.check(solution) if spec.check is not None else None for solution in found]
        for number, (solution, wrong) in enumerate(zip(found, problems), 1):
            if args.list is not None:
                print(f"solution {number}:")
            print(spec.format_solution(solution))
            if wrong is not None:
                print("checked independently: " + ("valid" if not wrong else "INVALID: " + "; ".join(wrong)))
        print(f"{spec.title}: no solution ({seconds:.2f} s)" if not found else
              f"{spec.title}: solved in {seconds:.3f} s" if args.list is None else
              f"{spec.title}: {len(found)} solution{'s' if len(found) != 1 else ''} in {seconds:.3f} s")
        valid = None if spec.check is None else not any(problems)
        if args.json:
            summary = {"puzzle": spec.id, "found": bool(found), "seconds": round(seconds, 3), "valid": valid}
            if args.list is None:
                summary["solution"] = spec.solution_to_json(found[0]) if found else None
            else:
                summary["solutions"] = [spec.solution_to_json(solution) for solution in found]
            print(json.dumps(summary))
        return 0 if found and valid is not False else 1
    except ValueError as exc:  # a checkpoint or cluster the count cannot use: the message says why
        print(f"\nerror: {exc}", file=sys.stderr)
        return 2
    except (Cancelled, KeyboardInterrupt):
        print("\ncancelled", file=sys.stderr)
        return 130
    except Exception as exc:  # a plugin's bug: say whose, without a traceback
        print(f"\nerror: puzzle {spec.id!r} failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    except SystemExit as exc:  # never the plugin's status: 0 would pass for an answer
        _raise_if_stopped(exc)
        print(f"\nerror: puzzle {spec.id!r} failed: the plugin called sys.exit({exc.code!r})", file=sys.stderr)
        return 1
