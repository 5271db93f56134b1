"""Live uniqueness checking in the editor (placeholder until the solver panel lands)."""


def install(main_window):
    """Create the solver dock for ``main_window``; returns the dock (or None)."""
    return None
