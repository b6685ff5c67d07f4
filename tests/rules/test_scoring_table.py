"""Exact points for every box, and every Joker case of each variant."""

from __future__ import annotations

import pytest

from game.rules import CATEGORIES, Category, IllegalAction, Scorecard, Variant, score_options
from tests.rules.helpers import card_with

C = Category
ALL = {c: None for c in CATEGORIES}


def _all_boxes(dice):
    return score_options(dice, Scorecard())


@pytest.mark.parametrize(
    "dice, expected",
    [
        ((3, 3, 4, 3, 6), [0, 0, 9, 4, 0, 6, 19, 0, 0, 0, 0, 0, 19]),
        ((2, 2, 2, 3, 5), [0, 6, 3, 0, 5, 0, 14, 0, 0, 0, 0, 0, 14]),
        ((5, 5, 3, 2, 5), [0, 2, 3, 0, 15, 0, 20, 0, 0, 0, 0, 0, 20]),
        ((6, 6, 6, 6, 1), [1, 0, 0, 0, 0, 24, 25, 25, 0, 0, 0, 0, 25]),
        ((3, 3, 3, 4, 4), [0, 0, 9, 8, 0, 0, 17, 0, 25, 0, 0, 0, 17]),
        ((1, 2, 3, 4, 6), [1, 2, 3, 4, 0, 6, 0, 0, 0, 30, 0, 0, 16]),
        ((1, 3, 4, 2, 6), [1, 2, 3, 4, 0, 6, 0, 0, 0, 30, 0, 0, 16]),
        ((3, 4, 5, 6, 6), [0, 0, 3, 4, 5, 12, 0, 0, 0, 30, 0, 0, 24]),
        ((1, 2, 3, 4, 5), [1, 2, 3, 4, 5, 0, 0, 0, 0, 30, 40, 0, 15]),
        ((5, 4, 3, 2, 6), [0, 2, 3, 4, 5, 6, 0, 0, 0, 30, 40, 0, 20]),
        ((1, 2, 4, 5, 6), [1, 2, 0, 4, 5, 6, 0, 0, 0, 0, 0, 0, 18]),
        ((4, 4, 4, 4, 4), [0, 0, 0, 20, 0, 0, 20, 20, 0, 0, 0, 50, 20]),
        ((1, 1, 1, 1, 1), [5, 0, 0, 0, 0, 0, 5, 5, 0, 0, 0, 50, 5]),
        ((6, 6, 6, 6, 6), [0, 0, 0, 0, 0, 30, 30, 30, 0, 0, 0, 50, 30]),
        ((2, 2, 5, 5, 1), [1, 4, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 15]),
    ],
)
def test_every_box_scores_exactly(dice, expected):
    assert [_all_boxes(dice)[c] for c in CATEGORIES] == expected


YAHTZEE_50 = {C.YAHTZEE: 50}
YAHTZEE_0 = {C.YAHTZEE: 0}
FOURS_DONE = {C.FOURS: 12}
LOWER_FULL = {c: 0 for c in CATEGORIES if not c.is_upper}


@pytest.mark.parametrize(
    "variant, filled, chips_before, expected_options, chip",
    [
        # Official: the forced Joker.
        (Variant.OFFICIAL, YAHTZEE_50, 0, {C.FOURS: 20}, True),
        (Variant.OFFICIAL, YAHTZEE_0, 0, {C.FOURS: 20}, False),
        (
            Variant.OFFICIAL,
            {**YAHTZEE_50, **FOURS_DONE},
            0,
            {
                C.THREE_OF_A_KIND: 20,
                C.FOUR_OF_A_KIND: 20,
                C.FULL_HOUSE: 25,
                C.SMALL_STRAIGHT: 30,
                C.LARGE_STRAIGHT: 40,
                C.CHANCE: 20,
            },
            True,
        ),
        (
            Variant.OFFICIAL,
            {**YAHTZEE_0, **FOURS_DONE, C.FULL_HOUSE: 25, C.CHANCE: 22},
            0,
            {
                C.THREE_OF_A_KIND: 20,
                C.FOUR_OF_A_KIND: 20,
                C.SMALL_STRAIGHT: 30,
                C.LARGE_STRAIGHT: 40,
            },
            False,
        ),
        (
            Variant.OFFICIAL,
            {**LOWER_FULL, C.YAHTZEE: 50, **FOURS_DONE},
            1,
            {C.ONES: 0, C.TWOS: 0, C.THREES: 0, C.FIVES: 0, C.SIXES: 0},
            True,
        ),
        (
            Variant.OFFICIAL,
            {**LOWER_FULL, C.YAHTZEE: 0, **FOURS_DONE, C.ONES: 3, C.SIXES: 18},
            0,
            {C.TWOS: 0, C.THREES: 0, C.FIVES: 0},
            False,
        ),
        # Free: any open box; fixed boxes get Joker points only once Fours is filled.
        (
            Variant.FREE,
            {**YAHTZEE_50, C.ONES: 3, C.CHANCE: 20},
            0,
            {
                C.TWOS: 0,
                C.THREES: 0,
                C.FOURS: 20,
                C.FIVES: 0,
                C.SIXES: 0,
                C.THREE_OF_A_KIND: 20,
                C.FOUR_OF_A_KIND: 20,
                C.FULL_HOUSE: 0,
                C.SMALL_STRAIGHT: 0,
                C.LARGE_STRAIGHT: 0,
            },
            True,
        ),
        (
            Variant.FREE,
            {**YAHTZEE_50, **FOURS_DONE, C.ONES: 3, C.CHANCE: 20},
            0,
            {
                C.TWOS: 0,
                C.THREES: 0,
                C.FIVES: 0,
                C.SIXES: 0,
                C.THREE_OF_A_KIND: 20,
                C.FOUR_OF_A_KIND: 20,
                C.FULL_HOUSE: 25,
                C.SMALL_STRAIGHT: 30,
                C.LARGE_STRAIGHT: 40,
            },
            True,
        ),
        (
            Variant.FREE,
            {
                **YAHTZEE_0,
                **FOURS_DONE,
                **{c: 0 for c in (C.ONES, C.TWOS, C.THREES)},
                C.FIVES: 0,
                C.SIXES: 0,
                C.CHANCE: 5,
            },
            0,
            {
                C.THREE_OF_A_KIND: 20,
                C.FOUR_OF_A_KIND: 20,
                C.FULL_HOUSE: 25,
                C.SMALL_STRAIGHT: 30,
                C.LARGE_STRAIGHT: 40,
            },
            False,
        ),
        # Simple: no Joker, no chip; the roll scores as it lies.
        (
            Variant.SIMPLE,
            {**YAHTZEE_50, C.ONES: 3, C.TWOS: 6, C.THREES: 9, C.FIVES: 15, C.SIXES: 18},
            0,
            {
                C.FOURS: 20,
                C.THREE_OF_A_KIND: 20,
                C.FOUR_OF_A_KIND: 20,
                C.FULL_HOUSE: 0,
                C.SMALL_STRAIGHT: 0,
                C.LARGE_STRAIGHT: 0,
                C.CHANCE: 20,
            },
            False,
        ),
        (
            Variant.SIMPLE,
            {**YAHTZEE_50, **FOURS_DONE, C.CHANCE: 20},
            0,
            {
                C.ONES: 0,
                C.TWOS: 0,
                C.THREES: 0,
                C.FIVES: 0,
                C.SIXES: 0,
                C.THREE_OF_A_KIND: 20,
                C.FOUR_OF_A_KIND: 20,
                C.FULL_HOUSE: 0,
                C.SMALL_STRAIGHT: 0,
                C.LARGE_STRAIGHT: 0,
            },
            False,
        ),
    ],
)
def test_joker_cases(variant, filled, chips_before, expected_options, chip):
    dice = (4, 4, 4, 4, 4)
    card = card_with(filled, chips_before)
    assert score_options(dice, card, variant) == expected_options
    for category, points in expected_options.items():
        written = card.fill(category, dice, variant)
        assert written[category] == points
        assert written.bonus_chips == chips_before + (1 if chip else 0)
        assert written.yahtzee_bonus == 100 * written.bonus_chips


def test_bonus_chip_is_earned_with_a_forced_zero():
    card = card_with({**LOWER_FULL, C.YAHTZEE: 50, C.SIXES: 24}, chips=0)
    written = card.fill(C.ONES, (6, 6, 6, 6, 6))
    assert written[C.ONES] == 0
    assert written.bonus_chips == 1
    assert written.total == 24 + 50 + 100


@pytest.mark.parametrize(
    "card, category, dice, message",
    [
        (card_with({C.FOURS: 8}), C.FOURS, (4, 4, 1, 2, 3), "Fours is already filled"),
        (
            card_with({C.YAHTZEE: 50}),
            C.CHANCE,
            (5, 5, 5, 5, 5),
            "you must score in Fives: the Joker rule",
        ),
        (
            card_with({C.YAHTZEE: 50, C.FIVES: 10}),
            C.ONES,
            (5, 5, 5, 5, 5),
            "Ones is not open to this roll by the Joker rule",
        ),
    ],
)
def test_refusals_say_why(card, category, dice, message):
    with pytest.raises(IllegalAction, match=message):
        card.fill(category, dice)


def test_illegal_action_is_a_value_error():
    assert issubclass(IllegalAction, ValueError)


@pytest.mark.parametrize(
    "dice, message",
    [
        ((1, 2, 3, 4), "five dice are needed, got 4"),
        ((1, 2, 3, 4, 7), "a die shows 1 to 6, got 7"),
        ((0, 2, 3, 4, 5), "a die shows 1 to 6, got 0"),
        ((1, 2, 3, 4, 2.0), "a die shows 1 to 6, got 2.0"),
        ("12345", "dice must be a sequence of five faces"),
        (None, "dice must be a sequence of five faces"),
    ],
)
def test_bad_dice_are_refused_with_a_message(dice, message):
    with pytest.raises(ValueError, match=message):
        score_options(dice, Scorecard())


def test_dice_order_does_not_matter():
    assert score_options([6, 5, 4, 3, 2], Scorecard()) == score_options(
        (2, 3, 4, 5, 6), Scorecard()
    )


def test_card_totals():
    card = card_with(
        {
            C.ONES: 3,
            C.TWOS: 6,
            C.THREES: 9,
            C.FOURS: 12,
            C.FIVES: 15,
            C.SIXES: 18,
            C.THREE_OF_A_KIND: 20,
            C.YAHTZEE: 50,
        },
        chips=2,
    )
    assert card.upper_total == 63
    assert card.upper_bonus == 35
    assert card.yahtzee_bonus == 200
    assert card.total == 63 + 35 + 70 + 200
    assert card[C.CHANCE] is None
    assert not card.is_complete
    assert card_with({**{c: 0 for c in CATEGORIES}}).is_complete
    assert Scorecard().total == 0
