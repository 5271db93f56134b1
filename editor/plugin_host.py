"""Finds, loads and calls plugins (Qt-free; the Puzzles menu lives in ``editor.ui``).

Every plugin, built-in or not, comes through the entry-point group
``nonogram_editor.plugins``. One plugin's failure never stops the others: it is
recorded in :attr:`PluginHost.failures` for the UI and the command line to report.
"""
from __future__ import annotations

import difflib
import os
import traceback
from dataclasses import dataclass
from importlib.metadata import entry_points

import pluggy

from editor import plugin_api
from editor.plugin_api import DISABLE_ENV, ENTRY_POINT_GROUP, PROJECT, Registry


@dataclass
class PluginFailure:
    plugin: str
    stage: str  # "load", "hook names", or the hook's name
    error: str
    details: str

    def __str__(self) -> str:
        return f"plugin {self.plugin!r} skipped ({self.stage}): {self.error}"


class UnknownHookError(Exception):
    """A plugin implements a hook that has no specification (usually a misspelt name)."""


def disabled_plugins() -> set[str]:
    return {name.strip() for name in os.environ.get(DISABLE_ENV, "").split(",") if name.strip()}


class PluginHost:
    def __init__(self, load_entry_points: bool = True):
        self.pm = pluggy.PluginManager(PROJECT)
        self.pm.add_hookspecs(plugin_api)
        self.failures: list[PluginFailure] = []
        self.blocked = sorted(disabled_plugins())
        for name in self.blocked:
            self.pm.set_blocked(name)
        if load_entry_points:
            self._load_entry_points()

    def record_failure(self, plugin: str, stage: str, exc: BaseException) -> PluginFailure:
        """Note that ``plugin`` failed at ``stage`` (once: a repeated failure is not listed twice)."""
        failure = PluginFailure(plugin, stage, f"{type(exc).__name__}: {exc}",
                                "".join(traceback.format_exception(exc)))
        for known in self.failures:
            if (known.plugin, known.stage, known.error) == (failure.plugin, failure.stage, failure.error):
                return known
        self.failures.append(failure)
        return failure

    def _load_entry_points(self) -> None:
        names = sorted({ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)})
        for name in names:
            if self.pm.is_blocked(name):
                continue
            try:
                self.pm.load_setuptools_entrypoints(ENTRY_POINT_GROUP, name=name)
            except Exception as exc:  # a broken plugin must not stop the editor
                self.record_failure(name, "load", exc)
                continue
            self._check_hook_names(name)

    def register(self, plugin: object, name: str) -> None:
        """Register a plugin object directly (tests, embedding)."""
        if self.pm.is_blocked(name):
            return
        try:
            self.pm.register(plugin, name=name)
        except Exception as exc:
            self.record_failure(name, "load", exc)
            return
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
        registry = Registry(kind)
        for impl in getattr(self.pm.hook, hook_name).get_hookimpls():
            registry._current_plugin = impl.plugin_name
            try:
                impl.function(**{arg: registry for arg in impl.argnames})
            except Exception as exc:  # skip the plugin's whole contribution to this hook
                registry.discard_plugin(impl.plugin_name)
                self.record_failure(impl.plugin_name, hook_name, exc)
        return registry

    def panels(self) -> Registry:
        return self._collect("nonogram_editor_panels", "panel")

    def puzzles(self) -> Registry:
        return self._collect("nonogram_editor_puzzles", "puzzle")

    def puzzle_files(self) -> Registry:
        return self._collect("nonogram_editor_puzzle_files", "puzzle file type")
