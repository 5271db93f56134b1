"""The editor core without Qt: the open level, its undo history and the tools (the mid end).

    from nonogram_editor.core import Editor
"""
from nonogram_editor.core.clip import Clip, ClipError
from nonogram_editor.core.colours import colour_name
from nonogram_editor.core.editor import LAYERS, Editor
from nonogram_editor.core.history import UNDO_LIMIT
from nonogram_editor.core.kinds import Aspect, Layer, Tool
from nonogram_editor.core.level_files import ImportedPuzzle, UnsolvableClues, level_from_non, read_puzzle
from nonogram_editor.core.midend import Rect
from nonogram_editor.core.strokes import TOOLS
from nonogram_editor.core.transforms import TRANSFORMS
from nonogram_editor.nonogram.symmetry import SYMMETRIES, Symmetry

__all__ = ["Aspect", "Clip", "ClipError", "Editor", "ImportedPuzzle", "LAYERS", "Layer", "Rect", "SYMMETRIES",
           "Symmetry", "TOOLS", "TRANSFORMS", "Tool", "UNDO_LIMIT", "UnsolvableClues", "colour_name", "level_from_non",
           "read_puzzle"]
