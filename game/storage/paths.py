"""Where the game keeps its files: the platform's folders, or one folder chosen by the player.

Without an override, settings go in the platform's user *config* folder and everything else
(the game in progress, history, profiles, high scores) in the user *data* folder, both from
platformdirs under the app name "yahtzee-table". With an override (`--data-dir PATH` on the
command line, else the `YAHTZEE_DATA_DIR` environment variable) everything, settings too,
lives in that one folder: handy for a portable install, for tests and for the kill test.

Nothing here creates a folder; writers call `ensure_dir` when they first need one, so a run
that only reads leaves no trace on disk.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "yahtzee-table"
ENV_VAR = "YAHTZEE_DATA_DIR"
DATA_DIR_OPTION = "--data-dir"

SETTINGS_FILE = "settings.json"
CURRENT_FILE = "current.json"
UNFILED_DIR = "unfiled"
PROFILES_FILE = "profiles.json"
LAST_TABLE_FILE = "last-table.json"
NET_SEATS_FILE = "network-seats.json"
RECORDS_FILE = "records.sqlite3"


@dataclass(frozen=True)
class DataPaths:
    """The two base folders and the files inside them."""

    data_dir: Path
    config_dir: Path

    @property
    def settings(self) -> Path:
        return self.config_dir / SETTINGS_FILE

    @property
    def current(self) -> Path:
        return self.data_dir / CURRENT_FILE

    @property
    def unfiled(self) -> Path:
        """Finished games kept until the records take them (a locked database, a full disk)."""
        return self.data_dir / UNFILED_DIR

    @property
    def profiles(self) -> Path:
        return self.data_dir / PROFILES_FILE

    @property
    def last_table(self) -> Path:
        return self.data_dir / LAST_TABLE_FILE

    @property
    def net_seats(self) -> Path:
        """The seats this player holds at network tables, to take again (game.net.seat_keys)."""
        return self.data_dir / NET_SEATS_FILE

    @property
    def records(self) -> Path:
        return self.data_dir / RECORDS_FILE

    def folders(self) -> tuple[Path, ...]:
        """Every folder the game writes in (each listed once)."""
        found: list[Path] = []
        for folder in (self.config_dir, self.data_dir):
            if folder not in found:
                found.append(folder)
        return tuple(found)


def parse_data_dir(argv: Sequence[str]) -> Path | None:
    """The folder given by `--data-dir PATH` or `--data-dir=PATH` in argv, if any.

    Only this option is looked at, so the app's own argument parser stays free to handle the
    rest. The last occurrence wins, as with argparse. A trailing `--data-dir` with no value
    is ignored rather than fatal: the game should still start.

    >>> parse_data_dir(["main.py", "--data-dir", "saves/y"]).name
    'y'
    >>> parse_data_dir(["main.py", "--data-dir=saves/z", "--fullscreen"]).name
    'z'
    >>> parse_data_dir(["main.py"]) is None
    True
    """
    found: Path | None = None
    items = list(argv)
    for i, item in enumerate(items):
        if item == DATA_DIR_OPTION and i + 1 < len(items) and items[i + 1]:
            found = Path(items[i + 1]).expanduser()
        elif item.startswith(DATA_DIR_OPTION + "=") and len(item) > len(DATA_DIR_OPTION) + 1:
            found = Path(item[len(DATA_DIR_OPTION) + 1 :]).expanduser()
    return found


def resolve_paths(
    override: str | os.PathLike[str] | None = None,
    environ: Mapping[str, str] | None = None,
) -> DataPaths:
    """The folders to use: `override`, else $YAHTZEE_DATA_DIR, else the platform's folders.
    ValueError for an empty `override` (it would be the folder the game was started from);
    an empty or blank variable counts as not set, as the shell's convention has it."""
    env = os.environ if environ is None else environ
    if override is not None and not str(override).strip():
        raise ValueError("the data folder's name is empty")
    if override is None and env.get(ENV_VAR, "").strip():
        override = env[ENV_VAR]
    if override is not None:
        folder = Path(override).expanduser().absolute()
        return DataPaths(data_dir=folder, config_dir=folder)
    # roaming=False on Windows: settings and saves belong to this machine's install.
    return DataPaths(
        data_dir=Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        config_dir=Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
    )


def ensure_dir(folder: Path) -> None:
    """Create `folder` (and its parents) if it is not there yet."""
    folder.mkdir(parents=True, exist_ok=True)
