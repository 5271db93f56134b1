"""``nonogram-editor solve ID|FILE``: solve, count or list a plugin's puzzle, or solve a nonogram file
(:mod:`nonogram_editor.cli.solve_file`). No Qt here."""
from __future__ import annotations

import itertools
import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from nonogram_editor.cli.processes import jobs, raise_if_stopped, stop_on_termination
from nonogram_editor.cli.puzzles import warn_about_failures
from nonogram_editor.infra import jit
from nonogram_editor.infra.wording import printable

if TYPE_CHECKING:
    from nonogram_editor.infra.tasks import Progress
    from nonogram_editor.plugin_api.host import PluginHost


def run_solve(args, host: PluginHost | None = None) -> int:
    """``solve`` with the parsed ``args``; ``host`` defaults to the plugins found through the entry points."""
    if _nonogram_file(args.puzzle):
        return _solve_nonogram(args)
    nonogram_options = [f"--{name}" for name in ("index", "format", "output") if getattr(args, name, None)]
    if nonogram_options:
        return _fail(args, f"{nonogram_options[0]} goes with a nonogram file")

    from nonogram_editor.plugin_api.host import PluginHost

    host = host if host is not None else PluginHost()
    puzzles = host.puzzles()
    jit.announce_compiling = True  # the first solve after an install compiles for a while: say so
    known = args.puzzle in puzzles
    spec = puzzles.get(args.puzzle)  # builds this puzzle's spec only
    warn_about_failures(host)
    if spec is None and not known and Path(args.puzzle).suffix:
        if Path(args.puzzle).is_file() and not any(Path(args.puzzle).suffix.lower() in f.suffixes
                                                   for f in host.puzzle_files()):
            return _solve_nonogram(args)  # perhaps a nonogram named otherwise: its content says
        try:
            spec = _open_file(host, args.puzzle, args.problem)
        except ValueError as exc:
            return _fail(args, str(exc))
    elif spec is None:
        problem = "could not be loaded (see the warning above)" if known else "`nonogram-editor puzzles` lists them"
        return _fail(args, f"no puzzle {args.puzzle!r}; {problem}")
    elif args.problem is not None:
        return _fail(args, "--problem goes with a puzzle file")
    return _solve(spec, args)


def _nonogram_file(name: str) -> bool:
    """Whether ``solve`` solves ``name`` as a nonogram without the plugins: ``-`` or a level or
    nonogram puzzle file by its suffix."""
    from nonogram_editor.level.model import EXTENSIONS
    from nonogram_editor.level.puzzle_formats import PUZZLE_SUFFIXES

    return name == "-" or Path(name).suffix.lower() in PUZZLE_SUFFIXES + EXTENSIONS


def _solve_nonogram(args) -> int:
    plugin_options = [f"--{name}" for name in ("problem", "count", "list", "checkpoint", "cluster")
                      if getattr(args, name) not in (None, False)]
    if plugin_options:
        return _fail(args, f"{plugin_options[0]} goes with a plugin's puzzle, not a nonogram file")
    from nonogram_editor.cli.solve_file import run_solve_file

    with stop_on_termination():  # so that its SAT solver's process ends with it
        return run_solve_file(args.puzzle, args.format, args.index, args.output, args.json)


def _open_file(host: PluginHost, path: str, problem: str | None):
    """The puzzle in a file, through the plugin that reads its kind (ValueError says what is wrong)."""
    suffix = Path(path).suffix.lower()
    readers = [f for f in host.puzzle_files() if suffix in f.suffixes]
    if not Path(path).is_file():
        raise ValueError(f"{path}: no such puzzle file (and no puzzle with that id)")
    if not readers:
        raise ValueError(f"{path}: no plugin reads {suffix} files")
    from nonogram_editor.plugin_api.host import plugin_code

    try:
        with plugin_code():
            return readers[0].open(path, problem)
    except ValueError:
        raise
    except Exception as exc:  # a plugin's bug: say whose, without a traceback
        raise ValueError(f"{path}: the {suffix} reader failed: {type(exc).__name__}: {exc}") from None
    except SystemExit as exc:
        raise_if_stopped(exc)
        raise ValueError(f"{path}: the {suffix} reader called sys.exit({exc.code!r})") from None


class _ProgressLine:
    """How far a solve has got, on stderr: on a terminal one line redrawn in place; elsewhere
    (a log) a plain line at most every ``LOG_INTERVAL`` seconds, never a control character."""

    LOG_INTERVAL = 10.0

    def __init__(self, stream=None):
        self.stream = stream or sys.stderr
        self.terminal = self.stream.isatty()
        self.drawn = False
        self._last_logged = time.monotonic()

    def __call__(self, progress: Progress) -> None:
        share = f"{100 * progress.fraction:5.1f}% " if progress.fraction is not None else ""
        message = printable(progress.message)
        if self.terminal:
            print(f"\r{share}{message}\033[K", end="", file=self.stream, flush=True)
            self.drawn = True
        elif time.monotonic() - self._last_logged >= self.LOG_INTERVAL:
            self._last_logged = time.monotonic()
            print(f"{share}{message}", file=self.stream, flush=True)

    def end(self) -> None:
        """Ends a line drawn in place, so that what follows starts on a line of its own."""
        if self.drawn:
            print(file=self.stream, flush=True)
            self.drawn = False


def _solve(spec, args) -> int:
    from nonogram_editor.plugin_api.host import plugin_code

    with stop_on_termination(), plugin_code():  # the plugin's solver, its formatting and checks
        return _solve_or_count(spec, args)


def _say(args, text: str) -> None:
    """A human line of the answer: stdout, except with --json (where stdout is JSON only). Text
    from a file in it has been made :func:`~nonogram_editor.infra.wording.printable`."""
    if not args.json:
        print(text)


def _fail(args, message: str, code: int = 2) -> int:
    """An error on stderr and, with --json, as ``{"puzzle", "error"}`` on stdout (nonogram-editor help command-line)."""
    from nonogram_editor.cli.io import report_failure  # here: it loads the level formats, which a solve may not need

    return report_failure(message, code, as_json=args.json, puzzle=args.puzzle)


def _solve_or_count(spec, args) -> int:
    from nonogram_editor.infra.tasks import Cancelled, MemoryLimitReached, Task

    progress = _ProgressLine()
    title = printable(spec.title)
    task = Task(on_progress=progress if progress.terminal or args.count else None, interval=0.5)
    start = time.perf_counter()
    try:
        if args.count:
            if spec.count is None:
                return _fail(args, f"puzzle {spec.id!r} cannot be counted")
            options = {name: getattr(args, name) for name in ("checkpoint", "cluster") if getattr(args, name)}
            tls = [name for name in ("tls_ca_file", "tls_cert", "tls_key") if getattr(args, name)]
            if tls and not args.cluster:
                return _fail(args, f"--{tls[0].replace('_', '-')} goes with --cluster")
            if args.cluster:
                from nonogram_editor.plugin_api import Cluster

                options["cluster"] = Cluster(args.cluster, args.tls_ca_file, args.tls_cert, args.tls_key,
                                             args.cluster_wait)
            unsupported = sorted(set(options) - set(spec.count_options))
            if unsupported:
                return _fail(args, f"puzzle {spec.id!r} cannot be counted with --{unsupported[0]}")
            result = spec.count(task, jobs(args.jobs), **options)
            seconds = time.perf_counter() - start
            progress.end()
            _say(args, f"{title}: {result.count} solutions"
                 + (f", {result.distinct} distinct up to symmetry" if result.distinct is not None else "")
                 + f" in {seconds:.2f} s")
            if result.extra.get("note"):
                _say(args, printable(result.extra["note"]))
            extra = dict(result.extra)
            if "summary" in extra:
                _say(args, f"{title}: {printable(extra.pop('summary'))}")
            if args.json:
                print(json.dumps({"puzzle": spec.id, "count": result.count, "distinct": result.distinct,
                                  "seconds": round(seconds, 3), "complete": result.complete, **extra}))
            return 0 if result.complete else 1
        if args.list is not None:
            if spec.solutions is None:
                return _fail(args, f"puzzle {spec.id!r} gives no stream of solutions to list")
            found = list(itertools.islice(spec.solutions(task), args.list))
        else:
            found = [solution] if (solution := spec.first(task)) is not None else []
        seconds = time.perf_counter() - start
        progress.end()
        problems = [spec.check(solution) if spec.check is not None else None for solution in found]
        for number, (solution, wrong) in enumerate(zip(found, problems), 1):
            if args.list is not None:
                _say(args, f"solution {number}:")
            _say(args, spec.format_solution(solution))
            if wrong is not None:
                _say(args, "checked independently: " + ("valid" if not wrong else "INVALID: " + "; ".join(wrong)))
        _say(args, f"{title}: no solution ({seconds:.2f} s)" if not found else
             f"{title}: solved in {seconds:.3f} s" if args.list is None else
             f"{title}: {len(found)} solution{'s' if len(found) != 1 else ''} in {seconds:.3f} s")
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
        progress.end()
        return _fail(args, str(exc))
    except MemoryLimitReached as reached:  # a solver process's --memory-limit
        progress.end()
        return _fail(args, str(reached), 1)
    except (Cancelled, KeyboardInterrupt):
        progress.end()
        print("cancelled", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader stopped early (``| head``): not the plugin's fault
        raise
    except Exception as exc:  # a plugin's bug: say whose, without a traceback
        progress.end()
        return _fail(args, f"puzzle {spec.id!r} failed: {type(exc).__name__}: {exc}", 1)
    except SystemExit as exc:  # never the plugin's status: 0 would pass for an answer
        raise_if_stopped(exc)
        progress.end()
        return _fail(args, f"puzzle {spec.id!r} failed: the plugin called sys.exit({exc.code!r})", 1)
