"""The window's text can be translated without touching the code: pyside6-lupdate finds every
menu entry of the window, the texts of its docks and those the Qt-free core composes, and a translation
in the translations folder is loaded at start."""
import ast
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QTranslator
from PySide6.QtWidgets import QMenu

from nonogram_editor.infra.paths import ROOT
from nonogram_editor.nonogram.verdict import Kind
from nonogram_editor.ui.identity import TRANSLATION_NAME, set_up_application
from tests.editor.ui.test_solver_panel import draw_a_switch

TOOLS = Path(sys.executable).parent  # pyside6-lupdate and pyside6-lrelease come with PySide6
GERMAN = {("MainWindow", "&Help"): "&Hilfe", ("MainWindow", "&Test-Solve…"): "&Probelösen…",
          ("EditTools", "&Pen"): "&Stift", ("SolverPanel", "Show the other solution"): "Die andere Lösung zeigen",
          ("AssistPanel", "Make it harder"): "Schwerer machen",
          ("Verdict", "Not unique: more than one picture fits"): "Nicht eindeutig: mehr als ein Bild passt",
          ("Verdict", "Line logic gets stuck after {0} with {1} still open (shaded)."):
              "Die Zeilenlogik bleibt nach {0} mit {1} offen stecken (schattiert).",
          ("Verdict", "%n sweep(s)"): ("%n Durchgang", "%n Durchgängen"),  # numerus forms: one, other
          ("Verdict", "%n cell(s)"): ("%n Zelle", "%n Zellen"),
          ("Verdict", "{0} Another picture fits the same clues; it differs in %n cell(s). {1}"):
              ("{0} Ein anderes Bild passt zu denselben Zahlen; es weicht in %n Zelle ab. {1}",
               "{0} Ein anderes Bild passt zu denselben Zahlen; es weicht in %n Zellen ab. {1}"),
          ("Verdict", "(checked in {0})"): "(geprüft in {0})"}
CORE = ["editor/infra/wording.py", "editor/nonogram/*.py"]  # the Qt-free modules whose texts the user reads
# Qt calls whose string arguments the user reads (a title, a label, a menu entry, a tree row, a status message)
TEXT_CALLS = {"setWindowTitle", "addAction", "addMenu", "QAction", "QMenu", "QLabel", "QPushButton", "QCheckBox",
              "QRadioButton", "QGroupBox", "QTreeWidgetItem", "setText", "setTitle", "setToolTip", "setStatusTip",
              "setPlaceholderText", "setHeaderLabels", "showMessage", "addRow", "addTab", "addItem", "addItems"}


def qt_sources() -> list[Path]:
    """The window's code, the plugins' docks and canvases, the moves' player they share, and the booklet."""
    return sorted([*(ROOT / "editor" / "ui").glob("*.py"), ROOT / "editor" / "scene3d" / "player.py",
                   *(ROOT / "editor" / "publish").glob("*.py"),
                   *(ROOT / "plugins").glob("*/panel.py"), *(ROOT / "plugins").glob("*/canvas.py")])


def extracted(tmp_path) -> set[tuple[str, str]]:
    """(context, text) of every string pyside6-lupdate finds in the window's code and the plugins' docks."""
    ts = tmp_path / "all.ts"
    sources = [*qt_sources(), *(path for pattern in CORE for path in ROOT.glob(pattern))]
    subprocess.run([TOOLS / "pyside6-lupdate", *sorted(map(str, sources)), "-ts", ts], check=True, capture_output=True)
    return {(context.findtext("name"), message.findtext("source"))
            for context in ET.parse(ts).getroot().iter("context") for message in context.iter("message")}


def numerus(tmp_path) -> set[tuple[str, str]]:
    """(context, text) of the strings lupdate marks as counted (translated with each plural form)."""
    extracted(tmp_path)
    return {(context.findtext("name"), message.findtext("source"))
            for context in ET.parse(tmp_path / "all.ts").getroot().iter("context")
            for message in context.iter("message") if message.get("numerus") == "yes"}


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


def literal_words(node: ast.expr) -> str:
    """The words a literal (a string, an f-string's fixed parts, a list of them) puts on screen as it is,
    markup and format fields left out; "" for anything else (a call of tr(), a variable)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = " ".join(part.value for part in node.values if isinstance(part, ast.Constant))
    elif isinstance(node, (ast.List, ast.Tuple)):
        text = " ".join(map(literal_words, node.elts))
    else:
        return ""
    return " ".join(re.findall(r"[A-Za-z]{2,}", re.sub(r"<[^>]*>|&\w+;", " ", text)))


def untranslated_literals(source: str) -> list[str]:
    """``line: call('words')`` for each text call in ``source`` given a literal instead of tr()'s result."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            words = [literal_words(argument) for argument in node.args] if name in TEXT_CALLS else []
            found += [f"{node.lineno}: {name}({w!r})" for w in words if w]
    return found


def test_no_text_reaches_the_screen_as_a_literal_without_tr():
    # lupdate finds only what tr()/QT_TRANSLATE_NOOP marks, and the menu test above sees only the
    # window's own menus: a dialog's title or a label written as a plain string slipped past both.
    probe = ('dialog.setWindowTitle("Level info")\nmenu.addAction(self.tr("Plugins…"))\n'
             'tree.setHeaderLabels([self.tr("Plugin"), "Provides"])\nlabel.setText(f"<b>{name}</b>")\n'
             'layout.addWidget(QLabel(f"Plugins come from {group}.", self))\n')
    assert untranslated_literals(probe) == ["1: setWindowTitle('Level info')", "3: setHeaderLabels('Provides')",
                                            "5: QLabel('Plugins come from')"]
    assert [f"{path.relative_to(ROOT)}:{problem}" for path in qt_sources()
            for problem in untranslated_literals(path.read_text())] == []


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
                if isinstance(translation, tuple):
                    message.set("numerus", "yes")
                    forms = ET.SubElement(message, "translation")
                    for form in translation:
                        ET.SubElement(forms, "numerusform").text = form
                else:
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
    assert "&Hilfe" in titles
    assert "&Help" not in titles
    assert window.tools.tool_actions["pen"].text() == "&Stift"
    level_menu = window.menuBar().actions()[titles.index("&Level")].menu()
    assert "&Probelösen…" in [action.text() for action in level_menu.actions()]


def test_a_translation_translates_the_docks(german, window):
    assert window.solver_dock.widget().alternative_button.text() == "Die andere Lösung zeigen"
    assert window.assist_dock.widget().harder_button.text() == "Schwerer machen"


def test_without_a_translation_for_the_language_the_text_stays_english(qapp, tmp_path, window):
    set_up_application(qapp, translations=tmp_path, locale=QLocale(QLocale.German, QLocale.Germany))
    assert not qapp.findChildren(QTranslator)


def test_the_texts_of_the_qt_free_core_are_found_by_lupdate(tmp_path):
    counted = numerus(tmp_path)
    found = extracted(tmp_path)
    assert {("Verdict", "Unique: line logic solves it"), ("Verdict", "(checked in {0})"),
            ("Suggestion", "uniqueness not checked"), ("Plan", "no edit gets line logic further"),
            ("Effects", "Stopped looking after {0:g} s: tried {1:,} of {2:,} single-cell edits (the most promising "
                        "first).")} <= found
    assert {("Verdict", "%n cell(s)"), ("Suggestion", "line logic settles %n more cell(s)"),
            ("Plan", "%n edit(s)"), ("SolvePath", "%n step(s)"),
            ("Counts", "Apply a proposal of %n edit(s)")} <= counted
    assert ("Booklet", "Solution {0}") in found  # the printed booklet's
    assert ("Booklet", "%n puzzle(s)") in counted


def test_a_translation_translates_the_verdict_the_core_describes(german, window, qtbot):
    verdict = draw_a_switch(qtbot, window)
    assert verdict.kind == Kind.MULT
    panel = window.solver_dock.widget()
    assert "Nicht eindeutig: mehr als ein Bild passt" in panel.verdict_label.text()

    def german_count(count, one, other):
        return f"{count} {one if count == 1 else other}"
    sweeps = german_count(verdict.sweeps, "Durchgang", "Durchgängen")
    cells = german_count(verdict.open_cells, "Zelle", "Zellen")
    differing = german_count(int(verdict.differing.sum()), "Zelle", "Zellen")
    assert panel.details_label.text().startswith(
        f"Die Zeilenlogik bleibt nach {sweeps} mit {cells} offen stecken (schattiert). Ein anderes Bild passt zu "
        f"denselben Zahlen; es weicht in {differing} ab. (geprüft in ")


def test_the_core_without_qt_describes_in_english():
    script = """if True:
        import sys
        import numpy as np
        from nonogram_editor.nonogram.verdict import check_drawing
        print(check_drawing(np.ones((2, 2), dtype=bool)).describe())
        print(check_drawing(np.eye(2, dtype=bool)).describe())
        assert not any(name.startswith("PySide6") for name in sys.modules)
    """
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    line, mult = run.stdout.splitlines()
    assert line.startswith("A player can solve it with line logic alone, in 1 sweep over the rows and columns. "
                           "(checked in ")
    assert mult.startswith("Line logic gets stuck after 0 sweeps with 4 cells still open (shaded). Another picture "
                           "fits the same clues; it differs in 4 cells. (checked in ")
