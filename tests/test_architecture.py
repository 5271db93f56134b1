"""The layers, checked from the source's import statements (every one, also those inside functions).

* The floors (:data:`FLOORS`, docs/architecture.md): a module imports only from its own floor and
  the floors below it, but for the exceptions named in :data:`EXCEPTIONS`.
* The solvers, ``editor/infra``, ``editor/level``, ``editor/nonogram``, ``editor/core``, ``editor/pack`` and the
  command line (``editor/cli``) never reach Qt, however indirectly; nor does any module of a plugin but its
  ``panel.py`` and ``canvas.py`` (its 2-D drawing).
* A plugin's ``plugin.py`` and ``editor/plugin_api`` reach no Qt when imported (the
  command line loads them without a screen); Qt comes in only when a panel is made.
* Only ``editor/scene3d`` imports Qt3D.
* A plugin imports nothing of the editor but ``nonogram_editor.plugin_api``.
"""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QT = ("PySide6", "shiboken6")


EXAMPLE = ROOT / "docs" / "example_plugin"  # the example plugin of docs/plugins.md, a package of its own


# The repository's folders and the names they install under (pyproject.toml's package-dir).
PACKAGES = {ROOT / "editor": "nonogram_editor", ROOT / "plugins": "nonogram_editor_builtins",
            EXAMPLE / "polyomino_tiling": "polyomino_tiling"}


def _module_name(path: Path, folder: Path) -> str:
    parts = (PACKAGES[folder], *path.relative_to(folder).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, module: str) -> list[tuple[str, bool]]:
    """(imported name, at module level) for every import statement in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []

    def visit(node, top: bool):
        for child in ast.iter_child_nodes(node):
            inner = top and not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                found.extend((alias.name, top) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[:len(package.split(".")) - child.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                found.append((base, top))
                found.extend((f"{base}.{alias.name}", top) for alias in child.names)
            visit(child, inner)

    visit(tree, True)
    return found


def _project() -> dict[str, list[tuple[str, bool]]]:
    modules = {}
    for folder in PACKAGES:
        for path in sorted(folder.rglob("*.py")):
            name = _module_name(path, folder)
            modules[name] = _imports(path, name)
    return modules


def _is_plugin(module: str) -> bool:
    return module.split(".")[0] in ("nonogram_editor_builtins", "polyomino_tiling")


MODULES = _project()


def _resolve(name: str) -> str | None:
    """The project module an imported name is (or lives in), None if outside the project."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


# The floors of the editor, lowest first: a module imports from its own floor and those below.
# (The plugins stand on the plugin API alone: test_plugins_import_only_the_plugin_api_from_the_editor.)
FLOORS: list[tuple[str, tuple[str, ...]]] = [
    ("infrastructure", ("nonogram_editor.infra", "nonogram_editor")),  # the package itself: its version
    ("level", ("nonogram_editor.level",)),
    ("nonogram", ("nonogram_editor.nonogram",)),
    ("core", ("nonogram_editor.core",)),
    ("pack", ("nonogram_editor.pack",)),  # a folder of levels as a pack: verdicts, order, warnings
    ("qt", ("nonogram_editor.qt",)),  # Qt from here up
    ("scene3d", ("nonogram_editor.scene3d",)),
    ("plugin platform", ("nonogram_editor.plugin_api",)),
    ("publishing", ("nonogram_editor.publish",)),  # its sheets draw with Qt
    ("ui", ("nonogram_editor.ui",)),
    ("command line", ("nonogram_editor.cli",)),
    ("entry point", ("nonogram_editor.__main__",)),
]

# (importer, imported) -> why it may reach up. The plugin API's panel-only names (SceneView,
# PuzzlePanel, BackgroundJob ...) come from scene3d and ui through its _LAZY table, which is
# importlib, not an import statement: a façade over the floors above, loaded only by a panel.
EXCEPTIONS: dict[tuple[str, str], str] = {}


def floor(module: str) -> int | None:
    """The index in FLOORS of the floor ``module`` stands on (the longest prefix wins; None: not the editor's)."""
    best = None, -1
    for number, (_name, prefixes) in enumerate(FLOORS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best[1]:
                best = number, len(prefix)
    return best[0]


def upward_imports(modules: dict[str, list[tuple[str, bool]]]) -> dict[tuple[str, str], str]:
    """(importer, imported) -> "floor -> higher floor", for each import that reaches up, exceptions left out."""
    found = {}
    for module, imports in modules.items():
        here = floor(module)
        for name, _top in imports:
            target = _resolve(name)
            there = floor(target) if target is not None else None
            if here is not None and there is not None and there > here and (module, target) not in EXCEPTIONS:
                found[module, target] = f"{FLOORS[here][0]} -> {FLOORS[there][0]}"
    return found


def test_every_module_of_the_editor_stands_on_a_floor():
    assert {m for m in MODULES if m.split(".")[0] == "nonogram_editor" and floor(m) is None} == set()


def test_no_import_reaches_up_a_floor():
    assert upward_imports(MODULES) == {}


def test_every_named_exception_is_still_an_import():
    graph = import_graph()
    assert {pair for pair in EXCEPTIONS if pair[1] not in graph.get(pair[0], ())} == set()


def test_the_floor_checker_finds_an_import_from_a_lower_floor_to_a_higher_one():
    modules = {"nonogram_editor.level.model": [("nonogram_editor.ui.app.run_app", False)],
               "nonogram_editor.ui.app": [("nonogram_editor.level.model", True),
                                          ("nonogram_editor.infra.tasks.Task", True)]}
    assert upward_imports(modules) == {("nonogram_editor.level.model", "nonogram_editor.ui.app"): "level -> ui"}
    assert floor("nonogram_editor") == 0
    assert floor("nonogram_editor.__main__") == len(FLOORS) - 1


# Imports inside a function that bring Qt in on purpose, only when called, with the reason.
QT_WHEN_CALLED = {
    ("nonogram_editor.publish.export", "nonogram_editor.publish.booklet"):
        "`pack --export booklet.pdf`: the booklet is drawn by Qt's PDF writer (offscreen without a display)",
}


def qt_path(start: str, nested: bool) -> list[str] | None:
    """An import chain from ``start`` to Qt (None if there is none).

    ``nested``: follow the imports inside functions of ``start`` too (from the modules it
    reaches, always every import: a solver module is all Qt-free or it is not).
    """
    seen, stack = {start}, [(start, [start], nested)]
    while stack:
        module, chain, follow_nested = stack.pop()
        for name, top in MODULES[module]:
            if not (top or follow_nested):
                continue
            if name.split(".")[0] in QT:
                return chain + [name]
            target = _resolve(name)
            if not top and (module, target) in QT_WHEN_CALLED:
                continue
            if target is not None and target not in seen:
                seen.add(target)
                stack.append((target, chain + [target], True))
    return None


def _plugin_modules():
    return [m for m in MODULES if _is_plugin(m) and not m.endswith("__init__")
            and m.count(".") == (2 if m.startswith("nonogram_editor_builtins.") else 1)]


def test_solvers_level_nonogram_and_the_editor_core_never_reach_qt():
    core = [m for m in MODULES if m.startswith(("nonogram_editor.infra", "nonogram_editor.level",
                                                "nonogram_editor.nonogram", "nonogram_editor.core",
                                                "nonogram_editor.cli", "nonogram_editor.pack"))]
    core += [m for m in _plugin_modules() if m.rsplit(".", 1)[1] not in ("panel", "canvas", "plugin")]
    core += ["nonogram_editor.scene3d.parts", "nonogram_editor.scene3d.geometry"]
    assert len(core) > 30
    offenders = {m: " -> ".join(path) for m in core if (path := qt_path(m, nested=True))}
    assert offenders == {}


def test_plugin_entry_points_and_the_plugin_api_import_no_qt():
    entry_points = [m for m in _plugin_modules() if m.endswith(".plugin")] + ["nonogram_editor.plugin_api"]
    assert len(entry_points) >= 5
    offenders = {m: " -> ".join(path) for m in entry_points if (path := qt_path(m, nested=False))}
    assert offenders == {}


def test_only_scene3d_imports_qt3d():
    offenders = {m: name for m, imports in MODULES.items() for name, _ in imports
                 if name.startswith("PySide6.Qt3D") and not m.startswith("nonogram_editor.scene3d")}
    assert offenders == {}


def test_plugins_import_only_the_plugin_api_from_the_editor():
    offenders = {(m, name) for m in MODULES if _is_plugin(m) for name, _ in MODULES[m]
                 if name.split(".")[0] == "nonogram_editor" and _resolve(name) != "nonogram_editor.plugin_api"}
    assert offenders == set()


def _reached(start: str) -> set[str]:
    """The project modules ``start`` imports, however indirectly (imports inside functions too)."""
    seen, stack = {start}, [start]
    while stack:
        for name, _top in MODULES[stack.pop()]:
            target = _resolve(name)
            if target is not None and target not in seen:
                seen.add(target)
                stack.append(target)
    return seen - {start}


def test_plugin_panels_do_not_import_their_plugin_module():
    """The plugin module imports its panel (in the panel factory) and hands it the plugin's
    ``PuzzleSpec`` maker: the panel importing the plugin back would make a circle."""
    panels = [m for m in _plugin_modules() if m.endswith(".panel")]
    assert len(panels) >= 4
    offenders = {m for m in panels if m.rpartition(".")[0] + ".plugin" in _reached(m)}
    assert offenders == set()


def test_the_plugin_api_lists_every_name_plugins_import_from_it():
    import nonogram_editor.plugin_api

    prefix = "nonogram_editor.plugin_api."
    imported = {name[len(prefix):] for m in MODULES if _is_plugin(m) for name, _ in MODULES[m]
                if name.startswith(prefix)}
    assert len(imported) > 15
    assert imported - set(nonogram_editor.plugin_api.__all__) == set()


def test_importing_the_plugin_api_and_every_plugin_entry_point_loads_no_qt():
    code = ("import sys, nonogram_editor.plugin_api, nonogram_editor_builtins.pyramid.plugin\n"
            "import nonogram_editor_builtins.cube.plugin, nonogram_editor_builtins.voxel.plugin\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_the_checker_sees_imports_inside_functions_and_relative_ones():
    tree = _imports(ROOT / "editor" / "plugin_api" / "__init__.py", "nonogram_editor.plugin_api")
    assert ("nonogram_editor.infra.tasks", True) in tree
    assert qt_path("nonogram_editor.ui.puzzle_docks", nested=False)[-1].startswith("PySide6")


def import_graph() -> dict[str, set[str]]:
    """Each project module -> the project modules it imports (also inside functions)."""
    return {module: {target for name, _ in imports if (target := _resolve(name)) not in (None, module)}
            for module, imports in MODULES.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected sets of more than one module
    (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in graph.get(module, ()):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            members = []
            while not members or members[-1] != module:
                members.append(stack.pop())
            if len(members) > 1:
                found.append(sorted(members))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_module_of_the_editor_or_the_plugins_imports_another_in_a_circle():
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_circles_and_only_those():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": set(), "f": {"f"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"x": {"y"}, "y": set()}) == []


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_imports(path: Path, module: str) -> list[str]:
    """Another project module's private names (``_name``) that the file imports or reads
    from a module it imported (``from a import _b``; ``from a import b; b._c``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    modules: dict[str, str] = {}  # a name in this file -> the project module it stands for
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            if _resolve(base) is None:
                continue
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{base}.{alias.name}")
                elif f"{base}.{alias.name}" in MODULES:
                    modules[alias.asname or alias.name] = f"{base}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in MODULES:
                    modules[alias.asname] = alias.name
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                and _private(node.attr) and modules[node.value.id] != module):
            found.append(f"{modules[node.value.id]}.{node.attr}")
    return found


def test_no_module_imports_another_modules_private_names():
    offenders = {}
    for folder in (ROOT / "editor", ROOT / "plugins"):
        for path in sorted(folder.rglob("*.py")):
            name = _module_name(path, folder)
            if found := private_imports(path, name):
                offenders[name] = found
    assert offenders == {}


def test_the_private_name_checker_sees_both_ways_of_reaching_one(tmp_path):
    source = tmp_path / "sample.py"
    source.write_text("from nonogram_editor.nonogram.cnf import _encode, encode\n"
                      "from nonogram_editor.nonogram import verdict\n"
                      "verdict._check(None)\n"
                      "from nonogram_editor import __version__\n", encoding="utf-8")
    assert private_imports(source, "sample") == ["nonogram_editor.nonogram.cnf._encode",
                                                 "nonogram_editor.nonogram.verdict._check"]
