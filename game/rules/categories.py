"""The kinds of box a scorecard can have, and the small scoring facts cards are made of.

A `Category` is a kind of box (Ones, Full House, One Pair ...), not a place on a card: which
boxes a card has, in which order, and what each scores there is the card's business
(`game.rules.cards`). American Yahtzee's Three of a Kind scores all five dice; Yatzy's scores
the three alike only. Ask the card: `card.index(category)`, `card.score(category, dice)`,
`card.label(category)`.

The enum's values are stable ids, never positions: they happen to equal the American card's
indices, and One Pair and Two Pairs come after.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from game.i18n import N_


class Category(enum.Enum):
    """A kind of box. Values are stable ids, not card positions (use `Card.index`)."""

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
    YAHTZEE = 11  # five alike: Yahtzee on the American card, Yatzy on the Scandinavian one
    CHANCE = 12
    ONE_PAIR = 13
    TWO_PAIRS = 14

    @property
    def is_upper(self) -> bool:
        return self.value < 6

    @property
    def face(self) -> int:
        """The face an upper box counts (1..6); 0 for lower boxes."""
        return self.value + 1 if self.value < 6 else 0

    @property
    def label(self) -> str:
        """The kind's usual English name, marked for translation (translate it when shown).
        A card may name a box otherwise: prefer `card.label(category)`."""
        return _LABELS[self]

    @classmethod
    def upper_for(cls, face: int) -> Category:
        return _UPPER_KINDS[face - 1]


_LABELS = {
    Category.ONES: N_("Ones"),
    Category.TWOS: N_("Twos"),
    Category.THREES: N_("Threes"),
    Category.FOURS: N_("Fours"),
    Category.FIVES: N_("Fives"),
    Category.SIXES: N_("Sixes"),
    Category.THREE_OF_A_KIND: N_("Three of a Kind"),
    Category.FOUR_OF_A_KIND: N_("Four of a Kind"),
    Category.FULL_HOUSE: N_("Full House"),
    Category.SMALL_STRAIGHT: N_("Small Straight"),
    Category.LARGE_STRAIGHT: N_("Large Straight"),
    Category.YAHTZEE: N_("Yahtzee"),
    Category.CHANCE: N_("Chance"),
    Category.ONE_PAIR: N_("One Pair"),
    Category.TWO_PAIRS: N_("Two Pairs"),
}
_UPPER_KINDS = tuple(c for c in Category if c.is_upper)


# ----------------------------------------------------------------- scoring facts
def has_run(counts: Sequence[int], length: int) -> bool:
    """Whether the face counts (index 0 for face 1) hold `length` faces in a row.

    >>> has_run((1, 1, 1, 1, 0, 1), 4), has_run((1, 1, 0, 1, 1, 1), 4)
    (True, False)
    """
    run = 0
    for count in counts:
        run = run + 1 if count else 0
        if run >= length:
            return True
    return False


def best_face_with(counts: Sequence[int], at_least: int) -> int:
    """The highest face shown by at least `at_least` dice, or 0.

    >>> best_face_with((0, 2, 0, 0, 3, 0), 2), best_face_with((0, 2, 0, 0, 3, 0), 4)
    (5, 0)
    """
    for face in range(6, 0, -1):
        if counts[face - 1] >= at_least:
            return face
    return 0


def is_full_house(counts: Sequence[int]) -> bool:
    """Three of one face and two of another (five alike is not a full house).

    >>> is_full_house((0, 3, 0, 0, 2, 0)), is_full_house((0, 0, 0, 0, 5, 0))
    (True, False)
    """
    return sorted(c for c in counts if c) == [2, 3]


# The American card's figures, for modules written when it was the only card
# (`game.rules.cards.american` builds its card from them). New code asks the card:
# `card.upper_bonus`, `card.bonus_threshold`, `card.chip_points`, `card.five_alike_points`.
UPPER_BONUS = 35
UPPER_BONUS_THRESHOLD = 63
YAHTZEE_BONUS = 100
FULL_HOUSE_POINTS = 25
SMALL_STRAIGHT_POINTS = 30
LARGE_STRAIGHT_POINTS = 40
YAHTZEE_POINTS = 50
