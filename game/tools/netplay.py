"""Network play, measured: a host and N headless friends as separate processes on real
loopback sockets play whole games (CPU seats mixed in), and the figures are printed.

    python -m game.tools.netplay --clients 3 --games 50
    python -m game.tools.netplay --clients 3 --games 5 --delay-ms 150 --loss 0.05
    python -m game.tools.netplay --clients 2 --cpus 2 --games 10 --fuzz 2 --keep

Each game is a match of one game at the same table ("Play again" between them). The friends
play their seats with a CPU level and try a cheat now and then (`--attack-every`), which the
host must refuse; a fuzzer process (`--fuzz` rounds) throws hostile messages at the host while
the games go on. At the end, every side's finished games are compared: the matches each friend
followed and checked against the host's reveal, and the records each side filed in its own
data folder, against the host's records (cards, totals, winners, assisted players, the action
log). `--delay-ms` and `--loss` put a relay between the friends and the host that delays each
chunk and stalls a share of them as TCP does after a loss (game.tools.lagproxy).

Printed: games played, actions, the action round trip (median, p99), desyncs (must be 0),
attacks tried and refused, processor time and load. Exit status 0 when every game was played
with no desync and every attack was refused, 1 otherwise, 2 for bad arguments. Ports are taken
from 47000-47999, temporary folders are /tmp/net-play-*; every process started is stopped.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from game.net.codes import Invite, new_code, read_code
from game.net.seating import OPEN
from game.tools.lagproxy import LagProxy
from game.tools.netplay_roles import (
    FriendSideReport,
    FuzzSideReport,
    HostReport,
    add_role_parsers,
    friend_report,
    fuzz_report,
    host_report,
    quiet_logs,
    table_plan,
)

R = TypeVar("R")

PORTS = range(47000, 48000)
COMPARED = ("players", "cards", "totals", "winners", "assisted", "log", "actions")
RECORDED = ("kinds", "match_totals")
ROLES = ("host", "friend", "fuzz")
HOST_CLOSING = 180.0  # s for the host to close and read its records back (a busy machine)


def free_port(rng: random.Random, taken: Sequence[int] = ()) -> int:
    """A port of ours (47000-47999) that nothing listens on now."""
    for port in rng.sample(PORTS, len(PORTS)):
        if port in taken:
            continue
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise OSError("no free port in 47000-47999")


class Children:
    """The processes started, each logging to its own file; all stopped at the end."""

    def __init__(self, work: Path, verbose: bool) -> None:
        self.work = work
        self.verbose = verbose
        self.procs: dict[str, subprocess.Popen[bytes]] = {}

    def start(self, name: str, role: str, *options: str) -> subprocess.Popen[bytes]:
        command = [sys.executable, "-m", "game.tools.netplay", role, *options]
        if self.verbose:
            command.append("--verbose")
        log = (self.work / f"{name}.log").open("wb")
        proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        self.procs[name] = proc
        return proc

    def wait(self, name: str, timeout: float) -> int | None:
        try:
            return self.procs[name].wait(timeout=max(0.1, timeout))
        except subprocess.TimeoutExpired:
            return None

    def stop_all(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs.values():
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


def wait_for_file(path: Path, proc: subprocess.Popen[bytes], timeout: float) -> None:
    """Wait for a file the process writes (a report, the host's save)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.is_file():
            return
        if proc.poll() is not None:
            raise RuntimeError(f"the process ended ({proc.returncode}) before writing {path.name}")
        time.sleep(0.05)
    raise TimeoutError(f"{path.name} was not written in {timeout} s")


def read_report(path: Path, parse: Callable[[object], R]) -> R | None:
    """The report a process wrote at `path`, parsed; None if it is missing or malformed."""
    try:
        data: object = json.loads(path.read_text(encoding="utf-8"))  # checked by `parse`
        return parse(data)
    except (OSError, ValueError) as bad:
        print(f"netplay: the report {path.name} is unusable: {bad}")
        return None


def compare(host: HostReport, friends: list[FriendSideReport]) -> tuple[int, list[str]]:
    """Desyncs: each friend's own count, and every finished match or record of a friend that
    differs from (or is missing against) the host's records."""
    notes: list[str] = []
    desyncs = 0
    kept = {r["origin"]: r for r in host["records"] if "origin" in r}
    for n, friend in enumerate(friends):
        desyncs += friend["desyncs"]
        followed = {r["origin"]: r for r in friend["finished"]}
        filed = {r["origin"]: r for r in friend["records"] if "origin" in r}
        for origin, record in kept.items():
            for what, theirs, keys in (
                ("followed", followed, COMPARED),
                ("filed", filed, COMPARED + RECORDED),
            ):
                mine = theirs.get(origin)
                wrong = [k for k in keys if mine is None or mine.get(k) != record.get(k)]
                if wrong:
                    desyncs += 1
                    notes.append(f"friend {n}: {what} game {origin} differs in {wrong}")
    return desyncs, notes


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    plan = table_plan(args.clients, args.cpus, args.level, args.variant)
    seats = [i for i, seat in enumerate(plan.seats) if seat.kind == OPEN]
    work = Path(tempfile.mkdtemp(prefix="net-play-", dir="/tmp"))
    children = Children(work, args.verbose)
    code = read_code(new_code())
    port = free_port(rng)
    proxy: LagProxy | None = None
    started = time.monotonic()
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        host = children.start(
            "host", "host", "--data", str(work / "host"), "--port", str(port), "--code", code,
            "--friends", str(args.clients), "--cpus", str(args.cpus), "--level", args.level,
            "--variant", args.variant, "--matches", str(args.games),
            "--ready", str(work / "ready.json"), "--out", str(work / "host.json"),
            "--seconds", str(args.timeout), "--linger",
        )  # fmt: skip
        wait_for_file(work / "ready.json", host, 60.0)
        target = Invite("127.0.0.1", port, code)
        if args.delay_ms or args.loss:
            relay = free_port(rng, (port,))
            proxy = LagProxy(
                ("127.0.0.1", port),
                relay,
                delay=args.delay_ms / 1000,
                loss=args.loss,
                seed=args.seed,
            ).start()
            target = Invite("127.0.0.1", relay, code)
        for n, seat in enumerate(seats):
            children.start(
                f"friend{n}", "friend", "--invite", str(target), "--seat", str(seat),
                "--name", f"Friend {n + 1}", "--colour", str(args.cpus + n),
                "--level", args.level, "--matches", str(args.games),
                "--attack-every", str(args.attack_every), "--undo-every", str(args.undo_every),
                "--seed", str(args.seed + n), "--data", str(work / f"friend{n}"),
                "--token-file", str(work / f"friend{n}.token"),
                "--out", str(work / f"friend{n}.json"), "--seconds", str(args.timeout),
            )  # fmt: skip
        if args.fuzz:  # once the friends sit at the table (the match started and saved)
            wait_for_file(work / "host" / "current.json", host, 120.0)
            children.start(
                "fuzz", "fuzz", "--invite", str(Invite("127.0.0.1", port, code)),
                "--rounds", str(args.fuzz), "--seed", str(args.seed),
                "--out", str(work / "fuzz.json"),
            )  # fmt: skip
        deadline = time.monotonic() + args.timeout + 30
        for name in children.procs:
            if name != "host":
                children.wait(name, deadline - time.monotonic())
        host.terminate()  # the host quits as a player would: it tells everyone and saves
        children.wait("host", HOST_CLOSING)
    finally:
        children.stop_all()
        if proxy is not None:
            proxy.stop()
    wall = time.monotonic() - started
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    hosted = read_report(work / "host.json", host_report)
    friends = [read_report(work / f"friend{n}.json", friend_report) for n in range(len(seats))]
    no_fuzz: FuzzSideReport = {"tried": {}, "refused": {}, "unexpected": []}
    fuzz = read_report(work / "fuzz.json", fuzz_report) if args.fuzz else no_fuzz
    status = summarise(args, hosted, friends, fuzz, proxy, wall, cpu)
    if args.keep or status:
        print(f"kept            {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    return status


def summarise(
    args: argparse.Namespace,
    host: HostReport | None,
    friends: list[FriendSideReport | None],
    fuzz: FuzzSideReport | None,
    proxy: LagProxy | None,
    wall: float,
    cpu: float,
) -> int:
    missing = [n for n, f in enumerate(friends) if f is None]
    if host is None or missing or fuzz is None:
        print(f"netplay: no report from {'the host' if host is None else f'friends {missing}'}")
        return 1
    reports = [f for f in friends if f is not None]
    desyncs, notes = compare(host, reports)
    games = len(host["records"])
    actions = sum(n for r in host["records"] if isinstance(n := r.get("actions", 0), int))
    trips = [t for f in reports for t in f["round_trips"]]
    tried = sum(f["attacks"] for f in reports)
    refused = sum(f["attacks_refused"] for f in reports)
    fuzz_tried = sum(fuzz["tried"].values())
    fuzz_refused = sum(fuzz["refused"].values())
    seats = f"{args.clients} friends, {args.cpus} CPU seats ({args.level})"
    print(f"netplay         {seats}, seed {args.seed}")
    if proxy is not None:
        stalled = f"{proxy.lost} of {proxy.chunks} chunks stalled"
        print(f"network         {args.delay_ms:g} ms each way, {args.loss:.0%} loss ({stalled})")
    print(f"games played    {games} of {args.games}")
    print(f"actions         {actions} ({len(trips)} by friends)")
    if trips:
        median, p99 = statistics.median(trips) * 1000, percentile(trips, 0.99) * 1000
        print(f"round trip      median {median:.1f} ms, p99 {p99:.1f} ms")
    sides = len(reports) + 1
    print(f"desyncs         {desyncs} (cards, totals, log and records compared on {sides} sides)")
    for note in notes[:10]:
        print(f"                {note}")
    fuzzed = f"fuzzer {fuzz_refused} of {fuzz_tried} refused"
    print(f"attacks         friends' cheats {refused} of {tried} refused; {fuzzed}")
    for line in fuzz["unexpected"][:10]:
        print(f"                not refused: {line}")
    print(f"host refused    {json.dumps(host['refused'], sort_keys=True)}")
    print(f"host turned away {json.dumps(host['denied'], sort_keys=True)}")
    print(f"host dropped    {json.dumps(host['dropped'], sort_keys=True)}")
    honest = {k: v for f in reports for k, v in f["refused"].items()}
    if honest:
        print(f"honest refused  {json.dumps(honest, sort_keys=True)}")
    load = os.getloadavg()[0]
    print(
        f"time            {wall:.1f} s wall, {cpu:.1f} s processor (all processes), load {load:.2f}"
    )
    good = games == args.games and desyncs == 0 and refused == tried
    return 0 if good and fuzz_refused == fuzz_tried and not fuzz["unexpected"] else 1


def _interrupted(_signal: int, _frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ROLES:
        parser = argparse.ArgumentParser(prog="netplay")
        sub = parser.add_subparsers(required=True)
        add_role_parsers(sub)
        for role in sub.choices.values():
            role.add_argument("--verbose", action="store_true")
        args = parser.parse_args(argv)
        quiet_logs(args.verbose)
        return int(args.main(args))
    signal.signal(signal.SIGTERM, _interrupted)  # stopped: stop every process started too
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.netplay", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--clients", type=int, default=3, help="headless friends (1 to 7)")
    parser.add_argument("--games", type=int, default=5, help="games to play, one match each")
    parser.add_argument("--cpus", type=int, default=1, help="CPU seats among them")
    parser.add_argument("--level", default="hard", help="the CPU level of every seat")
    parser.add_argument("--variant", default="official")
    parser.add_argument(
        "--attack-every", type=int, default=8, help="a cheat about every N decisions (0: none)"
    )
    parser.add_argument(
        "--undo-every", type=int, default=25, help="a hold taken back about every N decisions"
    )
    parser.add_argument(
        "--fuzz", type=int, default=1, help="rounds of the hostile fuzzer (0: none)"
    )
    parser.add_argument("--delay-ms", type=float, default=0.0, help="one-way delay added (ms)")
    parser.add_argument("--loss", type=float, default=0.0, help="share of chunks stalled as lost")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=1800.0, help="s before giving up")
    parser.add_argument("--keep", action="store_true", help="keep the folder with every log")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    if not args.clients >= 1 or args.clients + args.cpus > 8 or args.games < 1:
        parser.error("1 to 8 seats in all, at least one friend and one game")
    try:
        return run(args)
    except KeyboardInterrupt:
        print("netplay: stopped; every process it started is stopped too")
        return 130


if __name__ == "__main__":
    sys.exit(main())
