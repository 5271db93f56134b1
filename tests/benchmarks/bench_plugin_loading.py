"""Plugin loading and hostile voxel files (issue 10): prints one line per figure.

    .venv/bin/python tests/benchmarks/bench_plugin_loading.py

- ``puzzles`` and ``solve pyramid --first`` as fresh processes, with the shipped puzzles
  and with a huge and a broken voxel file added to a copy of the shipped folder (the
  voxel files are read only when a voxel puzzle is asked for);
- a stuck third-party plugin: how long ``puzzles`` takes (its time budget, set to 1 s here);
- loading hostile voxel files in process: each refused, with its time and peak memory.
"""
from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nonogram_editor_builtins.voxel.model import RESOURCE_DIR, PuzzleFileError, load_puzzle  # noqa: E402


def timed_command(args: list[str], env: dict) -> tuple[float, int, str]:
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "nonogram_editor", *args], capture_output=True, text=True, env=env)
    return time.perf_counter() - start, result.returncode, result.stderr.strip().splitlines()[-1:]


def main() -> None:
    base_env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for args in (["puzzles"], ["solve", "pyramid", "--first"]):
        seconds, code, _ = timed_command(args, base_env)
        print(f"{' '.join(args):28s} shipped puzzles only:            {seconds:6.2f} s (exit {code})")

    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        # a checkout copy with a huge and a broken file among the shipped voxel puzzles
        shutil.copytree(ROOT / "editor", folder / "editor", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(ROOT / "plugins", folder / "plugins")
        data = folder / "plugins" / "voxel" / "data"
        (data / "huge.json").write_text(json.dumps({"target": {"box": [200, 200, 200]}, "pieces": []}))
        (data / "broken.json").write_text("[" * 100_000)
        env = {**os.environ, "PYTHONPATH": str(folder)}
        for args in (["puzzles"], ["solve", "pyramid", "--first"]):
            seconds, code, _ = timed_command(args, env)
            print(f"{' '.join(args):28s} with a huge and a broken file:   {seconds:6.2f} s (exit {code})")

        site = folder / "site"
        site.mkdir()
        (site / "stuck_plugin.py").write_text("import time\ntime.sleep(3600)\n")
        info = site / "stuck-0.1.dist-info"
        info.mkdir()
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: stuck\nVersion: 0.1\n")
        (info / "entry_points.txt").write_text("[nonogram_editor.plugins]\nstuck = stuck_plugin\n")
        env = {**base_env, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)]), "NONOGRAM_EDITOR_PLUGIN_BUDGET": "1"}
        seconds, code, _ = timed_command(["puzzles"], env)
        print(f"{'puzzles':28s} with a plugin stuck on import:   {seconds:6.2f} s (exit {code}; budget 1 s)")

        hostile = {
            "box [200, 200, 200]": json.dumps({"target": {"box": [200, 200, 200]}, "pieces": []}),
            "100,000 nested lists": "[" * 100_000 + "]" * 100_000,
            "5,000-digit number": '{"target": {"box": [' + "9" * 5000 + ", 1, 1]}}",
            "2 MB of description": json.dumps({"description": "x" * 2_000_000}),
        }
        for name, text in hostile.items():
            path = folder / "hostile.json"
            path.write_text(text)
            before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            start = time.perf_counter()
            try:
                load_puzzle(path)
                outcome = "loaded?!"
            except PuzzleFileError as exc:
                outcome = str(exc).split(": ", 1)[1][:60]
            seconds = time.perf_counter() - start
            grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
            print(f"load {name:24s} {1000 * seconds:8.1f} ms, peak memory +{grown:5.1f} MB: {outcome}")
    start = time.perf_counter()
    for path in sorted(RESOURCE_DIR.glob("*.json")):
        load_puzzle(path)
    print(f"load the {len(list(RESOURCE_DIR.glob('*.json')))} shipped voxel puzzles: "
          f"{1000 * (time.perf_counter() - start):.1f} ms")


if __name__ == "__main__":
    main()
