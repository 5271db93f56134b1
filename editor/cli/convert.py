"""``nonogram-editor convert IN OUT [--from FORMAT] [--to FORMAT] [--index N] [--json] [image options]``.

Converts between every format the editor reads and writes: a level (``NAME.level`` with its
``.pbm``, ``.ppm`` and ``.about``), ``.non``, ``.nonpack``, webpbn ``.xml``, Olsak ``.g`` and
Wilk ``.nin`` (``nonogram_editor.level.puzzle_formats``), and an image (png, jpg, ...) to a
level or puzzle through File > Import Image's conversion (``--size``, ``--threshold``,
``--invert``, ``--dither``, ``--colours``). IN or OUT ``-`` is standard input or output (a
level is three files, so not there); IN's format is ``--from``, else what its content shows,
else its suffix; OUT's is ``--to``, else its suffix.

Everything goes the window's way: a puzzle becomes a level as File > Import Puzzle makes it
(``nonogram_editor.core.read_puzzle``: a puzzle without a goal picture that fits its clues
is solved from them; with more than one solution the first is taken, with a warning), and
a level becomes a puzzle file as File > Export does (``nonogram_editor.core.level_files.write_puzzle``).
A puzzle converted to another puzzle format keeps its own clues, title and metadata (where
the target has room for them: ``.nin`` has none). Exit status: 0 written; 1 the clues have
no solution to write; 2 a usage error, a file that cannot be read or written, or something the
target cannot hold (colour in ``.nin``, several puzzles in a one-puzzle format: ``--index``
chooses one); nothing is written then. With ``--json`` stdout is one JSON object: ``input``,
``output``, ``format``, ``puzzles``, ``warnings``, or ``path`` and ``error``.
"""
from __future__ import annotations

import io
import json
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from nonogram_editor.cli.io import LEVEL, STDIO, format_named, puzzles_of, read_standard_input, report_failure
from nonogram_editor.level import LevelError
from nonogram_editor.level.colour import ColourPuzzle
from nonogram_editor.level.model import EXTENSIONS, Level
from nonogram_editor.level.puzzle_formats import (
    PUZZLE_FORMATS,
    Puzzle,
    PuzzleFormat,
    parse_puzzles,
    puzzle_format,
    write_colour_puzzle_file,
    write_puzzle_file,
)


@dataclass
class ImageOptions:
    """File > Import Image's settings (``nonogram_editor.ui.image_import_dialog``)."""

    size: int = 30           # cells across the longer side
    threshold: int = 128     # lightness below which a cell is filled
    invert: bool = False     # light parts filled
    dither: bool = False     # grey as a scatter of cells
    colours: int = 8         # colours of the picture


class ConvertError(Exception):
    """Why a conversion cannot be done: ``str()`` names the file; ``status`` is the exit status."""

    def __init__(self, message: str, path: str, status: int = 2):
        super().__init__(message)
        self.path = path
        self.status = status


@dataclass
class _Source:
    """What IN holds: puzzles, or one level (a level trio or an image) with its level info."""

    path: Path
    puzzles: list[Puzzle] = field(default_factory=list)
    level: Level | None = None
    about: dict[str, str] = field(default_factory=dict)


def run_convert(source_text: str, target_text: str, from_format: str | None = None, to_format: str | None = None,
                index: int | None = None, as_json: bool = False, image: ImageOptions | None = None) -> int:
    warnings: list[str] = []
    try:
        if as_json and target_text == STDIO:
            raise ConvertError("--json writes its answer to standard output, where OUT - writes the file", STDIO)
        target = _target_format(target_text, to_format)
        source = _read(source_text, from_format, image or ImageOptions())
        written = _write(source, target, target_text, index, warnings)
    except ConvertError as error:
        return _fail(as_json, str(error), error.path, error.status, warnings)
    except (LevelError, ValueError) as error:  # a LevelError names its file; a ValueError names OUT
        path = str(getattr(error, "path", target_text))
        message = str(error) if path in str(error) else f"{path}: {error}"
        return _fail(as_json, message, path, 2, warnings)
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if as_json:
        print(json.dumps({"input": source_text, "output": target_text, "format": target.suffix if target else LEVEL,
                          "puzzles": written, "warnings": warnings}))
    return 0


def _fail(as_json: bool, message: str, path: str, status: int, warnings: list[str]) -> int:
    """The warnings so far, then the error (with --json: ``{"path", "warnings", "error"}`` on stdout)."""
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    return report_failure(message, status, as_json=as_json, path=path, warnings=warnings)


def _target_format(target_text: str, to_format: str | None) -> PuzzleFormat | None:
    """OUT's puzzle format (None: a level); ConvertError when neither ``--to`` nor its suffix names one."""
    if to_format:
        format = format_named(to_format)
    elif target_text == STDIO:
        raise ConvertError("OUT - (standard output) needs --to FORMAT", STDIO)
    elif Path(target_text).suffix.lower() in EXTENSIONS:
        format = None
    else:
        format = puzzle_format(target_text)
        if format is None:
            raise ConvertError(f"{target_text}: its suffix names no format; give --to FORMAT "
                               f"({', '.join(PUZZLE_FORMATS)} or a .level)", target_text)
    if format is None and target_text == STDIO:
        raise ConvertError("a level is three files (.level, .pbm, .ppm): it cannot go to standard output", STDIO)
    return format


def _read(source_text: str, from_format: str | None, image: ImageOptions) -> _Source:
    """IN's puzzles or level: an image when it is not a level or puzzle file but pillow reads it."""
    path = Path(source_text)
    if source_text == STDIO:
        data = read_standard_input()
        if from_format or not _is_image(data):
            format = format_named(from_format) if from_format else None
            if from_format and format is None:
                raise ConvertError("a level is three files (.level, .pbm, .ppm): it cannot come from standard "
                                   "input", STDIO)
            return _Source(path, parse_puzzles(data, STDIO, format))
        return _image_source(path, io.BytesIO(data), image)
    if not from_format and path.suffix.lower() not in EXTENSIONS and puzzle_format(path) is None \
            and os.path.isfile(path) and _is_image(path):
        return _image_source(path, path, image)
    puzzles = puzzles_of(source_text, from_format)
    if puzzles is not None:
        return _Source(path, puzzles)
    from nonogram_editor.level import load_level
    from nonogram_editor.level.metadata import read_about

    return _Source(path, level=load_level(path), about=read_about(path))


def _is_image(data_or_path) -> bool:
    """Whether pillow recognises an image (reading its header only)."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data_or_path) if isinstance(data_or_path, bytes) else data_or_path):
            return True
    except Exception:  # noqa: BLE001 - pillow's plugins raise many types on a damaged header
        return False


def _image_source(path: Path, file, options: ImageOptions) -> _Source:
    """The level File > Import Image makes of an image with ``options``."""
    from nonogram_editor.level.image_import import ImageSource

    source = ImageSource.open(file) if isinstance(file, Path) else ImageSource.read(file, path)
    width, height = source.grid_size(options.size)
    solution = source.solution(width, height, options.threshold, options.invert, options.dither)
    return _Source(path, level=Level(solution, source.picture(width, height, options.colours)),
                   about={"title": path.stem} if path.stem != STDIO else {})


def _write(source: _Source, target: PuzzleFormat | None, target_text: str, index: int | None,
           warnings: list[str]) -> int:
    """Write OUT from ``source``; the number of puzzles written."""
    with _output(target_text, target) as out:
        if source.level is not None:
            _write_level_source(source, target, out)
            return 1
        chosen = _chosen(source, target, index)
        if target is None:
            _write_as_level(source, chosen[0], out, warnings)
        elif len(chosen) > 1:
            target.write_all(out, [_drawable(source, number, warnings) for number in chosen])
        else:
            puzzle = _drawable(source, chosen[0], warnings)
            if isinstance(puzzle, ColourPuzzle):
                write_colour_puzzle_file(out, puzzle)
            else:
                write_puzzle_file(out, puzzle.goal, puzzle.title, puzzle.metadata)
        return len(chosen)


class _output:
    """OUT as a path to write to: a temporary file copied to standard output for ``-``."""

    def __init__(self, target_text: str, target: PuzzleFormat | None):
        self.target_text, self.target = target_text, target
        self.folder: str | None = None

    def __enter__(self) -> Path:
        if self.target_text != STDIO:
            return Path(self.target_text)
        self.folder = tempfile.mkdtemp(prefix="nonogram-convert-")
        return Path(self.folder, "out" + self.target.suffix)

    def __exit__(self, kind, error, _traceback):
        if self.folder is None:
            return
        written = Path(self.folder, "out" + self.target.suffix)
        try:
            if kind is None:
                with open(written, "rb") as file:
                    shutil.copyfileobj(file, sys.stdout.buffer)
                sys.stdout.flush()
            elif issubclass(kind, (LevelError, ValueError)):  # name standard output, not the temporary file
                raise ConvertError(str(error).replace(str(written), STDIO), STDIO) from None
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def _write_level_source(source: _Source, target: PuzzleFormat | None, out: Path) -> None:
    from nonogram_editor.core.level_files import write_level, write_puzzle

    if target is None:
        write_level(source.level, source.about, out)
    else:
        write_puzzle(out, source.level.solution, source.about, source.level.path or source.path,
                     source.level.picture)


def _chosen(source: _Source, target: PuzzleFormat | None, index: int | None) -> list[int]:
    """The numbers (from 0) of the puzzles to write: ``--index`` (from 1), else all of them,
    which a one-puzzle target refuses when there are several."""
    count = len(source.puzzles)
    if index is not None:
        if not 1 <= index <= count:
            raise ConvertError(f"{source.path}: --index {index}: it holds {count} puzzle{'s' if count > 1 else ''}",
                               str(source.path))
        return [index - 1]
    if count > 1 and (target is None or target.write_all is None):
        what = "a level holds" if target is None else f"{target.name} hold"
        several = " or ".join(format.suffix for format in PUZZLE_FORMATS.values() if format.write_all)
        raise ConvertError(f"{source.path}: it holds {count} puzzles and {what} one; choose one with --index N "
                           f"(1 to {count}) or convert to {several}", str(source.path))
    return list(range(count))


def _imported(source: _Source, number: int, warnings: list[str]):
    """Puzzle ``number`` made a level as File > Import Puzzle makes it (ConvertError, status 1,
    when its clues give none); a warning when its clues have more than one solution."""
    from nonogram_editor.core import UnsolvableClues, read_puzzle
    from nonogram_editor.nonogram.verdict import Kind

    imported = read_puzzle(source.path, None, number, source.puzzles)
    named = _named(source, number)
    if imported.level is None:
        raise ConvertError(str(UnsolvableClues(named, imported.report)), str(source.path), 1)
    if imported.report is not None and imported.report.verdict.kind == Kind.MULT:
        warnings.append(f"{named}: no unique solution: the clues have more than one; the first found is written")
    return imported


def _named(source: _Source, number: int) -> str:
    count = len(source.puzzles)
    return f"{source.path}" + (f" (puzzle {number + 1} of {count})" if count > 1 else "")


def _write_as_level(source: _Source, number: int, out: Path, warnings: list[str]) -> None:
    from nonogram_editor.core.level_files import write_level

    imported = _imported(source, number, warnings)
    write_level(imported.level, imported.about, out)


def _drawable(source: _Source, number: int, warnings: list[str]) -> Puzzle:
    """Puzzle ``number`` ready for a writer: a two-colour puzzle's writers draw its goal, so one
    without a goal that fits its clues gets the solution File > Import Puzzle finds."""
    puzzle = source.puzzles[number]
    if isinstance(puzzle, ColourPuzzle) or puzzle.goal_fits():
        return puzzle
    return replace(puzzle, goal=_imported(source, number, warnings).level.solution)
