"""The editor core without Qt: the open level, its undo history and the tools (the mid end).

    from editor.core import Editor
"""
from editor.core.clip import Clip, ClipError
from editor.core.editor import LAYERS, TOOLS, TRANSFORMS, Editor, Rect, colour_name, level_from_non
from editor.core.history import UNDO_LIMIT
from editor.core.shapes import SYMMETRIES

__all__ = ["Clip", "ClipError", "Editor", "LAYERS", "Rect", "SYMMETRIES", "TOOLS", "TRANSFORMS", "UNDO_LIMIT",
           "colour_name", "level_from_non"]
