"""What a network table keeps: the host's match saved with its table after every move and
opened again, and a friend's followed match filed in the friend's own history."""

from __future__ import annotations

import json

import pytest

from game.net import messages as m
from game.net.authority import Authority
from game.net.keep import (
    KeptTable,
    file_finished,
    resume_table,
    saving_sessions,
    table_record,
)
from game.net.seating import token_hash
from game.storage import Storage
from tests.damage import damaged

from .conftest import plan
from .inproc import Table


def hosted(folder) -> tuple[Storage, Table, bytes]:
    storage = Storage(folder, environ={})
    authority = Authority(plan("open", "hard", "open"), auto_start=True)
    authority.make_session = saving_sessions(
        storage, lambda: table_record(authority, "K7QM3XDA", 47005)
    )
    table = Table(authority, 2)
    out = table.send(1, m.Join(0, "Ann", 3))
    token = next(msg.token for to, msg in out if isinstance(msg, m.Welcome))
    table.send(2, m.Join(2, "Bob", 4))
    table.read()
    return storage, table, token


def test_the_host_saves_its_table_after_every_move_and_opens_it_again(tmp_path):
    storage, table, token = hosted(tmp_path)
    for _i in range(12):  # a few moves of the start roll and the first turn
        table.read()
        session = table.authority.session
        due = table.authority.cpu_due()
        if due is not None:
            state = session.state
            table.deliver(
                table.authority.cpu_act(due[0], state, table.cpu.decide(session, *due, state))
            )
        else:
            peer = table.peer_of(session.state.player)
            follower = table.followers[peer]
            state = follower.session.state
            table.act(peer, table.cpu.decide(follower.session, state.player, "hard", state))
    saved = json.loads((tmp_path / "current.json").read_text())
    net = saved["extra"]["net"]
    assert net["code"] == "K7QM3XDA" and net["port"] == 47005
    assert [s["kind"] for s in net["seats"]] == ["open", "cpu", "open"]
    assert net["seats"][0]["token"] == token_hash(token)
    assert token.hex() not in json.dumps(saved)  # only the token's hash is kept
    log = list(table.authority.session.game.log)
    storage.close()

    again = Storage(tmp_path, environ={})
    resumed = resume_table(again)
    assert resumed is not None
    authority, code, port = resumed
    assert (code, port) == ("K7QM3XDA", 47005)
    assert authority.session.game.log == log
    assert [s.name for s in authority.seating.seats] == ["Ann", "Bot 1", "Bob"]
    assert [m_.action for m_ in authority.match_view().moves] == log
    # Ann comes back with her token, a stranger's token opens nothing.
    table = Table(authority, 2)
    out = table.send(1, m.Join(None, "", 0, token))
    assert any(isinstance(msg, m.Welcome) and msg.you == 0 for _to, msg in out)
    out = table.send(2, m.Join(None, "", 0, b"z" * 32))
    assert [msg.reason for _to, msg in out] == ["token"]
    table.read()
    assert table.followers[1].game.log == log
    again.close()


def test_a_saved_game_of_a_table_at_home_is_not_resumed_as_a_network_table(tmp_path):
    storage = Storage(tmp_path, environ={})
    authority = Authority(plan("hard", "easy"), auto_start=True)
    table = Table(authority, 0)
    table.deliver(authority.start())
    session = authority.session
    storage.save_session(session)
    assert resume_table(storage) is None
    assert storage.load_current() is not None  # left for the ordinary Continue
    storage.close()


def test_a_friend_files_the_match_it_followed_under_its_own_profile_only(tmp_path):
    host_storage, table, _token = hosted(tmp_path / "host")
    table.play_out()
    follower = table.followers[2]
    assert follower.finished is not None
    friend = Storage(tmp_path / "friend", environ={})
    friend.create_profile("Bob")
    friend.save_game(*_own_game(), {})  # the friend's own game in progress stays
    done = file_finished(friend, follower.finished, own=2, profile="Bob")
    assert done.saved and done.new
    assert friend.load_current() is not None
    (summary,) = friend.list_history()
    assert summary.players == ("Ann", "Bot 1", "Bob")
    assert friend.profile_stats("Bob", "american").games == 1
    log = friend.load_log(summary.id)
    assert log.game.origin() == table.authority.session.game.origin()
    assert [s.profile for s in log.seats] == [None, None, "Bob"]
    again = file_finished(friend, follower.finished, own=2, profile="Bob")
    assert not again.new  # the same match is never filed twice
    (host_summary,) = host_storage.list_history()
    assert host_summary.totals == summary.totals
    friend.close()
    host_storage.close()


def _own_game():
    from game.match.seats import Seat
    from game.rules import Game, GameConfig

    game = Game.new(GameConfig(("Bob",)), seed=3)
    return game, [Seat("Bob")], (), "2026-11-22T09:00:00+00:00"


# ----------------------------------------------------------------------------- the table's record
def kept_table(folder) -> tuple[dict, Table]:
    """The host's table record as its save holds it (through JSON), and the table."""
    storage, table, _token = hosted(folder)
    storage.close()
    record = json.loads(json.dumps(table_record(table.authority, "K7QM3XDA", 47005)))
    return record, table


def test_the_tables_record_round_trips_through_its_json(tmp_path):
    record, table = kept_table(tmp_path)
    session = table.authority.session
    kept = KeptTable.from_json(record, session.seats, session.game)
    assert (kept.code, kept.port, kept.plan.name) == ("K7QM3XDA", 47005, "Test table")
    assert kept.plan.seats == tuple(s.plan for s in table.authority.seating.seats)
    now = [(s.name, s.colour, s.token, s.stand_in, s.left) for s in table.authority.seating.seats]
    assert [(s.name, s.colour, s.token, s.stand_in, s.left) for s in kept.states] == now


@pytest.mark.parametrize(
    ("seat", "field", "value", "reason"),
    [
        (None, None, [], "a network table must be an object"),
        (None, "format", 2, "no network table in the save"),
        (None, "seats", {}, "the table's seats must be a list"),
        (None, "seats", [], "the table's seats do not match the match's"),
        (None, "port", "47005", "port"),
        (None, "code", 7, "code"),
        (0, None, "open", "a seat of the table must be an object"),
        (0, "token", "ab", "a seat token's hash is 64 hex digits"),
        (0, "kind", "cpu", "a seat of kind 'cpu' for a person seat"),
        (1, "stand_in", "easy", "only a friend's seat has a stand-in"),
    ],
)
def test_a_tables_record_of_a_wrong_shape_is_refused_naming_the_field(
    tmp_path, seat, field, value, reason
):
    record, table = kept_table(tmp_path)
    session = table.authority.session
    with pytest.raises(ValueError, match=reason):
        KeptTable.from_json(damaged(record, seat, field, value), session.seats, session.game)
