"""Shell completion and the man page, generated from the command line's parser: bash, fish and zsh
complete every command and its options, the man page renders and lists them all, and setup.sh
installs them quietly in the user's folders only."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from nonogram_editor.cli.completion import SHARE, man_page, parser
from nonogram_editor.cli.run import command_parsers
from nonogram_editor.infra.paths import ROOT

RUN = dict(capture_output=True, text=True, cwd=ROOT / "levels")


def options(command: str) -> list[str]:
    """Every option string of ``command`` (its parser's, so a new option or command is covered too)."""
    return sorted(s for action in command_parsers()[command]._actions for s in action.option_strings)


@pytest.fixture(scope="module")
def share(tmp_path_factory) -> Path:
    """The generated files in a share folder, as a packager writes them."""
    folder = tmp_path_factory.mktemp("share")
    run = subprocess.run([sys.executable, "-m", "nonogram_editor.cli.completion", "--output", str(folder)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert not run.stderr, run.stderr
    assert run.stdout.split() == [str(folder / path) for path in SHARE.values()]
    return folder


def bash_complete(share: Path, *words: str) -> list[str]:
    """What bash offers for the command line ``words`` (the last is the word being completed)."""
    script = f"""source {share / SHARE['bash']}
        COMP_WORDS=({' '.join(f"'{w}'" for w in words)}); COMP_CWORD={len(words) - 1}
        COMP_LINE="${{COMP_WORDS[*]}}"; COMP_POINT=${{#COMP_LINE}}
        complete -p nonogram-editor >&2
        $(complete -p nonogram-editor | sed -E 's/.* -F ([^ ]+) .*/\\1/')
        printf '%s\\n' "${{COMPREPLY[@]}}" """
    run = subprocess.run(["bash", "-c", script], **RUN)
    assert run.returncode == 0, run.stderr
    assert run.stderr.startswith("complete "), run.stderr
    return sorted(filter(None, run.stdout.splitlines()))


def test_bash_completes_the_commands_their_options_and_file_names(share):
    assert bash_complete(share, "nonogram-editor", "") == sorted(command_parsers())
    assert bash_complete(share, "nonogram-editor", "so") == ["solve"]
    for command in command_parsers():
        offered = bash_complete(share, "nonogram-editor", command, "-")
        assert offered == options(command), command
    assert bash_complete(share, "nonogram-editor", "solve", "--c") == [o for o in options("solve")
                                                                       if o.startswith("--c")]
    assert bash_complete(share, "nonogram-editor", "check", "ca") == sorted(p.name
                                                                            for p in (ROOT / "levels").glob("ca*"))


def test_fish_completes_the_commands_and_their_options(share):
    def fish_complete(line: str) -> list[str]:
        run = subprocess.run(["fish", "--no-config", "-c", f"source {share / SHARE['fish']}; complete -C '{line}'"],
                             **RUN)
        assert run.returncode == 0, run.stderr
        assert not run.stderr, run.stderr
        return sorted(line.split("\t")[0] for line in run.stdout.splitlines())

    assert fish_complete("nonogram-editor ") == sorted(command_parsers())
    for command in command_parsers():
        long_options = [o for o in options(command) if o.startswith("--")]
        assert fish_complete(f"nonogram-editor {command} --") == long_options, command


def test_the_zsh_completion_is_valid_zsh_and_names_every_option(share):
    script = share / SHARE["zsh"]
    assert script.read_text().startswith("#compdef nonogram-editor")
    checked = subprocess.run(["zsh", "-n", str(script)], **RUN)
    assert checked.returncode == 0, checked.stderr
    assert not checked.stderr, checked.stderr
    text = script.read_text()
    assert all(command in text for command in command_parsers())
    assert all(option in text for command in command_parsers() for option in options(command))


def test_the_man_page_renders_and_lists_every_command_and_option(share):
    page = share / SHARE["man"]
    rendered = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-P", "-cbou", str(page)], **RUN)
    assert rendered.returncode == 0, rendered.stderr
    assert not rendered.stderr, rendered.stderr
    text = rendered.stdout.replace("\u2010", "-")  # groff's hyphen
    words = text.split()
    assert "NONOGRAM-EDITOR(1)" in words
    assert "nonogram-editor [LEVEL]" in " ".join(words)
    for command in command_parsers():
        assert f"nonogram-editor {command}" in text, command
        described = [o for o in options(command) if o not in ("-h", "--help")]  # -h is in each usage line
        assert [o for o in described if o not in words and f"{o}," not in words] == [], command
    assert "EXIT STATUS" in text
    assert "--version" in words
    man = subprocess.run(["man", "-l", str(page)], **RUN, env=dict(os.environ, MANWIDTH="80"))
    assert man.returncode == 0
    assert "nonogram-editor COMMAND ..." in re.sub(".\b", "", man.stdout)


def test_a_help_text_wrapped_before_a_dot_stays_text_in_the_man_page(tmp_path):
    line = parser()
    words = "write its solution as a level (NAME.level, .pbm, .ppm, .dot) and more words".split()
    for width in range(len(words)):  # wherever the wrap falls, some line starts with ".pbm," ".ppm," or ".dot)"
        line.commands["solve"].add_argument(f"--demo{width}", help=" ".join(["x" * 9] * width + words))
    page = tmp_path / "page.1"
    page.write_text(man_page(line))
    rendered = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-P", "-cbou", str(page)], **RUN)
    assert rendered.returncode == 0, rendered.stderr
    assert not rendered.stderr, rendered.stderr
    assert rendered.stdout.count(".dot)") == len(words)


def test_setup_installs_them_quietly_in_the_users_folders_only(tmp_path):
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")} | {"HOME": str(home)}
    run = subprocess.run(["bash", "-c", f"source {ROOT / 'resources' / 'scripts' / 'setup.sh'}; ensure_completion"],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    assert run.stdout == run.stderr == "", run.stderr
    installed = sorted(str(path.relative_to(home)) for path in home.rglob("*") if path.is_file())
    assert installed == [".config/fish/completions/nonogram-editor.fish",
                         ".local/share/bash-completion/completions/nonogram-editor",
                         ".local/share/man/man1/nonogram-editor.1",
                         ".local/share/zsh/site-functions/_nonogram-editor"]
    # man finds it as ~/.local/bin is on the PATH (man-db looks in ../share/man of each PATH entry)
    (home / ".local" / "bin").mkdir()
    env = {k: v for k, v in env.items() if k != "MANPATH"} | {"PATH": f"{home / '.local' / 'bin'}:{os.environ['PATH']}"}
    found = subprocess.run(["man", "-w", "nonogram-editor"], capture_output=True, text=True, env=env)
    assert found.stdout.strip() == str(home / ".local" / "share" / "man" / "man1" / "nonogram-editor.1"), found.stderr


def test_without_the_generators_it_says_what_to_install(tmp_path):
    script = ("import sys; sys.modules['shtab'] = None; from nonogram_editor.cli.completion import main; "
              f"sys.exit(main(['--output', {str(tmp_path)!r}]))")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert "shtab is needed" in run.stderr
    assert "nonogram-editor[dev]" in run.stderr
    assert not any(tmp_path.iterdir())


def test_a_folder_it_cannot_write_is_named_without_a_traceback(tmp_path):
    not_a_folder = tmp_path / "share"
    not_a_folder.write_text("a file")
    run = subprocess.run([sys.executable, "-m", "nonogram_editor.cli.completion", "--output", str(not_a_folder)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 1
    assert "Traceback" not in run.stderr
    assert run.stdout == ""
    assert run.stderr.startswith(f"python -m nonogram_editor.cli.completion: error: could not write {not_a_folder}/")
