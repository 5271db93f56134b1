"""Tests of the example plugin in docs/example_plugin (the walk-through of docs/plugins.md)."""
import sys
from pathlib import Path

EXAMPLE_DIR = Path(__file__).resolve().parents[3] / "docs" / "example_plugin"
if str(EXAMPLE_DIR) not in sys.path:  # as `pip install ./docs/example_plugin` would make it importable
    sys.path.insert(0, str(EXAMPLE_DIR))
