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
    YAHTZEE_BONUS,
    YAHTZEE_POINTS,
)
from game.scenes.help.contents import Block


def best_total(card: Card) -> int:
    """The best total a card can make with no bonus chips: every box at its most, and the
    upper bonus."""
    return sum(max(card.possible[c]) for c in card.boxes) + card.upper_bonus


def american_text() -> list[Block]:
    """The American card (Hasbro's Yahtzee): its boxes, its bonus and the extra-Yahtzee rules."""
    return [
        (
            "p",
            _(
                "Thirteen boxes: six in the upper section and seven in the lower. This is the "
                "card of the rules Official, Free and Simple."
            ),
        ),
        ("h", _("The boxes")),
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
        (
            "row",
            (
                translate(Variant.OFFICIAL.label),
                _(
                    "A bonus of {bonus} if your Yahtzee box holds {yahtzee} (none if it holds "
                    "0). Then, if the upper box of that face is open, the roll must go there. If "
                    "not, it is a Joker: score it in any open lower box, where Full House counts "
                    "{full_house}, Small Straight {small_straight} and Large Straight "
                    "{large_straight}. If the lower boxes are all filled, write a zero in an "
                    "open upper box; the bonus still counts. This is the default, from the rule "
                    "booklet."
                ).format(
                    bonus=YAHTZEE_BONUS,
                    yahtzee=YAHTZEE_POINTS,
                    full_house=FULL_HOUSE_POINTS,
                    small_straight=SMALL_STRAIGHT_POINTS,
                    large_straight=LARGE_STRAIGHT_POINTS,
                ),
            ),
        ),
        (
            "row",
            (
                translate(Variant.FREE.label),
                _(
                    "The same bonus of {bonus}, and the roll may go in any open box. Full House "
                    "and the straights get their Joker value only when the upper box of that "
                    "face is already filled; otherwise they score as the dice lie."
                ).format(bonus=YAHTZEE_BONUS),
            ),
        ),
        (
            "row",
            (
                translate(Variant.SIMPLE.label),
                _("No Yahtzee bonus and no Joker: an extra Yahtzee scores like any other roll."),
            ),
        ),
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
