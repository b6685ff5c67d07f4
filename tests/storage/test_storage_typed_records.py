"""Each file format is parsed once into a typed record: a record written and read back through
JSON is the record it was, and each parser refuses each wrong shape with a message naming the
field (the message a player reads in the set-aside note)."""

from __future__ import annotations

import copy
import json
from datetime import datetime

import pytest

from game.json_types import as_list, as_object
from game.rules import StartOrder, TeamMode
from game.storage import LastTable, SavedGame, TableSeat, make_session_record
from game.storage.entries import check_entry, entries_for_game
from game.storage.history import make_log_record, parse_log
from tests.damage import damaged

from .conftest import FIXED_TIME, SEATS, STARTED, two_player_game


def through_json(value: object) -> object:
    return json.loads(json.dumps(value))


# ----------------------------------------------------------------------------- the edge's checks
def test_an_object_or_a_list_is_taken_as_it_is_and_anything_else_named():
    data = {"a": [1]}
    assert as_object(data, what="x") is data
    assert as_list(data["a"], what="y", most=1) is data["a"]
    with pytest.raises(ValueError, match="^the seats must be an object$"):
        as_object([1], what="the seats")
    with pytest.raises(ValueError, match="^rows must be a list$"):
        as_list({"a": 1}, what="rows")
    with pytest.raises(ValueError, match="^rows must be a list of at most 1$"):
        as_list([1, 2], what="rows", most=1)


# ----------------------------------------------------------------------------- a saved game
def saved_record(**extra: object) -> dict:
    game = two_player_game(seed=11, limit=20)
    record = make_session_record(game, SEATS, (0,), STARTED, extra, saved=FIXED_TIME)
    return through_json(record)


def test_a_saved_game_round_trips_through_its_json():
    game = two_player_game(seed=11, limit=20)
    saved = SavedGame.from_dict(saved_record(seed=77, scene="table"))
    assert saved.game.state == game.state and saved.game.log == game.log
    assert saved.seats == SEATS and saved.assisted == (0,)
    assert (saved.started, saved.saved) == (datetime.fromisoformat(STARTED), FIXED_TIME)
    assert saved.extra == {"seed": 77, "scene": "table"} and saved.seed == 77


@pytest.mark.parametrize("seed", [None, True, "77", 1.5])
def test_a_saved_seed_that_is_not_a_whole_number_is_no_seed(seed):
    assert SavedGame.from_dict(saved_record(seed=seed)).seed is None


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        (None, [], "a saved game must be an object"),
        ("format", 2, "unknown saved game format 2"),
        ("game", "a game", "a saved game must be an object"),
        ("seats", {}, "seats must be a list"),
        ("seats", [], "there are 0 seats for 2 players"),
        ("assisted", [5], "assisted must be a list of player numbers"),
        ("assisted", "yes", "assisted must be a list of player numbers"),
        ("started", 12, "started must be an ISO date and time"),
        ("saved", "noon", "saved is not an ISO date and time"),
        ("extra", [], "extra must be an object"),
    ],
)
def test_a_saved_game_of_a_wrong_shape_is_refused_naming_the_field(field, value, reason):
    record = saved_record() if field is not None else value
    if field is not None:
        record[field] = value
    with pytest.raises(ValueError, match=reason):
        SavedGame.from_dict(record)


# ----------------------------------------------------------------------------- a history log
def test_a_history_log_round_trips_through_its_json():
    game = two_player_game(seed=5)
    log_id = "20261122-093000-0123456789ab"
    record = make_log_record(log_id, game, SEATS, (1,), FIXED_TIME, STARTED, {0: 2.5})
    log = parse_log(as_object(through_json(record), what="a log"), log_id)
    assert (log.id, log.date, log.started) == (log_id, FIXED_TIME, datetime.fromisoformat(STARTED))
    assert log.game.state == game.state and log.seats == SEATS
    assert (log.assisted, log.expected_lost) == ((1,), (2.5, None))
    assert log.totals == game.state.match_totals()


# ----------------------------------------------------------------------------- statistics entries
HID = "20261122-093000-0123456789ab"


def an_entry() -> dict:
    game = two_player_game(seed=9)
    (entry,) = entries_for_game(HID, STARTED, game, ["Ann", "CPU Expert"], (0,), [20.0, None])
    return entry


def test_a_statistics_entry_round_trips_through_its_json():
    entry = an_entry()
    assert check_entry(through_json(entry)) == entry
    assert [row["assisted"] for row in entry["rows"]] == [True, False]
    assert [row["lost"] for row in entry["rows"]] == [20.0, None]


def test_an_older_entry_marks_every_row_with_its_tables_one_flag():
    entry = through_json(an_entry())
    entry["assisted"] = True  # written before help was marked per player
    for row in entry["rows"]:
        del row["assisted"]
    checked = check_entry(entry)
    assert [row["assisted"] for row in checked["rows"]] == [True, True]
    assert "assisted" not in checked


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("id", "yesterday", "an entry needs a history id"),
        ("game", 6, "game must be a whole number from 0 to 5"),
        ("date", 1, "date must be an ISO date and time"),
        ("variant", "poker", "unknown variant"),
        ("games", 0, "games must be 1 to 6"),
        ("games", True, "games must be a whole number"),
        ("assisted", "no", "assisted must be true or false"),
        ("contested", 1, "contested must be true or false"),
        ("rows", [], "an entry has 1 to 8 rows"),
        ("rows", ["Ann"], "a row must be an object"),
    ],
)
def test_an_entry_of_a_wrong_shape_is_refused_naming_the_field(field, value, reason):
    entry = through_json(an_entry())
    entry[field] = value
    with pytest.raises(ValueError, match=reason):
        check_entry(entry)


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("name", "", "the name ''"),
        ("side", 8, "side must be a whole number from 0 to 7"),
        ("score", -1, "score must be a whole number from 0 to 1575"),
        ("total", "300", "total must be a whole number"),
        ("won", None, "won must be true or false"),
        ("share", 2, "share must be from 0 to 1"),
        ("bonus", 0, "bonus must be true or false"),
        ("yahtzee", "no", "yahtzee must be true or false"),
        ("chips", 13, "chips must be a whole number from 0 to 12"),
        ("lost", float("inf"), "lost must be from 0 to 10000"),
        ("assisted", 1, "assisted must be true or false"),
    ],
)
def test_a_row_of_a_wrong_shape_is_refused_naming_the_field(field, value, reason):
    entry = copy.deepcopy(an_entry())
    entry["rows"][1][field] = value
    with pytest.raises(ValueError, match=reason):
        check_entry(entry)


# ----------------------------------------------------------------------------- the last table
TABLE = LastTable(
    (TableSeat("Petra", "person", 3, 0), TableSeat("Ada", "expert", 1, 1, "fast")),
    games=2,
    team_mode=TeamMode.SHARED,
    start=StartOrder.SEATED,
    forced_order=True,
)


def test_the_last_table_round_trips_through_its_json():
    assert LastTable.from_dict(as_object(through_json(TABLE.to_dict()), what="x")) == TABLE


@pytest.mark.parametrize(
    ("seat", "field", "value", "reason"),
    [
        (None, "seats", {}, "seats must be a list"),
        (None, "games", "2", "a match is 1 to 6 games"),
        (None, "games", True, "a match is 1 to 6 games"),
        (None, "tie_breaker", None, "the tie-breaker is on or off"),
        (None, "forced_order", 1, "forced order is on or off"),
        (None, "start", "eldest", "start is not one of"),
        (0, None, "Petra", "a seat must be an object"),
        (0, "name", 7, "a seat's name 7"),
        (0, "kind", ["person"], "a seat is one of"),
        (0, "colour", "red", "a seat's colour is a whole number"),
        (1, "team", False, "a seat's team is a whole number"),
        (1, "pace", 2, "a seat's pace is one of"),
    ],
)
def test_a_last_table_of_a_wrong_shape_is_refused_naming_the_field(seat, field, value, reason):
    data = as_object(through_json(TABLE.to_dict()), what="x")
    with pytest.raises(ValueError, match=reason):
        LastTable.from_dict(as_object(damaged(data, seat, field, value), what="x"))
