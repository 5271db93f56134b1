"""The 3-D preview. The only package that imports Qt3D.

``nonogram_editor.scene3d.parts`` (plain data, no Qt) describes what to show;
``nonogram_editor.scene3d.view.SceneView`` (a QWidget) shows it.
"""
