"""``nonogram-editor pack FOLDER``: the table, --json, --export, exit statuses (in this process:
the command is Qt-free; the verdict cache goes to a private cache folder)."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from nonogram_editor.cli.run import run_command
from nonogram_editor.level.puzzle_formats import read_puzzles

DATA = Path(__file__).resolve().parents[2] / "data" / "pack"
LEVELS = Path(__file__).resolve().parents[3] / "levels"


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_the_table_is_in_play_order_with_warnings_under_their_rows_and_a_bad_file_exits_2(capsys):
    assert run_command(["pack", str(DATA)]) == 2
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].split() == ["#", "file", "title", "size", "colours", "verdict", "grade", "cleared"]
    assert lines[1].split() == ["1", "cross.level", "Cross", "5x5", "2", "LINE", "1.1", "no"]
    assert lines[2].split()[:6] == ["2", "boat-mirrored.non", "Boat", "mirrored", "6x5", "2"]
    assert lines[3].strip() == "warning: same picture as boat-turned.level, mirrored or turned"
    assert "broken.non" in err
    assert err.startswith("error: ")
    assert "Traceback" not in err


def test_a_pack_of_line_levels_exits_0_and_a_second_run_reads_the_cache(capsys, private_cache):
    assert run_command(["pack", str(LEVELS)]) == 0
    first = capsys.readouterr().out
    assert "cat.level" in first
    assert list(private_cache.rglob("*.json"))
    assert run_command(["pack", str(LEVELS)]) == 0
    assert capsys.readouterr().out == first


def test_warnings_without_unreadable_files_exit_1(tmp_path, capsys):
    folder = tmp_path / "pack"
    shutil.copytree(DATA, folder)
    (folder / "broken.non").unlink()
    assert run_command(["pack", str(folder), "--no-grade"]) == 1
    out = capsys.readouterr().out
    assert "same clues as swap-b.non" in out
    assert "1.1" not in out


def test_json_is_one_object_with_every_entry(capsys):
    assert run_command(["pack", str(DATA), "--json"]) == 2
    data = json.loads(capsys.readouterr().out)
    entries = data["entries"]
    assert [entry["file"] for entry in entries][:2] == ["cross.level", "boat-mirrored.non"]
    boat = entries[3]
    assert (boat["title"], boat["width"], boat["height"], boat["cleared"], boat["verdict"]) == \
        ("Boat", 6, 5, True, "LINE")
    assert "broken.non" in entries[4]["error"]
    assert "verdict" not in entries[4]
    assert entries[5]["verdict"] == "MULT"
    assert entries[5]["warnings"][0].startswith("not unique")


def test_export_writes_the_pack_in_play_order(tmp_path, capsys):
    target = tmp_path / "set.nonpack"
    assert run_command(["pack", str(LEVELS), "--export", str(target)]) == 0
    assert f"exported 6 puzzles to {target}" in capsys.readouterr().out
    assert [puzzle.title for puzzle in read_puzzles(target)] == \
        ["cat", "heart", "house", "mushroom", "rocket", "sailboat"]


def test_export_as_a_web_page_and_a_booklet_in_play_order(tmp_path, capsys, qapp):  # qapp: the booklet's Qt
    """The web page embeds every puzzle in play order; the booklet (Qt, loaded only for it)
    has the puzzles' pages and then their solutions', titled in play order."""
    page, booklet = tmp_path / "pack.html", tmp_path / "booklet.pdf"
    assert run_command(["pack", str(LEVELS), "--export", str(page)]) == 0
    assert run_command(["pack", str(LEVELS), "--export", str(booklet)]) == 0
    html = page.read_text(encoding="utf-8")
    titles = ["cat", "heart", "house", "mushroom", "rocket", "sailboat"]
    places = [html.index(f'"{title}"') for title in titles]
    assert places == sorted(places)
    assert f"<title>{LEVELS.name}" in html
    text = subprocess.run(["pdftotext", "-layout", str(booklet), "-"], capture_output=True, text=True,
                          check=True).stdout
    numbered = [f"{number}. {title}" for number, title in enumerate(titles, 1)]
    headings = [line.strip() for line in text.splitlines() if line.strip() in numbered]  # the puzzles' pages
    assert headings == numbered
    solutions = [line.strip() for line in text.splitlines() if line.strip().startswith("Solution ")]
    assert solutions == [f"Solution {heading}" for heading in numbered]


def test_a_booklet_puts_per_page_puzzles_to_a_page(tmp_path, capsys, qapp):
    """6 levels: a title page, then their pages and their solutions' pages, 1 or 4 to a page."""
    def pages(per_page: int) -> int:
        booklet = tmp_path / f"booklet-{per_page}.pdf"
        assert run_command(["pack", str(LEVELS), "--export", str(booklet), "--per-page", str(per_page)]) == 0
        info = subprocess.run(["pdfinfo", str(booklet)], capture_output=True, text=True, check=True).stdout
        return int(next(line.split()[1] for line in info.splitlines() if line.startswith("Pages:")))

    assert pages(1) == 1 + 6 + 6
    assert pages(4) == 1 + 2 + 2


@pytest.mark.parametrize("arguments, message", [
    (["pack", "missing-folder"], "missing-folder: not a usable folder: the folder does not exist"),
    (["pack", str(LEVELS), "--export", "booklet.doc"],
     "booklet.doc: a pack is exported as .nonpack, .xml, .html, .pdf"),
])
def test_a_bad_folder_or_export_is_one_line_and_exit_2(arguments, message, capsys):
    assert run_command(arguments + ["--json"]) == 2
    out, err = capsys.readouterr()
    assert message in json.loads(out)["error"]
    assert err.startswith("error: ")
    assert message in err
