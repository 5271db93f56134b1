"""Qt-free levels: the model, netpbm reading and writing, and the one error type.

    from nonogram_editor.level import Level, LevelError, load_level, save_level
"""
from nonogram_editor.level.errors import LevelError, LevelErrorKind
from nonogram_editor.level.model import Level, level_paths, load_level, save_level
from nonogram_editor.level.netpbm import NetpbmError, format_pbm, format_ppm, parse_pbm, parse_ppm

__all__ = ["Level", "LevelError", "LevelErrorKind", "NetpbmError", "format_pbm", "format_ppm",
           "level_paths", "load_level", "parse_pbm", "parse_ppm", "save_level"]
