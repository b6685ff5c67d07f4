"""Statistics per profile, computed from one recorded entry per game played.

`entries_for_game` turns a finished game (or match) into entries, one per game of the match,
each with a row per seat that has a profile (CPU seats count under "CPU Expert" and so on).
The records fold each game's entries into a running `Tally` per profile and card
(game.storage.tables.add_entries), and `ProfileStats.from_tally` gives the figures; any
figure can be rebuilt from the finished games' logs.

Counting rules:
- a *game* is one game of a match; score figures (mean, best, histogram, bonus and Yahtzee
  rates) are per game, using the total of the card the player wrote on (a shared team card's
  total for both partners);
- a *win* is counted only in games with more than one competitor (solitaire has no winner);
  a win shared by n tied competitors counts 1/n (a two-way tie: half); partners whose team
  wins each get the win;
- head-to-head pits every two profiles on different sides of one game: the winner (after a
  tie-breaker) beats the other; between two non-winners the higher total wins; equal is a tie;
- expected points lost are the caller's figure per player for the whole match, spread evenly
  over its games; the mean counts only games where a figure was given (None if none);
- each card keeps its own figures (a Yatzy 280 is not an American 280): a profile's running
  totals are kept under `tally_key(name, card)`, the name alone for the American card (as
  before Yatzy) and the name and the card's id apart for another card.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from game.json_types import JsonMapping, JsonObject, as_object
from game.rules import Category, Game, Variant
from game.rules.cards import AMERICAN, CARDS
from game.rules.names import check_name
from game.storage.history import ID_PATTERN, MAX_POINTS_LOST
from game.storage.saves import parse_time

SCORE_HISTORY = 500  # (date, score) points kept per profile for charts
HISTOGRAM_BIN = 25  # points
MAX_SCORE = 1575  # 375 + 12 bonus chips of 100, per card
MAX_SIDE_TOTAL = 8 * MAX_SCORE
VARIANT_IDS = frozenset(v.value for v in Variant)
CARD_SEPARATOR = "\x1f"  # never in a name (names are printable), so a key splits one way


# ----------------------------------------------------------------------------- cards
def tally_key(name: str, card: str = AMERICAN.id) -> str:
    """Where a profile's figures on a card are kept: the name alone for the American card,
    'name<US>card' for another.

    >>> tally_key("Ann"), tally_key("Ann", "yatzy")
    ('Ann', 'Ann\\x1fyatzy')
    """
    return name if card == AMERICAN.id else f"{name}{CARD_SEPARATOR}{card}"


def split_key(key: str) -> tuple[str, str]:
    """(name, card id) of a tally key."""
    name, _sep, card = key.partition(CARD_SEPARATOR)
    return name, card or AMERICAN.id


def entry_card(entry: StatsEntry) -> str:
    """The id of the card an entry's game was played on."""
    return Variant(entry["variant"]).card.id


def card_ids() -> tuple[str, ...]:
    """The cards figures are kept for, American first."""
    return tuple(CARDS)


# ----------------------------------------------------------------------------- entries
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


def _check_int(row: JsonMapping, key: str, high: int) -> int:
    value = row.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise ValueError(f"{key} must be a whole number from 0 to {high}")
    return value


def _check_float(value: object, key: str, high: float) -> float:
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
    game = _check_int(data, "game", 5)
    date = data.get("date")
    parse_time(date, "date")
    variant = data.get("variant")
    if not isinstance(variant, str) or variant not in VARIANT_IDS:
        raise ValueError("unknown variant")
    games = _check_int(data, "games", 6)
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
        "side": _check_int(row, "side", 7),
        "score": _check_int(row, "score", MAX_SCORE),
        "total": _check_int(row, "total", MAX_SIDE_TOTAL),
        "won": _check_bool(row, "won"),
        "share": _check_float(row.get("share"), "share", 1.0),
        "bonus": _check_bool(row, "bonus"),
        "yahtzee": _check_bool(row, "yahtzee"),
        "chips": _check_int(row, "chips", 12),
        "lost": None if lost is None else _check_float(lost, "lost", MAX_POINTS_LOST),
        "assisted": _check_bool(row, "assisted") if "assisted" in row else table_flag,
    }


# ----------------------------------------------------------------------------- totals
@dataclass(frozen=True)
class HeadToHead:
    wins: int = 0
    losses: int = 0
    ties: int = 0

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.ties


@dataclass
class Tally:
    """Running sums for one profile: what `ProfileStats` is computed from."""

    games: int = 0
    contested: int = 0  # games with an opponent
    wins: float = 0.0
    score_sum: int = 0
    best: int | None = None
    bonus_games: int = 0
    yahtzee_games: int = 0
    chips: int = 0
    lost_sum: float = 0.0
    lost_games: int = 0
    head_to_head: dict[str, list[int]] = field(default_factory=dict)  # name -> [w, l, t]
    scores: list[tuple[str, int]] = field(default_factory=list)  # (ISO date, score)

    def add(self, entry: StatsEntry, row: StatsRow) -> None:
        self.games += 1
        if entry["contested"]:
            self.contested += 1
            self.wins += row["share"]
        score = row["score"]
        self.score_sum += score
        self.best = score if self.best is None else max(self.best, score)
        self.bonus_games += row["bonus"]
        self.yahtzee_games += row["yahtzee"]
        self.chips += row["chips"]
        lost = row["lost"]
        if lost is not None:
            self.lost_sum += lost
            self.lost_games += 1
        self.scores.append((entry["date"], score))
        if len(self.scores) > SCORE_HISTORY:
            del self.scores[: len(self.scores) - SCORE_HISTORY]
        for other in entry["rows"]:
            if other["side"] == row["side"] or other["name"] == row["name"]:
                continue
            record = self.head_to_head.setdefault(other["name"], [0, 0, 0])
            record[_versus(row, other)] += 1

    def to_dict(self) -> JsonObject:
        return {
            "games": self.games,
            "contested": self.contested,
            "wins": self.wins,
            "score_sum": self.score_sum,
            "best": self.best,
            "bonus_games": self.bonus_games,
            "yahtzee_games": self.yahtzee_games,
            "chips": self.chips,
            "lost_sum": self.lost_sum,
            "lost_games": self.lost_games,
            "head_to_head": {k: list(v) for k, v in self.head_to_head.items()},
            "scores": [list(s) for s in self.scores],
        }

    @classmethod
    def from_dict(cls, value: object) -> Tally:
        data = as_object(value, what="carried totals")
        big = 10**9
        games = _check_int(data, "games", big)
        tally = cls(
            games=games,
            contested=_check_int(data, "contested", games),
            wins=_check_float(data.get("wins"), "wins", games),
            score_sum=_check_int(data, "score_sum", games * MAX_SCORE),
            best=None if data.get("best") is None else _check_int(data, "best", MAX_SCORE),
            bonus_games=_check_int(data, "bonus_games", games),
            yahtzee_games=_check_int(data, "yahtzee_games", games),
            chips=_check_int(data, "chips", games * 12),
            lost_sum=_check_float(data.get("lost_sum"), "lost_sum", games * MAX_POINTS_LOST),
            lost_games=_check_int(data, "lost_games", games),
        )
        versus = data.get("head_to_head")
        if not isinstance(versus, dict) or len(versus) > 1000:
            raise ValueError("head_to_head must be an object")
        for name, record in versus.items():
            if not isinstance(record, list) or len(record) != 3:
                raise ValueError("a head-to-head record is [wins, losses, ties]")
            counts = [_check_int({"n": n}, "n", games) for n in record]
            tally.head_to_head[check_name(name)] = counts
        scores = data.get("scores")
        if not isinstance(scores, list) or len(scores) > SCORE_HISTORY:
            raise ValueError(f"scores must be a list of at most {SCORE_HISTORY}")
        for item in scores:
            if not isinstance(item, list) or len(item) != 2:
                raise ValueError("a score point is [date, score]")
            date, score = item
            parse_time(date, "date")
            tally.scores.append((str(date), _check_int({"s": score}, "s", MAX_SCORE)))
        return tally

    def rename(self, old: str, new: str) -> None:
        if old in self.head_to_head:
            self.head_to_head[new] = _add_records(
                self.head_to_head.pop(old), self.head_to_head.get(new)
            )


def _add_records(a: list[int], b: list[int] | None) -> list[int]:
    return a if b is None else [x + y for x, y in zip(a, b, strict=True)]


def _versus(row: StatsRow, other: StatsRow) -> int:
    """0 win, 1 loss, 2 tie: for `row` against `other` in the same game."""
    if row["won"] != other["won"]:
        return 0 if row["won"] else 1
    if row["total"] != other["total"]:
        return 0 if row["total"] > other["total"] else 1
    return 2


@dataclass(frozen=True)
class ProfileStats:
    """One profile's figures. Rates are 0..1; figures with nothing to count are None."""

    name: str
    games: int
    contested: int  # games with at least one opponent: what win_rate divides by
    wins: float  # a shared win counts 1/n
    win_rate: float | None
    mean_score: float | None
    best_score: int | None
    upper_bonus_rate: float | None
    yahtzee_rate: float | None  # games with 50 in the Yahtzee box
    bonus_chips: int  # Yahtzee bonus chips won, in all
    mean_points_lost: float | None  # expected points lost per game, where measured
    measured_games: int  # the games mean_points_lost is over
    head_to_head: Mapping[str, HeadToHead]
    score_history: tuple[tuple[str, int], ...]  # (ISO date, score), oldest first, capped

    @classmethod
    def from_tally(cls, name: str, tally: Tally) -> ProfileStats:
        games = tally.games
        return cls(
            name=name,
            games=games,
            contested=tally.contested,
            wins=tally.wins,
            win_rate=tally.wins / tally.contested if tally.contested else None,
            mean_score=tally.score_sum / games if games else None,
            best_score=tally.best,
            upper_bonus_rate=tally.bonus_games / games if games else None,
            yahtzee_rate=tally.yahtzee_games / games if games else None,
            bonus_chips=tally.chips,
            mean_points_lost=tally.lost_sum / tally.lost_games if tally.lost_games else None,
            measured_games=tally.lost_games,
            head_to_head={k: HeadToHead(*v) for k, v in sorted(tally.head_to_head.items())},
            score_history=tuple(tally.scores),
        )

    def histogram(self, bin_width: int = HISTOGRAM_BIN) -> list[tuple[int, int]]:
        """(bin start, games) over the charted scores; see `histogram`."""
        return histogram((score for _, score in self.score_history), bin_width)


def histogram(scores: Iterable[int], bin_width: int = HISTOGRAM_BIN) -> list[tuple[int, int]]:
    """Scores counted in bins of `bin_width` points, every bin from the lowest to the highest.

    >>> histogram([0, 24, 25, 80])
    [(0, 2), (25, 1), (50, 0), (75, 1)]
    >>> histogram([])
    []
    """
    if bin_width < 1:
        raise ValueError("a bin is at least one point wide")
    counts: dict[int, int] = {}
    for score in scores:
        start = score // bin_width * bin_width
        counts[start] = counts.get(start, 0) + 1
    if not counts:
        return []
    low, high = min(counts), max(counts)
    return [(b, counts.get(b, 0)) for b in range(low, high + 1, bin_width)]


# ----------------------------------------------------------------------------- the book
