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

    @property
    def detail(self) -> str:
        """The rules help's account of the variant, marked for translation ("" for a card's
        only variant, whose card's own help says it all)."""
        return _RULES[self].detail

    @classmethod
    def for_card(cls, card: Card) -> Variant:
        """The card's first variant (OFFICIAL for the American card)."""
        return next(v for v in cls if v.card is card)


@dataclass(frozen=True)
class VariantRules:
    """One variant: its card, its extra-Yahtzee rule, its name, its one-sentence help (setup,
    settings) and, on a card played under several variants, its row in the rules help: what
    an extra five-alike does under it (all marked for translation; the row may name the
    card's {bonus}, {yahtzee}, {full_house}, {small_straight} and {large_straight} points). A
    new variant is a `Variant` member and its record here; tests/rules/test_variants_records.py
    fails on one without the other, and on a help row missing."""

    card: Card
    extra: Extra
    label: str
    help: str
    detail: str = ""


_RULES: Mapping[Variant, VariantRules] = MappingProxyType(
    {
        Variant.OFFICIAL: VariantRules(
            AMERICAN,
            Extra.FORCED,
            N_("Official"),
            N_("Official: an extra Yahtzee earns 100 and must follow the Joker rules."),
            N_(
                "A bonus of {bonus} if your Yahtzee box holds {yahtzee} (none if it holds "
                "0). Then, if the upper box of that face is open, the roll must go there. If "
                "not, it is a Joker: score it in any open lower box, where Full House counts "
                "{full_house}, Small Straight {small_straight} and Large Straight "
                "{large_straight}. If the lower boxes are all filled, write a zero in an "
                "open upper box; the bonus still counts. This is the default, from the rule "
                "booklet."
            ),
        ),
        Variant.FREE: VariantRules(
            AMERICAN,
            Extra.FREE,
            N_("Free"),
            N_("Free: an extra Yahtzee earns 100 and may go in any open box."),
            N_(
                "The same bonus of {bonus}, and the roll may go in any open box. Full House "
                "and the straights get their Joker value only when the upper box of that "
                "face is already filled; otherwise they score as the dice lie."
            ),
        ),
        Variant.SIMPLE: VariantRules(
            AMERICAN,
            Extra.NONE,
            N_("Simple"),
            N_("Simple: no Yahtzee bonus and no Joker; every roll scores as it lies."),
            N_("No Yahtzee bonus and no Joker: an extra Yahtzee scores like any other roll."),
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
