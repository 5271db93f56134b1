"""Level packs: a folder of levels and puzzles as one collection, in play order (Qt-free).

- :mod:`~nonogram_editor.pack.entries`: the folder's levels and puzzles, read into entries;
- :mod:`~nonogram_editor.pack.order`: the play order file ``pack.order``;
- :mod:`~nonogram_editor.pack.checks`: verdicts and grades, cached by content;
- :mod:`~nonogram_editor.pack.balance`: warnings (not unique, duplicates, difficulty jumps);
- :mod:`~nonogram_editor.pack.files`: rename, duplicate and delete, each with its undo;
- :mod:`~nonogram_editor.pack.batch`: proposals that make levels line-solvable;
- :mod:`~nonogram_editor.pack.folder`: :class:`Pack`, all of it together.

The whole pack in one file (a web page, a booklet, a collection) is written by
:mod:`nonogram_editor.publish.export`.
"""
from nonogram_editor.pack.folder import Pack

__all__ = ["Pack"]
