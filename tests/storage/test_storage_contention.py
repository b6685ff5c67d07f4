"""Two or more copies of the game on one data folder (issue 30, N1 and N2), one step at a
time: what the three-copy test (test_storage_crowd.py) finds by chance, forced here.

N1: the records were set aside on a single SQLITE_CORRUPT seen under contention, read
around a busy moment through a connection that ignores the WAL, made twice at once, and
moved (with their -wal and -shm) while other processes had them open. N2: a profile change
made while the records were held was written from the copy's own stale list."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from game.storage import records

from .conftest import SEATS, STARTED, open_storage, two_player_game

ROOT = Path(__file__).resolve().parents[2]


def corrupt_error() -> sqlite3.DatabaseError:
    error = sqlite3.DatabaseError("database disk image is malformed")
    error.sqlite_errorcode = 11  # SQLITE_CORRUPT, as SQLite raises it
    return error


def aside(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".corrupt-" in p.name)


@contextlib.contextmanager
def held(path: Path):
    """Another program holds the records' write lock longer than a copy waits for it."""
    lock = sqlite3.connect(path, timeout=0)
    lock.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        lock.rollback()
        lock.close()


# ----------------------------------------------------------------------------- N1
def test_a_single_corrupt_error_is_looked_at_again_not_taken_as_damage(storage, monkeypatch):
    from game.storage import tables

    done = storage.record_finished(two_player_game(seed=3), SEATS, (), STARTED)
    summaries, raised = tables.summaries, []

    def once(con, limit):
        if not raised:
            raised.append(True)
            raise corrupt_error()
        return summaries(con, limit)

    monkeypatch.setattr(tables, "summaries", once)
    assert [s.id for s in storage.list_history()] == [done.history_id]
    assert storage.problems == [] and aside(storage.paths.data_dir) == []


def test_a_busy_moment_at_open_is_waited_out_not_read_around_the_wal(data_dir, monkeypatch):
    """A read-only fallback (immutable=1) taken on any refusal read the database file as
    if no other copy were writing to it: games in the WAL missing, pages torn under a
    checkpoint, and then "malformed"."""
    one = open_storage(data_dir)
    done = one.record_finished(two_player_game(seed=3), SEATS, (), STARTED)  # in the WAL
    prepare, refused = records.Records._prepare, []

    def busy_once(self, con):
        if not refused:
            refused.append(True)
            raise sqlite3.OperationalError("database is locked")
        return prepare(self, con)

    monkeypatch.setattr(records.Records, "_prepare", busy_once)
    two = open_storage(data_dir)
    assert refused and [s.id for s in two.list_history()] == [done.history_id]
    assert two.record_finished(two_player_game(seed=4), SEATS, (), STARTED).saved
    assert two.problems == [] and one.problems == []


def test_a_copy_making_the_records_never_replaces_those_another_copy_just_made(
    data_dir, monkeypatch
):
    """Two copies filing their first game at once: each saw no records file and made one,
    the second in place of the first, under its maker's open connection (whose next
    checkpoint then wrote into a file no longer there)."""
    one, two = open_storage(data_dir), open_storage(data_dir)
    assert one.record_finished(two_player_game(seed=3), SEATS, (), STARTED).saved
    made = (data_dir / "records.sqlite3").stat().st_ino
    lexists, raced = os.path.lexists, []

    def not_yet(path):  # two looked before one made the file
        if Path(path) == two.paths.records and not raced:
            raced.append(True)
            return False
        return lexists(path)

    monkeypatch.setattr(os.path, "lexists", not_yet)
    assert two.record_finished(two_player_game(seed=4), SEATS, (), STARTED).saved
    monkeypatch.undo()
    assert raced and (data_dir / "records.sqlite3").stat().st_ino == made
    assert len(open_storage(data_dir).list_history()) == 2


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX locks; Windows refuses the move")
def test_damaged_records_are_never_moved_while_another_process_has_them_open(data_dir):
    storage = open_storage(data_dir)
    for seed in range(3, 9):
        storage.record_finished(two_player_game(seed=seed), SEATS, (), STARTED)
    storage.close()  # folded into the file: the damage below is in the file itself
    path = data_dir / "records.sqlite3"
    holder = subprocess.Popen(  # another copy, reading the records, then idle
        [
            sys.executable,
            "-c",
            "import sqlite3, sys; con = sqlite3.connect(sys.argv[1]); "
            "con.execute('PRAGMA journal_mode=WAL'); "
            "con.execute('SELECT count(*) FROM games').fetchone(); "
            "print('open', flush=True); sys.stdin.read()",
            str(path),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline() == "open\n"
        size = path.stat().st_size
        with open(path, "r+b") as spoil:  # every page after the first: junk
            spoil.seek(4096)
            spoil.write(bytes(range(256)) * ((size - 4096) // 256))
        damaged = open_storage(data_dir)
        damaged.list_history()
        assert not damaged.record_finished(two_player_game(seed=20), SEATS, (), STARTED).saved
        assert aside(data_dir) == []  # not while the other has them open
        assert len(damaged.problems) == 1 and "another" in damaged.problems[0]
        assert damaged.unfiled_unkept() == 0  # the finished game is kept to be filed
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
    damaged.problems.clear()
    assert damaged.file_unfiled() == 0  # alone now: moved aside, the game filed afresh
    assert aside(data_dir) == ["records.corrupt-20261122-093000.sqlite3"]
    assert len(damaged.list_history()) == 1 and len(damaged.problems) == 1


# ----------------------------------------------------------------------------- N2
def told_profiles(steps) -> list[str]:
    """The profiles a player was told are there, from the steps that were not refused."""
    names: list[str] = []
    for step, *args in steps:
        if step == "create":
            names.append(args[0])
        elif step == "rename":
            names[names.index(args[0])] = args[1]
        elif step == "delete":
            names.remove(args[0])
    return sorted(names)


def test_a_profile_change_while_the_records_are_held_is_never_made_from_a_stale_list(
    data_dir, monkeypatch
):
    monkeypatch.setattr(records, "BUSY_TIMEOUT", 0.2)
    one, two = open_storage(data_dir), open_storage(data_dir)
    done = []

    def step(copy, what, *args):
        change = {"create": copy.create_profile, "rename": copy.rename_profile}.get(
            what, copy.delete_profile
        )
        try:
            change(*args)
        except ValueError:
            return  # refused, and told so: nothing to follow
        done.append((what, *args))

    step(one, "create", "Ann")
    step(two, "create", "Bob")
    step(one, "create", "Cara")  # one read Bob from the file
    step(two, "delete", "Bob")
    with held(data_dir / "records.sqlite3"):
        step(one, "rename", "Ann", "Anna")  # one's own list still holds Bob
        step(two, "create", "Dora")
    step(one, "rename", "Cara", "Carla")
    assert told_profiles(done) == sorted(p.name for p in open_storage(data_dir).list_profiles())
    assert "Bob" not in [p.name for p in open_storage(data_dir).list_profiles()]


# ----------------------------------------------------------------------------- the game in progress
def test_two_copies_never_write_over_each_others_game_in_progress(data_dir):
    one = open_storage(data_dir)
    mine = two_player_game(seed=3, limit=10)
    assert one.save_game(mine, SEATS, (), STARTED)
    two = open_storage(data_dir)  # its player was asked, and started a new game over it
    theirs = two_player_game(seed=4, limit=10)
    assert two.save_game(theirs, SEATS, (), STARTED)
    # One goes on: it may not write over the other's game, and says why.
    assert not one.save_game(two_player_game(seed=3, limit=11), SEATS, (), STARTED)
    assert len(one.problems) == 1 and "another copy" in one.problems[0]
    record = open_storage(data_dir).load_current()
    assert record is not None and record.game.log == theirs.log
    # One's game ends: filed, and the other's game in progress is left where it is.
    assert one.record_finished(two_player_game(seed=3), SEATS, (), STARTED).new
    assert open_storage(data_dir).load_current().game.log == theirs.log


def test_without_posix_locks_damaged_records_are_still_set_aside(data_dir, monkeypatch):
    """Where there is no fcntl (Windows) the look for other processes says "alone" (there
    the system refuses to move a file another process has open), and damage is dealt with
    as before: moved aside whole, records afresh."""
    from game.storage import records_file

    monkeypatch.setattr(records_file, "fcntl", None)
    data_dir.mkdir()
    (data_dir / "records.sqlite3").write_bytes(b"not a database" * 20)
    storage = open_storage(data_dir)
    assert len(storage.problems) == 1 and "kept as records.corrupt-" in storage.problems[0]
    assert storage.record_finished(two_player_game(seed=3), SEATS, (), STARTED).saved
    assert aside(data_dir) == ["records.corrupt-20261122-093000.sqlite3"]
