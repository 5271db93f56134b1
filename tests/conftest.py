"""Shared test set-up: a private settings folder, and Qt on a real (virtual) X server.

pytest-xvfb starts Xvfb for the session; Qt3D needs its GLX through Mesa (llvmpipe).
"""
import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
os.environ.setdefault("LIBGL_ALWAYS_SOFTWARE", "1")
# QSettings (recent files, dock layout) must never touch the developer's real settings.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="nonogram-editor-test-config-")
os.environ.pop("NONOGRAM_EDITOR_DISABLE_PLUGINS", None)

SHARED = os.path.join(os.path.dirname(__file__), "..", "..", "shared")
