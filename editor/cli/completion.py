"""Shell completion (bash, zsh, fish) and the man page, generated from the command line's parser
(``nonogram_editor.cli.run.command_line``: whatever commands it has) with shtab and argparse-manpage.

``python -m nonogram_editor.cli.completion`` installs them for the current user:

- bash: ``$XDG_DATA_HOME/bash-completion/completions/nonogram-editor`` (bash-completion loads it);
- zsh: ``$XDG_DATA_HOME/zsh/site-functions/_nonogram-editor`` (add that folder to ``fpath`` in ~/.zshrc);
- fish: ``$XDG_CONFIG_HOME/fish/completions/nonogram-editor.fish``;
- man: ``$XDG_DATA_HOME/man/man1/nonogram-editor.1`` (``man nonogram-editor`` finds it when ~/.local/bin is
  on the PATH).

``--output SHARE`` writes them into the folder ``SHARE`` as a system puts them under /usr/share
(``bash-completion/completions/``, ``zsh/vendor-completions/``, ``fish/vendor_completions.d/``,
``man/man1/``), for a packager. shtab and argparse-manpage are needed only here: the ``dev`` extra.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nonogram_editor
from nonogram_editor.cli.help import SUMMARY, USAGE
from nonogram_editor.cli.run import command_line
from nonogram_editor.infra.paths import xdg_home
from nonogram_editor.infra.safe_write import write_file

PROG = "nonogram-editor"
# Where each goes under a share folder (a packager's) and, for the current user, under the data home
# or (fish) the config home.
SHARE = {"bash": f"bash-completion/completions/{PROG}", "zsh": f"zsh/vendor-completions/_{PROG}",
         "fish": f"fish/vendor_completions.d/{PROG}.fish", "man": f"man/man1/{PROG}.1"}
USER = {"bash": ("data", SHARE["bash"]), "zsh": ("data", f"zsh/site-functions/_{PROG}"),
        "fish": ("config", f"fish/completions/{PROG}.fish"), "man": ("data", SHARE["man"])}
# Arguments whose metavar names one of these complete file names (PATH, LEVEL, FILE, ID|FILE, ...).
FILE_WORDS = ("PATH", "LEVEL", "FILE", "DIR", "FOLDER", "OUTPUT")
# The requests argparse-manpage and man_page write at the start of a line.
ROFF_REQUESTS = {".TH", ".SH", ".SS", ".TP", ".B", ".br", ".RS", ".RE", ".UR", ".UE", ".nf", ".fi"}


def parser() -> argparse.ArgumentParser:
    """The command line's parser, with file name completion for the arguments that name files."""
    import shtab

    line = command_line()
    for command in (line, *line.commands.values()):
        for action in command._actions:  # argparse has no public list of a parser's arguments
            if any(word in str(action.metavar or "") for word in FILE_WORDS):
                action.complete = shtab.FILE
    return line


def completion(shell: str) -> str:
    """The completion script for ``shell`` (bash, zsh or fish)."""
    import shtab

    return shtab.complete(parser(), shell=shell)


def man_page(line: argparse.ArgumentParser | None = None) -> str:
    """The man page (roff) of ``line`` (default: ``parser()``): the forms of the command line, every
    command and option, the exit status."""
    from argparse_manpage.manpage import Manpage

    summary = SUMMARY.format(version=nonogram_editor.__version__, commands="")
    page = Manpage(line or parser())
    page.source = f"{PROG} {nonogram_editor.__version__}"
    page.manual = "Nonogram Editor"
    page.description = summary.splitlines()[0].split(": ", 1)[1].rstrip(".")
    forms = [form.removeprefix(PROG).strip() for form in USAGE.removeprefix("usage: ").split(" | ")]
    page.add_section("synopsis", "=", "\n.br\n".join(f".B {_roff(PROG)}\n{_roff(form)}" for form in forms))
    page.add_section("description", "=", _roff(
        f"{PROG} [LEVEL] opens the editor window, on a .level file or a puzzle file (.non, webpbn .xml, .g, .nin) "
        f"if one is given; {PROG} FOLDER opens it with the gallery of the folder's level pack. "
        f"{PROG} COMMAND runs one of the command-line engines below: no window, no display needed."))
    page.add_section("exit status", "=", _roff(" ".join(summary.split("Exit status:", 1)[1].split())))
    # argparse-manpage wraps help texts without escaping a line that then starts with a dot or a quote
    # (".about)" is read as a macro): such a line gets roff's zero-width \& in front.
    return "\n".join("\\&" + text if text.startswith((".", "'")) and text.split()[0] not in ROFF_REQUESTS else text
                     for text in str(page).split("\n"))


def _roff(text: str) -> str:
    """Plain text for a roff line (backslashes and minus signs escaped)."""
    return text.replace("\\", "\\e").replace("-", "\\-")


def generated() -> dict[str, str]:
    """Each file's kind (bash, zsh, fish, man) -> its text."""
    return {**{shell: completion(shell) for shell in ("bash", "zsh", "fish")}, "man": man_page()}


def write(files: dict[str, str], targets: dict[str, Path]) -> list[Path]:
    """Each file of ``files`` at its target (each replaced as a whole); the paths written."""
    for kind, text in files.items():
        targets[kind].parent.mkdir(parents=True, exist_ok=True)
        write_file(targets[kind], text.encode())
    return [targets[kind] for kind in files]


def user_targets() -> dict[str, Path]:
    return {kind: xdg_home(home) / path for kind, (home, path) in USER.items()}


def main(argv: list[str] | None = None) -> int:
    arguments = argparse.ArgumentParser(
        prog="python -m nonogram_editor.cli.completion",
        description="Write the shell completion (bash, zsh, fish) and the man page of nonogram-editor: for the "
                    "current user, or into a share folder.")
    arguments.add_argument("--output", metavar="SHARE", type=Path,
                           help="a share folder (as /usr/share) to write them into, instead of the user's folders")
    arguments.add_argument("--quiet", action="store_true", help="print nothing")
    args = arguments.parse_args(argv)
    try:
        files = generated()
    except ImportError as error:  # the dev extra is not installed
        print(f"{arguments.prog}: error: {error.name} is needed (the dev extra: pip install 'nonogram-editor[dev]', "
              "or pip install shtab argparse-manpage)", file=sys.stderr)
        return 2
    targets = {kind: args.output / path for kind, path in SHARE.items()} if args.output else user_targets()
    try:
        written = write(files, targets)
    except OSError as error:
        print(f"{arguments.prog}: error: could not write {error.filename or 'the files'}: {error.strerror or error}",
              file=sys.stderr)
        return 1
    if not args.quiet:
        print("\n".join(map(str, written)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
