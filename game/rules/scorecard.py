"""A player's scorecard and where a roll may be scored on it (the Joker rules live here)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.categories import (
    CATEGORIES,
    JOKER_POINTS,
    LOWER,
    UPPER,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    YAHTZEE_BONUS,
    YAHTZEE_POINTS,
    Category,
    base_score,
    base_scores,
)
from game.rules.dice import check_dice
from game.rules.errors import IllegalAction
from game.rules.variants import Variant

# The highest total a card can reach: 375 without bonus chips, plus a chip on each of the
# twelve turns after the Yahtzee box was filled with 50 (their boxes then score less, so
# this bound is generous but never exceeded).
MAX_TOTAL_WITHOUT_BONUS = 375
MAX_BONUS_CHIPS = 12


@dataclass(frozen=True, slots=True)
class Scorecard:
    """Thirteen boxes (points or None when open) and the Yahtzee bonus chips won."""

    boxes: tuple[int | None, ...] = (None,) * 13
    bonus_chips: int = 0

    def __post_init__(self) -> None:
        if len(self.boxes) != 13:
            raise ValueError(f"a scorecard has 13 boxes, got {len(self.boxes)}")

    def __getitem__(self, category: Category) -> int | None:
        return self.boxes[category.value]

    def is_open(self, category: Category) -> bool:
        return self.boxes[category.value] is None

    @property
    def open_categories(self) -> tuple[Category, ...]:
        return tuple(c for c in CATEGORIES if self.boxes[c.value] is None)

    @property
    def filled_count(self) -> int:
        return sum(1 for b in self.boxes if b is not None)

    @property
    def upper_total(self) -> int:
        return sum(b for b in self.boxes[:6] if b is not None)

    @property
    def upper_bonus(self) -> int:
        return UPPER_BONUS if self.upper_total >= UPPER_BONUS_THRESHOLD else 0

    @property
    def lower_total(self) -> int:
        return sum(b for b in self.boxes[6:] if b is not None)

    @property
    def yahtzee_bonus(self) -> int:
        return YAHTZEE_BONUS * self.bonus_chips

    @property
    def total(self) -> int:
        return self.upper_total + self.upper_bonus + self.lower_total + self.yahtzee_bonus

    @property
    def is_complete(self) -> bool:
        return all(b is not None for b in self.boxes)

    def fill(
        self, category: Category, dice: Sequence[int], variant: Variant = Variant.OFFICIAL
    ) -> Scorecard:
        """A new card with the roll written in `category`, and any bonus chip counted.

        >>> card = Scorecard().fill(Category.CHANCE, (1, 2, 3, 4, 6))
        >>> card[Category.CHANCE], card.total
        (16, 16)
        """
        options = score_options(dice, self, variant)
        if category not in options:
            raise IllegalAction(_refusal(category, dice, self, options))
        return self.written(category, options[category], earns_bonus_chip(dice, self, variant))

    def written(self, category: Category, points: int, bonus_chip: bool) -> Scorecard:
        """The card with points already checked against score_options written in a box."""
        i = category.value
        boxes = self.boxes[:i] + (points,) + self.boxes[i + 1 :]
        return Scorecard(boxes, self.bonus_chips + (1 if bonus_chip else 0))

    def to_dict(self) -> dict:
        return {"boxes": list(self.boxes), "bonus_chips": self.bonus_chips}

    @classmethod
    def from_dict(cls, data: object) -> Scorecard:
        if not isinstance(data, dict):
            raise ValueError("a scorecard must be an object")
        boxes = data.get("boxes")
        chips = data.get("bonus_chips")
        if not isinstance(boxes, list) or len(boxes) != 13:
            raise ValueError("a scorecard needs a list of 13 boxes")
        for category, box in zip(CATEGORIES, boxes, strict=True):
            if box is None:
                continue
            if isinstance(box, bool) or not isinstance(box, int) or box not in _POSSIBLE[category]:
                raise ValueError(f"{category.label} cannot hold {box!r}")
        if isinstance(chips, bool) or not isinstance(chips, int) or not 0 <= chips <= 12:
            raise ValueError(f"bonus chips must be 0 to 12, got {chips!r}")
        if chips and boxes[Category.YAHTZEE.value] != YAHTZEE_POINTS:
            raise ValueError("bonus chips need 50 in the Yahtzee box")
        return cls(tuple(boxes), chips)


# Every score a box can hold: a loaded card with anything else is refused.
_POSSIBLE: dict[Category, frozenset[int]] = {
    **{c: frozenset(c.face * n for n in range(6)) for c in UPPER},
    Category.THREE_OF_A_KIND: frozenset({0, *range(5, 31)}),
    Category.FOUR_OF_A_KIND: frozenset({0, *range(5, 31)}),
    Category.FULL_HOUSE: frozenset({0, 25}),
    Category.SMALL_STRAIGHT: frozenset({0, 30}),
    Category.LARGE_STRAIGHT: frozenset({0, 40}),
    Category.YAHTZEE: frozenset({0, 50}),
    Category.CHANCE: frozenset(range(5, 31)),
}


def is_extra_yahtzee(dice: Sequence[int], card: Scorecard, variant: Variant) -> bool:
    """Five of a kind rolled with the Yahtzee box already filled, in a variant that cares."""
    return (
        variant is not Variant.SIMPLE
        and card.boxes[Category.YAHTZEE.value] is not None
        and dice[0] == dice[1] == dice[2] == dice[3] == dice[4]
    )


def earns_bonus_chip(dice: Sequence[int], card: Scorecard, variant: Variant) -> bool:
    """An extra Yahtzee with 50 already in the Yahtzee box earns a 100-point chip."""
    return (
        is_extra_yahtzee(dice, card, variant)
        and card.boxes[Category.YAHTZEE.value] == YAHTZEE_POINTS
    )


@functools.lru_cache(maxsize=8192)  # about 8 MB at most
def _plain_options(sorted_dice: tuple[int, ...], open_mask: int) -> dict[Category, int]:
    """score_options without a Joker, cached by roll and open boxes (copied on the way out:
    copying a dict reuses its keys' hashes, building one hashes every Category again)."""
    scores = base_scores(sorted_dice)
    return {c: scores[i] for i, c in enumerate(CATEGORIES) if open_mask >> i & 1}


def joker_score(category: Category, dice: Sequence[int]) -> int:
    """What five of a kind scores in a box when it counts as a Joker.

    >>> joker_score(Category.LARGE_STRAIGHT, (3, 3, 3, 3, 3))
    40
    >>> joker_score(Category.FOUR_OF_A_KIND, (3, 3, 3, 3, 3))
    15
    """
    return JOKER_POINTS.get(category, base_score(category, dice))


def score_options(
    dice: Sequence[int], card: Scorecard, variant: Variant = Variant.OFFICIAL
) -> dict[Category, int]:
    """Every box this roll may be scored in now, with its points (the Joker included).

    >>> card = Scorecard().fill(Category.YAHTZEE, (4, 4, 4, 4, 4))
    >>> score_options((4, 4, 4, 4, 4), card)
    {<Category.FOURS: 3>: 20}
    """
    dice = check_dice(dice)
    if not isinstance(variant, Variant):
        raise ValueError(f"unknown rule variant {variant!r}")
    boxes = card.boxes
    if not is_extra_yahtzee(dice, card, variant):
        open_mask = sum(1 << i for i, box in enumerate(boxes) if box is None)
        return dict(_plain_options(tuple(sorted(dice)), open_mask))
    upper = Category.upper_for(dice[0])
    upper_open = boxes[upper.value] is None
    if variant is Variant.FREE:
        # Any open box; the fixed-value boxes get their Joker points only once the
        # upper box of that face is filled, otherwise the dice score as they are.
        return {
            c: (joker_score(c, dice) if not upper_open else base_score(c, dice))
            for c in CATEGORIES
            if boxes[c.value] is None
        }
    if upper_open:
        return {upper: base_score(upper, dice)}
    lower_open = [c for c in LOWER if boxes[c.value] is None]
    if lower_open:
        return {c: joker_score(c, dice) for c in lower_open}
    return {c: 0 for c in UPPER if boxes[c.value] is None}


def _refusal(
    category: Category, dice: Sequence[int], card: Scorecard, options: dict[Category, int]
) -> str:
    if not isinstance(category, Category):
        return f"{category!r} is not a box on the card"
    if not card.is_open(category):
        return f"{category.label} is already filled"
    if len(options) == 1:
        (only,) = options
        return f"you must score in {only.label}: the Joker rule"
    names = ", ".join(c.label for c in options)
    return f"{category.label} is not open to this roll by the Joker rule; choose one of {names}"
