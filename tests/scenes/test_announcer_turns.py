"""Whose turn is said: at one computer a person is named and told ("Your turn, Ann"); at a
network table only this screen's own seat is told its turn, another computer's person is
named like a CPU ("Ann to roll")."""

from __future__ import annotations

from game.match.seats import Seat
from game.match.session import Session
from game.rules import GameConfig, StartOrder
from game.rules import events as ev
from game.scenes.table.announcer import Announcer


def session(own: frozenset[int] | None) -> Session:
    seats = [Seat("Ann", "person", colour=0), Seat("Bob", "person", colour=1)]
    match = Session.new(GameConfig(("Ann", "Bob"), start=StartOrder.SEATED), seats, seed=3)
    match.own_seats = own
    return match


def said(match: Session, player: int) -> str:
    (announcement,) = Announcer(match).event(ev.TurnStarted(player, player), brief=False)
    return announcement.text


def test_at_one_computer_each_person_is_told_their_turn_by_name():
    match = session(None)
    assert said(match, 0) == "Your turn, Ann"
    assert said(match, 1) == "Your turn, Bob"


def test_at_a_network_table_another_computers_person_is_named_not_told():
    match = session(frozenset({1}))  # this screen plays Bob
    assert said(match, 0) == "Ann to roll"
    assert said(match, 1) == "Your turn"
