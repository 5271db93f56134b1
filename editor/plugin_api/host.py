"""Finds, loads and calls plugins (Qt-free; the Puzzles menu lives in ``nonogram_editor.ui``).

Every plugin, built-in or not, comes through the entry-point group
``nonogram_editor.plugins``. One plugin's failure never stops the others: it is
recorded in :attr:`PluginHost.failures` for the UI and the command line to report.

The plugins are imported, and each hook is called, on worker threads (one per plugin, all at
once) with one time budget (``TIME_BUDGET`` seconds, ``NONOGRAM_EDITOR_PLUGIN_BUDGET`` to
change it): a plugin that hangs is reported as stuck, with where it was, and left behind
on its daemon thread; one that raises anything, ``SystemExit`` included, is reported and
skipped. However many plugins hang, start-up waits at most the budget per stage.

``os._exit``, which no ``except`` can catch, would end the program on the spot with the
plugin's status (0: a command that answered nothing would pass for a success). While a
host exists, ``os._exit`` called from plugin code (those worker threads, and
:func:`plugin_code` around a solver's call) raises :class:`PluginExit` instead; elsewhere,
and in a fork, it exits as always. A plugin that ends the process another way (a signal,
``posix._exit``, C's ``exit``) is not caught here: the command line runs the commands that load
plugins in a fork of itself, whose exit status plugin code cannot decide
(``nonogram_editor.cli.exit_guard``).
"""
from __future__ import annotations

import difflib
import os
import re
import sys
import threading
import time
import traceback
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any

import pluggy

from nonogram_editor import plugin_api
from nonogram_editor.plugin_api import (
    BUDGET_ENV,
    DISABLE_ENV,
    ENTRY_POINT_GROUP,
    PROJECT,
    TIME_BUDGET,
    DuplicateIdError,
    Registry,
)

DISTRIBUTION = "nonogram-editor"  # the built-in plugins' entry points are this project's


@dataclass
class PluginFailure:
    plugin: str
    stage: str  # "load", "hook names", the hook's name, or the id a deferred spec failed for
    error: str
    details: str

    def __str__(self) -> str:
        return f"plugin {self.plugin!r} skipped ({self.stage}): {self.error}"


class UnknownHookError(Exception):
    """A plugin implements a hook that has no specification (usually a misspelt name)."""


class PluginTimeout(Exception):
    """A plugin was still busy when its time budget ran out."""


class PluginExit(Exception):
    """Plugin code called ``os._exit`` (see the module)."""


_real_exit = os._exit
_in_plugin = threading.local()  # .pid: set while this thread runs plugin code in that process


def _exit_unless_plugin(status: int) -> None:
    """``os._exit`` while a host exists: :class:`PluginExit` in plugin code, else exit."""
    if getattr(_in_plugin, "pid", None) == os.getpid():  # not a fork's copy of the thread
        raise PluginExit(f"the plugin called os._exit({status})")
    _real_exit(status)


@contextmanager
def plugin_code():
    """Around a call into a plugin on this thread: ``os._exit`` there raises :class:`PluginExit`."""
    os._exit = _exit_unless_plugin
    outer, _in_plugin.pid = getattr(_in_plugin, "pid", None), os.getpid()
    try:
        yield
    finally:
        _in_plugin.pid = outer


def disabled_plugins() -> set[str]:
    return {name.strip() for name in os.environ.get(DISABLE_ENV, "").split(",") if name.strip()}


def time_budget() -> float:
    try:
        budget = float(os.environ.get(BUDGET_ENV, TIME_BUDGET))
    except ValueError:
        return TIME_BUDGET
    return budget if budget > 0 else TIME_BUDGET


def _is_built_in(entry_point) -> bool:
    dist = getattr(entry_point, "dist", None)
    return dist is not None and re.sub(r"[-_.]+", "-", dist.name).lower() == DISTRIBUTION


def _source(entry_point) -> str:
    dist = getattr(entry_point, "dist", None)
    return f"{entry_point.value} (from {dist.name if dist is not None else 'an unknown distribution'})"


class PluginHost:
    def __init__(self, load_entry_points: bool = True, budget: float | None = None):
        self.pm = pluggy.PluginManager(PROJECT)
        self.pm.add_hookspecs(plugin_api)
        self.failures: list[PluginFailure] = []
        self.budget = time_budget() if budget is None else budget
        self.blocked = sorted(disabled_plugins())
        self._rank: dict[str, tuple[bool, int]] = {}  # plugin -> (not built in, load order): who keeps an id
        self._sources: dict[str, str] = {}  # plugin name -> where its entry point came from
        for name in self.blocked:
            self.pm.set_blocked(name)
        if load_entry_points:
            self._load_entry_points()

    def record_failure(self, plugin: str, stage: str, exc: BaseException, details: str | None = None) -> PluginFailure:
        """Note that ``plugin`` failed at ``stage`` (once: a repeated failure is not listed twice)."""
        failure = PluginFailure(plugin, stage, f"{type(exc).__name__}: {exc}",
                                details if details is not None else "".join(traceback.format_exception(exc)))
        for known in self.failures:
            if (known.plugin, known.stage, known.error) == (failure.plugin, failure.stage, failure.error):
                return known
        self.failures.append(failure)
        return failure

    def _run_with_budget(self, calls: list[tuple[str, str, Callable[[], Any]]]) -> list[tuple[bool, Any]]:
        """Run every ``(plugin, stage, function)`` at once, each on its own worker thread, and wait
        at most the budget for them all. Per call: (True, its value), or (False, None) with the
        failure recorded if it raised anything or is still running (then it is left behind on
        its daemon thread, which does not keep the process alive)."""
        outcomes: list[dict[str, Any]] = [{} for _ in calls]
        workers = []
        for (plugin, stage, function), outcome in zip(calls, outcomes):
            def run(function=function, outcome=outcome):
                try:
                    with plugin_code():
                        outcome["value"] = function()
                except BaseException as exc:  # SystemExit, KeyboardInterrupt from a plugin: reported too
                    outcome["error"] = exc

            workers.append(threading.Thread(target=run, name=f"plugin {plugin}: {stage}", daemon=True))
            workers[-1].start()
        deadline = time.monotonic() + self.budget
        results = []
        for (plugin, stage, _), worker, outcome in zip(calls, workers, outcomes):
            worker.join(max(0.0, deadline - time.monotonic()))
            if worker.is_alive():
                frame = sys._current_frames().get(worker.ident)
                where = "".join(traceback.format_stack(frame)) if frame is not None else ""
                self.record_failure(plugin, stage, PluginTimeout(
                    f"still busy after {self.budget:g} s (stuck?); the editor goes on without it"),
                    details=f"Where the plugin was when its time ran out:\n{where}")
                results.append((False, None))
            elif "error" in outcome:
                self.record_failure(plugin, stage, outcome["error"])
                results.append((False, None))
            else:
                results.append((True, outcome.get("value")))
        return results

    def _load_entry_points(self) -> None:
        chosen = []  # built-ins first (they keep their names and ids), then by name
        for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: (not _is_built_in(ep), ep.name)):
            if self.pm.is_blocked(ep.name):
                continue
            if ep.name in self._sources:
                self.record_failure(ep.name, "load", DuplicateIdError(
                    f"the plugin name {ep.name!r} is taken by {self._sources[ep.name]}; "
                    f"{_source(ep)} is skipped"))
                continue
            self._sources[ep.name] = _source(ep)
            chosen.append(ep)
        loaded = self._run_with_budget([(ep.name, "load", ep.load) for ep in chosen])
        for ep, (ok, module) in zip(chosen, loaded):
            if ok:
                self._register(module, ep.name, _is_built_in(ep))

    def register(self, plugin: object, name: str, built_in: bool = False) -> None:
        """Register a plugin object directly (tests, embedding)."""
        if not self.pm.is_blocked(name):
            self._register(plugin, name, built_in)

    def _register(self, plugin: object, name: str, built_in: bool) -> None:
        try:
            self.pm.register(plugin, name=name)
        except Exception as exc:
            self.record_failure(name, "load", exc)
            return
        self._rank[name] = (not built_in, len(self._rank))
        self._check_hook_names(name)

    def _check_hook_names(self, name: str) -> None:
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError:
            self.record_failure(name, "hook names", UnknownHookError(self._unknown_hooks_message(name)))
            self.pm.unregister(name=name)

    def _unknown_hooks_message(self, name: str) -> str:
        known = [h for h in vars(self.pm.hook) if getattr(self.pm.hook, h).has_spec()]
        unknown = sorted(h for h, caller in vars(self.pm.hook).items()
                         if not caller.has_spec() and any(i.plugin_name == name and not i.optionalhook
                                                          for i in caller.get_hookimpls()))
        parts = []
        for hook in unknown:
            guess = difflib.get_close_matches(hook, known, n=1)
            parts.append(f"{hook!r}" + (f" (did you mean {guess[0]!r}?)" if guess else ""))
        return "unknown hook " + ", ".join(parts) + f"; the hooks are {', '.join(sorted(known))}"

    def plugin_names(self) -> list[str]:
        return sorted(n for n, p in self.pm.list_name_plugin() if p is not None)

    def _collect(self, hook_name: str, kind: str) -> Registry:
        def build(calls):  # deferred specs: under the budget too, a failure named by its id
            return self._run_with_budget([(plugin, f"{kind} {item_id!r}", load) for plugin, item_id, load in calls])

        registry = Registry(kind, build)
        impls = sorted(getattr(self.pm.hook, hook_name).get_hookimpls(),
                       key=lambda impl: self._rank.get(impl.plugin_name, (True, len(self._rank))))
        contributions = []
        for impl in impls:
            contributions.append(Registry(kind, build))
            contributions[-1]._current_plugin = impl.plugin_name
        called = self._run_with_budget([
            (impl.plugin_name, hook_name,
             lambda impl=impl, contribution=contribution: impl.function(**{arg: contribution for arg in impl.argnames}))
            for impl, contribution in zip(impls, contributions)])
        # merged built-ins first, then in load order: the first to claim an id keeps it; a plugin
        # whose hook failed or ran out of time contributes nothing to this hook
        for contribution, (ok, _) in zip(contributions, called):
            if ok:
                for item_id, holder, newcomer in registry.merge(contribution):
                    self.record_failure(newcomer, hook_name, DuplicateIdError(
                        f"{kind} id {item_id!r} is already registered by plugin {holder!r}; "
                        f"plugin {newcomer!r}'s is skipped"))
        return registry

    def panels(self) -> Registry:
        return self._collect("nonogram_editor_panels", "panel")

    def puzzles(self) -> Registry:
        return self._collect("nonogram_editor_puzzles", "puzzle")

    def puzzle_files(self) -> Registry:
        return self._collect("nonogram_editor_puzzle_files", "puzzle file type")
