"""Help > User Guide and Help > Keyboard Shortcuts.

The guide shows the manual that ships with the package (:mod:`nonogram_editor.infra.user_guide`),
rendered from its Markdown by a QTextBrowser, offline: a list of topics, links between pages,
pictures from the package folder and a find bar. The shortcuts table is made from the window's
own actions each time it is shown, so that it lists what the keys really do.
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QByteArray, Qt, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QFont, QImage, QKeySequence, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from nonogram_editor.infra import user_guide

TOPIC_ROLE = Qt.ItemDataRole.UserRole


class GuideBrowser(QTextBrowser):
    """A QTextBrowser whose pictures are scaled down to fit its width when they are loaded."""

    def loadResource(self, kind: int, url: QUrl):
        resource = super().loadResource(kind, url)
        if kind == QTextDocument.ResourceType.ImageResource.value and isinstance(resource, QByteArray):
            image = QImage.fromData(resource)
            # the width left beside a vertical scroll bar, which a long page shows
            width = self.viewport().width() - 2 * int(self.document().documentMargin()) - \
                self.verticalScrollBar().sizeHint().width()
            if not image.isNull() and image.width() > width > 0:
                return image.scaledToWidth(width, Qt.TransformationMode.SmoothTransformation)
            return image
        return resource


class UserGuide(QWidget):
    """The manual in a window of its own: topics on the left, the page on the right, a find bar."""

    def __init__(self, parent: QWidget):
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(self.tr("User Guide"))
        self.topics = QListWidget(self)
        self.topics.setAccessibleName(self.tr("Topics"))
        for topic in user_guide.TOPICS:
            item = QListWidgetItem(user_guide.title(topic), self.topics)
            item.setData(TOPIC_ROLE, topic)
        self.browser = GuideBrowser(self)
        self.browser.setOpenLinks(False)  # followed by _follow: a page of the manual, or the system's browser
        self.browser.setAccessibleName(self.tr("User guide page"))

        self.find_edit = QLineEdit(self)
        self.find_edit.setPlaceholderText(self.tr("Find in this page"))
        self.find_edit.setAccessibleName(self.tr("Find"))
        self.find_edit.setClearButtonEnabled(True)
        self.previous_button = QPushButton(self.tr("Previous"), self)
        self.next_button = QPushButton(self.tr("Next"), self)
        self.find_status = QLabel(self)
        find_bar = QHBoxLayout()
        find_bar.addWidget(QLabel(self.tr("Find:"), self))
        for widget in (self.find_edit, self.previous_button, self.next_button):
            find_bar.addWidget(widget)
        find_bar.addWidget(self.find_status, 1)
        for text, keys, slot in ((self.tr("Find"), QKeySequence.StandardKey.Find, self.start_finding),
                                 (self.tr("Find Next"), QKeySequence.StandardKey.FindNext, self.find_next),
                                 (self.tr("Find Previous"), QKeySequence.StandardKey.FindPrevious, self.find_previous)):
            action = QAction(text, self)
            action.setShortcuts(keys)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(slot)
            self.addAction(action)
        self.find_edit.returnPressed.connect(self.find_next)
        self.find_edit.textEdited.connect(self._find_from_top)
        self.next_button.clicked.connect(self.find_next)
        self.previous_button.clicked.connect(self.find_previous)

        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.browser, 1)
        right_layout.addLayout(find_bar)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.topics)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([220, 780])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        self.resize(1000, 720)

        self.topics.currentItemChanged.connect(self._topic_chosen)
        self.browser.anchorClicked.connect(self._follow)
        self.show_topic(user_guide.TOPICS[0])

    def show_topic(self, topic: str) -> None:
        """Show the page of ``topic`` and select it in the list."""
        self.browser.setSource(QUrl.fromLocalFile(str(user_guide.page(topic))),
                               QTextDocument.ResourceType.MarkdownResource)
        self.find_status.clear()
        self.topics.setCurrentRow(user_guide.TOPICS.index(topic))

    def topic(self) -> str:
        """The topic of the page shown."""
        return QUrl(self.browser.source()).fileName().removesuffix(".md")

    def _topic_chosen(self, item: QListWidgetItem | None, _previous=None) -> None:
        if item is not None and item.data(TOPIC_ROLE) != self.topic():
            self.show_topic(item.data(TOPIC_ROLE))

    def _follow(self, url: QUrl) -> None:
        """A link clicked: another page of the manual (``drawing.md``), or a web page."""
        topic = url.fileName().removesuffix(".md")
        if url.scheme() in ("", "file") and topic in user_guide.TOPICS:
            self.show_topic(topic)
        elif url.scheme() in ("http", "https"):
            QDesktopServices.openUrl(url)

    # ------------------------------------------------------------------ find
    def start_finding(self) -> None:
        self.find_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.find_edit.selectAll()

    def find_next(self) -> bool:
        return self._find(QTextDocument.FindFlag(0))

    def find_previous(self) -> bool:
        return self._find(QTextDocument.FindFlag.FindBackward)

    def _find_from_top(self, _text: str) -> None:
        """As the text is typed: its first match in the page."""
        self.browser.moveCursor(QTextCursor.MoveOperation.Start)
        self.find_next()

    def _find(self, flags: QTextDocument.FindFlag) -> bool:
        """Select the next (or previous) match, going round the page's end; say so when there is none."""
        text = self.find_edit.text()
        if not text:
            self.find_status.clear()
            return False
        found = self.browser.find(text, flags)
        if not found:  # from the other end of the page
            backward = bool(flags & QTextDocument.FindFlag.FindBackward)
            self.browser.moveCursor(QTextCursor.MoveOperation.End if backward else QTextCursor.MoveOperation.Start)
            found = self.browser.find(text, flags)
        self.find_status.setText("" if found else self.tr("Not found: “{0}”").format(text))
        return found


def show_user_guide(main_window: QWidget) -> UserGuide:
    """Help > User Guide: the guide, made the first time and brought to the front."""
    guide = main_window.findChild(UserGuide) or UserGuide(main_window)
    guide.show()
    guide.raise_()
    guide.activateWindow()
    return guide


def _plain(text: str) -> str:
    """A menu text without its mnemonic marks (``&&`` is a literal ``&``)."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _keys(sequences: list[QKeySequence]) -> str:
    return ", ".join(sequence.toString(QKeySequence.SequenceFormat.NativeText) for sequence in sequences)


def shortcut_rows(main_window) -> list[tuple[str, str, str]]:
    """(menu, command, keys) of every action in the window's menus that has a shortcut, in the
    menus' order; a submenu's menu is named ``Menu > Submenu``."""
    rows = []

    def walk(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            if action.menu() is not None:
                walk(action.menu(), f"{path} > {_plain(action.menu().title())}")
            elif action.shortcuts() and action.text():
                rows.append((path, _plain(action.text()), _keys(action.shortcuts())))

    for action in main_window.menuBar().actions():
        if action.menu() is not None:
            walk(action.menu(), _plain(action.menu().title()))
    return rows


PANEL_COMMANDS = {"first": QT_TRANSLATE_NOOP("ShortcutsDialog", "First solution"),
                  "previous": QT_TRANSLATE_NOOP("ShortcutsDialog", "Previous solution"),
                  "next": QT_TRANSLATE_NOOP("ShortcutsDialog", "Next solution"),
                  "random": QT_TRANSLATE_NOOP("ShortcutsDialog", "Random solution"),
                  "go": QT_TRANSLATE_NOOP("ShortcutsDialog", "Go to solution No."),
                  "cancel": QT_TRANSLATE_NOOP("ShortcutsDialog", "Cancel the running job")}  # one for each of SHORTCUTS
MOVE_COMMANDS = {"previous": QT_TRANSLATE_NOOP("ShortcutsDialog", "Slide back one move"),
                 "next": QT_TRANSLATE_NOOP("ShortcutsDialog", "Slide on one move"),
                 "play": QT_TRANSLATE_NOOP("ShortcutsDialog", "Play or pause the moves")}  # one for each of MOVE_KEYS


class ShortcutsDialog(QDialog):
    """Help > Keyboard Shortcuts: the window's menu actions and their keys, grouped by menu,
    read from the actions each time it is shown, and the puzzle panels' keys."""

    def __init__(self, main_window):
        super().__init__(main_window)
        self.main_window = main_window
        self.setWindowTitle(self.tr("Keyboard Shortcuts"))
        self.table = QTableWidget(0, 2, self)
        self.table.setHorizontalHeaderLabels([self.tr("Command"), self.tr("Shortcut")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setStretchLastSection(True)
        note = QLabel(self.tr("On a grid (click it first): arrows move the cell cursor, Space fills, X clears, "
                              "Shift+arrows paint while moving."), self)
        note.setWordWrap(True)
        close = QPushButton(self.tr("Close"), self)
        close.clicked.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(note)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)
        self.resize(560, 640)  # the table's rows at a glance (a dialog's own hint is far shorter)

    def refresh(self) -> None:
        from nonogram_editor.scene3d.player import KEYS as MOVE_KEYS  # here: they load Qt3D, which the editor
        from nonogram_editor.ui.puzzle_panel import SHORTCUTS  # loads only once a puzzle panel opens

        self.table.setRowCount(0)
        bold = QFont(self.font())
        bold.setBold(True)
        menu = None
        panels = self.tr("Puzzle panels (the focus in the panel)")
        panel_rows = [(panels, self.tr(commands[name]), _keys([QKeySequence(keys)]))
                      for commands, shortcuts in ((PANEL_COMMANDS, SHORTCUTS), (MOVE_COMMANDS, MOVE_KEYS))
                      for name, keys in shortcuts.items()]
        for where, command, keys in shortcut_rows(self.main_window) + panel_rows:
            row = self.table.rowCount()
            if where != menu:  # a heading row for each menu
                menu = where
                self.table.insertRow(row)
                heading = QTableWidgetItem(where)
                heading.setFont(bold)
                self.table.setItem(row, 0, heading)
                self.table.setSpan(row, 0, 1, 2)
                row += 1
            self.table.insertRow(row)
            self.table.setItem(row, 0, QTableWidgetItem(command))
            self.table.setItem(row, 1, QTableWidgetItem(keys))
        self.table.resizeColumnToContents(0)


def show_shortcuts(main_window) -> ShortcutsDialog:
    """Help > Keyboard Shortcuts (a dialog opened, not run)."""
    dialog = main_window.findChild(ShortcutsDialog) or ShortcutsDialog(main_window)
    dialog.refresh()  # read from the actions each time
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog
