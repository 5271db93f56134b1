"""Image import: grid size, threshold, invert, dithering, colours, bad files."""
import numpy as np
import pytest
from PIL import Image

from nonogram_editor.level.image_import import (
    ImageImportError,
    ImageSource,
    picture_from_solution,
    solution_from_picture,
)


def _save(tmp_path, array, name="image.png", mode=None):
    path = tmp_path / name
    Image.fromarray(np.asarray(array, dtype=np.uint8), mode).save(path)
    return path


def _gradient(width=400, height=200):
    return np.tile(np.linspace(0, 255, width).astype(np.uint8), (height, 1))


def test_grid_size_keeps_the_aspect_ratio(tmp_path):
    source = ImageSource.open(_save(tmp_path, _gradient(400, 200)))
    assert source.grid_size(30) == (30, 15)
    assert ImageSource.open(_save(tmp_path, _gradient(120, 360), "tall.png")).grid_size(30) == (10, 30)
    assert source.grid_size(1000) == (128, 64)  # never beyond the editor's largest grid


def test_threshold_and_invert_on_a_gradient(tmp_path):
    source = ImageSource.open(_save(tmp_path, _gradient()))
    fills = [source.solution(30, 15, threshold).mean() for threshold in (64, 128, 192)]
    assert fills == sorted(fills)
    assert 0.2 < fills[0] < 0.3
    assert 0.45 < fills[1] < 0.55
    dark = source.solution(30, 15, 128)
    assert dark[:, 0].all()
    assert not dark[:, -1].any()
    assert np.array_equal(source.solution(30, 15, 128, invert=True), ~source.solution(30, 15, 128.0001))


def test_dithering_turns_grey_into_a_scatter(tmp_path):
    source = ImageSource.open(_save(tmp_path, np.full((90, 90), 96)))
    assert source.solution(30, 30, 128).all()  # plain threshold: all dark
    dithered = source.solution(30, 30, 128, dither=True)
    assert 0.55 < dithered.mean() < 0.70  # about (255 - 96) / 255 of the cells
    assert not dithered.all(axis=1).any()  # no row is solid


def test_picture_quantised_to_the_image_s_own_colours(tmp_path):
    image = np.zeros((60, 90, 3), dtype=np.uint8)
    image[:, :30] = (200, 30, 30)
    image[:, 30:60] = (30, 160, 40)
    image[:, 60:] = (20, 40, 220)
    source = ImageSource.open(_save(tmp_path, image))
    picture = source.picture(9, 6, colours=3)
    assert picture.shape == (6, 9, 3)
    colours = {tuple(c) for c in picture.reshape(-1, 3)}
    assert len(colours) == 3
    for column, expected in ((0, (200, 30, 30)), (4, (30, 160, 40)), (8, (20, 40, 220))):
        assert np.abs(picture[:, column].astype(int) - expected).max() <= 8
    assert len({tuple(c) for c in source.picture(9, 6, colours=2).reshape(-1, 3)}) <= 2


def test_transparent_pixels_are_paper_and_other_formats_open(tmp_path):
    rgba = np.zeros((20, 20, 4), dtype=np.uint8)
    rgba[:, :10, 3] = 255  # left half opaque black, right half transparent
    source = ImageSource.open(_save(tmp_path, rgba, "alpha.png"))
    solution = source.solution(2, 2)
    assert solution[:, 0].all()
    assert not solution[:, 1].any()
    for name in ("image.jpg", "image.gif", "image.bmp"):
        source = ImageSource.open(_save(tmp_path, _gradient(), name))
        assert source.solution(*source.grid_size(20)).shape == (10, 20)


def test_unreadable_files_name_the_file_and_say_what_is_wrong_in_words(tmp_path):
    (tmp_path / "notes.png").write_text("not a picture")
    with pytest.raises(ImageImportError, match="notes.png: cannot import the image: not an image Pillow can read"):
        ImageSource.open(tmp_path / "notes.png")
    with pytest.raises(ImageImportError, match="missing.png: cannot read or write the file: no such file"):
        ImageSource.open(tmp_path / "missing.png")
    truncated = _save(tmp_path, _gradient(), "cut.png")
    truncated.write_bytes(truncated.read_bytes()[:200])
    with pytest.raises(ImageImportError, match="cut.png: cannot import the image: the file is cut short: it ends "
                                               "before the image does$"):
        ImageSource.open(truncated)
    (tmp_path / "header.ppm").write_bytes(b"P6 2x 2 255\n\0\0\0")  # pillow: "ValueError: invalid literal"
    with pytest.raises(ImageImportError, match="header.ppm: cannot import the image: the image is damaged: its "
                                               "header cannot be decoded$"):
        ImageSource.open(tmp_path / "header.ppm")


def test_one_grid_from_the_other():
    solution = np.array([[1, 0, 1], [0, 1, 0]], dtype=bool)
    picture = picture_from_solution(solution, ink=(10, 20, 30), paper=(250, 240, 230))
    assert tuple(picture[0, 0]) == (10, 20, 30)
    assert tuple(picture[0, 1]) == (250, 240, 230)
    assert np.array_equal(solution_from_picture(picture), solution)
    assert not solution_from_picture(picture, threshold=0).any()


def png_declaring(width: int, height: int, rows: int = 0) -> bytes:
    """A greyscale PNG whose header says ``width`` x ``height``, with ``rows`` rows of zeros compressed."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    compressor = zlib.compressobj(9)
    body = b"".join(compressor.compress(bytes(1 + width)) for _ in range(rows)) + compressor.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", body) + chunk(b"IEND", b""))


def _opened_or_error(path):
    """What opening ``path`` gives, within 30 s (a hang fails the test, not the run)."""
    import threading

    outcome = []

    def run():
        try:
            outcome.append(ImageSource.open(path))
        except Exception as error:  # noqa: BLE001 - the test looks at whatever came
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(30)
    assert outcome, f"opening {path} did not end"
    return outcome[0]


def test_pipes_and_devices_are_refused_at_once_by_name(tmp_path):
    import os

    os.mkfifo(tmp_path / "pipe.png")
    (tmp_path / "zero.png").symlink_to("/dev/zero")
    for name, what in (("pipe.png", "named pipe"), ("zero.png", "character device")):
        error = _opened_or_error(tmp_path / name)
        assert isinstance(error, ImageImportError)
        assert what in str(error)
        assert str(error).startswith(str(tmp_path / name))


def test_an_image_declaring_too_many_pixels_is_refused_before_decoding(tmp_path, monkeypatch):
    from PIL import ImageFile

    path = tmp_path / "huge.png"
    path.write_bytes(png_declaring(13000, 13000, rows=8))
    decoded = []
    real_load = ImageFile.ImageFile.load
    monkeypatch.setattr(ImageFile.ImageFile, "load", lambda image: decoded.append(image) or real_load(image))
    error = _opened_or_error(path)
    assert isinstance(error, ImageImportError), error
    assert str(error).startswith(str(path))
    assert "13000x13000" in str(error)
    assert not decoded
    path.write_bytes(png_declaring(60000, 60000))  # beyond pillow's own bomb limit
    error = _opened_or_error(path)
    assert isinstance(error, ImageImportError)
    assert str(error).startswith(str(path))


def test_a_broken_png_chunk_is_a_clear_error(tmp_path):
    import struct

    path = _save(tmp_path, np.random.default_rng(0).integers(0, 256, (24, 24, 3)), "broken.png")
    data = bytearray(path.read_bytes())
    data[33:37] = struct.pack(">I", 10)  # the first data chunk's length: the next chunk is read out of step
    path.write_bytes(bytes(data))
    error = _opened_or_error(path)
    assert isinstance(error, ImageImportError), repr(error)
    assert str(error).startswith(str(path))
    assert "damaged" in str(error)


def test_mangled_images_give_only_clear_errors(tmp_path, capfd):
    import random
    import re

    image = Image.fromarray(np.random.default_rng(0).integers(0, 256, (24, 24, 3), dtype=np.uint8))
    errors = 0
    for kind in ("png", "gif", "bmp", "jpg", "tiff", "webp", "ico", "ppm"):
        original = tmp_path / f"original.{kind}"
        image.save(original)
        data = original.read_bytes()
        rng = random.Random(kind)
        for case in range(25):
            mangled = bytearray(data)
            for _ in range(rng.randint(1, 4)):
                mangled[rng.randrange(len(mangled))] = rng.randrange(256)
            path = tmp_path / f"mangled{case}.{kind}"
            path.write_bytes(bytes(mangled))
            outcome = _opened_or_error(path)
            assert isinstance(outcome, (ImageSource, ImageImportError)), f"{path}: {outcome!r}"
            if isinstance(outcome, ImageImportError):
                errors += 1
                assert str(outcome).startswith(f"{path}: cannot import the image: ")
                assert not re.search(r"[A-Z][a-z]+Error\b|invalid literal|data stream", str(outcome)), outcome
    assert errors > 20  # the mangling reached the decoders
    assert capfd.readouterr().err == ""  # pillow's warnings about damaged files stay quiet


def _flag(tmp_path):
    """A 120x100 image: three colour areas (one small) on a blue backdrop."""
    image = np.zeros((100, 120, 3), np.uint8)
    image[:] = (30, 60, 200)
    image[20:80, 20:60] = (250, 10, 10)
    image[20:80, 60:100] = (20, 220, 20)
    image[40:60, 30:50] = (255, 255, 0)
    return _save(tmp_path, image, "flag.png")


def test_an_image_becomes_a_colour_puzzle_of_n_colours_on_its_backdrop(tmp_path):
    from nonogram_editor.level.colour import COLOUR, colour_level, colour_puzzle_of_level, level_kind

    source = ImageSource.open(_flag(tmp_path))
    picture, background = source.colour_picture(12, 10, colours=3)
    assert background == (30, 60, 200)  # the edge's colour
    level, about = colour_level(picture, background)
    puzzle = colour_puzzle_of_level(level, about)
    assert level_kind(about) == COLOUR
    assert len(puzzle.palette) == 4
    assert puzzle.palette[1:] == [(250, 10, 10), (20, 220, 20), (255, 255, 0)]  # the small yellow area kept
    assert puzzle.goal[4:6, 3:5].tolist() == [[3, 3], [3, 3]]
    assert puzzle.goal[2, 2] == 1
    assert puzzle.goal[0, 0] == 0
    assert np.array_equal(level.solution, puzzle.goal != 0)
    for colours in (1, 2, 5):  # never more than asked for, plus the background
        picture, background = source.colour_picture(12, 10, colours=colours)
        assert len(np.unique(picture.reshape(-1, 3), axis=0)) <= colours + 1


def test_a_chosen_background_replaces_the_colour_nearest_to_it(tmp_path):
    source = ImageSource.open(_flag(tmp_path))
    picture, background = source.colour_picture(12, 10, colours=3, background=(0, 0, 128))
    assert background == (0, 0, 128)
    assert (picture[0, 0] == (0, 0, 128)).all()
    assert not np.all(picture == (30, 60, 200), axis=2).any()
