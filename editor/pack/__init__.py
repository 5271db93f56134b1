"""Level packs: a folder of levels and puzzles as one collection, in play order (Qt-free).

- :mod:`~nonogram_editor.pack.entries`: the folder's levels and puzzles, read into entries;
- :mod:`~nonogram_editor.pack.order`: the play order file ``pack.order``;
- :mod:`~nonogram_editor.pack.checks`: verdicts and grades, cached by content;
- :mod:`~nonogram_editor.pack.balance`: warnings (not unique, duplicates, difficulty jumps);
- :mod:`~nonogram_editor.publish.export`: the whole pack in one file, by suffix;
- :mod:`~nonogram_editor.pack.folder`: :class:`Pack`, all of it together.
"""
from nonogram_editor.pack.folder import Pack

__all__ = ["Pack"]
