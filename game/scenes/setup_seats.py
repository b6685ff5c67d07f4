"""The table as it is being set up, with no pygame in it: the seats (drafts the player edits;
game.match.seats.Seat is frozen and checked) and the choices for each seat and for the match, with
the rules for stepping through them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.match.seats import LEVELS, PERSON, SEAT_COLOURS
from game.rules import StartOrder, TeamMode, Variant

if TYPE_CHECKING:
    from game.context import Context

KINDS = (PERSON, *LEVELS)
CPU_NAMES = ("Ada", "Max", "Zoe", "Ben", "Cat", "Dan", "Eve", "Kit", "Lou", "Sam")
VARIANTS = (Variant.OFFICIAL, Variant.FREE, Variant.SIMPLE)
TEAM_MODES = (TeamMode.OFF, TeamMode.SHARED, TeamMode.COMBINED)
TEAM_LETTERS = "ABCD"
STARTS = (StartOrder.ROLL_OFF, StartOrder.SEATED)


@dataclass
class SeatDraft:
    """A seat as it is being set up (Seat itself is frozen and checked)."""

    name: str
    kind: str = PERSON
    colour: int = 0
    team: int = 0


def default_seats() -> list[SeatDraft]:
    return [
        SeatDraft("You", PERSON, 0, 0),
        SeatDraft("Ada", "medium", 1, 1),
        SeatDraft("Max", "hard", 2, 0),
    ]


def new_seat(seats: list[SeatDraft]) -> SeatDraft:
    """The seat "+ Add player" adds: a medium CPU with a name and a colour not yet taken,
    on the team after the last seat's."""
    used = {s.name.strip().casefold() for s in seats}
    name = next((n for n in CPU_NAMES if n.casefold() not in used), f"CPU {len(seats)}")
    colours = {s.colour for s in seats}
    colour = next((c for c in range(SEAT_COLOURS) if c not in colours), 0)
    return SeatDraft(name, "medium", colour, len(seats) % 2)


def step_kind(seat: SeatDraft, step: int) -> None:
    seat.kind = KINDS[(KINDS.index(seat.kind) + step) % len(KINDS)]


def step_colour(seats: list[SeatDraft], index: int, step: int) -> None:
    """The next colour no other seat has (with eight seats, the next colour, shared)."""
    seat = seats[index]
    taken = {s.colour for i, s in enumerate(seats) if i != index}
    colour = seat.colour
    for _ in range(SEAT_COLOURS):
        colour = (colour + step) % SEAT_COLOURS
        if colour not in taken:
            break
    else:  # every colour is taken (eight seats): any colour, shared
        colour = (seat.colour + step) % SEAT_COLOURS
    seat.colour = colour


def step_team(seats: list[SeatDraft], index: int, step: int) -> None:
    teams = max(2, min(len(TEAM_LETTERS), len(seats) // 2))
    seat = seats[index]
    seat.team = (seat.team + step) % teams


def profiles_by_name(ctx: Context) -> dict[str, str]:
    """The player profiles' names, keyed by the name casefolded. A person whose seat has such
    a name plays under that profile; with no word from storage (an older storage, or a disk
    problem) everyone plays as a guest."""
    try:
        profiles = ctx.storage.list_profiles()
    except (AttributeError, OSError):
        return {}
    found: dict[str, str] = {}
    for profile in profiles:
        found.setdefault(profile.name.casefold(), profile.name)
    return found
