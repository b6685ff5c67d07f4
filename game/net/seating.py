"""Who sits at a hosted table: the host's own seats, CPU seats, and seats open for friends on
the network, who claim them with their own name and colour and keep them with a seat token.

A seat token is 32 random bytes, given to the friend once (sealed) and kept by the host only as
its SHA-256, so the host's saved table opens no seat to whoever reads it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field, replace

from game.match.seats import PERSON, SEAT_COLOURS, Seat
from game.net.messages import MAX_TABLE_NAME, TOKEN_BYTES, SeatView, TableView
from game.rules import GameConfig
from game.rules.names import check_name

HOST, CPU, OPEN = "host", "cpu", "open"


@dataclass(frozen=True)
class SeatPlan:
    """One seat of a table being set up: the host's own (`host`), a CPU (`cpu`, its level), or
    one open for a friend on the network (`open`: name and colour come with the friend)."""

    kind: str
    name: str | None = None
    colour: int = 0
    level: str | None = None
    profile: str | None = None  # the host's own seat: the profile its games are kept under

    def __post_init__(self) -> None:
        if self.kind not in (HOST, CPU, OPEN):
            raise ValueError(f"a seat is {HOST}, {CPU} or {OPEN}, got {self.kind!r}")
        if self.kind != OPEN:
            Seat(check_name(self.name), self.level or PERSON, self.colour, self.profile)
        if (self.kind == CPU) != (self.level is not None):
            raise ValueError("a CPU seat, and only a CPU seat, has a level")


@dataclass(frozen=True)
class TablePlan:
    """A table as its host sets it up: its name (as listed on the network), the rules (the
    players' names are the seats'), and the seats in order."""

    name: str
    rules: GameConfig
    seats: tuple[SeatPlan, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not 1 <= len(self.name.strip()) <= MAX_TABLE_NAME:
            raise ValueError(f"a table's name is 1 to {MAX_TABLE_NAME} characters")
        if len(self.seats) != len(self.rules.players):
            raise ValueError("the rules name as many players as there are seats")


def token_hash(token: bytes) -> str:
    return hashlib.sha256(token).hexdigest()


@dataclass
class SeatState:
    """One seat as the table runs: the plan, and for a friend's seat who holds it."""

    plan: SeatPlan
    name: str | None = None
    colour: int = 0
    token: str | None = None  # token_hash of the friend's seat token
    peer: int | None = None  # the connection playing it now
    stand_in: str | None = None  # a CPU level playing the seat while its friend is away
    left: bool = False  # the friend left or was removed: the stand-in plays on for good
    away_since: float | None = None  # when its friend dropped (time.monotonic)

    @property
    def is_friend(self) -> bool:
        return self.plan.kind == OPEN

    @property
    def claimed(self) -> bool:
        return self.name is not None

    def seat(self) -> Seat:
        """The match's seat: a friend plays as a person kept as a guest in the host's records."""
        plan = self.plan
        if plan.kind == OPEN:
            return Seat(check_name(self.name), PERSON, self.colour)
        return Seat(check_name(plan.name), plan.level or PERSON, plan.colour, plan.profile)

    def view(self) -> SeatView:
        plan = self.plan
        if plan.kind == CPU:
            return SeatView("cpu", plan.name, plan.colour, plan.level, True)
        if plan.kind == HOST:
            return SeatView("host", plan.name, plan.colour, None, True)
        if not self.claimed:
            return SeatView("open", None, self.colour, None, True)
        return SeatView("friend", self.name, self.colour, self.stand_in, self.peer is not None)


@dataclass
class Seating:
    """The seats of one table and the claims on them."""

    plan: TablePlan
    seats: list[SeatState] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [SeatState(p, p.name, p.colour) for p in self.plan.seats]
            for state in self.seats:
                if state.is_friend:
                    state.name = None
                    state.colour = self.free_colour()

    def view(self, playing: bool) -> TableView:
        rules = {k: v for k, v in self.plan.rules.to_dict().items() if k != "players"}
        seats = tuple(s.view() for s in self.seats)
        return TableView(self.plan.name, rules, seats, playing)

    def free_colour(self) -> int:
        used = {s.colour for s in self.seats if s.claimed}
        return next((c for c in range(SEAT_COLOURS) if c not in used), 0)

    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_friend and not s.claimed]

    def claim_refusal(self, player: int | None, name: str, colour: int) -> str | None:
        """Why a friend may not take seat `player` as `name` in `colour`, or None."""
        if player is None or not 0 <= player < len(self.seats):
            return "seat_taken"
        seat = self.seats[player]
        if not seat.is_friend or seat.claimed:
            return "seat_taken"
        if not name:
            return "bad_name"
        folded = name.casefold()
        if any(s.claimed and s.name and s.name.casefold() == folded for s in self.seats):
            return "name_taken"
        if any(s.claimed and s.colour == colour for s in self.seats):
            return "colour_taken"
        return None

    def claim(self, player: int, name: str, colour: int, peer: int) -> bytes:
        """Seat a friend (checked by claim_refusal); the seat token to give them."""
        token = secrets.token_bytes(TOKEN_BYTES)
        seat = self.seats[player]
        seat.name, seat.colour, seat.token, seat.peer = name, colour, token_hash(token), peer
        seat.away_since = None
        return token

    def seat_of_token(self, token: bytes) -> int | None:
        wanted = token_hash(token)
        for i, seat in enumerate(self.seats):
            if seat.token is not None and hmac.compare_digest(seat.token, wanted):
                return i
        return None

    def seat_of_peer(self, peer: int) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.peer == peer), None)

    def release(self, player: int) -> None:
        """Forget a friend's claim (before the match: the seat is open again)."""
        seat = self.seats[player]
        self.seats[player] = replace(SeatState(seat.plan), colour=self.free_colour())

    def seats_for_match(self) -> list[Seat]:
        return [s.seat() for s in self.seats]
