"""Colour nonograms (Qt-free): each clue number has a colour, colour 0 is the background;
blocks of the same colour need a background cell between them, blocks of different colours
may touch.

    from nonogram_editor.nonogram.colour import check_colour
    verdict = check_colour([[(2, 1), (1, 2)], ...], [[(1, 1)], ...], colours=3)

The modules: :mod:`.line` (the exact line solver), :mod:`.puzzle` (clues, what is known,
line logic), :mod:`.search` (probing and search), :mod:`.cnf` (the SAT encoding),
:mod:`.verdict` (the stages together).
"""
import importlib

_MODULES = {"ColourLineSolver": "line", "colour_line_solver": "line", "count_colour_placements": "line",
            "ColourBoard": "puzzle", "ColourClues": "puzzle",
            "check_colour": "verdict", "check_colour_drawing": "verdict"}
__all__ = sorted(_MODULES)


def __getattr__(name: str):
    """The names above, each imported from its module on first use: importing one module of
    the package (the line solver, say) does not import the whole colour engine."""
    if name not in _MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_MODULES[name]}"), name)
