"""The plugin interface: pluggy hook specifications and the small surface plugins use.

This module is the reference a plugin author reads (see also docs/plugins.md).

A plugin is a Python module (or object) listed under the entry-point group
``nonogram_editor.plugins`` in its package's ``pyproject.toml``::

    [project.entry-points."nonogram_editor.plugins"]
    myplugin = "my_package.plugin"

and implementing one or more of the hooks below, marked with :data:`hookimpl`::

    from nonogram_editor.plugin_api import hookimpl, PanelSpec, PuzzleSpec

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
* Importing the plugins, and each round of hook calls, runs on worker threads (all plugins
  at once) with a time budget (:data:`TIME_BUDGET` seconds, ``NONOGRAM_EDITOR_PLUGIN_BUDGET``
  to change it): a plugin still busy then is reported as stuck and skipped, and the editor
  starts without it. Hooks add specs and must not create Qt objects (not the GUI thread). ``SystemExit``,
  ``KeyboardInterrupt`` and the like from a plugin are reported like any other error.
* Ids are unique: the built-in plugins' ids are theirs; among other plugins the first one
  loaded (by entry-point name) keeps an id and a later one's spec with that id is skipped and
  reported, naming both plugins. A spec whose data is expensive to read can be registered
  with ``Registry.add_deferred(id, load)``.
* ``NONOGRAM_EDITOR_DISABLE_PLUGINS=name1,name2`` blocks plugins by entry-point name.
* Hook names are checked: an ``@hookimpl`` whose name matches no specification here is
  reported as an error (pluggy's ``check_pending``) and that plugin is skipped.
* Versioning: hooks only ever gain optional parameters; :data:`API_VERSION` rises when
  something is added. Solvers must be importable without Qt: the command line loads
  the puzzles hook without creating any widget.

This module is the only part of the editor a plugin imports, and it imports no Qt itself
(``tests/test_architecture.py`` enforces both). What a plugin needs from the editor is
re-exported here (the one list of them: docs/plugins.md names the same, a test compares both
with ``__all__``):

* without Qt: :class:`Task`, :class:`Progress`, :class:`Cancelled`, :class:`TimeUp` (long work),
  :func:`run_in_process` (a function in a child process, with a time limit),
  the 3-D scene data (:class:`Part`, :class:`Box`, :class:`Rod`, :class:`Prism`,
  :class:`Mesh`, :func:`explode_from_center`, :func:`part_id`, :func:`piece_of_part`),
  :func:`package_data` (a plugin's data folder), :func:`njit` (numba with a cache
  fallback), :func:`map_in_processes` (work spread over ``--jobs`` processes, cancellable),
  :class:`AtomicFiles` (saving that never destroys the previous file), :class:`Keyframes`
  (parts sliding from step to step, for :class:`MovePlayer`), pysat's
  :class:`Solver`, :class:`CardEnc` and :class:`EncType` (:mod:`nonogram_editor.infra.sat_solvers`: a Ctrl+C
  during a solve stays a KeyboardInterrupt), :func:`printable` (text from a file as the command
  line prints it);
* with Qt, imported only when first asked for (from a panel module): :class:`SceneView`
  (the 3-D view), :class:`BackgroundJob` (the background runner),
  :class:`PuzzlePanel` (the shared puzzle panel every plugin panel is built on),
  :class:`PuzzleCanvas` (the base of a panel's 2-D drawing) and :class:`MovePlayer` (plays
  a sequence of moves in the panel's 3-D view, and saves it as an animated GIF).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

import pluggy

from nonogram_editor.infra.paths import package_data
from nonogram_editor.infra.safe_write import AtomicFiles
from nonogram_editor.infra.tasks import Cancelled, Progress, Task, TimeUp
from nonogram_editor.infra.wording import printable
from nonogram_editor.scene3d.parts import Box, Mesh, Part, Prism, Rod, explode_from_center, part_id, piece_of_part

__all__ = [  # what plugins may use (the hook names and markers aside)
    "hookimpl", "PanelContext", "PanelSpec", "PuzzleSpec", "CountResult", "Cluster", "Registry", "API_VERSION",
    "PuzzleDataError", "PuzzleFileSpec",
    "Task", "Progress", "Cancelled", "TimeUp", "run_in_process", "Part", "Box", "Rod", "Prism", "Mesh",
    "explode_from_center", "part_id", "piece_of_part", "package_data", "AtomicFiles", "njit", "map_in_processes",
    "Solver", "CardEnc", "EncType", "printable",
    "SceneView", "BackgroundJob", "PuzzlePanel", "PuzzleCanvas", "Keyframes", "MovePlayer",
]

# name -> module, imported on first use: numba, pysat, and Qt for the panel-only names
_LAZY = {
    "njit": "nonogram_editor.infra.jit",
    "map_in_processes": "nonogram_editor.infra.child_process",
    "run_in_process": "nonogram_editor.infra.child_process",
    "Solver": "nonogram_editor.infra.sat_solvers",
    "CardEnc": "nonogram_editor.infra.sat_solvers",
    "EncType": "nonogram_editor.infra.sat_solvers",
    "SceneView": "nonogram_editor.scene3d.view",
    "BackgroundJob": "nonogram_editor.ui.background",
    "PuzzlePanel": "nonogram_editor.ui.puzzle_panel",
    "PuzzleCanvas": "nonogram_editor.ui.puzzle_panel",
    "Keyframes": "nonogram_editor.scene3d.animation",
    "MovePlayer": "nonogram_editor.scene3d.player",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

PROJECT = "nonogram_editor"
ENTRY_POINT_GROUP = "nonogram_editor.plugins"
DISABLE_ENV = "NONOGRAM_EDITOR_DISABLE_PLUGINS"
BUDGET_ENV = "NONOGRAM_EDITOR_PLUGIN_BUDGET"
TIME_BUDGET = 5.0  # seconds a plugin may take to import, and each hook call
# 2: Registry.add_deferred; 3: re-exports (PuzzlePanel, SceneView, ...), PuzzleSpec solutions/check/scene_parts;
# 4: the puzzle-files hook, PuzzleSpec.count_options; 5: Cluster; 6: Keyframes, MovePlayer, printable
API_VERSION = 6

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

    def run_in_background(self, function: Callable[[Task], Any], owner: Any, name: str = "panel job") -> Any:
        """A :class:`nonogram_editor.ui.background.BackgroundJob` running ``function(task)`` off the GUI thread.

        It is cancelled, and its signals disconnected, when ``owner`` (the panel widget)
        is destroyed. Connect ``progress``/``succeeded``/``failed`` first, then ``start()``.
        """
        job_class = __getattr__("BackgroundJob")  # Qt only when a panel asks for it
        return job_class(function, owner=owner, name=name)


@dataclass(frozen=True)
class PanelSpec:
    """A dockable panel: ``factory(context: PanelContext, parent: QWidget) -> QWidget``."""

    id: str
    title: str
    factory: Callable[[PanelContext, Any], Any]
    tooltip: str = ""


# --------------------------------------------------------------------------- puzzles
Solution = TypeVar("Solution")  # what a puzzle's solver gives: each plugin's own type


@dataclass
class CountResult:
    """The outcome of counting every solution of a puzzle.

    ``count``: every solution; ``distinct``: solutions up to the puzzle's symmetry
    (None where the puzzle has none worth naming); ``extra``: other figures worth printing
    (its ``"summary"``, if any, is a sentence the command line prints below the count, not JSON).
    A cancelled count raises :class:`Cancelled` (``task.check_cancelled()`` does that); it
    never returns partial numbers. ``complete`` stays True (kept for plugins written
    against API version 2).
    """

    count: int
    distinct: int | None = None
    complete: bool = True
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Cluster:
    """A Dask cluster to count on: its scheduler's ``address`` (``tcp://host:8786``, or
    ``tls://host:8786`` with the files of the certificate authority, this client's
    certificate and its key; files not given come from Dask's configuration), and how many
    seconds a count waits while the cluster has no worker before it gives up."""

    address: str
    tls_ca_file: str | None = None
    tls_cert: str | None = None
    tls_key: str | None = None
    worker_wait: float = 60.0


@dataclass(frozen=True)
class PuzzleSpec(Generic[Solution]):
    """A puzzle the command line (``nonogram-editor solve ID``) and panels can solve.

    ``solutions(task) -> iterator``: every solution as a stream, in the solver's order
        (``solve --first`` takes one, ``solve --list N`` the first N). Cancelling the task
        makes the iterator raise :class:`Cancelled`.
    ``solve_first(task) -> solution | None``: one solution (None: there is none); by
        default the first of ``solutions``. Give at least one of the two.
    ``count(task, jobs) -> CountResult``: every solution; ``jobs`` processes may be used.
        ``task.report(done, total, message)`` drives the progress line; cancelling the
        task makes it raise :class:`Cancelled` (one convention for every plugin, the
        command line and the panels). May be None for puzzles that cannot be counted in
        reasonable time.
    ``check(solution) -> list[str]``: the problems an independent checker (not the
        solver) finds, empty for a valid solution; the command line checks every
        solution it prints.
    ``scene_parts(solution) -> list[Part]``: the solution in 3-D; each part's id is
        ``part_id(piece)`` (``piece_of_part`` gives the piece back).
    ``format_solution(solution) -> str``: a human-readable picture of a solution.
    ``solution_to_json(solution) -> JSON-able``: for ``--json``.
    ``count_options``: the keyword arguments ``count`` also takes, from ``checkpoint``
        (a file to resume from and save progress to) and ``cluster`` (a :class:`Cluster`);
        the command line refuses the matching options for other puzzles.

    A solution is of the plugin's own type: ``PuzzleSpec[Placement]`` has every callable
    above take or give a ``Placement``.
    """

    id: str
    title: str
    solve_first: Callable[[Task], Solution | None] | None = None
    count: Callable[..., CountResult] | None = None  # (task, jobs, **count_options)
    format_solution: Callable[[Solution], str] = str
    solution_to_json: Callable[[Solution], Any] = lambda s: s
    description: str = ""
    solutions: Callable[[Task], Iterator[Solution]] | None = None
    check: Callable[[Solution], list[str]] | None = None
    scene_parts: Callable[[Solution], list[Part]] | None = None
    count_options: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.solve_first is None and self.solutions is None:
            raise TypeError(f"puzzle {self.id!r}: give solve_first or solutions")

    def first(self, task: Task) -> Solution | None:
        """One solution, or None if there is none."""
        if self.solve_first is not None:
            return self.solve_first(task)
        assert self.solutions is not None  # one of the two is given (__post_init__)
        return next(iter(self.solutions(task)), None)


class PuzzleDataError(ValueError):
    """A plugin's data (a shipped file, a user's puzzle file) is bad: the message names the file
    and what is wrong. Each plugin's own data error derives from it; the shared panel shows it
    in place of its controls, the command line prints it (no traceback)."""


@dataclass(frozen=True)
class PuzzleFileSpec:
    """Puzzle files a plugin opens for ``nonogram-editor solve PATH``.

    ``open(path, problem) -> PuzzleSpec``: ``problem`` names one of several puzzles in
    the file (None: the only one, or the file's choice); raise ``ValueError`` with a
    message naming the file for anything wrong with it.
    """
    id: str
    suffixes: tuple[str, ...]  # lower case, with the dot
    open: Callable[[str, str | None], PuzzleSpec[Any]]


class DuplicateIdError(ValueError):
    """An id (or plugin name) is already taken; the message names both plugins."""


class _Spec(Protocol):
    @property
    def id(self) -> str: ...


Spec = TypeVar("Spec", bound=_Spec)  # PanelSpec, PuzzleSpec or PuzzleFileSpec: anything with an id


class _Deferred(Generic[Spec]):
    """A spec not built yet: ``load()`` makes it the first time someone asks for it."""

    def __init__(self, load: Callable[[], Spec]):
        self.load = load


# (plugin, item_id, load) for each spec to build -> (ok, spec) for each
Build = Callable[[list[tuple[str, str, Callable[[], Any]]]], list[tuple[bool, Any]]]


def _build_directly(calls: list[tuple[str, str, Callable[[], Any]]]) -> list[tuple[bool, Any]]:
    return [(True, load()) for _plugin, _item_id, load in calls]


class Registry(Generic[Spec]):
    """Collects specs of one kind (``Registry[PuzzleSpec]``) from the plugins; ids must be unique.

    ``build(calls)`` builds deferred specs (see :meth:`add_deferred`): ``calls`` is a list of
    ``(plugin, item_id, load)``, the answer one ``(ok, spec)`` per call. The host runs them
    under its time budget and reports the failures; an id whose build failed is forgotten.
    By default ``load()`` is called directly.
    """

    def __init__(self, kind: str, build: Build = _build_directly):
        self.kind = kind
        self._items: dict[str, Spec | _Deferred[Spec]] = {}  # id -> spec, or _Deferred until first asked for
        self.owner: dict[str, str] = {}
        self._current_plugin = "?"
        self._build = build

    def add(self, spec: Spec) -> None:
        self._put(spec.id, spec, self._current_plugin)

    def add_deferred(self, item_id: str, load: Callable[[], Spec]) -> None:
        """Register ``item_id`` now; ``load()`` builds its spec only when it is asked for.

        For a plugin with many data files: listing or solving one puzzle then reads one
        file, and a broken file costs only its own id (reported like a failing hook).
        """
        self._put(item_id, _Deferred(load), self._current_plugin)

    def _put(self, item_id: str, item: Spec | _Deferred[Spec], plugin: str) -> None:
        if item_id in self._items:
            raise DuplicateIdError(f"{self.kind} id {item_id!r} is already registered by plugin "
                                   f"{self.owner[item_id]!r}")
        self._items[item_id] = item
        self.owner[item_id] = plugin

    def merge(self, other: Registry[Spec]) -> list[tuple[str, str, str]]:
        """Take ``other``'s items that do not clash; returns the clashes (id, holder, newcomer)."""
        clashes = []
        for item_id, item in other._items.items():
            if item_id in self._items:
                clashes.append((item_id, self.owner[item_id], other.owner[item_id]))
            else:
                self._put(item_id, item, other.owner[item_id])
        return clashes

    def ids(self) -> list[str]:
        """Every id, without building deferred specs."""
        return list(self._items)

    def _build_deferred(self, item_ids: list[str]) -> None:
        pending = [i for i in item_ids if isinstance(self._items.get(i), _Deferred)]
        if not pending:
            return
        built = self._build([(self.owner[i], i, deferred.load) for i in pending
                             if isinstance(deferred := self._items[i], _Deferred)])
        for item_id, (ok, spec) in zip(pending, built):
            if ok:
                self._items[item_id] = spec
            else:
                del self._items[item_id], self.owner[item_id]

    def __iter__(self) -> Iterator[Spec]:
        item_ids = self.ids()
        self._build_deferred(item_ids)
        return iter([self._built(i) for i in item_ids if i in self._items])

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, item_id: str) -> bool:
        return item_id in self._items

    def get(self, item_id: str) -> Spec | None:
        """The spec (building a deferred one now); None if unknown or if building it failed."""
        self._build_deferred([item_id])
        return self._built(item_id) if item_id in self._items else None

    def _built(self, item_id: str) -> Spec:
        item = self._items[item_id]
        assert not isinstance(item, _Deferred)  # _build_deferred has built it
        return item


# --------------------------------------------------------------------------- hooks
@hookspec
def nonogram_editor_panels(panels: Registry[PanelSpec]) -> None:
    """Add :class:`PanelSpec` objects with ``panels.add(spec)``. Called once, with Qt running."""


@hookspec
def nonogram_editor_puzzles(puzzles: Registry[PuzzleSpec[Any]]) -> None:
    """Add :class:`PuzzleSpec` objects with ``puzzles.add(spec)``. Must not import Qt."""


@hookspec
def nonogram_editor_puzzle_files(files: Registry[PuzzleFileSpec]) -> None:
    """Add :class:`PuzzleFileSpec` objects with ``files.add(spec)``. Must not import Qt."""
