"""Finished games: the format of a history log (one per game or match), and its checks.

The logs live in the records database (records.py, tables.py).

A log's id is `<finished YYYYMMDD-HHMMSS>-<fingerprint>`. The fingerprint is a hash of the
game's rules, start RNG state and action log, so recording the same finished game twice (say
the app was killed between filing the game and clearing the game in progress, and records it
again on restart) finds the first log instead of filing a second.

A log holds the whole `Game.to_dict()` (config with variant and players, start_rng, the
actions, the final state) plus seats, dates, totals, winners, the players marked assisted and the
optional expected points each player lost. `load_log` replays it through `Game.from_dict`,
which checks the replay against the saved state, so what is shown is what was played.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TypedDict

from game.i18n import N_, later
from game.json_types import JsonMapping, JsonObject
from game.match.seats import Seat
from game.rules import Game, Variant
from game.storage.saves import assisted_list, iso_time, parse_assisted, parse_seats, parse_time

VARIANT_IDS = frozenset(v.value for v in Variant)  # Yatzy's games are kept as any other
HISTORY_FORMAT = 1
WHAT = later(N_("game history"))
LEFT_OUT = later(N_("the game is left out of the history"))
ID_PATTERN = re.compile(r"^\d{8}-\d{6}-[0-9a-f]{12}$")
MAX_POINTS_LOST = 10_000.0  # expected points over a whole match; far above any real figure


@dataclass(frozen=True)
class HistorySummary:
    """What a history list shows, read without replaying the game."""

    id: str
    date: datetime  # when it finished
    variant: str
    games: int  # games in the match
    players: tuple[str, ...]
    kinds: tuple[str, ...]  # "person" or a CPU level, per player
    totals: tuple[int, ...]  # per competitor, over the match
    winners: tuple[int, ...]  # competitors
    assisted: tuple[int, ...]  # players who used hints or undo


@dataclass(frozen=True)
class HistoryLog:
    """A finished game, replayed and checked."""

    id: str
    date: datetime
    started: datetime | None
    game: Game
    seats: tuple[Seat, ...]
    assisted: tuple[int, ...]  # players who used hints or undo
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    expected_lost: tuple[float | None, ...]  # per player; None where not measured


class LogRecord(TypedDict):
    """A history log as it is written (`make_log_record`); read back by `parse_log`."""

    format: int
    id: str
    date: str  # ISO date and time it finished
    started: str | None
    variant: str
    games: int
    assisted: list[int]
    seats: list[JsonObject]  # Seat.to_dict()
    totals: list[int]  # per competitor, over the match
    winners: list[int]
    game_totals: list[list[int]]
    expected_lost: list[float | None]  # per player
    game: JsonObject  # Game.to_dict()


def fingerprint(game: Game) -> str:
    """12 hex digits naming this exact game: rules, start RNG and actions."""
    data = game.to_dict()
    key = json.dumps([data["config"], data["start_rng"], data["log"]], separators=(",", ":"))
    return hashlib.sha256(key.encode()).hexdigest()[:12]


def match_winners(game: Game) -> tuple[int, ...]:
    """The competitors who won the match (a single game: its winners, tie-breaker included)."""
    results = game.state.results
    if len(results) == 1:
        return results[0].winners
    totals = game.state.match_totals()
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)


def lost_per_player(game: Game, expected_lost: Mapping[int, float] | None) -> list[float | None]:
    """Expected points lost per player index (None where not given); ValueError if bad."""
    lost: list[float | None] = [None] * len(game.config.players)
    for player, points in (expected_lost or {}).items():
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(lost):
            raise ValueError(f"expected_lost has no player {player!r}")
        lost[player] = _points_lost(points)
    return lost


def _points_lost(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("expected points lost must be a number")
    number = float(value)
    if not math.isfinite(number) or not 0 <= number <= MAX_POINTS_LOST:
        raise ValueError(f"expected points lost must be 0 to {MAX_POINTS_LOST:g}")
    return number


def log_id_for(finished: datetime, mark: str) -> str:
    """The id of a log: its finish time, then the game's fingerprint (so ids sort by date)."""
    return f"{finished.strftime('%Y%m%d-%H%M%S')}-{mark}"


def make_log_record(
    log_id: str,
    game: Game,
    seats: Sequence[Seat],
    assisted: Iterable[int],
    finished: datetime,
    started: datetime | str | None = None,
    expected_lost: Mapping[int, float] | None = None,
) -> LogRecord:
    if not game.state.is_over:
        raise ValueError("only a finished game goes in the history")
    if len(seats) != len(game.config.players):
        raise ValueError(f"there are {len(seats)} seats for {len(game.config.players)} players")
    return {
        "format": HISTORY_FORMAT,
        "id": log_id,
        "date": iso_time(finished),
        "started": iso_time(started) if started is not None else None,
        "variant": game.config.variant.value,
        "games": game.config.games,
        "assisted": assisted_list(assisted, len(seats)),
        "seats": [seat.to_dict() for seat in seats],
        "totals": list(game.state.match_totals()),
        "winners": list(match_winners(game)),
        "game_totals": [list(r.totals) for r in game.state.results],
        "expected_lost": lost_per_player(game, expected_lost),
        "game": game.to_dict(),
    }


def _int_tuple(value: object, name: str, most: int = 64) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > most:
        raise ValueError(f"{name} must be a list")
    numbers: list[int] = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 100_000:
            raise ValueError(f"{name} must hold whole numbers")
        numbers.append(v)
    return tuple(numbers)


def parse_summary(data: JsonMapping, log_id: str) -> HistorySummary:
    """The list entry of a log, checked for shape (the game itself is not replayed)."""
    if data.get("id") != log_id:
        raise ValueError("its summary names another id than its row")
    variant, games = data.get("variant"), data.get("games")
    if variant not in VARIANT_IDS:
        raise ValueError("unknown variant")
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= 6:
        raise ValueError("games must be 1 to 6")
    seats = data.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 8:
        raise ValueError("seats must be a list of 1 to 8")
    parsed = [Seat.from_dict(s) for s in seats]
    assisted = parse_assisted(data.get("assisted"), parsed)
    totals = _int_tuple(data.get("totals"), "totals", 8)
    winners = _int_tuple(data.get("winners"), "winners", 8)
    if not totals or not winners or any(w >= len(totals) for w in winners):
        raise ValueError("winners must name competitors")
    return HistorySummary(
        id=log_id,
        date=parse_time(data.get("date"), "date"),
        variant=variant,
        games=games,
        players=tuple(s.name for s in parsed),
        kinds=tuple(s.kind for s in parsed),
        totals=totals,
        winners=winners,
        assisted=assisted,
    )


def parse_log(data: JsonMapping, log_id: str) -> HistoryLog:
    """A log replayed and cross-checked; ValueError says what does not add up."""
    summary = parse_summary(data, log_id)
    game = Game.from_dict(data.get("game"))
    if not game.state.is_over:
        raise ValueError("the game in the log is not finished")
    if game.config.variant.value != summary.variant or game.config.games != summary.games:
        raise ValueError("the log's variant or match length does not match its game")
    if game.state.match_totals() != summary.totals:
        raise ValueError("the log's totals do not match its replay")
    if match_winners(game) != summary.winners:
        raise ValueError("the log's winners do not match its replay")
    seats = parse_seats(data.get("seats"), game)
    lost = data.get("expected_lost")
    if not isinstance(lost, list) or len(lost) != len(seats):
        raise ValueError("expected_lost must have one entry per player")
    lost_values = tuple(None if v is None else _points_lost(v) for v in lost)
    started = data.get("started")
    return HistoryLog(
        id=log_id,
        date=summary.date,
        started=None if started is None else parse_time(started, "started"),
        game=game,
        seats=tuple(seats),
        assisted=summary.assisted,
        totals=summary.totals,
        winners=summary.winners,
        expected_lost=lost_values,
    )
