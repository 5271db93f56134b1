"""Where the data that ships with the app lives.

Puzzle data and the sample levels are package data (``<package>/data/``): installed with the
package by ``pip install .`` as well as found in a checkout or an editable install.
"""
from importlib.resources import files
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def package_data(package: str, *parts: str) -> Path:
    """The file or folder ``parts`` in the ``data`` folder of ``package`` (e.g. ``"plugins.voxel"``)."""
    return Path(str(files(package).joinpath("data", *parts)))


LEVELS = package_data("editor", "levels")  # the sample levels (File > Open Sample)
