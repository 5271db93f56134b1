"""The plugin interface: pluggy hook specifications and the small surface plugins use.

This module is the reference a plugin author reads (see also docs/plugins.md).

A plugin is a Python module (or object) listed under the entry-point group
``nonogram_editor.plugins`` in its package's ``pyproject.toml``::

    [project.entry-points."nonogram_editor.plugins"]
    myplugin = "my_package.plugin"

and implementing one or more of the hooks below, marked with :data:`hookimpl`::

    from editor.plugin_api import hookimpl, PanelSpec, PuzzleSpec

    @hookimpl
    def nonogram_editor_panels(panels):
        panels.add(PanelSpec(id="myplugin", title="My puzzle", factory=make_panel))

    @hookimpl
    def nonogram_editor_puzzles(puzzles):
        puzzles.add(PuzzleSpec(id="my-puzzle", title="My puzzle", solve_first=..., count=...))

Rules the host keeps:

* A plugin adds *factories*, never widgets. The host calls ``factory(context, parent)``
  when the user opens the panel from the Puzzles menu, docks the widget it returns, and
  deletes it when the dock is closed. A panel must stop its background work when its
  widget is destroyed (connect to ``destroyed`` or use ``context.run_in_background``,
  which does that for you).
* A plugin that fails to import, or whose hook raises, is reported (Help > Plugins,
  the status bar, stderr for the command line) and skipped; the editor keeps running.
* ``NONOGRAM_EDITOR_DISABLE_PLUGINS=name1,name2`` blocks plugins by entry-point name.
* Hook names are checked: an ``@hookimpl`` whose name matches no specification here is
  reported as an error (pluggy's ``check_pending``) and that plugin is skipped.
* Versioning: hooks only ever gain optional parameters; :data:`API_VERSION` rises when
  something is added. Solvers must be importable without Qt: the command line loads
  the puzzles hook without creating any widget.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pluggy

from editor.tasks import Task

PROJECT = "nonogram_editor"
ENTRY_POINT_GROUP = "nonogram_editor.plugins"
DISABLE_ENV = "NONOGRAM_EDITOR_DISABLE_PLUGINS"
API_VERSION = 2  # 2: the puzzle-files hook, PuzzleSpec.count_options

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# --------------------------------------------------------------------------- panels
@dataclass
class PanelContext:
    """What the host hands a panel factory.

    ``main_window``: the editor's QMainWindow (for dialogs' parents).
    ``show_message(text)``: a transient status-bar message.
    ``settings_prefix``: a QSettings group the panel may use for its own state.
    """

    main_window: Any
    show_message: Callable[[str], None]
    settings_prefix: str

    def run_in_background(self, function: Callable[[Task], Any], owner: Any, name: str = "panel job"):
        """A :class:`editor.ui.background.BackgroundJob` running ``function(task)`` off the GUI thread.

        It is cancelled, and its signals disconnected, when ``owner`` (the panel widget)
        is destroyed. Connect ``progress``/``succeeded``/``failed`` first, then ``start()``.
        """
        from editor.ui.background import BackgroundJob  # Qt only when a panel asks for it

        return BackgroundJob(function, owner=owner, name=name)


@dataclass(frozen=True)
class PanelSpec:
    """A dockable panel: ``factory(context: PanelContext, parent: QWidget) -> QWidget``."""

    id: str
    title: str
    factory: Callable[[PanelContext, Any], Any]
    tooltip: str = ""


# --------------------------------------------------------------------------- puzzles
@dataclass
class CountResult:
    """The outcome of counting every solution of a puzzle.

    ``count``: every solution; ``distinct``: solutions up to the puzzle's symmetry
    (None where the puzzle has none worth naming); ``complete``: False if cancelled,
    in which case the numbers are what was found so far.
    """

    count: int
    distinct: int | None = None
    complete: bool = True
    extra: dict = field(default_factory=dict)


@dataclass(frozen=True)
class PuzzleSpec:
    """A puzzle the command line (``nonogram-editor solve ID``) and panels can solve.

    ``solve_first(task) -> solution | None``: one solution (None: there is none).
    ``count(task, jobs) -> CountResult``: every solution; ``jobs`` processes may be used.
        ``task.report(done, total, message)`` drives the progress line. May be None
        for puzzles that cannot be counted in reasonable time.
    ``format_solution(solution) -> str``: a human-readable picture of a solution.
    ``solution_to_json(solution) -> JSON-able``: for ``--json``.
    ``count_options``: the keyword arguments ``count`` also takes, from ``checkpoint``
        (a file to resume from and save progress to) and ``cluster`` (a Dask scheduler
        address); the command line refuses the matching options for other puzzles.
    """

    id: str
    title: str
    solve_first: Callable[[Task], Any]
    count: Callable[[Task, int], CountResult] | None = None
    format_solution: Callable[[Any], str] = str
    solution_to_json: Callable[[Any], Any] = lambda s: s
    description: str = ""
    count_options: tuple[str, ...] = ()


@dataclass(frozen=True)
class PuzzleFileSpec:
    """Puzzle files a plugin opens for ``nonogram-editor solve PATH``.

    ``open(path, problem) -> PuzzleSpec``: ``problem`` names one of several puzzles in
    the file (None: the only one, or the file's choice); raise ``ValueError`` with a
    message naming the file for anything wrong with it.
    """
    id: str
    suffixes: tuple[str, ...]  # lower case, with the dot
    open: Callable[[str, str | None], PuzzleSpec]


class Registry:
    """Collects specs from plugins; ids must be unique."""

    def __init__(self, kind: str):
        self.kind = kind
        self._items: dict[str, Any] = {}
        self.owner: dict[str, str] = {}
        self._current_plugin = "?"

    def add(self, spec) -> None:
        if spec.id in self._items:
            raise ValueError(f"{self.kind} id {spec.id!r} is already registered by plugin {self.owner[spec.id]!r}")
        self._items[spec.id] = spec
        self.owner[spec.id] = self._current_plugin

    def discard_plugin(self, plugin: str) -> None:
        """Forget everything ``plugin`` added (its hook raised half-way)."""
        for item_id in [i for i, owner in self.owner.items() if owner == plugin]:
            del self._items[item_id], self.owner[item_id]

    def __iter__(self):
        return iter(self._items.values())

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, item_id: str) -> bool:
        return item_id in self._items

    def get(self, item_id: str):
        return self._items.get(item_id)


# --------------------------------------------------------------------------- hooks
@hookspec
def nonogram_editor_panels(panels: Registry) -> None:
    """Add :class:`PanelSpec` objects with ``panels.add(spec)``. Called once, with Qt running."""


@hookspec
def nonogram_editor_puzzles(puzzles: Registry) -> None:
    """Add :class:`PuzzleSpec` objects with ``puzzles.add(spec)``. Must not import Qt."""


@hookspec
def nonogram_editor_puzzle_files(files: Registry) -> None:
    """Add :class:`PuzzleFileSpec` objects with ``files.add(spec)``. Must not import Qt."""
