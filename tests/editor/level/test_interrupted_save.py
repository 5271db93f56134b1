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

from editor.level import load_level, save_level
from tests.editor.level.saving_loop import version

ROOT = Path(__file__).resolve().parents[3]


def kill_while_saving(folder: Path, kills: int, seed: int) -> dict[str, int]:
    """Kill a saving loop ``kills`` times; check the level after each kill. Returns where the kills landed."""
    rng = random.Random(seed)
    path = folder / "x.level"
    save_level(version(0), path)
    number = 1
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    landed = {"between saves": 0, "before the commit": 0, "during the commit": 0}
    for _ in range(kills):
        process = subprocess.Popen([sys.executable, "-m", "tests.editor.level.saving_loop", str(path), str(number)],
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
        assert len(hidden) <= 5, hidden  # at most one save's temporaries (three, the journal's and the journal)

        level = load_level(path)
        assert level in (version(last), version(last + 1)), f"after the kill following save {last}"
        assert not any(name.endswith(".journal") for name in os.listdir(folder))  # the load completed the commit
        number = last + 2
    save_level(version(number), path)  # the next save clears what the kills left
    assert sorted(os.listdir(folder)) == ["x.level", "x.pbm", "x.ppm"]
    assert load_level(path) == version(number)
    print(f"\n{kills} kills: " + ", ".join(f"{count} {where}" for where, count in landed.items()))
    return landed


def test_a_killed_save_leaves_the_old_or_the_new_level(tmp_path):
    kill_while_saving(tmp_path, kills=24, seed=1)


@pytest.mark.slow
def test_hundreds_of_killed_saves(tmp_path):
    landed = kill_while_saving(tmp_path, kills=300, seed=2)
    assert landed["during the commit"] > 0 and landed["before the commit"] > 0  # the kills reached both windows
