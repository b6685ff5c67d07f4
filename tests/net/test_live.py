"""A hosted table over real loopback sockets: friends join, play whole matches with a CPU seat,
watch, are turned away, removed, dropped and seated again."""

from __future__ import annotations

import time

import pytest

from game.net import messages as m
from game.net.authority import Authority
from game.net.bot import FriendBot
from game.net.codes import Invite
from game.net.follower import Follower
from game.net.friend import Friend, Link
from game.net.limits import Limits
from game.net.version import game_version
from game.rules import Roll
from game.scenes.network.words import denial

from .conftest import FAST, friends, live_host, plan, play

pytestmark = pytest.mark.timeout(120)


def until(condition, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.02)


def wait_for(friend: Friend, kind: type, seconds: float = 10.0) -> list[object]:
    """Every update up to and including the first of `kind`."""
    seen: list[object] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for update in friend.updates(0.05):
            seen.append(update)
            if isinstance(update, kind):
                return seen
    raise AssertionError(f"no {kind.__name__} in {seen}")


def test_two_friends_and_a_cpu_play_a_whole_match_to_the_same_cards():
    authority = Authority(plan("open", "medium", "open"), auto_start=True)
    with live_host(authority, limits=FAST) as host:
        assert host.follow().match is None  # the host's own screen follows from the lobby
        joins = (m.Join(0, "Ann", 3), m.Join(2, "Bob", 4))
        with friends(host, *joins) as (ann, bob):
            bots = [FriendBot(ann, undo_every=7, attack_every=5, seed=1), FriendBot(bob, seed=2)]
            play(bots, 90)
        final = host.query(lambda a: a.session.game)
        seen = host.updates()
    # The host's screen is sent what the friends are: following it makes the same match.
    start = next(u for u in seen if isinstance(u, m.Started))
    mirror = Follower(start.match)
    for update in seen[seen.index(start) + 1 :]:
        if isinstance(update, (m.Moved, m.Undone, m.Marked, m.Revealed)):
            mirror.update(update)
    assert mirror.finished is not None and mirror.game.log == final.log
    assert any(isinstance(u, m.Undone) for u in seen)
    assert final.state.is_over
    for bot in bots:
        report = bot.report
        assert report.matches == 1 and report.desyncs == 0
        (summary,) = report.finished
        assert summary["origin"] == final.origin()
        assert summary["actions"] == len(final.log)
        assert summary["cards"] == [[list(c.boxes) for c in r.cards] for r in final.state.results]
        assert report.actions == len(report.round_trips) > 30
    assert bots[0].report.attacks == bots[0].report.attacks_refused > 0
    assert authority.refusals.get("illegal", 0) + authority.refusals.get("stale", 0) > 0


def test_a_full_table_is_watched_and_a_watcher_cannot_act():
    authority = Authority(plan("easy", "open"), auto_start=True)  # the CPU rolls first
    with live_host(authority) as host, friends(host, m.Join(None, "", 0, None, True)) as (eve,):
        welcome = next(u for u in wait_for(eve, m.Welcome) if isinstance(u, m.Welcome))
        assert welcome.you is None and welcome.token is None
        with friends(host, m.Join(1, "Ann", 3)) as (ann,):
            wait_for(ann, m.Started)
            seen = wait_for(eve, m.Moved)  # the watcher sees the CPU play
            eve.act(Roll(), at=0)
            refused = next(u for u in wait_for(eve, m.Refused) if isinstance(u, m.Refused))
            assert refused.reason == "not_seated"
            assert any(isinstance(u, m.Moved) for u in seen)


def test_claims_are_checked_seat_name_and_colour():
    authority = Authority(plan("open", "open", "hard"))
    with live_host(authority) as host, friends(host, m.Join(0, "Ann", 3)) as (ann,):
        wait_for(ann, m.Welcome)
        for join, reason in (
            (m.Join(0, "Bob", 4), "seat_taken"),
            (m.Join(2, "Bob", 4), "seat_taken"),  # a CPU's seat
            (m.Join(1, "ann", 4), "name_taken"),
            (m.Join(1, "Bob", 3), "colour_taken"),
        ):
            with friends(host, join) as (bob,):
                refused = [u for u in wait_for(bob, m.Refused) if isinstance(u, m.Refused)]
                assert refused[-1].reason == reason


@pytest.mark.parametrize("theirs", [0, m.PROTOCOL + 1])
def test_a_game_of_another_version_is_told_so_plainly(theirs):
    authority = Authority(plan("open", "hard"))
    join = m.Join(0, "Ann", 3)
    with live_host(authority) as host, friends(host, join, reconnect_for=0, protocol=theirs) as f:
        link = [u for u in wait_for(f[0], Link) if isinstance(u, Link)][-1]
    assert (link.state, link.reason, link.host_protocol) == ("denied", "version", 1)
    # What the join screen shows (game.scenes.network.words): the same game, another protocol.
    assert link.host_game == game_version()
    text = denial(link.reason, link.host_game, game_version())
    assert text == "The host's game speaks another version: update both games"
    newer = denial(link.reason, "9.9.9", game_version())
    assert newer.startswith("The host's game is version 9.9.9 and yours ")


def test_a_wrong_table_code_is_refused_without_the_code_being_sent():
    authority = Authority(plan("open", "hard"))
    with live_host(authority) as host:
        wrong = Invite(
            "127.0.0.1", host.port, "ABCDEFGH" if host.code != "ABCDEFGH" else "ABCDEFGJ"
        )
        friend = Friend(wrong, m.Join(0, "Ann", 3), reconnect_for=0).start()
        try:
            link = [u for u in wait_for(friend, Link) if isinstance(u, Link)][-1]
        finally:
            friend.close()
        assert (link.state, link.reason) == ("denied", "code")
        assert host.stats.denied["code"] == 1


def test_the_host_removes_a_seat_and_its_token_opens_nothing():
    authority = Authority(plan("open", "open", "hard"), auto_start=True)
    with live_host(authority) as host:
        with friends(host, m.Join(0, "Ann", 3), m.Join(1, "Bob", 4)) as (ann, bob):
            wait_for(bob, m.Started)
            token = bob.token
            host.command(lambda a: a.remove(1))
            seen = wait_for(bob, m.Closed)
            assert seen[-1] == m.Closed("removed", False)
            assert host.query(lambda a: a.seating.seats[1].stand_in) == "hard"
        with friends(host, m.Join(None, "", 0, token), reconnect_for=0) as (again,):
            refused = [u for u in wait_for(again, m.Refused) if isinstance(u, m.Refused)]
            assert refused[-1].reason == "token"


def test_a_dropped_friend_comes_back_to_their_seat_with_the_token():
    authority = Authority(plan("open", "open"), auto_start=True)
    with live_host(authority, limits=FAST) as host:
        with friends(host, m.Join(0, "Ann", 3), m.Join(1, "Bob", 4)) as (ann, bob):
            wait_for(ann, m.Started)
            wait_for(bob, m.Started)
            token = bob.token
            assert token is not None
        # Both connections are gone; the table waits for them (no stand-in by default).
        assert host.query(lambda a: a.cpu_due()) is None
        again = (m.Join(0, "", 0, ann.token), m.Join(None, "", 0, token))
        with friends(host, *again) as (ann2, bob2):
            bots = [FriendBot(ann2), FriendBot(bob2)]
            play(bots, 90)
        assert [b.you for b in bots] == [0, 1]
        assert all(b.report.matches == 1 and b.report.desyncs == 0 for b in bots)


def test_a_cpu_stands_in_for_a_friend_away_too_long():
    clock = [0.0]
    authority = Authority(
        plan("open", "open"), auto_start=True, stand_in_after=60.0, clock=lambda: clock[0]
    )
    with live_host(authority, limits=FAST) as host:
        with friends(host, m.Join(0, "Ann", 3)) as (ann,):
            with friends(host, m.Join(1, "Bob", 4)) as (bob,):
                wait_for(bob, m.Started)
            until(lambda: host.query(lambda a: a.seating.seats[1].away_since) == 0.0)
            clock[0] = 61.0  # Bob has been away a minute: a CPU plays his turns
            bot = FriendBot(ann)
            play([bot], 90)
        assert bot.report.matches == 1 and bot.report.desyncs == 0
        assert host.query(lambda a: 1 in a.session.assisted)  # the stand-in's help is marked


def test_the_host_quitting_tells_everyone_the_table_can_be_resumed():
    authority = Authority(plan("open", "hard"), auto_start=True)
    host_cm = live_host(authority)
    host = host_cm.__enter__()
    try:
        with friends(host, m.Join(0, "Ann", 3), reconnect_for=1.0) as (ann,):
            wait_for(ann, m.Started)
            host.close()
            seen = wait_for(ann, m.Closed)
            assert seen[-1] == m.Closed("host_quit", True)
            links = [u.state for u in wait_for(ann, Link, 15.0) if isinstance(u, Link)]
            assert links[-1] in ("lost", "gave_up")
    finally:
        host_cm.__exit__(None, None, None)


def test_a_friend_whose_game_stops_answering_is_dropped_by_the_heartbeat_and_comes_back():
    quick = Limits(ping_interval=0.3, ping_timeout=1.0)
    authority = Authority(plan("open", "open"), auto_start=True)
    joins = (m.Join(0, "Ann", 3), m.Join(1, "Bob", 4))
    with live_host(authority, limits=quick) as host, friends(host, *joins, limits=quick) as pair:
        bob = pair[1]
        wait_for(bob, m.Started)
        bob._thread.loop.call_soon_threadsafe(time.sleep, 3.0)  # Bob's game hangs 3 s
        until(lambda: host.query(lambda a: a.seating.seats[1].peer is None), 10.0)
        # Awake again, Bob's game finds the connection gone and takes the seat back.
        until(lambda: host.query(lambda a: a.seating.seats[1].peer is not None), 20.0)
        links = [u.state for u in wait_for(bob, m.Welcome, 20.0) if isinstance(u, Link)]
        assert "lost" in links and links[-1] == "joined"
