"""The American card (Hasbro / Winning Moves): thirteen boxes, +35 at 63, bonus chips and the
Joker. The rule variants OFFICIAL, FREE and SIMPLE differ only in how an extra Yahtzee is
scored (`game.rules.variants`).

>>> from game.rules.dice import face_counts
>>> [AMERICAN.score(c, (2, 2, 2, 3, 5)) for c in AMERICAN.boxes]
[0, 6, 3, 0, 5, 0, 14, 0, 0, 0, 0, 0, 14]
"""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import N_
from game.rules import categories as fig
from game.rules.cards.card import UPPER_KINDS, UPPER_SCORERS, Card
from game.rules.categories import Category, best_face_with, has_run, is_full_house

# What a Joker scores in the boxes whose points do not depend on the dice.
JOKER_POINTS = {
    Category.FULL_HOUSE: fig.FULL_HOUSE_POINTS,
    Category.SMALL_STRAIGHT: fig.SMALL_STRAIGHT_POINTS,
    Category.LARGE_STRAIGHT: fig.LARGE_STRAIGHT_POINTS,
}

AMERICAN = Card(
    id="american",
    name=N_("Yahtzee"),
    # Translators: a button that shows the statistics of the other card; short.
    button=N_("American card"),
    heading=N_("Games on the American card"),
    shout=N_("YAHTZEE!"),
    boxes=(
        *UPPER_KINDS,
        Category.THREE_OF_A_KIND,
        Category.FOUR_OF_A_KIND,
        Category.FULL_HOUSE,
        Category.SMALL_STRAIGHT,
        Category.LARGE_STRAIGHT,
        Category.YAHTZEE,
        Category.CHANCE,
    ),
    scorers={
        **UPPER_SCORERS,
        # Three and Four of a Kind score all five dice.
        Category.THREE_OF_A_KIND: lambda n, total: total if best_face_with(n, 3) else 0,
        Category.FOUR_OF_A_KIND: lambda n, total: total if best_face_with(n, 4) else 0,
        Category.FULL_HOUSE: lambda n, total: fig.FULL_HOUSE_POINTS if is_full_house(n) else 0,
        Category.SMALL_STRAIGHT: lambda n, total: fig.SMALL_STRAIGHT_POINTS if has_run(n, 4) else 0,
        Category.LARGE_STRAIGHT: lambda n, total: fig.LARGE_STRAIGHT_POINTS if has_run(n, 5) else 0,
        Category.YAHTZEE: lambda n, total: fig.YAHTZEE_POINTS if 5 in n else 0,
        Category.CHANCE: lambda n, total: total,
    },
    upper_bonus=fig.UPPER_BONUS,
    bonus_threshold=fig.UPPER_BONUS_THRESHOLD,
    chip_points=fig.YAHTZEE_BONUS,
    joker_points=JOKER_POINTS,
)

# Kept for the modules written when this was the only card.
CATEGORIES = AMERICAN.boxes
UPPER = AMERICAN.upper
LOWER = AMERICAN.lower


def base_score(category: Category, dice: Sequence[int]) -> int:
    """Points the dice make in a box of the American card by the box's own rule (no Joker).

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
    return AMERICAN.score(category, dice)


def base_scores(dice: tuple[int, ...]) -> tuple[int, ...]:
    """All thirteen base scores of a sorted roll, in card order.

    >>> base_scores((1, 2, 3, 4, 5))
    (1, 2, 3, 4, 5, 0, 0, 0, 0, 30, 40, 0, 15)
    """
    return AMERICAN.scores(dice)
