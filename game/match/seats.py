"""Who sits at the table: a person or a CPU level, with a name and a colour, and whether the
person plays with a game pad of their own; and which pad that is while the game runs.

The rules only know player names; this is what the screen, the CPU driver and the saves add.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.ai.levels.spec import LEVELS, level_spec
from game.i18n import _, translate
from game.rules.config import GameConfig
from game.rules.names import check_name

PERSON = "person"
SEAT_COLOURS = 8  # colour slots in the theme's player palette
# How fast a CPU's turns play to watch, slowest first (the table's CPU driver gives each its
# pauses and motion); the Settings' CPU pace is the one a seat without its own plays at.
CPU_PACES = ("slow", "normal", "fast", "instant")
CPU_NAMES = ("Ada", "Max", "Zoe", "Ben", "Cat", "Dan", "Eve", "Kit", "Lou", "Sam")


Own = frozenset[int] | None  # a network table's seats played at this screen; None: one computer


def is_you(name: str, player: int | None = None, own: Own = None) -> bool:
    """Whether the player `name` (seat `player`) is "you", the person at this screen. At a
    network table (`own`: the seats played here) only this screen's own seats are, whatever
    their names: a host named "Du" is no friend's "you". At one computer it is the seat with
    the default name "You" (or its translation)."""
    if own is not None:
        return player is not None and player in own
    folded = name.strip().casefold()
    # Translators: the default name of the first seat, the person at the computer.
    return folded in ("you", _("You").casefold())


def lone_player(config: GameConfig, competitor: int) -> int | None:
    """The one player of a competitor (None for a team of several)."""
    players = [p for column in config.competitors[competitor] for p in config.columns[column]]
    return players[0] if len(players) == 1 else None


def cpu_name(taken: Iterable[str], number: int) -> str:
    """A new CPU seat's name: a short name no seat has (`taken`), else "CPU `number`"."""
    used = {name.strip().casefold() for name in taken}
    # Translators: a CPU seat's name when every short name is taken.
    fallback = _("CPU {number}").format(number=number)
    return next((n for n in CPU_NAMES if n.casefold() not in used), fallback)


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = PERSON  # "person" or one of LEVELS
    colour: int = 0  # index into the theme's player palette
    profile: str | None = None  # the player's profile name for statistics (persons)
    # Plays with a pad of their own: other pads cannot act for the seat. Which pad is known
    # only while the game runs (the table's SeatPads); a resumed match asks for it again.
    pad: bool = False
    pace: str | None = None  # a CPU's own pace (CPU_PACES); None: the Settings' CPU pace

    def __post_init__(self) -> None:
        if self.kind != PERSON and self.kind not in LEVELS:
            raise ValueError(f"a seat is a person or a CPU level {LEVELS}, got {self.kind!r}")
        if isinstance(self.colour, bool) or not isinstance(self.colour, int):
            raise ValueError("a seat's colour is a palette index")
        if not 0 <= self.colour < SEAT_COLOURS:
            raise ValueError(f"a seat's colour is 0 to {SEAT_COLOURS - 1}")
        if not isinstance(self.pad, bool) or (self.pad and self.kind != PERSON):
            raise ValueError("a seat's pad is true or false, and only a person plays with one")
        if self.pace is not None and (self.pace not in CPU_PACES or self.kind == PERSON):
            raise ValueError(f"a CPU seat's pace is one of {CPU_PACES}, a person's none")

    @property
    def is_cpu(self) -> bool:
        return self.kind != PERSON

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "name": self.name,
            "kind": self.kind,
            "colour": self.colour,
            "profile": self.profile,
        }
        if self.pad:  # (absent when false, so older versions read the seat as it was)
            data["pad"] = True
        if self.pace is not None:  # (absent as the Settings' pace, for the same reason)
            data["pace"] = self.pace
        return data

    @classmethod
    def from_dict(cls, data: object) -> Seat:
        if not isinstance(data, dict):
            raise ValueError("a seat must be an object")
        name = check_name(data.get("name"))
        profile = data.get("profile")
        if profile is not None:
            profile = check_name(profile)
        kind = data.get("kind", PERSON)
        if not isinstance(kind, str):
            raise ValueError("a seat's kind must be text")
        pace = data.get("pace")
        return cls(name, kind, data.get("colour", 0), profile, data.get("pad", False), pace)


def level_name(kind: str) -> str:
    """A CPU level's name in the language in use ('Expert')."""
    return translate(level_spec(kind).name)


def seating_key(seats: Sequence[Seat]) -> tuple[tuple[str, str, bool], ...]:
    """The seats as a table knows them. The pads of a table are handed on under it (the
    setup to its table, a table to the next one with the same seats: the match continued,
    or played again); a match with other seats never gets them."""
    return tuple((seat.name, seat.kind, seat.pad) for seat in seats)


class SeatPads:
    """Which plugged-in pad (by its instance id) plays each seat bound to a pad, for one
    match: a pad plays one seat at most. Instance ids last only while the game runs, so
    this is never saved; the seats' `pad` flag is."""

    def __init__(self, pads: dict[int, int] | None = None) -> None:
        self._pads: dict[int, int] = {}  # seat -> pad
        for seat, pad in (pads or {}).items():
            self.claim(seat, pad)

    def as_dict(self) -> dict[int, int]:
        return dict(self._pads)

    def pad_of(self, seat: int) -> int | None:
        return self._pads.get(seat)

    def seat_of(self, pad: int) -> int | None:
        return next((s for s, p in self._pads.items() if p == pad), None)

    def claim(self, seat: int, pad: int) -> None:
        """`pad` plays `seat` now (and no other seat)."""
        self._pads = {s: p for s, p in self._pads.items() if p != pad}
        self._pads[seat] = pad

    def drop(self, seat: int) -> None:
        self._pads.pop(seat, None)
