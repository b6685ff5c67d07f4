"""The hostile client of test_fuzz over a slow, lossy network: the attacks and two honest
friends all come through a relay that delays every chunk and stalls some, as TCP does with
loss (game.tools.lagproxy). Every attack is still refused, the game goes on to its end with
no desync, and the host still answers afterwards."""

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
from game.tools.lagproxy import LagProxy
from game.tools.netfuzz import fuzz
from tests.heavy import HEAVY_TIMEOUT

from .conftest import live_host, plan, play, port
from .test_fuzz import LIMITS

pytestmark = [pytest.mark.heavy, pytest.mark.timeout(HEAVY_TIMEOUT)]


def test_hostile_messages_over_a_slow_lossy_network_are_refused_and_the_game_goes_on():
    authority = Authority(plan("open", "medium", "open"), auto_start=True)
    with live_host(authority, limits=LIMITS, cpu_delay=0.02) as host:
        relay = LagProxy(("127.0.0.1", host.port), port(), delay=0.08, loss=0.02, seed=5).start()
        try:
            slow = Invite("127.0.0.1", relay.port, host.code)
            pair = [
                Friend(slow, join).start() for join in (m.Join(0, "Ann", 3), m.Join(2, "Bob", 4))
            ]
            try:
                bots = [FriendBot(friend, seed=n) for n, friend in enumerate(pair, 1)]
                result = {}
                attacker = threading.Thread(
                    target=lambda: result.update(report=asyncio.run(fuzz(slow, seed=11))),
                    name="test-fuzzer",
                )
                attacker.start()
                play(bots, 360)
                attacker.join(300)
                assert not attacker.is_alive()
                # After it all, an honest friend still gets in over the slow line.
                pair.append(Friend(slow, m.Join(None, "", 0, None, True)).start())
                late = FriendBot(pair[-1])
                deadline = time.monotonic() + 60
                while late.you is None and late.follower is None:
                    assert time.monotonic() < deadline
                    late.step(0.1)
                assert late.follower is not None and late.follower.game.state.is_over
            finally:
                for friend in pair:
                    friend.close()
        finally:
            relay.stop()
        report = result["report"]
        assert report.unexpected == []
        assert report.refused == report.tried
        assert sum(report.tried.values()) >= 40
        # The friends' two and the fuzzer's 40 at once among them, all through the relay.
        assert relay.lost > 0 and relay.chunks > 100 and relay.connections >= 42
        for bot in bots:
            assert bot.report.matches == 1 and bot.report.desyncs == 0
        assert host.stats.denied["version"] == 2 and host.stats.denied["code"] == 1
        assert host.stats.dropped["flood"] == 1
