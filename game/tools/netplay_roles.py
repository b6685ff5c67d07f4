"""The processes `python -m game.tools.netplay` starts: a headless host and headless friends,
each a real process on real sockets, each writing a JSON report when it ends.

    python -m game.tools.netplay host --data DIR --port 47010 --friends 3 --cpus 1 \\
        --matches 5 --ready DIR/ready.json --out DIR/host.json [--resume]
    python -m game.tools.netplay friend --invite yahtzee://127.0.0.1:47010/K7QM-3XDA \\
        --seat 0 --name Ann --colour 2 --data DIR --out DIR/f0.json [--token-file F]
    python -m game.tools.netplay fuzz --invite ... --rounds 1 --out DIR/fuzz.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import threading
import time
from pathlib import Path
from typing import TypedDict

from game.json_types import JsonMapping, JsonObject, as_list, as_object
from game.net.authority import Authority, AuthorityOptions
from game.net.bot import FriendBot, match_summary
from game.net.codes import new_code, read_code, read_invite
from game.net.friend import Friend
from game.net.host import Host
from game.net.keep import resume_table, saving_sessions, table_record
from game.net.limits import Limits
from game.net.messages import Join
from game.net.seating import CPU, OPEN, SeatPlan, TablePlan
from game.rules import GameConfig, Variant
from game.storage import Storage

# Headless friends play faster than any person: the host lets them (the flood limits are
# tested with the defaults, by the fuzzer and tests/net).
BOT_LIMITS = Limits(messages_per_second=400.0, message_burst=400)


# ----------------------------------------------------------------------------- the reports
class HostReport(TypedDict):
    """What the host writes when its table closes (read back by `host_report`)."""

    matches: int
    refused: dict[str, int]  # friends' intents refused, by reason
    denied: dict[str, int]  # handshakes turned away, by reason
    dropped: dict[str, int]  # connections dropped, by reason
    records: list[JsonObject]  # records_of: every match filed, as the sides compare them


class FriendSideReport(TypedDict):
    """What a friend writes (FriendBot's report and its records; read by `friend_report`)."""

    matches: int  # followed to the end and checked against the reveal
    actions: int  # its intents the host applied
    desyncs: int
    attacks: int
    attacks_refused: int
    round_trips: list[float]  # s, intent to its move
    unanswered: list[str]  # cheats the host never answered
    refused: dict[str, int]  # its honest intents refused, by reason
    links: list[str]  # how each connection went ("joined" ...)
    finished: list[JsonObject]  # match_summary of each match followed
    records: list[JsonObject]


class FuzzSideReport(TypedDict):
    """What the fuzzer writes (netfuzz.FuzzReport; read by `fuzz_report`)."""

    tried: dict[str, int]
    refused: dict[str, int]
    unexpected: list[str]


def _whole(data: JsonMapping, key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key} must be a whole number")
    return value


def _counts(data: JsonMapping, key: str) -> dict[str, int]:
    counts = as_object(data.get(key), what=key)
    return {name: _whole(counts, name) for name in counts}


def _texts(data: JsonMapping, key: str) -> list[str]:
    texts = as_list(data.get(key), what=key)
    if not all(isinstance(text, str) for text in texts):
        raise ValueError(f"{key} must be a list of text")
    return [str(text) for text in texts]


def _objects(data: JsonMapping, key: str) -> list[JsonObject]:
    return [as_object(item, what=f"an item of {key}") for item in as_list(data.get(key), what=key)]


def host_report(data: object) -> HostReport:
    """The host's report in `data` (JSON read back); ValueError names a field that is wrong."""
    report = as_object(data, what="the host's report")
    return {
        "matches": _whole(report, "matches"),
        "refused": _counts(report, "refused"),
        "denied": _counts(report, "denied"),
        "dropped": _counts(report, "dropped"),
        "records": _objects(report, "records"),
    }


def friend_report(data: object) -> FriendSideReport:
    """A friend's report in `data`; ValueError names a field that is wrong."""
    report = as_object(data, what="a friend's report")
    trips = as_list(report.get("round_trips"), what="round_trips")
    if not all(isinstance(t, (int, float)) and not isinstance(t, bool) for t in trips):
        raise ValueError("round_trips must be numbers")
    return {
        "matches": _whole(report, "matches"),
        "actions": _whole(report, "actions"),
        "desyncs": _whole(report, "desyncs"),
        "attacks": _whole(report, "attacks"),
        "attacks_refused": _whole(report, "attacks_refused"),
        "round_trips": [float(t) for t in trips if isinstance(t, (int, float))],
        "unanswered": _texts(report, "unanswered"),
        "refused": _counts(report, "refused"),
        "links": _texts(report, "links"),
        "finished": _objects(report, "finished"),
        "records": _objects(report, "records"),
    }


def fuzz_report(data: object) -> FuzzSideReport:
    """The fuzzer's report in `data`; ValueError names a field that is wrong."""
    report = as_object(data, what="the fuzzer's report")
    return {
        "tried": _counts(report, "tried"),
        "refused": _counts(report, "refused"),
        "unexpected": _texts(report, "unexpected"),
    }


def write_json(path: Path, data: JsonMapping) -> None:
    """Write a report whole or not at all (a reader never sees half of one)."""
    temporary = path.with_name(path.name + f".tmp-{os.getpid()}")
    temporary.write_text(json.dumps(data, indent=1), encoding="utf-8")
    os.replace(temporary, path)


def stop_on_signal(stop: threading.Event) -> None:
    """SIGTERM and SIGINT ask the process to stop as a host or friend quitting would."""
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda _n, _f: stop.set())


def table_plan(friends: int, cpus: int, level: str, variant: str) -> TablePlan:
    """Open seats for the friends with the CPU seats spread among them."""
    seats: list[SeatPlan] = [SeatPlan(OPEN) for _i in range(friends)]
    for n in range(cpus):
        seats.insert(min(1 + 2 * n, len(seats)), SeatPlan(CPU, f"Bot {n + 1}", n, level))
    config = GameConfig(tuple(f"P{i + 1}" for i in range(len(seats))), variant=Variant(variant))
    return TablePlan("Netplay table", config, tuple(seats))


def records_of(storage: Storage) -> list[JsonObject]:
    """Every match in a data folder's records, as the sides compare them."""
    kept = []
    for summary in storage.list_history():
        log_ = storage.load_log(summary.id)
        if log_ is None:
            kept.append({"id": summary.id, "unreadable": True})
            continue
        entry = match_summary(log_.game, tuple(log_.assisted), list(summary.players))
        entry.update(kinds=list(summary.kinds), match_totals=list(summary.totals))
        kept.append(entry)
    return kept


def host_main(args: argparse.Namespace) -> int:
    stop = threading.Event()
    stop_on_signal(stop)
    storage = Storage(args.data, environ={})
    options: AuthorityOptions = {"auto_start": True, "stand_in_after": args.stand_in_after}
    resumed = resume_table(storage, **options) if args.resume else None
    if resumed is not None:
        authority, code, port = resumed
    else:
        plan = table_plan(args.friends, args.cpus, args.level, args.variant)
        code, port = read_code(args.code or new_code()), args.port
        authority = Authority(plan, **options)
        authority.make_session = saving_sessions(
            storage, lambda: table_record(authority, code, host.port)
        )
    host = Host(
        authority,
        code,
        port=port,
        limits=BOT_LIMITS,
        cpu_delay=args.cpu_delay,
        next_game_after=args.next_game_after,
    )
    host.start()
    write_json(args.ready, {"invite": str(host.invite("127.0.0.1")), "pid": os.getpid()})
    played, counted = 0, None
    deadline = time.monotonic() + args.seconds
    try:
        while not stop.is_set() and time.monotonic() < deadline:
            over, session = host.query(
                lambda a: (a.session is not None and a.session.state.is_over, id(a.session))
            )
            if over and session != counted:
                played, counted = played + 1, session
                if played < args.matches:
                    host.command(lambda a: a.play_again())
                elif not args.linger:
                    break
            stop.wait(0.05)
    finally:
        refused = host.query(lambda a: dict(a.refusals))
        say(f"{played} matches played; closing the table")
        host.close(resumable=True)
    say("reading the records back")
    report: HostReport = {
        "matches": played,
        "refused": refused,
        "denied": dict(host.stats.denied),
        "dropped": dict(host.stats.dropped),
        "records": records_of(storage),
    }
    write_json(args.out, report)
    say("report written")
    return 0


def say(line: str) -> None:
    """A line in the process's log (netplay keeps each process's output), with the time."""
    print(f"{time.strftime('%H:%M:%S')} {line}", flush=True)


def friend_main(args: argparse.Namespace) -> int:
    stop = threading.Event()
    stop_on_signal(stop)
    storage = Storage(args.data, environ={})
    token = args.token_file.read_bytes() if args.rejoin else None
    join = Join(args.seat, args.name, args.colour, token, args.seat is None)
    friend = Friend(read_invite(args.invite), join, reconnect_for=args.reconnect_for).start()
    bot = FriendBot(
        friend,
        level=args.level,
        matches=args.matches,
        storage=storage,
        attack_every=args.attack_every,
        undo_every=args.undo_every,
        token_file=args.token_file,
        think=args.think,
        seed=args.seed,
    )
    deadline = time.monotonic() + args.seconds
    try:
        while not bot.done and not stop.is_set() and time.monotonic() < deadline:
            bot.step(0.05)
    finally:
        friend.close()
    report = bot.report.to_json()
    report["records"] = records_of(storage)
    write_json(args.out, report)
    return 0


def fuzz_main(args: argparse.Namespace) -> int:
    from game.tools.netfuzz import fuzz

    report = asyncio.run(fuzz(read_invite(args.invite), rounds=args.rounds, seed=args.seed))
    write_json(args.out, report.to_json())
    return 0


def add_role_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    host = sub.add_parser("host", help="a headless host (started by netplay)")
    host.add_argument("--data", type=Path, required=True)
    host.add_argument("--port", type=int, default=0)
    host.add_argument("--code", default=None)
    host.add_argument("--friends", type=int, default=3)
    host.add_argument("--cpus", type=int, default=1)
    host.add_argument("--level", default="hard")
    host.add_argument("--variant", default="official")
    host.add_argument("--matches", type=int, default=1)
    host.add_argument("--cpu-delay", type=float, default=0.0)
    host.add_argument("--next-game-after", type=float, default=0.5)
    host.add_argument("--stand-in-after", type=float, default=None)
    host.add_argument("--seconds", type=float, default=3600.0)
    host.add_argument("--resume", action="store_true")
    host.add_argument("--linger", action="store_true", help="serve on until stopped")
    host.add_argument("--ready", type=Path, required=True)
    host.add_argument("--out", type=Path, required=True)
    host.set_defaults(main=host_main)

    friend = sub.add_parser("friend", help="a headless friend (started by netplay)")
    friend.add_argument("--invite", required=True)
    friend.add_argument("--seat", type=int, default=None)
    friend.add_argument("--name", default="Friend")
    friend.add_argument("--colour", type=int, default=0)
    friend.add_argument("--level", default="hard")
    friend.add_argument("--matches", type=int, default=1)
    friend.add_argument("--attack-every", type=int, default=0)
    friend.add_argument("--undo-every", type=int, default=0)
    friend.add_argument("--seed", type=int, default=0)
    friend.add_argument("--think", type=float, default=0.0, help="s before each move")
    friend.add_argument("--data", type=Path, required=True)
    friend.add_argument("--token-file", type=Path, default=None)
    friend.add_argument("--rejoin", action="store_true")
    friend.add_argument("--reconnect-for", type=float, default=120.0)
    friend.add_argument("--seconds", type=float, default=3600.0)
    friend.add_argument("--out", type=Path, required=True)
    friend.set_defaults(main=friend_main)

    fuzzer = sub.add_parser("fuzz", help="hostile messages against a live host")
    fuzzer.add_argument("--invite", required=True)
    fuzzer.add_argument("--rounds", type=int, default=1)
    fuzzer.add_argument("--seed", type=int, default=0)
    fuzzer.add_argument("--out", type=Path, required=True)
    fuzzer.set_defaults(main=fuzz_main)


def quiet_logs(verbose: bool) -> None:
    level = logging.INFO if verbose else logging.ERROR
    logging.basicConfig(level=level, format="%(asctime)s %(name)s %(message)s")
