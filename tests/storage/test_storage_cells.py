"""A records file with the game's tables whose cells hold what their columns do not: SQLite
keeps any value in any column, and another program may write text that is not UTF-8. Each
such cell is reported once in words, a history log alone is kept aside with its cells as they
were, anything else sets the file aside, and the game goes on filing and reading.

Before, text that was not UTF-8 made every read of its table fail for good (each finished game
after it waited unfiled), and a name stored as binary data crashed the statistics."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from game.storage import Storage, finished, tables
from game.storage.records import text_as_stored
from game.storage.tables import logs_oldest_first, set_game_aside, summaries

from .conftest import SEATS, STAMP, STARTED, open_storage, two_player_game

RECORDS = "records.sqlite3"
ASIDE = f"records.corrupt-{STAMP}.sqlite3"
LOG = "20261122-093000-2c7b120cbeee"  # the history id of two_player_game(seed=3)
NOT_UTF8 = "CAST(X'FF41' AS TEXT)"

# An edit, and the reason the player reads: a history log's cells set that log aside alone ...
# (SQLite keeps a number put in a TEXT column as text: "summary as a number" and "high score
# as a number" below were told and kept aside before the cells were checked too.)
ONE_LOG = {
    "summary as a number": ("UPDATE games SET summary=5", "a game's summary must be an object"),
    "summary as binary data": ("UPDATE games SET summary=X'7b7d'", "its summary is binary data"),
    "summary not UTF-8": (f"UPDATE games SET summary={NOT_UTF8}", "its summary is not UTF-8"),
    "game as text": ("UPDATE logs SET data='abc'", "its game is text, not binary data"),
    "game as a number": ("UPDATE logs SET data=7", "its game is a number, not binary data"),
    "id as binary data": ("UPDATE games SET id=CAST(id AS BLOB)", "its id is binary data"),
    "id not UTF-8": (f"UPDATE games SET id={NOT_UTF8}", "its id is not UTF-8 text"),
}
# ... and any other sets the whole file aside.
WHOLE_FILE = {
    "name as binary data": ("UPDATE tallies SET name=X'414243'", "a name is binary data"),
    "name not UTF-8": (f"UPDATE tallies SET name={NOT_UTF8}", "a name is not UTF-8 text"),
    "tally not UTF-8": (f"UPDATE tallies SET data={NOT_UTF8}", "its tally is not UTF-8 text"),
    "tally as binary data": ("UPDATE tallies SET data=X'7b7d'", "its tally is binary data"),
    "high score as a number": ("UPDATE high_scores SET data=3", "a high score must be an object"),
    "high score not UTF-8": (
        f"UPDATE high_scores SET data={NOT_UTF8}",
        "a high score is not UTF-8 text",
    ),
    "note not a history id": (
        "UPDATE meta SET value=99",
        "a filed game's note is not a history id",
    ),
    "note not UTF-8": (f"UPDATE meta SET value={NOT_UTF8}", "a filed game's note is not UTF-8"),
    "a trigger": (
        "CREATE TRIGGER drop_games AFTER INSERT ON games "
        "BEGIN DELETE FROM games WHERE rowid = new.rowid; END",
        "its tables are not the game's",
    ),
    "a column more": ("ALTER TABLE games ADD COLUMN extra TEXT", "its tables are not the game's"),
    # INSERT OR IGNORE skipped every game a CHECK refused: told filed, and gone.
    "a check": (
        "PRAGMA writable_schema=ON; UPDATE sqlite_master SET sql=replace(sql, "
        "'summary TEXT NOT NULL', 'summary TEXT NOT NULL CHECK (summary NOT LIKE ''%Robo%'')') "
        "WHERE name='games'",
        "its tables are not the game's",
    ),
}


@pytest.fixture(scope="module")
def good_db(tmp_path_factory) -> bytes:
    """A records file holding one finished game (LOG), closed."""
    folder = tmp_path_factory.mktemp("good")
    storage = open_storage(folder)
    assert storage.record_finished(two_player_game(seed=3), SEATS, (), STARTED).history_id == LOG
    storage.close()
    return (folder / RECORDS).read_bytes()


def edited(good_db: bytes, folder: Path, statement: str) -> Path:
    folder.mkdir()
    path = folder / RECORDS
    path.write_bytes(good_db)
    with sqlite3.connect(path) as con:
        con.executescript(statement)
    con.close()
    return path


def cells(path: Path, query: str) -> list[tuple[str, str]]:
    """Each cell of the rows `query` finds (three columns: a, b, c) as (its kind, its bytes
    in hex)."""
    kinds = "SELECT typeof(a), hex(a), typeof(b), hex(b), typeof(c), hex(c) FROM ({})"
    with sqlite3.connect(path) as con:
        rows = con.execute(kinds.format(query)).fetchall()
    con.close()
    return [(row[i], row[i + 1]) for row in rows for i in (0, 2, 4)]


def every_screen(storage: Storage) -> None:
    """What the history, a replay, the statistics and the high scores read."""
    for summary in storage.list_history():
        storage.load_log(summary.id)
    storage.all_stats("american")
    storage.high_scores("official")


def files_a_new_game(storage: Storage, folder: Path) -> str:
    done = storage.record_finished(two_player_game(seed=5), SEATS, (), STARTED)
    assert done.saved and done.new
    assert not (folder / "unfiled").exists() or not any((folder / "unfiled").iterdir())
    return done.history_id


@pytest.mark.parametrize("case", sorted(ONE_LOG))
def test_a_log_with_a_wrong_cell_is_kept_aside_alone_as_it_was(tmp_path, good_db, case):
    statement, reason = ONE_LOG[case]
    folder = tmp_path / "data"
    path = edited(good_db, folder, statement)
    before = cells(path, "SELECT id a, summary b, data c FROM games JOIN logs ON game=games.rowid")
    storage = open_storage(folder)
    every_screen(storage)
    every_screen(storage)  # told once
    (message,) = storage.problems
    assert message.startswith("The game history log ") and f"({reason}" in message, message
    assert "kept aside in the records" in message
    assert storage.list_history() == []
    assert storage.all_stats("american") != {}  # the rest of the records stand
    new = files_a_new_game(storage, folder)
    assert [s.id for s in storage.list_history()] == [new]
    storage.close()
    assert sorted(p.name for p in folder.iterdir()) == [RECORDS]
    kept = cells(path, "SELECT key a, summary b, data c FROM set_aside WHERE kind='game'")
    assert kept == before  # the same values, of the same kinds, byte for byte


@pytest.mark.parametrize("case", sorted(WHOLE_FILE))
def test_any_other_wrong_cell_sets_the_file_aside_and_records_start_afresh(tmp_path, good_db, case):
    statement, reason = WHOLE_FILE[case]
    folder = tmp_path / "data"
    path = edited(good_db, folder, statement)
    bad = path.read_bytes()
    storage = open_storage(folder)
    every_screen(storage)
    # A filed game's note is read only when a game is filed, here the same game again.
    storage.record_finished(two_player_game(seed=3), SEATS, (), STARTED)
    (message,) = storage.problems
    assert message.startswith(f"The game records file {RECORDS} was damaged (")
    assert reason in message and f"it was kept as {ASIDE} and the records start afresh" in message
    assert (folder / ASIDE).read_bytes() == bad
    new = files_a_new_game(storage, folder)
    assert new in [s.id for s in storage.list_history()]
    storage.close()
    again = open_storage(folder)
    assert new in [s.id for s in again.list_history()] and again.problems == []


def test_damaged_statistics_are_told_by_the_players_name(tmp_path, good_db):
    """A tally is kept by 'name<US>card' for a card but the American: the message names the
    player, not the key as Python writes it ('Ann\\x1fyatzy' was told before)."""
    folder = tmp_path / "data"
    edited(
        good_db,
        folder,
        """INSERT INTO tallies VALUES ('Ann' || char(31) || 'yatzy', '{"games": -1}')""",
    )
    storage = open_storage(folder)
    every_screen(storage)
    (message,) = storage.problems
    assert "(the statistics of Ann are damaged: " in message, message
    storage.close()


def test_a_cpu_levels_damaged_statistics_are_told_by_the_name_the_player_reads(tmp_path, good_db):
    """A CPU level's figures are kept as "CPU Expert": told in German as the statistics
    screen names it ("CPU Experte"), not as stored."""
    from game import i18n

    folder = tmp_path / "data"
    edited(
        good_db, folder, """UPDATE tallies SET data = '{"games": -1}' WHERE name = 'CPU Expert'"""
    )
    storage = open_storage(folder)
    every_screen(storage)
    try:
        i18n.set_language("de")
        (message,) = storage.take_problems()
        assert "die Statistik von CPU Experte ist beschädigt" in message, message
    finally:
        i18n.set_language("en")
        storage.close()


# ----------------------------------------------------------------------------- another copy
def records_of(folder: Path, seeds: range) -> Path:
    storage = open_storage(folder)
    for seed in seeds:
        storage.record_finished(two_player_game(seed=seed), SEATS, (), STARTED)
    storage.close()
    return folder / RECORDS


def connect(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(path, isolation_level=None)
    con.text_factory = text_as_stored
    return con


def test_a_log_set_aside_by_one_copy_is_never_another_game_filed_since(tmp_path):
    """A log is found again by its row number and stored id: another copy may have set it
    aside between the read and the write, and its row number gone to a game filed since."""
    path = records_of(tmp_path, range(3, 5))
    con = connect(path)
    newest = summaries(con, None)[0]  # the highest row number
    con.execute("DELETE FROM logs WHERE game=?", (newest.rowid,))
    con.execute("DELETE FROM games WHERE rowid=?", (newest.rowid,))  # another copy's doing
    storage = open_storage(tmp_path)
    filed = storage.record_finished(two_player_game(seed=9), SEATS, (), STARTED).history_id
    storage.close()
    (taken,) = [row for row in summaries(con, None) if row.id == filed]
    assert taken.rowid == newest.rowid  # SQLite gave the number again
    set_game_aside(con, newest, "a stale look")
    assert filed in [row.id for row in summaries(con, None)]
    assert con.execute("SELECT count(*) FROM set_aside").fetchone() == (0,)
    con.close()


def test_every_log_is_read_once_when_another_copy_sets_one_aside_meanwhile(tmp_path, monkeypatch):
    monkeypatch.setattr(tables, "CHUNK", 2)
    path = records_of(tmp_path, range(3, 8))
    reader, writer = connect(path), connect(path)
    every = sorted(row.id for row in summaries(reader, None))
    seen = []
    for row in logs_oldest_first(reader):
        seen.append(row.id)
        if len(seen) == 2:  # the chunk's last row, whose id the next chunk goes on from
            writer.execute("DELETE FROM games WHERE id=?", (row.id,))
    assert seen == every and len(seen) == 5
    assert len(summaries(reader, None)) == 4  # the other copy's change, seen afterwards
    reader.close()
    writer.close()


def test_a_game_filed_by_another_copy_during_a_rebuild_is_counted(tmp_path, monkeypatch):
    """The totals are written only if no other copy changed the records since they were
    read; else counted again under the write lock."""
    records_of(tmp_path, range(3, 6))
    one, other = open_storage(tmp_path), open_storage(tmp_path)
    reading, filed = tables.logs_oldest_first, []

    def meanwhile(con):
        yield from reading(con)
        if not filed:  # the other copy files a game as the first count ends
            filed.append(other.record_finished(two_player_game(seed=9), SEATS, (), STARTED))

    replayed, replay = [], finished._replayed
    monkeypatch.setattr(tables, "logs_oldest_first", meanwhile)
    monkeypatch.setattr(finished, "_replayed", lambda row: replayed.append(row.id) or replay(row))
    assert one.rebuild_stats() == 4 and filed[0].new
    # Counted again under the write lock, replaying only the game filed meanwhile.
    assert len(replayed) == 4 and replayed[-1] == filed[0].history_id
    raced = one.all_stats("american")
    monkeypatch.setattr(tables, "logs_oldest_first", reading)
    assert open_storage(tmp_path).rebuild_stats() == 4
    assert raced == one.all_stats("american")  # the same as counted with nothing meanwhile
    assert sum(stats.games for stats in raced.values()) == 4  # the CPU's (Ann has no profile)


def test_a_stray_log_refuses_no_game_for_ever(tmp_path):
    """A log row without its game (not the game's doing) once made every game filed after it
    fail its UNIQUE key and wait in unfiled/ on every start: now the file is set aside."""
    path = records_of(tmp_path / "data", range(3, 4))
    with sqlite3.connect(path) as con:
        con.execute("INSERT INTO logs (game, data) VALUES (2, X'00')")
    con.close()
    bad = path.read_bytes()
    storage = open_storage(tmp_path / "data")
    new = files_a_new_game(storage, tmp_path / "data")
    (message,) = storage.problems
    assert "UNIQUE constraint failed: logs.game" in message and ASIDE in message
    assert (tmp_path / "data" / ASIDE).read_bytes() == bad
    assert [s.id for s in storage.list_history()] == [new]


@pytest.mark.parametrize(
    ("value", "reason"),
    [(None, "x is empty, not text"), (5, "x is a number, not text"),
     (2.5, "x is a number, not text"), (b"a", "x is binary data, not text"),
     ("\udcff", "x is not UTF-8 text")],
)  # fmt: skip
def test_a_cell_of_another_kind_is_named(value, reason):
    with pytest.raises(ValueError, match=f"^{reason}$"):
        tables.text(value, what="x")
    assert tables.text("Åsa", what="x") == "Åsa" and tables.blob(b"\0", what="x") == b"\0"
    with pytest.raises(ValueError, match="^x is text, not binary data$"):
        tables.blob("a", what="x")


def test_a_cell_is_shown_on_one_line_at_most_40_characters():
    assert tables.shown(b"20261122-\xff") == "20261122-\ufffd"
    assert tables.shown("a\udcffb") == "a?b"
    assert tables.shown("x\n" * 50_000) == "x " * 19 + "x\u2026"
    assert tables.shown(None) == "None"


def test_a_file_another_tool_analyzed_is_still_the_games(tmp_path):
    """ANALYZE (sqlite3's shell, a database browser) adds its sqlite_stat1 table: the
    records stay as they are."""
    path = records_of(tmp_path, range(3, 5))
    with sqlite3.connect(path) as con:
        con.execute("ANALYZE")
        con.execute("CREATE TABLE notes (text TEXT)")
    con.close()
    storage = open_storage(tmp_path)
    assert len(storage.list_history()) == 2 and storage.problems == []
    files_a_new_game(storage, tmp_path)
    assert len(storage.list_history()) == 3 and storage.problems == []
