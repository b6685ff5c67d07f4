"""A turn's keep values by the solver's recursion, and `TurnOutlook`: every choice of it, valued.

Worked out once per card state (by game.ai.levels.turn's `Valuation`, or the forced-order and
Champion valuations), a turn is a few arrays, and every decision of it a few dozen lookups
(about 20 us) instead of option_values' scorecard per open box (about 0.4 ms):

- `score_points[c, r]` / `score_future[c, r]`: what scoring roll r (of the 252) in box c puts
  on the card (points, upper bonus, bonus chip) and the value of the state it leads to;
  the future is -inf where the rules refuse the box (the Joker rules, a filled box);
- `keep1[k]` / `keep2[k]`: the value of keeping multiset k (of the 462) with one / two rolls
  left, by the solver's recursion (one die at a time, game.ai.exact.dicespace) on flat arrays.

Every sum is made in the order the solver and `expected_score` make it, and choices come in
option_values' tie order, so with the true values the numbers and the choices are bit for
bit those of option_values, ties included (tests/ai/test_levels.py checks this).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.ai.exact.dicespace import (
    CHILDREN,
    DICE,
    FACES,
    INDEX,
    N_MULTISETS,
    ROLL_INDEX,
    ROLLS,
    SIZE_START,
    sub_keeps,
)
from game.ai.exact.options import Choice, Keep
from game.rules import AMERICAN, Category
from game.rules.actions import SCORES as SCORE_ACTIONS

TIE_DIGITS = 9  # as game.ai.exact.options: values equal to 9 decimals are a tie

#: For every roll: its distinct keeps of 0 to 4 dice as (faces, index into the 462), in the
#: tie order of option_values (bigger keeps first, then by faces).
ROLL_KEEPS: tuple[tuple[tuple[Keep, int], ...], ...] = tuple(
    tuple(
        (Keep(faces), INDEX[faces]) for faces in sorted(sub_keeps(roll), key=lambda k: (-len(k), k))
    )
    for roll in ROLLS
)


# ----------------------------------------------------------------------------- keeps
_ROLL_ROWS = SIZE_START[DICE]  # first row of the rolls among the 462 multisets
_SIXTH = 1.0 / FACES
#: Keep sizes 4 down to 0: (first row, end row, CHILDREN[size]) as dicespace.expect_keeps.
_EXPECT_BLOCKS = tuple(
    (SIZE_START[s], SIZE_START[s + 1], CHILDREN[s]) for s in range(DICE - 1, -1, -1)
)


def _padded(rows: list[list[int]]) -> np.ndarray:
    width = max(len(r) for r in rows)
    return np.array([r + [r[0]] * (width - len(r)) for r in rows], dtype=np.intp)


#: SUB_MULTISETS[r]: every sub-multiset of roll r (itself included), padded by repetition.
SUB_MULTISETS = _padded([[INDEX[k] for k in sub_keeps(roll, DICE)] for roll in ROLLS])
#: ROLL_KEEP_ROWS[r]: the rows of ROLL_KEEPS[r] (the keeps of 0 to 4 of its dice), padded.
ROLL_KEEP_ROWS = _padded([[index for _, index in keeps] for keeps in ROLL_KEEPS])


def _expect(level: np.ndarray) -> None:
    """Fill the keep rows of `level` (462) from its roll rows: expect_keeps for one state.

    One die at a time, summed in the same order as the solver's, so the values are the
    solver's to the last bit; a one-dimensional array spares most of its per-call costs.
    """
    for start, stop, children in _EXPECT_BLOCKS:
        np.multiply(np.take(level, children).sum(axis=0), _SIXTH, out=level[start:stop])


def keep_values(final: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(keep1, keep2) of a turn whose rolls scored at once are worth `final` (252).

    keep1[k]: keep multiset k and roll once more, then score; keep2[k]: keep k with two rolls
    to come. Rows of five dice (a roll) hold no keep value.
    """
    level = np.empty(N_MULTISETS)
    level[_ROLL_ROWS:] = final
    _expect(level)
    keep1 = level.copy()
    # With one roll left, a roll is worth its best: scoring now or any keep inside it.
    level[_ROLL_ROWS:] = level[SUB_MULTISETS].max(axis=1)
    _expect(level)
    return keep1, level


# ----------------------------------------------------------------------------- outlooks
@dataclass(frozen=True, slots=True)
class TurnOutlook:
    """Every choice of one turn from one card state, valued (see the module docstring).

    Values exclude the points already on the card; the methods take the card's `total`.
    Choices come in the canonical order of option_values' ties: boxes in card order, then
    keeps, bigger first. The best choice is the first whose value, to 9 decimals, is the top.
    """

    score_points: np.ndarray  # (boxes, 252) points written (bonus, chip included), x (1 + g)
    score_future: np.ndarray  # (boxes, 252) value of the next state; -inf: box not allowed
    keep1: np.ndarray  # (462,) keep with one roll left
    keep2: np.ndarray  # (462,) keep with two rolls left
    boxes: tuple[Category, ...] = AMERICAN.boxes  # the card's boxes, rows of the arrays

    def choices(
        self, total: int, dice: Sequence[int], rolls_left: int
    ) -> tuple[list[Choice], list[float]]:
        """Every legal choice and its value, in canonical order (not sorted by value)."""
        roll = ROLL_INDEX[tuple(sorted(dice))]
        points = self.score_points[:, roll].tolist()
        future = self.score_future[:, roll].tolist()
        choices: list[Choice] = []
        values: list[float] = []
        boxes = self.boxes
        for c in range(len(boxes)):
            if future[c] != -np.inf:
                choices.append(SCORE_ACTIONS[boxes[c]])
                # (total + points) first, as expected_score adds a filled card's total.
                values.append((total + points[c]) + future[c])
        if rolls_left:
            keeps = (self.keep1 if rolls_left == 1 else self.keep2).take(ROLL_KEEP_ROWS[roll])
            for (keep, _), value in zip(ROLL_KEEPS[roll], keeps.tolist(), strict=False):
                choices.append(keep)
                values.append(total + value)
        return choices, values

    def options(
        self, total: int, dice: Sequence[int], rolls_left: int
    ) -> list[tuple[Choice, float]]:
        """Every choice with its value, best first, exactly as option_values lists them."""
        choices, values = self.choices(total, dice, rolls_left)
        # Python's sort is stable and the canonical order is the tie order.
        order = sorted(range(len(values)), key=lambda i: -round(values[i], TIE_DIGITS))
        return [(choices[i], values[i]) for i in order]

    def best_value(self, total: int, dice: Sequence[int], rolls_left: int) -> float:
        """The value of the best choice (the first of `options`, to 9 decimals)."""
        roll = ROLL_INDEX[tuple(sorted(dice))]
        best = float(np.max(self.score_points[:, roll] + self.score_future[:, roll]))
        if rolls_left:
            keeps = self.keep1 if rolls_left == 1 else self.keep2
            best = max(best, float(keeps.take(ROLL_KEEP_ROWS[roll]).max()))
        return total + best

    def keep_value(self, total: int, faces: Sequence[int], rolls_left: int) -> float:
        """Value of keeping `faces` (0 to 4 dice) and rolling the rest."""
        keeps = self.keep1 if rolls_left == 1 else self.keep2
        return total + float(keeps[INDEX[tuple(sorted(faces))]])

    def score_value(self, total: int, dice: Sequence[int], box: int | Category) -> float:
        """Value of scoring the dice in `box` (a Category, or its index on the card; -inf if
        the rules refuse it)."""
        if isinstance(box, Category):
            box = self.boxes.index(box)
        roll = ROLL_INDEX[tuple(sorted(dice))]
        return (total + float(self.score_points[box, roll])) + float(self.score_future[box, roll])


def best_index(values: Sequence[float]) -> int:
    """Index of the best value; ties (to 9 decimals) go to the first, as in option_values."""
    top = max(values)
    rounded = round(top, TIE_DIGITS)
    floor = top - 1e-9  # only values this close can round to the same 9 decimals
    return next(i for i, v in enumerate(values) if v >= floor and round(v, TIE_DIGITS) == rounded)
