"""How fast files that are not what they claim are refused (they used to be read whole first).

    .venv/bin/python tests/benchmarks/bench_untrusted_files.py [--kills 150] [--mutations 500]

Figures: wall time and peak memory growth of ``load_level`` / ``check`` refusing a valid
4096x4096 P6 and P3 picture, a 2 GB sparse .ppm with a 3x2 header, a .ppm linked to /dev/zero
and a named pipe as the .pbm (before: 39 s / 1.15 GB, 108 s / 3.9 GB, 34 s / 2.1 GB, unbounded,
for ever). The time of a normal save and load of a 128x128 level is printed beside them.

Then the fuzz figures of issue 24, each group of cases in a child process of its own: level
info files (pipe, device, huge, not UTF-8), image import (pipe, device, a 13000x13000 PNG of
164 KB, a broken chunk, mangled images of eight formats, and the largest image accepted, a
noisy 4096x4096 RGBA PNG, for the peak memory), BurrTools files (gzip and XML
mutations of the examples, a 2 GB file, a 1 MB gzip bomb, a million voxels in 1.2 KB) and
count checkpoints (an edited total, random bit flips of a finished one). Per group: cases,
refused, tracebacks (any other exception), hangs (over 30 s), errors not naming the file,
wrong answers, the slowest case and the child's peak memory (and the largest of the processes it started). Last,
``--kills`` kills of a process saving a 128x128 level with level info over and over: trios mixed from two saves and
level info from another save than the trio.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nonogram_editor.level import Level, LevelError, load_level, save_level  # noqa: E402


def timed_load(path: Path) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        load_level(path)
        outcome = "loaded"
    except LevelError as error:
        outcome = str(error).split(": ", 1)[1]
    return time.perf_counter() - start, outcome


def write_image(path: Path, header: bytes, chunk: bytes, chunks: int) -> None:
    """Header then ``chunks`` copies of ``chunk``, without holding the file in memory."""
    with open(path, "wb") as file:
        file.write(header)
        for _ in range(chunks):
            file.write(chunk)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--kills", type=int, default=150)
    parser.add_argument("--mutations", type=int, default=500, help="per example file and kind (gzip, XML)")
    parser.add_argument("--group", help=argparse.SUPPRESS)  # run one fuzz group (in a child process)
    args = parser.parse_args()
    if args.group:
        return run_group(args.group, args.mutations)
    trio_figures()
    print("\nfuzz (each group in a child process; a hang is a case over 30 s)")
    for group in GROUPS:
        result = subprocess.run([sys.executable, __file__, "--group", group, "--mutations", str(args.mutations)],
                                capture_output=True, text=True)
        try:
            figures = json.loads(result.stdout.splitlines()[-1])
        except (IndexError, ValueError):
            print(f"{group:12s} the child failed (exit {result.returncode}): {result.stderr[-500:]}")
            continue
        print(f"{group:12s} {figures['cases']:5d} cases, {figures['refused']:5d} refused, "
              f"{figures['tracebacks']} tracebacks, {figures['hangs']} hangs, {figures['unnamed']} errors not naming "
              f"the file, {figures['wrong']} wrong answers; slowest {figures['slowest']:6.2f} s, "
              f"peak memory {figures['peak_mb']:6.1f} MB "
              f"(of any process it started: {figures['children_peak_mb']:6.1f} MB)")
        for example in figures["examples"]:
            print(f"             {example}")
    kill_saves(args.kills)


def trio_figures() -> None:
    import numpy as np

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        rng = np.random.default_rng(0)
        level = Level(rng.random((128, 128)) < 0.5, rng.integers(0, 256, (128, 128, 3), dtype=np.uint8))
        start = time.perf_counter()
        save_level(level, folder / "x.level")
        print(f"save a 128x128 level                 {1000 * (time.perf_counter() - start):8.1f} ms")
        seconds, outcome = timed_load(folder / "x.level")
        print(f"load it                              {1000 * seconds:8.1f} ms  ({outcome})")
        ppm = folder / "x.ppm"
        cases = [
            ("valid 4096x4096 P6 picture", lambda: write_image(ppm, b"P6 4096 4096 255\n", bytes(4096 * 3), 4096)),
            ("valid 4096x4096 P3 picture", lambda: write_image(ppm, b"P3 4096 4096 255\n", b"0 " * (4096 * 3), 4096)),
            ("2 GB sparse .ppm, header 128x128", lambda: (save_level(level, folder / "x.level"),
                                                          os.truncate(ppm, 2 << 30))),
            (".ppm linked to /dev/zero", lambda: (ppm.unlink(), ppm.symlink_to("/dev/zero"))),
            (".pbm a named pipe", lambda: (ppm.unlink(), save_level(level, folder / "x.level"),
                                           (folder / "x.pbm").unlink(), os.mkfifo(folder / "x.pbm"))),
        ]
        for label, make in cases:
            make()
            before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            seconds, outcome = timed_load(folder / "x.level")
            grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
            print(f"refuse {label:30s}{1000 * seconds:8.1f} ms, peak memory +{grown:5.1f} MB  ({outcome})")


GROUPS = ("level info", "image", "burrtools", "checkpoint")


class Hang(Exception):
    pass


def run_group(group: str, mutations: int) -> None:
    """Run one group's cases; print its figures as one JSON line."""
    def alarm(_signum, _frame):
        raise Hang

    signal.signal(signal.SIGALRM, alarm)
    figures = {"cases": 0, "refused": 0, "tracebacks": 0, "hangs": 0, "unnamed": 0, "wrong": 0, "slowest": 0.0,
               "examples": []}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        expected, cases = {"level info": level_info_cases, "image": image_cases, "burrtools": burrtools_cases,
                           "checkpoint": checkpoint_cases}[group](folder, mutations)
        for path, attempt in cases:
            figures["cases"] += 1
            start = time.perf_counter()
            signal.alarm(30)
            try:
                if attempt() is False:
                    figures["wrong"] += 1
                    figures["examples"].append(f"wrong answer: {path}")
            except Hang:
                figures["hangs"] += 1
                figures["examples"].append(f"hang: {path}")
            except expected as error:
                figures["refused"] += 1
                if not str(error).startswith(f"{path}: "):
                    figures["unnamed"] += 1
                    figures["examples"].append(f"not naming the file: {error}")
            except Exception as error:  # noqa: BLE001 - counted: it would have been a traceback
                figures["tracebacks"] += 1
                figures["examples"].append(f"traceback: {path}: {type(error).__name__}: {error}"[:300])
            finally:
                signal.alarm(0)
            figures["slowest"] = max(figures["slowest"], time.perf_counter() - start)
    figures["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    # the largest of the processes it started (SAT solvers, their racers, workers), each once ended and waited for
    figures["children_peak_mb"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    figures["examples"] = figures["examples"][:5]
    print(json.dumps(figures))


def special_files(folder: Path, name: str) -> list[Path]:
    """A named pipe, a link to /dev/zero and a 1 GB sparse file, all called ``name``-something."""
    pipe, zero, huge = folder / f"pipe-{name}", folder / f"zero-{name}", folder / f"huge-{name}"
    os.mkfifo(pipe)
    zero.symlink_to("/dev/zero")
    with open(huge, "wb") as file:
        file.truncate(1 << 30)
    return [pipe, zero, huge]


def mangled(data: bytes, rng: random.Random) -> bytes:
    """``data`` with a few bytes changed, deleted or repeated elsewhere."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        where, choice = rng.randrange(len(data)), rng.random()
        if choice < 0.6:
            data[where] = rng.randrange(256)
        elif choice < 0.8:
            del data[where:where + rng.randint(1, 40)]
        else:
            data[where:where] = bytes(data[rng.randrange(len(data)):][:rng.randint(1, 40)])
    return bytes(data)


def level_info_cases(folder: Path, _mutations: int):
    from nonogram_editor.level.metadata import read_about

    cases = []
    for path in special_files(folder, "x.about") + [folder / "latin.about"]:
        path.with_suffix(".level").write_bytes(b"0\n")
        cases.append((path, lambda path=path: read_about(path.with_suffix(".level"))))
    (folder / "latin.about").write_bytes(b'title "\xe9t\xe9"\n')
    return LevelError, cases


def image_cases(folder: Path, mutations: int):
    import numpy as np
    from PIL import Image

    from nonogram_editor.level.image_import import ImageImportError, ImageSource
    from tests.editor.level.test_image_import import png_declaring

    paths = special_files(folder, "x.png")
    bomb = folder / "13000x13000.png"
    bomb.write_bytes(png_declaring(13000, 13000, rows=13000))
    broken = folder / "broken-chunk.png"
    Image.fromarray(np.random.default_rng(0).integers(0, 256, (24, 24, 3), dtype=np.uint8)).save(broken)
    data = bytearray(broken.read_bytes())
    data[33:37] = (10).to_bytes(4, "big")
    broken.write_bytes(bytes(data))
    largest = folder / "4096x4096-rgba.png"  # the largest image accepted: its memory counts in the peak
    Image.fromarray(np.random.default_rng(2).integers(0, 256, (4096, 4096, 4), dtype=np.uint8)).save(largest)
    paths += [bomb, broken, largest]
    rng = random.Random(24)
    image = Image.fromarray(np.random.default_rng(1).integers(0, 256, (48, 64, 3), dtype=np.uint8))
    for kind in ("png", "gif", "bmp", "jpg", "tiff", "webp", "ico", "ppm"):
        original = folder / f"original.{kind}"
        image.save(original)
        for case in range(mutations // 8):
            path = folder / f"mangled{case}.{kind}"
            path.write_bytes(mangled(original.read_bytes(), rng))
            paths.append(path)
    return ImageImportError, [(path, lambda path=path: ImageSource.open(path)) for path in paths]


def burrtools_cases(folder: Path, mutations: int):
    import gzip
    import zlib

    from nonogram_editor_builtins.voxel.burrtools import load_burrtools, problem_names
    from nonogram_editor_builtins.voxel.model import PuzzleFileError

    def load_all(path):
        for problem in problem_names(path) or [None]:
            load_burrtools(path, problem)

    paths = special_files(folder, "x.xmpuzzle")
    large = folder / "2GB.xmpuzzle"
    with open(large, "wb") as file:
        file.truncate(2 << 30)
    bomb = folder / "bomb.xmpuzzle"
    compressor = zlib.compressobj(9, wbits=31)
    bomb.write_bytes(b"".join(compressor.compress(bytes(1 << 20)) for _ in range(1024)) + compressor.flush())
    million = folder / "million.xmpuzzle"
    million.write_bytes(gzip.compress(
        b'<puzzle version="2"><gridType type="0"/><shapes><voxel x="100" y="100" z="100" type="0">'
        + b"#" * 1_000_000 + b'</voxel><voxel x="1" y="1" z="1" type="0">#</voxel></shapes><problems>'
        b'<problem name="p"><shapes><shape id="1" count="1000000"/></shapes><result id="0"/></problem>'
        b"</problems></puzzle>", 9))
    paths += [large, bomb, million]
    rng = random.Random(24)
    for example in sorted((ROOT / "tests" / "data" / "burrtools").glob("*.xmpuzzle")):
        packed = example.read_bytes()
        for kind, data in (("gzip", packed), ("xml", gzip.decompress(packed))):
            for case in range(mutations):
                path = folder / f"{kind}{case}-{example.name}"
                path.write_bytes(gzip.compress(mangled(data, rng)) if kind == "xml" else mangled(data, rng))
                paths.append(path)
    return PuzzleFileError, [(path, lambda path=path: load_all(path)) for path in paths]


def checkpoint_cases(folder: Path, mutations: int):
    import sqlite3

    from nonogram_editor_builtins.voxel import distributed
    from nonogram_editor_builtins.voxel.checkpoint import CheckpointError
    from nonogram_editor_builtins.voxel.model import RESOURCE_DIR, load_puzzle

    soma = load_puzzle(RESOURCE_DIR / "soma.json")
    finished = folder / "finished.db"
    distributed.count_in_parts(soma, checkpoint=finished)
    original = finished.read_bytes()
    edited = folder / "edited.db"
    edited.write_bytes(original)
    with sqlite3.connect(edited) as db:
        db.execute("UPDATE results SET total = total + 1000000000 WHERE rowid = (SELECT MIN(rowid) FROM results)")

    def count(path):
        outcome = distributed.count_in_parts(soma, checkpoint=path)
        return (outcome.count, outcome.distinct) == (11520, 240)  # False: a wrong count reported complete

    rng = random.Random(24)
    cases = [(edited, lambda: count(edited))]
    for case in range(min(300, mutations)):
        path = folder / f"flip{case}.db"
        data = bytearray(original)
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
        cases.append((path, lambda path=path: count(path)))
    return CheckpointError, cases


def kill_saves(kills: int) -> None:
    """Kill a process saving a 128x128 level with level info ``kills`` times; count mixed results."""
    from nonogram_editor.core.level_files import write_level
    from nonogram_editor.level.metadata import read_about
    from tests.editor.level.saving_loop import version, version_about

    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    rng = random.Random(24)
    mixed_trio = other_about = unreadable = 0
    with tempfile.TemporaryDirectory() as name:
        path = Path(name) / "x.level"
        write_level(version(0, large=True), version_about(0), path)
        number = 1
        for _ in range(kills):
            process = subprocess.Popen([sys.executable, "-m", "tests.editor.level.saving_loop", str(path),
                                        str(number), "about"], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
            reported = [process.stdout.readline()]
            try:
                process.wait(timeout=rng.uniform(0, 0.3))
            except subprocess.TimeoutExpired:
                pass
            process.kill()
            reported += process.stdout.read().splitlines()
            process.stdout.close()
            process.wait()
            last = int(reported[-1])
            try:
                level, about = load_level(path), read_about(path)
            except LevelError:
                unreadable += 1
            else:
                saves = [n for n in (last, last + 1) if level == version(n, large=True)]
                mixed_trio += not saves
                other_about += bool(saves) and about != version_about(saves[0])
            number = last + 2
    print(f"\n{kills} kills while saving a 128x128 level with level info: {mixed_trio} mixed trios, "
          f"{other_about} level info from another save, {unreadable} unreadable levels")


if __name__ == "__main__":
    main()
