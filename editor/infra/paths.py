"""Where the data that ships with the app lives.

Each plugin's puzzle data is package data (``<package>/data/``), installed with the package
by ``pip install .`` as well as found in a checkout or an editable install. The sample levels
are the checkout's ``levels/`` folder; a wheel installs them as data files under
``<prefix>/share/nonogram-editor/levels``.
"""
import os
import sys
from importlib.resources import files
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def package_data(package: str, *parts: str) -> Path:
    """The file or folder ``parts`` in the ``data`` folder of ``package`` (e.g.
    ``"nonogram_editor_builtins.voxel"``)."""
    return Path(str(files(package).joinpath("data", *parts)))


def xdg_home(kind: str) -> Path:
    """``$XDG_DATA_HOME`` or ``$XDG_CONFIG_HOME`` (``kind`` "data" or "config"), else its default
    in the home folder: where freedesktop.org's desktops and the shells look for a user's files."""
    variable, default = {"data": ("XDG_DATA_HOME", ".local/share"), "config": ("XDG_CONFIG_HOME", ".config")}[kind]
    return Path(os.environ.get(variable) or Path.home() / default)


def _sample_levels() -> Path:
    checkout = ROOT / "levels"
    return checkout if checkout.is_dir() else Path(sys.prefix) / "share" / "nonogram-editor" / "levels"


LEVELS = _sample_levels()  # the sample levels (File > Open Sample)
