"""The command line (Qt-free): ``run`` parses ``nonogram-editor COMMAND ...`` and runs the command's
module; ``io`` is standard input and output for them all; ``completion`` generates the shell
completion and man page from the parser; ``exit_guard`` keeps plugin code from deciding an exit
status. See docs/architecture.md.
"""
