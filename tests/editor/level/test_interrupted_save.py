"""A level is saved as one: killed at any instant (SIGKILL), the trio is all old or all new.

A subprocess (``saving_loop``) saves numbered versions of one level over and over and is killed
at a random moment; then the level must load, and be the last version it reported saved or the
one it was saving, and temporary files must not pile up. Run with ``-s`` to see where the kills
landed.
"""
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from nonogram_editor.core.level_files import write_level
from nonogram_editor.infra.safe_write import AtomicFiles
from nonogram_editor.level import LevelError, load_level, save_level
from nonogram_editor.level.metadata import read_about
from tests.editor.level.saving_loop import version, version_about

ROOT = Path(__file__).resolve().parents[3]


def kill_while_saving(folder: Path, kills: int, seed: int, with_about: bool = False) -> dict[str, int]:
    """Kill a saving loop ``kills`` times; check the level after each kill. Returns where the kills landed.
    ``with_about``: 128x128 versions saved with their level info, which must come from the same save."""
    rng = random.Random(seed)
    path = folder / "x.level"
    names = ["x.about", "x.level", "x.pbm", "x.ppm"] if with_about else ["x.level", "x.pbm", "x.ppm"]

    def save(number):
        if with_about:
            write_level(version(number, large=True), version_about(number), path)
        else:
            save_level(version(number), path)

    def saved(number):
        return (version(number, large=True), version_about(number)) if with_about else version(number)

    save(0)
    number = 1
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    landed = {"between saves": 0, "before the commit": 0, "during the commit": 0}
    for _ in range(kills):
        process = subprocess.Popen([sys.executable, "-m", "tests.editor.level.saving_loop", str(path), str(number)]
                                   + ["about"] * with_about,
                                   cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        reported = [process.stdout.readline()]  # the first save is done: the imports are over
        try:
            process.wait(timeout=rng.uniform(0, 0.12))
        except subprocess.TimeoutExpired:
            pass
        process.kill()
        reported += process.stdout.read().splitlines()
        process.stdout.close()
        assert process.wait() != 0, "the saving loop ended by itself"
        last = int(reported[-1])

        hidden = sorted(entry.name for entry in folder.iterdir() if entry.name.startswith("."))
        if any(name.endswith(".journal") for name in hidden):
            landed["during the commit"] += 1
        elif hidden:
            landed["before the commit"] += 1
        else:
            landed["between saves"] += 1
        assert len(hidden) <= 6, hidden  # at most one save's temporaries (four, the journal's and the journal)

        level = load_level(path)
        found = (level, read_about(path)) if with_about else level
        assert found in (saved(last), saved(last + 1)), f"after the kill following save {last}"
        assert not any(name.endswith(".journal") for name in os.listdir(folder))  # the load completed the commit
        number = last + 2
    save(number)  # the next save clears what the kills left
    assert sorted(os.listdir(folder)) == names
    assert ((load_level(path), read_about(path)) if with_about else load_level(path)) == saved(number)
    print(f"\n{kills} kills: " + ", ".join(f"{count} {where}" for where, count in landed.items()))
    return landed


def test_a_killed_save_leaves_the_old_or_the_new_level(tmp_path):
    kill_while_saving(tmp_path, kills=24, seed=1)


@pytest.mark.slow
def test_hundreds_of_killed_saves(tmp_path):
    landed = kill_while_saving(tmp_path, kills=300, seed=2)
    assert landed["during the commit"] > 0
    assert landed["before the commit"] > 0


def test_a_killed_save_leaves_the_level_info_of_the_same_save(tmp_path):
    kill_while_saving(tmp_path, kills=6, seed=3, with_about=True)


@pytest.mark.slow
def test_150_killed_saves_with_level_info(tmp_path):
    landed = kill_while_saving(tmp_path, kills=150, seed=4, with_about=True)
    assert landed["during the commit"] > 0
    assert landed["before the commit"] > 0


def test_a_failed_level_info_write_leaves_the_whole_level_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "x.level"
    write_level(version(1), version_about(1), path)
    before = {entry.name: entry.read_bytes() for entry in tmp_path.iterdir()}
    real_open = AtomicFiles.open

    def open_failing_for_about(files, target):
        if Path(target).suffix == ".about":
            raise OSError(28, "No space left on device")
        return real_open(files, target)

    monkeypatch.setattr(AtomicFiles, "open", open_failing_for_about)
    with pytest.raises(LevelError) as raised:
        write_level(version(2), version_about(2), path)
    assert raised.value.path == tmp_path / "x.about"
    assert "No space left on device" in str(raised.value)
    assert {entry.name: entry.read_bytes() for entry in tmp_path.iterdir()} == before  # the trio too
