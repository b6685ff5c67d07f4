"""A friend's copy follows the host's match through its own rules, and a host that sends what
cannot have happened (a desync, or a cheat) is caught, never followed."""

from __future__ import annotations

import dataclasses

import pytest

from game.net import messages as m
from game.net.authority import Authority
from game.net.follower import Follower, HostError
from game.net.moves import Move, digest
from game.rules import Hold, Phase, Roll, Score

from .conftest import plan
from .inproc import Table


def started(seated: bool = False) -> tuple[Table, m.MatchView]:
    authority = Authority(plan("open", "hard", seated=seated), auto_start=True)
    table = Table(authority, 1)
    table.send(1, m.Join(0, "Ann", 3))
    start = next(msg for msg in table.inbox[1] if isinstance(msg, m.Started))
    table.read()
    return table, start.match


def first_turn(table: Table) -> None:
    """Play the start roll (the friend and the CPU) up to the first turn's first move."""
    session = table.authority.session
    while session.state.phase is Phase.ROLL_OFF:
        table.read()
        if session.state.player == 0:
            table.act(1, Roll())
        else:
            state = session.state
            table.deliver(table.authority.cpu_act(1, state, Roll()))
    table.read()


def test_a_friend_who_joins_late_replays_every_move_to_the_same_state():
    table, _start = started()
    table.play_out()
    authority = table.authority
    late = Follower(authority.match_view())
    assert late.game.log == authority.session.game.log
    assert late.game.state == authority.session.state
    assert late.step == authority.step


def hostile(follower: Follower, move: Move, **change) -> None:
    fake = dataclasses.replace(move, **change)
    with pytest.raises(HostError):
        follower.update(m.Moved(follower.step + 1, fake, "00" * 16))


def test_dice_the_rules_did_not_roll_are_caught():
    table, _start = started()
    first_turn(table)
    follower = table.followers[1]
    state = follower.session.state
    index = len(follower.game.log)
    roll = Move(index, state.player, Roll(), (6, 6, 6, 6, 6))
    # The right dice with the wrong digest: our state differs from the host's.
    with pytest.raises(HostError, match="differs"):
        follower.update(m.Moved(follower.step + 1, roll, "00" * 16))


def test_a_move_for_the_wrong_player_or_out_of_order_or_without_dice_is_caught():
    table, _start = started()
    first_turn(table)
    follower = table.followers[1]
    state = follower.session.state
    index = len(follower.game.log)
    roll = Move(index, state.player, Roll(), (1, 2, 3, 4, 5))
    hostile(follower, roll, player=1 - state.player)
    hostile(follower, roll, index=index + 1)
    hostile(follower, roll, dice=None)
    hostile(follower, Move(index, state.player, Hold(0), (1, 2, 3, 4, 5)))
    hostile(follower, Move(index, state.player, Hold(0)))  # before a roll: the rules refuse
    hostile(follower, Move(index, state.player, Score(next(iter(state.card.card.boxes)))))


def test_a_held_die_that_changes_is_caught():
    table, _start = started(seated=True)  # the friend's turn first
    table.act(1, Roll())
    table.read()
    table.act(1, Hold(0))
    table.read()
    follower = table.followers[1]
    shown = follower.session.state.dice
    changed = ((shown[0] % 6) + 1, *shown[1:])
    move = Move(len(follower.game.log), 0, Roll(), changed)
    with pytest.raises(HostError, match="held die 1"):
        follower.update(m.Moved(follower.step + 1, move, digest(follower.session.state)))


def test_an_update_from_before_is_caught():
    table, _start = started()
    first_turn(table)
    follower = table.followers[1]
    with pytest.raises(HostError):
        follower.update(m.Undone(follower.step, 0, "00" * 16))


def test_the_reveal_must_keep_the_hosts_commitment_and_replay_to_the_same_game():
    table, _start = started()
    authority = table.authority
    session = authority.session
    out = []
    while not session.state.is_over:  # the host plays both seats; the friend only follows
        table.read()
        state = session.state
        action = table.cpu.decide(session, state.player, "hard", state)
        if state.player == 1:
            out = table.deliver(authority.cpu_act(1, state, action))
        else:
            out = table.act(1, action)
    reveal = next(msg for _to, msg in out if isinstance(msg, m.Revealed))
    follower = table.followers[1]
    for message in list(table.inbox[1]):
        if not isinstance(message, m.Revealed):
            follower.update(message)
    other = Authority(plan("open", "hard"), auto_start=True)
    other_table = Table(other, 1)
    other_table.send(1, m.Join(0, "Ann", 3))
    forged = dict(reveal.game, start_rng=other.session.game.to_dict()["start_rng"])
    with pytest.raises(HostError):
        follower.update(m.Revealed(forged, reveal.assisted))
    assert follower.finished is None
    follower.update(reveal)
    assert follower.finished is not None
    assert follower.finished.game.origin() == session.game.origin()
