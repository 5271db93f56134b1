"""Nonogram Editor: a desktop studio for puzzle designers.

Qt-free subpackages: ``nonogram_editor.level`` (levels, netpbm, puzzle formats), ``nonogram_editor.nonogram``
(the line solver and uniqueness checks), ``nonogram_editor.infra.tasks`` (progress and cancellation).
Qt lives in ``nonogram_editor.ui``; Qt3D only in ``nonogram_editor.scene3d``.
"""

__version__ = "0.1.0"  # the one place (pyproject.toml reads it)

import os  # noqa: E402

# numpy's BLAS on one thread, unless set otherwise: the editor multiplies small arrays only;
# the thread pool OpenBLAS starts as numpy loads costs every process ~0.03 CPU s, and without
# it `check` keeps one thread, so that it can fork its SAT solver's process.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from nonogram_editor.infra import jit  # noqa: E402

jit.use_user_cache_folder(__version__)  # before any solver imports numba
