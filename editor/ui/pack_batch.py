"""Pack > Make Line-Solvable: one proposal per level, side by side, each accepted or rejected
before any file is written (``nonogram_editor.pack.batch``)."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from nonogram_editor.pack.batch import Proposal
from nonogram_editor.pack.entries import thumbnail
from nonogram_editor.ui.pack_thumbnails import pixmap_of

THUMBNAIL = 120


class ProposalsDialog(QDialog):
    """Each proposal: the solution before and after, what the edits reach, and Accept (ticked
    for those that reach LINE). Write calls ``write(accepted)``."""

    def __init__(self, proposals: list[Proposal], write: Callable[[list[Proposal]], None], parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Make every level line-solvable"))
        self.proposals = proposals
        self.checks: list[QCheckBox] = []
        grid = QGridLayout()
        for column, text in enumerate((self.tr("Before"), self.tr("After"), self.tr("Proposal"))):
            grid.addWidget(QLabel(f"<b>{text}</b>"), 0, column)
        for row, proposal in enumerate(proposals, 1):
            for column, drawing in enumerate((proposal.entry.solution, proposal.after)):
                label = QLabel()
                label.setPixmap(pixmap_of(thumbnail(drawing, THUMBNAIL), QSize(THUMBNAIL, THUMBNAIL)))
                grid.addWidget(label, row, column)
            check = QCheckBox(proposal.describe())
            check.setChecked(proposal.line)
            self.checks.append(check)
            grid.addWidget(check, row, 2)
        body = QWidget()
        body.setLayout(grid)
        scroll = QScrollArea()
        scroll.setWidget(body)
        scroll.setWidgetResizable(True)
        buttons = QDialogButtonBox(QDialogButtonBox.Cancel)
        self.write_button = buttons.addButton(self.tr("Write the Accepted"), QDialogButtonBox.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Nothing is written until you choose Write.")))
        layout.addWidget(scroll)
        layout.addWidget(buttons)
        self.setAttribute(Qt.WA_DeleteOnClose)
        self.accepted.connect(lambda: write(self.accepted_proposals()))
        self.resize(720, 480)

    def accepted_proposals(self) -> list[Proposal]:
        return [proposal for proposal, check in zip(self.proposals, self.checks) if check.isChecked()]
