"""The command-line engines: ``check``, ``fix``, ``puzzles``, ``solve``, and ``help`` (the manual). No Qt here.

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

from nonogram_editor import jit, user_guide
from nonogram_editor.wording import printable

if TYPE_CHECKING:
    from nonogram_editor.plugin_host import PluginHost
    from nonogram_editor.tasks import Progress


class _UsageError(SystemExit):
    """Exit status 2 after a command line that does not parse; ``message`` says why, one line."""

    def __init__(self, message: str):
        super().__init__(2)
        self.message = message


class _Parser(argparse.ArgumentParser):
    """A usage error is one line on stderr and exit status 2 (argparse's own prints the usage
    first); with ``--json`` also a JSON object ``{"error"}`` on stdout (see :func:`run_command`)."""

    def error(self, message: str):
        message = f"{self.prog}: error: {message} (see {self.prog} --help)"
        print(message, file=sys.stderr)
        raise _UsageError(message)


def _number(kind: type, low: float, meaning: str, high: float = float("inf")):
    """An argparse ``type`` for a number of ``kind`` from ``low`` to ``high``."""
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a {'whole ' if kind is int else ''}number") from None
        if not low <= value <= high:  # also NaN
            raise argparse.ArgumentTypeError(f"{text} is not {meaning}")
        return value
    return parse


NON_NEGATIVE_SECONDS = _number(float, 0, "a number of seconds (0 or more)")
POSITIVE_COUNT = _number(int, 1, "a count of 1 or more")
NON_NEGATIVE_COUNT = _number(int, 0, "a count of 0 or more")
PUZZLE_FORMAT_NAMES = ("non", "nonpack", "xml", "g", "nin")  # --format of standard input (cli_io.FORMAT_NAMES)


def command_parsers() -> dict[str, argparse.ArgumentParser]:
    """Each command's parser by name (``nonogram-editor --help`` prints them all)."""
    return _parser().commands


def command_line() -> argparse.ArgumentParser:
    """The parser of ``nonogram-editor COMMAND ...`` (the one run_command parses with) and of
    ``--version``: shell completion and the man page are generated from it (nonogram_editor.completion)."""
    import nonogram_editor

    parser = _parser()
    parser.add_argument("-V", "--version", action="version", version=f"nonogram-editor {nonogram_editor.__version__}")
    return parser


def _command(sub, name: str, summary: str) -> argparse.ArgumentParser:
    return sub.add_parser(name, help=summary, description=summary)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="nonogram-editor")
    sub = parser.add_subparsers(dest="command", required=True)

    check = _command(sub, "check", "check .level / .non / .nonpack / .xml / .g / .nin files and folders for a unique, "
                                   "line-solvable solution")
    check.add_argument("paths", nargs="+", metavar="PATH",
                       help="a level, a puzzle file (another suffix: its content shows the format), a folder, "
                            "or - for a puzzle on standard input")
    check.add_argument("--json", action="store_true",
                       help="stdout is one JSON object per file, one a line (nonogram-editor help command-line)")
    check.add_argument("--time-limit", type=NON_NEGATIVE_SECONDS, default=60.0, metavar="SECONDS",
                       help="per level; a level not decided by then is UNDECIDED (default 60, 0: no limit)")
    check.add_argument("--jobs", type=POSITIVE_COUNT, default=1, metavar="N",
                       help="files checked at once, in processes of their own (default 1; at most the number of cores)")
    check.add_argument("--memory-limit", type=NON_NEGATIVE_COUNT, metavar="MB",
                       help="the address space of each solver process; a level whose SAT solver needs more is "
                            "UNDECIDED (default 1024, 0: no limit)")
    check.add_argument("--format", choices=PUZZLE_FORMAT_NAMES, metavar="FORMAT",
                       help=f"the format of standard input (PATH -): {', '.join(PUZZLE_FORMAT_NAMES)} "
                            "(default: the one its content shows)")
    check.add_argument("--no-grade", dest="grade", action="store_false",
                       help="leave out the grade of unique levels (on a line-solvable one, grading costs about as "
                            "much as the check)")

    fix = _command(sub, "fix", "suggest cell edits that make a level unique and line-solvable (or harder)")
    fix.add_argument("level", metavar="LEVEL")
    fix.add_argument("--max-edits", type=NON_NEGATIVE_COUNT, default=None, metavar="N",
                     help="stop after N edits (default: go on until it is line-solvable or the time limit passes)")
    fix.add_argument("--time-limit", type=NON_NEGATIVE_SECONDS, default=60.0, metavar="SECONDS",
                     help="seconds for making it line-solvable, or for --harder's search (default 60, 0: no limit)")
    fix.add_argument("--memory-limit", type=NON_NEGATIVE_COUNT, metavar="MB",
                     help="the address space of each solver process (default 1024, 0: no limit)")
    fix.add_argument("--symmetry", default="auto", metavar="MODE",
                     help="edit cells together with their mirror images: none, left-right, top-bottom, both or "
                          "'rotate 180' (default auto: the drawing's own symmetry)")
    fix.add_argument("--json", action="store_true",
                     help="stdout is one JSON object (nonogram-editor help command-line)")
    fix.add_argument("--write", action="store_true",
                     help="save the fixed level beside the original (never over it), only when it is what was asked for")
    fix.add_argument("--harder", action="store_true",
                     help="single edits that keep it unique but grade harder (gentlest first)")

    pack = _command(sub, "pack", "a folder of levels and puzzles as a pack: its table in play order, with verdicts, "
                                 "grades and warnings; or export it")
    pack.add_argument("folder", metavar="FOLDER", help="the pack's folder (its play order: pack.order, see "
                                                       "nonogram-editor help level-packs)")
    pack.add_argument("--json", action="store_true",
                      help="stdout is one JSON object (nonogram-editor help command-line)")
    pack.add_argument("--export", metavar="FILE",
                      help="also write the pack in play order to FILE, in the format its suffix names: "
                           + ", ".join(_pack_export_suffixes()))
    pack.add_argument("--time-limit", type=NON_NEGATIVE_SECONDS, default=60.0, metavar="SECONDS",
                      help="per level; a level not decided by then is UNDECIDED (default 60, 0: no limit)")
    pack.add_argument("--no-grade", dest="grade", action="store_false",
                      help="leave out the grades (and with them the warnings of jumps in difficulty)")

    _command(sub, "puzzles", "list the puzzles the plugins provide")

    convert = _command(sub, "convert", "convert a level, puzzle file or image to a level or another puzzle format")
    convert.add_argument("source", metavar="IN",
                         help="a level (.level), a puzzle file (.non, .nonpack, .xml, .g, .nin; another suffix: its "
                              "content shows the format), an image (png, jpg, ...), or - for standard input")
    convert.add_argument("target", metavar="OUT",
                         help="a level (.level: writes NAME.level, .pbm, .ppm and .about) or a puzzle file named by "
                              "its suffix, or - for standard output (with --to)")
    convert.add_argument("--from", dest="from_format", choices=PUZZLE_FORMAT_NAMES + ("level",), metavar="FORMAT",
                         help=f"IN's format: {', '.join(PUZZLE_FORMAT_NAMES)} or level (default: what its content "
                              "shows, else its suffix)")
    convert.add_argument("--to", dest="to_format", choices=PUZZLE_FORMAT_NAMES + ("level",), metavar="FORMAT",
                         help="OUT's format (default: its suffix's)")
    convert.add_argument("--index", type=POSITIVE_COUNT, metavar="N",
                         help="which puzzle of a file holding several, from 1 (default: all of them, which only "
                              ".nonpack and .xml hold)")
    convert.add_argument("--json", action="store_true",
                         help="stdout is one JSON object (nonogram-editor help command-line); not with OUT -")
    convert.epilog = ("A puzzle becomes a level as File > Import Puzzle makes it (clues without a goal are solved; "
                      "several solutions: the first, with a warning). Exit status: 0 written; 1 the clues have no "
                      "solution; 2 a usage error, a file that cannot be read or written, or what OUT cannot hold "
                      "(colour in .nin, several puzzles in a one-puzzle format: choose with --index).")
    image = convert.add_argument_group("an image IN (File > Import Image's settings)")
    image.add_argument("--size", type=_number(int, 1, "a count of cells from 1 to 128", 128), default=30, metavar="N",
                       help="cells across the longer side, aspect kept (default 30, at most 128)")
    image.add_argument("--threshold", type=_number(int, 0, "a lightness from 0 to 255", 255), default=128, metavar="0-255",
                       help="a cell darker than this is filled (default 128)")
    image.add_argument("--invert", action="store_true", help="fill the light parts instead")
    image.add_argument("--dither", action="store_true", help="grey as a scatter of filled cells (error diffusion)")
    image.add_argument("--colours", type=_number(int, 2, "a count of 2 to 64 colours", 64), default=8, metavar="N",
                       help="colours of the level's picture (default 8, 2 to 64)")

    solve = _command(sub, "solve", "solve or count a puzzle, or solve a nonogram file")
    solve.add_argument("puzzle", metavar="ID|FILE",
                       help="a puzzle id (see `puzzles`), a plugin's puzzle file, or a nonogram: a level or puzzle "
                            "file (.level, .non, .nonpack, .xml, .g, .nin; another suffix: its content shows the "
                            "format) or - for one on standard input")
    solve.add_argument("--problem", metavar="NAME|NUMBER",
                       help="which problem of a plugin's file holding several (BurrTools: its name, or its number "
                            "from 0)")
    solve.add_argument("--index", type=POSITIVE_COUNT, metavar="N",
                       help="a nonogram file holding several puzzles: which one, from 1")
    solve.add_argument("--format", choices=PUZZLE_FORMAT_NAMES, metavar="FORMAT",
                       help=f"a nonogram on standard input (-): its format, {', '.join(PUZZLE_FORMAT_NAMES)} "
                            "(default: the one its content shows)")
    solve.add_argument("--output", metavar="LEVEL",
                       help="a nonogram: also write its solution as a level (NAME.level, .pbm, .ppm, .about)")
    mode = solve.add_mutually_exclusive_group()
    mode.add_argument("--first", action="store_true", help="print one solution (the default)")
    mode.add_argument("--count", action="store_true",
                      help="count every solution (progress on stderr; puzzles whose plugin counts, see "
                           "`puzzles`: not a nonogram)")
    mode.add_argument("--list", type=POSITIVE_COUNT, metavar="N",
                      help="print the first N solutions in the solver's order (every built-in puzzle; not a nonogram)")
    solve.add_argument("--json", action="store_true",
                       help="stdout is one JSON object, nothing else (nonogram-editor help command-line)")
    solve.add_argument("--jobs", type=POSITIVE_COUNT, default=1, metavar="N",
                       help="processes for counting (default 1; at most the number of cores)")
    solve.add_argument("--memory-limit", type=NON_NEGATIVE_COUNT, metavar="MB",
                       help="the address space of each solver process (default 1024, 0: no limit)")
    solve.add_argument("--checkpoint", metavar="FILE",
                       help="save each finished part of a count to FILE and resume from it if it exists")
    solve.add_argument("--cluster", metavar="ADDRESS",
                       help="count on a Dask cluster: tls://host:8786 with the three TLS files, or tcp://host:8786 "
                            "on a trusted network only (see nonogram-editor help command-line, \"Count on a cluster\")")
    solve.add_argument("--tls-ca-file", metavar="FILE", help="the certificate authority of a tls:// cluster")
    solve.add_argument("--tls-cert", metavar="FILE", help="this client's certificate for a tls:// cluster")
    solve.add_argument("--tls-key", metavar="FILE", help="this client's private key for a tls:// cluster")
    solve.add_argument("--cluster-wait", type=NON_NEGATIVE_SECONDS, default=60.0, metavar="SECONDS",
                       help="stop when the cluster has had no worker for this long (default 60)")
    manual = _command(sub, "help", "the user manual: list its topics, or print one")
    manual.add_argument("topic", nargs="?", choices=user_guide.TOPICS, metavar="TOPIC",
                        help="a topic (without one: the list of topics)")
    parser.commands = sub.choices
    return parser


def _pack_export_suffixes() -> tuple[str, ...]:
    from nonogram_editor.pack.export import EXPORTERS

    return tuple(EXPORTERS)


def run_command(argv: list[str], host: PluginHost | None = None) -> int:
    """Run one command; ``host`` defaults to the plugins found through the entry points."""
    try:
        args = _parser().parse_args(argv)
    except _UsageError as error:
        if "--json" in argv:
            print(json.dumps({"error": error.message}))
        return 2
    if getattr(args, "memory_limit", None) is not None:  # (else the default: a quick check never loads child_process)
        from nonogram_editor.child_process import set_memory_limit

        set_memory_limit(args.memory_limit)
    if args.command == "check":
        from nonogram_editor.nonogram.check_cli import run_check

        with _stop_on_termination():  # so that its SAT solver's process ends with it
            return run_check(args.paths, as_json=args.json, time_limit=args.time_limit or None, jobs=_jobs(args.jobs),
                             format_name=args.format, grade=args.grade)
    if args.command == "pack":
        from nonogram_editor.pack.pack_cli import run_pack

        with _stop_on_termination():  # so that its SAT solver's process ends with it
            return run_pack(args.folder, args.json, args.export, args.grade, args.time_limit or None)
    if args.command == "help":
        print(user_guide.as_text(args.topic) if args.topic else user_guide.contents())
        return 0
    if args.command == "fix":
        from nonogram_editor.nonogram.fix_cli import run_fix

        return run_fix(args.level, args.max_edits, args.json, args.write, args.harder, args.time_limit or None,
                       args.symmetry)

    if args.command == "convert":
        from nonogram_editor.nonogram.convert_cli import ImageOptions, run_convert

        image = ImageOptions(args.size, args.threshold, args.invert, args.dither, args.colours)
        return run_convert(args.source, args.target, args.from_format, args.to_format, args.index, args.json, image)

    if args.command == "solve" and _nonogram_file(args.puzzle):
        return _solve_nonogram(args)
    nonogram_options = [f"--{name}" for name in ("index", "format", "output") if getattr(args, name, None)]
    if args.command == "solve" and nonogram_options:
        return _fail(args, f"{nonogram_options[0]} goes with a nonogram file")

    from nonogram_editor.plugin_host import PluginHost

    host = host if host is not None else PluginHost()
    puzzles = host.puzzles()
    if args.command == "puzzles":
        specs = list(puzzles)  # builds every deferred spec: a bad data file is reported below
        _warn_about_failures(host)
        for spec in specs:
            print(f"{spec.id:24s} {printable(spec.title)}")
        return 0
    jit.announce_compiling = True  # the first solve after an install compiles for a while: say so
    known = args.puzzle in puzzles
    spec = puzzles.get(args.puzzle)  # builds this puzzle's spec only
    _warn_about_failures(host)
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
    from nonogram_editor.nonogram.solve_cli import run_solve_file

    with _stop_on_termination():  # so that its SAT solver's process ends with it
        return run_solve_file(args.puzzle, args.format, args.index, args.output, args.json)


def _open_file(host: PluginHost, path: str, problem: str | None):
    """The puzzle in a file, through the plugin that reads its kind (ValueError says what is wrong)."""
    suffix = Path(path).suffix.lower()
    readers = [f for f in host.puzzle_files() if suffix in f.suffixes]
    if not Path(path).is_file():
        raise ValueError(f"{path}: no such puzzle file (and no puzzle with that id)")
    if not readers:
        raise ValueError(f"{path}: no plugin reads {suffix} files")
    from nonogram_editor.plugin_host import plugin_code

    try:
        with plugin_code():
            return readers[0].open(path, problem)
    except ValueError:
        raise
    except Exception as exc:  # a plugin's bug: say whose, without a traceback
        raise ValueError(f"{path}: the {suffix} reader failed: {type(exc).__name__}: {exc}") from None
    except SystemExit as exc:
        _raise_if_stopped(exc)
        raise ValueError(f"{path}: the {suffix} reader called sys.exit({exc.code!r})") from None


def _warn_about_failures(host: PluginHost) -> None:
    for failure in host.failures:
        print(f"warning: {printable(str(failure))}", file=sys.stderr)


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
        for each in termination:  # once: a signal to the process group may come twice (nonogram_editor.exit_guard)
            signal.signal(each, signal.SIG_IGN)
        print(f"\nstopped by {signal.Signals(signum).name}", file=sys.stderr)
        if "multiprocessing" in sys.modules:  # a process pool's clean-up would let running parts finish
            for child in sys.modules["multiprocessing"].active_children():
                child.terminate()
        raise _Stopped(128 + signum)

    termination = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]  # (Windows: no SIGHUP)
    previous = {signum: signal.signal(signum, stop) for signum in termination}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _solve(spec, args) -> int:
    from nonogram_editor.plugin_host import plugin_code

    with _stop_on_termination(), plugin_code():  # the plugin's solver, its formatting and checks
        return _solve_or_count(spec, args)


def _say(args, text: str) -> None:
    """A human line of the answer: stdout, except with --json (where stdout is JSON only). Text
    from a file in it has been made :func:`~nonogram_editor.wording.printable`."""
    if not args.json:
        print(text)


def _fail(args, message: str, code: int = 2) -> int:
    """An error on stderr and, with --json, as ``{"puzzle", "error"}`` on stdout (nonogram-editor help command-line)."""
    from nonogram_editor.cli_io import report_failure  # here: it loads the level formats, which a solve may not need

    return report_failure(message, code, as_json=args.json, puzzle=args.puzzle)


def _solve_or_count(spec, args) -> int:
    from nonogram_editor.tasks import Cancelled, MemoryLimitReached, Task

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
            result = spec.count(task, _jobs(args.jobs), **options)
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
        _raise_if_stopped(exc)
        progress.end()
        return _fail(args, f"puzzle {spec.id!r} failed: the plugin called sys.exit({exc.code!r})", 1)
