"""The Puzzles menu and plugin panels as docks (placeholder until the platform lands)."""


def install(main_window, puzzles_menu):
    """Fill ``puzzles_menu`` with every loaded plugin panel; returns the manager (or None)."""
    return None
