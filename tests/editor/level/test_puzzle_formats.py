"""The puzzle exchange formats (webpbn XML, Olsak .g, Wilk .nin, and .non): real files from other
solvers' repositories import, check and export back equal; mangled files get a clear message."""
import json
import os
from pathlib import Path

import numpy as np
import pytest

from nonogram_editor.cli.check import run_check
from nonogram_editor.cli.fix import run_fix
from nonogram_editor.core.level_files import read_puzzle, write_puzzle
from nonogram_editor.level import non_format
from nonogram_editor.level.clues import clues as clues_of_grid
from nonogram_editor.level.non_format import NonFormatError
from nonogram_editor.level.puzzle_formats import PUZZLE_SUFFIXES, read_puzzle_file, write_puzzle_file
from tests.editor.nonogram.reference import NONOGRAMS

FORMATS = Path(__file__).parents[2] / "data" / "formats"
READABLE = ["webpbn-00001-dancer.xml", "ianprime0509-easy.xml", "kocka.g", "sachovnice.g", "veze.g",
            "jwilk-data135.nin", "jwilk-data148.nin"]


def test_real_files_read_with_their_sizes_metadata_and_goal():
    sizes = {name: (puzzle.width, puzzle.height) for name in READABLE
             for puzzle in [read_puzzle_file(FORMATS / name)]}
    assert sizes == {"webpbn-00001-dancer.xml": (5, 10), "ianprime0509-easy.xml": (10, 10), "kocka.g": (35, 35),
                     "sachovnice.g": (4, 4), "veze.g": (4, 4), "jwilk-data135.nin": (12, 20),
                     "jwilk-data148.nin": (8, 9)}
    easy = read_puzzle_file(FORMATS / "ianprime0509-easy.xml")  # the first puzzle of the set
    assert easy.title == "A place I like to be"
    assert easy.metadata == {"by": "Ian Johnson", "copyright": "Public domain (CC-0)", "description": "Home sweet home"}
    assert easy.goal_fits()
    assert easy.goal[5].all()
    assert easy.goal[0].tolist() == [0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
    nin = read_puzzle_file(FORMATS / "jwilk-data148.nin")  # width 8, height 9: nine row clues
    assert nin.row_clues[:2] == [[3], [2, 1]]
    assert nin.column_clues[-1] == [3]
    assert nin.goal is None
    assert read_puzzle_file(FORMATS / "jwilk-data135.nin").row_clues[14] == []  # its "0" line
    assert read_puzzle_file(FORMATS / "veze.g").row_clues == [[1]] * 4


def test_webpbn_xml_has_the_clues_and_metadata_of_the_same_puzzle_in_non():
    xml = read_puzzle_file(FORMATS / "webpbn-00001-dancer.xml")
    non = read_puzzle_file(NONOGRAMS / "webpbn-00001-dancer.non")
    assert (xml.row_clues, xml.column_clues) == (non.row_clues, non.column_clues)
    assert xml.metadata["by"] == non.metadata["by"] == "Jan Wolter"
    assert xml.metadata["copyright"] == "(c) Copyright 2004 by Jan Wolter"
    assert xml.title == "Demo Puzzle from Front Page"
    assert xml.goal is None


@pytest.mark.parametrize("name", READABLE)
def test_import_and_export_back_in_the_same_format(tmp_path, name):
    """What File > Import then File > Export do: the clues (solved into a drawing when the file
    has no goal) written back in the file's format read back equal, with the goal and metadata."""
    source = FORMATS / name
    original = read_puzzle_file(source)
    imported = read_puzzle(source)
    target = tmp_path / f"back{source.suffix}"
    write_puzzle(target, imported.level.solution, imported.about)
    back = read_puzzle_file(target)
    assert (back.row_clues, back.column_clues) == (original.row_clues, original.column_clues)
    if source.suffix == ".xml":  # the formats with room for a goal and metadata keep them
        assert back.goal_fits()
        assert (original.goal is None or np.array_equal(back.goal, original.goal))
        assert back.metadata == original.metadata
        assert back.title == original.title


def test_one_drawing_in_every_format_reads_back_with_the_same_clues(tmp_path):
    rng = np.random.default_rng(25)
    solution = rng.random((7, 11)) < 0.5
    solution[3] = False  # an empty row
    solution[:, 4] = False  # and an empty column
    about = {"title": 'A "quoted" <title> & more', "by": "Me", "copyright": "© 2026 me"}
    expected = clues_of_grid(solution)
    for suffix in PUZZLE_SUFFIXES:
        write_puzzle(tmp_path / f"p{suffix}", solution, about)
        puzzle = read_puzzle_file(tmp_path / f"p{suffix}")
        assert (puzzle.row_clues, puzzle.column_clues) == expected, suffix
        assert (puzzle.width, puzzle.height) == (11, 7)
        if suffix in (".non", ".xml"):
            assert np.array_equal(puzzle.goal, solution)
            assert puzzle.metadata["by"] == "Me"
    xml = read_puzzle_file(tmp_path / "p.xml")
    assert xml.title == about["title"]
    assert xml.metadata["copyright"] == "© 2026 me"


def test_check_reads_every_format_and_checks_colour_puzzles_in_colour(capsys):
    assert run_check([str(FORMATS)], as_json=True) == 1  # sachovnice.g is MULT
    captured = capsys.readouterr()
    records = {(Path(record["path"]).name, record.get("puzzle")): record
               for record in map(json.loads, captured.out.splitlines())}
    assert records["webpbn-00001-dancer.xml", None]["verdict"] == "LINE"
    assert records["kocka.g", None]["verdict"] == "LINE"
    assert records["jwilk-data148.nin", None]["verdict"] == "LINE"
    assert records["sachovnice.g", None]["verdict"] == "MULT"
    assert records["ianprime0509-easy.xml", 1]["verdict"] == "BRANCH"  # each puzzle of a set is checked
    assert records["ianprime0509-easy.xml", 2]["kind"] == "colour"  # the colour puzzles in colour
    assert records["viceres.g", None]["kind"] == "colour"
    assert len(records["viceres.g", None]["palette"]) == 3
    assert records["viceres.g", None]["verdict"] == "MULT"  # as pbnsolve 1.10 says (found multiple solutions)
    assert records["kocka.g", None]["kind"] == "two-colour"
    assert not captured.err


def test_fix_writes_its_result_in_the_format_it_read(tmp_path, capsys):
    drawing = np.zeros((4, 4), dtype=bool)
    drawing[0, 0] = drawing[1, 1] = True  # two solutions
    write_puzzle_file(tmp_path / "switch.xml", drawing, "Switch", {"by": "Me"})
    assert run_fix(str(tmp_path / "switch.xml"), write=True) == 0
    fixed = read_puzzle_file(tmp_path / "switch-fixed.xml")
    assert fixed.title == "Switch"
    assert fixed.metadata == {"by": "Me"}
    assert fixed.goal_fits()
    assert "written:" in capsys.readouterr().out


def test_fix_solves_a_clue_only_file_first_and_writes_the_fix_in_its_format(tmp_path, capsys):
    source = tmp_path / "sachovnice.g"  # the 4x4 chessboard: two solutions, no goal
    source.write_bytes((FORMATS / "sachovnice.g").read_bytes())
    assert run_fix(str(source), write=True) == 0
    captured = capsys.readouterr()
    assert "no goal picture fits the clues; fixing the first solution of the clues" in captured.err
    fixed = tmp_path / "sachovnice-fixed.g"
    assert captured.out.splitlines()[-1] == f"written: {fixed}"
    assert run_check([str(fixed)]) == 0
    assert ": LINE" in capsys.readouterr().out


BILLION_LAUGHS = ('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
                  '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>'
                  '<puzzleset><puzzle><title>&lol2;</title></puzzle></puzzleset>')
EXTERNAL = ('<?xml version="1.0"?><!DOCTYPE p [<!ENTITY secret SYSTEM "file:///etc/passwd">]>'
            '<puzzleset><puzzle><title>&secret;</title></puzzle></puzzleset>')
ROWS_1 = '<clues type="rows"><line><count>1</count></line></clues>'
COLUMNS_1 = '<clues type="columns"><line><count>1</count></line></clues>'
MANGLED = [
    ("tiny.xml", "", "not well-formed XML"),
    ("tiny.xml", "<puzzleset><puzzle>", "not well-formed XML"),
    ("tiny.xml", BILLION_LAUGHS, "declares the entity 'lol'"),
    ("tiny.xml", EXTERNAL, "declares the entity 'secret'"),
    ("tiny.xml", "<puzzleset><puzzle><title>&bogus;</title></puzzle></puzzleset>", "undefined entity"),
    ("tiny.xml", "<html><body/></html>", "root element is <html>"),
    ("tiny.xml", '<?xml version="1.0" encoding="U0F-8"?><puzzleset/>', "the XML declares encoding U0F-8, which is not "
                 "supported (UTF-8, UTF-16 and single-byte encodings such as ISO-8859-1 are)"),
    ("tiny.xml", '<?xml version="1.0" encoding="UTF-7"?><puzzleset/>', "the XML declares encoding UTF-7, which is not "
                 "supported"),
    ("tiny.xml", "<puzzleset/>", "holds no <puzzle>"),
    ("tiny.xml", '<puzzleset><puzzle type="triddler"/></puzzleset>', "only grid puzzles"),
    ("tiny.xml", "<puzzleset><puzzle><title>x</title></puzzle></puzzleset>", "lacks row or column clues"),
    ("tiny.xml", f'<puzzleset><puzzle><color name="red" char="r">f0g</color>{ROWS_1}{COLUMNS_1}</puzzle></puzzleset>',
     "the colour 'red' is 'f0g', not a hex RGB value"),
    ("tiny.xml", f'<puzzleset><puzzle><color name="red" char="r">f00</color><clues type="rows"><line>'
                 f'<count color="white">1</count></line></clues>{COLUMNS_1}</puzzle><puzzle/></puzzleset>',
     "puzzle 1 of 2: row 1: the colour 'white'"),
    ("tiny.xml", '<puzzleset><puzzle><color name="red" char="r">f00</color><solution><image>|r?|</image></solution>'
                 "</puzzle></puzzleset>", "the goal picture holds '?', which are not colour characters"),
    ("tiny.xml", f'<puzzleset><puzzle>{ROWS_1}<clues type="columns"><line><count>2</count></line></clues>'
                 "</puzzle></puzzleset>", "column 1: the clue '2' does not fit in 1 cells"),
    ("tiny.xml", f"<puzzleset><puzzle>{ROWS_1}<clues type=\"columns\"><line><count>x</count></line></clues>"
                 "</puzzle></puzzleset>", "not whole numbers"),
    ("tiny.xml", f'<puzzleset><puzzle>{ROWS_1}{COLUMNS_1}<solution><image>|X.|</image></solution></puzzle>'
                 "</puzzleset>", "the goal picture is 2 x 1, but the clues are for 1 x 1"),
    ("tiny.xml", '<puzzleset><puzzle><solution><image>|X?|</image></solution></puzzle></puzzleset>',
     "the goal picture holds '?'"),
    ("tiny.xml", f"<puzzleset><puzzle>{ROWS_1}</puzzle></puzzleset>", "lacks row or column clues"),
    ("tiny.g", "no colon here\n1\n", "no line starting with ':'"),
    ("tiny.g", ":\n1\n1\n", "between the row and the column clues"),
    ("tiny.g", ":\n1m\n:\n1m\n:\n", "line 2 is not a two-colour clue"),
    ("tiny.g", "#t\n:\n1\n:\n1\n", "a triddler"),
    ("tiny.g", "#d\n a:a  nocolour\n:\n1a\n:\n1a\n", "line 2: 'nocolour' is not a colour name or #rrggbb"),
    ("tiny.g", "#d\n t:/  black/orange\n:\n1t\n:\n1t\n", "a triangle colour"),
    ("tiny.g", "#d\n a:a  red\n b:b blue\n:\n1c\n:\n1a\n", "line 5: the colour 'c' of the clue '1c' is not declared"),
    ("tiny.g", "#d\n a:a  red\n b:b blue\n:\n1a1b\n:\n1a\n", "line 5: '1a1b' is not a block"),
    ("tiny.g", ":\n3\n:\n1\n:\n", "line 2: the clue '3' does not fit in 1 cells"),
    ("tiny.g", ":\n:\n1\n:\n", "0 rows"),
    ("tiny.non", "width 2\nheight 1\ncolor a #ff00zz\nrows\n1a\ncolumns\n1a\n0\n",
     "line 3: a colour is declared as 'color a #ff0000'"),
    ("tiny.non", "width 2\nheight 1\ncolor a #ff0000\ncolor a #00ff00\nrows\n1a\ncolumns\n1a\n0\n",
     "line 4: the colour 'a' is declared twice"),
    ("tiny.non", "width 2\nheight 1\nrows\n2a,1b\ncolumns\n1a\n1a\n", "the clue '2a,1b' does not fit in 2 cells"),
    ("tiny.non", "width 2\nheight 1\nrows\n1a\ncolumns\n1a\n0\ngoal a?\n", "the goal holds '?'"),
    ("tiny.nonpack", "width 1\nheight 1\nrows\n1\ncolumns\n1\n====\nwidth 1\nrows\n1\ncolumns\n1\n",
     "puzzle 2 of 2: no 'height' line"),
    ("tiny.nin", "", "the file is empty"),
    ("tiny.nin", "ten 10\n", "the first line must be WIDTH HEIGHT"),
    ("tiny.nin", "2000 1\n", "2000 columns; a puzzle has between 1 and 1024"),
    ("tiny.nin", "2 2\n1\n1\n1\n", "3 clue lines, but 2 x 2 needs 2 row and 2 column clues (4)"),
    ("tiny.nin", "1 1\n1\n1,x\n", "line 3 is not a clue"),
    ("tiny.nin", "1 1\n1\n" + "9" * 5000 + "\n", "does not fit in 1 cells"),
]


@pytest.mark.parametrize("name, text, fault", MANGLED, ids=[f"{name}-{fault[:20]}" for name, _, fault in MANGLED])
def test_a_mangled_file_gets_a_message_naming_it_and_the_fault(tmp_path, capsys, name, text, fault):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(NonFormatError) as raised:
        read_puzzle_file(path)
    assert str(raised.value).startswith(f"{path}: not a valid ")
    assert fault in str(raised.value)
    assert run_check([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}: ")
    assert fault in err
    assert "Traceback" not in err


def test_a_file_larger_than_the_limit_is_not_read(tmp_path, monkeypatch):
    monkeypatch.setattr(non_format, "FILE_LIMIT", 1000)
    path = tmp_path / "big.xml"
    path.write_text("<puzzleset>" + " " * 2000 + "</puzzleset>")
    with pytest.raises(NonFormatError, match="too large for a puzzle file"):
        read_puzzle_file(path)


def test_webpbn_entities_of_its_dtd_are_read_without_fetching_it(tmp_path):
    path = tmp_path / "c.xml"
    path.write_text('<?xml version="1.0"?>\n<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">\n'
                    f"<puzzleset><puzzle><copyright>&copy; 2016</copyright>{ROWS_1}{COLUMNS_1}</puzzle></puzzleset>")
    assert read_puzzle_file(path).metadata == {"copyright": "© 2016"}


@pytest.mark.parametrize("suffix", PUZZLE_SUFFIXES)
def test_a_pipe_a_device_or_another_file_behind_a_puzzle_name_is_refused_quoting_nothing(tmp_path, suffix):
    os.mkfifo(tmp_path / f"pipe{suffix}")
    (tmp_path / f"zero{suffix}").symlink_to("/dev/zero")
    secret = tmp_path / "secret.txt"
    secret.write_bytes(b"root:x:0:0:root:/root:/bin/bash\n")
    (tmp_path / f"secret{suffix}").symlink_to(secret)
    for name, words in ((f"pipe{suffix}", "named pipe"), (f"zero{suffix}", "character device")):
        with pytest.raises(NonFormatError, match=words):
            read_puzzle_file(tmp_path / name)  # at once: a pipe is never waited on
    with pytest.raises(NonFormatError) as caught:
        read_puzzle_file(tmp_path / f"secret{suffix}")
    assert "root" not in str(caught.value).replace(str(tmp_path), "")


def test_a_webpbn_puzzle_with_only_its_goal_takes_the_clues_from_it(tmp_path):
    path = tmp_path / "goal.xml"
    path.write_text('<puzzleset><puzzle><color name="black" char="#">000</color>'
                    "<solution><image>\n|#.#|\n|.##|\n</image></solution></puzzle></puzzleset>")
    puzzle = read_puzzle_file(path)
    assert (puzzle.row_clues, puzzle.column_clues) == ([[1, 1], [2]], [[1], [1], [2]])
    assert puzzle.goal_fits()
