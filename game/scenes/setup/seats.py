"""The table as it is being set up, with no pygame in it: the match draft (the seats, drafts
the player edits, and the rules of the match; game.match.seats.Seat is frozen and checked), the
choices for each seat and for the match, and the rules for stepping through them. A person's
seat may be claimed by a game pad (its instance id), so only that pad plays it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.ai.levels.spec import LEVELS
from game.i18n import _, translated
from game.match.seats import CPU_NAMES, CPU_PACES, PERSON, SEAT_COLOURS, Seat, cpu_name
from game.rules import GameConfig, StartOrder, TeamMode, Variant
from game.rules.config import MAX_GAMES, MAX_PLAYERS
from game.rules.names import name_problem
from game.storage import LastTable, TableSeat

if TYPE_CHECKING:
    from game.net.seating import TablePlan
    from game.scenes.context import Context

NETWORK = "network"  # a seat a friend at another computer takes (game.net)
KINDS = (PERSON, *LEVELS, NETWORK)
VARIANTS = tuple(Variant)  # the setup offers every variant, in their order
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
    pad: int | None = None  # the instance id of the pad that plays this seat (persons only)
    pace: str | None = None  # a CPU's own pace (CPU_PACES); None: the Settings' CPU pace


def default_seats() -> list[SeatDraft]:
    """You against two CPUs, so the defaults start a game with a single Enter."""
    return [
        # Translators: the name of the first seat, the player's own, until they type theirs.
        SeatDraft(_("You"), PERSON, 0, 0),
        SeatDraft(CPU_NAMES[0], "medium", 1, 1),
        SeatDraft(CPU_NAMES[1], "hard", 2, 0),
    ]


def new_seat(seats: list[SeatDraft]) -> SeatDraft:
    """The seat "+ Add player" adds: a medium CPU with a name and a colour not yet taken,
    on the team after the last seat's."""
    name = cpu_name((s.name for s in seats), len(seats))
    colours = {s.colour for s in seats}
    colour = next((c for c in range(SEAT_COLOURS) if c not in colours), 0)
    return SeatDraft(name, "medium", colour, len(seats) % 2)


def _player_name(number: int) -> str:
    # Translators: the name a seat a game pad joins with gets ("Player 4").
    return _("Player {number}").format(number=number)


def step_kind(seat: SeatDraft, step: int) -> None:
    seat.kind = KINDS[(KINDS.index(seat.kind) + step) % len(KINDS)]
    if seat.kind == NETWORK:
        seat.pace = None
    if seat.kind != PERSON:
        seat.pad = None  # a CPU plays with no pad


def step_pace(seat: SeatDraft, step: int, default: str) -> None:
    """A CPU seat's pace, a step on from the one it plays at (its own, else `default`: the
    Settings' CPU pace); a person plays at their own pace, so theirs never changes."""
    if seat.kind in (PERSON, NETWORK):
        return
    now = CPU_PACES.index(seat.pace or default)
    seat.pace = CPU_PACES[(now + step) % len(CPU_PACES)]


def step_colour(seats: list[SeatDraft], index: int, step: int) -> None:
    """The next colour no other seat has (with eight seats, the next colour, shared)."""
    seat = seats[index]
    taken = {s.colour for i, s in enumerate(seats) if i != index}
    colour = seat.colour
    for _i in range(SEAT_COLOURS):
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


@dataclass
class MatchDraft:
    """The match being set up: who sits where and the rules it is played by."""

    variant: Variant
    seats: list[SeatDraft] = field(default_factory=default_seats)
    games: int = 1
    team_mode: TeamMode = TeamMode.OFF
    start: StartOrder = StartOrder.ROLL_OFF
    tie_breaker: bool = False
    forced_order: bool = False  # boxes filled top to bottom (tvångsyatzy), on either card

    @classmethod
    def from_table(cls, variant: Variant, table: LastTable | None) -> MatchDraft:
        """The draft to start from: the last table (its seats and match rules), else you
        against two CPUs; `variant` is the settings' default."""
        if table is None:
            return cls(variant)
        seats = [SeatDraft(s.name, s.kind, s.colour, s.team, pace=s.pace) for s in table.seats]
        return cls(
            variant,
            seats,
            table.games,
            table.team_mode,
            table.start,
            table.tie_breaker,
            table.forced_order,
        )

    def as_table(self) -> LastTable:
        """The draft as the last table, to start the next New game from (a friend's seat on
        the network kept as a person's: the last table is a table at this computer)."""
        seats = tuple(
            TableSeat(
                s.name.strip(),
                PERSON if s.kind == NETWORK else s.kind,
                s.colour,
                s.team,
                s.pace if s.kind not in (PERSON, NETWORK) else None,
            )
            for s in self.seats
        )
        return LastTable(
            seats, self.games, self.team_mode, self.start, self.tie_breaker, self.forced_order
        )

    @property
    def networked(self) -> bool:
        """A seat waits for a friend on the network: starting hosts the table."""
        return any(seat.kind == NETWORK for seat in self.seats)

    def table_plan(self, name: str, seats: list[Seat], config: GameConfig) -> TablePlan:
        """The table to host: this computer's people, the CPUs, and seats open for friends
        (`seats` and `config` as build() made them, a friend's seat's name a placeholder)."""
        from game.net.messages import MAX_TABLE_NAME  # game.net loads when a table is hosted
        from game.net.seating import CPU, HOST, OPEN, SeatPlan, TablePlan

        plans: list[SeatPlan] = []
        for draft, seat in zip(self.seats, seats, strict=True):
            if draft.kind == NETWORK:
                plans.append(SeatPlan(OPEN))
            elif seat.is_cpu:
                plans.append(SeatPlan(CPU, seat.name, seat.colour, seat.kind))
            else:
                plans.append(SeatPlan(HOST, seat.name, seat.colour, profile=seat.profile))
        return TablePlan(name[:MAX_TABLE_NAME], config, tuple(plans))

    @property
    def teamed(self) -> bool:
        return self.team_mode is not TeamMode.OFF

    def add_seat(self) -> None:
        self.seats.append(new_seat(self.seats))

    # ----------------------------------------------------------------- seats and pads
    def seat_of_pad(self, pad: int) -> int | None:
        return next((i for i, seat in enumerate(self.seats) if seat.pad == pad), None)

    def press_pad(self, pad: int, at: int | None) -> tuple[int, bool] | None:
        """A pad's claim button, the focus on seat `at` (None: elsewhere). A pad holding the
        focused seat (or any seat, the focus on no free one) lets it go; otherwise it takes
        the focused seat if a person's with no pad, else the first such seat, else a new
        person's seat. (seat, taken) for what happened; None when every seat is taken."""
        held = self.seat_of_pad(pad)
        free = [i for i, s in enumerate(self.seats) if s.kind == PERSON and s.pad is None]
        if held is not None and (held == at or at not in free):
            self.seats[held].pad = None
            return held, False
        if at is not None and at in free:
            target = at
        elif free:
            target = free[0]
        elif len(self.seats) < MAX_PLAYERS:
            self.add_person()
            target = len(self.seats) - 1
        else:
            return None
        if held is not None:
            self.seats[held].pad = None
        self.seats[target].pad = pad
        return target, True

    def drop_pads(self, present: Callable[[int], bool]) -> list[int]:
        """Let go the pads no longer plugged in; the seats they held."""
        gone = [i for i, s in enumerate(self.seats) if s.pad is not None and not present(s.pad)]
        for i in gone:
            self.seats[i].pad = None
        return gone

    def add_person(self) -> None:
        """A person's seat (as a pad joining makes one), named "Player N" with a free name."""
        seat = new_seat(self.seats)
        used = {s.name.strip().casefold() for s in self.seats}
        n = len(self.seats) + 1
        while _player_name(n).casefold() in used:
            n += 1
        seat.name, seat.kind = _player_name(n), PERSON
        self.seats.append(seat)

    def pads(self) -> dict[int, int]:
        """Seat index -> pad instance id, for the seats bound to a pad."""
        return {i: s.pad for i, s in enumerate(self.seats) if s.pad is not None}

    def step_variant(self, step: int) -> None:
        self.variant = VARIANTS[(VARIANTS.index(self.variant) + step) % len(VARIANTS)]

    def step_games(self, step: int) -> None:
        self.games = (self.games - 1 + step) % MAX_GAMES + 1

    def set_team_mode(self, index: int) -> bool:
        """Teams off, shared or combined; True when the seats gained or lost their team."""
        was = self.teamed
        self.team_mode = TEAM_MODES[index]
        if not was and self.teamed:
            for i, seat in enumerate(self.seats):  # partners alternate: A B A B ...
                seat.team = i % 2
        return was != self.teamed

    def step_start(self, step: int) -> None:
        self.start = STARTS[(STARTS.index(self.start) + step) % len(STARTS)]

    def step_tie_breaker(self, step: int) -> None:
        self.tie_breaker = not self.tie_breaker

    def step_forced_order(self, step: int) -> None:
        self.forced_order = not self.forced_order

    def build(self, profiles: Mapping[str, str]) -> tuple[GameConfig, list[Seat]]:
        """The game's config and seats, a person named as a profile (`profiles`, keyed by the
        name casefolded) playing under it; ValueError in words if something does not add up."""
        names = tuple(seat.name.strip() for seat in self.seats)
        seen: set[str] = set()
        for name in names:
            problem = name_problem(name)
            if problem is not None:  # a blank seat (a last table's may hold what no longer may)
                raise ValueError(translated(problem))
            if name and name.casefold() in seen:
                raise ValueError(
                    _("Two seats are called {name}: give each a different name.").format(name=name)
                )
            seen.add(name.casefold())
        config = GameConfig(
            names,
            variant=self.variant,
            team_mode=self.team_mode,
            teams=tuple(seat.team for seat in self.seats) if self.teamed else (),
            start=self.start,
            tie_breaker=self.tie_breaker,
            games=self.games,
            forced_order=self.forced_order,
        )
        seats = [
            Seat(
                name,
                PERSON if seat.kind == NETWORK else seat.kind,
                seat.colour,
                profiles.get(name.casefold()) if seat.kind == PERSON else None,
                pad=seat.kind == PERSON and seat.pad is not None,
                pace=seat.pace if seat.kind != PERSON else None,
            )
            for name, seat in zip(names, self.seats, strict=True)
        ]
        return config, seats
