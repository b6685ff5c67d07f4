"""One turn of the Expert's play, carrying more than its value: the spread of the points to come.

The solver values a state by the expected points still to come. The win-chance model needs
more: how those points are spread (their moments, or their whole distribution). Both follow
the Expert's choices, which are made on values alone, so one turn is worked out in two passes:

1. `turn_moves`: for every open box and roll (of the 252), the points written (box, upper
   bonus, bonus chip) and the state it leads to, as the rules and the variant's Joker allow;
2. `spread_turn`: the Expert's choice of box for each roll, then of keep for each roll and
   rolls left (the solver's recursion, one die at a time), each the best by value, and any
   *linear statistic* of the points to come carried along the same choices: the raw moments
   (E R, E R^2, E R^3) for the shipped tables, or a whole distribution over points.

A statistic is linear in the mixing (an average over re-rolls is an average of statistics),
and adding points p to R maps it linearly too, so the two passes need only `shift`.
Ties between choices go as the Expert breaks them: a box before a keep, a bigger keep before
a smaller one; boxes by card order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from game.ai.exact.dicespace import (
    CHILDREN,
    DICE,
    FACES,
    N_MULTISETS,
    N_ROLLS,
    PARENTS,
    ROLL_PROB,
    SIZE_START,
    YAHTZEE_ROWS,
)
from game.ai.exact.scoring import Spec, five_of_a_kind_chip, five_of_a_kind_options, spec
from game.ai.exact.solver import BONUS_AT
from game.rules import Variant

#: Flat index of a state (filled, upper, fifty) in a table of the solver's shape (every card
#: so far has its upper bonus at 63: spec(variant).table_shape[1:] is (64, 2) for each).
STRIDE_FILLED = (BONUS_AT + 1) * 2
_ROLL_ROWS = SIZE_START[DICE]


def flat_state(filled: int, upper: int, fifty: int) -> int:
    return filled * STRIDE_FILLED + upper * 2 + fifty


@dataclass(frozen=True, slots=True)
class TurnMoves:
    """Where each roll may be scored from n states sharing one set of filled boxes.

    Arrays are (open boxes, 252 rolls, n states): `points` written (upper bonus and bonus
    chip included), `child` the flat index of the state it leads to, `allowed` whether the
    rules let that roll go in that box.
    """

    boxes: tuple[int, ...]
    points: np.ndarray
    child: np.ndarray
    allowed: np.ndarray


def turn_moves(filled: int, upper: np.ndarray, fifty: np.ndarray, variant: Variant) -> TurnMoves:
    """Every box each roll may be scored in, from the states (filled, upper[i], fifty[i]).

    The card is the variant's (game.ai.exact.scoring.spec): a card without chips has no Joker, and
    its five-alike box is an ordinary box (fifty stays 0).
    """
    s = spec(variant)
    if s.n_upper_totals * 2 != STRIDE_FILLED:
        raise ValueError(f"the {variant.value} card's upper bonus is not at {BONUS_AT}")
    boxes = tuple(c for c in range(s.n_boxes) if not filled >> c & 1)
    n = len(upper)
    upper_row = np.asarray(upper, dtype=np.int64)[None, :]
    fifty_row = np.asarray(fifty, dtype=np.int64)[None, :]
    points = np.zeros((len(boxes), N_ROLLS, n))
    child = np.zeros((len(boxes), N_ROLLS, n), dtype=np.intp)
    allowed = np.ones((len(boxes), N_ROLLS, n), dtype=bool)
    for i, c in enumerate(boxes):
        base = s.base[c][:, None]
        state = (filled | 1 << c) * STRIDE_FILLED
        if c < s.upper_boxes:
            reached = upper_row + base
            points[i] = base + _bonus(s, upper_row, reached)
            child[i] = state + np.minimum(reached, s.bonus_at) * 2 + fifty_row
        elif c == s.yahtzee:
            points[i] = base
            child[i] = state + upper_row * 2 + (base == 50)
        else:
            points[i] = base
            child[i] = state + upper_row * 2 + fifty_row
    if filled & s.yahtzee_bit and s.chips:  # the variant's rule: no chips, no Joker
        _joker_rows(s, filled, boxes, upper_row[0], fifty_row[0], points, child, allowed)
    return TurnMoves(boxes, points, child, allowed)


def _bonus(s: Spec, before: np.ndarray, reached: np.ndarray) -> np.ndarray:
    return np.where((before < s.bonus_at) & (reached >= s.bonus_at), s.upper_bonus, 0)


def _joker_rows(
    s: Spec,
    filled: int,
    boxes: tuple[int, ...],
    upper: np.ndarray,
    fifty: np.ndarray,
    points: np.ndarray,
    child: np.ndarray,
    allowed: np.ndarray,
) -> None:
    """Five of a kind with the Yahtzee box filled: the boxes and points the Joker rule allows."""
    for flag in (0, 1):
        columns = np.flatnonzero(fifty == flag)
        if not len(columns):
            continue
        box_content = 50 * flag
        chip = five_of_a_kind_chip(box_content, s.variant)
        ups = upper[columns]
        for face in range(1, 7):
            row = YAHTZEE_ROWS[face - 1]
            options = five_of_a_kind_options(face, s.all_boxes & ~filled, box_content, s.variant)
            for i, c in enumerate(boxes):
                if c not in options:
                    allowed[i, row, columns] = False
                    continue
                scored = options[c]
                state = (filled | 1 << c) * STRIDE_FILLED
                if c < s.upper_boxes:
                    reached = ups + scored
                    points[i, row, columns] = scored + _bonus(s, ups, reached) + chip
                    child[i, row, columns] = state + np.minimum(reached, s.bonus_at) * 2 + flag
                else:
                    points[i, row, columns] = scored + chip
                    child[i, row, columns] = state + ups * 2 + flag


# ----------------------------------------------------------------------------- statistics
#: shift(stats, points) -> the statistic of points + R, from that of R (any leading shape).
Shift = Callable[[np.ndarray, np.ndarray], np.ndarray]


def shift_moments(stats: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Raw moments (E R, E R^2, E R^3) on the last axis -> those of points + R."""
    p = points[..., None] if points.ndim == stats.ndim - 1 else points
    m1, m2, m3 = stats[..., 0:1], stats[..., 1:2], stats[..., 2:3]
    return np.concatenate(
        [p + m1, p * p + 2 * p * m1 + m2, p**3 + 3 * p * p * m1 + 3 * p * m2 + m3], axis=-1
    )


def shift_distribution(stats: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Probabilities of R = 0, 1, ... on the last axis -> those of points + R (same length;
    nothing falls off the end when the length covers the largest total)."""
    length = stats.shape[-1]
    p = points.astype(np.intp)[..., None]
    source = np.arange(length) - p
    inside = source >= 0
    shifted = np.take_along_axis(stats, np.where(inside, source, 0), axis=-1)
    return np.where(inside, shifted, 0.0)


@dataclass(frozen=True, slots=True)
class TurnSpread:
    """The Expert's turn from n states: values and a statistic of the points to come.

    `value[k]` / `stats[k]`: (252, n) and (252, n, K) for a roll showing with k rolls left
    (k = 0 scores it). `start_value` / `start_stats`: before the first roll.
    """

    value: tuple[np.ndarray, np.ndarray, np.ndarray]
    stats: tuple[np.ndarray, np.ndarray, np.ndarray]
    start_value: np.ndarray
    start_stats: np.ndarray


def spread_turn(
    moves: TurnMoves,
    child_value: Callable[[np.ndarray], np.ndarray],
    child_stats: Callable[[np.ndarray], np.ndarray],
    shift: Shift,
) -> TurnSpread:
    """One turn of the Expert from the states of `moves`.

    child_value(flat indices) -> values (same shape); child_stats(flat indices) -> their
    statistics (one more axis). Values pick the choices; statistics follow them.
    """
    future = child_value(moves.child)
    total = np.where(moves.allowed, moves.points + future, -np.inf)
    pick = np.argmax(total, axis=0)[None]  # the first best box, in card order
    final = np.take_along_axis(total, pick, axis=0)[0]
    chosen = np.take_along_axis(moves.child, pick, axis=0)[0]
    points = np.take_along_axis(moves.points, pick, axis=0)[0]
    final_stats = shift(child_stats(chosen), points)

    n = final.shape[1]
    level = np.empty((N_MULTISETS, n))
    stats = np.empty((N_MULTISETS, n, final_stats.shape[-1]))
    level[_ROLL_ROWS:], stats[_ROLL_ROWS:] = final, final_stats
    _expect(level, stats)  # keeps with one roll to come
    _best_sub_keep(level, stats)  # each roll with one roll left: score now or a keep
    value1, stats1 = level[_ROLL_ROWS:].copy(), stats[_ROLL_ROWS:].copy()
    _expect(level, stats)  # keeps with two rolls to come
    level[_ROLL_ROWS:], stats[_ROLL_ROWS:] = final, final_stats
    _best_sub_keep(level, stats)
    value2, stats2 = level[_ROLL_ROWS:].copy(), stats[_ROLL_ROWS:].copy()
    start_value = ROLL_PROB @ value2
    start_stats = np.tensordot(ROLL_PROB, stats2, axes=(0, 0))
    return TurnSpread(
        (final, value1, value2), (final_stats, stats1, stats2), start_value, start_stats
    )


def _expect(level: np.ndarray, stats: np.ndarray) -> None:
    """Keep rows (sizes 4 down to 0) from the roll rows: the average over one more die."""
    for size in range(DICE - 1, -1, -1):
        rows = slice(SIZE_START[size], SIZE_START[size + 1])
        level[rows] = level[CHILDREN[size]].sum(axis=0) / FACES
        stats[rows] = stats[CHILDREN[size]].sum(axis=0) / FACES


def _best_sub_keep(level: np.ndarray, stats: np.ndarray) -> None:
    """Each row becomes the best of itself and its sub-multisets (itself on a tie)."""
    for size in range(1, DICE + 1):
        rows = slice(SIZE_START[size], SIZE_START[size + 1])
        parents = PARENTS[size]
        gathered = level[parents]  # (parents, rows, n)
        pick = np.argmax(gathered, axis=0)
        best = np.take_along_axis(gathered, pick[None], axis=0)[0]
        source = np.take_along_axis(parents[:, :, None], pick[None], axis=0)[0]  # (rows, n)
        own = level[rows] >= best
        n = level.shape[1]
        best_stats = stats[source, np.arange(n)[None, :]]
        stats[rows] = np.where(own[..., None], stats[rows], best_stats)
        level[rows] = np.where(own, level[rows], best)
