"""Installs as a user and a packager make them, from a copy of the repository: the wheel installs only
names of its own (nonogram_editor, nonogram_editor_builtins) and lives beside a distribution
called editor; the wheel (no
extra) finds every plugin's puzzles, checks the shipped levels, solves, says once that it
compiles, keeps numba's cache in the user's cache folder and uninstalls without a trace; it carries
the user manual and prints it with no repository beside it; the
sdist holds the tests, docs and levels, installs, and its tests pass."""
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
RUN = dict(capture_output=True, text=True, timeout=900)
# Kept out of the dependencies a wheel install sees: the [cluster] extra, and this checkout itself.
NOT_FROM_THE_TEST_ENVIRONMENT = ("distributed", "dask", "editor", "plugins", "nonogram_editor", "__editable__")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built as ``pip install .`` builds it (setuptools from PyPI or pip's cache in
    an isolated build env), from a clean copy of the checkout."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"  # building in a copy leaves the checkout without build/ or egg-info
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "__pycache__", "build", "dist", "*.egg-info", ".pytest_cache", ".hypothesis"))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(tmp / "dist"), str(source)],
                           **RUN)
    assert built.returncode == 0, built.stderr
    [wheel_file] = (tmp / "dist").glob("nonogram_editor-*.whl")
    return wheel_file


@pytest.fixture(scope="module")
def built(wheel, tmp_path_factory) -> dict[str, Path]:
    """The wheel and the sdist, the sdist built as a packager builds it."""
    tmp = tmp_path_factory.mktemp("built")
    source = wheel.parent.parent / "source"
    # The sdist through setuptools' build backend, in an environment of its own (as `python -m build --sdist`).
    backend = tmp / "backend"
    subprocess.run([sys.executable, "-m", "venv", str(backend)], check=True)
    setup = subprocess.run([backend / "bin" / "python", "-m", "pip", "install", "-q", "setuptools>=77"], **RUN)
    assert setup.returncode == 0, setup.stderr
    sdist = subprocess.run([backend / "bin" / "python", "-c", "import sys; from setuptools import build_meta; "
                            "print(build_meta.build_sdist(sys.argv[1]))", str(tmp / "dist")], cwd=source, **RUN)
    assert sdist.returncode == 0, sdist.stderr
    [sdist_file] = (tmp / "dist").glob("nonogram_editor-*.tar.gz")
    return {"wheel": wheel, "sdist": sdist_file}


def venv_with_test_dependencies(folder: Path) -> tuple[Path, Path]:
    """A venv (python, site-packages) that sees this environment's dependencies except the
    [cluster] extra and this checkout (.pth files of a directory named in a .pth are not processed)."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    python = folder / "bin" / "python"
    site = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               **RUN).stdout.strip())
    dependencies = folder.parent / f"{folder.name}-dependencies"
    dependencies.mkdir()
    for entry in Path(sysconfig.get_paths()["purelib"]).iterdir():
        if not entry.name.startswith(NOT_FROM_THE_TEST_ENVIRONMENT) and entry.suffix != ".pth":
            (dependencies / entry.name).symlink_to(entry)
    (site / "test-dependencies.pth").write_text(f"{dependencies}\n")
    return python, site


def clean_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "NONOGRAM_EDITOR_DISABLE_PLUGINS", "NUMBA_CACHE_DIR")}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    return env


@pytest.mark.slow
def test_a_wheel_install_without_extras_checks_solves_and_uninstalls_without_a_trace(built, tmp_path):
    python, site = venv_with_test_dependencies(tmp_path / "venv")
    before = sorted(p.name for p in site.iterdir())
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                                "--no-index", str(built["wheel"])], **RUN)
    assert installed.returncode == 0, installed.stderr
    command = tmp_path / "venv" / "bin" / "nonogram-editor"
    env, elsewhere = clean_env(tmp_path), tmp_path / "elsewhere"
    elsewhere.mkdir()

    def run(*args):
        return subprocess.run([command, *args], cwd=elsewhere, env=env, **RUN)

    assert subprocess.run([python, "-c", "import distributed"], env=env, **RUN).returncode == 1  # no extra
    where = subprocess.run([python, "-c", "import nonogram_editor_builtins.voxel, nonogram_editor.infra.paths; "
                            "print(nonogram_editor_builtins.voxel.__file__); "
                            "print(nonogram_editor.infra.paths.LEVELS)"], cwd=elsewhere, env=env, **RUN)
    code_file, levels = where.stdout.split()
    shared = tmp_path / "venv" / "share" / "nonogram-editor"
    assert code_file.startswith(str(site)), where.stdout + where.stderr
    assert levels == str(shared / "levels"), where.stdout + where.stderr
    app_id = "io.github.nonogramstudio.nonogram_editor"  # and the desktop files where the desktop looks
    assert (tmp_path / "venv" / "share" / "applications" / f"{app_id}.desktop").is_file()
    assert (tmp_path / "venv" / "share" / "mime" / "packages" / f"{app_id}.xml").is_file()

    version = run("--version")
    assert version.returncode == 0
    assert version.stdout.startswith("nonogram-editor ")
    listed = run("puzzles")
    assert listed.returncode == 0, listed.stderr
    assert listed.stderr == "", listed.stderr
    ids = [line.split()[0] for line in listed.stdout.splitlines()]
    assert {"pyramid", "cube-square-packed", "cube-hanging", "voxel-soma", "voxel-tetris-cube"} <= set(ids)
    checked = run("check", levels, "--json")
    assert checked.returncode == 0, checked.stderr
    assert len(checked.stdout.splitlines()) == len(list(Path(levels).glob("*.level"))) >= 5

    solved, again = run("solve", "voxel-soma", "--first", "--json"), run("solve", "voxel-soma", "--first", "--json")
    assert solved.returncode == again.returncode == 0, solved.stderr + again.stderr
    assert '"found": true' in solved.stdout
    assert solved.stderr.count("note: compiling the solvers") == 1
    assert again.stderr == ""
    assert list((tmp_path / "cache" / "nonogram-editor" / "numba").rglob("*.nbi"))

    cluster = run("solve", "voxel-soma", "--count", "--cluster", "tcp://127.0.0.1:9")
    assert cluster.returncode == 2, cluster.stderr
    assert "pip install 'nonogram-editor[cluster]'" in cluster.stderr, cluster.stderr

    removed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "uninstall", "-y",
                              "nonogram-editor"], **RUN)
    assert removed.returncode == 0, removed.stderr
    assert sorted(p.name for p in site.iterdir()) == before
    assert not list(shared.rglob("*.level"))


@pytest.mark.slow
def test_the_sdist_holds_the_tests_docs_and_levels_installs_and_its_tests_pass(built, tmp_path):
    with tarfile.open(built["sdist"]) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
        archive.extractall(tmp_path, filter="data")
    tracked = subprocess.run(["git", "ls-files"], cwd=REPO, **RUN).stdout.split()
    expected = {name for name in tracked if name.startswith(("tests/", "docs/", "editor/", "plugins/", "resources/",
                                                             "levels/"))}
    assert expected <= names, sorted(expected - names)[:10]
    assert {"LICENSE", "README.md", "CHANGELOG.md", "pyproject.toml"} <= names
    assert not [name for name in names if "__pycache__" in name]

    [unpacked] = tmp_path.glob("nonogram_editor-*")
    python, _ = venv_with_test_dependencies(tmp_path / "venv")
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                                str(built["sdist"])], **RUN)
    assert installed.returncode == 0, installed.stderr
    # A packager's run of the tests, from the unpacked sdist (a share of them: the whole suite is
    # `resources/scripts/test` in the unpacked folder, which takes many minutes).
    tests = subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_packaging.py",
                            "tests/editor/cli/test_conventions.py", "tests/editor/cli/test_check.py",
                            "tests/editor/level/test_model.py"], cwd=unpacked, env=clean_env(tmp_path), **RUN)
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-2000:]


def test_the_wheel_installs_only_names_of_its_own(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        [top_level] = [name for name in names if name.endswith(".dist-info/top_level.txt")]
        declared = set(archive.read(top_level).decode().split())
    packages = {name.split("/")[0] for name in names if name.endswith(".py")}
    assert declared == packages == {"nonogram_editor", "nonogram_editor_builtins"}
    assert any(name.startswith("nonogram_editor_builtins/voxel/data/") for name in names)


def test_the_wheel_carries_every_page_of_the_manual_and_its_pictures(wheel):
    with zipfile.ZipFile(wheel) as archive:
        shipped = {name.removeprefix("nonogram_editor/manual/") for name in archive.namelist()
                   if name.startswith("nonogram_editor/manual/")}
    manual = REPO / "editor" / "manual"
    pages = {path.relative_to(manual).as_posix() for path in manual.rglob("*") if path.is_file()}
    assert shipped == pages
    assert {"tour.md", "command-line.md", "images/window.png"} <= shipped


def test_the_wheel_carries_the_web_page_player(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert {"nonogram_editor/publish/data/player.js", "nonogram_editor/publish/data/player.css"} <= names


def test_the_installed_wheel_prints_its_manual_with_no_repository_beside_it(wheel, tmp_path):
    python, site = venv_with_test_dependencies(tmp_path / "venv")
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                                "--no-index", str(wheel)], **RUN)
    assert installed.returncode == 0, installed.stderr
    env, elsewhere = clean_env(tmp_path), tmp_path / "elsewhere"
    elsewhere.mkdir()

    def run(*args):
        return subprocess.run([tmp_path / "venv" / "bin" / "nonogram-editor", *args], cwd=elsewhere, env=env, **RUN)

    listed = run("help")
    assert listed.returncode == 0, listed.stderr
    assert listed.stderr == "", listed.stderr
    assert "  command-line    The command line\n" in listed.stdout
    assert "  tour  " in listed.stdout
    page = run("help", "command-line")
    assert page.returncode == 0, page.stderr
    assert page.stdout.startswith("The command line\n================\n"), page.stderr
    assert "nonogram-editor help [TOPIC]" in page.stdout
    where = subprocess.run([python, "-c", "from nonogram_editor.infra import user_guide; print(user_guide.folder())"],
                           cwd=elsewhere, env=env, **RUN)
    assert where.stdout.strip().startswith(str(site)), where.stdout + where.stderr
    unknown = run("help", "no-such-topic")
    assert unknown.returncode == 2, unknown.stderr
    assert "'troubleshooting'" in unknown.stderr, unknown.stderr
    assert "nonogram-editor help command-line" in run("--help").stdout


def test_the_wheel_puts_the_desktop_files_where_the_desktop_looks_under_its_prefix(wheel):
    with zipfile.ZipFile(wheel) as archive:
        data = {name.split(".data/data/", 1)[1]: archive.read(name) for name in archive.namelist()
                if ".data/data/share/" in name and "/levels/" not in name}
    app_id = "io.github.nonogramstudio.nonogram_editor"
    assert sorted(data) == sorted([f"share/applications/{app_id}.desktop", f"share/metainfo/{app_id}.metainfo.xml",
                                   f"share/icons/hicolor/scalable/apps/{app_id}.svg",
                                   f"share/mime/packages/{app_id}.xml"])
    for name, content in data.items():  # the one copy in editor/data, which the package data is too
        assert content == (REPO / "editor" / "data" / Path(name).name).read_bytes(), name


def test_the_wheel_installs_beside_a_distribution_called_editor(wheel, tmp_path):
    """PyPI's ``editor`` ("Open the default text editor") installs a top-level ``editor``
    package: a stand-in of the same shape, installed first, keeps working, and so do we."""
    stand_in = tmp_path / "editor-1.2.1-py3-none-any.whl"
    with zipfile.ZipFile(stand_in, "w") as archive:
        archive.writestr("editor/__init__.py", "def editor(text=''):\n    return 'the other editor'\n")
        archive.writestr("editor-1.2.1.dist-info/METADATA", "Metadata-Version: 2.1\nName: editor\nVersion: 1.2.1\n")
        archive.writestr("editor-1.2.1.dist-info/WHEEL",
                         "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        archive.writestr("editor-1.2.1.dist-info/top_level.txt", "editor\n")
        archive.writestr("editor-1.2.1.dist-info/RECORD", "")
    python, site = venv_with_test_dependencies(tmp_path / "venv")
    for target in (stand_in, wheel):
        installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                                    "--no-index", str(target)], **RUN)
        assert installed.returncode == 0, installed.stderr
    env, elsewhere = clean_env(tmp_path), tmp_path / "elsewhere"
    elsewhere.mkdir()
    both = subprocess.run([python, "-c",
                           "import editor, nonogram_editor; print(editor.editor(), nonogram_editor.__version__)"],
                          cwd=elsewhere, env=env, **RUN)
    assert both.returncode == 0, both.stderr
    assert both.stdout.startswith("the other editor "), both.stderr
    level = REPO / "levels" / "cat.level"
    checked = subprocess.run([tmp_path / "venv" / "bin" / "nonogram-editor", "check", str(level)], cwd=elsewhere,
                             env=env, **RUN)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "cat.level" in checked.stdout, checked.stdout + checked.stderr
