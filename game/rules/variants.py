"""The rule variants a game can be played under (see RULES.md): a card and, on a card with
bonus chips, how an extra five-alike is scored."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

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
    def rules(self) -> VariantRules:
        """The variant's record: everything the game knows of it."""
        return _RULES[self]

    @property
    def card(self) -> Card:
        return _RULES[self].card

    @property
    def extra(self) -> Extra:
        return _RULES[self].extra

    @property
    def label(self) -> str:
        """The variant's name, marked for translation (translate it when shown)."""
        return _RULES[self].label

    @property
    def help(self) -> str:
        """What the variant means in one sentence, marked for translation."""
        return _RULES[self].help

    @classmethod
    def for_card(cls, card: Card) -> Variant:
        """The card's first variant (OFFICIAL for the American card)."""
        return next(v for v in cls if v.card is card)


@dataclass(frozen=True)
class VariantRules:
    """One variant: its card, its extra-Yahtzee rule, its name and its one-sentence help
    (both marked for translation). A new variant is a `Variant` member and its record here;
    tests/rules/test_variants_records.py fails on one without the other."""

    card: Card
    extra: Extra
    label: str
    help: str


_RULES: Mapping[Variant, VariantRules] = MappingProxyType(
    {
        Variant.OFFICIAL: VariantRules(
            AMERICAN,
            Extra.FORCED,
            N_("Official"),
            N_("Official: an extra Yahtzee earns 100 and must follow the Joker rules."),
        ),
        Variant.FREE: VariantRules(
            AMERICAN,
            Extra.FREE,
            N_("Free"),
            N_("Free: an extra Yahtzee earns 100 and may go in any open box."),
        ),
        Variant.SIMPLE: VariantRules(
            AMERICAN,
            Extra.NONE,
            N_("Simple"),
            N_("Simple: no Yahtzee bonus and no Joker; every roll scores as it lies."),
        ),
        Variant.YATZY: VariantRules(
            YATZY,
            Extra.NONE,
            N_("Yatzy"),
            N_(
                "Yatzy: the Scandinavian card of fifteen boxes, with One Pair and Two Pairs and "
                "a 50-point bonus at 63; no Yahtzee bonus and no Joker."
            ),
        ),
    }
)
