"""The game's records in one SQLite file, records.sqlite3: finished games, statistics, scores.

Why SQLite (standard library `sqlite3`): recording a finished game used to rewrite the whole
statistics file and scan the history folder, so it grew slower with every game played. Here a
finished game is one transaction that touches a handful of rows, whatever the number of games:

    games        id (finish time + fingerprint, so it sorts by date), fingerprint, summary JSON
    logs         the replayable Game.to_dict() per game, zlib-compressed JSON (half the size)
    tallies      per record name, the running statistics (stats.Tally as JSON)
    high_scores  ten places per board ("official-1" ...)
    set_aside    rows that failed their checks, kept with the reason (never silently dropped)
    meta         key/value notes, such as when the old JSON files were imported

Every query a screen makes has its index: History pages by the `games.id` index (ORDER BY id
DESC LIMIT n), Statistics reads `tallies` by its key, the high-score board by (board, place).

The database runs in WAL mode with synchronous=FULL: a commit is durable and a process killed
at any moment leaves the last committed state. `PRAGMA user_version` is the schema version and
`PRAGMA application_id` marks the file as the game's.

Damage is never written over. A file that is not a SQLite database, is cut short, is a
folder, a symbolic link or a device, holds another program's tables or a newer schema, or that
SQLite later finds malformed, is closed and moved aside with its -wal and -shm files as
`records.corrupt-YYYYMMDD-HHMMSS[-N].sqlite3`; one line goes into problems and the records start
afresh. A disk that refuses a write (full, read-only) adds one line; the game goes on and what
was already committed stays.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import stat
import threading
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from game.i18n import N_, later
from game.storage.jsonfile import (
    MAX_FILE_BYTES,
    JsonStore,
    kept_aside,
    not_saved,
    quarantine_together,
    reason_of,
    stuck_aside,
    unreadable,
    write_atomic,
)

log = logging.getLogger(__name__)

T = TypeVar("T")

SCHEMA_VERSION = 1
APPLICATION_ID = 0x59616874  # "Yaht": tells the game's file from any other SQLite file
SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT = 2.0  # s: a second copy of the game holding the write lock
# TRANSLATORS: "records" = the saved statistics of the games, not best scores. Fills {what} in
# the messages about a damaged file.
WHAT = later(N_("game records"))
DAMAGE_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE games (
    id TEXT NOT NULL UNIQUE,
    fingerprint TEXT NOT NULL UNIQUE,
    summary TEXT NOT NULL
);
CREATE TABLE logs (game INTEGER PRIMARY KEY, data BLOB NOT NULL);
CREATE TABLE tallies (name TEXT PRIMARY KEY, data TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE high_scores (
    board TEXT NOT NULL,
    place INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (board, place)
) WITHOUT ROWID;
CREATE TABLE set_aside (kind TEXT, key TEXT, reason TEXT, summary TEXT, data BLOB);
"""
TABLES = {"meta", "games", "logs", "tallies", "high_scores", "set_aside"}


class Damaged(Exception):
    """The records file cannot be used; the message says why, in words for a player."""


def pack(data: object) -> bytes:
    return zlib.compress(json.dumps(data, separators=(",", ":")).encode())


def unpack(blob: bytes) -> object:
    """The data `pack` stored; ValueError if it does not unpack to at most MAX_FILE_BYTES."""
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(blob, MAX_FILE_BYTES)
    except zlib.error as bad:
        raise ValueError(f"it does not unpack ({bad})") from None
    if inflate.unconsumed_tail:
        raise ValueError("it is too big")
    return json.loads(raw)


def is_damage(error: BaseException) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in DAMAGE_CODES


def check_file(path: Path) -> None:
    """Damaged if the file (or its -wal/-shm) cannot be the game's database; cheap: reads
    100 bytes, so a huge file of junk is refused without reading it."""
    for part in (path, *companions(path)):
        try:
            info = os.lstat(part)
        except FileNotFoundError:
            continue
        except OSError as bad:
            raise Damaged(
                later(
                    N_("{name} cannot be read: {error}"),
                    name=part.name,
                    error=bad.strerror or str(bad),
                )
            ) from None
        if stat.S_ISLNK(info.st_mode):
            raise Damaged(
                later(
                    N_("{name} is a symbolic link, which the game never writes through"),
                    name=part.name,
                )
            )
        if stat.S_ISDIR(info.st_mode):
            raise Damaged(later(N_("{name} is a folder, not a file"), name=part.name))
        if not stat.S_ISREG(info.st_mode):
            raise Damaged(later(N_("{name} is not a regular file"), name=part.name))
    try:
        with open(path, "rb") as source:
            head = source.read(100)
        size = os.path.getsize(path)
    except FileNotFoundError:
        return
    except OSError as bad:
        raise Damaged(unreadable(bad)) from None
    if not head:
        return  # an empty file is an empty database: SQLite starts it afresh
    if not head.startswith(SQLITE_HEADER) or len(head) < 100:
        raise Damaged(later(N_("it is not a SQLite database")))
    wal = companions(path)[0]
    wal_empty = not wal.exists() or wal.stat().st_size == 0
    # Checked from the bytes, before SQLite opens the file: opening or closing a file in WAL
    # mode may write to it, and a file that is not ours must stay as it was. (With a WAL
    # holding commits the header may be older: then _prepare checks, through SQLite.)
    version = int.from_bytes(head[60:64], "big")
    if wal_empty and int.from_bytes(head[68:72], "big") != APPLICATION_ID:
        raise Damaged(NOT_OURS)
    if wal_empty and version > SCHEMA_VERSION:
        raise Damaged(too_new(version))
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    header_size_valid = head[24:28] == head[92:96]
    if header_size_valid and wal_empty and size < pages * page_size:
        raise Damaged(
            later(
                N_("it is cut short ({size} of {whole} bytes)"), size=size, whole=pages * page_size
            )
        )


def new_database() -> bytes:
    """A new, empty records file with the game's tables, made whole in memory.

    It is written in one atomic step (write_atomic), so a kill while the very first game is
    filed leaves no file or a whole one, never a file whose header promises pages that were
    not yet written (a kill there once made a restart set every record aside)."""
    with contextlib.closing(sqlite3.connect(":memory:")) as con:
        con.executescript(SCHEMA)
        con.execute(f"PRAGMA application_id={APPLICATION_ID}")
        con.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        return con.serialize()


def too_new(version: int) -> str:
    return later(
        N_(
            "it was written by a newer version of the game (schema {version}, this version "
            "reads {wanted})"
        ),
        version=version,
        wanted=SCHEMA_VERSION,
    )


NOT_OURS = later(N_("it is a SQLite database, but not the game's"))


def companions(path: Path) -> tuple[Path, Path]:
    """The -wal and -shm files SQLite keeps beside a database in WAL mode."""
    return path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")


class Records:
    """The open records database. Every public method is safe whatever is on disk: reads give
    empty results and writes False when the file is unusable (problems say why)."""

    def __init__(self, path: Path, store: JsonStore) -> None:
        self.path = path
        self._store = store
        self._con: sqlite3.Connection | None = None
        self._blocked = False  # a damaged file could not be moved aside: never write over it
        self._failing = False  # a write failed; said once until one works again
        self._read_only = False  # opened for reading only: the folder refused SQLite's files
        self._lock = threading.Lock()
        if os.path.lexists(path) or any(os.path.lexists(p) for p in companions(path)):
            self.run(lambda con: None, None)  # open now, so damage is reported at start

    # ------------------------------------------------------------------ opening
    def _open(self, create: bool) -> sqlite3.Connection | None:
        if self._con is not None:
            if not (create and self._read_only):
                return self._con
            self._close()  # a write: try the folder again, it may take writes by now
        if self._blocked:
            return None
        check_file(self.path)
        if not create and not os.path.lexists(self.path):
            return None
        if create and not os.path.lexists(self.path):
            write_atomic(self.path, new_database())
        try:
            self._con = self._connect(self.path, self._prepare)
            self._read_only = False
        except sqlite3.OperationalError as refused:
            if create or is_damage(refused):
                raise
            # A folder that takes no writes (read-only, a locked-down profile) refuses the
            # -wal and -shm files SQLite needs, even to read. Read the file as it stands:
            # the records stay on show; writes are refused and reported.
            uri = f"{self.path.resolve().as_uri()}?immutable=1"
            self._con = self._connect(uri, self._check, uri=True)
            self._read_only = True
            log.warning("records opened read-only: %s", refused)
        return self._con

    @staticmethod
    def _connect(
        target: str | Path, ready: Callable[[sqlite3.Connection], None], uri: bool = False
    ) -> sqlite3.Connection:
        con = sqlite3.connect(
            target, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False, uri=uri
        )
        try:
            ready(con)
        except BaseException:
            con.close()
            raise
        return con

    @staticmethod
    def _check(con: sqlite3.Connection) -> None:
        """Damaged unless the file holds the game's tables."""
        version = con.execute("PRAGMA user_version").fetchone()[0]
        app = con.execute("PRAGMA application_id").fetchone()[0]
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if app != APPLICATION_ID:
            raise Damaged(NOT_OURS)
        if version > SCHEMA_VERSION:
            raise Damaged(too_new(version))
        if version != SCHEMA_VERSION or not tables >= TABLES:
            raise Damaged(
                later(N_("its tables are not the game's (schema {version})"), version=version)
            )

    def _prepare(self, con: sqlite3.Connection) -> None:
        """Check the file (or make the tables in an empty one), then switch on WAL."""
        version = con.execute("PRAGMA user_version").fetchone()[0]
        tables = con.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if version == 0 and not tables:
            # Made before WAL is switched on, so the file's own header carries the
            # application id and version from the start (check_file reads them there).
            con.execute("BEGIN IMMEDIATE")
            try:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        con.execute(statement)
                con.execute(f"PRAGMA application_id={APPLICATION_ID}")
                con.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                con.execute("COMMIT")
            except BaseException:
                if con.in_transaction:  # SQLite has already rolled back on a full disk
                    con.execute("ROLLBACK")
                raise
        else:
            self._check(con)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=FULL")

    def close(self) -> None:
        """Close the file (a clean close folds the -wal file back into the database)."""
        with self._lock:
            self._close()

    def _close(self) -> None:
        if self._con is not None:
            with contextlib.suppress(sqlite3.Error):
                self._con.close()
            self._con = None

    # ------------------------------------------------------------------ running
    def run(self, read: Callable[[sqlite3.Connection], T], default: T) -> T:
        """`read(connection)`, or `default` if there is no database or it is unusable."""
        with self._lock:
            for attempt in (1, 2):
                try:
                    con = self._open(create=False)
                    return default if con is None else read(con)
                except (Damaged, sqlite3.DatabaseError) as bad:
                    if not self._damaged(bad, attempt):
                        self._report_refusal("read", bad)
                        return default
        return default

    def write(self, change: Callable[[sqlite3.Connection], T]) -> tuple[bool, T | None]:
        """`change(connection)` in one transaction: (True, its result), or (False, None) if the
        disk refused (reported once) and nothing of it was kept."""
        with self._lock:
            for attempt in (1, 2):
                try:
                    con = self._open(create=True)
                    if con is None:
                        return False, None
                    con.execute("BEGIN IMMEDIATE")
                    try:
                        result = change(con)
                        con.execute("COMMIT")
                    except BaseException:
                        if con.in_transaction:
                            con.execute("ROLLBACK")
                        raise
                except (Damaged, sqlite3.DatabaseError) as bad:
                    if not self._damaged(bad, attempt):
                        self._report_refusal("write", bad)
                        return False, None
                except OSError as bad:  # the folder could not be made
                    self._report_refusal("write", bad)
                    return False, None
                else:
                    self._failing = False
                    return True, result
        return False, None

    def _damaged(self, bad: Exception, attempt: int) -> bool:
        """Set a damaged file aside (True: try again on a fresh one); False for a refusal."""
        if attempt > 1 or not (isinstance(bad, Damaged) or is_damage(bad)):
            return False
        self._close()
        reason = reason_of(bad)
        if isinstance(bad, sqlite3.DatabaseError):
            # TRANSLATORS: {error} is SQLite's own message, in English.
            reason = later(N_("SQLite says: {error}"), error=reason)
        try:
            moved = quarantine_together([self.path, *companions(self.path)], self._store.clock())
        except OSError as stuck:
            self._blocked = True
            # TRANSLATORS: "records" = the saved statistics of the games, not best scores.
            outcome = later(N_("records are not saved this time"))
            self._store.report(stuck_aside(WHAT, self.path.name, reason, stuck, outcome))
            return False
        # TRANSLATORS: "records" = the saved statistics of the games, not best scores.
        outcome = later(N_("the records start afresh"))
        self._store.report(kept_aside(WHAT, self.path.name, reason, moved.name, outcome))
        return True

    def _report_refusal(self, action: str, bad: Exception) -> None:
        detail = getattr(bad, "strerror", None) or str(bad) or type(bad).__name__
        if self._blocked:
            return  # already said why
        if action == "read":
            self._store.report(
                later(N_("The {what} could not be read ({error})."), what=WHAT, error=detail)
            )
        elif not self._failing:
            self._failing = True
            self._store.report(not_saved(WHAT, detail))
