"""The last table (the setup's seats and match rules, for the next New game) and the profiles
a name played under becomes: written atomically, read back at the next start, a damaged
file kept aside and reported."""

from __future__ import annotations

import json

import pytest

from game.rules import StartOrder, TeamMode
from game.storage import LastTable, TableSeat

from .conftest import STAMP, open_storage

TABLE = LastTable(
    (
        TableSeat("Petra", "person", 3, 0),
        TableSeat("Ada", "expert", 1, 1),
        TableSeat("", "person", 5, 0),  # a name not typed yet is still a seat to show
    ),
    games=3,
    team_mode=TeamMode.COMBINED,
    start=StartOrder.SEATED,
    tie_breaker=True,
)


def test_a_fresh_folder_has_no_last_table(data_dir):
    storage = open_storage(data_dir)
    assert (storage.last_table, storage.problems) == (None, [])


def test_the_last_table_survives_a_restart(data_dir):
    storage = open_storage(data_dir)
    assert storage.save_last_table(TABLE)
    assert storage.last_table == TABLE
    again = open_storage(data_dir)
    assert (again.last_table, again.problems) == (TABLE, [])
    saved = json.loads((data_dir / "last-table.json").read_text())
    assert saved["format"] == 1 and saved["seats"][1] == {
        "name": "Ada",
        "kind": "expert",
        "colour": 1,
        "team": 1,
    }
    assert not [p.name for p in data_dir.iterdir() if ".tmp-" in p.name]  # written atomically


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"games": 0}, "a match is 1 to 6 games"),
        ({"seats": []}, "a table has 1 to 8 seats"),
        (
            {"seats": [{"name": "Ann", "kind": "wizard", "colour": 0, "team": 0}]},
            "a seat is one of",
        ),
        ({"seats": [{"name": "Ann", "kind": "person", "colour": 8, "team": 0}]}, "colour"),
        ({"seats": [{"name": "A" * 25, "kind": "person", "colour": 0, "team": 0}]}, "name"),
        ({"team_mode": "trios"}, "team_mode is not one of off, shared, combined"),
        ({"tie_breaker": "yes"}, "the tie-breaker is on or off"),
        ({"format": 2}, "it has format 2, this version reads 1"),
    ],
)
def test_a_damaged_last_table_is_kept_aside_and_the_setup_starts_from_defaults(
    data_dir, change, reason
):
    data_dir.mkdir()
    raw = json.dumps({**TABLE.to_dict(), **change}).encode()
    (data_dir / "last-table.json").write_bytes(raw)
    storage = open_storage(data_dir)
    assert storage.last_table is None
    (problem,) = storage.problems
    assert problem.startswith("The last table file last-table.json was damaged (")
    assert reason in problem
    assert problem.endswith(
        f"it was kept as last-table.corrupt-{STAMP}.json and the setup starts from its defaults."
    )
    assert (data_dir / f"last-table.corrupt-{STAMP}.json").read_bytes() == raw
    assert not (data_dir / "last-table.json").exists()
    assert open_storage(data_dir).problems == []  # told once


def test_a_name_played_under_becomes_a_profile_once(data_dir):
    storage = open_storage(data_dir)
    petra = storage.profile_for_name("Petra")
    assert petra is not None and petra.name == "Petra"
    assert storage.profile_for_name("PETRA") == petra  # found, not made twice
    assert storage.profile_for_name("CPU Bob") is None  # a CPU level's name: a guest
    assert [p.name for p in open_storage(data_dir).list_profiles()] == ["Petra"]
