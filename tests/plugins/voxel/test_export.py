"""Exporting solutions: one per class or every one, as JSON; a failed write keeps the old file."""
import json
import os

import pytest

from nonogram_editor.infra.tasks import Cancelled, Task
from nonogram_editor_builtins.voxel import checker, export, solver
from nonogram_editor_builtins.voxel.model import RESOURCE_DIR, load_puzzle
from nonogram_editor_builtins.voxel.solver import Placement

SOMA = load_puzzle(RESOURCE_DIR / "soma.json")


def parsed(puzzle, record) -> tuple:
    names = [piece.name for piece in puzzle.pieces]
    return tuple(sorted(Placement(names.index(p["piece"]), tuple(sorted(tuple(c) for c in p["cells"])))
                        for p in record["pieces"]))


@pytest.fixture(scope="module")
def classes():
    return solver.count_solutions(SOMA).solutions


def test_one_per_class_and_every_solution(tmp_path, classes):
    path = tmp_path / "soma.json"
    assert export.write_solutions(path, SOMA, classes, every=False) == 240
    data = json.loads(path.read_text())
    assert (data["puzzle"], data["which"], data["count"], len(data["solutions"])) == ("voxel-soma",
                                                                                      export.ONE_PER_CLASS, 240, 240)
    assert [parsed(SOMA, record) for record in data["solutions"]] == list(classes)

    assert export.write_solutions(path, SOMA, classes, every=True) == 11520
    data = json.loads(path.read_text())
    solutions = {parsed(SOMA, record) for record in data["solutions"]}
    assert data["which"] == export.EVERY_SOLUTION
    assert data["count"] == len(solutions) == 11520
    for solution in list(solutions)[::1000]:
        assert checker.check_solution(SOMA, solution) == []


def test_a_failed_write_names_the_file_and_keeps_the_old_one(tmp_path, classes, monkeypatch):
    path = tmp_path / "soma.json"
    path.write_text("old")

    def full_disk(descriptor):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(export.ExportError, match="soma.json: could not write the solutions: No space left"):
        export.write_solutions(path, SOMA, classes, every=False)
    assert [p.name for p in tmp_path.iterdir()] == ["soma.json"]
    assert path.read_text() == "old"
    with pytest.raises(export.ExportError, match="no-such-folder"):
        export.write_solutions(tmp_path / "no-such-folder" / "x.json", SOMA, classes, every=False)


def test_cancel_keeps_the_old_file(tmp_path, classes):
    path = tmp_path / "soma.json"
    path.write_text("old")
    task = Task()
    task.cancel()
    with pytest.raises(Cancelled):
        export.write_solutions(path, SOMA, classes, every=True, task=task)
    assert [p.name for p in tmp_path.iterdir()] == ["soma.json"]
    assert path.read_text() == "old"
