"""The command line (Qt-free), one module per command: ``check``, ``fix``, ``convert``, ``pack``,
``puzzles``, ``solve`` (a plugin's puzzle; ``solve_file`` a nonogram file) and ``help``. ``run`` parses
``nonogram-editor COMMAND ...`` and calls the command's module; ``io`` is standard input and
output for them all, ``processes`` their ``--jobs`` and SIGTERM; ``completion`` generates the
shell completion and man page from the parser; ``exit_guard`` keeps plugin code from deciding an
exit status. See docs/architecture.md.
"""
