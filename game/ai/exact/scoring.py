"""What each roll scores, as arrays the solver can add in bulk, for any card and variant.

`spec(variant)` gathers what the solver needs to know about a variant's card: the number of
boxes, the 252-roll base score of each box (built here from the card's own scorers), the
upper bonus and its threshold, and the five-alike box where the card pays bonus chips.

For every roll but five of a kind, `score_options` offers the base score of every open box, so
one boxes x 252 table of base scores covers them. Five of a kind is where the American
variants differ (the Joker and the bonus chip); for those six rolls `five_of_a_kind_options`
restates `game.rules.score_options` for a card described only by its open boxes and the
content of the Yahtzee box. It exists because the solver asks it a few hundred thousand times
per build and the real function validates and builds a card each time; tests/ai check it
against `score_options` and `earns_bonus_chip` for every open-box set, face, Yahtzee-box
content and variant. A card without chips (Yatzy) has no Joker: its five-alike box is then an
ordinary box to the solver, and five alike scores as it lies everywhere.

Nothing here is one card's: every figure is asked of `spec(variant)`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from game.ai.exact.dicespace import ROLLS, YAHTZEE_ROWS
from game.rules import Card, Category, Score, Variant
from game.rules.actions import SCORES
from game.rules.variants import Extra


@dataclass(frozen=True, eq=False)
class Spec:
    """A variant's card as the solver sees it (one object per variant: `spec(variant)`).

    yahtzee is the index of the five-alike box when the card pays bonus chips on it (and so
    the solver tracks whether it holds 50), else -1; yahtzee_bit is then 0.
    """

    variant: Variant
    card: Card
    boxes: tuple[Category, ...]
    n_boxes: int
    all_boxes: int
    upper_boxes: int
    upper_mask: int
    yahtzee: int
    yahtzee_bit: int
    chips: bool  # further five-alikes earn chips and play as Jokers (the variant's rule)
    chip_points: int
    five_points: int  # what five alike scores in the five-alike box (50)
    bonus_at: int  # upper total that earns the bonus; also the cap of the stored total
    upper_bonus: int
    base: np.ndarray  # (boxes, 252) base score of each roll in each box
    five_base: tuple[tuple[int, ...], ...]  # [box][face - 1]: five alike as the dice lie
    five_joker: tuple[tuple[int, ...], ...]  # [box][face - 1]: five alike as a Joker
    scores: tuple[Score, ...]  # the Score action of each box, in card order

    @property
    def table_shape(self) -> tuple[int, int, int]:
        """(filled boxes, capped upper total, the five-alike box holds 50)."""
        return (1 << self.n_boxes, self.bonus_at + 1, 2)

    @property
    def n_upper_totals(self) -> int:
        return self.bonus_at + 1


@functools.cache
def spec(variant: Variant) -> Spec:
    """The solver's view of the variant's card (cached: one object per variant)."""
    if not isinstance(variant, Variant):
        raise ValueError(f"unknown rule variant {variant!r}")
    card = variant.card
    n = len(card.boxes)
    upper = len(card.upper)
    yahtzee = card.index(Category.YAHTZEE) if card.has_chips else -1
    base = np.array([[card.score(c, roll) for roll in ROLLS] for c in card.boxes], dtype=np.int64)
    base.flags.writeable = False
    return Spec(
        variant=variant,
        card=card,
        boxes=card.boxes,
        n_boxes=n,
        all_boxes=(1 << n) - 1,
        upper_boxes=upper,
        upper_mask=(1 << upper) - 1,
        yahtzee=yahtzee,
        yahtzee_bit=1 << yahtzee if yahtzee >= 0 else 0,
        chips=card.has_chips and variant.extra is not Extra.NONE,
        chip_points=card.chip_points,
        five_points=card.five_alike_points,
        bonus_at=card.bonus_threshold,
        upper_bonus=card.upper_bonus,
        base=base,
        five_base=tuple(tuple(int(base[c, YAHTZEE_ROWS[f]]) for f in range(6)) for c in range(n)),
        five_joker=tuple(
            tuple(card.joker_score(c, (f + 1,) * 5) for f in range(6)) for c in card.boxes
        ),
        scores=tuple(SCORES[c] for c in card.boxes),
    )


def five_of_a_kind_options(
    face: int, open_mask: int, yahtzee_box: int | None, variant: Variant, forced: bool = False
) -> dict[int, int]:
    """Box index -> points for five dice showing `face`, as `score_options` gives them.

    `open_mask` has bit c set when box c is open; `yahtzee_box` is the five-alike box's
    content (None while it is open). `forced`: boxes are filled in order (only the first
    open box is offered).

    >>> five_of_a_kind_options(4, 0b1111111110111, 50, Variant.OFFICIAL)
    {3: 20}
    >>> five_of_a_kind_options(4, 0b1_0000_0000_0000, 0, Variant.OFFICIAL)
    {12: 20}
    """
    s = spec(variant)
    f = face - 1
    open_boxes = [c for c in range(s.n_boxes) if open_mask >> c & 1]
    if forced:
        open_boxes = open_boxes[:1]
    if not s.chips or yahtzee_box is None:
        return {c: s.five_base[c][f] for c in open_boxes}
    upper_open = bool(open_mask >> f & 1)
    if variant.extra is Extra.FREE or forced:
        # Any open box (or the next one in forced order); the fixed-value boxes count as a
        # Joker only once the face's upper box is filled.
        points = s.five_base if upper_open else s.five_joker
        return {c: points[c][f] for c in open_boxes}
    if upper_open:
        return {f: 5 * face}
    lower = [c for c in open_boxes if c >= s.upper_boxes]
    if lower:
        return {c: s.five_joker[c][f] for c in lower}
    return {c: 0 for c in open_boxes}


def five_of_a_kind_chip(yahtzee_box: int | None, variant: Variant) -> int:
    """Bonus-chip points five of a kind earns, as `earns_bonus_chip` decides them.

    >>> five_of_a_kind_chip(50, Variant.OFFICIAL), five_of_a_kind_chip(0, Variant.FREE)
    (100, 0)
    """
    s = spec(variant)
    if not s.chips or yahtzee_box != s.five_points:
        return 0
    return s.chip_points
