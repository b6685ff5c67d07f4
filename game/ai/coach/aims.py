"""Where a keep's dice end up: the chance of each box being scored, playing as the Expert.

A reason for a keep ("keep 5-5-5 for Fives or Three of a Kind") must name what the
keep really serves. That is read off the solver's own play: keep the dice, roll the rest,
then play the rest of the turn as the Expert would (keep again or score, then score the
last roll in its best box), and add up the chance of each box being scored with points in
it. Zeros written where nothing fits are failures, not aims, and are left out. Five of a
kind that earns a bonus chip (the Yahtzee box holds 50) counts for the Yahtzee box, whatever
box the Joker then fills: the extra Yahtzee is what such a keep goes for, and "keep 5-5-5-5
for Large Straight" would read as nonsense.

Whether kept dice help a box is a question about that box alone (`alone`): the most
points a player could expect in it, playing for it and nothing else, after keeping them.
Keeping a 1 with a 5 does nothing for Chance, whatever the Expert then does with the dice.

Everything is exact (no sampling) and comes from the turn outlook the CPU players use
(game.ai.exact.turn_outlook) and the solver's dice arithmetic, so it costs a millisecond or two
a keep.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from game.ai.exact.dicespace import (
    INDEX,
    N_MULTISETS,
    ROLLS,
    SIZE_START,
    YAHTZEE_ROWS,
    best_sub_keep,
    expect_keeps,
)
from game.ai.exact.options import Keep
from game.ai.exact.scoring import Spec, five_of_a_kind_chip, spec
from game.ai.exact.turn_outlook import ROLL_KEEP_ROWS, TIE_DIGITS, TurnOutlook
from game.ai.levels.valuations import valuation
from game.rules import Card, Category, Scorecard, Variant

N_ROLLS = len(ROLLS)
_ROLL_ROWS = SIZE_START[-2]  # first row of the rolls (five dice) among the 462 multisets


@cache
def _transition() -> np.ndarray:
    """T[k, r]: the chance that keeping multiset k and rolling the rest gives roll r.

    The solver's expectation over a re-roll applied to the unit vectors of the rolls.
    """
    level = np.zeros((N_MULTISETS, N_ROLLS))
    level[_ROLL_ROWS:] = np.eye(N_ROLLS)
    expect_keeps(level)
    level.setflags(write=False)
    return level


@cache
def _alone(s: Spec) -> np.ndarray:
    """A[r - 1, k, c]: the most points box c can expect, played for alone (no Joker), when
    multiset k is kept and the rest rolled with r = 1 or 2 rolls to come."""
    level = np.zeros((N_MULTISETS, s.n_boxes))
    level[_ROLL_ROWS:] = s.base.T
    expect_keeps(level)
    one = level.copy()
    best_sub_keep(level)  # with one roll left, a roll is worth its best keep or itself
    level[:_ROLL_ROWS] = 0.0
    expect_keeps(level)
    values = np.stack([one, level])
    values.setflags(write=False)
    return values


def alone(
    box: Category, faces: tuple[int, ...], rolls_left: int, card: Card | None = None
) -> float:
    """The most points `box` of `card` (the American one by default) can expect when `faces`
    are kept now and the rest rolled, with `rolls_left` (1 or 2) rolls to come, played for
    that box alone.

    >>> round(alone(Category.CHANCE, (5,), 2), 2), round(alone(Category.CHANCE, (1, 5), 2), 2)
    (22.0, 21.25)
    """
    s = spec(Variant.OFFICIAL if card is None else Variant.for_card(card))
    return float(_alone(s)[rolls_left - 1, INDEX[tuple(sorted(faces))], s.card.index(box)])


def _scores(outlook: TurnOutlook) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each roll scored now: its best box (ties to the first, as option_values), the
    points it writes there (upper bonus included) and the value of scoring it."""
    values = outlook.score_points + outlook.score_future
    box = np.argmax(np.round(values, TIE_DIGITS), axis=0)
    rolls = np.arange(N_ROLLS)
    return box, outlook.score_points[box, rolls], values[box, rolls]


def _after_one_roll_left(outlook: TurnOutlook, score_value: np.ndarray) -> np.ndarray:
    """M[r]: where the dice end (a distribution over rolls) from roll r with one roll left:
    roll r itself when the Expert scores it, else the outcome of the keep it makes."""
    keeps = outlook.keep1[ROLL_KEEP_ROWS]  # (252, slots): the keeps inside each roll
    pick = np.argmax(np.round(keeps, TIE_DIGITS), axis=1)
    rolls = np.arange(N_ROLLS)
    best_keep = keeps[rolls, pick]
    # Ties go to scoring, as in option_values.
    rolls_again = np.round(best_keep, TIE_DIGITS) > np.round(score_value, TIE_DIGITS)
    ends = np.eye(N_ROLLS)
    kept = ROLL_KEEP_ROWS[rolls, pick]
    ends[rolls_again] = _transition()[kept[rolls_again]]
    return ends


@dataclass(frozen=True, slots=True)
class Ending:
    """One box after a keep: the chance the dice are scored in it with points, and the points
    it then gets on average times that chance (its share of the expected points)."""

    chance: float
    points: float


def box_endings(
    card: Scorecard,
    keep: Keep,
    rolls_left: int,
    variant: Variant | None = None,
    forced_order: bool = False,
) -> dict[Category, Ending]:
    """Where the dice end when `keep` is kept now, with `rolls_left` (1 or 2) rolls still to
    come, and the Expert plays the rest of the turn: every box scored with points, with its
    chance (they add up to at most 1) and its expected points. An extra Yahtzee that earns a
    bonus chip counts for the (filled) Yahtzee box, with the chip in its points.

    >>> ends = box_endings(Scorecard(), Keep((6, 6, 6, 6)), 1)
    >>> round(ends[Category.YAHTZEE].chance, 4), round(ends[Category.YAHTZEE].points, 4)
    (0.1667, 8.3333)
    """
    if rolls_left not in (1, 2):
        raise ValueError(f"a keep is rolled with 1 or 2 rolls left, got {rolls_left!r}")
    variant = Variant.for_card(card.card) if variant is None else variant
    s = spec(variant)
    outlook = valuation(variant, forced_order=forced_order).outlook(card)
    box, points, score_value = _scores(outlook)
    ends = _transition()[INDEX[keep.faces]]
    if rolls_left == 2:
        ends = ends @ _after_one_roll_left(outlook, score_value)
    if five_of_a_kind_chip(card[Category.YAHTZEE], variant):
        box = box.copy()
        box[YAHTZEE_ROWS] = s.yahtzee
    chance = np.bincount(box, weights=ends * (points > 0), minlength=s.n_boxes)
    share = np.bincount(box, weights=ends * points, minlength=s.n_boxes)
    return {
        s.boxes[c]: Ending(float(chance[c]), float(share[c]))
        for c in range(s.n_boxes)
        if chance[c] > 0
    }
