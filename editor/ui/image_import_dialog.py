"""File > Import image…: a picture becomes a level, with a live preview; and the two
Edit items that derive one grid of a level from the other (each one undo step).

The image is opened in the background (a photo takes a second or two to decode); then each
slider move recomputes the preview from the opened copy (``nonogram_editor.level.image_import``,
under 20 ms for a 4000x3000 PNG to 30x30: ``tests/benchmarks/bench_image_import.py``).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSlider,
    QSpinBox,
    QVBoxLayout,
)

from nonogram_editor.core import Layer
from nonogram_editor.level import Level
from nonogram_editor.level.document import MAX_SIDE
from nonogram_editor.level.image_import import ImageSource, picture_from_solution, solution_from_picture
from nonogram_editor.qt.lifetime import connect_alive
from nonogram_editor.ui.assist_panel import add_file_action

IMAGE_FILTER = QT_TRANSLATE_NOOP("ImageImportDialog", "Images (*.png *.jpg *.jpeg *.gif *.bmp *.tif *.tiff *.webp "
                                                       "*.ppm *.pgm *.pbm);;All files (*)")
PREVIEW_SIDE = 240  # pixels of the longer side of each preview


def grid_pixmap(rgb: np.ndarray) -> QPixmap:
    """An (h, w, 3) uint8 grid scaled up by whole pixels to about PREVIEW_SIDE."""
    cell = max(1, PREVIEW_SIDE // max(rgb.shape[:2]))
    rgb = np.ascontiguousarray(rgb.repeat(cell, axis=0).repeat(cell, axis=1))
    height, width = rgb.shape[:2]
    return QPixmap.fromImage(QImage(rgb.data, width, height, 3 * width, QImage.Format_RGB888).copy())


class ImageImportDialog(QDialog):
    """Choose grid size, threshold, invert, dithering and colours; OK makes the level."""

    def __init__(self, source: ImageSource, parent=None):
        super().__init__(parent)
        self.source = source
        self.setWindowTitle(self.tr("Import {0}").format(source.path.name))
        self.size_spin = QSpinBox()
        self.size_spin.setRange(1, MAX_SIDE)
        self.size_spin.setValue(30)
        self.size_spin.setSuffix(self.tr(" cells across the longer side"))
        self.threshold_slider = QSlider(Qt.Horizontal)
        self.threshold_slider.setRange(0, 255)
        self.threshold_slider.setValue(128)
        self.invert_check = QCheckBox(self.tr("Invert (light parts filled)"))
        self.dither_check = QCheckBox(self.tr("Dither (grey as a scatter of cells)"))
        self.colours_spin = QSpinBox()
        self.colours_spin.setRange(2, 64)
        self.colours_spin.setValue(8)
        self.size_label = QLabel()
        self.solution_view = QLabel()
        self.picture_view = QLabel()
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow(self.tr("Grid"), self.size_spin)
        form.addRow("", self.size_label)
        form.addRow(self.tr("Lightness threshold"), self.threshold_slider)
        form.addRow("", self.invert_check)
        form.addRow("", self.dither_check)
        form.addRow(self.tr("Picture colours"), self.colours_spin)
        previews = QHBoxLayout()
        previews.addWidget(self.solution_view)
        previews.addWidget(self.picture_view)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(previews)
        layout.addWidget(buttons)
        for signal in (self.size_spin.valueChanged, self.threshold_slider.valueChanged,
                       self.colours_spin.valueChanged, self.invert_check.toggled, self.dither_check.toggled):
            connect_alive(signal, self, lambda _value: self.update_preview())
        self.update_preview()

    def grids(self) -> tuple[np.ndarray, np.ndarray]:
        """(solution, picture) for the current settings."""
        width, height = self.source.grid_size(self.size_spin.value())
        solution = self.source.solution(width, height, self.threshold_slider.value(), self.invert_check.isChecked(),
                                        self.dither_check.isChecked())
        return solution, self.source.picture(width, height, self.colours_spin.value())

    def update_preview(self) -> None:
        solution, picture = self.grids()
        height, width = solution.shape
        self.size_label.setText(f"{width} x {height}")
        self.solution_view.setPixmap(grid_pixmap(picture_from_solution(solution)))
        self.picture_view.setPixmap(grid_pixmap(picture))

    def level(self) -> Level:
        solution, picture = self.grids()
        return Level(solution, picture)


def import_image_dialog(main_window) -> None:
    """Ask for an image, open it in the background, then show the import dialog."""

    def chosen(path: Path) -> None:
        main_window.files.run(lambda _task: ImageSource.open(path), lambda source: _show(main_window, source),
                         QCoreApplication.translate("ImageImportDialog", "Could not import the image"), path)

    main_window.files.dialog_for(QCoreApplication.translate("ImageImportDialog", "Import an image"),
                                 QCoreApplication.translate("ImageImportDialog", IMAGE_FILTER), chosen,
                                 saving=False, suffix="png")


def _show(main_window, source: ImageSource) -> None:
    dialog = ImageImportDialog(source, main_window)
    dialog.setAttribute(Qt.WA_DeleteOnClose)
    main_window.image_import_dialog = dialog
    dialog.accepted.connect(lambda: _replace(main_window, dialog.level(), source.path))
    dialog.open()


def _replace(main_window, level: Level, path: Path) -> None:
    main_window.editor.transforms.replace_level(
        level, QCoreApplication.translate("ImageImportDialog", "Import {0}").format(path.name))
    main_window.zoom.fit_new_level()
    main_window.show_message(QCoreApplication.translate("ImageImportDialog", "Imported {0} as a {1}x{2} level").format(
        path.name, level.width, level.height))


def _set_grid(main_window, layer: Layer, values: np.ndarray, text: str) -> None:
    """Set the visible ``layer`` to ``values`` as one undo step."""
    if not main_window.editor.set_cells(layer, values, text):
        main_window.show_message(QCoreApplication.translate("ImageImportDialog", "{0}: nothing changes").format(text))


def solution_from_the_picture(main_window) -> None:
    document = main_window.document
    picture = document.picture[:document.height, :document.width]
    _set_grid(main_window, Layer.SOLUTION, solution_from_picture(picture),
              QCoreApplication.translate("ImageImportDialog", "Solution from the picture"))


def picture_from_the_solution(main_window) -> None:
    _set_grid(main_window, Layer.PICTURE, picture_from_solution(main_window.solution_grid()),
              QCoreApplication.translate("ImageImportDialog", "Picture from the solution"))


def install(main_window) -> None:
    """File > Import image… and the two Edit-menu derivations."""
    main_window.image_import_dialog = None
    add_file_action(main_window, QT_TRANSLATE_NOOP("MainWindow", "Import &image…"),
                    lambda: import_image_dialog(main_window))
    menu = main_window.edit_menu
    menu.addSeparator()
    for text, slot in ((QT_TRANSLATE_NOOP("MainWindow", "Solution from the &picture"), solution_from_the_picture),
                       (QT_TRANSLATE_NOOP("MainWindow", "Picture from the &solution"), picture_from_the_solution)):
        menu.addAction(QCoreApplication.translate("MainWindow", text)).triggered.connect(
            lambda _checked=False, slot=slot: slot(main_window))
