"""The built-in plugins (pyramid, cube, voxel)."""
import editor  # noqa: F401  (sets numba's cache folder before a solver imports numba)
