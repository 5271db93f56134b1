"""numpy, imported on first use (Qt-free).

    from nonogram_editor.infra.lazy import numpy as np

``np`` then stands for numpy in the module; numpy is imported when an attribute of it is
first read, not when the module is. A check that line logic decides on bit masks never
reads one, and so never pays numpy's import (most of a quick ``check`` process's CPU:
docs/benchmarks.md, "Easy puzzles beside C"). Thread-safe: Python's import lock guards the
import, and each attribute, once read, is kept on the stand-in. Not for modules that numba
compiles: it resolves ``np`` itself and needs the module.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING


class _Module:
    """Stands for the module ``name``: its attributes, the module imported on the first read."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, attribute: str):
        value = getattr(importlib.import_module(self._name), attribute)
        setattr(self, attribute, value)  # later reads find it here, without __getattr__
        return value


if TYPE_CHECKING:
    import numpy as numpy  # (re-exported: what the stand-in stands for)
else:
    numpy = _Module("numpy")
