"""Forced order (tvångsyatzy: boxes filled top to bottom), played exactly.

With the boxes filled in card order, a state between turns is only (the next box k, the upper
total capped at the bonus threshold, whether the Yahtzee box holds 50): 16 x 64 x 2 states
for Yatzy, 14 x 64 x 2 for the American card. Every turn must end in box k, so its value is
the keep recursion (game.ai.exact.dicespace, the same as the free game's) over the final-roll
values "points in box k, the bonus if it lands, and the value of (k + 1, ...)".

The whole table is computed on first use (one batched turn evaluation per box, well under a
second) rather than shipped: it is tiny and quick, so a file would only add a build step and a
check to keep in step. Cards must have been filled in order (as every game in forced order
is); any other card has no forced-order value and is refused with ValueError.

`game.ai.levels.valuations.ForcedValuation` is the forced-order counterpart of
`game.ai.levels.turn.Valuation`, with the same distortions for the lower levels (bonus weight and
greed), so every level plays it.
"""

from __future__ import annotations

import functools

import numpy as np

from game.ai.exact.dicespace import FACE_COUNT, N_ROLLS, YAHTZEE_ROWS
from game.ai.exact.scoring import Spec, five_of_a_kind_chip, five_of_a_kind_options, spec
from game.ai.exact.solver import TurnLevels, keep_levels, turn_levels
from game.rules import Category, Scorecard, Variant


def forced_key(card: Scorecard) -> tuple[int, int, int]:
    """(next box index, capped upper total, Yahtzee box holds 50) of a card filled in order."""
    k = card.filled_count
    if any(box is None for box in card.boxes[:k]):
        raise ValueError("in forced order the boxes are filled top to bottom; this card is not")
    kind = card.card
    fifty = int(kind.has_chips and card[Category.YAHTZEE] == kind.five_alike_points)
    return k, min(kind.bonus_threshold, card.upper_total), fifty


def forced_rows(s: Spec, k: int, after: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(points, future), each (252, upper totals, 2): scoring each roll in box k from every
    (upper total, flag), where `after` (upper totals, 2) values the states of box k + 1."""
    points, child = forced_moves(s, k)
    return points, np.ascontiguousarray(after).reshape(-1)[child]


@functools.cache
def forced_moves(s: Spec, k: int) -> tuple[np.ndarray, np.ndarray]:
    """(points, child), each (252, upper totals, 2) and read only: scoring each roll in box k
    from every (upper total, flag), the points written (upper bonus and chip included) and
    the state of box k + 1 it leads to, as a flat index upper * 2 + flag. The one statement
    of forced order's scoring: values (forced_rows) and distributions
    (game.ai.winning.forced_outlook) both follow it."""
    totals = np.arange(s.bonus_at + 1)
    flags = np.arange(2)
    shape = (N_ROLLS, len(totals), 2)
    if k < s.upper_boxes:
        scored = ((k + 1) * FACE_COUNT[k])[:, None, None]  # (252, 1, 1)
        reached = totals[None, :, None] + scored
        bonus = np.where((totals[None, :, None] < s.bonus_at) & (reached >= s.bonus_at), 1, 0)
        points = np.broadcast_to(scored + s.upper_bonus * bonus, shape).astype(np.float64)
        child = np.minimum(reached, s.bonus_at) * 2 + flags[None, None, :]
    elif k == s.yahtzee:
        five = (s.base[k] == s.five_points)[:, None, None]
        points = np.broadcast_to(s.base[k][:, None, None], shape).astype(np.float64)
        child = totals[None, :, None] * 2 + five
    else:
        points = np.broadcast_to(s.base[k][:, None, None], shape).astype(np.float64)
        child = totals[None, :, None] * 2 + flags[None, None, :]
    child = np.broadcast_to(child, shape).astype(np.intp)
    if s.chips and 0 <= s.yahtzee < k:
        # An extra five-alike: its Joker points in box k, and a chip when the box holds 50.
        open_mask = s.all_boxes & ~((1 << k) - 1)
        for flag in (0, 1):
            box = s.five_points * flag
            chip = five_of_a_kind_chip(box, s.variant)
            for face in range(1, 7):
                (scored,) = five_of_a_kind_options(face, open_mask, box, s.variant, True).values()
                reached = totals + (scored if k < s.upper_boxes else 0)
                bonus = np.where((totals < s.bonus_at) & (reached >= s.bonus_at), s.upper_bonus, 0)
                row = YAHTZEE_ROWS[face - 1]
                points[row, :, flag] = scored + bonus + chip
                child[row, :, flag] = np.minimum(reached, s.bonus_at) * 2 + flag
    points.flags.writeable = False
    child.flags.writeable = False
    return points, child


@functools.cache
def forced_values(variant: Variant) -> np.ndarray:
    """V[k, u, f]: expected points still to come in forced order (read only)."""
    s = spec(variant)
    values = np.zeros((s.n_boxes + 1, s.bonus_at + 1, 2))
    for k in range(s.n_boxes - 1, -1, -1):
        points, future = forced_rows(s, k, values[k + 1])
        final = np.ascontiguousarray((points + future).reshape(N_ROLLS, -1))
        values[k] = np.asarray(keep_levels(final)).reshape(s.bonus_at + 1, 2)
    values.flags.writeable = False
    return values


def forced_expected(card: Scorecard, variant: Variant) -> float:
    """Expected final total of a card played on in forced order, optimally."""
    if card.is_complete:
        return float(card.total)
    k, upper, fifty = forced_key(card)
    return card.total + float(forced_values(variant)[k, upper, fifty])


def forced_levels(card: Scorecard, variant: Variant) -> TurnLevels:
    """The within-turn arrays of a card in forced order (as `ValueTable.turn` for the free
    game): keep values with one and two rolls left, from the exact forced-order values."""
    k, upper, fifty = forced_key(card)
    s = spec(variant)
    points, future = forced_rows(s, k, forced_values(variant)[k + 1])
    final = np.ascontiguousarray((points + future)[:, upper, fifty][:, None])
    return turn_levels(final)
