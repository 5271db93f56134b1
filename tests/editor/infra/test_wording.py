"""Counts in what the editor says read as English: "1 edit", "1 cell", never "1 edits".

How the Assist dock words them: tests/editor/ui/test_assist_panel.py."""
import os

import numpy as np

from nonogram_editor.infra import wording
from nonogram_editor.infra.wording import Counts
from nonogram_editor.nonogram.verdict import Kind


def test_counted_texts_read_as_english():
    assert [Counts.tr("%n cell(s)", "", n) for n in (0, 1, 2)] == ["0 cells", "1 cell", "2 cells"]
    assert [Counts.tr("%n guess(es) (so far)", "", n) for n in (1, 3)] == ["1 guess (so far)", "3 guesses (so far)"]


def test_a_forked_copy_of_the_app_does_not_call_the_installed_translator(monkeypatch):
    """A solver forked from the window's process must not reach Qt (a lock held at the fork would hang it)."""
    monkeypatch.setattr(wording, "_translator", wording._translator)
    monkeypatch.setattr(wording, "_installed_in", wording._installed_in)
    wording.install_translator(lambda context, text, disambiguation, count: "übersetzt")
    assert Counts.tr("%n cell(s)", "", 2) == "übersetzt"
    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.write(writing, Counts.tr("%n cell(s)", "", 2).encode())
        finally:
            os._exit(0)
    os.close(writing)
    os.waitpid(pid, 0)
    with os.fdopen(reading, "rb") as answer:
        assert answer.read().decode() == "2 cells"


def test_the_lookahead_detail_counts_in_words():
    from dataclasses import replace

    from nonogram_editor.nonogram.search import Lookahead
    from nonogram_editor.nonogram.verdict import check_drawing

    verdict = replace(check_drawing(np.eye(3, dtype=bool)), kind=Kind.BRANCH,
                      lookahead=Lookahead(probes=1, probe_rounds=1, branches=1))
    assert verdict.lookahead_text() == "probing depth 1: 1 probe in 1 round"
