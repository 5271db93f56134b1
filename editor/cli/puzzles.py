"""``nonogram-editor puzzles``: the puzzles the plugins provide, one a line. No Qt here."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from nonogram_editor.infra.wording import printable

if TYPE_CHECKING:
    from nonogram_editor.plugin_api.host import PluginHost


def run_puzzles(host: PluginHost | None = None) -> int:
    """Lists the puzzles of ``host`` (default: the plugins found through the entry points)."""
    from nonogram_editor.plugin_api.host import PluginHost

    host = host if host is not None else PluginHost()
    specs = list(host.puzzles())  # builds every deferred spec: a bad data file is reported below
    warn_about_failures(host)
    for spec in specs:
        print(f"{spec.id:24s} {printable(spec.title)}")
    return 0


def warn_about_failures(host: PluginHost) -> None:
    for failure in host.failures:
        print(f"warning: {printable(str(failure))}", file=sys.stderr)
