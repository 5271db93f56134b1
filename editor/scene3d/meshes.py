"""The Qt3D nodes of a scene's parts: one mesh per part and colour, with one shared Phong
material per colour (and highlight state)."""
from __future__ import annotations

import numpy as np
from PySide6.Qt3DCore import Qt3DCore
from PySide6.Qt3DExtras import Qt3DExtras
from PySide6.Qt3DRender import Qt3DRender
from PySide6.QtCore import QByteArray
from PySide6.QtGui import QColor, QVector3D

AMBIENT_SHARE = 0.35   # of a shape's colour, so faces turned from the light keep their hue
DIFFUSE_SHARE = 0.7
HIGHLIGHT = (255, 214, 64)  # mixed into the ambient term of the selected part


def vector(v) -> QVector3D:
    return QVector3D(float(v[0]), float(v[1]), float(v[2]))


def color(rgb, scale: float = 1.0) -> QColor:
    return QColor(*(max(0, min(255, round(c * scale))) for c in rgb))


class Materials:
    """One Phong material per colour (and per highlight state), shared by every part of a scene.

    Qt3D builds a shader setup per material, so sharing them is what keeps a scene of a
    few hundred shapes quick to show.
    """

    def __init__(self, scene: Qt3DCore.QEntity):
        self._scene = scene
        self._cache: dict[tuple[tuple, bool], Qt3DExtras.QPhongMaterial] = {}

    def get(self, rgb: tuple, highlighted: bool) -> Qt3DExtras.QPhongMaterial:
        key = (tuple(rgb), highlighted)
        material = self._cache.get(key)
        if material is None:
            material = Qt3DExtras.QPhongMaterial(self._scene)
            material.setDiffuse(color(rgb, DIFFUSE_SHARE))
            material.setSpecular(QColor(0, 0, 0))
            material.setShininess(0.0)
            ambient = [c * AMBIENT_SHARE for c in rgb]
            if highlighted:
                ambient = [0.5 * a + 0.5 * h for a, h in zip(ambient, HIGHLIGHT)]
            material.setAmbient(color(ambient))
            self._cache[key] = material
        return material


class PartEntity:
    """The Qt3D nodes of one part: an entity with a transform, one mesh entity per colour."""

    def __init__(self, vertices_by_colour: dict, scene: Qt3DCore.QEntity, materials: Materials):
        self.entity = Qt3DCore.QEntity(scene)
        self.transform = Qt3DCore.QTransform(self.entity)
        self.entity.addComponent(self.transform)
        self.highlighted = False
        self.pieces: list[tuple[Qt3DCore.QEntity, tuple]] = []
        for rgb, vertices in vertices_by_colour.items():
            piece = Qt3DCore.QEntity(self.entity)
            piece.addComponent(triangle_mesh(vertices, piece))
            piece.addComponent(materials.get(rgb, False))
            self.pieces.append((piece, rgb))

    def set_highlight(self, on: bool, materials: Materials) -> None:
        if on == self.highlighted:
            return
        for piece, rgb in self.pieces:
            piece.removeComponent(materials.get(rgb, self.highlighted))
            piece.addComponent(materials.get(rgb, on))
        self.highlighted = on


def triangle_mesh(vertices: np.ndarray, entity: Qt3DCore.QEntity) -> Qt3DRender.QGeometryRenderer:
    """A QGeometryRenderer for interleaved float32 rows x, y, z, nx, ny, nz (three per triangle)."""
    renderer = Qt3DRender.QGeometryRenderer(entity)
    mesh = Qt3DCore.QGeometry(renderer)
    buffer = Qt3DCore.QBuffer(mesh)
    buffer.setData(QByteArray(np.ascontiguousarray(vertices, dtype=np.float32).tobytes()))
    stride = 6 * 4
    for name, offset in ((Qt3DCore.QAttribute.defaultPositionAttributeName(), 0),
                         (Qt3DCore.QAttribute.defaultNormalAttributeName(), 12)):
        attribute = Qt3DCore.QAttribute(mesh)
        attribute.setName(name)
        attribute.setAttributeType(Qt3DCore.QAttribute.AttributeType.VertexAttribute)
        attribute.setVertexBaseType(Qt3DCore.QAttribute.VertexBaseType.Float)
        attribute.setVertexSize(3)
        attribute.setBuffer(buffer)
        attribute.setByteStride(stride)
        attribute.setByteOffset(offset)
        attribute.setCount(len(vertices))
        mesh.addAttribute(attribute)
    mesh.setBoundingVolumePositionAttribute(mesh.attributes()[0])
    renderer.setGeometry(mesh)
    renderer.setPrimitiveType(Qt3DRender.QGeometryRenderer.PrimitiveType.Triangles)
    renderer.setVertexCount(len(vertices))
    return renderer

