"""Who plays and how: seats, teams, variant (and so the card), forced order, start order,
tie-breaker, match length.

A *column* is one scorecard: a player's own, or a team's shared card. A *competitor* is what
wins or loses: a column, or (with combined cards) a team whose members' totals are added.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import cached_property

from game.rules.cards import Card
from game.rules.names import check_name
from game.rules.variants import Variant

MAX_PLAYERS = 8
MAX_GAMES = 6


class TeamMode(enum.Enum):
    OFF = "off"
    SHARED = "shared"  # partners write in one column and take its turns in alternation
    COMBINED = "combined"  # everyone has a card; a team's score is its members' sum


class StartOrder(enum.Enum):
    ROLL_OFF = "roll_off"  # everyone rolls five dice; highest total starts
    SEATED = "seated"  # the first seat starts


@dataclass(frozen=True)
class GameConfig:
    players: tuple[str, ...]
    variant: Variant = Variant.OFFICIAL
    team_mode: TeamMode = TeamMode.OFF
    teams: tuple[int, ...] = ()  # team number of each player, with a team mode
    start: StartOrder = StartOrder.ROLL_OFF
    tie_breaker: bool = False
    games: int = 1
    forced_order: bool = False  # boxes filled top to bottom (tvångsyatzy), on any card
    _columns: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        players = self.players
        if not isinstance(players, tuple) or not 1 <= len(players) <= MAX_PLAYERS:
            raise ValueError(f"a game has 1 to {MAX_PLAYERS} players")
        for name in players:
            check_name(name)
        if not isinstance(self.variant, Variant):
            raise ValueError(f"unknown rule variant {self.variant!r}")
        if not isinstance(self.team_mode, TeamMode):
            raise ValueError(f"unknown team mode {self.team_mode!r}")
        if not isinstance(self.start, StartOrder):
            raise ValueError(f"unknown start order {self.start!r}")
        if not isinstance(self.forced_order, bool):
            raise ValueError("forced_order must be true or false")
        if isinstance(self.games, bool) or not isinstance(self.games, int):
            raise ValueError("the number of games must be a whole number")
        if not 1 <= self.games <= MAX_GAMES:
            raise ValueError(f"a match is 1 to {MAX_GAMES} games")
        if self.team_mode is TeamMode.OFF:
            if self.teams:
                raise ValueError("teams are given but the team mode is off")
        else:
            if len(self.teams) != len(players):
                raise ValueError("every player needs a team")
            if any(isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in self.teams):
                raise ValueError("team numbers are whole numbers from 0")
            if len(set(self.teams)) < 2:
                raise ValueError("partners play in two or more teams")
        object.__setattr__(self, "_columns", self._make_columns())

    def _make_columns(self) -> tuple[tuple[int, ...], ...]:
        if self.team_mode is TeamMode.OFF:
            return tuple((p,) for p in range(len(self.players)))
        by_team = self.team_members
        if self.team_mode is TeamMode.SHARED:
            return tuple(by_team)
        # Combined cards: seat the teams in rotation so partners do not sit side by side.
        seats: list[tuple[int, ...]] = []
        for rank in range(max(len(m) for m in by_team)):
            seats.extend((m[rank],) for m in by_team if rank < len(m))
        return tuple(seats)

    @property
    def card(self) -> Card:
        """The scorecard every column plays on."""
        return self.variant.card

    @cached_property
    def team_members(self) -> tuple[tuple[int, ...], ...]:
        """Players of each team, teams in order of their first player."""
        order: list[int] = []
        for team in self.teams:
            if team not in order:
                order.append(team)
        return tuple(tuple(p for p, t in enumerate(self.teams) if t == team) for team in order)

    @property
    def columns(self) -> tuple[tuple[int, ...], ...]:
        """The players who write in each column, columns in seat order."""
        return self._columns

    @cached_property
    def competitors(self) -> tuple[tuple[int, ...], ...]:
        """The columns whose totals make each competitor's score."""
        if self.team_mode is not TeamMode.COMBINED:
            return tuple((c,) for c in range(len(self._columns)))
        members = self.team_members
        return tuple(
            tuple(c for c, (p,) in enumerate(self._columns) if p in team) for team in members
        )

    def column_of(self, player: int) -> int:
        """The column (scorecard) `player` writes in."""
        return next(c for c, members in enumerate(self.columns) if player in members)

    def column_name(self, column: int) -> str:
        return " & ".join(self.players[p] for p in self._columns[column])

    def competitor_name(self, competitor: int) -> str:
        if self.team_mode is TeamMode.COMBINED:
            return " & ".join(self.column_name(c) for c in self.competitors[competitor])
        return self.column_name(competitor)

    def to_dict(self) -> dict[str, object]:
        return {
            "players": list(self.players),
            "variant": self.variant.value,
            "team_mode": self.team_mode.value,
            "teams": list(self.teams),
            "start": self.start.value,
            "tie_breaker": self.tie_breaker,
            "games": self.games,
            "forced_order": self.forced_order,
        }

    @classmethod
    def from_dict(cls, data: object) -> GameConfig:
        if not isinstance(data, dict):
            raise ValueError("a game's settings must be an object")
        try:
            players = data["players"]
            teams = data.get("teams", [])
            if not isinstance(players, list) or not isinstance(teams, list):
                raise ValueError("players and teams must be lists")
            tie_breaker = data.get("tie_breaker", False)
            if not isinstance(tie_breaker, bool):
                raise ValueError("tie_breaker must be true or false")
            forced_order = data.get("forced_order", False)
            return cls(
                players=tuple(players),
                variant=Variant(data.get("variant", "official")),
                team_mode=TeamMode(data.get("team_mode", "off")),
                teams=tuple(teams),
                start=StartOrder(data.get("start", "roll_off")),
                tie_breaker=tie_breaker,
                games=data.get("games", 1),
                forced_order=forced_order,
            )
        except KeyError as missing:
            raise ValueError(f"a game's settings lack {missing}") from None
        except TypeError as wrong:
            raise ValueError(f"a game's settings are malformed: {wrong}") from None
