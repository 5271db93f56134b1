"""The command line's parser, and each command run by its module: ``check``, ``fix``, ``convert``,
``pack``, ``puzzles``, ``solve`` and ``help`` (the manual). No Qt here.

Each command imports what it needs when it runs: ``check`` is called once per level pack in
scripts, and must not pay for the plugin machinery (pluggy, entry points, the solvers).
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from nonogram_editor.cli.processes import jobs, stop_on_termination
from nonogram_editor.infra import user_guide

if TYPE_CHECKING:
    from nonogram_editor.plugin_api.host import PluginHost


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
# --format of standard input (nonogram_editor.cli.io.FORMAT_NAMES)
PUZZLE_FORMAT_NAMES = ("non", "nonpack", "xml", "g", "nin")


def command_parsers() -> dict[str, argparse.ArgumentParser]:
    """Each command's parser by name (``nonogram-editor --help`` prints them all)."""
    return _parser().commands


def full_help() -> str:
    """The top-level help followed by every command's own, so that one page lists every option."""
    import nonogram_editor
    from nonogram_editor.cli.help import SUMMARY

    parsers = command_parsers()
    commands = "\n".join(f"      {name:10s}{parser.description}" for name, parser in parsers.items())
    pages = [SUMMARY.format(version=nonogram_editor.__version__, commands=commands)]
    pages += [parser.format_help() for parser in parsers.values()]
    return "\n".join(pages).rstrip()


def command_line() -> argparse.ArgumentParser:
    """The parser of ``nonogram-editor COMMAND ...`` (the one run_command parses with) and of
    ``--version``: shell completion and the man page are generated from it (nonogram_editor.cli.completion)."""
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
    grading = check.add_mutually_exclusive_group()
    grading.add_argument("--grade", dest="grade", action="store_true", default=None,
                         help="grade unique levels in --json too (it adds half the check's CPU or more)")
    grading.add_argument("--no-grade", dest="grade", action="store_false",
                         help="leave out the grade of unique levels in the text too")

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
                     help="save the fixed level beside the original (never over it), "
                          "only when it is what was asked for")
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
    pack.add_argument("--per-page", type=_number(int, 1, "a number of puzzles from 1 to 16", 16), default=1,
                      metavar="N", help="a booklet's (.pdf) puzzles to a page (1 to 16, default 1)")
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
    image.add_argument("--threshold", type=_number(int, 0, "a lightness from 0 to 255", 255), default=128,
                       metavar="0-255", help="a cell darker than this is filled (default 128)")
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
    from nonogram_editor.publish.export import EXPORTERS

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
        from nonogram_editor.infra.child_process import set_memory_limit

        set_memory_limit(args.memory_limit)
    if args.command == "check":
        from nonogram_editor.cli.check import run_check

        with stop_on_termination():  # so that its SAT solver's process ends with it
            return run_check(args.paths, as_json=args.json, time_limit=args.time_limit or None, jobs=jobs(args.jobs),
                             format_name=args.format, grade=args.grade)
    if args.command == "pack":
        from nonogram_editor.cli.pack import run_pack

        with stop_on_termination():  # so that its SAT solver's process ends with it
            return run_pack(args.folder, args.json, args.export, args.grade, args.time_limit or None, args.per_page)
    if args.command == "help":
        from nonogram_editor.cli.help import run_help

        return run_help(args.topic)
    if args.command == "fix":
        from nonogram_editor.cli.fix import run_fix

        return run_fix(args.level, args.max_edits, args.json, args.write, args.harder, args.time_limit or None,
                       args.symmetry)

    if args.command == "convert":
        from nonogram_editor.cli.convert import ImageOptions, run_convert

        image = ImageOptions(args.size, args.threshold, args.invert, args.dither, args.colours)
        return run_convert(args.source, args.target, args.from_format, args.to_format, args.index, args.json, image)

    if args.command == "puzzles":
        from nonogram_editor.cli.puzzles import run_puzzles

        return run_puzzles(host)
    from nonogram_editor.cli.solve import run_solve

    return run_solve(args, host)
