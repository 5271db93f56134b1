"""The editor's place on a Linux desktop: a menu entry, an icon, the file types it opens.
(freedesktop.org's conventions, which Linux and the BSDs follow: not Windows nor macOS,
where ``main`` says so and writes nothing.)

``python -m nonogram_editor.ui.desktop install`` (or ``resources/scripts/install-desktop``) writes, for
the current user, into ``$XDG_DATA_HOME`` (default ``~/.local/share``):

- ``applications/APP_ID.desktop``: the menu entry; its ``Exec`` runs this installation's
  ``nonogram-editor`` with the file double-clicked (``%f``);
- ``icons/hicolor/scalable/apps/APP_ID.svg`` and PNGs of it in ``icons/hicolor/NxN/apps``;
- ``mime/packages/APP_ID.xml``: the ``.level`` and ``.non`` file types;
- ``metainfo/APP_ID.metainfo.xml``: the AppStream description software centres show;

then refreshes the desktop, MIME and icon caches with whichever of update-desktop-database,
update-mime-database and gtk-update-icon-cache is installed. ``uninstall`` removes them.
The originals are package data (``editor/data``), each under the name it is installed with;
the wheel also carries them as data files (pyproject.toml's ``data-files``), so that
``pip install`` puts them under ``<prefix>/share`` in the same folders, as a distribution
package puts them under ``/usr/share``.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

from nonogram_editor.infra.paths import package_data, xdg_home

APP_ID = "io.github.nonogramstudio.nonogram_editor"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
DESKTOP_ENTRY, ICON = f"{APP_ID}.desktop", f"{APP_ID}.svg"
SOURCES = {  # package data -> the folder under the data home (or <prefix>/share) it goes to, same name
    DESKTOP_ENTRY: "applications",
    ICON: "icons/hicolor/scalable/apps",
    f"{APP_ID}.xml": "mime/packages",
    f"{APP_ID}.metainfo.xml": "metainfo",
}
TARGETS = {source: f"{folder}/{source}" for source, folder in SOURCES.items()}
PNG_ICONS = {size: f"icons/hicolor/{size}x{size}/apps/{APP_ID}.png" for size in ICON_SIZES}


def freedesktop() -> bool:
    """Whether this system's desktops follow freedesktop.org (menus, icons and file types under ``$XDG_DATA_HOME``)."""
    return sys.platform not in ("win32", "cygwin", "darwin")


def installed_files(home: Path) -> list[Path]:
    """Every file ``install`` writes under ``home``."""
    return [home / target for target in (*TARGETS.values(), *PNG_ICONS.values())]


def launch_command() -> list[str]:
    """The command that starts this installation of the editor."""
    script = Path(sys.executable).parent / "nonogram-editor"
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    return [sys.executable, "-m", "nonogram_editor"]


def desktop_entry(command: list[str]) -> str:
    """The shipped .desktop entry with ``Exec`` and ``TryExec`` running ``command``."""
    def quoted(argument: str) -> str:  # the Desktop Entry spec's quoting
        if not any(c in argument for c in ' \t\n"\'\\><~|&;$*?#()`'):
            return argument
        return '"' + "".join("\\" + c if c in '"`$\\' else c for c in argument) + '"'

    lines = []
    for line in package_data("nonogram_editor", DESKTOP_ENTRY).read_text().splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + " ".join(quoted(a) for a in command) + " %f"
        elif line.startswith("TryExec="):
            line = "TryExec=" + command[0]
        lines.append(line)
    return "\n".join(lines) + "\n"


def render_icon(size: int, path: Path) -> None:
    """The SVG icon as a ``size`` x ``size`` PNG (Qt's SVG renderer; no display needed)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(package_data("nonogram_editor", ICON)))
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    if not image.save(str(path), "PNG"):
        raise OSError(f"could not write {path}")


def install(home: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Write the menu entry, icons, MIME types and metainfo under ``home``; the files written."""
    home = home or xdg_home("data")
    for source, target in TARGETS.items():
        (home / target).parent.mkdir(parents=True, exist_ok=True)
        if source == DESKTOP_ENTRY:
            (home / target).write_text(desktop_entry(command or launch_command()))
        else:
            shutil.copyfile(package_data("nonogram_editor", source), home / target)
    for size, target in PNG_ICONS.items():
        (home / target).parent.mkdir(parents=True, exist_ok=True)
        render_icon(size, home / target)
    refresh_caches(home)
    return installed_files(home)


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove what ``install`` wrote under ``home``; the files removed."""
    home = home or xdg_home("data")
    removed = [path for path in installed_files(home) if path.exists()]
    for path in removed:
        path.unlink()
    refresh_caches(home)
    return removed


def refresh_caches(home: Path) -> None:
    """Let the desktop see the change now (each tool only if installed; their output is not ours)."""
    for tool, folder in (("update-desktop-database", "applications"), ("update-mime-database", "mime"),
                         ("gtk-update-icon-cache", "icons/hicolor")):
        if shutil.which(tool) and (home / folder).is_dir():
            arguments = [tool, "-q", "-t", "-f", str(home / folder)] if tool == "gtk-update-icon-cache" \
                else [tool, str(home / folder)]
            subprocess.run(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nonogram_editor.ui.desktop",
                                     description="Add the editor to (or remove it from) the desktop's menu "
                                                 "and file associations, for the current user.")
    parser.add_argument("action", choices=("install", "uninstall"))
    args = parser.parse_args(argv)
    if not freedesktop():
        print("error: the desktop integration is for Linux desktops (freedesktop.org menus and file types); "
              "nothing was written. Here, start the editor with the nonogram-editor command.", file=sys.stderr)
        return 2
    if args.action == "install":
        written = install()
        print(f"installed {len(written)} files under {xdg_home('data')} (menu entry: {written[0]})")
    else:
        removed = uninstall()
        print(f"removed {len(removed)} files from {xdg_home('data')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
