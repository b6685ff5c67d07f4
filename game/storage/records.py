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

Damage is never written over, and never taken on one look. A file that is not a SQLite
database, is cut short, is a folder, a symbolic link or a device, holds another program's
tables or a newer schema, or that SQLite finds malformed is closed and looked at again on a
fresh connection a moment later; a SQLite error must then hold under `PRAGMA quick_check`
too. Only then is it moved aside with its -wal and -shm files as
`records.corrupt-YYYYMMDD-HHMMSS[-N].sqlite3`, one line goes into problems and the records
start afresh; and only while no other process has the file open (`alone_with`): another copy
of the game, or another program, that holds it open keeps it where it is (moving the -wal and
-shm under an open connection is what damages a database), the player is told, and finished
games are kept in the unfiled folder until it is closed.

A busy moment (SQLITE_BUSY: another copy holds the write lock longer than BUSY_TIMEOUT) is
tried again on a fresh connection, never read around: the read-only way of opening the file
(`immutable=1`, which ignores the WAL) is taken only in a folder that really takes no writes.
A disk that refuses a write (full, read-only) adds one line naming the cause; the game goes on
and what was already committed stays. The file is made once, whole, and only where none is
(`create_atomic`): two copies filing their first game at once never replace each other's.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from game.i18n import N_, later
from game.json_types import JsonObject, as_object
from game.storage.jsonfile import JsonStore, create_atomic, quarantine_together, reason_of
from game.storage.reading import MAX_FILE_BYTES, decode_json
from game.storage.records_file import (
    APPLICATION_ID,
    NOT_OURS,
    SCHEMA,
    SCHEMA_VERSION,
    TABLES,
    Damaged,
    alone_with,
    check_file,
    companions,
    layout,
    new_database,
    our_layout,
    too_new,
)
from game.storage.telling import (
    folder_refusal,
    in_use_elsewhere,
    kept_aside,
    not_saved,
    refusal_kind,
    stuck_aside,
)

log = logging.getLogger(__name__)

T = TypeVar("T")

BUSY_TIMEOUT = 2.0  # s SQLite waits for another copy's lock, at each try
BUSY_TRIES = 2  # a busy moment is tried again once, on a fresh connection
SECOND_LOOK = 0.05  # s before a damaged-looking file is looked at again
# TRANSLATORS: "records" = the saved statistics of the games, not best scores. Fills {what} in
# the messages about a damaged file.
WHAT = later(N_("game records"))
DAMAGE_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB
BUSY_CODES = {5, 6}  # SQLITE_BUSY, SQLITE_LOCKED


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
    return decode_json(raw)


def text_as_stored(raw: bytes) -> str:
    """A TEXT cell as Python text, with any bytes that are not UTF-8 kept as they were
    (surrogate escapes), so one bad cell fails its own check (tables.text), not every read."""
    return raw.decode("utf-8", "surrogateescape")


def summary_of(text: str) -> JsonObject:
    """A game's summary as the records keep it (JSON text); ValueError if it is not one."""
    return as_object(decode_json(text), what="a game's summary")


def is_damage(error: BaseException) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in DAMAGE_CODES


def is_busy(error: BaseException) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in BUSY_CODES
    return isinstance(error, sqlite3.OperationalError) and "locked" in str(error)


class Records:
    """The open records database. Every public method is safe whatever is on disk: reads give
    empty results and writes False when the file is unusable (problems say why)."""

    def __init__(self, path: Path, store: JsonStore, *, usable: bool = True) -> None:
        """`usable` False: the data folder cannot be used at all (a file in its place, said
        at start): every read is empty and every write refused, without another word."""
        self.path = path
        self._store = store
        self._con: sqlite3.Connection | None = None
        # A damaged file could not be moved aside (never write over it), or no folder.
        self._blocked = not usable
        self._failing = False  # a write failed; said once until one works again
        self._read_only = False  # opened for reading only: the folder refused SQLite's files
        self._in_use_told = False  # damage another process keeps open: said once
        # The kind of the last refusal (telling.refusal_kind), None once a write worked.
        self.refusal: str | None = None if usable else "not_a_folder"
        self._lock = threading.Lock()
        if usable and os.path.lexists(path) or any(os.path.lexists(p) for p in companions(path)):
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
        if not os.path.lexists(self.path):
            if not create:
                return None
            create_atomic(self.path, new_database())  # (another copy's, if it won the race)
        try:
            self._con = self._connect(self.path, self._prepare)
            self._read_only = False
        except sqlite3.OperationalError as refused:
            if create or is_damage(refused) or is_busy(refused):
                raise
            if folder_refusal(self.path.parent) != "read_only":
                raise
            # A folder that takes no writes (read-only, a locked-down profile) refuses the
            # -wal and -shm files SQLite needs, even to read. Read the file as it stands:
            # the records stay on show; writes are refused and reported. (No copy of the
            # game can be writing to it there, so reading around the WAL is safe.)
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
        con.text_factory = text_as_stored
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
        if version != SCHEMA_VERSION or not tables >= TABLES or layout(con) != our_layout():
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
            done = self._tries(read, create=False)
        return done[0] if done else default

    def write(self, change: Callable[[sqlite3.Connection], T]) -> tuple[bool, T | None]:
        """`change(connection)` in one transaction: (True, its result), or (False, None) if the
        disk refused (reported once) and nothing of it was kept."""

        def in_one_transaction(con: sqlite3.Connection) -> T:
            con.execute("BEGIN IMMEDIATE")
            try:
                result = change(con)
                con.execute("COMMIT")
            except BaseException:
                if con.in_transaction:  # SQLite has already rolled back on a full disk
                    con.execute("ROLLBACK")
                raise
            return result

        with self._lock:
            done = self._tries(in_one_transaction, create=True)
        if not done:
            return False, None
        self._failing = False
        self.refusal = None
        return True, done[0]

    def _tries(self, act: Callable[[sqlite3.Connection], T], create: bool) -> list[T]:
        """[what `act` gave] on the open database, tried again on a fresh connection after a
        busy or a damaged-looking moment; damage confirmed twice is set aside (when no other
        process has the file open) and `act` tried on fresh records. [] when it could not be
        done (a refusal is reported; no database to read is no refusal)."""
        looked_again = False
        busy = 0
        failure: Exception | None = None
        for _attempt in range(BUSY_TRIES + 4):
            try:
                con = self._open(create)
                return [] if con is None else [act(con)]
            except (Damaged, sqlite3.DatabaseError) as bad:
                failure = bad
                if is_busy(bad):
                    self._close()
                    busy += 1  # SQLite waited BUSY_TIMEOUT already: once more, then refuse
                    if busy < BUSY_TRIES:
                        continue
                    break
                if not (isinstance(bad, Damaged) or is_damage(bad)):
                    break  # a refusal (full, read-only): the connection stays as it is
                self._close()
                if not looked_again:
                    looked_again = True
                    time.sleep(SECOND_LOOK)
                    continue
                if not self._set_aside(bad):
                    return []
                looked_again = False  # fresh records: a new file gets its own second look
            except OSError as bad:  # the folder could not be made
                failure = bad
                break
        if failure is not None:
            self._report_refusal("write" if create else "read", failure)
        return []

    def _damage_confirmed(self, bad: Exception) -> bool:
        """A SQLite error seen twice is damage only if SQLite's own check agrees, on a fresh
        connection (our own checks, Damaged, were made twice already)."""
        if isinstance(bad, Damaged):
            return True
        try:
            with contextlib.closing(self._connect(self.path, lambda con: None)) as con:
                found = [row[0] for row in con.execute("PRAGMA quick_check")]
        except sqlite3.DatabaseError as again:
            return is_damage(again)
        return found != ["ok"]

    def _set_aside(self, bad: Exception) -> bool:
        """Move a damaged file aside (True: go on with fresh records). False when it is not
        damage after all, another process has it open, or it cannot be moved (each said)."""
        reason = reason_of(bad)
        if isinstance(bad, sqlite3.DatabaseError):
            # TRANSLATORS: {error} is SQLite's own message, in English.
            reason = later(N_("SQLite says: {error}"), error=reason)
        if not self._damage_confirmed(bad):
            self._report_refusal("read", bad)
            return False
        with alone_with(self.path) as alone:
            if not alone:
                self.refusal = "locked"
                if not self._in_use_told:
                    self._in_use_told = True
                    self._store.report(in_use_elsewhere(WHAT, reason))
                return False
            try:
                files = [self.path, *companions(self.path)]
                moved = quarantine_together(files, self._store.clock())
            except OSError as stuck:
                self._blocked = True
                # TRANSLATORS: "records" = the saved statistics of the games, not best scores.
                outcome = later(N_("records are not saved this time"))
                self._store.report(stuck_aside(WHAT, self.path.name, reason, stuck, outcome))
                return False
        self._in_use_told = False
        # TRANSLATORS: "records" = the saved statistics of the games, not best scores.
        outcome = later(N_("the records start afresh"))
        self._store.report(kept_aside(WHAT, self.path.name, reason, moved.name, outcome))
        return True

    def _report_refusal(self, action: str, bad: Exception) -> None:
        detail = getattr(bad, "strerror", None) or str(bad) or type(bad).__name__
        cause = bad if isinstance(bad, OSError) else detail
        self.refusal = refusal_kind(cause, self.path.parent)
        if self._blocked or self._in_use_told:
            return  # already said why
        if action == "read":
            self._store.report(
                later(N_("The {what} could not be read ({error})."), what=WHAT, error=detail)
            )
        elif not self._failing:
            self._failing = True
            self._store.report(not_saved(WHAT, cause, self.path.parent))
