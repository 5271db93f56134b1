"""Polyomino tiling: the example plugin of docs/plugins.md (cover a rectangle with polyominoes).

One file per role, as in the built-in plugins: ``model`` (the puzzle and its data error),
``solver`` (solutions as a stream, count), ``checker`` (independent of the solver),
``scene`` (3-D parts, no Qt), ``panel`` (on the shared PuzzlePanel) and ``plugin`` (hooks).
"""
