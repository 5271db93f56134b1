"""Files that are not what they claim to be: refused quickly, by name, quoting nothing of them."""
import os
import threading
import time

import numpy as np
import pytest

from nonogram_editor.level import Level, LevelError, LevelErrorKind, load_level, save_level
from nonogram_editor.level.non_format import NonFormatError, read_non

SECRET = b"root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"


def saved_level(folder, name="x"):
    save_level(Level.blank(3, 2), folder / f"{name}.level")
    return folder / f"{name}.level"


def error_within_bound(function, path) -> LevelError:
    """The LevelError ``function(path)`` raises, within a few seconds (a hang fails the test, not the run)."""
    outcome = []
    thread = threading.Thread(target=lambda: outcome.append(_raised(function, path)), daemon=True)
    thread.start()
    thread.join(30)
    assert outcome, f"{function.__name__}({path}) did not end"
    assert isinstance(outcome[0], LevelError), outcome[0]
    return outcome[0]


def load_error(path) -> LevelError:
    return error_within_bound(load_level, path)


def _raised(function, *args):
    try:
        function(*args)
    except Exception as error:  # noqa: BLE001 - the test looks at whatever came
        return error
    return None


def test_a_fifo_is_refused_without_waiting(tmp_path):
    path = saved_level(tmp_path)
    (tmp_path / "x.pbm").unlink()
    os.mkfifo(tmp_path / "x.pbm")
    error = load_error(path)
    assert error.kind is LevelErrorKind.IO
    assert error.path == tmp_path / "x.pbm"
    assert "named pipe" in str(error)
    assert str(error).startswith(str(tmp_path / "x.pbm"))


def test_a_link_to_a_device_is_refused(tmp_path):
    path = saved_level(tmp_path)
    (tmp_path / "x.ppm").unlink()
    (tmp_path / "x.ppm").symlink_to("/dev/zero")
    error = load_error(path)
    assert error.path == tmp_path / "x.ppm"
    assert "character device, not a regular file" in str(error)


def test_a_sparse_file_far_larger_than_its_header_is_refused_from_the_header(tmp_path):
    path = saved_level(tmp_path)
    with open(tmp_path / "x.ppm", "r+b") as file:
        file.truncate(2 << 30)  # 2 GB, almost all of it a hole
    start = time.process_time()
    error = load_error(path)
    assert error.kind is LevelErrorKind.PARSE_PPM
    assert "far more than a 3x2 image needs" in str(error)
    assert time.process_time() - start < 5  # nothing like reading 2 GB (CPU time: the machine may be busy)


@pytest.mark.parametrize("magic, body", [(b"P6 4096 4096 255\n", bytes(4096 * 4096 * 3)),
                                         (b"P3 4096 4096 255\n", b"0 " * (4096 * 4096 * 3))])
def test_a_huge_valid_picture_is_refused_from_its_header(tmp_path, magic, body):
    path = saved_level(tmp_path)
    (tmp_path / "x.ppm").write_bytes(magic + body)
    error = load_error(path)
    assert error.kind is LevelErrorKind.PARSE_PPM
    assert "width is 4096; it must be between 1 and 1024" in str(error)


@pytest.mark.parametrize("file, data, words", [
    ("x.pbm", b"P1 " + b"9" * 5000 + b" 2\n", "the width is a 5000-digit number"),
    ("x.pbm", b"P1 3 " + b"0" * 5000 + b"2\n1 0 1 0 1 0\n", None),  # leading zeros: just 2
    ("x.ppm", b"P3 3 2 " + b"7" * 4400 + b"\n", "the maxval is a 4400-digit number"),
    ("x.ppm", b"P3 3 2 255\n" + b"1" * 4400 + b" 0" * 17 + b"\n", "a 4400-digit number is not a netpbm sample"),
])
def test_numbers_too_long_for_python_name_the_file_and_the_field(tmp_path, file, data, words):
    path = saved_level(tmp_path)
    (tmp_path / file).write_bytes(data)
    if words is None:
        assert load_level(path).solution.shape == (2, 3)
        return
    error = load_error(path)
    assert error.path == tmp_path / file
    assert words in str(error)


@pytest.mark.parametrize("text, words", [
    ("width " + "9" * 5000 + "\nheight 1\n", "'width' is a 5000-digit number; it must be between 1 and 1024"),
    ("width 1\nheight 4096\n", "'height' is 4096; it must be between 1 and 1024"),
    ("width 2\nheight 1\nrows\n" + "1" * 4400 + "\ncolumns\n1\n1\n", "line 4: the clue '1111111111111111"),
])
def test_non_numbers_too_long_or_sizes_too_large(tmp_path, text, words):
    path = tmp_path / "big.non"
    path.write_text(text)
    with pytest.raises(NonFormatError, match=words) as caught:
        read_non(path)
    assert str(caught.value).startswith(str(path))


def test_a_symlink_loop_is_called_a_loop(tmp_path):
    path = saved_level(tmp_path)
    path.unlink()
    path.symlink_to(tmp_path / "x.level")
    error = load_error(path)
    assert error.path == path
    assert "loop of symbolic links" in str(error)


def test_a_broken_link_is_called_a_broken_link(tmp_path):
    path = saved_level(tmp_path)
    path.unlink()
    path.symlink_to(tmp_path / "gone.level")
    assert "a link to a file that does not exist" in str(load_error(path))


@pytest.mark.parametrize("name", ["x.level", "x.pbm", "x.ppm"])
def test_a_link_to_another_file_quotes_nothing_of_it(tmp_path, name):
    secret = tmp_path / "secret.txt"
    secret.write_bytes(SECRET)
    path = saved_level(tmp_path)
    (tmp_path / name).unlink()
    (tmp_path / name).symlink_to(secret)
    message = str(load_error(path))
    assert message.startswith(str(tmp_path / name))
    for word in (b"root", b"ro", b"daemon", b"bash", b"x:0"):
        assert word.decode() not in message.replace(str(tmp_path), "")


def test_a_link_to_another_file_as_a_non_quotes_nothing_of_it(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_bytes(SECRET)
    (tmp_path / "x.non").symlink_to(secret)
    with pytest.raises(NonFormatError) as caught:
        read_non(tmp_path / "x.non")
    assert "root" not in str(caught.value).replace(str(tmp_path), "")


def test_a_plausible_slip_in_a_level_flag_is_still_shown(tmp_path):
    path = saved_level(tmp_path)
    path.write_bytes(b"yes\n")
    assert "it holds 'yes'" in str(load_error(path))
    path.write_bytes(b"\x00\x01binary\xff")
    assert "bytes of something else" in str(load_error(path))


def test_the_editor_limit_still_holds_for_levels_the_checker_accepts(tmp_path):
    from nonogram_editor.level.document import LevelDocument

    level = Level(np.zeros((200, 3), dtype=bool), np.zeros((200, 3, 3), dtype=np.uint8))
    save_level(level, tmp_path / "tall.level")
    assert load_level(tmp_path / "tall.level") == level  # check can judge it ...
    with pytest.raises(ValueError, match="up to 128x128"):  # ... the editor says it is too large
        LevelDocument.from_level(level)


def about_error(path) -> LevelError:
    from nonogram_editor.level.metadata import read_about

    return error_within_bound(read_about, path)


def test_level_info_that_is_a_pipe_a_device_or_huge_is_refused_by_name(tmp_path):
    path = saved_level(tmp_path)
    about = tmp_path / "x.about"
    os.mkfifo(about)
    assert "named pipe" in str(about_error(path))
    assert about_error(path).path == about
    about.unlink()
    about.symlink_to("/dev/zero")
    assert str(about_error(path)).startswith(f"{about}: ")
    assert "character device" in str(about_error(path))
    about.unlink()
    with open(about, "wb") as file:
        file.truncate(1 << 30)
    assert "too large" in str(about_error(path))
    about.write_bytes(b'title "\xff"\n')
    assert "UTF-8" in str(about_error(path))
