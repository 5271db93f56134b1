"""Printable sheets: pixels of the PNG, the SVG parsed, the PDF opened."""
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from PySide6.QtGui import QImage

from nonogram_editor.level.clues import clues
from nonogram_editor.publish.sheets import write_sheet

PICTURE = np.array([[1, 1, 0, 1, 0, 0, 1],
                    [0, 0, 0, 0, 0, 0, 0],
                    [1, 1, 1, 1, 1, 1, 1],
                    [1, 0, 1, 0, 1, 0, 1]], dtype=bool)
ROWS, COLUMNS = clues(PICTURE)


def _dark(image: QImage, rect) -> int:
    """Dark pixels inside ``rect`` (a cell, shrunk so the grid lines around it stay out)."""
    inset = rect.adjusted(rect.width() * 0.2, rect.height() * 0.2, -rect.width() * 0.2, -rect.height() * 0.2)
    count = 0
    for y in range(int(inset.top()), int(inset.bottom())):
        for x in range(int(inset.left()), int(inset.right())):
            count += image.pixelColor(x, y).lightness() < 100
    return count


@pytest.mark.parametrize("with_solution", [False, True])
def test_png_sheet_has_the_clue_digits_and_the_right_cells(qapp, tmp_path, with_solution):
    from nonogram_editor.publish.sheets import SheetLayout

    path = tmp_path / "sheet.png"
    write_sheet(path, ROWS, COLUMNS, "Specks", PICTURE if with_solution else None)
    image = QImage(str(path))
    assert (image.width(), image.height()) == (1240, 1754)  # A4 at 150 dpi
    layout = SheetLayout.for_clues(ROWS, COLUMNS, image.width(), image.height())
    assert _dark(image, layout.title_rect()) > 100
    for row, clue in enumerate(ROWS):
        for slot in range(layout.row_clue_cells):
            has_number = slot < max(1, len(clue))  # an empty line shows 0
            assert (_dark(image, layout.row_clue_cell(row, slot)) > 5) == has_number, (row, slot)
    for column, clue in enumerate(COLUMNS):
        for slot in range(layout.column_clue_cells):
            assert (_dark(image, layout.column_clue_cell(column, slot)) > 5) == (slot < max(1, len(clue)))
    for row, column in np.ndindex(PICTURE.shape):
        rect = layout.grid_cell(row, column)
        inside = rect.width() * 0.6 * rect.height() * 0.6
        expected = with_solution and PICTURE[row, column]
        assert _dark(image, rect) > 0.9 * inside if expected else _dark(image, rect) == 0


def test_svg_sheet_parses_with_title_and_every_clue_number(qapp, tmp_path):
    path = tmp_path / "sheet.svg"
    write_sheet(path, ROWS, COLUMNS, "Specks")
    root = ET.parse(path).getroot()
    ns = {"svg": "http://www.w3.org/2000/svg"}
    assert root.get("width").endswith("mm")
    assert root.find("svg:title", ns).text == "Specks"
    texts = [element.text.strip() for element in root.iter("{http://www.w3.org/2000/svg}text")]
    expected = [str(n) for clue in ROWS + COLUMNS for n in (clue or [0])]
    assert texts[0] == "Specks"
    assert sorted(texts[1:]) == sorted(expected)


def test_pdf_sheet_is_an_a4_pdf(qapp, tmp_path):
    path = tmp_path / "sheet.pdf"
    write_sheet(path, ROWS, COLUMNS, "Specks", PICTURE)
    data = path.read_bytes()
    assert data.startswith(b"%PDF-1.")
    assert data.rstrip().endswith(b"%%EOF")
    assert b"/MediaBox [0 0 595" in data
    assert b"/Type /Page" in data


def test_bad_targets_say_what_is_wrong(qapp, tmp_path):
    with pytest.raises(ValueError, match="png, .svg or .pdf"):
        write_sheet(tmp_path / "sheet.txt", ROWS, COLUMNS)
    for suffix in (".png", ".svg", ".pdf"):
        with pytest.raises(OSError, match="missing.*No such file or directory"):
            write_sheet(tmp_path / "missing" / f"sheet{suffix}", ROWS, COLUMNS)
    assert list(tmp_path.iterdir()) == []


def test_colour_sheets_print_each_number_on_its_colour_and_the_picture(qapp, tmp_path):
    from nonogram_editor.level.colour import colour_clues
    from nonogram_editor.publish.sheets import SheetLayout

    palette = [(255, 255, 255), (250, 215, 50), (40, 40, 160)]  # a light and a dark colour
    grid = np.array([[1, 1, 0, 2], [0, 2, 2, 0], [1, 0, 0, 1]])
    rows, columns = ([[(n, palette[c]) for n, c in line] for line in lines] for lines in colour_clues(grid))
    picture = np.asarray(palette, dtype=np.uint8)[grid]
    for solution in (None, picture):
        path = tmp_path / "colour.png"
        write_sheet(path, rows, columns, "Colour", solution)
        image = QImage(str(path))
        layout = SheetLayout.for_clues(rows, columns, image.width(), image.height())
        for row, clue in enumerate(rows):
            for slot, (_length, rgb) in enumerate(reversed(clue)):
                rect = layout.row_clue_cell(row, slot)
                corner = image.pixelColor(int(rect.x() + rect.width() * 0.15), int(rect.y() + rect.height() * 0.15))
                assert (corner.red(), corner.green(), corner.blue()) == rgb  # the swatch
                lightness = [image.pixelColor(int(rect.x() + rect.width() * x / 20),
                                              int(rect.y() + rect.height() * y / 20)).lightness()
                             for x in range(4, 17) for y in range(4, 17)]
                if rgb == palette[1]:  # black digits on yellow, white ones on dark blue
                    assert min(lightness) < 60
                else:
                    assert max(lightness) > 200
        for (row, column), index in np.ndenumerate(grid):
            centre = layout.grid_cell(row, column).center()
            pixel = image.pixelColor(int(centre.x()), int(centre.y()))
            expected = palette[index] if solution is not None else (255, 255, 255)
            assert (pixel.red(), pixel.green(), pixel.blue()) == expected
