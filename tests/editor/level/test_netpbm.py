"""Netpbm reading (every form the spec allows) and plain writing, cross-checked with Pillow."""
import io

import numpy as np
import pytest
from PIL import Image

from nonogram_editor.level.netpbm import NetpbmError, format_pbm, format_ppm, parse_pbm, parse_ppm


def random_solution(rng, height, width):
    return rng.random((height, width)) < 0.4


def random_picture(rng, height, width):
    return rng.integers(0, 256, (height, width, 3), dtype=np.uint8)


def test_plain_pbm_with_comments_and_odd_whitespace():
    data = b"P1\n# a comment\n3\t2 # trailing comment\r\n1 0\n1\x0b\n0#between pixels\n1 0\n"
    assert parse_pbm(data).tolist() == [[True, False, True], [False, True, False]]


def test_plain_pbm_digits_without_separators():
    assert parse_pbm(b"P1 4 2\n0110\n1001").tolist() == [[False, True, True, False], [True, False, False, True]]


@pytest.mark.parametrize("width", [1, 7, 8, 9, 17])
def test_raw_pbm_matches_pillow(width):
    rng = np.random.default_rng(width)
    solution = random_solution(rng, 5, width)
    buffer = io.BytesIO()
    Image.fromarray(~solution).convert("1").save(buffer, format="PPM")  # Pillow: 0 = black
    assert buffer.getvalue().startswith(b"P4")
    assert np.array_equal(parse_pbm(buffer.getvalue()), solution)


def test_raw_ppm_matches_pillow():
    picture = random_picture(np.random.default_rng(1), 6, 11)
    buffer = io.BytesIO()
    Image.fromarray(picture).save(buffer, format="PPM")
    assert buffer.getvalue().startswith(b"P6")
    assert np.array_equal(parse_ppm(buffer.getvalue()), picture)


def test_sixteen_bit_raw_ppm_is_big_endian_and_scaled():
    data = b"P6 2 1 65535\n" + bytes([0xFF, 0xFF, 0x00, 0x00, 0x80, 0x00, 0x00, 0x01, 0x01, 0x00, 0x7F, 0xFF])
    assert parse_ppm(data).tolist() == [[[255, 0, 128], [0, 1, 127]]]


@pytest.mark.parametrize("maxval", [1, 15, 255, 1000, 65535])
def test_plain_ppm_scales_any_maxval_to_eight_bits(maxval):
    data = f"P3\n# c\n2 1\n{maxval}\n{maxval} 0 {maxval // 2}  0 {maxval} 0\n".encode()
    picture = parse_ppm(data)
    assert picture[0, 0, 0] == 255
    assert picture[0, 0, 1] == 0
    assert picture[0, 1, 1] == 255
    assert picture[0, 0, 2] == round(255 * (maxval // 2) / maxval)


def test_round_trip_through_plain_forms_is_exact_and_pillow_agrees():
    rng = np.random.default_rng(7)
    solution, picture = random_solution(rng, 40, 64), random_picture(rng, 40, 64)
    pbm, ppm = format_pbm(solution), format_ppm(picture)
    assert pbm.startswith(b"P1\n64 40\n")
    assert ppm.startswith(b"P3\n64 40\n255\n")
    assert max(len(line) for line in pbm.splitlines() + ppm.splitlines()) <= 70
    assert np.array_equal(parse_pbm(pbm), solution)
    assert np.array_equal(parse_ppm(ppm), picture)
    assert np.array_equal(np.asarray(Image.open(io.BytesIO(ppm)).convert("RGB")), picture)
    assert np.array_equal(np.asarray(Image.open(io.BytesIO(pbm)).convert("L")) == 0, solution)


@pytest.mark.parametrize("data, words", [
    (b"", "empty"),
    (b"P3 1 1 255 0 0 0", "starts with P1 or P4"),
    (b"P1 0 3", "width is 0"),
    (b"P1 2", "ends where the height should be"),
    (b"P1 2 2\n0 1 1", "needs 4 pixels, the file has 3"),
    (b"P1 2 1\n0 1 1", "needs 2 pixels, the file has 3"),
    (b"P1 2 1\n0 x", "must be 0 or 1, found 'x'"),
    (b"P1 2x 1 0 1", "width is followed by 'x"),
    (b"P4 9 2\n\xff\x80\xff", "ends after 3 of the 4 bytes"),
    (b"P1 99999 2\n", "width is 99999; it must be between 1 and 1024"),
    (b"P1 1000 4096\n", "height is 4096; it must be between 1 and 1024"),
    ("P1\n٣ ٣\n0 1 0\n".encode(), "found '٣ ٣' \\(digits other than the ASCII 0-9"),  # Arabic-Indic, as text
    ("P1 2 \uff11".encode(), "found '１' \\(digits other than"),  # full-width
    ("P1 2 1 ٣".encode()[:-1], "found '\\\\xd9'$"),  # a byte that is not UTF-8: escaped
    (b"P1 2 1\n0 \xff", "found '\\\\xff'$"),
    (b"P1 2 1\n\x1b[2J", "found '\\\\x1b'$"),
])
def test_bad_pbm_messages(data, words):
    with pytest.raises(NetpbmError, match=words):
        parse_pbm(data)


@pytest.mark.parametrize("data, words", [
    (b"P3 1 1 0 0 0 0", "maxval is 0"),
    (b"P3 1 1 65536 0 0 0", "maxval is 65536"),
    (b"P3 1 1 255\n0 0", "ends after 2 of the 3 colour samples"),
    (b"P3 1 1 100\n0 101 0", "is 101, above the maxval 100"),
    (b"P3 1 1 255\n0 -1 0", "expected a number"),
    (b"P6 2 1 255\n\x00\x00\x00", "ends after 3 of the 6 bytes"),
    (b"P6 1 1 255", "ends before the pixel data"),
    (b"P3 1 1 255\n0 0065536 0", "0065536 is not a netpbm sample"),
    (b"P3 1 1 255\n0 100000 0", "100000 is not a netpbm sample"),
])
def test_bad_ppm_messages(data, words):
    with pytest.raises(NetpbmError, match=words):
        parse_ppm(data)


def test_error_names_the_line():
    with pytest.raises(NetpbmError, match="^line 4:"):
        parse_pbm(b"P1\n2 2\n0 1\n1 7\n")


def test_samples_with_leading_zeros_keep_their_value():
    assert parse_ppm(b"P3 1 1 65535\n0 00000000065535 0000000").tolist() == [[[0, 255, 0]]]
