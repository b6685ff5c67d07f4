"""Atomic writes, interrupted writes, stale temporary files, setting bad files aside."""

from __future__ import annotations

import os
import time

import pytest

from game.storage import jsonfile
from game.storage.jsonfile import (
    TEMP_MARK,
    JsonStore,
    quarantine,
    remove_stale_temps,
    write_json,
)
from game.storage.reading import MAX_FILE_BYTES, BadFile, read_json

from .conftest import FIXED_TIME, STAMP, fixed_clock, open_storage


def test_write_then_read_round_trip(tmp_path):
    data = {"format": 1, "text": "Zoë ⚀", "n": [1, 2.5, None, True]}
    write_json(tmp_path / "a.json", data)
    assert read_json(tmp_path / "a.json").data == data
    assert os.listdir(tmp_path) == ["a.json"]


def test_many_writes_leave_no_temp_files(tmp_path):
    for i in range(50):
        write_json(tmp_path / "a.json", {"format": 1, "i": i})
    assert os.listdir(tmp_path) == ["a.json"]
    assert read_json(tmp_path / "a.json").data == {"format": 1, "i": 49}


def test_nan_is_refused_before_the_disk_is_touched(tmp_path):
    with pytest.raises(ValueError, match="not storable"):
        write_json(tmp_path / "a.json", {"x": float("nan")})
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_interrupted_write_keeps_the_old_file(tmp_path, monkeypatch, failing):
    path = tmp_path / "a.json"
    write_json(path, {"format": 1, "v": "old"})
    before = path.read_bytes()

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, boom)
    with pytest.raises(OSError, match="No space"):
        write_json(path, {"format": 1, "v": "new"})
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["a.json"]


def test_interrupted_settings_save_is_reported_not_raised(data_dir, monkeypatch):
    storage = open_storage(data_dir)
    assert storage.save_settings(storage.settings.replace(text_scale=1.5))
    before = storage.paths.settings.read_bytes()

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    assert storage.save_settings(storage.settings.replace(text_scale=2.0)) is False
    monkeypatch.undo()
    assert storage.problems == [
        "The settings could not be saved: "
        "the disk is full. Free some space; the game tries again at the next change."
    ]
    assert storage.paths.settings.read_bytes() == before
    assert sorted(os.listdir(data_dir)) == ["settings.json"]
    assert open_storage(data_dir).settings.text_scale == 1.5


def test_quarantine_names_never_overwrite(tmp_path):
    for i in range(3):
        (tmp_path / "stats.json").write_bytes(b"bad %d" % i)
        moved = quarantine(tmp_path / "stats.json", FIXED_TIME)
        assert moved.read_bytes() == b"bad %d" % i
    assert sorted(os.listdir(tmp_path)) == [
        f"stats.corrupt-{STAMP}-2.json",
        f"stats.corrupt-{STAMP}-3.json",
        f"stats.corrupt-{STAMP}.json",
    ]
    assert (tmp_path / f"stats.corrupt-{STAMP}.json").read_bytes() == b"bad 0"


def test_store_load_reports_one_line_and_keeps_the_bytes(tmp_path):
    store = JsonStore(clock=fixed_clock)
    (tmp_path / "x.json").write_bytes(b"{oops")
    assert store.load(tmp_path / "x.json", 1, dict, "test") is None
    assert store.problems == [
        "The test file x.json was damaged (it is not valid JSON (Expecting property name "
        f"enclosed in double quotes)); it was kept as x.corrupt-{STAMP}.json and defaults are used."
    ]
    assert (tmp_path / f"x.corrupt-{STAMP}.json").read_bytes() == b"{oops"


def test_a_validator_crash_is_contained(tmp_path):
    store = JsonStore(clock=fixed_clock)
    write_json(tmp_path / "x.json", {"format": 1})

    def buggy(data):
        return data["missing"]

    assert store.load(tmp_path / "x.json", 1, buggy, "test") is None
    assert len(store.problems) == 1
    assert (tmp_path / f"x.corrupt-{STAMP}.json").exists()


def test_oversized_file_is_refused_without_reading(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as out:
        out.truncate(MAX_FILE_BYTES + 1)  # sparse: huge on paper, nothing to read
    with pytest.raises(BadFile, match="too big"):
        read_json(path)


def test_pipe_is_refused_without_opening(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    os.mkfifo(tmp_path / "p.json")
    with pytest.raises(BadFile, match="not a regular file"):
        read_json(tmp_path / "p.json")


def test_moderately_deep_nesting_is_refused(tmp_path):
    (tmp_path / "d.json").write_text('{"format": 1, "x": ' + "[" * 200 + "]" * 200 + "}")
    with pytest.raises(BadFile, match="nested too deeply"):
        read_json(tmp_path / "d.json")


def test_stale_temp_of_a_dead_writer_is_removed(tmp_path):
    dead = tmp_path / f"current.json{TEMP_MARK}999999999-abcd"
    dead.write_bytes(b"half")
    mine = tmp_path / f"current.json{TEMP_MARK}{os.getpid()}-abcd"
    mine.write_bytes(b"in progress")
    removed = remove_stale_temps(tmp_path)
    assert removed == [dead]
    assert sorted(os.listdir(tmp_path)) == [mine.name]
    # Old enough, even a live writer's temp file is abandoned.
    assert remove_stale_temps(tmp_path, now=time.time() + jsonfile.STALE_TEMP_AGE + 1) == [mine]


def test_storage_start_removes_stale_temps(data_dir):
    data_dir.mkdir()
    (data_dir / f"x.json{TEMP_MARK}999999999-0000").write_bytes(b"{")
    storage = open_storage(data_dir)
    assert storage.problems == []
    assert not [name for name in os.listdir(data_dir) if TEMP_MARK in name]


def test_unmovable_bad_file_is_never_overwritten(tmp_path, monkeypatch):
    store = JsonStore(clock=fixed_clock)
    path = tmp_path / "x.json"
    path.write_bytes(b"garbage")

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(jsonfile, "quarantine", refuse)
    assert store.load(path, 1, dict, "test") is None
    assert store.save(path, {"format": 1}, "test") is False
    assert path.read_bytes() == b"garbage"
    assert len(store.problems) == 1
    assert "could not be moved aside (Permission denied)" in store.problems[0]


def test_a_failing_save_is_reported_once_until_it_works_again(data_dir, monkeypatch):
    storage = open_storage(data_dir)
    real_replace = os.replace

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    for _ in range(3):
        assert storage.save_settings(storage.settings) is False
    assert storage.take_problems() == [
        "The settings could not be saved: "
        "the disk is full. Free some space; the game tries again at the next change."
    ]
    assert storage.save_settings(storage.settings) is False
    assert storage.problems == []  # still failing: not told again
    monkeypatch.setattr(os, "replace", real_replace)
    assert storage.save_settings(storage.settings) is True
    monkeypatch.setattr(os, "replace", boom)
    assert storage.save_settings(storage.settings) is False
    assert storage.take_problems() == [
        "The settings could not be saved: "
        "the disk is full. Free some space; the game tries again at the next change."
    ]
