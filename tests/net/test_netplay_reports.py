"""The netplay tool reads each process's report once into its typed record: a report written
reads back as it was, and a wrong shape is refused naming the field."""

from __future__ import annotations

import json

import pytest

from game.net.bot import FriendReport
from game.tools.netfuzz import FuzzReport
from game.tools.netplay_roles import friend_report, fuzz_report, host_report

HOST = {
    "matches": 2,
    "refused": {"stale": 1},
    "denied": {},
    "dropped": {"too_slow": 1},
    "records": [{"origin": "ab", "actions": 40}],
}


def through_json(value: object) -> object:
    return json.loads(json.dumps(value))


def test_each_report_reads_back_as_it_was_written():
    assert host_report(through_json(HOST)) == HOST
    bot = FriendReport(matches=1, desyncs=1, attacks=3, attacks_refused=3, round_trips=[0.25, 1])
    bot.refused["too_fast"], bot.links = 2, ["joined", "dropped"]
    written = {**bot.to_json(), "records": [{"origin": "ab"}]}
    read = friend_report(through_json(written))
    assert (read["desyncs"], read["attacks"], read["attacks_refused"]) == (1, 3, 3)
    assert read["round_trips"] == [0.25, 1.0] and read["refused"] == {"too_fast": 2}
    assert read["records"] == [{"origin": "ab"}] and read["finished"] == []
    assert (read["matches"], read["links"], read["unanswered"]) == (1, ["joined", "dropped"], [])
    fuzz = FuzzReport(unexpected=["a late hello"])
    fuzz.tried["flood"], fuzz.refused["flood"] = 2, 1
    assert fuzz_report(through_json(fuzz.to_json())) == {
        "tried": {"flood": 2},
        "refused": {"flood": 1},
        "unexpected": ["a late hello"],
    }


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("matches", "2", "matches must be a whole number"),
        ("refused", [], "refused must be an object"),
        ("denied", {"code": True}, "code must be a whole number"),
        ("records", {}, "records must be a list"),
        ("records", [1], "an item of records must be an object"),
    ],
)
def test_a_host_report_of_a_wrong_shape_is_refused_naming_the_field(field, value, reason):
    with pytest.raises(ValueError, match=reason):
        host_report({**HOST, field: value})


def test_a_friend_report_with_a_round_trip_that_is_not_a_number_is_refused():
    written = {**FriendReport().to_json(), "records": [], "round_trips": ["fast"]}
    with pytest.raises(ValueError, match="round_trips must be numbers"):
        friend_report(written)
