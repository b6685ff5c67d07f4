"""The unfiled folder: finished games the records refused (held by another program, damaged
and open elsewhere, a full disk), one log per file, kept until the records take them.

    <data folder>/unfiled/<origin>.json     a finished game's log (history.make_log_record)

Any copy of the game may write there (a game's file is named by its origin and written
atomically) and any copy files what it finds there (the records' unique origin key files a
game once). The folder is read like every file of the game's (reading.py):

- never through a link: an `unfiled` that is a symbolic link (or a file, or anything but a
  folder) is itself set aside once, reported, and a real folder made in its place; nothing
  behind the link is read, renamed, deleted or written;
- regular files only, each bounded in size and nesting, opened so that a pipe or a device
  can never block or stream;
- a file is known by what it holds, not by its name: read once (its identity: device, inode,
  size, modification time), it is not read again, and once its game is filed every file
  holding that game (its origin) is removed, whatever it is called;
- a bad file is set aside under a name that no longer ends in `.json`
  (`game.corrupt-20261122-093000`), so it is reported once, never again at every start.
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

from game.i18n import N_, later
from game.storage import history as _history
from game.storage.history import HistoryLog, LogRecord
from game.storage.jsonfile import CORRUPT_MARK, TEMP_MARK, JsonStore, reason_of
from game.storage.reading import (
    LINKED,
    BadFile,
    Entry,
    folder_kind,
    identity_of,
    list_folder,
    read_json,
    refuse_kind,
)

log = logging.getLogger(__name__)

SUFFIX = ".json"
# TRANSLATORS: fills {what} in "The {what} file unfiled was damaged (...)": the folder of
# finished games waiting to be filed in the records.
FOLDER_WHAT = later(N_("games waiting to be filed"))
FOLDER_OUTCOME = later(N_("a new folder is made for them"))
NOT_A_FOLDER = later(N_("it is not a folder"))
Identity = tuple[int, int, int, int]
RELIST = 2.0  # s: listed again at least this often (a folder's time may move in whole seconds)


@dataclass(frozen=True)
class Waiting:
    """A finished game in the folder, read and checked, not filed yet."""

    origin: str
    log: HistoryLog


class UnfiledFolder:
    """The folder of finished games waiting to be filed (see the module's docstring)."""

    def __init__(self, folder: Path, store: JsonStore) -> None:
        self.folder = folder
        self._store = store
        self._origins: dict[Identity, str | None] = {}  # a file read: its game (None: bad)
        self._paths: dict[Identity, Path] = {}
        self._logs: dict[str, HistoryLog] = {}  # origin -> its game, read from a file
        self._settled: set[Identity] = set()  # files whose game is filed (removed, or not)
        self._listing: tuple[tuple[int, int, int], float, list[Entry]] | None = None

    # ------------------------------------------------------------------ the folder itself
    def usable(self) -> bool:
        """Whether the folder may be read and written (missing is fine: it is made at the
        first `keep`). A link, or anything else in its place, is set aside once and told."""
        kind = folder_kind(self.folder)
        if kind in ("missing", "folder"):
            return True
        reason = LINKED if kind == "link" else NOT_A_FOLDER
        moved = self._store.set_aside(self.folder, reason, FOLDER_WHAT, FOLDER_OUTCOME)
        return moved is not None

    def _entries(self) -> list[Entry]:
        """The folder's entries, listed again only when the folder changed (its own
        modification time moves with every file made, renamed or removed in it)."""
        if not self.usable():
            return []
        try:
            info = os.lstat(self.folder)
        except OSError:
            return []
        stamp = (info.st_dev, info.st_ino, info.st_mtime_ns)
        now = time.monotonic()
        if self._listing is None or self._listing[0] != stamp or now > self._listing[1]:
            self._listing = (stamp, now + RELIST, list_folder(self.folder))
        return self._listing[2]

    # ------------------------------------------------------------------ reading
    def waiting(self) -> list[Waiting]:
        """Every finished game in the folder not filed yet (each file read once)."""
        found: dict[str, Waiting] = {}
        for entry in self._entries():
            name = entry.path.name
            if not name.endswith(SUFFIX) or TEMP_MARK in name or CORRUPT_MARK in name:
                continue
            if entry.identity in self._settled:
                continue
            if entry.identity in self._origins:
                origin = self._origins[entry.identity]
            else:
                origin = self._read(entry)
            if origin is not None and origin in self._logs:
                found.setdefault(origin, Waiting(origin, self._logs[origin]))
        return list(found.values())

    def _read(self, entry: Entry) -> str | None:
        """The origin of the game in `entry`'s file, read through the checked reader; a bad
        file is set aside out of the folder's pattern and told (None)."""
        try:
            refuse_kind(entry.mode)
            found = read_json(entry.path)
            if found is None:
                return None  # gone since the listing
            data = found.data
            if not isinstance(data, dict):
                raise BadFile(later(N_("it does not hold a JSON object")))
            log_id = data.get("id")
            if not isinstance(log_id, str) or not _history.ID_PATTERN.match(log_id):
                raise BadFile(later(N_("it has no valid game id")))
            played = _history.parse_log(data, log_id)
        except Exception as bad:  # noqa: BLE001 - never crash on a file's contents
            self._origins[entry.identity] = None
            self._store.set_aside(
                entry.path, reason_of(bad), _history.WHAT, _history.LEFT_OUT, suffix=False
            )
            self._listing = None
            return None
        origin = played.game.origin()
        self._origins[entry.identity] = origin
        self._paths[entry.identity] = entry.path
        self._logs[origin] = played
        return origin

    def origins(self) -> set[str]:
        """The games waiting in the folder (read once each)."""
        return {waiting.origin for waiting in self.waiting()}

    # ------------------------------------------------------------------ writing
    def keep(self, origin: str, record: LogRecord) -> bool:
        """Keep a finished game the records refused; False if the disk refused it too."""
        if not self.usable():
            return False
        return self._store.save(self.folder / f"{origin}{SUFFIX}", record, _history.WHAT)

    def done(self, origin: str) -> None:
        """The game of `origin` is filed: every file holding it goes, whatever its name (a
        file changed since it was read is left: it is read again, and filed or removed
        then). One that cannot be removed is never read or counted again."""
        self.waiting()  # a file written since (this copy's own, another's) is known too
        self._logs.pop(origin, None)
        for identity, held in self._origins.items():
            if held != origin or identity in self._settled:
                continue
            path = self._paths[identity]
            try:
                same = identity_of(os.lstat(path)) == identity
            except OSError:
                same = False
            if same:
                self._store.remove(path, _history.WHAT)
            self._settled.add(identity)
        self._listing = None
