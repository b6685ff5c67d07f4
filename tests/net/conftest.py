"""Helpers for the network tests: ports of our own, a table plan, a live host, bots."""

from __future__ import annotations

import contextlib
import os
import random
import time
from collections.abc import Iterator

import pytest

from game.net.authority import Authority
from game.net.bot import FriendBot
from game.net.codes import Invite, new_code, read_code
from game.net.friend import Friend
from game.net.host import Host
from game.net.limits import Limits
from game.net.messages import Join
from game.net.seating import CPU, OPEN, SeatPlan, TablePlan
from game.rules import GameConfig, StartOrder
from game.tools.netplay import free_port

_rng = random.Random(os.getpid())


def port() -> int:
    """A free port of ours (47000-47999)."""
    return free_port(_rng)


def plan(*kinds: str, name: str = "Test table", seated: bool = False) -> TablePlan:
    """Seats by kind: "open" for a friend, a CPU level otherwise; `seated`: the first seat
    starts (no start roll)."""
    seats = tuple(
        SeatPlan(OPEN) if kind == OPEN else SeatPlan(CPU, f"Bot {i}", i, kind)
        for i, kind in enumerate(kinds)
    )
    start = StartOrder.SEATED if seated else StartOrder.ROLL_OFF
    config = GameConfig(tuple(f"P{i}" for i in range(len(kinds))), start=start)
    return TablePlan(name, config, seats)


@contextlib.contextmanager
def live_host(authority: Authority, **options: object) -> Iterator[Host]:
    options.setdefault("cpu_delay", 0.0)
    host = Host(authority, read_code(new_code()), port=port(), **options)  # type: ignore[arg-type]
    host.start()
    try:
        yield host
    finally:
        host.close()


def invite(host: Host) -> Invite:
    return host.invite("127.0.0.1")


@contextlib.contextmanager
def friends(host: Host, *joins: Join, **options: object) -> Iterator[list[Friend]]:
    started = [Friend(invite(host), join, **options).start() for join in joins]  # type: ignore[arg-type]
    try:
        yield started
    finally:
        for friend in started:
            friend.close()


def play(bots: list[FriendBot], seconds: float) -> None:
    """Step every bot until all are done (a failure if `seconds` pass first)."""
    deadline = time.monotonic() + seconds
    while not all(b.done for b in bots):
        assert time.monotonic() < deadline, [b.report for b in bots]
        for bot in bots:
            if not bot.done:
                bot.step(0.01)


FAST = Limits(messages_per_second=400.0, message_burst=400)


@pytest.fixture(autouse=True)
def _no_leaked_threads() -> Iterator[None]:
    import threading

    before = {t.ident for t in threading.enumerate()}
    yield
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        leaked = [
            t.name
            for t in threading.enumerate()
            if t.ident not in before and t.name.startswith("net-") and t.is_alive()
        ]
        if not leaked:
            return
        time.sleep(0.05)
    raise AssertionError(f"threads left running: {leaked}")
