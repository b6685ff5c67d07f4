"""The host's rules of the table, without sockets: who may do what, and when."""

from __future__ import annotations

import pytest

from game.net import messages as m
from game.net.authority import Authority, all_but
from game.net.seating import OPEN, SeatPlan, TablePlan
from game.rules import Category, GameConfig, Hold, IllegalAction, NextGame, Phase, Roll, Score

from .conftest import plan
from .inproc import Table


def seated(*kinds: str, seated: bool = False, **options) -> Table:
    """A started table whose open seats are taken by peers 1, 2, ... in order (`seated`: the
    first seat starts, no start roll)."""
    authority = Authority(plan(*kinds, seated=seated), auto_start=True, **options)
    opens = [i for i, k in enumerate(kinds) if k == "open"]
    table = Table(authority, len(opens))
    for peer, seat in enumerate(opens, 1):
        table.send(peer, m.Join(seat, f"Friend {peer}", peer + 2))
    table.read()
    return table


def refusals(out) -> list[str]:
    return [message.reason for _to, message in out if isinstance(message, m.Refused)]


def test_a_table_of_friends_and_a_cpu_plays_to_the_end_with_every_copy_alike():
    table = seated("open", "medium", "open")
    table.play_out()
    game = table.authority.session.game
    for follower in table.followers.values():
        assert follower.game.log == game.log and follower.game.state == game.state
        assert follower.finished is not None and follower.finished.game.origin() == game.origin()
    assert table.authority.refusals == {}


def test_a_friend_acts_only_for_their_seat_on_their_turn_against_the_table_as_it_is():
    table = seated("open", "open")
    state = table.authority.session.state
    first = next(p for p, s in table.seat.items() if s == state.player)
    other = 3 - first
    assert refusals(table.act(other, Roll())) == ["not_your_turn"]
    assert refusals(table.act(first, Roll(), at=7)) == ["stale"]
    assert refusals(table.act(first, NextGame())) == ["illegal"]
    assert refusals(table.act(first, Score(Category.CHANCE))) == ["illegal"]
    assert table.authority.session.game.log == []
    assert [type(msg) for _to, msg in table.act(first, Roll())] == [m.Moved, m.Moved]
    again = m.Act(table.ids[first], table.followers[first].step, Roll())  # the same id again
    assert refusals(table.send(first, again)) == ["replayed"]
    assert len(table.authority.session.game.log) == 1


def test_the_moved_update_answers_only_the_friend_who_asked():
    table = seated("open", "open")
    peer = table.peer_of(table.authority.session.state.player)
    out = table.act(peer, Roll())
    assert [(to, msg.reply) for to, msg in out] == [(peer, table.ids[peer]), (all_but(peer), None)]


def test_undo_is_the_actors_own_and_never_crosses_a_roll():
    table = seated("open", "open")
    session = table.authority.session
    while session.state.phase is Phase.ROLL_OFF:  # the start roll, to reach a turn
        table.read()
        table.act(table.peer_of(session.state.player), Roll())
    table.read()
    player = session.state.player
    peer = table.peer_of(player)
    other = 3 - peer
    table.act(peer, Roll())
    table.read()
    assert refusals(table.undo(peer)) == ["cannot_undo"]  # a roll is never taken back
    table.act(peer, Hold(0))
    table.read()
    assert refusals(table.undo(other)) == ["cannot_undo"]  # nor another's move
    out = table.undo(peer)
    assert [type(msg) for _to, msg in out] == [m.Undone, m.Undone, m.Marked]
    table.read()
    assert table.followers[other].session.state.held == (False,) * 5
    assert player in table.followers[other].session.assisted


def test_claims_before_the_start_and_only_tokens_after_it():
    authority = Authority(plan("open", "open", "hard"))
    table = Table(authority, 4)
    out = table.send(1, m.Join(0, "Ann", 3))
    welcome = next(msg for to, msg in out if to == 1)
    assert isinstance(welcome, m.Welcome) and welcome.you == 0 and welcome.token is not None
    assert refusals(table.send(2, m.Join(0, "Bob", 4))) == ["seat_taken"]
    assert refusals(table.send(2, m.Join(2, "Bob", 4))) == ["seat_taken"]
    assert refusals(table.send(2, m.Join(1, "ANN", 4))) == ["name_taken"]
    assert refusals(table.send(2, m.Join(1, "Bob", 3))) == ["colour_taken"]
    assert refusals(table.send(1, m.Join(1, "Ann", 5))) == ["joined"]
    assert refusals(table.send(3, m.Act(1, 0, Roll()))) == ["not_seated"]
    table.deliver(authority.start(fill_open_with="easy"))
    assert authority.session.seats[1].kind == "easy"
    assert refusals(table.send(2, m.Join(1, "Bob", 4))) == ["started"]
    back = table.send(4, m.Join(None, "", 0, welcome.token))
    assert any(isinstance(msg, m.Closed) for to, msg in back if to == 1)  # the old connection
    assert any(isinstance(msg, m.Welcome) and msg.you == 0 for to, msg in back if to == 4)
    assert refusals(table.send(3, m.Join(None, "", 0, b"x" * 32))) == ["token"]


def test_the_host_removes_a_friend_before_and_during_the_match():
    authority = Authority(plan("open", "open"))
    table = Table(authority, 2)
    table.send(1, m.Join(0, "Ann", 3))
    table.deliver(authority.remove(0))
    assert authority.seating.open_seats() == [0, 1]
    assert 1 not in authority.joined
    table.send(2, m.Join(0, "Bob", 4))
    with pytest.raises(ValueError):
        authority.start()  # seat 1 is still open
    table.deliver(authority.start(fill_open_with="hard"))
    table.deliver(authority.remove(0))
    seat = authority.seating.seats[0]
    assert (seat.stand_in, seat.left, seat.token) == ("hard", True, None)


def test_the_hosts_own_seat_acts_through_the_rules_and_only_on_its_turn():
    authority = Authority(
        TablePlan("T", GameConfig(("a", "b")), (SeatPlan("host", "Ann", 1), SeatPlan(OPEN)))
    )
    table = Table(authority, 1)
    table.send(1, m.Join(1, "Bob", 4))
    table.deliver(authority.start())
    with pytest.raises(IllegalAction):
        authority.local_act(1, Roll())  # a friend's seat
    with pytest.raises(IllegalAction):
        authority.local_act(0, Score(Category.CHANCE))  # before any roll
    out = authority.local_act(0, Roll())
    assert [type(msg) for _to, msg in out] == [m.Moved]


def test_an_intent_sent_against_the_match_before_is_stale_in_the_next():
    table = seated("open", "easy", seated=True)
    table.play_out()
    old_step = table.followers[1].step
    table.deliver(table.authority.play_again())
    table.read()
    assert table.followers[1].step == old_step + 1
    assert table.authority.session.state.player == 0  # the friend's turn in the new match
    assert refusals(table.act(1, Roll(), at=old_step)) == ["stale"]
    assert table.authority.session.game.log == []


def test_the_host_lets_a_cpu_stand_in_for_a_friend_away_until_they_are_back():
    authority = Authority(plan("open", "open", seated=True), auto_start=True)
    table = Table(authority, 3)
    out = table.send(1, m.Join(0, "Ann", 3))
    token = next(msg.token for to, msg in out if isinstance(msg, m.Welcome))
    table.send(2, m.Join(1, "Bob", 4))
    table.deliver(authority.leave(1, gone=True))  # Ann drops
    assert authority.cpu_due() is None  # the table waits for her
    table.deliver(authority.stand_in(0, "easy"))
    assert authority.cpu_due() == (0, "easy")
    state = authority.session.state
    out = authority.cpu_act(0, state, Roll())
    assert [type(msg) for _to, msg in out] == [m.Marked, m.Moved]  # her scores are helped
    assert authority.session.assisted == {0}
    table.send(3, m.Join(None, "", 0, token))  # Ann is back: her own hands again
    assert authority.cpu_due() is None
    assert authority.seating.seats[0].stand_in is None


def test_a_cpu_filling_an_open_seat_takes_a_short_name_no_seat_has():
    authority = Authority(plan("open", "open", "open"))
    table = Table(authority, 1)
    table.send(1, m.Join(1, "ada", 3))
    table.deliver(authority.start(fill_open_with="easy"))
    seats = authority.session.seats
    assert [s.name for s in seats] == ["Max", "ada", "Zoe"]
    assert [s.kind for s in seats] == ["easy", "person", "easy"]
    assert authority.session.config.players == ("Max", "ada", "Zoe")


def test_the_setups_last_cpu_name_is_translated():
    from game.i18n import set_language
    from game.match.seats import CPU_NAMES, cpu_name

    set_language("sv")
    try:
        assert cpu_name([*CPU_NAMES, "You"], 12) == "Dator 12"
        assert cpu_name(["Ann", "Ada", "MAX"], 3) == "Zoe"
    finally:
        set_language("en")
