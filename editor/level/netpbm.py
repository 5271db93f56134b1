"""Netpbm bitmaps (PBM: P1, P4) and pixmaps (PPM: P3, P6), read from and written to bytes.

Reading accepts what the netpbm specification allows: ``#`` comments, any whitespace,
maxval 1..65535 (two bytes per sample, big-endian, in raw files when maxval > 255),
plain P1 digits with or without separating whitespace. Writing produces the plain forms
(P1, and P3 with maxval 255) that the seed game parses, one image row per line group,
lines no longer than 70 characters as the specification asks.

Errors raise :class:`NetpbmError` with a message that says where (line number) and what.
:func:`check_header` judges a file from its first bytes and its size, before the rest is read:
sizes beyond ``MAX_SIDE`` and files far larger than their header's image are refused there.
"""
from __future__ import annotations

import re

from nonogram_editor.infra.lazy import numpy as np

WHITESPACE = b" \t\n\r\v\f"
MAX_SIDE = 1024           # a level (the editor's grid is at most 128 a side) or a large puzzle to check
HEADER_LIMIT = 1 << 16    # the header, comments included, lies within the first 64 KiB
SLACK = 1 << 20           # comments and generous spacing a plain raster may add, and trailing bytes
MAX_LINE = 70


class NetpbmError(ValueError):
    """The bytes are not a valid netpbm image of the expected kind."""


class _Reader:
    """Walks the header (and plain rasters) token by token, skipping comments."""

    def __init__(self, data: bytes):
        self.data = data
        self.pos = 0

    def line_of(self, pos: int) -> int:
        return self.data.count(b"\n", 0, pos) + 1

    def fail(self, message: str, pos: int | None = None) -> NetpbmError:
        return NetpbmError(f"line {self.line_of(self.pos if pos is None else pos)}: {message}")

    def skip_space_and_comments(self) -> None:
        data, n = self.data, len(self.data)
        while self.pos < n:
            byte = data[self.pos]
            if byte in WHITESPACE:
                self.pos += 1
            elif byte == 0x23:  # '#': to the end of the line
                end = data.find(b"\n", self.pos)
                cr = data.find(b"\r", self.pos)
                if end < 0 or 0 <= cr < end:
                    end = cr
                self.pos = n if end < 0 else end + 1
            else:
                return

    def integer(self, what: str, low: int, high: int) -> int:
        """The next number, between ``low`` and ``high`` (checked by its digits before converting)."""
        self.skip_space_and_comments()
        start = self.pos
        data, n = self.data, len(self.data)
        while self.pos < n and 0x30 <= data[self.pos] <= 0x39:
            self.pos += 1
        if self.pos == start:
            if start >= n:
                raise self.fail(f"the file ends where the {what} should be")
            raise self.fail(f"expected the {what} (a number), found {_shown(data[start:start + 12])}")
        if self.pos < n and data[self.pos] not in WHITESPACE and data[self.pos] != 0x23:
            raise self.fail(f"the {what} is followed by {_shown(data[self.pos:self.pos + 12])}")
        digits = data[start:self.pos].lstrip(b"0") or b"0"
        if len(digits) > 20:  # too long to convert (Python refuses beyond 4,300 digits) or to quote
            raise self.fail(f"the {what} is a {len(digits)}-digit number; it must be between {low} and {high}", start)
        value = int(digits)
        if not low <= value <= high:
            raise self.fail(f"the {what} is {value}; it must be between {low} and {high}", start)
        return value

    def single_whitespace(self, what: str) -> None:
        """Raw formats: exactly one whitespace byte separates the header from the raster."""
        if self.pos >= len(self.data):
            raise self.fail(f"the file ends before the {what}")
        if self.data[self.pos] not in WHITESPACE:
            raise self.fail(f"expected a whitespace before the {what}")
        self.pos += 1


def _shown(chunk: bytes) -> str:
    """The bytes at fault, quoted as UTF-8 text (a character cut off at the end of the chunk
    left out) with every control character and any other byte escaped (``\\xff``); digits
    other than 0-9 (Arabic-Indic, full-width) are named as such."""
    line = chunk.split(b"\n")[0]
    if not line:
        return "a line break"
    cut = next((end for end in range(len(line), max(0, len(line) - 4), -1) if _is_utf8(line[:end])), len(line))
    text = line[:cut].decode("utf-8", "surrogateescape")  # a byte that is not UTF-8: a lone surrogate
    shown = re.sub(r"\\udc([89a-f][0-9a-f])", r"\\x\1", repr(text))
    if any(char.isdecimal() and not char.isascii() for char in text):
        return f"{shown} (digits other than the ASCII 0-9 a netpbm number is written with)"
    return shown


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


NETPBM_KINDS = {b"P1": "a plain PBM bitmap", b"P2": "a plain PGM greymap", b"P3": "a plain PPM pixmap",
                b"P4": "a raw PBM bitmap", b"P5": "a raw PGM greymap", b"P6": "a raw PPM pixmap",
                b"P7": "a PAM image"}


PBM = ((b"P1", b"P4"), "PBM bitmap")
PPM = ((b"P3", b"P6"), "PPM pixmap")


def _magic(reader: _Reader, allowed: tuple[bytes, ...], kind: str) -> bytes:
    magic = reader.data[:2]
    if magic not in allowed:
        names = " or ".join(m.decode() for m in allowed)
        if len(reader.data) == 0:
            raise NetpbmError(f"the file is empty; a {kind} starts with {names}")
        # Quote nothing from a file that is not netpbm at all (it may be anything, e.g. a link to a private file).
        other = f"it is {NETPBM_KINDS[magic]}" if magic in NETPBM_KINDS else "it is not a netpbm image"
        raise NetpbmError(f"a {kind} starts with {names}; {other}")
    reader.pos = 2
    if len(reader.data) > 2 and reader.data[2] not in WHITESPACE and reader.data[2] != 0x23:
        raise reader.fail(f"expected a whitespace after {magic.decode()}")
    return magic


def _size(reader: _Reader) -> tuple[int, int]:
    return reader.integer("width", 1, MAX_SIDE), reader.integer("height", 1, MAX_SIDE)


def check_header(head: bytes, file_size: int, pixmap: bool) -> int:
    """Judge a PBM (or with ``pixmap`` a PPM) file by its first bytes (``head``, at most
    ``HEADER_LIMIT`` of them) and its size, before reading the rest: raises
    :class:`NetpbmError` for a bad header, a size beyond ``MAX_SIDE``, or a file far larger
    than its image needs. Returns the most bytes the file may hold."""
    reader = _Reader(head)
    try:
        magic = _magic(reader, *(PPM if pixmap else PBM))
        width, height = _size(reader)
        maxval = reader.integer("maxval", 1, 65535) if pixmap else 1
    except NetpbmError:
        if len(head) < file_size and reader.pos >= len(head):
            raise NetpbmError(f"the header does not end within the first {HEADER_LIMIT} bytes") from None
        raise
    if magic == b"P4":
        raster = (width + 7) // 8 * height
    elif magic == b"P6":
        raster = width * height * 3 * (1 if maxval < 256 else 2)
    else:  # plain: each sample's digits and a separator
        raster = width * height * (3 * (len(str(maxval)) + 1) if magic == b"P3" else 2)
    limit = reader.pos + raster + SLACK
    if file_size > limit:
        raise NetpbmError(f"the file is {file_size} bytes, far more than a {width}x{height} image needs "
                          f"(at most {limit})")
    return limit


def _plain_values(reader: _Reader, count: int, what: str) -> np.ndarray:
    """The whitespace-separated decimal numbers of a plain raster (comments allowed)."""
    body = reader.data[reader.pos:]
    if b"#" in body:
        body = b"\n".join(line.split(b"#", 1)[0] for line in body.split(b"\n"))
    tokens = body.split()
    if len(tokens) < count:
        raise reader.fail(f"the file ends after {len(tokens)} of the {count} {what}", len(reader.data))
    if len(tokens) > count:
        raise reader.fail(f"there are {len(tokens) - count} {what} more than the header's size allows",
                          len(reader.data))
    for token in tokens:
        if not token.isdigit():
            raise reader.fail(f"expected a number among the {what}, found {_shown(token[:12])}",
                              reader.pos + reader.data[reader.pos:].find(token))
        if len(token) > 5 and (token[:-5].strip(b"0") or int(token[-5:]) > 65535):  # no int() of all the digits
            digits = token.lstrip(b"0")
            shown = token.decode() if len(token) <= 12 else f"a {len(digits)}-digit number"
            raise reader.fail(f"{shown} is not a netpbm sample (at most 65535)",
                              reader.pos + reader.data[reader.pos:].find(token))
    return np.array([int(t[-5:]) for t in tokens], dtype=np.int64)  # the rest are zeros


def parse_pbm(data: bytes) -> np.ndarray:
    """A P1 or P4 bitmap as a bool array (height, width); True = 1 = black = filled."""
    reader = _Reader(data)
    magic = _magic(reader, *PBM)
    width, height = _size(reader)
    if magic == b"P4":
        reader.single_whitespace("bitmap data")
        row_bytes = (width + 7) // 8
        raw = data[reader.pos:reader.pos + row_bytes * height]
        if len(raw) < row_bytes * height:
            raise reader.fail(f"the file ends after {len(raw)} of the {row_bytes * height} bytes of bitmap data",
                              len(data))
        bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8).reshape(height, row_bytes), axis=1)
        return bits[:, :width].astype(bool)
    # Plain P1: each pixel is one '0' or '1'; whitespace between them is optional.
    body = data[reader.pos:]
    if b"#" in body:
        body = b"\n".join(line.split(b"#", 1)[0] for line in body.split(b"\n"))
    digits = body.translate(None, WHITESPACE)
    stray = digits.translate(None, b"01")
    if stray:
        offset = reader.pos + data[reader.pos:].find(stray[:1])
        raise reader.fail(f"a PBM pixel must be 0 or 1, found {_shown(stray[:1])}", offset)
    if len(digits) != width * height:
        fewer = len(digits) < width * height
        raise reader.fail(f"{width}x{height} needs {width * height} pixels, the file has "
                          f"{len(digits)}{' (truncated?)' if fewer else ''}", len(data))
    return (np.frombuffer(digits, dtype=np.uint8) == ord("1")).reshape(height, width)


def parse_ppm(data: bytes) -> np.ndarray:
    """A P3 or P6 pixmap as a uint8 array (height, width, 3), samples scaled to 0..255."""
    reader = _Reader(data)
    magic = _magic(reader, *PPM)
    width, height = _size(reader)
    maxval = reader.integer("maxval", 1, 65535)
    count = width * height * 3
    if magic == b"P6":
        reader.single_whitespace("pixel data")
        sample_bytes = 1 if maxval < 256 else 2
        raw = data[reader.pos:reader.pos + count * sample_bytes]
        if len(raw) < count * sample_bytes:
            raise reader.fail(f"the file ends after {len(raw)} of the {count * sample_bytes} bytes of pixel data",
                              len(data))
        samples = np.frombuffer(raw, dtype=np.uint8 if sample_bytes == 1 else ">u2").astype(np.int64)
    else:
        samples = _plain_values(reader, count, "colour samples")
    if samples.size and samples.max() > maxval:
        index = int(np.argmax(samples > maxval))
        raise NetpbmError(f"sample {index + 1} (pixel {index // 3 + 1}) is {int(samples[index])}, "
                          f"above the maxval {maxval}")
    scaled = (samples * 255 + maxval // 2) // maxval
    return scaled.astype(np.uint8).reshape(height, width, 3)


def _wrapped_rows(rows: list[list[str]]) -> bytes:
    """Each image row starts a new line; long rows wrap at 70 characters."""
    lines: list[str] = []
    for row in rows:
        line = ""
        for token in row:
            if line and len(line) + 1 + len(token) > MAX_LINE:
                lines.append(line)
                line = token
            else:
                line = f"{line} {token}" if line else token
        lines.append(line)
    return ("\n".join(lines) + "\n").encode("ascii")


def format_pbm(solution: np.ndarray) -> bytes:
    """Plain P1 bytes for a bool array (height, width)."""
    height, width = solution.shape
    rows = [["1" if cell else "0" for cell in row] for row in np.asarray(solution, dtype=bool)]
    return f"P1\n{width} {height}\n".encode("ascii") + _wrapped_rows(rows)


def format_ppm(picture: np.ndarray) -> bytes:
    """Plain P3 bytes (maxval 255) for a uint8 array (height, width, 3)."""
    height, width, _ = picture.shape
    rows = [[f"{r} {g} {b}" for r, g, b in row.tolist()] for row in np.asarray(picture, dtype=np.uint8)]
    return f"P3\n{width} {height}\n255\n".encode("ascii") + _wrapped_rows(rows)
