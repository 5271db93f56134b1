"""The pack gallery's thumbnails as pixmaps (of ``nonogram_editor.pack.entries.thumbnail``'s arrays)."""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap

from nonogram_editor.pack.entries import Entry, thumbnail

THUMBNAIL = 96  # pixels a side of each of an entry's two thumbnails
GAP = 4


def _image(array: np.ndarray) -> QImage:
    """An RGB uint8 array as a QImage that owns its pixels."""
    array = np.ascontiguousarray(array, dtype=np.uint8)
    height, width = array.shape[:2]
    return QImage(array.data, width, height, 3 * width, QImage.Format_RGB888).copy()


def pixmap_of(array: np.ndarray, size: QSize) -> QPixmap:
    """An RGB array (a thumbnail) scaled to fit ``size``, cells kept square and sharp."""
    image = _image(array).scaled(size, Qt.KeepAspectRatio, Qt.FastTransformation)
    return QPixmap.fromImage(image)


def entry_pixmap(entry: Entry) -> QPixmap:
    """The picture and solution thumbnails side by side (grey where not known yet)."""
    pixmap = QPixmap(2 * THUMBNAIL + GAP, THUMBNAIL)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    for slot, grid in enumerate((entry.picture, entry.solution)):
        box = QRect(slot * (THUMBNAIL + GAP), 0, THUMBNAIL, THUMBNAIL)
        if grid is None:
            painter.fillRect(box, QColor(200, 200, 200))
            continue
        image = _image(thumbnail(grid, THUMBNAIL))
        scaled = image.scaled(box.size(), Qt.KeepAspectRatio, Qt.FastTransformation)
        painter.drawImage(box.x() + (THUMBNAIL - scaled.width()) // 2, (THUMBNAIL - scaled.height()) // 2, scaled)
    painter.end()
    return pixmap
