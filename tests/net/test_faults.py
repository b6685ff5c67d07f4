"""Faults, with real processes on real sockets: a friend killed (SIGKILL) in the middle of their
turn comes back to their seat with its token; a host killed in the middle of a match is
started again on its data folder, its friends come back, and the match ends with every
side's cards and records alike; and a slow, lossy network (300 ms round trip, 5% of chunks
stalled as TCP does after a loss) keeps a whole game correct."""

from __future__ import annotations

import contextlib
import json
import shutil
import signal
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.net import messages as m
from game.net.authority import Authority
from game.net.bot import FriendBot
from game.net.codes import Invite, new_code, read_code
from game.net.friend import Friend
from game.net.seating import OPEN
from game.rules import state_from_dict
from game.tools.lagproxy import LagProxy
from game.tools.netplay import Children, compare, read_report, wait_for_file
from game.tools.netplay_roles import friend_report, host_report, table_plan
from tests.heavy import HEAVY_TIMEOUT

from .conftest import FAST, live_host, plan, play, port

pytestmark = [pytest.mark.heavy, pytest.mark.timeout(HEAVY_TIMEOUT)]


@contextlib.contextmanager
def workplace() -> Iterator[tuple[Path, Children]]:
    work = Path(tempfile.mkdtemp(prefix="net-faults-", dir="/tmp"))
    children = Children(work, verbose=True)
    try:
        yield work, children
    finally:
        children.stop_all()
        shutil.rmtree(work, ignore_errors=True)


def start_host(children: Children, work: Path, code: str, number: int, *extra: str) -> Invite:
    ready = work / "ready.json"
    ready.unlink(missing_ok=True)
    proc = children.start(
        f"host{len(children.procs)}", "host", "--data", str(work / "host"), "--port", str(number),
        "--code", code, "--friends", "2", "--cpus", "1", "--matches", "1", "--linger",
        "--cpu-delay", "0.05", "--ready", str(ready), "--out", str(work / "host.json"), *extra,
    )  # fmt: skip
    wait_for_file(ready, proc, 60.0)
    return Invite("127.0.0.1", number, code)


def start_friend(children: Children, work: Path, invite: Invite, n: int, *extra: str) -> None:
    seat = [i for i, s in enumerate(table_plan(2, 1, "hard", "official").seats) if s.kind == OPEN]
    children.start(
        f"friend{n}-{len(children.procs)}", "friend", "--invite", str(invite),
        "--seat", str(seat[n]), "--name", f"Friend {n + 1}", "--colour", str(n + 1),
        "--data", str(work / f"friend{n}"), "--token-file", str(work / f"friend{n}.token"),
        "--out", str(work / f"friend{n}.json"), "--think", "0.15", "--seconds", "600",
        "--seed", str(n), *extra,
    )  # fmt: skip


def saved_state(work: Path):
    try:
        record = json.loads((work / "host" / "current.json").read_text(encoding="utf-8"))
        return state_from_dict(record["game"]["state"]), len(record["game"]["log"])
    except (OSError, ValueError, KeyError):
        return None, 0


def wait_until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def finish(children: Children, work: Path, friend_names: list[str]) -> tuple[dict, list[dict]]:
    for name in friend_names:
        assert children.wait(name, 300) == 0, (work / f"{name}.log").read_text()[-3000:]
    host = [name for name in children.procs if name.startswith("host")][-1]
    children.procs[host].send_signal(signal.SIGTERM)
    assert children.wait(host, 60) == 0
    hosted = read_report(work / "host.json", host_report)
    reports = [read_report(work / f"friend{n}.json", friend_report) for n in (0, 1)]
    assert hosted is not None and None not in reports
    return hosted, reports  # type: ignore[return-value]


def test_a_friend_killed_in_the_middle_of_their_turn_comes_back_to_their_seat():
    with workplace() as (work, children):
        invite = start_host(children, work, read_code(new_code()), port())
        start_friend(children, work, invite, 0)
        start_friend(children, work, invite, 1)
        seat = 2  # friend 1's seat (open seats 0 and 2, the CPU at 1)

        def their_turn_under_way() -> bool:
            state, moves = saved_state(work)
            return state is not None and moves > 20 and state.player == seat and state.rolls > 0

        wait_until(their_turn_under_way, 240, "friend 1's turn under way")
        killed = next(name for name in children.procs if name.startswith("friend1"))
        children.procs[killed].send_signal(signal.SIGKILL)
        children.procs[killed].wait(10)
        _state, moves_when_killed = saved_state(work)
        assert (work / "friend1.token").is_file()
        start_friend(children, work, invite, 1, "--rejoin")
        names = [name for name in children.procs if name.startswith("friend")]
        host, reports = finish(children, work, [names[0], names[-1]])
        desyncs, notes = compare(host, reports)
        assert desyncs == 0, notes
        assert len(host["records"]) == 1 and host["records"][0]["actions"] > moves_when_killed
        assert reports[1]["matches"] == 1 and reports[1]["links"][0] == "joined"


def test_a_host_killed_in_the_middle_of_a_match_is_resumed_and_its_friends_come_back():
    with workplace() as (work, children):
        code, number = read_code(new_code()), port()
        invite = start_host(children, work, code, number)
        start_friend(children, work, invite, 0)
        start_friend(children, work, invite, 1)
        wait_until(lambda: saved_state(work)[1] > 40, 240, "40 moves saved")
        first_host = next(name for name in children.procs if name.startswith("host"))
        children.procs[first_host].send_signal(signal.SIGKILL)
        children.procs[first_host].wait(10)
        _state, saved_moves = saved_state(work)
        time.sleep(1.0)  # the friends find the host gone and keep trying
        start_host(children, work, code, number, "--resume")
        names = [name for name in children.procs if name.startswith("friend")]
        host, reports = finish(children, work, names)
        desyncs, notes = compare(host, reports)
        assert desyncs == 0, notes
        (record,) = host["records"]
        assert record["actions"] > saved_moves
        for report in reports:
            assert report["matches"] == 1 and "lost" in report["links"]


def test_a_slow_lossy_network_keeps_a_whole_game_correct():
    authority = Authority(plan("open", "hard", "open", seated=True), auto_start=True)
    with live_host(authority, limits=FAST, cpu_delay=0.0) as host:
        relay = LagProxy(("127.0.0.1", host.port), port(), delay=0.15, loss=0.05, seed=3).start()
        try:
            slow = Invite("127.0.0.1", relay.port, host.code)
            joins = (m.Join(0, "Ann", 3), m.Join(2, "Bob", 4))
            pair = [Friend(slow, join).start() for join in joins]
            try:
                bots = [FriendBot(f, seed=n, undo_every=9) for n, f in enumerate(pair)]
                play(bots, 600)
            finally:
                for friend in pair:
                    friend.close()
        finally:
            relay.stop()
        game = host.query(lambda a: a.session.game)
    assert relay.lost > 0 and relay.chunks > 100
    for bot in bots:
        (summary,) = bot.report.finished
        assert bot.report.desyncs == 0 and summary["origin"] == game.origin()
        assert summary["actions"] == len(game.log)
        trips = sorted(bot.report.round_trips)
        assert trips[0] >= 0.3  # every action crossed the slow network both ways
