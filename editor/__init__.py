"""Nonogram Editor: a desktop studio for puzzle designers.

Qt-free subpackages: ``editor.level`` (levels, netpbm, puzzle formats), ``editor.nonogram``
(the line solver and uniqueness checks), ``editor.tasks`` (progress and cancellation).
Qt lives in ``editor.ui``; Qt3D only in ``editor.scene3d``.
"""

__version__ = "0.1.0"  # the one place (pyproject.toml reads it)

from editor import jit  # noqa: E402

jit.use_user_cache_folder(__version__)  # before any solver imports numba
