"""``nonogram-editor`` / ``python -m editor``: the app, or a command-line engine.

    nonogram-editor [LEVEL]              open the editor (optionally on a level)
    nonogram-editor check PATH...        verdicts for .level/.non files and folders
    nonogram-editor fix LEVEL [--max-edits N] [--time-limit S] [--symmetry MODE] [--json] [--write] [--harder]
                                         edits that make a level unique and line-solvable
    nonogram-editor puzzles              list the puzzles plugins provide
    nonogram-editor solve ID [--first|--count] [--json] [--jobs N]
"""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("check", "fix", "puzzles", "solve"):
        from editor.cli import run_command

        return run_command(argv)
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    from editor.ui.app import run_app

    return run_app(argv)


if __name__ == "__main__":
    sys.exit(main())
