"""``nonogram-editor help [TOPIC]``: the user manual (:mod:`nonogram_editor.infra.user_guide`); and the
summary that ``nonogram-editor --help`` starts with (:func:`nonogram_editor.cli.run.full_help`). No Qt here.
"""
from __future__ import annotations

from nonogram_editor.infra import user_guide

USAGE = "usage: nonogram-editor [LEVEL | FOLDER] | nonogram-editor COMMAND ... | nonogram-editor --help | --version"
SUMMARY = """\
Nonogram Editor {version}: draw nonogram levels and check them; solve the plugins' puzzles.

  nonogram-editor [LEVEL]        open the editor window (optionally on a .level file or a puzzle file:
                                 .non, webpbn .xml, .g, .nin)
  nonogram-editor FOLDER         open the editor window with the gallery of the folder's pack
  nonogram-editor COMMAND ...    a command-line engine (no window, no display needed):
{commands}
  -h, --help                     this help: every command and its options
  -V, --version                  the version

Exit status: 0 success, 1 a negative answer (see each command), 2 a usage error or a file
that could not be read. The user manual: nonogram-editor help (its topics), e.g.
`nonogram-editor help command-line` for every option, exit status and the output of --json.
"""


def run_help(topic: str | None) -> int:
    """Prints the manual's topic, or the list of topics without one."""
    print(user_guide.as_text(topic) if topic else user_guide.contents())
    return 0
