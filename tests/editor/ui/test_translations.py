"""The window's text can be translated without touching the code: pyside6-lupdate finds every
menu entry of the window and the texts of its docks, and a translation in the translations folder is loaded at start."""
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QTranslator
from PySide6.QtWidgets import QMenu

from editor.paths import ROOT
from editor.ui.identity import TRANSLATION_NAME, set_up_application

TOOLS = Path(sys.executable).parent  # pyside6-lupdate and pyside6-lrelease come with PySide6
GERMAN = {("MainWindow", "&Help"): "&Hilfe", ("MainWindow", "&Test-Solve…"): "&Probelösen…",
          ("EditTools", "&Pen"): "&Stift", ("SolverPanel", "Show the other solution"): "Die andere Lösung zeigen",
          ("AssistPanel", "Make it harder"): "Schwerer machen"}


def extracted(tmp_path) -> set[tuple[str, str]]:
    """(context, text) of every string pyside6-lupdate finds in the window's code and the plugins' docks."""
    ts = tmp_path / "all.ts"
    sources = [*(ROOT / "editor" / "ui").glob("*.py"), *(ROOT / "plugins").glob("*/panel.py"),
               *(ROOT / "plugins").glob("*/canvas.py")]
    subprocess.run([TOOLS / "pyside6-lupdate", *sorted(map(str, sources)), "-ts", ts], check=True, capture_output=True)
    return {(context.findtext("name"), message.findtext("source"))
            for context in ET.parse(ts).getroot().iter("context") for message in context.iter("message")}


def window_menu_texts(window) -> set[str]:
    """The titles of the menus and the entries the window and its tools put in them."""
    texts = set()
    menus = [action.menu() for action in window.menuBar().actions()]
    while menus:
        menu = menus.pop()
        texts.add(menu.title())
        for action in menu.actions():
            if isinstance(action.menu(), QMenu):
                menus.append(action.menu())
            elif action.parent() in (window, window.tools) and action.text():
                texts.add(action.text())
    return texts


def test_every_menu_entry_of_the_window_is_found_by_lupdate(window, tmp_path):
    texts = window_menu_texts(window)
    assert {"&Help", "&About", "&Tools", "&Pen", "S&ymmetry", "Both"} <= texts
    assert sorted(texts - {text for _context, text in extracted(tmp_path)}) == []


def test_the_texts_of_the_docks_are_found_by_lupdate(tmp_path):
    found = extracted(tmp_path)
    assert {("SolverPanel", "Show the other solution"), ("SolverPanel", "Solver"),
            ("AssistPanel", "Make it line-solvable"), ("PuzzlePanel", "No solution yet"),
            ("PlayWindow", "&Hint"), ("VoxelPanel", "Count all"), ("CubePanel", "Random garden"),
            ("PyramidPanel", "The pyramid puzzle"), ("GardenCanvas", "No garden yet"),
            ("LayerView", "all layers")} <= found


@pytest.fixture
def german(qapp, tmp_path):
    """A German translation in a translations folder, loaded as at start-up; removed after."""
    root = ET.Element("TS", version="2.1", language="de_DE")
    for context_name in {context for context, _ in GERMAN}:
        context = ET.SubElement(root, "context")
        ET.SubElement(context, "name").text = context_name
        for (in_context, source), translation in GERMAN.items():
            if in_context == context_name:
                message = ET.SubElement(context, "message")
                ET.SubElement(message, "source").text = source
                ET.SubElement(message, "translation").text = translation
    folder = tmp_path / "translations"
    folder.mkdir()
    ET.ElementTree(root).write(tmp_path / "de.ts", encoding="utf-8", xml_declaration=True)
    subprocess.run([TOOLS / "pyside6-lrelease", tmp_path / "de.ts", "-qm", folder / f"{TRANSLATION_NAME}_de.qm"],
                   check=True, capture_output=True)
    set_up_application(qapp, translations=folder, locale=QLocale(QLocale.German, QLocale.Germany))
    yield
    for translator in qapp.findChildren(QTranslator):
        qapp.removeTranslator(translator)
        translator.deleteLater()


def test_a_translation_in_the_translations_folder_translates_the_menus(german, window):
    titles = [action.text() for action in window.menuBar().actions()]
    assert "&Hilfe" in titles and "&Help" not in titles
    assert window.tools.tool_actions["pen"].text() == "&Stift"
    level_menu = window.menuBar().actions()[titles.index("&Level")].menu()
    assert "&Probelösen…" in [action.text() for action in level_menu.actions()]


def test_a_translation_translates_the_docks(german, window):
    assert window.solver_dock.widget().alternative_button.text() == "Die andere Lösung zeigen"
    assert window.assist_dock.widget().harder_button.text() == "Schwerer machen"


def test_without_a_translation_for_the_language_the_text_stays_english(qapp, tmp_path, window):
    set_up_application(qapp, translations=tmp_path, locale=QLocale(QLocale.German, QLocale.Germany))
    assert not qapp.findChildren(QTranslator)


