"""Where the data that ships with the app lives.

Each plugin's puzzle data is package data (``<package>/data/``), installed with the package
by ``pip install .`` as well as found in a checkout or an editable install. The sample levels
are the checkout's ``levels/`` folder; a wheel installs them as data files under
``<prefix>/share/nonogram-editor/levels``.
"""
import sys
from importlib.resources import files
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def package_data(package: str, *parts: str) -> Path:
    """The file or folder ``parts`` in the ``data`` folder of ``package`` (e.g. ``"nonogram_editor_builtins.voxel"``)."""
    return Path(str(files(package).joinpath("data", *parts)))


def _sample_levels() -> Path:
    checkout = ROOT / "levels"
    return checkout if checkout.is_dir() else Path(sys.prefix) / "share" / "nonogram-editor" / "levels"


LEVELS = _sample_levels()  # the sample levels (File > Open Sample)
