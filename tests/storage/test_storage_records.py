"""The records database against bad files, refused writes and links (issue 16): reported in
one line, moved aside with its -wal/-shm, fresh records, never written over or through."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest

from game.storage import Storage

from .conftest import SEATS, STAMP, STARTED, open_storage, two_player_game

RECORDS = "records.sqlite3"
ASIDE = f"records.corrupt-{STAMP}.sqlite3"


@pytest.fixture(scope="module")
def good_db(tmp_path_factory) -> bytes:
    """A records file holding one finished game, closed (its WAL folded in)."""
    folder = tmp_path_factory.mktemp("good")
    storage = open_storage(folder)
    storage.record_finished(two_player_game(seed=3), SEATS, (), STARTED)
    storage.close()
    assert sorted(p.name for p in folder.iterdir()) == [RECORDS]
    return (folder / RECORDS).read_bytes()


def _with_version(raw: bytes, folder: Path, version: int) -> bytes:
    path = folder / "edit.sqlite3"
    path.write_bytes(raw)
    with sqlite3.connect(path) as con:
        con.execute(f"PRAGMA user_version={version}")
    con.close()
    return path.read_bytes()


def _other_program(folder: Path) -> bytes:
    path = folder / "other.sqlite3"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    con.close()
    return path.read_bytes()


def _bad_tally(raw: bytes, folder: Path) -> bytes:
    path = folder / "edit.sqlite3"
    path.write_bytes(raw)
    with sqlite3.connect(path) as con:
        con.execute("""UPDATE tallies SET data = '{"games": -1}'""")
    con.close()
    return path.read_bytes()


def _deep_statistics(raw: bytes, folder: Path) -> bytes:
    path = folder / "edit.sqlite3"
    path.write_bytes(raw)
    with sqlite3.connect(path) as con:
        con.execute("UPDATE tallies SET data = ?", ("[" * 100_000,))
    con.close()
    return path.read_bytes()


CASES = {
    "garbage": (lambda raw, tmp: bytes(range(256)) * 40, "it is not a SQLite database"),
    "truncated": (lambda raw, tmp: raw[: len(raw) // 2], "it is cut short"),
    "future_schema": (lambda raw, tmp: _with_version(raw, tmp, 99), "newer version"),
    "other_program": (lambda raw, tmp: _other_program(tmp), "not the game's"),
    "bad_statistics": (_bad_tally, "the statistics of CPU Expert are damaged"),
    # A RecursionError crashed the statistics screen: the rows are read as a file is.
    "deep_statistics": (_deep_statistics, "it is nested too deeply"),
}


def _assert_fresh_and_working(storage: Storage, folder: Path) -> None:
    assert storage.list_history() == [] and storage.all_stats("american") == {}
    assert storage.high_scores("official") == []
    done = storage.record_finished(two_player_game(seed=5), SEATS, (), STARTED)
    assert done.saved and done.new
    assert [s.id for s in storage.list_history()] == [done.history_id]
    again = open_storage(folder)
    assert [s.id for s in again.list_history()] == [done.history_id]
    assert again.problems == []


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_damaged_records_file_is_set_aside_and_records_start_afresh(tmp_path, good_db, case):
    make, reason = CASES[case]
    folder = tmp_path / "data"
    folder.mkdir()
    bad = make(good_db, tmp_path)
    (folder / RECORDS).write_bytes(bad)
    if case not in ("bad_statistics", "deep_statistics"):  # found before SQLite opens it
        (folder / f"{RECORDS}-shm").write_bytes(b"stale shm")  # moved along as a set
    storage = open_storage(folder)
    storage.all_stats("american")  # what the statistics screen reads
    assert len(storage.problems) == 1, storage.problems
    message = storage.problems[0]
    assert RECORDS in message and ASIDE in message and reason in message
    assert (folder / ASIDE).read_bytes() == bad
    if case not in ("bad_statistics", "deep_statistics"):
        assert (folder / f"{ASIDE}-shm").read_bytes() == b"stale shm"
    _assert_fresh_and_working(storage, folder)


def test_a_folder_in_place_of_the_records(tmp_path):
    folder = tmp_path / "data"
    (folder / RECORDS).mkdir(parents=True)
    (folder / RECORDS / "inside.txt").write_bytes(b"keep me")
    storage = open_storage(folder)
    assert storage.problems == [
        f"The game records file {RECORDS} was damaged ({RECORDS} is a folder, not a file); "
        f"it was kept as {ASIDE} and the records start afresh."
    ]
    assert (folder / ASIDE / "inside.txt").read_bytes() == b"keep me"
    _assert_fresh_and_working(storage, folder)


def test_a_huge_file_is_refused_without_reading_it(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    with open(folder / RECORDS, "wb") as out:
        out.truncate(3 * 1024**3)  # 3 GB of zeros, sparse: no disk used
    storage = open_storage(folder)
    assert len(storage.problems) == 1 and "not a SQLite database" in storage.problems[0]
    assert (folder / ASIDE).stat().st_size == 3 * 1024**3
    _assert_fresh_and_working(storage, folder)


def test_a_linked_records_file_is_never_written_through(tmp_path, good_db):
    folder, outside = tmp_path / "data", tmp_path / "outside.sqlite3"
    folder.mkdir()
    outside.write_bytes(good_db)
    (folder / RECORDS).symlink_to(outside)
    storage = open_storage(folder)
    assert len(storage.problems) == 1 and "symbolic link" in storage.problems[0]
    assert (folder / ASIDE).is_symlink()  # the link moved, not its target
    _assert_fresh_and_working(storage, folder)
    assert outside.read_bytes() == good_db
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "outside.sqlite3"]


def test_a_second_damaged_file_gets_its_own_name(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    for raw in (b"one" * 50, b"two" * 50):
        (folder / RECORDS).write_bytes(raw)
        assert len(open_storage(folder).problems) == 1
    assert (folder / ASIDE).read_bytes() == b"one" * 50
    assert (folder / f"records.corrupt-{STAMP}-2.sqlite3").read_bytes() == b"two" * 50


def test_the_records_file_is_whole_before_sqlite_first_writes_to_it(storage, monkeypatch):
    # A kill while the first game was filed once left a file whose header promised 9 pages
    # and held 2; the next start set every record aside. The file now appears whole.
    from game.storage import records_file

    seen = []
    connect = sqlite3.connect

    def looking(path, *args, **kwargs):
        if path != ":memory:":
            records_file.check_file(Path(path))  # Damaged if cut short
            with contextlib.closing(connect(f"file:{path}?mode=ro", uri=True)) as look:
                seen.append({r[0] for r in look.execute("SELECT name FROM sqlite_master")})
        return connect(path, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", looking)
    assert not storage.paths.records.exists()
    assert storage.record_finished(two_player_game(seed=3), SEATS, (), STARTED).saved
    assert seen and seen[0] >= records_file.TABLES
    assert storage.problems == []


# ----------------------------------------------------------------------------- refused writes
def test_a_full_disk_loses_nothing_already_saved(storage):
    storage.create_profile("Ann")
    storage.record_finished(two_player_game(seed=3), SEATS, (), STARTED)
    before = (
        storage.list_history(),
        storage.all_stats("american"),
        storage.high_scores("official"),
    )
    # SQLite's own "disk full": the file may not grow by a single page.
    pages = storage._records.run(lambda con: con.execute("PRAGMA page_count").fetchone()[0], 0)
    storage._records.run(lambda con: con.execute(f"PRAGMA max_page_count={pages}"), None)
    game = two_player_game(seed=4)
    storage.save_game(game, SEATS, (), STARTED)
    for _ in range(2):  # said once, not at every try
        done = storage.record_finished(game, SEATS, (), STARTED)
        assert (done.saved, done.new, done.high_score_places) == (False, False, {})
    assert storage.problems == [
        "The game records could not be saved: "
        "the disk is full. Free some space; the game tries again at the next change."
    ]
    assert (
        storage.list_history(),
        storage.all_stats("american"),
        storage.high_scores("official"),
    ) == before
    # The finished game is kept apart, to be filed later; nothing can start over it.
    assert not storage.has_current() and storage.unfiled_count() == 1
    assert storage.unfiled_unkept() == 0  # it is on disk, not only in this run's memory
    again = open_storage(storage.paths.data_dir)  # the next start files it
    assert again.problems == [] and again.unfiled_count() == 0
    assert len(again.list_history()) == 2 and again.profile_stats("Ann", "american").games == 2
    done = again.record_finished(game, SEATS, (), STARTED)  # filed once, never twice
    assert not done.new and len(again.list_history()) == 2


def test_a_folder_that_takes_no_writes_still_shows_the_records(tmp_path, monkeypatch):
    # A read-only folder refuses SQLite's -wal and -shm files even for reading (found in a
    # real window: History came up empty). The records are read as they stand instead.
    from game.storage import records

    first = open_storage(tmp_path)
    first.create_profile("Ann")
    done = first.record_finished(two_player_game(seed=3), SEATS, (), STARTED)
    first.close()
    connect = sqlite3.connect

    def read_only_folder(target, *args, uri=False, **kwargs):
        if not (uri and "immutable=1" in str(target)):
            raise sqlite3.OperationalError("unable to open database file")
        return connect(target, *args, uri=uri, **kwargs)

    monkeypatch.setattr(records.sqlite3, "connect", read_only_folder)
    looks_read_only(monkeypatch)  # (a real read-only file system: test_storage_folders.py)
    again = open_storage(tmp_path)
    assert [s.id for s in again.list_history()] == [done.history_id]
    assert again.profile_stats("Ann", "american").games == 1 and again.problems == []
    later = again.record_finished(two_player_game(seed=4), SEATS, (), STARTED)
    assert not later.saved
    assert again.problems == [
        "The game records could not be saved: "
        "the folder takes no writes (read-only). Make it writable, or start the game "
        "with --data-dir and another folder."
    ]
    assert [s.id for s in again.list_history()] == [done.history_id]  # still shown


def looks_read_only(monkeypatch) -> None:
    """The folder, looked at, takes no writes (what SQLite's own words do not say)."""
    from game.storage import records, telling

    for module in (records, telling):
        monkeypatch.setattr(module, "folder_refusal", lambda folder: "read_only")


def test_a_folder_that_refuses_the_database(storage, monkeypatch):
    def refuse(*args, **kwargs):
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(sqlite3, "connect", refuse)
    looks_read_only(monkeypatch)
    done = storage.record_finished(two_player_game(seed=3), SEATS, (), STARTED)
    assert not done.saved
    assert storage.problems == [
        "The game records could not be saved: "
        "the folder takes no writes (read-only). Make it writable, or start the game "
        "with --data-dir and another folder."
    ]
    assert storage.list_history() == [] and storage.all_stats("american") == {}
    assert storage.save_game(two_player_game(seed=3, limit=5), SEATS, (), STARTED)


# ----------------------------------------------------------------------------- issue 16
def test_a_folder_named_current_json_is_set_aside_so_saving_works(tmp_path):
    folder = tmp_path / "data"
    (folder / "current.json").mkdir(parents=True)
    storage = open_storage(folder)
    assert len(storage.problems) == 1
    assert f"current.corrupt-{STAMP}.json" in storage.problems[0]
    assert (folder / f"current.corrupt-{STAMP}.json").is_dir()
    assert storage.save_game(two_player_game(seed=3, limit=9), SEATS, (), STARTED)
    assert storage.has_current() and storage.load_current() is not None


def test_a_data_folder_that_is_a_file_is_reported_at_start(tmp_path):
    folder = tmp_path / "data"
    folder.write_bytes(b"a file")
    storage = open_storage(folder)
    assert storage.problems == [
        f"The data folder {folder} is a file, not a folder, so nothing can be saved; "
        "move that file or choose another folder with --data-dir."
    ]
    assert folder.read_bytes() == b"a file"


def test_a_linked_game_in_progress_is_replaced_not_written_through(tmp_path):
    folder, outside = tmp_path / "data", tmp_path / "outside.json"
    folder.mkdir()
    outside.write_bytes(b"theirs")
    (folder / "current.json").symlink_to(outside)
    storage = open_storage(folder)
    assert storage.save_game(two_player_game(seed=3, limit=9), SEATS, (), STARTED)
    assert outside.read_bytes() == b"theirs"
    assert not (folder / "current.json").is_symlink()
