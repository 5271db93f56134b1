"""The user manual ships with the package and reads in a terminal: `nonogram-editor help` lists
its topics, `help TOPIC` prints one as plain text, an unknown topic is a usage error naming
them; every link between pages and every picture a page shows is there."""
import re

import pytest

from nonogram_editor.cli.run import full_help
from nonogram_editor.infra import user_guide
from tests.editor.cli.test_conventions import headless

LINK = re.compile(r"(!?)\[[^\]]*\]\(([^)#]*)[^)]*\)")


def test_the_manual_folder_holds_exactly_the_topics():
    assert sorted(path.stem for path in user_guide.folder().glob("*.md")) == sorted(user_guide.TOPICS)


@pytest.mark.parametrize("topic", user_guide.TOPICS)
def test_every_link_of_a_page_names_a_topic_or_a_picture_that_is_there(topic):
    text = user_guide.page(topic).read_text(encoding="utf-8")
    assert text.startswith("# ")
    for is_picture, target in LINK.findall(text):
        if target.startswith("https://") or not target:
            continue
        if is_picture:
            assert (user_guide.folder() / target).is_file(), target
        else:
            assert target.endswith(".md"), target
            assert target[:-3] in user_guide.TOPICS, target


def test_a_page_as_text_has_no_markup_and_names_the_command_for_other_pages():
    text = user_guide.as_text("tour")
    assert text.startswith("A five-minute tour\n==================\n")
    assert "See Drawing (nonogram-editor help drawing)." in text
    assert "[picture: The editor with the cat level open" in text
    assert "File > Export\npuzzle sheet / solution sheet prints" in text  # bold across a line break
    assert "**" not in text
    assert "](" not in text
    reference = user_guide.as_text("command-line")
    assert "\n    nonogram-editor help [TOPIC]\n" in reference  # code blocks indented, as written
    assert "\n`--time-limit S`" not in reference
    assert "- --time-limit S: a level" in reference


def test_help_lists_the_topics_and_prints_one_without_qt():
    listed = headless("help")
    assert listed.returncode == 0, listed.stderr
    assert listed.stderr == "", listed.stderr
    for topic in user_guide.TOPICS:
        assert f"  {topic:16s}{user_guide.title(topic)}\n" in listed.stdout
    shown = headless("help", "troubleshooting")
    assert shown.returncode == 0
    assert shown.stdout == user_guide.as_text("troubleshooting") + "\n"


def test_an_unknown_topic_is_a_usage_error_naming_the_topics():
    unknown = headless("help", "drawng")
    assert unknown.returncode == 2
    assert unknown.stdout == ""
    assert len(unknown.stderr.splitlines()) == 1
    assert "invalid choice: 'drawng'" in unknown.stderr
    assert "'drawing'" in unknown.stderr


def test_the_help_names_the_installed_manual_not_a_repository_path():
    text = full_help()
    assert "nonogram-editor help command-line" in text
    assert ".md" not in text
    assert "README" not in text
