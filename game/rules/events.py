"""What happened: `apply` returns these, and the screen animates them."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.categories import Category


@dataclass(frozen=True, slots=True)
class GameStarted:
    game_index: int  # 0-based game of the match


@dataclass(frozen=True, slots=True)
class RollOffRolled:
    column: int
    player: int
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RollOffTied:
    columns: tuple[int, ...]  # the tied leaders, who roll again
    total: int


@dataclass(frozen=True, slots=True)
class OrderDecided:
    order: tuple[int, ...]  # columns in turn order


@dataclass(frozen=True, slots=True)
class TurnStarted:
    column: int
    player: int


@dataclass(frozen=True, slots=True)
class Rolled:
    column: int
    player: int
    dice: tuple[int, ...]
    rolled: tuple[bool, ...]  # which dice left the cup (the rest were held)
    rolls_left: int


@dataclass(frozen=True, slots=True)
class HoldChanged:
    die: int
    held: bool


@dataclass(frozen=True, slots=True)
class Scored:
    column: int
    player: int
    category: Category
    points: int
    dice: tuple[int, ...]
    joker: bool  # five of a kind scored by the Joker rule
    bonus_chip: bool  # a 100-point Yahtzee bonus chip was earned


@dataclass(frozen=True, slots=True)
class UpperBonusEarned:
    column: int


@dataclass(frozen=True, slots=True)
class TieBreakStarted:
    competitors: tuple[int, ...]
    total: int


@dataclass(frozen=True, slots=True)
class TieBreakStood:
    competitor: int
    player: int
    total: int


@dataclass(frozen=True, slots=True)
class GameOver:
    game_index: int
    totals: tuple[int, ...]  # per competitor
    winners: tuple[int, ...]  # competitors; more than one is a shared win


@dataclass(frozen=True, slots=True)
class MatchOver:
    totals: tuple[int, ...]  # per competitor, over every game
    winners: tuple[int, ...]


Event = (
    GameStarted
    | RollOffRolled
    | RollOffTied
    | OrderDecided
    | TurnStarted
    | Rolled
    | HoldChanged
    | Scored
    | UpperBonusEarned
    | TieBreakStarted
    | TieBreakStood
    | GameOver
    | MatchOver
)
