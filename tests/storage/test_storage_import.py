"""The one-time import of an older version's JSON records: nothing lost, figures unchanged,
never imported twice, the old files kept in imported-json/."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from game.storage import legacy

from .conftest import STARTED, open_storage
from .legacy_folder import legacy_figures, legacy_games, write_legacy_folder


@pytest.fixture
def old_folder(tmp_path: Path) -> tuple[Path, list[str], dict[str, bytes]]:
    """A data folder as the previous version left it; (folder, log ids, file bytes)."""
    folder = tmp_path / "data"
    ids = write_legacy_folder(folder)
    files = {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    return folder, ids, files


def test_import_keeps_every_game_figure_and_high_score(old_folder):
    folder, ids, files = old_folder
    stats_before, tables_before = legacy_figures(folder)
    assert set(stats_before) == {"Ann", "CPU Expert"} and stats_before["Ann"].games == 4

    storage = open_storage(folder)
    assert storage.problems == []
    assert [s.id for s in storage.list_history()] == ids[::-1]
    assert storage.all_stats() == stats_before
    assert storage.profile_stats("Ann") == stats_before["Ann"]
    for key, table in tables_before.items():
        variant, games = key.rsplit("-", 1)
        assert storage.high_scores(variant, int(games)) == table
    assert sorted(tables_before) == ["official-1", "official-2"]
    for log_id, (game, seats, assisted, _) in zip(ids, legacy_games(), strict=True):
        played = storage.load_log(log_id)
        # An old table-wide flag marks every person: who used the help was not kept.
        people = tuple(p for p, seat in enumerate(seats) if assisted and not seat.is_cpu)
        assert played.game.state == game.state and played.assisted == people
        assert played.seats == tuple(seats)
    # The old files are kept, byte for byte, out of the way; only profiles.json stays live.
    moved = {
        str(p.relative_to(folder / "imported-json")): p.read_bytes()
        for p in (folder / "imported-json").rglob("*")
        if p.is_file()
    }
    assert moved == {k: v for k, v in files.items() if k != "profiles.json"}
    assert not (folder / "history").exists() and not (folder / "stats.json").exists()


def test_the_import_happens_once(old_folder):
    folder, ids, _ = old_folder
    stats_before, _ = legacy_figures(folder)
    open_storage(folder).close()
    # An older copy of the game writes its files again: they are not counted twice.
    write_legacy_folder(folder)
    again = open_storage(folder)
    assert again.all_stats() == stats_before and len(again.list_history()) == len(ids)
    assert again.problems == []


def test_a_crash_after_the_import_before_the_move_counts_nothing_twice(old_folder, monkeypatch):
    folder, ids, _ = old_folder
    stats_before, _ = legacy_figures(folder)
    with monkeypatch.context() as patch:
        patch.setattr(legacy, "move_imported", lambda store, paths: None)  # killed here
        open_storage(folder).close()
    assert (folder / "stats.json").exists() and (folder / "history").is_dir()
    storage = open_storage(folder)
    assert storage.all_stats() == stats_before and len(storage.list_history()) == len(ids)
    assert not (folder / "stats.json").exists() and not (folder / "history").exists()
    with sqlite3.connect(folder / "records.sqlite3") as con:
        note = con.execute("SELECT value FROM meta WHERE key='json_import'").fetchone()[0]
    assert note == "2026-11-22T09:30:00+00:00: 5 logs"


def test_a_refused_import_leaves_the_files_and_is_tried_again(old_folder, monkeypatch):
    folder, ids, files = old_folder
    stats_before, _ = legacy_figures(folder)

    def refuse(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    with monkeypatch.context() as patch:
        patch.setattr(sqlite3, "connect", refuse)
        storage = open_storage(folder)
    assert storage.problems == [
        "The game records could not be saved: "
        "the disk is full. Free some space; the game tries again at the next change."
    ]
    assert (folder / "stats.json").read_bytes() == files["stats.json"]
    assert open_storage(folder).all_stats() == stats_before


def test_the_game_in_progress_finished_after_upgrading_is_not_filed_twice(old_folder):
    folder, ids, _ = old_folder
    game, seats, assisted, lost = legacy_games()[0]
    storage = open_storage(folder)
    before = storage.all_stats()
    done = storage.record_finished(game, seats, (), STARTED, lost)
    assert (done.history_id, done.new, done.saved) == (ids[0], False, True)
    assert storage.all_stats() == before


def test_a_damaged_old_file_is_set_aside_and_the_rest_imported(old_folder):
    folder, ids, _ = old_folder
    (folder / "stats.json").write_bytes(b"{ damaged")
    storage = open_storage(folder)
    assert len(storage.problems) == 1 and "stats.json" in storage.problems[0]
    assert storage.all_stats() == {}
    assert len(storage.list_history()) == len(ids)
    assert storage.high_scores("official")[0].name in {"Ann", "Solo"}
    # The statistics can be worked out again from the imported logs.
    assert storage.rebuild_stats() == len(ids)
    assert storage.profile_stats("Ann").games == 4
    assert storage.profile_stats("Ann").mean_points_lost == (6.5 + 2.0) / 2
