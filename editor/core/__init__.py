"""The editor core without Qt: the open level, its undo history and the tools (the mid end).

    from editor.core import Editor
"""
from editor.core.clip import Clip, ClipError
from editor.core.editor import (LAYERS, TOOLS, TRANSFORMS, Editor, ImportedPuzzle, Rect, UnsolvableClues, colour_name,
                                level_from_non, read_puzzle)
from editor.core.history import UNDO_LIMIT
from editor.core.kinds import Aspect, Layer, Tool
from editor.core.shapes import SYMMETRIES

__all__ = ["Aspect", "Clip", "ClipError", "Editor", "ImportedPuzzle", "LAYERS", "Layer", "Rect", "SYMMETRIES", "TOOLS",
           "TRANSFORMS", "Tool", "UNDO_LIMIT", "UnsolvableClues", "colour_name", "level_from_non", "read_puzzle"]
