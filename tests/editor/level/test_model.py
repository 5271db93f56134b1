"""Levels: load, save (atomic), and the errors a user sees, each naming file and problem."""
import os
import sys

import numpy as np
import pytest

from nonogram_editor.infra.paths import LEVELS
from nonogram_editor.level import Level, LevelError, LevelErrorKind, load_level, save_level
from nonogram_editor.level.clues import clues, line_clues


def sample_level(width=6, height=4, seed=3) -> Level:
    rng = np.random.default_rng(seed)
    return Level(rng.random((height, width)) < 0.5, rng.integers(0, 256, (height, width, 3), dtype=np.uint8),
                 cleared=True)


def test_save_then_load_gives_the_same_level_and_plain_files(tmp_path):
    level = sample_level()
    save_level(level, tmp_path / "cat.level")
    assert (tmp_path / "cat.level").read_text() == "1\n"
    assert (tmp_path / "cat.pbm").read_bytes().startswith(b"P1\n6 4\n")
    assert (tmp_path / "cat.ppm").read_bytes().startswith(b"P3\n6 4\n255\n")
    loaded = load_level(tmp_path / "cat.level")
    assert loaded == level
    assert loaded.width == 6
    assert loaded.height == 4
    assert loaded.cleared
    assert loaded.path == tmp_path / "cat.level"
    assert load_level(tmp_path / "cat.pbm") == level  # any of the three names the level
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cat.level", "cat.pbm", "cat.ppm"]


def write_trio(folder, name="x", flag=b"0\n", pbm=b"P1 2 1\n1 0\n", ppm=b"P3 2 1 255\n1 2 3 4 5 6\n"):
    for ext, data in ((".level", flag), (".pbm", pbm), (".ppm", ppm)):
        if data is not None:
            (folder / f"{name}{ext}").write_bytes(data)
    return folder / f"{name}.level"


@pytest.mark.parametrize("kwargs, kind, file, words", [
    (dict(pbm=None), LevelErrorKind.IO, "x.pbm", "missing"),
    (dict(ppm=None), LevelErrorKind.IO, "x.ppm", "missing"),
    (dict(flag=None), LevelErrorKind.IO, "x.level", "missing"),
    (dict(flag=b"2\n"), LevelErrorKind.LEVEL_FLAG, "x.level", "holds '2'"),
    (dict(flag=b""), LevelErrorKind.LEVEL_FLAG, "x.level", "holds nothing"),
    (dict(pbm=b"P1 2 1\n1"), LevelErrorKind.PARSE_PBM, "x.pbm", "truncated"),
    (dict(ppm=b"P3 2 1 255\n1 2 3 4 5"), LevelErrorKind.PARSE_PPM, "x.ppm", "ends after 5 of the 6"),
    (dict(ppm=b"P3 1 1 255\n1 2 3"), LevelErrorKind.SIZE_MISMATCH, "x.ppm",
     "picture is 1x1, the solution x.pbm is 2x1"),
])
def test_bad_trios_raise_level_error_naming_the_file(tmp_path, kwargs, kind, file, words):
    path = write_trio(tmp_path, **kwargs)
    with pytest.raises(LevelError) as caught:
        load_level(path)
    assert caught.value.kind is kind
    assert caught.value.path == tmp_path / file
    assert str(caught.value).startswith(str(tmp_path / file))
    assert words in str(caught.value)


def test_missing_folder_is_an_invalid_directory(tmp_path):
    with pytest.raises(LevelError) as caught:
        load_level(tmp_path / "nowhere" / "x.level")
    assert caught.value.kind is LevelErrorKind.INVALID_DIRECTORY
    assert "does not exist" in str(caught.value)
    with pytest.raises(LevelError) as caught:
        save_level(sample_level(), tmp_path / "nowhere" / "x.level")
    assert caught.value.kind is LevelErrorKind.INVALID_DIRECTORY


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="permissions do not bind root")
def test_unreadable_folder_is_an_invalid_directory(tmp_path):
    path = write_trio(tmp_path)
    tmp_path.chmod(0o300)
    try:
        with pytest.raises(LevelError) as caught:
            load_level(path)
        assert caught.value.kind is LevelErrorKind.INVALID_DIRECTORY
        assert "permission" in str(caught.value)
    finally:
        tmp_path.chmod(0o700)


def test_failed_save_leaves_previous_files_intact(tmp_path, monkeypatch):
    original = sample_level(seed=1)
    save_level(original, tmp_path / "a.level")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    real_fsync, calls = os.fsync, []

    def failing_fsync(descriptor):
        calls.append(descriptor)
        if len(calls) == 3:  # the third temporary file (the picture) cannot be flushed
            raise OSError(28, "No space left on device")
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(LevelError) as caught:
        save_level(sample_level(seed=2), tmp_path / "a.level")
    assert caught.value.kind is LevelErrorKind.IO
    assert "No space left" in str(caught.value)
    assert caught.value.path == tmp_path / "a.ppm"
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before  # and no temporaries left
    assert load_level(tmp_path / "a.level") == original


def test_clues_are_the_runs_of_filled_cells():
    assert line_clues(np.array([0, 1, 1, 0, 1, 0, 0, 1, 1, 1], dtype=bool)) == [2, 1, 3]
    assert line_clues(np.zeros(4, dtype=bool)) == []
    rows, columns = clues(np.array([[1, 1, 0], [0, 1, 1]], dtype=bool))
    assert rows == [[2], [2]]
    assert columns == [[1], [2], [1]]


def test_saved_files_get_the_usual_permissions_and_keep_existing_ones(tmp_path):
    save_level(sample_level(), tmp_path / "p.level")
    expected = 0o666 & ~_current_umask()
    assert all((tmp_path / f"p{ext}").stat().st_mode & 0o777 == expected for ext in (".level", ".pbm", ".ppm"))
    (tmp_path / "p.pbm").chmod(0o640)
    save_level(sample_level(), tmp_path / "p.level")
    assert (tmp_path / "p.pbm").stat().st_mode & 0o777 == 0o640


def _current_umask() -> int:
    umask = os.umask(0o022)
    os.umask(umask)
    return umask


def test_shipped_levels_load():
    paths = sorted(LEVELS.glob("*.level"))
    assert len(paths) >= 5
    sizes = {load_level(path).solution.shape for path in paths}
    assert len(sizes) >= 3
    assert max(max(size) for size in sizes) >= 30
