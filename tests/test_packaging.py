"""What a packager and a pip user rely on: a licence, one version, Dask as an extra named in
the message --cluster gives without it, the sample levels shipped with the code."""
import json
import re
import sys
import tomllib
from pathlib import Path

import nonogram_editor
from nonogram_editor.cli.run import run_command
from nonogram_editor.infra.paths import LEVELS

REPO = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())


def test_mit_licence_file_and_metadata():
    project = PROJECT["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    assert (REPO / "LICENSE").read_text().startswith("MIT License")
    assert project["authors"]
    assert any(c.startswith("Topic :: ") for c in project["classifiers"])


def test_the_version_is_written_once():
    assert "version" not in PROJECT["project"]
    assert "version" in PROJECT["project"]["dynamic"]
    assert PROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "nonogram_editor.__version__"}
    from nonogram_editor.__main__ import main
    assert main(["--version"]) == 0


def test_dask_is_the_cluster_extra_not_a_dependency():
    assert not any(d.startswith("distributed") for d in PROJECT["project"]["dependencies"])
    assert any(d.startswith("distributed") for d in PROJECT["project"]["optional-dependencies"]["cluster"])


def test_cluster_without_the_extra_names_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails as if not installed
    code = run_command(["solve", "voxel-soma", "--count", "--cluster", "tcp://127.0.0.1:9", "--json"])
    out, err = capsys.readouterr()
    assert code == 2
    assert "pip install 'nonogram-editor[cluster]'" in json.loads(out)["error"]
    [error] = [line for line in err.splitlines() if line.startswith("error:")]
    assert "the [cluster] extra" in error
    assert "Traceback" not in err


def test_the_sample_levels_are_the_checkouts_and_ship_as_data_files():
    package = Path(nonogram_editor.__file__).parent
    if package == REPO / "editor":  # a checkout (an editable install)
        assert LEVELS == REPO / "levels"
    else:  # installed (a packager's run from the unpacked sdist)
        assert LEVELS == Path(sys.prefix) / "share" / "nonogram-editor" / "levels"
    assert len(list(LEVELS.glob("*.level"))) >= 5
    assert PROJECT["tool"]["setuptools"]["data-files"]["share/nonogram-editor/levels"] == ["levels/*"]


def test_every_package_folder_installs_under_our_names():
    """pyproject.toml lists the packages by their installed names; each folder with an
    ``__init__.py`` below editor/ and plugins/ is one of them, and nothing else is."""
    folders = {"nonogram_editor": REPO / "editor", "nonogram_editor_builtins": REPO / "plugins"}
    assert PROJECT["tool"]["setuptools"]["package-dir"] == {name: folder.name for name, folder in folders.items()}
    found = {".".join((name, *init.parent.relative_to(folder).parts))
             for name, folder in folders.items() for init in folder.rglob("__init__.py")}
    assert found == set(PROJECT["tool"]["setuptools"]["packages"])
    entry_points = PROJECT["project"]["entry-points"]["nonogram_editor.plugins"].values()
    assert {value.split(".")[0] for value in entry_points} == {"nonogram_editor_builtins"}


def test_the_desktop_files_are_data_files_in_the_folders_the_desktop_installer_uses():
    from nonogram_editor.ui.desktop import SOURCES

    data_files = PROJECT["tool"]["setuptools"]["data-files"]
    assert {f"share/{folder}": [f"editor/data/{source}"] for source, folder in SOURCES.items()}.items() \
        <= data_files.items()


def test_the_changelog_has_unreleased_changes_and_this_version_and_ships_in_the_sdist():
    changelog = (REPO / "CHANGELOG.md").read_text()
    headings = [line for line in changelog.splitlines() if line.startswith("## ")]
    assert headings[0] == "## [Unreleased]"
    assert re.fullmatch(rf"## \[{re.escape(nonogram_editor.__version__)}\] - \d{{4}}-\d\d-\d\d", headings[1])
    assert "CHANGELOG.md" in (REPO / "MANIFEST.in").read_text().split()
