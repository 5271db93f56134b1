"""Where the data that ships with the app lives (the repository's top-level folders)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESOURCES = ROOT / "resources"
LEVELS = ROOT / "levels"
