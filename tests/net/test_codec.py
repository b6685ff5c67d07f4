"""Every message to JSON and back, and what a hostile peer's JSON gets: a ProtocolError."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.match.seats import Seat
from game.net import codec, wire
from game.net import messages as m
from game.net.moves import Move, ThrowRecord
from game.net.wire import ProtocolError
from game.rules import Category, GameConfig, Hold, Roll, Score

TABLE = m.TableView(
    "Ann's table",
    {"variant": "official", "team_mode": "off", "teams": [], "start": "roll_off",
     "tie_breaker": False, "games": 1, "forced_order": False},
    (m.SeatView("friend", "Ann", 3), m.SeatView("cpu", "Bot", 1, "hard"),
     m.SeatView("open", None, 2)),
    True,
)  # fmt: skip
MATCH = m.MatchView(
    GameConfig(("Ann", "Bot", "Eve")),
    (Seat("Ann", colour=3), Seat("Bot", "hard", 1), Seat("Eve", colour=2)),
    (0,),
    "2026-11-22T09:00:00+00:00",
    12345,
    "ab" * 32,
    4,
    (Move(0, 0, Roll(), (1, 2, 3, 4, 5), ThrowRecord(1, {"steps": [[0.5, 1.0]]})),
     Move(1, 0, Hold(2))),
    "cd" * 16,
)  # fmt: skip
FRIENDS = [
    m.Join(0, "Ann", 3),
    m.Join(None, "", 0, b"t" * 32),
    m.Join(None, "", 0, None, True),
    m.Act(1, 0, Score(Category.CHANCE)),
    m.Undo(2, 5),
    m.React(3, "nice"),
    m.Helped(4),
    m.Sync(5),
    m.Leave(),
]
HOSTS = [
    m.Welcome(0, b"k" * 32, TABLE, MATCH),
    m.Welcome(None, None, TABLE, None),
    m.TableChanged(TABLE),
    m.Started(MATCH),
    m.Moved(5, Move(2, 0, Roll(), (1, 1, 3, 4, 5)), "ef" * 16, 7),
    m.Undone(6, 1, "ef" * 16, None),
    m.Marked(2),
    m.Reacted(1, "wow"),
    m.Refused(3, "stale"),
    m.Revealed({"format": 1}, (0, 2)),
    m.Closed("host_quit", True),
]
HANDSHAKES = [
    m.Hello(1, "0.1.0", b"A" * 33),
    m.Denied("version", 1, "0.1.0"),
    m.Pake(b"B" * 33),
    m.Confirm(b"c" * 32),
]


@pytest.mark.parametrize("message", FRIENDS, ids=lambda x: type(x).__name__)
def test_a_friends_message_comes_back_as_it_was_sent(message):
    assert codec.decode_friend(codec.encode(message)) == message


@pytest.mark.parametrize("message", HOSTS, ids=lambda x: type(x).__name__)
def test_a_hosts_message_comes_back_as_it_was_sent(message):
    assert codec.decode_host(codec.encode(message)) == message


@pytest.mark.parametrize("message", HANDSHAKES, ids=lambda x: type(x).__name__)
def test_a_handshake_message_comes_back_as_it_was_sent(message):
    assert codec.decode_handshake(codec.encode(message).decode()) == message


def test_a_hello_of_another_protocol_is_read_for_its_versions_alone():
    hello = {"t": "hello", "protocol": 7, "game": "9.0", "something": "new", "pake": None}
    assert codec.decode_handshake(json.dumps(hello)) == m.Hello(7, "9.0", b"")


def test_each_side_reads_only_its_peers_messages():
    with pytest.raises(ProtocolError):
        codec.decode_friend(codec.encode(m.Marked(1)))
    with pytest.raises(ProtocolError):
        codec.decode_host(codec.encode(m.Sync(1)))


@pytest.mark.parametrize(
    "data",
    [
        {"t": "act", "id": 1, "at": 0, "action": ["roll"], "extra": 1},
        {"t": "act", "id": 0, "at": 0, "action": ["roll"]},
        {"t": "act", "id": 1, "at": 0, "action": ["hold", True]},
        {"t": "act", "id": 1.0, "at": 0, "action": ["roll"]},
        {"t": "join", "seat": 0, "name": "Ann\n", "colour": 0, "token": None, "watch": False},
        {"t": "join", "seat": 0, "name": "Ann", "colour": 8, "token": None, "watch": False},
        {"t": "join", "seat": 0, "name": "Ann", "colour": 0, "token": "dA", "watch": False},
        {"t": "join", "seat": 0, "name": "Ann", "colour": 0, "token": None, "watch": "no"},
        {"t": "react", "id": 1, "reaction": "free text"},
    ],
)
def test_a_malformed_intent_is_refused(data):
    with pytest.raises(ProtocolError):
        codec.decode_friend(json.dumps(data).encode())


def test_a_message_over_the_size_limit_is_refused_before_it_is_read():
    big = json.dumps({"t": "leave", "pad": "x" * m.FRIEND_FRAME}).encode()
    with pytest.raises(ProtocolError, match="over"):
        codec.decode_friend(big)


def test_a_hosts_match_must_hold_together():
    good = codec.to_json(m.Started(MATCH))
    for change in (
        lambda d: d["match"]["seats"].pop(),  # a seat short
        lambda d: d["match"]["moves"][1].update(i=5),  # moves out of order
        lambda d: d["match"]["moves"][0].update(dice=[1, 2, 3, 4, 7]),  # a seven
        lambda d: d["match"]["moves"][0].update(dice=[1, 2, 3]),
        lambda d: d["match"]["moves"][1].update(a=["hold", 5]),
        lambda d: d["match"]["seats"][0].update(profile="Ann"),  # the host's profiles stay home
        lambda d: d["match"].update(commitment="AB" * 32),
        lambda d: d["match"]["moves"][0]["throw"].update(data=[[[[[[[[1]]]]]]]]),  # too deep
    ):
        data = json.loads(json.dumps(good))
        change(data)
        with pytest.raises(ProtocolError):
            codec.decode_host(json.dumps(data).encode())


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["act", "join", "undo", "react", "sync", "leave", "helped", "moved",
                     "welcome", "x"]),
    st.dictionaries(st.sampled_from(["id", "at", "action", "seat", "name", "colour", "token",
                                     "watch", "reaction", "step", "move", "digest", "reply",
                                     "table", "match", "you"]), json_values, max_size=8),
)  # fmt: skip
def test_any_json_is_a_message_or_a_protocol_error_never_a_crash(kind, fields):
    data = json.dumps({"t": kind, **fields}).encode()
    for decode in (codec.decode_friend, codec.decode_host):
        with contextlib.suppress(ProtocolError):  # anything else fails the test
            decode(data)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_are_a_message_or_a_protocol_error(data):
    for decode in (codec.decode_friend, codec.decode_host, codec.decode_handshake):
        with contextlib.suppress(ProtocolError):  # anything else fails the test
            decode(data)


@pytest.mark.parametrize(
    ("read", "data", "reason"),
    [
        (lambda d: wire.integer(d, "id", 1, 9), {"id": True}, "id must be a whole number from 1"),
        (lambda d: wire.int_list(d, "dice", 5, 1, 6), {"dice": [1, 7]}, "dice holds whole num"),
        (lambda d: wire.int_list(d, "dice", 2, 1, 6), {"dice": [1, 2, 3]}, "dice must be a list"),
        (lambda d: wire.items(d, "moves", 9), {"moves": {}}, "moves must be a list"),
        (
            lambda d: wire.obj(
                d,
                "game",
            ),
            {"game": []},
            "game must be an object",
        ),
        (lambda d: wire.text(d, "name", 5), {"name": "Ann\n"}, "name holds control characters"),
        (lambda d: wire.boolean(d, "watch"), {}, "watch must be true or false"),
    ],
)
def test_each_field_reader_refuses_a_wrong_shape_naming_the_field(read, data, reason):
    with pytest.raises(wire.ProtocolError, match=reason):
        read(data)


def test_the_field_readers_give_typed_values():
    data = wire.parse_json(b'{"dice": [1, 6], "game": {"a": 1}, "moves": [[]]}', 100)
    assert wire.int_list(data, "dice", 5, 1, 6) == (1, 6)
    assert wire.obj(data, "game") == {"a": 1} and wire.items(data, "moves", 1) == [[]]
