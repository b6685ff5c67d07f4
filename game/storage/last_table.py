"""The last table set up, so the next New game starts from it: each seat's name, kind,
colour and team, and the rules of the match (length, teams, first turn, tie-breaker, forced
order). The
rule variant is not here: it is the settings' default variant, which the setup sets to the
variant of the game it starts (so changing it in Settings changes the next table too).

Kept in its own small file, `last-table.json` in the data folder, written when a game is
started from the setup and read at start-up as every other file is: a damaged one is moved
aside and reported, and the setup falls back to its defaults. Headless: no pygame.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TypeVar

from game.ai.levels.spec import LEVELS
from game.i18n import N_, later
from game.json_types import JsonMapping, JsonObject, as_list, as_object
from game.match.seats import CPU_PACES, PERSON, SEAT_COLOURS
from game.rules import StartOrder, TeamMode
from game.rules.config import MAX_GAMES, MAX_PLAYERS
from game.rules.names import name_problem

E = TypeVar("E", bound=enum.Enum)

LAST_TABLE_FORMAT = 1
WHAT = later(N_("last table"))
KINDS = (PERSON, *LEVELS)
MAX_TEAMS = 4  # the setup's team letters A to D


@dataclass(frozen=True)
class TableSeat:
    """A seat as it was set up (its name may be one the setup would still refuse)."""

    name: str
    kind: str = PERSON
    colour: int = 0
    team: int = 0
    pace: str | None = None  # a CPU's own pace (game.match.seats.CPU_PACES); None: Settings'

    def __post_init__(self) -> None:
        name = self.name
        # Blank is allowed: a seat the setup shows empty, for the player to type.
        problem = name_problem(name) if not isinstance(name, str) or name else None
        if problem is not None:
            raise ValueError(f"a seat's name {name!r}: {problem}")
        if self.kind not in KINDS:
            raise ValueError(f"a seat is one of {', '.join(KINDS)}")
        for value, high, what in (
            (self.colour, SEAT_COLOURS, "colour"),
            (self.team, MAX_TEAMS, "team"),
        ):
            if not 0 <= value < high:
                raise ValueError(f"a seat's {what} is a whole number from 0 to {high - 1}")
        if self.pace is not None and self.pace not in CPU_PACES:
            raise ValueError(f"a seat's pace is one of {', '.join(CPU_PACES)}")

    def to_dict(self) -> JsonObject:
        data = {"name": self.name, "kind": self.kind, "colour": self.colour, "team": self.team}
        if self.pace is not None:  # (absent as the Settings' pace: older versions read it)
            data["pace"] = self.pace
        return data

    @classmethod
    def from_dict(cls, data: object) -> TableSeat:
        """The seat in `data`: each field's type checked here, its value by __post_init__."""
        seat = as_object(data, what="a seat")
        name, kind, pace = seat.get("name"), seat.get("kind"), seat.get("pace")
        if not isinstance(name, str):
            raise ValueError(f"a seat's name {name!r:.40}: {name_problem(name)}")
        if not isinstance(kind, str):
            raise ValueError(f"a seat is one of {', '.join(KINDS)}")
        if pace is not None and not isinstance(pace, str):
            raise ValueError(f"a seat's pace is one of {', '.join(CPU_PACES)}")
        colour = _whole(seat.get("colour"), what="colour", below=SEAT_COLOURS)
        return cls(name, kind, colour, _whole(seat.get("team"), what="team", below=MAX_TEAMS), pace)


@dataclass(frozen=True)
class LastTable:
    """Who sat where and the rules of the match, as the setup last started a game."""

    seats: tuple[TableSeat, ...]
    games: int = 1
    team_mode: TeamMode = TeamMode.OFF
    start: StartOrder = StartOrder.ROLL_OFF
    tie_breaker: bool = False
    forced_order: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.seats, tuple) or not 1 <= len(self.seats) <= MAX_PLAYERS:
            raise ValueError(f"a table has 1 to {MAX_PLAYERS} seats")
        if not all(isinstance(seat, TableSeat) for seat in self.seats):
            raise ValueError("every seat must be a TableSeat")
        if not 1 <= self.games <= MAX_GAMES:
            raise ValueError(f"a match is 1 to {MAX_GAMES} games")
        for value, kind in ((self.team_mode, TeamMode), (self.start, StartOrder)):
            if not isinstance(value, kind):
                raise ValueError(f"not a {kind.__name__}: {value!r:.40}")

    def to_dict(self) -> JsonObject:
        return {
            "format": LAST_TABLE_FORMAT,
            "seats": [seat.to_dict() for seat in self.seats],
            "games": self.games,
            "team_mode": self.team_mode.value,
            "start": self.start.value,
            "tie_breaker": self.tie_breaker,
            "forced_order": self.forced_order,
        }

    @classmethod
    def from_dict(cls, data: JsonMapping) -> LastTable:
        """The table in `data` (format already checked); ValueError in words if any of it is
        not a table the setup could show."""
        seats = as_list(data.get("seats"), what="seats")
        games = data.get("games")
        if isinstance(games, bool) or not isinstance(games, int):
            raise ValueError(f"a match is 1 to {MAX_GAMES} games")
        tie_breaker = data.get("tie_breaker")
        if not isinstance(tie_breaker, bool):
            raise ValueError("the tie-breaker is on or off (true or false)")
        forced_order = data.get("forced_order", False)  # (absent before Yatzy)
        if not isinstance(forced_order, bool):
            raise ValueError("forced order is on or off (true or false)")
        return cls(
            tuple(TableSeat.from_dict(seat) for seat in seats),
            games,
            _enum(TeamMode, data.get("team_mode"), "team_mode"),
            _enum(StartOrder, data.get("start"), "start"),
            tie_breaker,
            forced_order,
        )


def _whole(value: object, what: str, below: int) -> int:
    """`value` if it is a whole number (true and false are not); ValueError otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"a seat's {what} is a whole number from 0 to {below - 1}")
    return value


def _enum(kind: type[E], value: object, key: str) -> E:
    try:
        return kind(value)
    except ValueError:
        raise ValueError(f"{key} is not one of {', '.join(m.value for m in kind)}") from None
