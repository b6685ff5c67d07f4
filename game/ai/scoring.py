"""What each roll scores, as arrays the solver can add in bulk.

For every roll but five of a kind, `score_options` offers the base score of every open box, so
one 13 x 252 table of base scores (built here from `game.rules.base_score` itself) covers them.
Five of a kind is where the variants differ (the Joker and the bonus chip); for those six rolls
`five_of_a_kind_options` restates `game.rules.score_options` for a card described only by its
open boxes and the content of the Yahtzee box. It exists because the solver asks it a few
hundred thousand times per build and the real function validates and builds a card each time;
tests/ai check it against `score_options` and `earns_bonus_chip` for every open-box set,
face, Yahtzee-box content and variant.
"""

from __future__ import annotations

import numpy as np

from game.ai.dicespace import ROLLS, YAHTZEE_ROWS
from game.rules import CATEGORIES, Category, Variant, base_score, joker_score

N_BOXES = len(CATEGORIES)  # 13
ALL_BOXES = (1 << N_BOXES) - 1
YAHTZEE = Category.YAHTZEE.value
YAHTZEE_BIT = 1 << YAHTZEE
UPPER_BOXES = 6
UPPER_MASK = (1 << UPPER_BOXES) - 1
CHIP_POINTS = 100  # game.rules.categories.YAHTZEE_BONUS, per the rules page

#: BASE_POINTS[c, r]: the base score of roll r in box c (no Joker).
BASE_POINTS: np.ndarray = np.array(
    [[base_score(category, roll) for roll in ROLLS] for category in CATEGORIES], dtype=np.int64
)
#: Five of a kind of face f (index f - 1) in box c: as the dice lie, and as a Joker.
_FIVE_BASE = [[int(BASE_POINTS[c, YAHTZEE_ROWS[f]]) for f in range(6)] for c in range(13)]
_FIVE_JOKER = [[joker_score(c, (f + 1,) * 5) for f in range(6)] for c in CATEGORIES]


def five_of_a_kind_options(
    face: int, open_mask: int, yahtzee_box: int | None, variant: Variant
) -> dict[int, int]:
    """Box index -> points for five dice showing `face`, as `score_options` gives them.

    `open_mask` has bit c set when box c is open; `yahtzee_box` is the Yahtzee box's content
    (None while it is open).

    >>> five_of_a_kind_options(4, 0b1111111110111, 50, Variant.OFFICIAL)
    {3: 20}
    >>> five_of_a_kind_options(4, 0b1_0000_0000_0000, 0, Variant.OFFICIAL)
    {12: 20}
    """
    f = face - 1
    open_boxes = [c for c in range(N_BOXES) if open_mask >> c & 1]
    if variant is Variant.SIMPLE or yahtzee_box is None:
        return {c: _FIVE_BASE[c][f] for c in open_boxes}
    upper_open = bool(open_mask >> f & 1)
    if variant is Variant.FREE:
        # Any open box; the fixed-value boxes count as a Joker only once the face's upper box
        # is filled.
        points = _FIVE_BASE if upper_open else _FIVE_JOKER
        return {c: points[c][f] for c in open_boxes}
    if upper_open:
        return {f: 5 * face}
    lower = [c for c in open_boxes if c >= UPPER_BOXES]
    if lower:
        return {c: _FIVE_JOKER[c][f] for c in lower}
    return {c: 0 for c in open_boxes}


def five_of_a_kind_chip(yahtzee_box: int | None, variant: Variant) -> int:
    """Bonus-chip points five of a kind earns, as `earns_bonus_chip` decides them.

    >>> five_of_a_kind_chip(50, Variant.OFFICIAL), five_of_a_kind_chip(0, Variant.FREE)
    (100, 0)
    """
    if variant is Variant.SIMPLE or yahtzee_box != 50:
        return 0
    return CHIP_POINTS
