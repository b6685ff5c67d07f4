"""What a network table keeps on disk, through the storage API and nothing else.

The host saves its match after every action, as any table does (`current.json`), with the
table itself in the save's `extra["net"]`: its name, code and port and, per seat, whose it is
and the SHA-256 of its friend's seat token; so a host that quits (or is killed) opens the same
table again later, and its friends come back to their seats. A finished match is filed in the
records as any other. A friend files the match it followed, checked against the host's reveal
(game.net.follower), in its own history: its own seat under its own profile, the others as
guests and CPUs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TypedDict, Unpack

from game.json_types import JsonMapping, JsonObject, as_list, as_object
from game.match.seats import Seat
from game.match.session import Session
from game.net.authority import Authority, AuthorityOptions, MakeSession
from game.net.codes import check_port, read_code
from game.net.follower import FinishedMatch
from game.net.seating import CPU, HOST, OPEN, SeatPlan, SeatState, TablePlan
from game.rules import Game
from game.storage import FinishedRecord, Storage

log = logging.getLogger(__name__)
NET_FORMAT = 1


class SeatRecord(TypedDict):
    """A seat of the table as the host's save keeps it (never a seat token: only its hash)."""

    kind: str  # seating's HOST, CPU or OPEN
    token: str | None  # the SHA-256 of its friend's seat token, as 64 hex digits
    stand_in: str | None  # the CPU level playing for an away friend
    left: bool


class TableRecord(TypedDict):
    """The table in the save's `extra["net"]`."""

    format: int
    name: str
    code: str
    port: int
    seats: list[SeatRecord]


@dataclass(frozen=True)
class KeptTable:
    """A saved network table, read back and checked against its match."""

    plan: TablePlan
    states: list[SeatState]
    code: str
    port: int

    @classmethod
    def from_json(cls, net: object, seats: Sequence[Seat], game: Game) -> KeptTable:
        """The table in a save's `extra["net"]` for the match of `game` and `seats`;
        ValueError says what does not fit."""
        data = as_object(net, what="a network table")
        if data.get("format") != NET_FORMAT:
            raise ValueError("no network table in the save")
        kept = as_list(data.get("seats"), what="the table's seats")
        if len(kept) != len(seats):
            raise ValueError("the table's seats do not match the match's")
        plans, states = [], []
        for seat, info in zip(seats, kept, strict=True):
            state = _seat_state(seat, as_object(info, what="a seat of the table"))
            plans.append(state.plan)
            states.append(state)
        name = data.get("name")
        plan = TablePlan(name if isinstance(name, str) else "", game.config, tuple(plans))
        return cls(plan, states, read_code(str(data.get("code"))), check_port(data.get("port")))


def _seat_state(seat: Seat, info: JsonMapping) -> SeatState:
    kind = info.get("kind")
    token = info.get("token")
    stand_in = info.get("stand_in")
    if token is not None and (not isinstance(token, str) or len(token) != 64):
        raise ValueError("a seat token's hash is 64 hex digits")
    if kind == OPEN and not seat.is_cpu:
        plan = SeatPlan(OPEN)
    elif kind == CPU and seat.is_cpu:
        plan = SeatPlan(CPU, seat.name, seat.colour, seat.kind)
    elif kind == HOST and not seat.is_cpu:
        plan = SeatPlan(HOST, seat.name, seat.colour, profile=seat.profile)
    else:
        raise ValueError(f"a seat of kind {kind!r:.40} for a {seat.kind} seat")
    if stand_in is not None and (kind != OPEN or not isinstance(stand_in, str)):
        raise ValueError("only a friend's seat has a stand-in")
    left = info.get("left") is True
    return SeatState(plan, seat.name, seat.colour, token, None, stand_in, left)


def save_table(storage: Storage, session: Session, table: TableRecord) -> bool:
    """Save the host's match (after every action): in play with its table; filed once over."""
    game = session.game
    if game.state.is_over:
        done = storage.record_finished(
            game, session.seats, session.assisted, session.started, session.expected_lost
        )
        return done.saved
    extra: JsonObject = {"seed": session.seed, "net": table}
    return storage.save_game(game, session.seats, session.assisted, session.started, extra)


def saver(storage: Storage, table: Callable[[], TableRecord]) -> Callable[[Session], None]:
    """A session's `on_change` that saves it with its table (a refusal is in storage.problems)."""

    def save(session: Session) -> None:
        if not save_table(storage, session, table()):
            log.warning("the network table was not saved: %s", storage.problems[-1:])

    return save


def saving_sessions(storage: Storage, table: Callable[[], TableRecord]) -> MakeSession:
    """How an Authority makes its matches: sessions saved after every action."""

    def make(game: Game, seats: list[Seat]) -> Session:
        return Session(game, seats, on_change=saver(storage, table))

    return make


def table_record(authority: Authority, code: str, port: int) -> TableRecord:
    """The table as the host's save keeps it (never a seat token: only its hash)."""
    seats: list[SeatRecord] = [
        {"kind": s.plan.kind, "token": s.token, "stand_in": s.stand_in, "left": s.left}
        for s in authority.seating.seats
    ]
    plan = authority.seating.plan
    return {"format": NET_FORMAT, "name": plan.name, "code": code, "port": port, "seats": seats}


def resume_table(
    storage: Storage, **options: Unpack[AuthorityOptions]
) -> tuple[Authority, str, int] | None:
    """The network table saved in the data folder, ready to open again: (authority, code,
    port); None if the saved game is not a network table's (or there is none). `options`
    go to the Authority. Its session saves as the table goes on."""
    saved = storage.load_current()
    if saved is None:
        return None
    game = saved.game
    try:
        kept = KeptTable.from_json(saved.extra.get("net"), saved.seats, game)
    except (ValueError, TypeError, KeyError) as bad:
        log.warning("the saved game is not a network table to resume: %s", bad)
        return None
    if storage.filed_id(game) is not None:
        storage.clear_current()
        return None
    authority = Authority(kept.plan, **options)
    authority.seating.seats = kept.states
    code, port = kept.code, kept.port

    def table() -> TableRecord:
        return table_record(authority, code, port)

    authority.make_session = saving_sessions(storage, table)
    session = Session(
        game,
        saved.seats,
        assisted=saved.assisted,
        started=saved.started,
        seed=saved.seed,
        on_change=saver(storage, table),
    )
    authority.resume(session)
    return authority, code, port


def file_finished(
    storage: Storage, finished: FinishedMatch, own: int | None, profile: str | None
) -> FinishedRecord:
    """Keep a followed match in a friend's history: their seat (`own`) under `profile`,
    everyone else's person seats as guests. The game in progress on this machine (a game of
    its own, if any) is left alone."""
    seats = [
        replace(seat, profile=profile if player == own else None)
        for player, seat in enumerate(finished.seats)
    ]
    return storage.record_finished(
        finished.game,
        seats,
        finished.assisted,
        finished.started,
        finished.expected_lost,
        clear=False,
    )
