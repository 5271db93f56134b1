"""The user manual that ships with the package: its topics, their files and a plain-text rendering
for the terminal (``nonogram-editor help [TOPIC]``). Qt-free; the window shows the same pages
rendered from Markdown (``nonogram_editor.ui.user_guide_window``).

The pages are ``editor/manual/<topic>.md`` (package data; ``images/`` beside them). A page's
first line is its ``# Title``, which is also its one-line summary.
"""
from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

# In reading order: the tour first, the references last.
TOPICS = ("tour", "drawing", "live-check", "assist", "colour-levels", "formats", "publishing", "puzzle-panels",
          "command-line", "puzzle-format", "troubleshooting", "platforms")


class UnknownTopic(LookupError):
    def __init__(self, name: str):
        super().__init__(f"no help topic {name!r} (the topics are {', '.join(TOPICS)})")


def folder() -> Path:
    """The folder holding the pages and their ``images/``."""
    return Path(str(files("nonogram_editor").joinpath("manual")))


def page(topic: str) -> Path:
    """The Markdown file of ``topic``; :class:`UnknownTopic` names the topics if there is none."""
    if topic not in TOPICS:
        raise UnknownTopic(topic)
    return folder() / f"{topic}.md"


def title(topic: str) -> str:
    """The page's ``# Title``."""
    with page(topic).open(encoding="utf-8") as file:
        return file.readline().lstrip("#").strip()


def contents() -> str:
    """What ``nonogram-editor help`` prints: one line per topic, its name and title."""
    lines = [f"  {topic:16s}{title(topic)}" for topic in TOPICS]
    return "\n".join(["The user manual's topics (nonogram-editor help TOPIC):", *lines,
                      "In the window: Help > User Guide (F1)."])


_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)]*)\)")
_EMPHASIS = re.compile(r"(\*\*|(?<![\w*])\*(?=\S))(.+?)\1", re.S)


def _link(match: re.Match) -> str:
    text, target = match.groups()
    name = Path(target.split("#")[0]).stem
    if target.startswith(("http://", "https://")):
        return f"{text} ({target})"
    if name in TOPICS:
        return f"{text} (nonogram-editor help {name})"
    return text


def _inline(line: str) -> str:
    """``line`` without markup; code spans (the odd pieces between backticks) kept as written."""
    pieces = line.split("`")
    for prose in range(0, len(pieces), 2):
        text = _IMAGE.sub(lambda match: f"[picture: {match.group(1)}]", pieces[prose])
        pieces[prose] = _EMPHASIS.sub(r"\2", _LINK.sub(_link, text))
    return "".join(pieces)


def as_text(topic: str) -> str:
    """The page as plain text: headings underlined, links to other pages as the command that
    shows them, pictures as their description, code blocks indented, markup removed."""
    lines = []
    # Fenced code blocks are the odd pieces between fence lines; markup may span the lines of the rest.
    for number, piece in enumerate(re.split(r"^```.*\n", page(topic).read_text(encoding="utf-8"), flags=re.M)):
        if number % 2:
            lines += ["    " + line for line in piece.splitlines()]
            continue
        for line in _inline(piece).splitlines():
            if heading := re.match(r"(#+)\s+(.*)", line):
                text = heading.group(2)
                lines += [text, ("=" if len(heading.group(1)) == 1 else "-") * len(text)]
            else:
                lines.append(line)
    return "\n".join(lines).strip() + "\n"
