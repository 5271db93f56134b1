"""Making every level of a pack line-solvable: proposals first, a file written only when accepted."""
from pathlib import Path

import numpy as np

from nonogram_editor.level import Level, load_level, save_level
from nonogram_editor.pack import Pack
from nonogram_editor.pack.batch import accept, line_solvable_proposals
from nonogram_editor.pack.checks import ResultCache

SWAP = np.array([[1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 0, 0, 0], [1, 1, 1, 1, 1], [0, 0, 1, 0, 0]], bool)


def make_pack(folder: Path) -> None:
    """A level that is not unique (its top-left 2x2 can be swapped) beside one that is LINE."""
    save_level(Level(SWAP, np.full((5, 5, 3), 255, np.uint8)), folder / "swap.level")
    line = np.zeros((5, 5), bool)
    line[2, :] = True
    save_level(Level(line, np.full((5, 5, 3), 255, np.uint8)), folder / "bar.level")


def test_a_proposal_for_each_level_that_is_not_line_and_nothing_written_until_accepted(tmp_path):
    make_pack(tmp_path)
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    pack = Pack.open(tmp_path)
    pack.check(ResultCache(tmp_path / "cache"))
    proposals = line_solvable_proposals(pack.entries)
    assert [proposal.entry.name for proposal in proposals] == ["swap.level"]
    proposal = proposals[0]
    assert proposal.line
    assert proposal.plan.edits
    assert not np.array_equal(proposal.after, SWAP)
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir() if path.name != "cache"} == before
    accept(tmp_path, proposal)
    assert np.array_equal(load_level(tmp_path / "swap.level").solution, proposal.after)
    again = Pack.open(tmp_path)
    again.check(ResultCache(tmp_path / "cache"))
    assert [entry.result.verdict for entry in again.entries] == ["LINE", "LINE"]
    assert not again.entries[1].result.cached  # swap.level changed: checked again
