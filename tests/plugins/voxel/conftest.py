"""Small puzzles built in code for the voxel tests; panels keep their count checkpoints in a temporary folder."""
import pytest

from nonogram_editor_builtins.voxel.model import parse_puzzle


@pytest.fixture(autouse=True)
def _checkpoints_in_tmp(monkeypatch, tmp_path):
    monkeypatch.setattr("nonogram_editor_builtins.voxel.panel.default_checkpoint_dir", lambda: tmp_path / "counts")


def make_puzzle(pieces, target, mirror=False, puzzle_id="voxel-test"):
    """``pieces``: (name, cells, copies) triples; ``target``: a box [x, y, z] or a list of cells."""
    data = {"mirror": mirror,
            "target": {"box": list(target)} if len(target) == 3 and isinstance(target[0], int) else {"cells": target},
            "pieces": [{"name": n, "cells": [list(c) for c in cells], "copies": k} for n, cells, k in pieces]}
    return parse_puzzle(data, puzzle_id=puzzle_id)
