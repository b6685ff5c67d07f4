"""The thirteen boxes of a scorecard and what a roll scores in each, Joker aside."""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence

from game.rules.dice import face_counts

UPPER_BONUS = 35
UPPER_BONUS_THRESHOLD = 63
YAHTZEE_BONUS = 100
FULL_HOUSE_POINTS = 25
SMALL_STRAIGHT_POINTS = 30
LARGE_STRAIGHT_POINTS = 40
YAHTZEE_POINTS = 50


class Category(enum.Enum):
    """The boxes, in card order. Values are the box's index on the card."""

    ONES = 0
    TWOS = 1
    THREES = 2
    FOURS = 3
    FIVES = 4
    SIXES = 5
    THREE_OF_A_KIND = 6
    FOUR_OF_A_KIND = 7
    FULL_HOUSE = 8
    SMALL_STRAIGHT = 9
    LARGE_STRAIGHT = 10
    YAHTZEE = 11
    CHANCE = 12

    @property
    def is_upper(self) -> bool:
        return self.value < 6

    @property
    def face(self) -> int:
        """The face an upper box counts (1..6); 0 for lower boxes."""
        return self.value + 1 if self.value < 6 else 0

    @property
    def label(self) -> str:
        return _LABELS[self]

    @classmethod
    def upper_for(cls, face: int) -> Category:
        return _UPPER[face - 1]


_LABELS = {
    Category.ONES: "Ones",
    Category.TWOS: "Twos",
    Category.THREES: "Threes",
    Category.FOURS: "Fours",
    Category.FIVES: "Fives",
    Category.SIXES: "Sixes",
    Category.THREE_OF_A_KIND: "Three of a Kind",
    Category.FOUR_OF_A_KIND: "Four of a Kind",
    Category.FULL_HOUSE: "Full House",
    Category.SMALL_STRAIGHT: "Small Straight",
    Category.LARGE_STRAIGHT: "Large Straight",
    Category.YAHTZEE: "Yahtzee",
    Category.CHANCE: "Chance",
}
CATEGORIES: tuple[Category, ...] = tuple(Category)
UPPER: tuple[Category, ...] = CATEGORIES[:6]
LOWER: tuple[Category, ...] = CATEGORIES[6:]
_UPPER = UPPER

# What a Joker scores in the boxes whose points do not depend on the dice.
JOKER_POINTS = {
    Category.FULL_HOUSE: FULL_HOUSE_POINTS,
    Category.SMALL_STRAIGHT: SMALL_STRAIGHT_POINTS,
    Category.LARGE_STRAIGHT: LARGE_STRAIGHT_POINTS,
}


def _has_run(counts: Sequence[int], length: int) -> bool:
    run = 0
    for count in counts:
        run = run + 1 if count else 0
        if run >= length:
            return True
    return False


def base_score(category: Category, dice: Sequence[int]) -> int:
    """Points the dice make in a box by that box's own rule (no Joker).

    >>> base_score(Category.THREES, (3, 3, 4, 3, 6))
    9
    >>> base_score(Category.THREE_OF_A_KIND, (2, 2, 2, 3, 5))
    14
    >>> base_score(Category.FOUR_OF_A_KIND, (5, 5, 3, 2, 5))
    0
    >>> base_score(Category.FULL_HOUSE, (3, 3, 3, 4, 4))
    25
    >>> base_score(Category.FULL_HOUSE, (4, 4, 4, 4, 4))
    0
    >>> base_score(Category.SMALL_STRAIGHT, (1, 3, 4, 2, 6))
    30
    >>> base_score(Category.LARGE_STRAIGHT, (5, 4, 3, 2, 6))
    40
    >>> base_score(Category.YAHTZEE, (6, 6, 6, 6, 6))
    50
    >>> base_score(Category.CHANCE, (1, 3, 4, 5, 6))
    19
    """
    if category.value < 6:
        face = category.value + 1
        return face * sum(1 for d in dice if d == face)
    counts = face_counts(dice)
    most = max(counts)
    if category is Category.THREE_OF_A_KIND:
        return sum(dice) if most >= 3 else 0
    if category is Category.FOUR_OF_A_KIND:
        return sum(dice) if most >= 4 else 0
    if category is Category.FULL_HOUSE:
        return FULL_HOUSE_POINTS if sorted(c for c in counts if c) == [2, 3] else 0
    if category is Category.SMALL_STRAIGHT:
        return SMALL_STRAIGHT_POINTS if _has_run(counts, 4) else 0
    if category is Category.LARGE_STRAIGHT:
        return LARGE_STRAIGHT_POINTS if _has_run(counts, 5) else 0
    if category is Category.YAHTZEE:
        return YAHTZEE_POINTS if most == 5 else 0
    return sum(dice)


@functools.lru_cache(maxsize=256)
def base_scores(dice: tuple[int, ...]) -> tuple[int, ...]:
    """All thirteen base scores of a (validated, sorted) roll, in card order; cached, as the
    engine asks for them on every decision and there are only 252 sorted rolls.

    >>> base_scores((1, 2, 3, 4, 5))
    (1, 2, 3, 4, 5, 0, 0, 0, 0, 30, 40, 0, 15)
    """
    return tuple(base_score(c, dice) for c in CATEGORIES)
