"""The unfiled folder (finished games the records refused, kept to be filed later) is read
like every other file the game reads (issue 30, N3 to N7): through the one checked reader,
never through a link, a set-aside file leaves the folder's pattern, and a game is removed by
what it holds, not by its file name."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from game.storage import history as _history

from .conftest import FIXED_TIME, SEATS, STAMP, STARTED, open_storage, two_player_game

ROOT = Path(__file__).resolve().parents[2]
START_LIMIT = 30.0  # s: a start that takes longer hangs (it took for ever with a FIFO)


def log_bytes(seed: int) -> bytes:
    """A finished game's log, as the unfiled folder keeps it."""
    game = two_player_game(seed=seed)
    log_id = _history.log_id_for(FIXED_TIME, _history.fingerprint(game))
    record = _history.make_log_record(log_id, game, SEATS, (), FIXED_TIME, STARTED)
    return json.dumps(record).encode()


def start_elsewhere(folder: Path) -> subprocess.CompletedProcess[str]:
    """A start of the storage in another process, which may not hang or crash."""
    code = (
        "import sys; from game.storage import Storage; s = Storage(sys.argv[1], environ={}); "
        "print(len(s.list_history())); print('\\n'.join(s.problems))"
    )
    return subprocess.run(
        [sys.executable, "-c", code, str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=START_LIMIT,
    )


def test_a_deeply_nested_unfiled_file_is_set_aside_not_a_crash(data_dir):
    """N3: a 100,000-deep file raised RecursionError before the window opened."""
    unfiled = data_dir / "unfiled"
    unfiled.mkdir(parents=True)
    (unfiled / "deep.json").write_bytes(b"[" * 100_000)
    storage = open_storage(data_dir)
    assert len(storage.problems) == 1 and "nested too deeply" in storage.problems[0]
    assert os.listdir(unfiled) == [f"deep.corrupt-{STAMP}"]
    assert (unfiled / f"deep.corrupt-{STAMP}").read_bytes() == b"[" * 100_000
    assert open_storage(data_dir).problems == []


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev are POSIX")
@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "dev_urandom"])
def test_a_pipe_or_endless_device_in_unfiled_never_blocks_a_start(data_dir, kind):
    """N4: a FIFO blocked the start for ever; a link to /dev/zero grew memory by 300 MB/s."""
    unfiled = data_dir / "unfiled"
    unfiled.mkdir(parents=True)
    target = unfiled / "game.json"
    if kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to("/dev/" + kind.removeprefix("dev_"))
    done = start_elsewhere(data_dir)
    assert done.returncode == 0, done.stderr
    count, *problems = [line for line in done.stdout.splitlines() if line]
    assert count == "0" and len(problems) == 1 and "game.json" in problems[0]
    (aside,) = os.listdir(unfiled)  # set aside out of the folder's pattern: the thing itself
    assert aside.startswith("game.corrupt-") and not aside.endswith(".json")
    assert start_elsewhere(data_dir).stdout.split() == ["0"]  # quiet from now on


def test_a_linked_unfiled_folder_is_never_read_renamed_or_written_through(tmp_path):
    """N5: with unfiled/ a link to an outside folder, the game renamed every *.json there,
    deleted valid logs there and wrote its own unfiled games there."""
    data_dir, outside = tmp_path / "data", tmp_path / "outside"
    outside.mkdir()
    (outside / "junk.json").write_bytes(b"not json")
    (outside / "log.json").write_bytes(log_bytes(seed=3))
    before = {p.name: p.read_bytes() for p in outside.iterdir()}
    data_dir.mkdir()
    (data_dir / "unfiled").symlink_to(outside, target_is_directory=True)

    storage = open_storage(data_dir)
    assert len(storage.problems) == 1 and "unfiled" in storage.problems[0]
    assert "link" in storage.problems[0]
    assert storage.list_history() == []  # nothing read through the link
    # A finished game the records refuse now is kept in a folder of the data folder's own.
    lock = sqlite3.connect(storage.paths.records, timeout=0)
    lock.execute("BEGIN EXCLUSIVE")
    try:
        done = storage.record_finished(two_player_game(seed=5), SEATS, (), STARTED)
    finally:
        lock.rollback()
        lock.close()
    assert not done.saved and storage.unfiled_unkept() == 0
    assert {p.name: p.read_bytes() for p in outside.iterdir()} == before
    assert (data_dir / "unfiled").is_dir() and not (data_dir / "unfiled").is_symlink()
    assert (data_dir / f"unfiled.corrupt-{STAMP}").is_symlink()  # the link itself, kept


@pytest.mark.parametrize("name", ["copy of it.json", ".hidden.json", "renamed.json"])
def test_an_unfiled_game_is_removed_by_what_it_holds_not_by_its_name(data_dir, name):
    """N6: a file not named by its game's origin was filed but never removed, and read again
    at every start and every 5 s on the results screen."""
    unfiled = data_dir / "unfiled"
    unfiled.mkdir(parents=True)
    (unfiled / name).write_bytes(log_bytes(seed=3))
    storage = open_storage(data_dir)
    assert storage.problems == [] and len(storage.list_history()) == 1
    assert os.listdir(unfiled) == [] and storage.unfiled_count() == 0
    assert len(open_storage(data_dir).list_history()) == 1


def test_a_filed_game_that_cannot_be_removed_is_not_read_again(data_dir, monkeypatch):
    """A file read once and filed is not read again at every retry (every 5 s)."""
    from game.storage import reading

    unfiled = data_dir / "unfiled"
    unfiled.mkdir(parents=True)
    (unfiled / "a.json").write_bytes(log_bytes(seed=3))
    reads: list[str] = []
    read_bytes = reading.read_bytes

    def counting(path, *args, **kwargs):
        reads.append(Path(path).name)
        return read_bytes(path, *args, **kwargs)

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(reading, "read_bytes", counting)
    monkeypatch.setattr(os, "unlink", refused)  # a folder that lets no file be removed
    storage = open_storage(data_dir)
    assert reads.count("a.json") == 1 and len(storage.list_history()) == 1
    for _ in range(3):
        assert storage.file_unfiled(quiet=True) == 0
    assert reads.count("a.json") == 1 and storage.unfiled_count() == 0


def test_a_damaged_unfiled_file_is_set_aside_once(data_dir):
    """N7: it was set aside inside unfiled/ still ending in .json, so every start reported
    and renamed it again, the name growing until it was too long."""
    unfiled = data_dir / "unfiled"
    unfiled.mkdir(parents=True)
    (unfiled / "bad.json").write_bytes(b"{not json")
    first = open_storage(data_dir)
    assert len(first.problems) == 1
    for _ in range(3):
        assert open_storage(data_dir).problems == []
    assert os.listdir(unfiled) == [f"bad.corrupt-{STAMP}"]


def test_a_game_whose_origin_is_filed_but_holds_another_game_is_not_dropped_silently(
    data_dir,
):
    """A hand-edited save reusing a filed game's origin is never counted twice, but the
    different game it held was dropped without a word."""
    from tests.storage.test_storage_filing import finish, last_turn

    storage = open_storage(data_dir)
    pending = last_turn(seed=4)
    one, other = finish(pending, 0), finish(pending, 1)
    assert one.origin() == other.origin() and one.log != other.log
    assert storage.record_finished(one, SEATS, (), STARTED).new
    unfiled = data_dir / "unfiled"
    unfiled.mkdir()
    log_id = _history.log_id_for(FIXED_TIME, _history.fingerprint(other))
    record = _history.make_log_record(log_id, other, SEATS, (), FIXED_TIME, STARTED)
    (unfiled / "edited.json").write_text(json.dumps(record), "utf-8")
    again = open_storage(data_dir)
    assert len(again.list_history()) == 1
    assert again.problems == [
        f"The finished game {log_id} is the same game as one filed before, finished another "
        "way; it was kept aside in the records and is not counted twice."
    ]
    assert os.listdir(unfiled) == []  # kept in the records instead, and said once
    assert open_storage(data_dir).problems == []
    again.close()
    with sqlite3.connect(data_dir / "records.sqlite3") as con:
        kept = con.execute("SELECT kind, key FROM set_aside").fetchall()
    con.close()
    assert kept == [("game", log_id)]
