"""Qt-free nonogram engine: the bitmask line solver, propagation, uniqueness search, verdicts.

    from nonogram_editor.nonogram.line import solve_line, count_placements      # one line
    from nonogram_editor.nonogram.puzzle import Puzzle, Board                   # clues, knowledge, line logic
    from nonogram_editor.nonogram.verdict import check_drawing, check_puzzle    # LINE / BRANCH / MULT / CONTRADICTION
    from nonogram_editor.nonogram.cnf import encode                             # clues as line automata in CNF
    from nonogram_editor.nonogram.portfolio import decide                       # the SAT stage: solvers racing

``nonogram_editor.cli.check.run_check`` is ``nonogram-editor check``.
"""
