"""The rows of the records database (see records.py): what the screens read, what filing a
finished game writes. Each function takes an open connection; `Records.run`/`Records.write`
supply it and own the transaction, so a finished game's log, statistics and high scores are
committed together or not at all.

The tables are not STRICT: SQLite keeps a value of any kind in any column, and another program
may have written text that is not UTF-8 (the connection reads it with its bad bytes kept,
`records.text_as_stored`). So every cell read is checked here for what its column holds
before it leaves this module, and what leaves is typed.

A statistics or high-score row that fails its checks raises `Damaged`, as does a filed game's
note or id: as with a damaged JSON file before, the whole records file is set aside rather than
trusted in part. A history log that fails (a cell, its summary or its replay) is moved alone
into the `set_aside` table, found by its rowid and stored id, its cells as they were.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from typing import NamedTuple

from game.i18n import N_, later
from game.json_types import JsonMapping
from game.match.seats import Seat
from game.rules import Game, TeamMode
from game.storage.entries import check_entry, entry_card
from game.storage.highscores import HighScore, HighScoreBook, table_key
from game.storage.history import ID_PATTERN, LogRecord
from game.storage.profiles import CPU_PROFILES
from game.storage.reading import decode_json, unreadable
from game.storage.records import pack
from game.storage.records_file import Damaged
from game.storage.stats import Tally, card_ids, split_key, tally_key

CHUNK = 200  # logs read at a time when every one is wanted (rebuilding statistics)


def _json(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), allow_nan=False)


# ----------------------------------------------------------------------------- cells
def text(value: object, what: str) -> str:
    """A TEXT cell as the text it must be; ValueError naming `what` if it is not UTF-8 text."""
    if isinstance(value, bytes):
        raise ValueError(f"{what} is binary data, not text")
    if not isinstance(value, str):
        raise ValueError(f"{what} is {'empty' if value is None else 'a number'}, not text")
    try:
        value.encode()
    except UnicodeEncodeError:
        raise ValueError(f"{what} is not UTF-8 text") from None
    return value


def blob(value: object, what: str) -> bytes:
    """A BLOB cell as its bytes; ValueError naming `what` if it holds something else."""
    if not isinstance(value, bytes):
        raise ValueError(
            f"{what} is "
            f"{'text' if isinstance(value, str) else 'empty' if value is None else 'a number'}, "
            "not binary data"
        )
    return value


def shown(value: object) -> str:
    """A cell as a player may read it in a message: text, bad bytes replaced, on one line,
    at most 40 characters."""
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    elif isinstance(value, str):
        value = value.encode("utf-8", "replace").decode()
    said = " ".join(str(value).split())
    return said if len(said) <= 40 else said[:39] + "\u2026"


def _filed_id(value: object, what: str) -> str:
    """A history id filing relies on (a game's id, or its origin's note); Damaged (the whole
    file) if it is not one."""
    try:
        found = text(value, what)
        if not ID_PATTERN.match(found):
            raise ValueError(f"{what} is not a history id")
    except ValueError as bad:
        raise Damaged(unreadable(bad)) from None
    return found


# ----------------------------------------------------------------------------- history
def find_game(con: sqlite3.Connection, fingerprint: str) -> str | None:
    """The id of the game with this fingerprint, if it was filed (uses its unique index)."""
    row = con.execute("SELECT id FROM games WHERE fingerprint=?", (fingerprint,)).fetchone()
    return None if row is None else _filed_id(row[0], what="a filed game's id")


def find_origin(con: sqlite3.Connection, origin: str) -> str | None:
    """The id of the game filed with this origin (Game.origin: the game's identity from its
    first action, whatever its last choices were), if one was."""
    row = con.execute("SELECT value FROM meta WHERE key=?", (f"origin:{origin}",)).fetchone()
    return None if row is None else _filed_id(row[0], what="a filed game's note")


def add_origin(con: sqlite3.Connection, origin: str, log_id: str) -> None:
    """Note that the game of `origin` is filed as `log_id` (the meta table's key is unique:
    two copies of one game can never both be filed)."""
    con.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (f"origin:{origin}", log_id))


def insert_game(con: sqlite3.Connection, record: LogRecord) -> None:
    """Add a log as history.make_log_record makes it, whose id and fingerprint were looked
    for first (`find_game`, `find_origin`): Damaged if either is there after all, or a log
    row is in its place (neither is the game's doing; ignored, it would be lost unseen)."""
    log_id = record["id"]
    summary = {k: v for k, v in record.items() if k != "game"}
    try:
        cursor = con.execute(
            "INSERT INTO games (id, fingerprint, summary) VALUES (?, ?, ?)",
            (log_id, log_id[-12:], _json(summary)),
        )
        con.execute(
            "INSERT INTO logs (game, data) VALUES (?, ?)",
            (cursor.lastrowid, pack(record["game"])),
        )
    except sqlite3.IntegrityError as bad:
        raise Damaged(unreadable(bad)) from None


class LogRow(NamedTuple):
    """A finished game's row as read. Where `damage` is None its cells are what their columns
    hold; otherwise `damage` says which is not, and `id` is the id as it was, for telling.
    `rowid` and `stored_id` (the id's bytes in hex, whatever their kind) find the row again."""

    rowid: int
    stored_id: str
    id: str
    summary: str
    data: bytes
    damage: str | None


def _log_row(
    rowid: object, stored_id: object, log_id: object, summary: object, data: object = b""
) -> LogRow:
    if not isinstance(rowid, int) or not isinstance(stored_id, str):  # SQLite's own
        raise TypeError(f"a rowid of {type(rowid).__name__}, hex() of {type(stored_id).__name__}")
    try:
        key = text(log_id, what="its id")
    except ValueError as bad:
        return LogRow(rowid, stored_id, shown(log_id), "", b"", str(bad))
    try:
        summary, data = text(summary, what="its summary"), blob(data, what="its game")
    except ValueError as bad:
        return LogRow(rowid, stored_id, key, "", b"", str(bad))
    return LogRow(rowid, stored_id, key, summary, data, None)


_GAMES = "SELECT rowid, hex(id), id, summary FROM games"
_WITH_GAME = (
    "SELECT games.rowid, hex(id), id, summary, data FROM games JOIN logs ON logs.game = games.rowid"
)


def summaries(con: sqlite3.Connection, limit: int | None) -> list[LogRow]:
    """Each game's row with its summary (no game data), newest first: the `games.id` index,
    read backwards and cut short."""
    if limit is None:
        rows = con.execute(f"{_GAMES} ORDER BY id DESC").fetchall()
    else:
        rows = con.execute(f"{_GAMES} ORDER BY id DESC LIMIT ?", (max(0, limit),)).fetchall()
    return [_log_row(*row) for row in rows]


def game_log(con: sqlite3.Connection, log_id: str) -> LogRow | None:
    """One game's row with its summary and packed game, or None."""
    row = con.execute(f"{_WITH_GAME} WHERE id=?", (log_id,)).fetchone()
    return None if row is None else _log_row(*row)


def logs_oldest_first(con: sqlite3.Connection) -> Iterator[LogRow]:
    """Every game's row with its packed game, oldest first, a chunk at a time: one statement,
    so one state of the records, whatever another copy does meanwhile."""
    cursor = con.execute(f"{_WITH_GAME} ORDER BY id")
    while rows := cursor.fetchmany(CHUNK):
        yield from (_log_row(*row) for row in rows)


@contextlib.contextmanager
def read_as_one(con: sqlite3.Connection) -> Iterator[int]:
    """One read transaction: every read in it sees the records as they were at its start.
    Gives `PRAGMA data_version` then, which changes once another copy commits a change."""
    con.execute("BEGIN")
    try:
        yield data_version(con)
    finally:
        if con.in_transaction:  # (SQLite has rolled it back itself after an I/O error)
            con.execute("COMMIT")


def data_version(con: sqlite3.Connection) -> int:
    """A number that differs between two looks on one connection if any other connection
    changed the file meanwhile."""
    version = con.execute("PRAGMA data_version").fetchone()[0]
    if not isinstance(version, int):
        raise TypeError(f"data_version gave {type(version).__name__}")
    return version


def keep_game_aside(con: sqlite3.Connection, record: LogRecord, reason: str) -> None:
    """Keep a log that is not filed (another ending of a game filed before) in set_aside,
    with the reason, once."""
    log_id = record["id"]
    if con.execute("SELECT 1 FROM set_aside WHERE key=?", (log_id,)).fetchone() is not None:
        return
    summary = {k: v for k, v in record.items() if k != "game"}
    con.execute(
        "INSERT INTO set_aside (kind, key, reason, summary, data) VALUES ('game', ?, ?, ?, ?)",
        (log_id, reason, _json(summary), pack(record["game"])),
    )


def set_game_aside(con: sqlite3.Connection, row: LogRow, reason: str) -> None:
    """Take a log that failed its checks out of the history, keeping its cells as they were
    and the reason; nothing if it is gone (another copy set it aside, and its row number may
    since have gone to another game)."""
    moved = con.execute(
        "INSERT INTO set_aside (kind, key, reason, summary, data) SELECT 'game', id, ?, "
        "summary, (SELECT data FROM logs WHERE game=games.rowid) FROM games "
        "WHERE rowid=? AND hex(id)=?",
        (reason, row.rowid, row.stored_id),
    )
    if moved.rowcount:
        con.execute("DELETE FROM logs WHERE game=?", (row.rowid,))
        con.execute("DELETE FROM games WHERE rowid=?", (row.rowid,))


# ----------------------------------------------------------------------------- statistics
def read_tallies(con: sqlite3.Connection, names: Iterable[str] | None = None) -> dict[str, Tally]:
    """Name -> running totals, for `names` (each a primary-key look-up) or for everyone."""
    if names is None:
        rows = con.execute("SELECT name, data FROM tallies ORDER BY name").fetchall()
    else:
        rows = [
            row
            for name in dict.fromkeys(names)
            for row in con.execute("SELECT name, data FROM tallies WHERE name=?", (name,))
        ]
    tallies = {}
    for name, data in rows:
        try:
            tallies[text(name, what="a name")] = Tally.from_dict(
                decode_json(text(data, what="its tally"))
            )
        except (ValueError, TypeError) as bad:
            raise Damaged(
                later(
                    N_("the statistics of {name} are damaged: {error}"),
                    name=_tally_owner(name),
                    error=str(bad),
                )
            ) from None
    return tallies


def _tally_owner(key: object) -> str:
    """Whose figures a tally key holds, as the player reads it in a message: the name alone
    (not the card), a CPU level's record in the language the message is shown in."""
    name = shown(split_key(key)[0] if isinstance(key, str) else key)
    return later(name) if name in CPU_PROFILES else name


def write_tallies(con: sqlite3.Connection, tallies: Mapping[str, Tally]) -> None:
    con.executemany(
        "INSERT OR REPLACE INTO tallies (name, data) VALUES (?, ?)",
        [(name, _json(tally.to_dict())) for name, tally in tallies.items()],
    )


def add_entries(con: sqlite3.Connection, entries: Sequence[JsonMapping]) -> None:
    """Fold a game's statistics entries (entries.entries_for_game) into the tallies they touch,
    each checked first (entries.check_entry)."""
    checked = [check_entry(entry) for entry in entries]
    keys = [tally_key(row["name"], entry_card(e)) for e in checked for row in e["rows"]]
    tallies = read_tallies(con, keys)
    for entry in checked:
        card = entry_card(entry)
        for row in entry["rows"]:
            tallies.setdefault(tally_key(row["name"], card), Tally()).add(entry, row)
    write_tallies(con, tallies)


def rename_in_tallies(con: sqlite3.Connection, old: str, new: str) -> None:
    """A profile renamed: its own totals, and everyone's head-to-head against it."""
    tallies = read_tallies(con)
    for key in list(tallies):
        name, card = split_key(key)
        if name == old:
            tallies[tally_key(new, card)] = tallies.pop(key)
            con.execute("DELETE FROM tallies WHERE name=?", (key,))
    for tally in tallies.values():
        tally.rename(old, new)
    write_tallies(con, tallies)


def delete_from_tallies(con: sqlite3.Connection, name: str) -> None:
    """A profile deleted: its totals go, and others' head-to-head against it."""
    for card in card_ids():  # its figures on every card
        con.execute("DELETE FROM tallies WHERE name=?", (tally_key(name, card),))
    tallies = read_tallies(con)
    for tally in tallies.values():
        tally.head_to_head.pop(name, None)
    write_tallies(con, tallies)


def replace_tallies(con: sqlite3.Connection, tallies: Mapping[str, Tally]) -> None:
    con.execute("DELETE FROM tallies")
    write_tallies(con, tallies)


# ----------------------------------------------------------------------------- high scores
def read_board(con: sqlite3.Connection, key: str) -> list[HighScore]:
    """One high-score table, best first (the (board, place) key)."""
    rows = con.execute(
        "SELECT data FROM high_scores WHERE board=? ORDER BY place", (key,)
    ).fetchall()
    try:
        board = [
            HighScore.from_dict(decode_json(text(data, what="a high score"))) for (data,) in rows
        ]
    except (ValueError, TypeError) as bad:
        raise Damaged(later(N_("the high scores are damaged: {error}"), error=str(bad))) from None
    if any(a.score < b.score for a, b in zip(board, board[1:], strict=False)):
        raise Damaged(later(N_("a high score table is out of order")))
    return board


def write_board(con: sqlite3.Connection, key: str, board: Sequence[HighScore]) -> None:
    con.execute("DELETE FROM high_scores WHERE board=?", (key,))
    con.executemany(
        "INSERT INTO high_scores (board, place, data) VALUES (?, ?, ?)",
        [(key, place, _json(e.to_dict())) for place, e in enumerate(board, start=1)],
    )


def add_high_scores(
    con: sqlite3.Connection,
    log_id: str,
    date: str,
    game: Game,
    seats: Sequence[Seat],
    assisted: Collection[int],
) -> dict[int, int]:
    """Enter a finished game on its board; player index -> place for those who made it."""
    if game.config.team_mode is not TeamMode.OFF:
        return {}
    key = table_key(game.config.variant.value, game.config.games)
    book = HighScoreBook({key: read_board(con, key)})
    places = book.add_game(log_id, date, game, seats, assisted)
    if places:
        write_board(con, key, book.table(game.config.variant.value, game.config.games))
    return places
