"""Statistics entries: one per game of a finished match, a row per seat with a record name,
as `entries_for_game` makes them and `check_entry` reads one (each field checked, a wrong
shape refused naming the field). The records fold them into the running tallies
(game.storage.stats, whose docstring has the counting rules)."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import TypedDict

from game.json_types import JsonMapping, as_object
from game.rules import Category, Game, Variant
from game.rules.names import check_name
from game.storage.history import ID_PATTERN, MAX_POINTS_LOST
from game.storage.saves import parse_time

MAX_SCORE = 1575  # 375 + 12 bonus chips of 100, per card
MAX_SIDE_TOTAL = 8 * MAX_SCORE
VARIANT_IDS = frozenset(v.value for v in Variant)


class StatsRow(TypedDict):
    """One player's part in one game, under the name it is recorded as."""

    name: str
    side: int  # the competitor (a team is one)
    score: int  # the card the player wrote on (a team's shared card for both partners)
    total: int  # the side's total
    won: bool
    share: float  # of the win: 1/n for n tied winners; 0 in solitaire
    bonus: bool  # the upper bonus
    yahtzee: bool  # the five-alike box holds its points
    chips: int  # Yahtzee bonus chips
    lost: float | None  # expected points lost in this game, where measured
    assisted: bool  # hints or undo used


class StatsEntry(TypedDict):
    """One game of a finished match, as the statistics count it (`check_entry` reads one)."""

    id: str  # the match's history log
    game: int  # which game of the match
    date: str  # ISO date and time it finished
    variant: str
    games: int  # games in the match
    contested: bool  # more than one competitor
    rows: list[StatsRow]


def entries_for_game(
    history_id: str,
    date: str,
    game: Game,
    names: Sequence[str | None],
    assisted: Collection[int],
    lost: Sequence[float | None] | None = None,
) -> list[StatsEntry]:
    """One entry per game of a finished match, a row per player with a record name.

    `names[p]` is the name player p's games are recorded under (see
    `profiles.profile_for_seat`), None for a guest; `lost[p]` the expected points player p
    lost over the match, if measured.
    """
    config = game.config
    results = game.state.results
    contested = len(config.competitors) > 1
    column_of = {p: c for c, members in enumerate(config.columns) for p in members}
    side_of = {c: s for s, cols in enumerate(config.competitors) for c in cols}
    entries: list[StatsEntry] = []
    for index, result in enumerate(results):
        rows: list[StatsRow] = []
        for player, name in enumerate(names):
            if name is None:
                continue
            card = result.cards[column_of[player]]
            side = side_of[column_of[player]]
            won = side in result.winners
            spent = None if lost is None else lost[player]
            points = None if spent is None else spent / len(results)
            rows.append(
                {
                    "name": name,
                    "side": side,
                    "score": card.total,
                    "total": result.totals[side],
                    "won": won,
                    "share": (1 / len(result.winners)) if won and contested else 0.0,
                    "bonus": card.upper_bonus > 0,
                    "yahtzee": bool(card.card.five_alike_points)
                    and card[Category.YAHTZEE] == card.card.five_alike_points,
                    "chips": card.bonus_chips,
                    "lost": points,
                    "assisted": player in assisted,
                }
            )
        if rows:
            entries.append(
                {
                    "id": history_id,
                    "game": index,
                    "date": date,
                    "variant": config.variant.value,
                    "games": config.games,
                    "contested": contested,
                    "rows": rows,
                }
            )
    return entries


def check_int(row: JsonMapping, key: str, high: int) -> int:
    value = row.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise ValueError(f"{key} must be a whole number from 0 to {high}")
    return value


def check_float(value: object, key: str, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{key} must be a number")
    number = float(value)
    if not math.isfinite(number) or not 0 <= number <= high:
        raise ValueError(f"{key} must be from 0 to {high:g}")
    return number


def _check_bool(row: JsonMapping, key: str) -> bool:
    value = row.get(key)
    if not isinstance(value, bool):
        raise ValueError(f"{key} must be true or false")
    return value


def check_entry(entry: object) -> StatsEntry:
    """A statistics entry read, checked field by field (hostile files must not skew the
    figures); ValueError names the field that is wrong."""
    data = as_object(entry, what="an entry")
    log_id = data.get("id")
    if not isinstance(log_id, str) or not ID_PATTERN.match(log_id):
        raise ValueError("an entry needs a history id")
    game = check_int(data, "game", 5)
    date = data.get("date")
    parse_time(date, "date")
    variant = data.get("variant")
    if not isinstance(variant, str) or variant not in VARIANT_IDS:
        raise ValueError("unknown variant")
    games = check_int(data, "games", 6)
    if games < 1:
        raise ValueError("games must be 1 to 6")
    # Entries written before help was marked per player carry one flag for the table.
    table_flag = data.get("assisted", False)
    if not isinstance(table_flag, bool):
        raise ValueError("assisted must be true or false")
    contested = _check_bool(data, "contested")
    rows = data.get("rows")
    if not isinstance(rows, list) or not 1 <= len(rows) <= 8:
        raise ValueError("an entry has 1 to 8 rows")
    return {
        "id": log_id,
        "game": game,
        "date": str(date),
        "variant": variant,
        "games": games,
        "contested": contested,
        "rows": [_check_row(as_object(row, what="a row"), table_flag) for row in rows],
    }


def _check_row(row: JsonMapping, table_flag: bool) -> StatsRow:
    lost = row.get("lost")
    return {
        "name": check_name(row.get("name")),
        "side": check_int(row, "side", 7),
        "score": check_int(row, "score", MAX_SCORE),
        "total": check_int(row, "total", MAX_SIDE_TOTAL),
        "won": _check_bool(row, "won"),
        "share": check_float(row.get("share"), "share", 1.0),
        "bonus": _check_bool(row, "bonus"),
        "yahtzee": _check_bool(row, "yahtzee"),
        "chips": check_int(row, "chips", 12),
        "lost": None if lost is None else check_float(lost, "lost", MAX_POINTS_LOST),
        "assisted": _check_bool(row, "assisted") if "assisted" in row else table_flag,
    }


def entry_card(entry: StatsEntry) -> str:
    """The id of the card an entry's game was played on."""
    return Variant(entry["variant"]).card.id
