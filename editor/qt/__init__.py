"""Qt helpers both Qt floors use (``ui`` and ``scene3d``); nothing below them imports this package."""
