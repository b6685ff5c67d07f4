"""A friend whose own game closed mid-match (a crash: the connection cut, nothing said) starts
the game again over the same data folder and takes their seat back from the join screen,
through the real scenes over real sockets: the seat is offered by the table's name, the table
opens on the match as it stands, and the game plays on to the same end on both screens. A
seat the host took away meanwhile is refused, said so, and offered no more."""

from __future__ import annotations

import random

from game.net.seat_keys import kept_seats

from .test_net_table import context, frame, join, play, top_name, two, until  # noqa: F401

BACK = "Back to seat 2 (Ann's table)"


def crash_mid_game(host, friend):
    """The match started and a few turns played; then the friend's game is gone without a
    word (its connection cut), and the host sees the seat away."""
    host.stack.top.start()
    until(lambda: top_name(host) == top_name(friend) == "TableScene", host, friend)
    screens = [host.stack.top, friend.stack.top]
    play(screens, lambda: screens[0].session.state.turn >= 4, host, friend, rng=random.Random(5))
    until(lambda: screens[1].net.follower.step == screens[0].net.follower.step, host, friend)
    screens[1].net.end.friend.close()  # (no Leave: as a killed game sends nothing)
    until(lambda: not screens[0].net.table.seats[1].online, host)
    return screens[0]


def open_join(ctx):
    ctx.nav.join_table()
    frame(ctx)
    joining = ctx.stack.top
    assert top_name(ctx) == "JoinTableScene"
    return joining


def test_a_friend_takes_their_seat_again_after_their_game_closed(tmp_path, two):  # noqa: F811 - the fixture, shared
    host, friend = two
    join(host, friend)
    until(lambda: kept_seats(friend.storage), host, friend)  # (once its welcome is in)
    (key,) = kept_seats(friend.storage)
    assert (key.seat, key.name, key.table) == (1, "Bob", "Ann's table")
    table = crash_mid_game(host, friend)
    step = table.net.follower.step
    again = context(tmp_path / "friend")  # the game started again, over the same folder
    try:
        joining = open_join(again)
        assert joining.buttons[0].label == BACK and joining.buttons[0].primary
        joining.buttons[0].on_press()
        until(lambda: top_name(again) == "TableScene", host, again)
        back = again.stack.top
        assert back.net.seats == {1} and back.net.follower.step == step
        assert back.session.state == table.session.state
        until(lambda: table.net.table.seats[1].online, host, again)
        screens = [table, back]
        over = lambda: all(s.session.state.is_over for s in screens)  # noqa: E731
        play(screens, over, host, again, rng=random.Random(6))
        games = [s.session.game for s in screens]
        assert games[0].log == games[1].log and games[0].state == games[1].state
        assert [k.seat for k in kept_seats(again.storage)] == [1]  # (kept for the next match)
    finally:
        for scene in reversed(again.stack.scenes):
            scene.exit()


def test_a_seat_the_host_took_away_is_refused_and_offered_no_more(tmp_path, two):  # noqa: F811 - the fixture, shared
    host, friend = two
    join(host, friend)
    table = crash_mid_game(host, friend)
    table.net.end.remove(1)
    until(lambda: table.net.table.seats[1].level is not None, host)  # a CPU plays it now
    again = context(tmp_path / "friend")
    try:
        joining = open_join(again)
        assert joining.buttons[0].label == BACK
        joining.buttons[0].on_press()
        until(lambda: joining.problem != "" and joining.table is not None, host, again)
        assert joining.problem == "Your seat at this table is gone"
        assert top_name(again) == "JoinTableScene" and joining.seated is None
        assert kept_seats(again.storage) == []
        assert not any(b.label.startswith("Back to seat") for b in joining.buttons)
        joining.back()
        frame(again)
        assert not any(b.label.startswith("Back to seat") for b in joining.buttons)
    finally:
        for scene in reversed(again.stack.scenes):
            scene.exit()
