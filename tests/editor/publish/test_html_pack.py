"""The exported web page: what it holds, and a pack played to the end in headless Chromium.

The browser is Debian's ``chromium`` driven through its ``chromedriver`` by selenium (the test
script's system packages); the clicks, drags and keys are real input events in the page.
"""
from __future__ import annotations

import io
import re
import shutil

import numpy as np
import pytest
from PIL import Image

from nonogram_editor.infra.paths import ROOT
from nonogram_editor.level.colour import ColourPuzzle
from nonogram_editor.level.model import load_level
from nonogram_editor.level.non_format import NonPuzzle
from nonogram_editor.publish.html_pack import html_page, level_puzzle, pack_data, write_html_pack

RED, GREEN, BLUE, YELLOW = (220, 30, 30), (30, 170, 60), (40, 60, 200), (240, 220, 40)
WHITE = (255, 255, 255)

# A diagonal: the anti-diagonal fits the same clues, and wins too. Its reward picture is four colours.
DIAGONAL = NonPuzzle(2, 2, [[1], [1]], [[1], [1]], np.eye(2, dtype=bool), "Diagonal")
DIAGONAL_PICTURE = np.array([[RED, GREEN], [BLUE, YELLOW]], dtype=np.uint8)
# The hook, ####  rows 4 / 1 / 1 2, columns 3 / 1 / 1 1 / 1 1 (unique)
#           #...
#           #.##
HOOK = NonPuzzle(4, 3, [[4], [1], [1, 2]], [[3], [1], [1, 1], [1, 1]], title="Hook")
# A colour puzzle: red red blue / . blue blue
COLOURS = ColourPuzzle.of_grid(np.array([[1, 1, 2], [0, 2, 2]]), [WHITE, RED, BLUE], "Flag")


def test_the_page_is_one_self_contained_file(tmp_path):
    path = tmp_path / "pack.html"
    write_html_pack(path, [DIAGONAL, HOOK, COLOURS], title="Tiny </script> & <b>pack</b>",
                    pictures=[DIAGONAL_PICTURE, None, None])
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"""\s(src|href)\s*=|<link|@import|url\(|https?:""", text)  # nothing to fetch
    assert text.lower().count("</script>") == 2  # the data's and the player's, nothing of the title
    assert "<title>Tiny &lt;/script&gt; &amp; &lt;b&gt;pack&lt;/b&gt;</title>" in text
    assert "function markLines()" in text
    assert "#board" in text


def test_the_data_holds_clues_palettes_and_pictures_in_order():
    data = pack_data([DIAGONAL, HOOK, COLOURS], "Tiny", [DIAGONAL_PICTURE, None, None])
    diagonal, hook, colours = data["puzzles"]
    assert [p["title"] for p in data["puzzles"]] == ["Diagonal", "Hook", "Flag"]
    assert hook["rows"] == [[[4, 1]], [[1, 1]], [[1, 1], [2, 1]]]
    assert hook["colour"] is False
    assert colours["palette"] == ["#ffffff", "#dc1e1e", "#283cc8"]
    assert colours["colour"] is True
    assert colours["columns"] == [[[1, 1]], [[1, 1], [1, 2]], [[2, 2]]]
    shown = diagonal["picture"]
    assert [shown["colours"][i] for i in shown["cells"]] == ["#dc1e1e", "#1eaa3c", "#283cc8", "#f0dc28"]
    assert hook["picture"] is None
    assert len({p["id"] for p in data["puzzles"]}) == 3
    untitled = pack_data([NonPuzzle(1, 1, [[1]], [[1]])])
    assert untitled["title"] == "Nonograms"
    assert untitled["puzzles"][0]["title"] == "Puzzle 1"


def test_a_level_brings_its_reward_picture():
    level = load_level(ROOT / "levels" / "cat.level")
    puzzle, picture = level_puzzle(level, {"title": "Cat"})
    assert isinstance(puzzle, NonPuzzle)
    assert puzzle.title == "Cat"
    assert puzzle.goal_fits()
    assert picture is level.picture
    colour, none = level_puzzle(level, {"kind": "colour", "background": "#ffffff"})
    assert isinstance(colour, ColourPuzzle)
    assert none is None


def test_bad_input_and_targets_say_what_is_wrong(tmp_path):
    with pytest.raises(ValueError, match="at least one puzzle"):
        html_page([])
    with pytest.raises(ValueError, match="1 pictures for 2 puzzles"):
        html_page([DIAGONAL, HOOK], pictures=[None])
    with pytest.raises(ValueError, match=r"puzzle 2 \(Hook\): its picture is 2x2, the puzzle 4x3"):
        html_page([DIAGONAL, HOOK], pictures=[None, DIAGONAL_PICTURE])
    with pytest.raises(OSError, match="missing.*No such file or directory"):
        write_html_pack(tmp_path / "missing" / "pack.html", [HOOK])
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------ played in Chromium
@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    needed = "Debian's chromium and chromium-driver are needed (resources/scripts/test installs them)"
    assert binary, needed
    assert driver_path, needed
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1200,900",
                     "--force-device-scale-factor=1", f"--user-data-dir={tmp_path_factory.mktemp('chromium')}"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    yield driver
    driver.quit()


def _cells(driver):
    return driver.find_elements("css selector", "#board td.cell")


def _states(driver, width):
    """The board as text: '#' filled (any colour), 'x' crossed, '.' empty, a row a string."""
    states = driver.execute_script(
        "return Array.from(document.querySelectorAll('#board td.cell'), td =>"
        " td.classList.contains('cross') ? 'x' : (td.style.background ? '#' : '.'))")
    return ["".join(states[i:i + width]) for i in range(0, len(states), width)]


def _pixels(driver, cells):
    """The colour on screen at each cell's centre (from a screenshot: what the player sees)."""
    image = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
    return [image.getpixel((int(c.rect["x"] + c.rect["width"] / 2), int(c.rect["y"] + c.rect["height"] / 2)))
            for c in cells]


def _status(driver):
    return driver.find_element("id", "status").text


def _open(driver, number):
    driver.find_elements("css selector", "#puzzle-list button")[number].click()


def test_a_pack_is_played_to_the_end_with_mouse_and_keys(browser, tmp_path):
    from selenium.webdriver import ActionChains
    from selenium.webdriver.common.keys import Keys

    path = tmp_path / "pack.html"
    write_html_pack(path, [DIAGONAL, HOOK, COLOURS], title="Tiny", pictures=[DIAGONAL_PICTURE, None, None])
    browser.get(path.as_uri())
    assert browser.title == "Tiny"
    assert browser.find_element("id", "progress").text == "0 of 3 solved"
    actions = lambda: ActionChains(browser)  # noqa: E731
    keys = lambda *sequence: actions().send_keys(*sequence).perform()  # noqa: E731
    undo = lambda: actions().key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()  # noqa: E731
    redo = lambda: actions().key_down(Keys.CONTROL).send_keys("y").key_up(Keys.CONTROL).perform()  # noqa: E731

    # 1. The diagonal, solved the other way round: the clues decide, and its picture shows.
    assert browser.find_element("id", "puzzle-title").text == "Diagonal"
    assert not browser.find_element("id", "palette").is_displayed()  # one ink: nothing to choose
    cells = _cells(browser)
    actions().click(cells[1]).perform()
    assert _status(browser) == ""
    actions().click(cells[2]).perform()
    assert _status(browser) == "Solved!"
    assert _pixels(browser, _cells(browser)) == [RED, GREEN, BLUE, YELLOW]
    assert "solved" in browser.find_elements("css selector", "#puzzle-list li")[0].get_attribute("class")

    # 2. The hook: a drag fills the top row in one undoable step; right button and x cross.
    browser.find_element("id", "next").click()
    assert browser.find_element("id", "puzzle-title").text == "Hook"
    cells = _cells(browser)
    actions().click_and_hold(cells[0]).move_to_element(cells[2]).move_to_element(cells[3]).release().perform()
    assert _states(browser, 4) == ["####", "....", "...."]
    undo()
    assert _states(browser, 4) == ["....", "....", "...."]
    redo()
    assert _states(browser, 4) == ["####", "....", "...."]
    actions().context_click(cells[5]).perform()  # row 2, column 2
    actions().click_and_hold(cells[6]).move_to_element(cells[7]).release().perform()  # a wrong fill ...
    assert _states(browser, 4) == ["####", ".x##", "...."]
    undo()  # ... taken back
    browser.find_element("id", "check").click()
    assert _status(browser) == "Not yet: 2 of 3 rows and 3 of 4 columns do not fit their clues."
    # the cursor is where the last click was (row 2, column 2): the keyboard does the rest
    keys(Keys.LEFT, Keys.LEFT, " ", Keys.RIGHT, Keys.RIGHT, "x", Keys.RIGHT, "x", Keys.DOWN, " ", Keys.LEFT, " ")
    assert _states(browser, 4) == ["####", "#xxx", "..##"]
    assert _status(browser) == ""
    keys(Keys.LEFT, "x", Keys.LEFT, " ")
    assert _status(browser) == "Solved!"
    hook = [(0, 0, 0)] * 5 + [WHITE] * 3 + [(0, 0, 0), WHITE, (0, 0, 0), (0, 0, 0)]
    assert _pixels(browser, _cells(browser)) == hook

    # 3. The colour puzzle: digits choose a colour; the player's picture is the reward.
    browser.find_element("id", "next").click()
    cells = _cells(browser)
    assert browser.find_element("id", "puzzle-title").text == "Flag"
    assert [b.text for b in browser.find_elements("css selector", "#palette button") if b.is_displayed()] == ["1", "2"]
    actions().click_and_hold(cells[0]).move_to_element(cells[1]).release().perform()
    keys("2")
    actions().click(cells[2]).click(cells[4]).click(cells[5]).perform()
    assert _status(browser) == "Solved!"
    assert _pixels(browser, cells) == [RED, RED, BLUE, WHITE, BLUE, BLUE]
    assert browser.find_element("id", "progress").text == "3 of 3 solved"
    assert not browser.find_element("id", "next").is_displayed()  # nothing left to play

    # Progress stays in the browser: the page opened again knows every puzzle is solved.
    browser.get(path.as_uri())
    assert browser.find_element("id", "progress").text == "3 of 3 solved"
    assert browser.find_element("id", "puzzle-title").text == "Flag"
    assert _status(browser) == "Solved!"
    _open(browser, 1)
    assert _pixels(browser, _cells(browser)) == hook
    assert _status(browser) == "Solved!"
    browser.find_element("id", "restart").click()
    assert _states(browser, 4) == ["....", "....", "...."]
    assert browser.find_element("id", "progress").text == "2 of 3 solved"
