"""Renaming, duplicating and deleting a pack's files keep pack.order in step, and each undoes."""
import shutil
from pathlib import Path

import pytest

from nonogram_editor.level import LevelError
from nonogram_editor.pack import Pack
from nonogram_editor.pack.files import delete, duplicate, rename
from nonogram_editor.pack.order import read_order

DATA = Path(__file__).resolve().parents[2] / "data" / "pack"


@pytest.fixture
def folder(tmp_path) -> Path:
    shutil.copytree(DATA, tmp_path / "pack")
    return tmp_path / "pack"


def contents(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir()}


def test_renaming_a_level_renames_its_four_files_and_keeps_its_place(folder):
    before = contents(folder)
    names = Pack.open(folder).names
    undo = rename(folder, names, "boat.level", "ship.level")
    assert {"ship.level", "ship.pbm", "ship.ppm", "ship.about"} <= set(contents(folder))
    assert not {"boat.level", "boat.pbm", "boat.ppm", "boat.about"} & set(contents(folder))
    assert Pack.open(folder).names == [name.replace("boat.level", "ship.level") for name in names]
    undo()
    assert Pack.open(folder).names == names
    assert {name: data for name, data in contents(folder).items() if name != "pack.order"} == \
        {name: data for name, data in before.items() if name != "pack.order"}


def test_a_rename_onto_another_file_or_suffix_is_refused_naming_it(folder):
    names = Pack.open(folder).names
    with pytest.raises(LevelError, match="cross.level: .*there already"):
        rename(folder, names, "boat.level", "cross.level")
    with pytest.raises(LevelError, match=r"must end in \.non"):
        rename(folder, names, "swap-a.non", "swap-a.xml")


def test_a_duplicate_comes_right_after_its_original_and_undo_removes_it(folder):
    names = Pack.open(folder).names
    new, undo = duplicate(folder, names, "cross.level")
    assert new == "cross copy.level"
    pack = Pack.open(folder)
    assert pack.names[:2] == ["cross.level", "cross copy.level"]
    assert (folder / "cross copy.ppm").read_bytes() == (folder / "cross.ppm").read_bytes()
    assert duplicate(folder, pack.names, "cross.level")[0] == "cross copy 2.level"
    undo()
    assert not (folder / "cross copy.level").exists()


def test_delete_and_undo_bring_back_the_files_and_the_place(folder):
    before = contents(folder)
    names = Pack.open(folder).names
    undo = delete(folder, names, "boat-turned.level")
    assert not any(name.startswith("boat-turned.") for name in contents(folder))
    assert "boat-turned.level" not in read_order(folder)
    undo()
    assert Pack.open(folder).names == names
    assert {name: data for name, data in contents(folder).items() if name != "pack.order"} == \
        {name: data for name, data in before.items() if name != "pack.order"}
