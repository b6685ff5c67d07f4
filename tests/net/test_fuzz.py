"""Hostile messages against a live host while two friends play: every attack is refused, the
game goes on to the end, and the host still answers an honest friend afterwards."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from game.net import messages as m
from game.net.authority import Authority
from game.net.bot import FriendBot
from game.net.codes import Invite
from game.net.friend import Friend
from game.net.host import Host
from game.net.limits import Limits
from game.tools.netfuzz import FuzzReport, fuzz

from .conftest import friends, invite, live_host, plan, play

pytestmark = pytest.mark.timeout(240)

# The defaults, but a handshake left hanging is dropped after 2 s (not 10) to keep it short;
# friends play fast, within the message rate (a person's pace is far below it).
LIMITS = Limits(handshake_seconds=2.0)
LATE = m.Join(None, "", 0, None, True)  # an honest friend come to watch once it is over


def fuzz_while_playing(
    target: Invite, bots: list[FriendBot], seed: int, seconds: float
) -> FuzzReport:
    """The fuzzer's attacks on `target`, on a thread of their own, while `bots` play the
    game to its end (both within `seconds`)."""
    result: dict[str, FuzzReport] = {}
    attacker = threading.Thread(
        target=lambda: result.update(report=asyncio.run(fuzz(target, seed=seed))),
        name="test-fuzzer",
    )
    attacker.start()
    play(bots, seconds)
    attacker.join(seconds)
    assert not attacker.is_alive()
    return result["report"]


def assert_all_refused(report: FuzzReport, host: Host, bots: list[FriendBot]) -> None:
    """Every attack refused, as the host counted them too, and no friend's game hurt."""
    assert report.unexpected == []
    assert report.refused == report.tried
    assert sum(report.tried.values()) >= 40
    for bot in bots:
        assert bot.report.matches == 1 and bot.report.desyncs == 0
    assert host.stats.denied["version"] == 2 and host.stats.denied["code"] == 1
    assert host.stats.dropped["flood"] == 1


def assert_welcomed(late: Friend) -> None:
    """An honest friend who came after it all gets in and sees the game over."""
    bot = FriendBot(late)
    deadline = time.monotonic() + 60
    while bot.you is None and bot.follower is None:
        assert time.monotonic() < deadline
        bot.step(0.1)
    assert bot.follower is not None and bot.follower.game.state.is_over


def test_every_hostile_message_is_refused_and_the_game_goes_on():
    authority = Authority(plan("open", "medium", "open"), auto_start=True)
    with live_host(authority, limits=LIMITS, cpu_delay=0.02) as host:
        with friends(host, m.Join(0, "Ann", 3), m.Join(2, "Bob", 4)) as (ann, bob):
            bots = [FriendBot(ann, seed=1), FriendBot(bob, seed=2)]
            report = fuzz_while_playing(invite(host), bots, seed=7, seconds=180)
        assert_all_refused(report, host, bots)
        with friends(host, LATE) as (late,):
            assert_welcomed(late)
