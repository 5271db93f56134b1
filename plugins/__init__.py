"""The built-in plugins (pyramid, cube, voxel), installed as ``nonogram_editor_builtins``."""
import nonogram_editor.plugin_api  # noqa: F401  (first: the editor's package sets numba's cache folder before a solver imports numba)
