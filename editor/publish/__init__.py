"""Publishing a pack: the puzzles, in play order, as a web page to play (:mod:`.html_pack`,
Qt-free) and as a printable booklet (:mod:`.booklet`, drawn with Qt).

    write_html_pack("pack.html", puzzles, title="Autumn")
    write_booklet("pack.pdf", puzzles, per_page=4, title="Autumn")

``puzzles`` are the exchange formats' puzzles (``nonogram_editor.level.puzzle_formats.Puzzle``:
a two-colour ``NonPuzzle`` or a ``ColourPuzzle``), the same for both.
"""
