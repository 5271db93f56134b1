"""Every writer goes through ``nonogram_editor.infra.safe_write``: a failed write never destroys the previous file."""
import errno
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from nonogram_editor.infra import safe_write
from nonogram_editor.infra.safe_write import AtomicFiles, recover
from nonogram_editor.level import Level, LevelError, load_level, save_level
from nonogram_editor.level.non_format import NonFormatError, read_non, write_non

ROOT = Path(__file__).resolve().parents[3]
OLD = np.eye(5, dtype=bool)
NEW = np.random.default_rng(5).random((128, 128)) < 0.5  # its .non is about 25 KB

FULL_DISK = """
import resource, signal, sys
import numpy as np
from nonogram_editor.level import Level, LevelError, save_level
from nonogram_editor.level.non_format import write_non
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))  # no file may grow past 4,096 bytes: a full disk
new = np.random.default_rng(5).random((128, 128)) < 0.5
try:
    if sys.argv[1].endswith(".non"):
        write_non(sys.argv[1], new, title="new")
    else:
        save_level(Level(new, np.zeros((128, 128, 3), dtype=np.uint8)), sys.argv[1])
except LevelError as error:  # NonFormatError is one
    print(error)
    sys.exit(3)
"""


def hidden_files(folder: Path) -> list[str]:
    return sorted(name for name in os.listdir(folder) if name.startswith("."))


@pytest.mark.parametrize("name", ["old.non", "old.level"])
def test_a_write_that_runs_out_of_space_keeps_the_previous_file(tmp_path, name):
    path = tmp_path / name
    if name.endswith(".non"):
        write_non(path, OLD, title="old")
    else:
        save_level(Level(OLD, np.full((5, 5, 3), 9, dtype=np.uint8), cleared=True), path)
    before = {entry: entry.read_bytes() for entry in tmp_path.iterdir()}
    result = subprocess.run([sys.executable, "-c", FULL_DISK, str(path)], cwd=ROOT, capture_output=True, text=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=120)
    assert result.returncode == 3, result.stderr
    assert str(path.with_suffix("")) in result.stdout
    assert "File too large" in result.stdout
    assert {entry: entry.read_bytes() for entry in tmp_path.iterdir()} == before  # untouched, nothing left over
    if name.endswith(".non"):
        assert np.array_equal(read_non(path).goal, OLD)
    else:
        assert np.array_equal(load_level(path).solution, OLD)


def failing_fsync(descriptor):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_export_non_that_fails_to_flush_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "mine.non"
    write_non(path, OLD)
    old = path.read_bytes()
    monkeypatch.setattr(safe_write.os, "fsync", failing_fsync)
    with pytest.raises(NonFormatError, match="No space left on device") as caught:
        write_non(path, NEW)
    assert str(caught.value).startswith(str(path))
    assert path.read_bytes() == old
    assert hidden_files(tmp_path) == []


def test_a_rename_failing_halfway_through_a_commit_is_completed_by_the_next_load(tmp_path, monkeypatch):
    path = tmp_path / "x.level"
    old, new = Level.blank(4, 3), Level(NEW[:7, :9], np.zeros((7, 9, 3), dtype=np.uint8), cleared=True)
    save_level(old, path)
    real_replace, renames = os.replace, []

    def replace_once_then_fail(source, target):
        renames.append(Path(target).name)
        if len(renames) == 3:  # the journal and the first file made current, then the disk fails
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real_replace(source, target)

    monkeypatch.setattr(safe_write.os, "replace", replace_once_then_fail)
    with pytest.raises(LevelError, match="could not save"):
        save_level(new, path)
    monkeypatch.setattr(safe_write.os, "replace", real_replace)
    assert renames[0] == ".x.level.journal"
    assert (tmp_path / ".x.level.journal").exists()
    assert load_level(path) == new  # rolled forward: all new, not a mix
    assert hidden_files(tmp_path) == []


def test_recovery_deletes_dead_writers_temporaries_but_not_live_ones(tmp_path):
    target = tmp_path / "a.txt"
    target.write_bytes(b"old")
    stale = tmp_path / ".a.txt.abcd1234.tmp"
    stale.write_bytes(b"left by a killed writer")
    unrelated = tmp_path / ".b.txt.abcd1234.tmp"
    unrelated.write_bytes(b"another file's")
    with AtomicFiles([target]) as files:  # entering recovers: the stale temporary goes
        assert not stale.exists()
        assert unrelated.exists()
        with files.open(target) as file:
            file.write(b"new")
        live = [name for name in hidden_files(tmp_path) if name.startswith(".a.txt.")]
        recover([target])  # another recovery while this writer lives keeps its temporary
        assert [name for name in hidden_files(tmp_path) if name.startswith(".a.txt.")] == live
        files.commit()
    assert target.read_bytes() == b"new"
    assert hidden_files(tmp_path) == [unrelated.name]


def test_a_journal_names_only_its_own_groups_files(tmp_path):
    """A planted journal cannot make recovery rename other files over the level."""
    path = tmp_path / "x.level"
    save_level(Level.blank(2, 2), path)
    (tmp_path / "evil.txt").write_text("1\n")
    (tmp_path / ".x.level.journal").write_text('{"renames": [["evil.txt", "x.level"], ["../x.level", "x.pbm"]]}')
    assert load_level(path) == Level.blank(2, 2)
    assert (tmp_path / "evil.txt").exists()
    assert not (tmp_path / ".x.level.journal").exists()


def test_a_group_lives_in_one_folder(tmp_path):
    with pytest.raises(ValueError, match="share one folder"):
        AtomicFiles([tmp_path / "a", tmp_path / "sub" / "b"])


def test_a_removal_is_part_of_the_group_even_when_the_commit_dies_halfway(tmp_path, monkeypatch):
    kept, removed = tmp_path / "a.txt", tmp_path / "b.txt"
    kept.write_bytes(b"old")
    removed.write_bytes(b"old")
    real_unlink = Path.unlink

    def die_before_deleting(path, missing_ok=False):
        if path == removed:
            raise KeyboardInterrupt  # the process stops between the renames and the deletion
        real_unlink(path, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", die_before_deleting)
    with pytest.raises(KeyboardInterrupt), AtomicFiles([kept, removed]) as files:
        with files.open(kept) as file:
            file.write(b"new")
        files.remove(removed)
        files.commit()
    monkeypatch.setattr(Path, "unlink", real_unlink)
    assert kept.read_bytes() == b"new"
    assert removed.exists()
    recover([kept, removed])
    assert not removed.exists()
    assert hidden_files(tmp_path) == []
    (tmp_path / ".a.txt.journal").write_text('{"renames": [], "removes": ["../a.txt", "c.txt"]}')
    (tmp_path / "c.txt").write_bytes(b"not the group's")
    recover([kept, removed])  # a planted journal deletes nothing outside the group
    assert kept.exists()
    assert (tmp_path / "c.txt").exists()
