"""A friend's seats at network tables, kept in the data folder: newest first, one a table,
at most MAX_KEPT and none older than KEEP_DAYS; two copies of the game on one folder keep
each other's; a field out of bounds is a damaged file (the kinds of bad file are in
tests/storage/test_storage_hostile.py)."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from game.net.codes import read_invite
from game.net.seat_keys import KEEP_DAYS, MAX_KEPT, SeatKey, forget_seat, keep_seat, kept_seats
from game.storage import Storage

NOW = datetime.now(UTC).replace(microsecond=0)


def key(port: int, seat: int = 1, days_old: float = 0.0) -> SeatKey:
    invite = read_invite(f"yahtzee://192.168.1.20:{port}/K7QM-3XDA")
    kept = NOW - timedelta(days=days_old)
    return SeatKey(invite, f"Table {port}", seat, "Ann", 2, bytes([port % 256]) * 32, kept)


def storage(folder) -> Storage:
    return Storage(folder, environ={})


def test_kept_newest_first_one_a_table(tmp_path):
    s = storage(tmp_path)
    assert kept_seats(s) == []
    assert keep_seat(s, key(47001)) and keep_seat(s, key(47002))
    assert keep_seat(s, key(47001, seat=3))  # the same table again: its new seat, first
    assert [(k.invite.port, k.seat) for k in kept_seats(s)] == [(47001, 3), (47002, 1)]
    assert kept_seats(storage(tmp_path)) == kept_seats(s)  # read back as written
    assert forget_seat(s, key(47001).invite) and not forget_seat(s, key(47001).invite)
    assert [k.invite.port for k in kept_seats(s)] == [47002]
    assert s.problems == []


def test_at_most_max_kept_and_none_too_old(tmp_path):
    s = storage(tmp_path)
    keep_seat(s, key(47999, days_old=KEEP_DAYS + 1))
    keep_seat(s, key(47998, days_old=KEEP_DAYS - 1))
    for port in range(47000, 47000 + MAX_KEPT):
        keep_seat(s, key(port))
    ports = [k.invite.port for k in kept_seats(s)]
    assert ports == list(range(47000 + MAX_KEPT - 1, 46999, -1))  # the old ones dropped


def test_three_copies_on_one_folder_keep_each_others_seats(tmp_path):
    one, two, three = storage(tmp_path), storage(tmp_path), storage(tmp_path)
    keep_seat(one, key(47001))
    keep_seat(two, key(47002))
    keep_seat(three, key(47003))
    assert [k.invite.port for k in kept_seats(one)] == [47003, 47002, 47001]
    forget_seat(two, key(47001).invite)
    assert [k.invite.port for k in kept_seats(three)] == [47003, 47002]


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("token", "AAAA", "token must be base64 text of 32 to 32 bytes"),
        ("seat", 8, "seat must be a whole number from 0 to 7"),
        ("colour", -1, "colour must be a whole number from 0 to 7"),
        ("invite", "yahtzee://192.168.1.20/K7QM-3XDA", "an invite names the address"),
        ("kept", "2026-11-30T10:00:00", "kept must be a time with its offset from UTC"),
        ("table", "Ann\u0007", "table holds control characters"),
    ],
)
def test_a_field_out_of_bounds_sets_the_file_aside(tmp_path, field, value, reason):
    s = storage(tmp_path)
    keep_seat(s, key(47001))
    path = tmp_path / "network-seats.json"
    data = json.loads(path.read_text())
    data["seats"][0][field] = value
    path.write_text(json.dumps(data))
    again = storage(tmp_path)
    assert kept_seats(again) == []
    (problem,) = again.problems
    assert "network-seats.json" in problem and reason in problem
    assert not path.exists() and kept_seats(again) == [] and len(again.problems) == 1


def test_a_key_is_its_json_again():
    k = replace(key(47001), table="Åsa's bord", name="Åsa")
    assert SeatKey.from_json(json.loads(json.dumps(k.to_json()))) == k
