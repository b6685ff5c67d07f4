"""The records file as a file, before and beside SQLite: its checks from its own bytes, a
new one made whole, its -wal and -shm, and whether another process has it open.

(The database behind it, and what the game does with it, is records.py.)
"""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

from game.i18n import N_, later
from game.storage.jsonfile import reason_of
from game.storage.reading import BadFile, read_bytes, unreadable

try:
    import fcntl
except ImportError:  # Windows: no POSIX locks (and Windows refuses to move a file in use)
    fcntl = None  # type: ignore[assignment]  # (the module or nothing, looked at once below)

SCHEMA_VERSION = 1
APPLICATION_ID = 0x59616874  # "Yaht": tells the game's file from any other SQLite file
SQLITE_HEADER = b"SQLite format 3\x00"
# SQLite's own lock bytes (the file format's "lock-byte page", the same since 2004): every
# open connection in WAL mode holds a read lock on the SHARED range while it is open.
PENDING_BYTE = 0x40000000
SHARED_FIRST, SHARED_SIZE = PENDING_BYTE + 2, 510
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


def layout(con: sqlite3.Connection) -> list[tuple[object, ...]]:
    """The game's tables and their indexes as the file's schema holds them, with the SQL that
    made them, and every trigger and view. A file must match SCHEMA's exactly to be the
    game's: every file the game has made since the records came to SQLite does, by either
    way of making it; a column more, a type, a CHECK, a collation, STRICT, a generated column
    or a trigger (which could drop a filed game unseen, or refuse every game filed after it)
    makes it another program's. Tables of others (ANALYZE's sqlite_stat1) change nothing."""
    ours = ", ".join("?" * len(TABLES))
    schema = (
        "SELECT type, name, tbl_name, sql FROM sqlite_master "
        f"WHERE tbl_name IN ({ours}) OR type IN ('trigger', 'view') ORDER BY type, name"
    )
    return [tuple(row) for row in con.execute(schema, sorted(TABLES))]


@functools.cache
def our_layout() -> list[tuple[object, ...]]:
    """`layout` of the tables SCHEMA makes."""
    with contextlib.closing(sqlite3.connect(":memory:")) as con:
        con.executescript(SCHEMA)
        return layout(con)


class Damaged(Exception):
    """The records file cannot be used; the message says why, in words for a player."""


@contextlib.contextmanager
def alone_with(path: Path) -> Iterator[bool]:
    """Whether no other process has the database at `path` open; while True, none can open
    it (they wait, as for any lock). It takes the write lock on SQLite's SHARED range, which
    every connection holds a read lock on while it is open: any copy of the game, any other
    program using SQLite. (POSIX locks: another connection in this very process is not
    seen; its copies of the game are other processes.) Without POSIX locks (Windows) it says
    True: there, moving a file another program has open is refused by the system itself."""
    if fcntl is None:
        yield True
        return
    flags = os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        yield True  # a link, a folder, or gone: nothing opens that as this database
        return
    try:
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, SHARED_SIZE, SHARED_FIRST)
        except OSError:
            yield False
            return
        yield True
    finally:
        os.close(fd)  # the lock goes with it


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
        found = read_bytes(path, 100, head=True)
        size = os.path.getsize(path)
    except BadFile as bad:
        raise Damaged(reason_of(bad)) from None
    except FileNotFoundError:
        return
    except OSError as bad:
        raise Damaged(unreadable(bad)) from None
    if found is None:
        return
    head = found
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

    It is put in place in one atomic step (create_atomic), so a kill while the very first game is
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
