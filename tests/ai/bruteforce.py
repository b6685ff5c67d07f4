"""A naive expectimax over explicit dice, independent of game.ai, for cross-checks.

It plays from any card with plain Python: ordered 5-dice rolls, the 32 hold patterns of the
actual dice, every re-roll outcome enumerated die by die, and game.rules for every score
(`score_options` and `Scorecard.fill`). Only memoisation keeps it usable: turn positions by
sorted dice, and states by what the rules can still see of a card (open boxes, upper total,
Yahtzee box). Fine for a few open boxes; hopeless for a whole card.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from game.rules import Category, Scorecard, Variant, score_options

ROLLS = list(product(range(1, 7), repeat=5))  # all 7,776 ordered rolls


class BruteForce:
    def __init__(self, variant: Variant, forced_order: bool = False) -> None:
        self.variant = variant
        self.forced_order = forced_order
        self._future: dict[tuple, float] = {}

    def expected_total(self, card: Scorecard) -> float:
        """Expected final total from the start of a turn, playing optimally."""
        return card.total + self._future_points(card)

    def _future_points(self, card: Scorecard) -> float:
        if card.is_complete:
            return 0.0
        key = (
            tuple(b is None for b in card.boxes),
            sum(card[c] or 0 for c in card.card.upper),
            card[Category.YAHTZEE],
        )
        if key not in self._future:
            self._future[key] = self._turn(card) - card.total
        return self._future[key]

    def _turn(self, card: Scorecard) -> float:
        variant, forced = self.variant, self.forced_order

        @cache
        def scored(dice: tuple[int, ...]) -> float:
            return max(
                self.expected_total(card.fill(category, dice, variant, forced))
                for category in score_options(dice, card, variant, forced)
            )

        @cache
        def position(dice: tuple[int, ...], rolls_left: int) -> float:
            best = scored(dice)
            if rolls_left:
                for pattern in range(31):  # hold pattern; 31 = hold all five, i.e. no roll
                    held = tuple(sorted(d for i, d in enumerate(dice) if pattern >> i & 1))
                    best = max(best, keep(held, rolls_left))
            return best

        @cache
        def keep(held: tuple[int, ...], rolls_left: int) -> float:
            outcomes = list(product(range(1, 7), repeat=5 - len(held)))
            total = sum(position(tuple(sorted(held + o)), rolls_left - 1) for o in outcomes)
            return total / len(outcomes)

        return sum(position(tuple(sorted(roll)), 2) for roll in ROLLS) / len(ROLLS)
