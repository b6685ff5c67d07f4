"""High scores: the ten best totals for each rule variant and match length.

Only people's seats in games without teams enter (a CPU would fill the table, and a team's
score is not one player's). A score made by a player who used hints or undo is marked
`assisted`, and still counts: the table shows the mark. Equal scores keep the earlier one higher.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.json_types import JsonObject, as_object
from game.match.seats import Seat
from game.rules import Game, TeamMode
from game.rules.names import check_name
from game.storage.history import ID_PATTERN
from game.storage.saves import iso_time, parse_time

TABLE_SIZE = 10
MAX_MATCH_TOTAL = 6 * 1575


def table_key(variant: str, games: int) -> str:
    """The key of a table in the file: "official-1", "free-3" ..."""
    return f"{variant}-{games}"


@dataclass(frozen=True)
class HighScore:
    name: str  # the seat's name when it was played
    score: int  # over the whole match
    date: str  # ISO date and time the game finished
    assisted: bool
    history_id: str  # the log in history/, to replay it

    def to_dict(self) -> JsonObject:
        return {
            "name": self.name,
            "score": self.score,
            "date": self.date,
            "assisted": self.assisted,
            "history_id": self.history_id,
        }

    @classmethod
    def from_dict(cls, data: object) -> HighScore:
        place = as_object(data, what="a high score")
        name = check_name(place.get("name"))
        score, assisted = place.get("score"), place.get("assisted")
        if isinstance(score, bool) or not isinstance(score, int):
            raise ValueError("a high score must be a whole number")
        if not 0 <= score <= MAX_MATCH_TOTAL:
            raise ValueError(f"a high score is 0 to {MAX_MATCH_TOTAL}")
        if not isinstance(assisted, bool):
            raise ValueError("assisted must be true or false")
        history_id = place.get("history_id")
        if not isinstance(history_id, str) or not ID_PATTERN.match(history_id):
            raise ValueError("a high score needs its history id")
        date = place.get("date")
        parse_time(date, "date")
        return cls(name, score, str(date), assisted, history_id)


class HighScoreBook:
    def __init__(self, tables: dict[str, list[HighScore]] | None = None) -> None:
        self.tables: dict[str, list[HighScore]] = dict(tables or {})

    def table(self, variant: str, games: int) -> list[HighScore]:
        return list(self.tables.get(table_key(variant, games), []))

    def add_game(
        self,
        history_id: str,
        date: str,
        game: Game,
        seats: Sequence[Seat],
        assisted: Collection[int],
    ) -> dict[int, int]:
        """Enter a finished game's people; player index -> place (1 = best) for those who
        made the table. A game already entered (same history id) is not entered again."""
        config = game.config
        if config.team_mode is not TeamMode.OFF:
            return {}
        key = table_key(config.variant.value, config.games)
        table = self.tables.setdefault(key, [])
        if any(entry.history_id == history_id for entry in table):
            return {}
        totals = game.state.match_totals()
        added: dict[int, HighScore] = {}
        for player, seat in enumerate(seats):
            if seat.is_cpu:
                continue
            # Without teams, player p writes column p and column p is competitor p.
            helped = player in assisted
            entry = HighScore(seat.name, totals[player], iso_time(date), helped, history_id)
            table.append(entry)
            added[player] = entry
        # Stable sort: an equal score entered earlier stays above.
        table.sort(key=lambda e: -e.score)
        del table[TABLE_SIZE:]
        places = {}
        for player, entry in added.items():
            for place, kept in enumerate(table, start=1):
                if kept is entry:
                    places[player] = place
        return places
