"""The 3-D view's Save picture options: the size in pixels and the background."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QSpinBox

PICTURE_SIZE = (1920, 1080)  # Save picture's default size


class PictureOptionsDialog(QDialog):
    """Save picture's options: the size in pixels (1920x1080 unless changed) and the background."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Save picture")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.width_box, self.height_box = QSpinBox(self), QSpinBox(self)
        for box, value, suffix in ((self.width_box, PICTURE_SIZE[0], " px wide"),
                                   (self.height_box, PICTURE_SIZE[1], " px high")):
            box.setRange(16, 8192)
            box.setValue(value)
            box.setSuffix(suffix)
        self.background_box = QComboBox(self)
        self.background_box.addItems(["Plain background", "Transparent background"])
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("Width", self.width_box)
        form.addRow("Height", self.height_box)
        form.addRow("Background", self.background_box)
        form.addRow(buttons)

    def size(self) -> tuple[int, int]:
        return self.width_box.value(), self.height_box.value()

    def transparent(self) -> bool:
        return self.background_box.currentIndex() == 1
