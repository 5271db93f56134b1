"""``nonogram-editor`` / ``python -m nonogram_editor``: the editor window, or a command-line engine.

Only ``nonogram-editor [LEVEL]`` opens the window; everything else is decided here, without
Qt, so that a typo or an unknown option in a script fails at once (exit 2) instead of
opening a window. ``nonogram-editor --help`` lists every command and option.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import nonogram_editor

COMMANDS = ("check", "convert", "fix", "puzzles", "solve", "help")
PLUGIN_COMMANDS = ("puzzles", "solve")  # the commands that load plugins (nonogram_editor.cli.exit_guard)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in PLUGIN_COMMANDS:  # plugin code must not decide the exit status
        from nonogram_editor.cli.exit_guard import run_apart

        return run_apart(lambda: _command(argv), lambda message: _report_failure(argv, message))
    if argv and argv[0] in COMMANDS:
        return _command(argv)
    if argv and argv[0] in ("-h", "--help"):
        from nonogram_editor.cli.run import full_help

        print(full_help())
        return 0
    if argv and argv[0] in ("-V", "--version"):
        print(f"nonogram-editor {nonogram_editor.__version__}")
        return 0
    problem = _window_usage_problem(argv)
    if problem:
        print(f"nonogram-editor: error: {problem}", file=sys.stderr)
        return 2
    from nonogram_editor.ui.app import run_app

    return run_app(argv)


def _command(argv: list[str]) -> int:
    """Run a command; its exit status, its output flushed."""
    try:
        from nonogram_editor.cli.run import run_command

        status = run_command(argv)
        sys.stdout.flush()
        return status
    except BrokenPipeError:  # the reader stopped early (``| head``): no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:  # Ctrl+C while the command loads, before it can catch it: no traceback
        print("\ncancelled", file=sys.stderr)
        return 130


def _report_failure(argv: list[str], message: str) -> None:
    """A command that ended without its answer: the message on stderr (and, with --json, as JSON)."""
    from nonogram_editor.cli.io import report_failure

    report_failure(message, as_json="--json" in argv)


def _window_usage_problem(argv: list[str]) -> str | None:
    """Why ``argv`` is not ``[LEVEL]`` (what opens the window), or None if it is."""
    if not argv:
        return None
    first = argv[0]
    if first.startswith("-"):
        return f"unknown option {first!r} (nonogram-editor --help lists the options)"
    looks_like_a_path = Path(first).suffix or "/" in first or Path(first).exists()
    if not looks_like_a_path:
        import difflib  # here: only a mistyped command needs it

        close = difflib.get_close_matches(first, COMMANDS, n=1)
        hint = f"did you mean {close[0]!r}?" if close else f"the commands are {', '.join(COMMANDS)}"
        return f"unknown command {first!r} ({hint})"
    if len(argv) > 1:
        return f"the window opens one level; unexpected {argv[1]!r} after {first!r}"
    if not Path(first).is_file():
        return f"{first}: no such file"
    return None


if __name__ == "__main__":
    sys.exit(main())
