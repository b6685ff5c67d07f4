"""Where the game's files are: `path("tables/official.npz")`, `path("sounds")`.

The repository keeps them in the top-level assets/ folder (`python -m game.ai.tablemaker` and
`python -m game.audio.synth` write there). A wheel, and so `pip install .` and `pipx install .`,
carries a copy inside this package: pyproject.toml maps each folder of assets/ to a package
below this one (`game.assets.tables` is assets/tables/), so the built wheel holds
game/assets/tables/*.npz and game/assets/sounds/*.wav. A checkout, and an editable install
of it, has no such copy here and uses assets/ itself.

YAHTZEE_ASSETS=/some/folder makes the game read its assets from that folder instead (the
self-test's failure case reads a spoiled copy this way).

Plain paths, not importlib.resources Traversables: numpy and SDL open files by name, and pip
always installs a wheel unpacked, so every asset is a real file.
"""

from __future__ import annotations

import os
from pathlib import Path

#: The folders of assets/, each shipped as a package of data files (see pyproject.toml).
FOLDERS = ("fonts", "sounds", "tables")

PACKAGE_DIR = Path(__file__).resolve().parent  # game/assets/: the copy in an installed wheel
CHECKOUT_DIR = PACKAGE_DIR.parents[1] / "assets"  # the repository's assets/: the source
ENVIRONMENT_VARIABLE = "YAHTZEE_ASSETS"  # a folder read instead of either, when set


def root() -> Path:
    """The folder the assets are read from: YAHTZEE_ASSETS when set, else this package's copy
    if it has one, else assets/."""
    if chosen := os.environ.get(ENVIRONMENT_VARIABLE):
        return Path(chosen)
    if any((PACKAGE_DIR / folder).is_dir() for folder in FOLDERS):
        return PACKAGE_DIR
    return CHECKOUT_DIR


def path(relative: str) -> Path:
    """The file or folder `relative` (e.g. "sounds/click.wav") among the game's assets.

    Always a path, whether or not it exists, so that a missing file is reported by name
    where it is opened.
    """
    return root() / relative


def installed() -> bool:
    """True when the assets come from inside the package (a wheel install), not a checkout."""
    return root() == PACKAGE_DIR
