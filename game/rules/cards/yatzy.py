"""The Scandinavian Yatzy card: fifteen boxes, +50 at 63, no bonus chips and no Joker.

One Pair scores the highest pair, Two Pairs two different pairs, Three and Four of a Kind
the dice alike only; the straights are 1-2-3-4-5 (15) and 2-3-4-5-6 (20); Full House is
three and two of different faces (all five dice); Yatzy is five alike (50).

>>> [YATZY.score(c, (2, 2, 2, 5, 5)) for c in YATZY.boxes]
[0, 6, 0, 0, 10, 0, 10, 14, 6, 0, 0, 0, 16, 16, 0]
>>> [YATZY.score(c, (4, 4, 4, 4, 4)) for c in YATZY.lower]
[8, 0, 12, 16, 0, 0, 0, 20, 50]
"""

from __future__ import annotations

from game.i18n import N_
from game.rules.cards.card import UPPER_KINDS, UPPER_SCORERS, Card
from game.rules.categories import Category, best_face_with, is_full_house

UPPER_BONUS = 50
UPPER_BONUS_THRESHOLD = 63
SMALL_STRAIGHT = (1, 1, 1, 1, 1, 0)  # 1-2-3-4-5 as face counts
LARGE_STRAIGHT = (0, 1, 1, 1, 1, 1)  # 2-3-4-5-6
YATZY_POINTS = 50


def _two_pairs(counts: tuple[int, ...], total: int) -> int:
    pairs = [face for face in range(1, 7) if counts[face - 1] >= 2]
    return 2 * (pairs[-1] + pairs[-2]) if len(pairs) >= 2 else 0


YATZY = Card(
    id="yatzy",
    name=N_("Yatzy"),
    # Translators: a button that shows the statistics of the other card; short.
    button=N_("Yatzy card"),
    heading=N_("Games on the Yatzy card"),
    shout=N_("YATZY!"),
    boxes=(
        *UPPER_KINDS,
        Category.ONE_PAIR,
        Category.TWO_PAIRS,
        Category.THREE_OF_A_KIND,
        Category.FOUR_OF_A_KIND,
        Category.SMALL_STRAIGHT,
        Category.LARGE_STRAIGHT,
        Category.FULL_HOUSE,
        Category.CHANCE,
        Category.YAHTZEE,
    ),
    scorers={
        **UPPER_SCORERS,
        Category.ONE_PAIR: lambda n, total: 2 * best_face_with(n, 2),
        Category.TWO_PAIRS: _two_pairs,
        Category.THREE_OF_A_KIND: lambda n, total: 3 * best_face_with(n, 3),
        Category.FOUR_OF_A_KIND: lambda n, total: 4 * best_face_with(n, 4),
        Category.SMALL_STRAIGHT: lambda n, total: 15 if n == SMALL_STRAIGHT else 0,
        Category.LARGE_STRAIGHT: lambda n, total: 20 if n == LARGE_STRAIGHT else 0,
        Category.FULL_HOUSE: lambda n, total: total if is_full_house(n) else 0,
        Category.CHANCE: lambda n, total: total,
        Category.YAHTZEE: lambda n, total: YATZY_POINTS if 5 in n else 0,
    },
    upper_bonus=UPPER_BONUS,
    bonus_threshold=UPPER_BONUS_THRESHOLD,
    labels={Category.YAHTZEE: N_("Yatzy")},
)
