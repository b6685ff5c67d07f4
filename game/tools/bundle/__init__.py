"""Build the download: a one-folder app that runs with no Python installed.

    pip install -e ".[bundle]"            # PyInstaller, the build's one extra dependency
    python -m game.tools.bundle [--out dist] [--runs 5] [--no-measure] [--release]

The parts, each a module here: `build` stages the catalogues and icons, runs PyInstaller on
packaging/pyinstaller/yahtzee.spec (the same spec on Linux, Windows and macOS), strips the
interpreter's debug information and adds the licences and, on Linux, the desktop files and
install.sh; `lean` is the one list of what is left out and why; `licences` finds the owner
and the licence of every file shipped; `elf` reads the glibc floor; `archive` packs it
reproducibly; `measure` runs the unpacked bundle's self-test and times its start against
this Python's. `python -m game.tools.bundle` does all of it and exits non-zero when a check
or an aim fails.

Runs from a checkout (it reads assets/, the .po files and packaging/).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
NAME = "yahtzee-table"
BINARY = "yahtzee"


def version() -> str:
    """The version pyproject.toml gives."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return str(project["version"])
