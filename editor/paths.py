"""Where the data that ships with the app lives.

Puzzle data is package data (``<package>/data/``): it is installed with the package by
``pip install .`` as well as found in a checkout or an editable install.
"""
from importlib.resources import files
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels"  # the sample levels (a checkout only: the Open dialog starts there)


def package_data(package: str, *parts: str) -> Path:
    """The file or folder ``parts`` in the ``data`` folder of ``package`` (e.g. ``"plugins.voxel"``)."""
    return Path(str(files(package).joinpath("data", *parts)))
