"""Statistics per profile, computed from one recorded entry per game played.

`entries_for_game` (game.storage.entries) turns a finished game (or match) into entries, one
per game of the match, each with a row per seat that has a profile (CPU seats count under
"CPU Expert" and so on).
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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from game.json_types import JsonObject, as_object
from game.rules.cards import AMERICAN, CARDS
from game.rules.names import check_name
from game.storage.entries import (
    MAX_SCORE,
    StatsEntry,
    StatsRow,
    check_float,
    check_int,
)
from game.storage.history import MAX_POINTS_LOST
from game.storage.saves import parse_time

SCORE_HISTORY = 500  # (date, score) points kept per profile for charts
HISTOGRAM_BIN = 25  # points
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


def card_ids() -> tuple[str, ...]:
    """The cards figures are kept for, American first."""
    return tuple(CARDS)


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
        games = check_int(data, "games", big)
        tally = cls(
            games=games,
            contested=check_int(data, "contested", games),
            wins=check_float(data.get("wins"), "wins", games),
            score_sum=check_int(data, "score_sum", games * MAX_SCORE),
            best=None if data.get("best") is None else check_int(data, "best", MAX_SCORE),
            bonus_games=check_int(data, "bonus_games", games),
            yahtzee_games=check_int(data, "yahtzee_games", games),
            chips=check_int(data, "chips", games * 12),
            lost_sum=check_float(data.get("lost_sum"), "lost_sum", games * MAX_POINTS_LOST),
            lost_games=check_int(data, "lost_games", games),
        )
        versus = data.get("head_to_head")
        if not isinstance(versus, dict) or len(versus) > 1000:
            raise ValueError("head_to_head must be an object")
        for name, record in versus.items():
            if not isinstance(record, list) or len(record) != 3:
                raise ValueError("a head-to-head record is [wins, losses, ties]")
            counts = [check_int({"n": n}, "n", games) for n in record]
            tally.head_to_head[check_name(name)] = counts
        scores = data.get("scores")
        if not isinstance(scores, list) or len(scores) > SCORE_HISTORY:
            raise ValueError(f"scores must be a list of at most {SCORE_HISTORY}")
        for item in scores:
            if not isinstance(item, list) or len(item) != 2:
                raise ValueError("a score point is [date, score]")
            date, score = item
            parse_time(date, "date")
            tally.scores.append((str(date), check_int({"s": score}, "s", MAX_SCORE)))
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
