"""The rule variants a game can be played under (see RULES.md): a card and, on a card with
bonus chips, how an extra five-alike is scored."""

from __future__ import annotations

import enum

from game.i18n import N_
from game.rules.cards import AMERICAN, YATZY, Card


class Extra(enum.Enum):
    """How a five-alike rolled with the five-alike box already filled is scored."""

    NONE = "none"  # like any other roll: no chip, no Joker
    FORCED = "forced"  # the booklet's forced Joker, and a bonus chip
    FREE = "free"  # any open box, and a bonus chip


class Variant(enum.Enum):
    """The rules of a game: which card, and the extra-Yahtzee rule on the American card.

    OFFICIAL: the American card with the booklet's forced Joker and 100-point bonus chips.
    FREE: the American card; an extra Yahtzee may go in any open box; bonus chips as official.
    SIMPLE: the American card with no bonus chips and no Joker; every roll scores as it lies.
    YATZY: the Scandinavian card (fifteen boxes, +50 at 63; no chips, no Joker).
    """

    OFFICIAL = "official"
    FREE = "free"
    SIMPLE = "simple"
    YATZY = "yatzy"

    @property
    def card(self) -> Card:
        return _CARDS[self]

    @property
    def extra(self) -> Extra:
        return _EXTRAS[self]

    @property
    def label(self) -> str:
        """The variant's name, marked for translation (translate it when shown)."""
        return _LABELS[self]

    @classmethod
    def for_card(cls, card: Card) -> Variant:
        """The card's first variant (OFFICIAL for the American card)."""
        return next(v for v in cls if v.card is card)


_CARDS = {
    Variant.OFFICIAL: AMERICAN,
    Variant.FREE: AMERICAN,
    Variant.SIMPLE: AMERICAN,
    Variant.YATZY: YATZY,
}
_EXTRAS = {
    Variant.OFFICIAL: Extra.FORCED,
    Variant.FREE: Extra.FREE,
    Variant.SIMPLE: Extra.NONE,
    Variant.YATZY: Extra.NONE,
}
_LABELS = {
    Variant.OFFICIAL: N_("Official"),
    Variant.FREE: N_("Free"),
    Variant.SIMPLE: N_("Simple"),
    Variant.YATZY: N_("Yatzy"),
}
