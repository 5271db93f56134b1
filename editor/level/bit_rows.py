"""Two-colour grids as bit rows, made bool arrays only where one is read (Qt-free).

A grid's row is an int: bit ``c`` of row ``r`` is cell (r, c), set when filled. Line logic
works on such rows (``nonogram_editor.nonogram.puzzle.Board``); a :class:`BitRows` keeps a
whole grid that way, and a dataclass field declared ``= GridField()`` takes a grid either as
a bool array or as :class:`BitRows` and reads as a bool array, made (and numpy imported) on
the first read. So a check whose grids nobody reads as arrays (the command line's: its
output is rows of digits) never imports numpy; :func:`given` reads a field as it was given.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, overload

from nonogram_editor.infra.lazy import numpy as np


@dataclass(frozen=True)
class BitRows:
    """A two-colour grid of ``width`` columns as its rows' bits."""

    rows: tuple[int, ...]
    width: int

    @classmethod
    def of(cls, grid: np.ndarray | BitRows) -> BitRows:
        return grid if isinstance(grid, BitRows) else cls(tuple(array_to_rows(grid)), np.asarray(grid).shape[1])

    @classmethod
    def of_strings(cls, rows: Sequence[str], width: int) -> BitRows:
        """From rows of ``0`` and ``1``, one character a cell."""
        return cls(tuple(int(row[::-1], 2) if row else 0 for row in rows), width)

    @property
    def height(self) -> int:
        return len(self.rows)

    def array(self) -> np.ndarray:
        return rows_to_array(self.rows, self.width)

    def strings(self) -> list[str]:
        """Each row as ``1`` (filled) and ``0`` per cell."""
        return [format(row, f"0{self.width}b")[::-1] if self.width else "" for row in self.rows]

    def columns(self) -> list[int]:
        """Each column's bits (bit ``r``: row r)."""
        columns = [0] * self.width
        for index, row in enumerate(self.rows):
            bit = 1 << index
            while row:
                low = row & -row
                columns[low.bit_length() - 1] |= bit
                row ^= low
        return columns

    def clues(self) -> tuple[list[list[int]], list[list[int]]]:
        """``(row_clues, column_clues)``, as :func:`nonogram_editor.level.clues.clues` gives them."""
        return [runs(row) for row in self.rows], [runs(column) for column in self.columns()]


def runs(line: int) -> list[int]:
    """The lengths of the runs of set bits of ``line``, lowest bit first."""
    lengths = []
    while line:
        line >>= (line & -line).bit_length() - 1
        length = (~line & (line + 1)).bit_length() - 1
        lengths.append(length)
        line >>= length
    return lengths


class GridField:
    """A dataclass field (``picture: GridField = GridField()``, default None) that takes a bool
    array or :class:`BitRows` and reads as a bool array, made on first read."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> None: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> np.ndarray | None: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> np.ndarray | None:
        if instance is None:
            return None  # the dataclass's default
        value = instance.__dict__.get(self._name)
        if isinstance(value, BitRows):
            value = instance.__dict__[self._name] = value.array()
        return value

    def __set__(self, instance: object, value: np.ndarray | BitRows | None) -> None:
        instance.__dict__[self._name] = value


def given(instance: object, name: str) -> Any:
    """Field ``name`` of ``instance`` as it was given: for a :class:`GridField`, an array or
    :class:`BitRows` (not made an array); for any other attribute, its value."""
    declared = next((klass.__dict__[name] for klass in type(instance).__mro__ if name in klass.__dict__), None)
    return instance.__dict__.get(name) if isinstance(declared, GridField) else getattr(instance, name)


def as_array(grid: np.ndarray | BitRows | None) -> np.ndarray | None:
    return grid.array() if isinstance(grid, BitRows) else grid


def array_to_rows(grid: np.ndarray) -> list[int]:
    """Each row of a bool array as an int (bit i = column i)."""
    grid = np.asarray(grid, dtype=bool)
    if grid.shape[1] == 0:
        return [0] * grid.shape[0]
    packed = np.packbits(grid, axis=1, bitorder="little")
    return [int.from_bytes(row.tobytes(), "little") for row in packed]


def rows_to_array(rows: Sequence[int], width: int) -> np.ndarray:
    """The inverse of :func:`array_to_rows`."""
    nbytes = (width + 7) >> 3
    data = np.frombuffer(b"".join(row.to_bytes(nbytes, "little") for row in rows), dtype=np.uint8)
    bits = np.unpackbits(data.reshape(len(rows), nbytes), axis=1, bitorder="little")
    return bits[:, :width].astype(bool)
