"""A network match of two games, and Play again, between two screens over a slow, lossy
line (game.tools.lagproxy: 80 ms each way, 2% of chunks stalled as TCP stalls a lost
segment): the friend's screen follows the host's table through its results between the
games and after the match, exactly as over loopback."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.rules import Phase
from game.tools.lagproxy import LagProxy
from tests.heavy import HEAVY_TIMEOUT

from .test_net_table import frame, free_port, join, play, top_name, two, until

pytestmark = [pytest.mark.heavy, pytest.mark.timeout(HEAVY_TIMEOUT)]
__all__ = ["two"]  # the fixture, used by name


def test_two_games_and_play_again_over_a_slow_lossy_line(two, tmp_path):
    host, friend = two
    relays: list[LagProxy] = []

    def slow(invite):
        port = free_port(random.Random(tmp_path.stat().st_ino + 1))
        relay = LagProxy(("127.0.0.1", invite.port), port, delay=0.08, loss=0.02, seed=3)
        relays.append(relay.start())
        return dataclasses.replace(invite, port=port)

    try:
        join(host, friend, games=2, through=slow)
        host.stack.top.start()
        both = lambda name: top_name(host) == top_name(friend) == name  # noqa: E731
        until(lambda: both("TableScene"), host, friend, seconds=60)
        screens = [host.stack.top, friend.stack.top]
        between = lambda: all(s.session.state.phase is Phase.GAME_OVER for s in screens)  # noqa: E731
        play(screens, between, host, friend, rng=random.Random(11))
        until(lambda: both("ResultsScene"), host, friend, seconds=60)
        assert host.stack.top.buttons[0].label == "Next game"
        assert friend.stack.top.verdict.detail.endswith("The next game begins when Ann is ready.")
        host.stack.top.next_net_game()
        until(lambda: both("TableScene"), host, friend, seconds=60)
        over = lambda: all(s.session.state.is_over for s in screens)  # noqa: E731
        play(screens, over, host, friend, rng=random.Random(12))
        until(lambda: both("ResultsScene") and screens[1].net.filed, host, friend, seconds=60)
        games = [s.session.game for s in screens]
        assert games[0].log == games[1].log and games[0].state == games[1].state
        assert len(games[0].state.results) == 2
        nets = [s.net for s in screens]
        host.stack.top.play_net_again()
        until(
            lambda: both("TableScene") and friend.stack.top not in screens, host, friend, seconds=60
        )
        again = [host.stack.top, friend.stack.top]
        assert [s.net for s in again] == nets
        assert all(not s.session.game.log for s in again)
        first = lambda: all(len(s.session.game.log) >= 6 for s in again)  # noqa: E731
        play(again, first, host, friend, rng=random.Random(13))  # a few moves of the new one
        until(lambda: again[1].session.game.log == again[0].session.game.log, host, friend)
        assert again[1].net.desyncs == 0  # (the same NetTable as the first match's)
        assert len(friend.storage.list_history()) == 1 and len(host.storage.list_history()) == 1
        assert relays[0].connections >= 1 and relays[0].lost > 0
    finally:
        for relay in relays:
            relay.stop()
        for _ in range(3):
            frame(host, friend)
