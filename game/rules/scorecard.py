"""A player's scorecard and where a roll may be scored on it (the Joker and forced order
live here). What the boxes are and score is the card's (`game.rules.cards`)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from game.i18n import _, pgettext, translate
from game.rules.cards import AMERICAN, Card, card_named
from game.rules.categories import Category
from game.rules.dice import check_dice
from game.rules.errors import IllegalAction
from game.rules.variants import Extra, Variant

# The American card's bounds, for older callers (a card's own: card.max_total, max_chips).
MAX_TOTAL_WITHOUT_BONUS = 375
MAX_BONUS_CHIPS = 12


@dataclass(frozen=True, slots=True)
class Scorecard:
    """A card's boxes (points, or None when open), in card order, and the bonus chips won.

    `Scorecard()` is an empty American card; `Scorecard.empty(YATZY)` an empty Yatzy one.
    """

    boxes: tuple[int | None, ...] = ()
    bonus_chips: int = 0
    card: Card = AMERICAN

    def __post_init__(self) -> None:
        if not self.boxes:
            object.__setattr__(self, "boxes", (None,) * len(self.card.boxes))
        elif len(self.boxes) != len(self.card.boxes):
            raise ValueError(
                f"a {self.card.id} scorecard has {len(self.card.boxes)} boxes, "
                f"got {len(self.boxes)}"
            )

    @staticmethod
    @functools.cache
    def empty(card: Card = AMERICAN) -> Scorecard:
        return Scorecard(card=card)

    def __getitem__(self, category: Category) -> int | None:
        return self.boxes[self.card.indices[category]]

    def is_open(self, category: Category) -> bool:
        return self.boxes[self.card.indices[category]] is None

    @property
    def open_categories(self) -> tuple[Category, ...]:
        return tuple(c for c, box in zip(self.card.boxes, self.boxes, strict=True) if box is None)

    @property
    def next_open(self) -> Category | None:
        """The first open box in card order (the only one open to a roll in forced order)."""
        for c, box in zip(self.card.boxes, self.boxes, strict=True):
            if box is None:
                return c
        return None

    @property
    def open_mask(self) -> int:
        """Bit i set when the card's box i is open."""
        return sum(1 << i for i, box in enumerate(self.boxes) if box is None)

    @property
    def filled_count(self) -> int:
        return sum(1 for b in self.boxes if b is not None)

    @property
    def upper_total(self) -> int:
        return sum(b for b in self.boxes[: len(self.card.upper)] if b is not None)

    @property
    def upper_bonus(self) -> int:
        card = self.card
        return card.upper_bonus if self.upper_total >= card.bonus_threshold else 0

    @property
    def lower_total(self) -> int:
        return sum(b for b in self.boxes[len(self.card.upper) :] if b is not None)

    @property
    def yahtzee_bonus(self) -> int:
        return self.card.chip_points * self.bonus_chips

    @property
    def total(self) -> int:
        return self.upper_total + self.upper_bonus + self.lower_total + self.yahtzee_bonus

    @property
    def is_complete(self) -> bool:
        return all(b is not None for b in self.boxes)

    def fill(
        self,
        category: Category,
        dice: Sequence[int],
        variant: Variant | None = None,
        forced_order: bool = False,
    ) -> Scorecard:
        """A new card with the roll written in `category`, and any bonus chip counted.

        >>> card = Scorecard().fill(Category.CHANCE, (1, 2, 3, 4, 6))
        >>> card[Category.CHANCE], card.total
        (16, 16)
        """
        variant = _variant_for(self, variant)
        options = score_options(dice, self, variant, forced_order)
        if category not in options:
            raise IllegalAction(_refusal(category, self, options, forced_order))
        return self.written(category, options[category], earns_bonus_chip(dice, self, variant))

    def written(self, category: Category, points: int, bonus_chip: bool) -> Scorecard:
        """The card with points already checked against score_options written in a box."""
        i = self.card.indices[category]
        boxes = self.boxes[:i] + (points,) + self.boxes[i + 1 :]
        return Scorecard(boxes, self.bonus_chips + (1 if bonus_chip else 0), self.card)

    def to_dict(self) -> dict[str, object]:
        return {"card": self.card.id, "boxes": list(self.boxes), "bonus_chips": self.bonus_chips}

    @classmethod
    def from_dict(cls, data: object, card: Card | None = None) -> Scorecard:
        """A card from its dict, checked box by box. `card` is the card the game is played
        on (the dict must agree if it names one); a dict without a card (saves from before
        there were two) is that card, or the American one."""
        if not isinstance(data, dict):
            raise ValueError("a scorecard must be an object")
        named = card_named(data["card"]) if "card" in data else None
        if named is not None and card is not None and named is not card:
            raise ValueError(f"a {named.id} scorecard in a game played on {card.id}")
        card = named or card or AMERICAN
        boxes = data.get("boxes")
        chips = data.get("bonus_chips")
        if not isinstance(boxes, list) or len(boxes) != len(card.boxes):
            raise ValueError(f"a scorecard needs a list of {len(card.boxes)} boxes")
        for category, box in zip(card.boxes, boxes, strict=True):
            if box is None:
                continue
            if (
                isinstance(box, bool)
                or not isinstance(box, int)
                or box not in card.possible[category]
            ):
                raise ValueError(f"{card.label(category)} cannot hold {box!r}")
        if isinstance(chips, bool) or not isinstance(chips, int):
            raise ValueError(f"bonus chips must be a whole number, got {chips!r}")
        if not 0 <= chips <= card.max_chips:
            raise ValueError(f"bonus chips must be 0 to {card.max_chips}, got {chips!r}")
        if chips and boxes[card.index(Category.YAHTZEE)] != card.five_alike_points:
            raise ValueError("bonus chips need 50 in the Yahtzee box")
        return cls(tuple(boxes), chips, card)


def _variant_for(card: Scorecard, variant: Variant | None) -> Variant:
    if variant is None:
        return Variant.for_card(card.card)
    if not isinstance(variant, Variant):
        raise ValueError(f"unknown rule variant {variant!r}")
    if variant.card is not card.card:
        raise ValueError(f"{variant.value} rules need a {variant.card.id} card, not {card.card.id}")
    return variant


def is_extra_yahtzee(dice: Sequence[int], card: Scorecard, variant: Variant) -> bool:
    """Five alike rolled with the five-alike box already filled, in a variant that cares."""
    if variant.extra is Extra.NONE:
        return False
    return (
        card.boxes[card.card.indices[Category.YAHTZEE]] is not None
        and dice[0] == dice[1] == dice[2] == dice[3] == dice[4]
    )


def earns_bonus_chip(dice: Sequence[int], card: Scorecard, variant: Variant) -> bool:
    """An extra Yahtzee with 50 already in the Yahtzee box earns a bonus chip."""
    return (
        is_extra_yahtzee(dice, card, variant)
        and card.boxes[card.card.indices[Category.YAHTZEE]] == card.card.five_alike_points
    )


@functools.lru_cache(maxsize=8192)  # about 8 MB at most
def _plain_options(card: Card, sorted_dice: tuple[int, ...], open_mask: int) -> dict[Category, int]:
    """score_options without a Joker, cached by card, roll and open boxes (copied on the way
    out: copying a dict reuses its keys' hashes, building one hashes every Category again)."""
    scores = card.scores(sorted_dice)
    return {c: scores[i] for i, c in enumerate(card.boxes) if open_mask >> i & 1}


def joker_score(category: Category, dice: Sequence[int], card: Card = AMERICAN) -> int:
    """What five of a kind scores in a box when it counts as a Joker.

    >>> joker_score(Category.LARGE_STRAIGHT, (3, 3, 3, 3, 3))
    40
    >>> joker_score(Category.FOUR_OF_A_KIND, (3, 3, 3, 3, 3))
    15
    """
    return card.joker_score(category, dice)


def score_options(
    dice: Sequence[int],
    card: Scorecard,
    variant: Variant | None = None,
    forced_order: bool = False,
) -> dict[Category, int]:
    """Every box this roll may be scored in now, with its points (the Joker included).

    With forced order only the first open box is offered. An extra Yahtzee there scores its
    Joker points when the upper box of its face is filled (as the free rule has it), and
    still earns its bonus chip.

    >>> card = Scorecard().fill(Category.YAHTZEE, (4, 4, 4, 4, 4))
    >>> score_options((4, 4, 4, 4, 4), card)
    {<Category.FOURS: 3>: 20}
    """
    dice = check_dice(dice)
    variant = _variant_for(card, variant)
    kind = card.card
    boxes = card.boxes
    index = kind.indices
    if not is_extra_yahtzee(dice, card, variant):
        if forced_order:
            first = card.next_open
            if first is None:
                return {}
            return {first: kind.scores(tuple(sorted(dice)))[index[first]]}
        return dict(_plain_options(kind, tuple(sorted(dice)), card.open_mask))
    upper = Category.upper_for(dice[0])
    upper_open = boxes[index[upper]] is None
    if variant.extra is Extra.FREE or forced_order:
        # Any open box (or the next one); the fixed-value boxes get their Joker points only
        # once the upper box of that face is filled, otherwise the dice score as they are.
        allowed = card.open_categories if not forced_order else card.open_categories[:1]
        return {
            c: (kind.joker_score(c, dice) if not upper_open else kind.score(c, dice))
            for c in allowed
        }
    if upper_open:
        return {upper: kind.score(upper, dice)}
    lower_open = [c for c in kind.lower if boxes[index[c]] is None]
    if lower_open:
        return {c: kind.joker_score(c, dice) for c in lower_open}
    return {c: 0 for c in kind.upper if boxes[index[c]] is None}


def _refusal(
    category: Category, card: Scorecard, options: dict[Category, int], forced_order: bool
) -> str:
    kind = card.card
    if not isinstance(category, Category) or not kind.has(category):
        return _("{box} is not a box on this card").format(box=_box_name(category, kind))
    box = translate(kind.label(category))
    if not card.is_open(category):
        return _("{box} is already filled").format(box=box)
    if forced_order and len(options) == 1:
        (only,) = options
        return _("boxes are filled in order: this roll goes in {box}").format(
            box=translate(kind.label(only))
        )
    if len(options) == 1:
        (only,) = options
        return _("you must score in {box}: the Joker rule").format(box=translate(kind.label(only)))
    # Translators: {boxes} is a list of box names separated by commas.
    return _("{box} is not open to this roll by the Joker rule; choose one of {boxes}").format(
        box=box,
        boxes=pgettext("list separator", ", ").join(translate(kind.label(c)) for c in options),
    )


def _box_name(category: object, card: Card) -> str:
    if isinstance(category, Category):
        return translate(card.label(category))
    return repr(category)
