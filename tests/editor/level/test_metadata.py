"""Title, author, copyright and catalogue beside a level, through .non import and export."""
import numpy as np

from nonogram_editor.level import Level, load_level, save_level
from nonogram_editor.level.metadata import about_of_non, about_path, format_about, non_metadata, read_about
from nonogram_editor.level.non_format import read_non, write_non


def write_about(level, about):
    save_level(load_level(level), level, format_about(about).encode())


def test_metadata_round_trip_beside_the_trio(tmp_path):
    level = tmp_path / "cat.level"
    save_level(Level.blank(3, 2), level)
    trio = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert read_about(level) == {}
    about = {"title": 'The "Cat"', "by": "Jan Wolter", "copyright": "(c) 2004", "catalogue": "#6", "license": "CC"}
    write_about(tmp_path / "cat.pbm", about)  # any of the trio names the level
    assert about_path(level) == tmp_path / "cat.about"
    assert read_about(level) == about | {"title": "The 'Cat'"}
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.suffix != ".about"} == trio  # game files untouched
    assert load_level(level) == Level.blank(3, 2)
    write_about(level, {})
    assert read_about(level) == {}
    assert not about_path(level).exists()


def test_non_metadata_survives_import_and_export(tmp_path):
    source = tmp_path / "in.non"
    source.write_text('title "Skid"\nby "Someone"\ncatalogue "#21"\ncopyright "(c) me"\n'
                      "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"10\"\n")
    about = about_of_non(read_non(source))
    assert about == {"title": "Skid", "by": "Someone", "catalogue": "#21", "copyright": "(c) me"}
    save_level(Level.blank(2, 1), tmp_path / "skid.level", format_about(about).encode())
    title, metadata = non_metadata(read_about(tmp_path / "skid.level"))
    write_non(tmp_path / "out.non", np.array([[1, 0]], dtype=bool), title, metadata)
    assert about_of_non(read_non(tmp_path / "out.non")) == about
