"""The 3-D preview. The only package that imports Qt3D.

``editor.scene3d.parts`` (plain data, no Qt) describes what to show;
``editor.scene3d.view.SceneView`` (a QWidget) shows it.
"""
from editor.pyside_none_refcount import keep_none_alive

keep_none_alive()  # every Qt3D setter call costs None a reference on Python 3.11 (see that module)
