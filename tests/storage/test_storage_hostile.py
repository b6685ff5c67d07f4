"""Every file kind against every kind of bad file: reported, kept aside byte for byte,
defaults used, nothing raised, and the next start is quiet. The JSON kinds are the live files
(settings, game in progress, profiles, a friend's seats at network tables); the records
database has its own cases in test_storage_records.py, and a log in it that does not replay
is refused here."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from game.net.codes import read_invite
from game.net.seat_keys import SeatKey, keep_seat, kept_seats
from game.storage import Settings, Storage
from game.storage.records import pack, unpack

from .conftest import SEATS, STAMP, STARTED, open_storage, two_player_game

KINDS = ("settings", "current", "profiles", "net_seats")

# Per kind: a path into the file's JSON to a value the validation checks, for mutations.
TARGETS = {
    "settings": ("sound_volume",),
    "current": ("seats", 0, "colour"),
    "profiles": ("profiles", 0, "name"),
    "net_seats": ("seats", 0, "seat"),
}
HUGE_INT = "1" + "0" * 400
SEAT_KEY = SeatKey(
    read_invite("yahtzee://192.168.1.20:47474/K7QM-3XDA"),
    "Bob's table",
    1,
    "Ann",
    3,
    bytes(range(32)),
    datetime.now(UTC).replace(microsecond=0),
)


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> dict[str, tuple[str, bytes]]:
    """One good file of each kind: kind -> (path relative to the data folder, bytes)."""
    folder = tmp_path_factory.mktemp("source")
    storage = open_storage(folder)
    storage.save_settings(storage.settings.replace(sound_volume=0.3, muted=True))
    storage.create_profile("Ann")
    done = storage.record_finished(two_player_game(seed=3), SEATS, (), STARTED)
    storage.save_game(two_player_game(seed=4, limit=30), SEATS, (), STARTED)
    assert keep_seat(storage, SEAT_KEY) and kept_seats(storage) == [SEAT_KEY]
    assert storage.problems == [] and done.high_score_places == {0: 1}
    storage.close()
    files = {
        "settings": "settings.json",
        "current": "current.json",
        "profiles": "profiles.json",
        "records": "records.sqlite3",
        "net_seats": "network-seats.json",
    }
    return {kind: (name, (folder / name).read_bytes()) for kind, name in files.items()}


def _set(doc: object, path: tuple, value: object) -> None:
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


def _mutated(raw: bytes, path: tuple, value: object) -> bytes:
    doc = json.loads(raw)
    _set(doc, path, value)
    return json.dumps(doc).encode()


def hostile_bytes(case: str, kind: str, raw: bytes) -> bytes | None:
    """The bad contents for a case (None: the case puts a folder there instead)."""
    target = TARGETS[kind]
    if case == "truncated":
        return raw[: len(raw) // 2]
    if case == "empty":
        return b""
    if case == "not_json":
        return b"{this is not json,"
    if case == "binary":
        return bytes(range(256)) * 8
    if case == "utf16":
        return raw.decode().encode("utf-16")
    if case == "array":
        return b"[1, 2, 3]"
    if case == "wrong_version":
        return _mutated(raw, ("format",), 99)
    if case == "no_version":
        doc = json.loads(raw)
        del doc["format"]
        return json.dumps(doc).encode()
    if case == "float_1e308":
        return _mutated(raw, target, 1e308)
    if case == "float_overflow":
        return _mutated(raw, target, "@@").replace(b'"@@"', b"1e999")
    if case == "int_10_400":
        return _mutated(raw, target, "@@").replace(b'"@@"', HUGE_INT.encode())
    if case == "nan":
        return _mutated(raw, target, "@@").replace(b'"@@"', b"NaN")
    if case == "wrong_type":
        return _mutated(raw, target, ["not", "this"])
    if case == "deep_nesting":
        return b"[" * 100_000
    if case == "deep_value":
        return _mutated(raw, target, "@@").replace(b'"@@"', b"[" * 500 + b"]" * 500)
    if case == "six_megabytes":
        doc = json.loads(raw)
        doc["padding"] = "x" * (6 * 1024 * 1024)
        return json.dumps(doc).encode()
    if case == "null":
        return b"null"  # N10: taken as no file, and the settings overwritten at exit
    if case == "directory":
        return None
    raise AssertionError(case)


CASES = (
    "truncated",
    "empty",
    "not_json",
    "binary",
    "utf16",
    "array",
    "wrong_version",
    "no_version",
    "float_1e308",
    "float_overflow",
    "int_10_400",
    "nan",
    "wrong_type",
    "deep_nesting",
    "deep_value",
    "six_megabytes",
    "null",
    "directory",
)
# Settings keep their good fields when only one field is bad (the rest of the file is fine).
SALVAGED = {("settings", "float_1e308"), ("settings", "wrong_type")}


def load_everything(storage: Storage) -> None:
    """What the game does with its files: construction loaded the rest already."""
    storage.load_current()
    kept_seats(storage)  # (read as the join screen opens)
    for summary in storage.list_history():
        storage.load_log(summary.id)


def assert_defaults(storage: Storage, kind: str) -> None:
    if kind == "settings":
        assert storage.settings == Settings()
    elif kind == "current":
        assert storage.load_current() is None
    elif kind == "profiles":
        assert storage.list_profiles() == []
    elif kind == "net_seats":
        assert kept_seats(storage) == []


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("kind", KINDS)
def test_bad_file(tmp_path: Path, source, kind: str, case: str):
    folder = tmp_path / "data"
    for name, raw in source.values():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(raw)
    name, raw = source[kind]
    path = folder / name
    bad = hostile_bytes(case, kind, raw)
    path.unlink()
    if bad is None:
        path.mkdir()
        (path / "inside.txt").write_bytes(b"keep me")
    else:
        path.write_bytes(bad)

    storage = open_storage(folder)
    load_everything(storage)

    assert len(storage.problems) == 1, storage.problems
    message = storage.problems[0]
    stem = path.name[: -len(".json")]
    aside = path.with_name(f"{stem}.corrupt-{STAMP}.json")
    assert path.name in message and aside.name in message and "\n" not in message
    if bad is None:
        assert aside.is_dir() and (aside / "inside.txt").read_bytes() == b"keep me"
    else:
        assert aside.read_bytes() == bad
    if (kind, case) in SALVAGED:
        assert storage.settings == Settings().replace(muted=True)
        assert path.is_file()  # the repaired settings were written back
    else:
        assert not os.path.lexists(path)
        assert_defaults(storage, kind)
    # The other files were not disturbed.
    if kind != "profiles":
        assert [p.name for p in storage.list_profiles()] == ["Ann"]
    # Nothing else was set aside, and the next start has nothing to report.
    corrupt = [p for p in folder.rglob("*") if ".corrupt-" in p.name]
    assert corrupt == [aside]
    again = open_storage(folder)
    load_everything(again)
    assert again.problems == []


def test_a_second_bad_file_gets_its_own_name(tmp_path, source):
    folder = tmp_path / "data"
    folder.mkdir()
    for raw in (b"one", b"two"):
        (folder / "profiles.json").write_bytes(raw)
        storage = open_storage(folder)
        assert len(storage.problems) == 1
    assert (folder / f"profiles.corrupt-{STAMP}.json").read_bytes() == b"one"
    assert (folder / f"profiles.corrupt-{STAMP}-2.json").read_bytes() == b"two"


def test_a_log_that_does_not_replay_is_refused(tmp_path, source):
    folder = tmp_path / "data"
    folder.mkdir()
    name, raw = source["records"]
    (folder / name).write_bytes(raw)
    with contextlib.closing(sqlite3.connect(folder / name)) as con, con:
        log_id, rowid = con.execute("SELECT id, rowid FROM games").fetchone()
        (blob,) = con.execute("SELECT data FROM logs WHERE game=?", (rowid,)).fetchone()
        game = unpack(blob)
        game["log"][-1] = ["score", "CHANCE"]  # a box already filled, or another turn's
        con.execute("UPDATE logs SET data=? WHERE game=?", (pack(game), rowid))
    storage = open_storage(folder)
    assert [s.id for s in storage.list_history()] == [log_id]  # the summary looks fine
    assert storage.load_log(log_id) is None
    assert len(storage.problems) == 1 and "does not" in storage.problems[0]
    assert storage.list_history() == []
    # Kept, with the reason, in the records' set_aside table.
    storage.close()
    with sqlite3.connect(folder / "records.sqlite3") as con:
        kept = con.execute("SELECT kind, key, reason FROM set_aside").fetchall()
    assert kept == [("game", log_id, storage.problems[0].split("(", 1)[1].split(");")[0])]


def test_hostile_extra_in_a_saved_game(tmp_path, source):
    folder = tmp_path / "data"
    folder.mkdir()
    name, raw = source["current"]
    doc = json.loads(raw)
    doc["extra"] = {"deep": json.loads("[" * 40 + "]" * 40)}
    (folder / name).write_bytes(json.dumps(doc).encode())
    storage = open_storage(folder)
    assert storage.load_current() is None
    assert "nested too deeply" in storage.problems[0]
    shutil.rmtree(folder)


@pytest.mark.parametrize("bad", ["Ann\u0000", "A\u034fnn", "A\u200bnn", "مرحبا"])
@pytest.mark.parametrize("kind", ["current", "profiles", "net_seats"])
def test_a_name_no_one_could_type_is_a_bad_file(tmp_path: Path, source, kind: str, bad: str):
    """A NUL (or an invisible character, or a script the font cannot draw) in a name read
    from a file: the file is set aside and reported like any damaged file, as a typed name
    would have been refused; nothing raises, and nothing of it reaches the screen."""
    folder = tmp_path / "data"
    for name, raw in source.values():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(raw)
    name, raw = source[kind]
    assert b'"Ann"' in raw
    spoiled = raw.replace(b'"Ann"', json.dumps(bad).encode())
    (folder / name).write_bytes(spoiled)
    storage = open_storage(folder)
    load_everything(storage)
    assert len(storage.problems) == 1, storage.problems
    stem = (folder / name).name[: -len(".json")]
    aside = (folder / name).with_name(f"{stem}.corrupt-{STAMP}.json")
    assert aside.read_bytes() == spoiled and not os.path.lexists(folder / name)
    assert_defaults(storage, kind)


@pytest.mark.skipif(os.name == "nt", reason="FIFOs and /dev are POSIX")
@pytest.mark.parametrize("case", ["fifo", "link_outside", "link_dev_zero", "link_dangling"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_pipe_or_a_link_in_place_of_a_file(tmp_path: Path, source, kind: str, case: str):
    """Never opened, never followed out of the data folder: the link itself (or the pipe)
    is set aside, its target untouched, and the defaults are used."""
    folder, outside = tmp_path / "data", tmp_path / "outside.json"
    for name, raw in source.values():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(raw)
    name, raw = source[kind]
    path = folder / name
    path.unlink()
    outside.write_bytes(raw)  # a good file of the kind: following the link would use it
    if case == "fifo":
        os.mkfifo(path)
    else:
        targets = {"link_outside": outside, "link_dev_zero": Path("/dev/zero")}
        path.symlink_to(targets.get(case, tmp_path / "nowhere.json"))
    storage = open_storage(folder)
    load_everything(storage)
    assert len(storage.problems) == 1, storage.problems
    stem = path.name[: -len(".json")]
    aside = path.with_name(f"{stem}.corrupt-{STAMP}.json")
    assert aside.is_symlink() or aside.is_fifo()
    assert not os.path.lexists(path)
    assert_defaults(storage, kind)
    assert outside.read_bytes() == raw
    storage.save_settings(storage.settings)  # as at exit: nothing written through
    assert outside.read_bytes() == raw
