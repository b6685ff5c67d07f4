"""The hostile client of test_fuzz over a slow, lossy network: the attacks and two honest
friends all come through a relay that delays every chunk and stalls some, as TCP does with
loss (game.tools.lagproxy). Every attack is still refused, the game goes on to its end with
no desync, and the host still answers afterwards."""

from __future__ import annotations

import pytest

from game.net import messages as m
from game.net.authority import Authority
from game.net.bot import FriendBot
from game.net.codes import Invite
from game.net.friend import Friend
from game.tools.lagproxy import LagProxy
from tests.heavy import HEAVY_TIMEOUT

from .conftest import live_host, plan, port
from .test_fuzz import LATE, LIMITS, assert_all_refused, assert_welcomed, fuzz_while_playing

pytestmark = [pytest.mark.heavy, pytest.mark.timeout(HEAVY_TIMEOUT)]


def test_hostile_messages_over_a_slow_lossy_network_are_refused_and_the_game_goes_on():
    authority = Authority(plan("open", "medium", "open"), auto_start=True)
    with live_host(authority, limits=LIMITS, cpu_delay=0.02) as host:
        relay = LagProxy(("127.0.0.1", host.port), port(), delay=0.08, loss=0.02, seed=5).start()
        try:
            slow = Invite("127.0.0.1", relay.port, host.code)
            joins = (m.Join(0, "Ann", 3), m.Join(2, "Bob", 4))
            pair = [Friend(slow, join).start() for join in joins]
            try:
                bots = [FriendBot(friend, seed=n) for n, friend in enumerate(pair, 1)]
                report = fuzz_while_playing(slow, bots, seed=11, seconds=360)
                pair.append(Friend(slow, LATE).start())  # over the slow line too
                assert_welcomed(pair[-1])
            finally:
                for friend in pair:
                    friend.close()
        finally:
            relay.stop()
        assert_all_refused(report, host, bots)
        # The friends' two and the fuzzer's 40 at once among them, all through the relay.
        assert relay.lost > 0 and relay.chunks > 100 and relay.connections >= 42
