"""The help's parts on the two cards: the American card (its boxes, its bonus and the
extra-Yahtzee rules) and the Scandinavian Yatzy card (each box scored by its own rule)."""

from __future__ import annotations

from game.i18n import _, translate
from game.rules import Category, Variant
from game.rules.cards import AMERICAN, YATZY, Card
from game.rules.categories import (
    FULL_HOUSE_POINTS,
    LARGE_STRAIGHT_POINTS,
    SMALL_STRAIGHT_POINTS,
    YAHTZEE_POINTS,
)
from game.scenes.help.contents import Block
from game.ui.text import join_names


def best_total(card: Card) -> int:
    """The best total a card can make with no bonus chips: every box at its most, and the
    upper bonus."""
    return sum(max(card.possible[c]) for c in card.boxes) + card.upper_bonus


def variants_of(card: Card) -> list[Variant]:
    """The variants played on `card`, in setup's order."""
    return [variant for variant in Variant if variant.card is card]


def variant_rows(card: Card) -> list[Block]:
    """A row for each variant played on `card`, from its record: its name and what an extra
    five-alike does under it (none for a card's only variant: its card's text says it)."""
    variants = variants_of(card)
    if len(variants) < 2:
        return []
    points = {
        "bonus": card.chip_points,
        "yahtzee": card.five_alike_points,
        "full_house": FULL_HOUSE_POINTS,
        "small_straight": SMALL_STRAIGHT_POINTS,
        "large_straight": LARGE_STRAIGHT_POINTS,
    }
    return [
        ("row", (translate(variant.label), translate(variant.detail).format(**points)))
        for variant in variants
    ]


def american_boxes() -> list[Block]:
    """The American card's boxes, a row each: what each scores."""
    return [
        ("row", (_("Ones to Sixes"), _("The sum of the dice showing that face."))),
        (
            "row",
            (_("Three of a Kind"), _("The sum of all five dice, if at least three match.")),
        ),
        ("row", (_("Four of a Kind"), _("The sum of all five dice, if at least four match."))),
        (
            "row",
            (
                _("Full House"),
                _("{points} for three of one face and two of another.").format(
                    points=FULL_HOUSE_POINTS
                ),
            ),
        ),
        (
            "row",
            (
                _("Small Straight"),
                _("{points} for four faces in a row (1-2-3-4, 2-3-4-5 or 3-4-5-6).").format(
                    points=SMALL_STRAIGHT_POINTS
                ),
            ),
        ),
        (
            "row",
            (
                _("Large Straight"),
                _("{points} for five faces in a row.").format(points=LARGE_STRAIGHT_POINTS),
            ),
        ),
        ("row", (_("Yahtzee"), _("{points} for five of a kind.").format(points=YAHTZEE_POINTS))),
        ("row", (_("Chance"), _("The sum of all five dice, whatever they show."))),
    ]


def american_text() -> list[Block]:
    """The American card (Hasbro's Yahtzee): its boxes, its bonus and the extra-Yahtzee rules."""
    return [
        (
            "p",
            # Translators: {rules} are the names of the rules played on this card, joined as
            # a list ("Official, Free and Simple").
            _(
                "Thirteen boxes: six in the upper section and seven in the lower. This is the "
                "card of the rules {rules}."
            ).format(rules=join_names([translate(v.label) for v in variants_of(AMERICAN)])),
        ),
        ("h", _("The boxes")),
        *american_boxes(),
        (
            "p",
            _("Five of a kind is not a Full House, except when it is played as a Joker (below)."),
        ),
        ("h", _("The upper bonus")),
        (
            "p",
            _(
                "When the six upper boxes add up to {threshold} or more, you earn {bonus} bonus "
                "points. Three of each face makes exactly {threshold}. Your total is the upper "
                "boxes, the bonus, the lower boxes and any Yahtzee bonuses. Without Yahtzee "
                "bonuses the best possible score is {best}."
            ).format(
                threshold=AMERICAN.bonus_threshold,
                bonus=AMERICAN.upper_bonus,
                best=best_total(AMERICAN),
            ),
        ),
        ("h", _("Extra Yahtzees and the Joker")),
        (
            "p",
            _(
                "An extra Yahtzee is five of a kind rolled when your Yahtzee box is already "
                "filled. What happens depends on the rules chosen in setup:"
            ),
        ),
        *variant_rows(AMERICAN),
        ("h", _("Tips from the booklet")),
        ("li", _("Keep pace for the upper bonus: three of each face is all it takes.")),
        (
            "li",
            _(
                "When nothing fits, put the zero where it costs least: often Ones, or the "
                "Yahtzee box late in the game."
            ),
        ),
    ]


def yatzy_boxes(card: Card) -> list[tuple[Category, str]]:
    """The Yatzy card's lower boxes, each with its own scoring in words."""
    small = card.score(Category.SMALL_STRAIGHT, (1, 2, 3, 4, 5))
    large = card.score(Category.LARGE_STRAIGHT, (2, 3, 4, 5, 6))
    return [
        (Category.ONE_PAIR, _("The sum of the highest two dice of the same face (6-6 scores 12).")),
        (
            Category.TWO_PAIRS,
            _("The sum of two pairs of different faces (5-5 and 2-2 score 14)."),
        ),
        (
            Category.THREE_OF_A_KIND,
            _("The sum of three dice of the same face, those three only (4-4-4 scores 12)."),
        ),
        (
            Category.FOUR_OF_A_KIND,
            _("The sum of four dice of the same face, those four only."),
        ),
        (Category.SMALL_STRAIGHT, _("1-2-3-4-5, which scores {points}.").format(points=small)),
        (Category.LARGE_STRAIGHT, _("2-3-4-5-6, which scores {points}.").format(points=large)),
        (
            Category.FULL_HOUSE,
            _(
                "Three of one face and two of another: the sum of all five dice "
                "(6-6-6-5-5 scores 28)."
            ),
        ),
        (Category.CHANCE, _("The sum of all five dice, whatever they show.")),
        (
            Category.YAHTZEE,
            _("{points} for five of a kind.").format(points=card.five_alike_points),
        ),
    ]


def yatzy_text() -> list[Block]:
    """The Scandinavian Yatzy card: its fifteen boxes, each scored by its own rule."""
    card = YATZY
    return [
        (
            "p",
            _(
                "The card played in Scandinavia and much of Europe: {count} boxes, six in the "
                "upper section and nine in the lower. Most lower boxes score only the dice that "
                "make them, so a pair of sixes is worth more than a pair of twos."
            ).format(count=len(card)),
        ),
        ("row", (_("Ones to Sixes"), _("The sum of the dice showing that face."))),
        *(("row", (translate(card.label(box)), text)) for box, text in yatzy_boxes(card)),
        (
            "p",
            _(
                "When the six upper boxes add up to {threshold} or more, you earn {bonus} bonus "
                "points. There is no bonus for a second Yatzy and no Joker: five of a kind "
                "rolled again scores like any other roll (in Ones to Sixes, Three or Four of a "
                "Kind, Chance ...). The best possible score is {best}."
            ).format(threshold=card.bonus_threshold, bonus=card.upper_bonus, best=best_total(card)),
        ),
    ]
