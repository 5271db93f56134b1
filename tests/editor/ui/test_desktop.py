"""The desktop integration files: valid, and installed and removed by `python -m nonogram_editor.ui.desktop`."""
import configparser
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtGui import QImage

from nonogram_editor import __version__
from nonogram_editor.infra.paths import ROOT, package_data
from nonogram_editor.ui import desktop
from nonogram_editor.ui.desktop import APP_ID, DESKTOP_ENTRY

MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def entry(text: str) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read_string(text)
    return parser["Desktop Entry"]


def mime_info() -> ET.Element:
    return ET.parse(package_data("nonogram_editor", f"{APP_ID}.xml")).getroot()


def declared_mime_types() -> dict[str, list[str]]:
    """Each MIME type the shipped shared-mime-info XML defines, with its file name patterns."""
    return {t.get("type"): [g.get("pattern") for g in t.iter(MIME_NS + "glob")] for t in mime_info()}


def test_the_desktop_entry_is_valid_and_opens_the_files_the_mime_types_declare():
    shipped = package_data("nonogram_editor", DESKTOP_ENTRY)  # under the installed name, as the validator wants
    result = subprocess.run(["desktop-file-validate", str(shipped)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
    assert not result.stdout.strip(), result.stdout
    fields = entry(shipped.read_text())
    assert fields["Exec"] == "nonogram-editor %f"
    assert fields["Icon"] == APP_ID
    declared = declared_mime_types()
    assert declared == {"application/x-nonogram-level": ["*.level"], "application/x-nonogram-non": ["*.non"],
                        "application/x-nonogram-nin": ["*.nin"], "application/x-webpbn-puzzle+xml": []}
    [webpbn] = [t for t in mime_info() if t.get("type") == "application/x-webpbn-puzzle+xml"]
    assert webpbn.find(MIME_NS + "root-XML").get("localName") == "puzzleset"  # not every .xml file
    assert fields["MimeType"].rstrip(";").split(";") == list(declared)


def test_the_metainfo_is_valid_names_the_desktop_entry_every_file_type_and_a_screenshot():
    path = package_data("nonogram_editor", f"{APP_ID}.metainfo.xml")
    result = subprocess.run(["appstreamcli", "validate", "--no-net", "--pedantic", str(path)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
    assert "Validation was successful." in result.stdout, result.stdout
    component = ET.parse(path).getroot()
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == f"{APP_ID}.desktop"
    assert component.findtext("project_license") == "MIT"
    assert component.find("releases/release").get("version") == __version__  # the newest release is this one
    assert [m.text for m in component.iterfind("provides/mediatype")] == list(declared_mime_types())
    # a software centre fetches the screenshot: the README's, from the repository the homepage names
    homepage = component.findtext("url[@type='homepage']")
    [image] = [i.text for i in component.iterfind("screenshots/screenshot[@type='default']/image")]
    assert homepage.startswith("https://github.com/")
    owner_and_name = homepage.removeprefix("https://github.com/")
    shot = "editor/manual/images/window.png"  # the manual's, made from the real window (resources/scripts/screenshots)
    assert image == f"https://raw.githubusercontent.com/{owner_and_name}/main/{shot}"
    assert shot in (ROOT / "README.md").read_text()
    assert (ROOT / shot).is_file()


def test_install_writes_every_file_and_the_desktop_sees_them_then_uninstall_removes_them(tmp_path):
    home = tmp_path / "share"
    env = dict(os.environ, XDG_DATA_HOME=str(home))
    run = subprocess.run([sys.executable, "-m", "nonogram_editor.ui.desktop", "install"], cwd=ROOT, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert not run.stderr, run.stderr
    written = desktop.installed_files(home)
    assert all(path.is_file() for path in written)
    fields = entry((home / "applications" / f"{APP_ID}.desktop").read_text())
    launcher = fields["Exec"].removesuffix(" %f")
    assert fields["TryExec"] == launcher.split()[0]
    assert os.access(fields["TryExec"], os.X_OK)
    for size, target in desktop.PNG_ICONS.items():
        image = QImage(str(home / target))
        assert (image.width(), image.height()) == (size, size)
        assert image.pixelColor(size // 2, size // 2).alpha() == 255  # the grid, not a blank image
    # the caches the desktop reads: .non and .level are ours, and our entry opens them
    globs = (home / "mime" / "globs2").read_text()
    assert "application/x-nonogram-non:*.non" in globs
    assert "application/x-nonogram-nin:*.nin" in globs
    cache = (home / "applications" / "mimeinfo.cache").read_text()
    assert f"application/x-nonogram-level={APP_ID}.desktop;" in cache

    run = subprocess.run([sys.executable, "-m", "nonogram_editor.ui.desktop", "uninstall"], cwd=ROOT, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert not run.stderr, run.stderr
    assert not any(path.exists() for path in written)
    assert "nonogram" not in (home / "mime" / "globs2").read_text()
    assert APP_ID not in (home / "applications" / "mimeinfo.cache").read_text()


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_elsewhere_than_a_linux_desktop_it_says_so_and_writes_nothing(tmp_path, monkeypatch, capsys, platform):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "platform", platform)
    for action in ("install", "uninstall"):
        assert desktop.main([action]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert "for Linux desktops" in err
        assert "nothing was written" in err
    assert list(tmp_path.iterdir()) == []
