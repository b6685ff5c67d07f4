"""option_values and expected_score: consistent with the rules and with each other."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest

from game.ai.exact.dicespace import ROLLS, sub_keeps
from game.ai.exact.options import Keep, best_choice, expected_score, option_values
from game.ai.exact.solver import StateKey
from game.ai.exact.tables import value_table
from game.rules import (
    AMERICAN,
    CATEGORIES,
    Category,
    IllegalAction,
    Score,
    Scorecard,
    Variant,
    score_options,
)
from game.rules.variants import Extra
from tests.ai.helpers import card_with, card_without

C = Category
FULL = {c: 0 for c in CATEGORIES}
#: The variants played on the American card (the tests that write its boxes by hand).
AMERICAN_VARIANTS = [v for v in Variant if v.card is AMERICAN]


def random_card(rng: random.Random, variant: Variant) -> Scorecard:
    """A card part-way through a game, filled by random legal scores (bonus chips and all)."""
    card = Scorecard.empty(variant.card)
    for _i in range(rng.randint(0, len(card.boxes) - 1)):
        dice = tuple(rng.randint(1, 6) for _j in range(5))
        if rng.random() < 0.15:
            dice = (dice[0],) * 5
        options = list(score_options(dice, card, variant))
        card = card.fill(rng.choice(options), dice, variant)
    return card


def random_dice(rng: random.Random) -> tuple[int, ...]:
    if rng.random() < 0.2:
        return (rng.randint(1, 6),) * 5
    return tuple(rng.randint(1, 6) for _ in range(5))


# ------------------------------------------------------------------------- expected_score
@pytest.mark.parametrize(
    "card",
    [
        card_with(FULL),
        card_with({**FULL, C.SIXES: 30, C.FIVES: 25, C.FOURS: 12}),
        card_with({**FULL, C.YAHTZEE: 50, C.CHANCE: 30}, chips=3),
    ],
)
@pytest.mark.parametrize("variant", AMERICAN_VARIANTS)
def test_complete_card_is_worth_its_total(card, variant):
    assert expected_score(card, variant) == card.total


def test_empty_card_values():
    assert expected_score(Scorecard()) == pytest.approx(254.5877, abs=1e-3)
    assert expected_score(Scorecard(), Variant.FREE) == pytest.approx(254.5896, abs=1e-3)
    assert expected_score(Scorecard(), Variant.SIMPLE) == pytest.approx(245.8708, abs=1e-3)


def test_last_box_chance_is_the_best_three_roll_total():
    """Only Chance open: each die is played alone. With one roll left keep 4-6 (worth
    (4+5+6)/6 + 3.5/2 = 4.25), with two keep 5-6 ((5+6)/6 + 4.25 * 4/6 = 14/3)."""
    card = card_without({C.CHANCE}, {})
    assert expected_score(card) == pytest.approx(5 * (14 / 3), abs=1e-4)


def test_points_on_the_card_count():
    base = card_with({C.ONES: 3, C.CHANCE: 20})
    more = card_with({C.ONES: 3, C.CHANCE: 25})
    assert expected_score(more) - expected_score(base) == pytest.approx(5, abs=1e-4)
    with_chips = card_with({C.YAHTZEE: 50}, chips=2)
    assert expected_score(with_chips) - expected_score(card_with({C.YAHTZEE: 50})) == (
        pytest.approx(200, abs=1e-4)
    )


def test_expected_score_orderings():
    """Sanity: a Yahtzee of 50 beats a zero by more than 50 (chips); the bonus in hand helps."""
    fifty = card_with({C.YAHTZEE: 50})
    zero = card_with({C.YAHTZEE: 0})
    gain = expected_score(fifty) - expected_score(zero)
    assert 50 < gain < 100
    assert expected_score(fifty, Variant.SIMPLE) - expected_score(zero, Variant.SIMPLE) == (
        pytest.approx(50, abs=1e-4)
    )
    # Same upper boxes filled: 63 (bonus earned) is worth more than 62 by more than 1 point.
    uppers = {C.ONES: 3, C.TWOS: 6, C.THREES: 9, C.FOURS: 12, C.FIVES: 15}
    at_63 = card_with({**uppers, C.SIXES: 18})
    at_62 = card_with({**uppers, C.SIXES: 18, C.ONES: 2})
    assert expected_score(at_63) - expected_score(at_62) == pytest.approx(36, abs=1e-4)
    for variant in AMERICAN_VARIANTS:
        assert expected_score(Scorecard(), Variant.SIMPLE) <= expected_score(Scorecard(), variant)


def _average_best(card, kept, rolls_left, variant) -> float:
    """Average over every ordered re-roll of the other dice of the best option afterwards."""
    outcomes = Counter(
        tuple(sorted(kept + rest)) for rest in product(range(1, 7), repeat=5 - len(kept))
    )
    total = sum(
        count * option_values(card, dice, rolls_left, variant)[0][1]
        for dice, count in outcomes.items()
    )
    return total / 6 ** (5 - len(kept))


@pytest.mark.parametrize("variant", list(Variant))
def test_expected_score_is_the_average_of_the_best_first_roll(variant):
    rng = random.Random(5)
    card = random_card(rng, variant)
    filled = min(10, len(card.boxes) - 3)  # a few boxes open (random_card leaves one at least)
    while card.filled_count < filled:
        card = random_card(rng, variant)
    average = _average_best(card, (), 2, variant)
    # The stored table is float32: a value near 135 is kept to within about 8e-6.
    assert average == pytest.approx(expected_score(card, variant), abs=1e-5)


@pytest.mark.parametrize("variant", list(Variant))
def test_solver_final_roll_values_match_the_rules_for_every_roll(variant):
    """The solver's own score-now values (its vectorised score tables and Joker rows) against
    option_values with no rolls left (score_options and Scorecard.fill), all 252 rolls."""
    rng = random.Random(99)
    cards = [random_card(rng, variant) for _i in range(5)]
    if variant.card is AMERICAN:
        cards += [
            card_with({C.YAHTZEE: 50, C.FIVES: 20}, chips=1),
            card_with({C.YAHTZEE: 0, **{c: 0 for c in CATEGORIES[6:11]}}),
            card_with({**{c: 0 for c in CATEGORIES[6:]}, C.YAHTZEE: 50, C.TWOS: 6}),
        ]
    for card in cards:
        table = value_table(variant)
        final = table.turn(StateKey.of(card)).final
        for r, roll in enumerate(ROLLS):
            best = option_values(card, roll, 0, variant)[0][1]
            assert card.total + final[r] == pytest.approx(best, abs=1e-9)


# ------------------------------------------------------------------------- option_values
@pytest.mark.parametrize("variant", list(Variant))
def test_options_follow_score_options_and_fill(variant):
    rng = random.Random(1000 + list(Variant).index(variant))
    for _ in range(60):
        card = random_card(rng, variant)
        dice = random_dice(rng)
        rolls_left = rng.randint(0, 2)
        options = option_values(card, dice, rolls_left, variant)
        scores = {c.category: v for c, v in options if isinstance(c, Score)}
        keeps = [c.faces for c, _ in options if isinstance(c, Keep)]
        assert set(scores) == set(score_options(dice, card, variant))
        for category, value in scores.items():
            after = card.fill(category, dice, variant)
            assert value == pytest.approx(expected_score(after, variant), abs=1e-9)
        assert sorted(keeps) == (sorted(sub_keeps(dice)) if rolls_left else [])
        values = [v for _, v in options]
        # Best first; values equal to 1e-9 count as ties and keep a fixed order.
        assert all(a >= b - 1e-9 for a, b in zip(values, values[1:], strict=False))


@pytest.mark.parametrize("variant", list(Variant))
def test_keep_value_is_the_average_over_the_reroll(variant):
    rng = random.Random(77)
    card = random_card(rng, variant)
    while card.filled_count < 6:
        card = random_card(rng, variant)
    dice = (2, 3, 3, 5, 6)
    for rolls_left in (1, 2):
        options = dict(option_values(card, dice, rolls_left, variant))
        for keep in (Keep(()), Keep((3, 3)), Keep((2, 3, 5, 6))):
            average = _average_best(card, keep.faces, rolls_left - 1, variant)
            assert options[keep] == pytest.approx(average, abs=1e-6)


def test_best_choice_in_known_positions():
    only_yahtzee = card_without({C.YAHTZEE}, {})
    assert best_choice(only_yahtzee, (6, 6, 6, 2, 3), 2) == Keep((6, 6, 6))
    only_large = card_without({C.LARGE_STRAIGHT}, {})
    assert best_choice(only_large, (2, 3, 4, 5, 5), 1) == Keep((2, 3, 4, 5))
    assert best_choice(only_large, (2, 3, 4, 5, 6), 2) == Score(C.LARGE_STRAIGHT)
    # Yahtzee on the first roll of an empty card: score it.
    assert best_choice(Scorecard(), (4, 4, 4, 4, 4), 2) == Score(C.YAHTZEE)


@pytest.mark.parametrize("variant", AMERICAN_VARIANTS)
def test_joker_options_per_variant(variant):
    """Yahtzee box 50, Fives open: five 5s are forced into Fives only under the forced Joker
    (the official rule); a chip comes with them under any rule that pays chips. Read from each
    variant's record, so a new variant is checked by the rule it declares."""
    card = card_with({C.YAHTZEE: 50, C.ONES: 3})
    options = option_values(card, (5, 5, 5, 5, 5), 0, variant)
    categories = {c.category for c, _ in options}
    if variant.extra is Extra.FORCED:
        assert categories == {C.FIVES}
    else:
        assert categories == set(card.open_categories)
    chip = 0 if variant.extra is Extra.NONE else 100
    (fives_value,) = [v for c, v in options if c == Score(C.FIVES)]
    after = card_with({C.YAHTZEE: 50, C.ONES: 3, C.FIVES: 25}, chips=chip // 100)
    assert fives_value == pytest.approx(expected_score(after, variant), abs=1e-9)
    if variant.extra is Extra.FREE:
        # Fives open, so the Full House only gets what the dice make: 0.
        after_fh = card_with({C.YAHTZEE: 50, C.ONES: 3, C.FULL_HOUSE: 0}, chips=1)
        fh = dict(options)[Score(C.FULL_HOUSE)]
        assert fh == pytest.approx(expected_score(after_fh, variant), abs=1e-9)


def test_joker_in_the_lower_section_and_zero_upstairs():
    card = card_with({C.YAHTZEE: 0, C.FIVES: 20})
    options = dict(option_values(card, (5,) * 5, 0))
    assert {c.category for c in options} == {c for c in card.open_categories if c.value >= 6}
    after = card_with({C.YAHTZEE: 0, C.FIVES: 20, C.LARGE_STRAIGHT: 40})
    assert options[Score(C.LARGE_STRAIGHT)] == pytest.approx(expected_score(after), abs=1e-9)
    lower_full = card_with({**{c: 0 for c in CATEGORIES[6:]}, C.YAHTZEE: 50, C.FIVES: 20})
    options = dict(option_values(lower_full, (5,) * 5, 0))
    assert {c.category for c in options} == set(lower_full.open_categories)
    after = card_with(
        {**{c: 0 for c in CATEGORIES[6:]}, C.YAHTZEE: 50, C.FIVES: 20, C.ONES: 0}, chips=1
    )
    assert options[Score(C.ONES)] == pytest.approx(expected_score(after), abs=1e-9)


def test_ties_are_broken_the_same_way_every_time():
    card = card_without({C.CHANCE, C.YAHTZEE}, {C.LARGE_STRAIGHT: 40})
    first = option_values(card, (1, 1, 2, 2, 3), 2)
    again = option_values(card, (3, 2, 1, 2, 1), 2)  # same dice, other order
    assert first == again
    # Scores before keeps on equal values; keeping all but nothing of value still ranks.
    assert len({choice for choice, _ in first}) == len(first)


@pytest.mark.parametrize(
    "dice, rolls_left, error",
    [
        ((1, 2, 3), 2, ValueError),
        ((1, 2, 3, 4, 7), 2, ValueError),
        ((1, 2, 3, 4, 5), 3, ValueError),
        ((1, 2, 3, 4, 5), -1, ValueError),
        ((1, 2, 3, 4, 5), True, ValueError),
    ],
)
def test_bad_situations_are_refused(dice, rolls_left, error):
    with pytest.raises(error):
        option_values(Scorecard(), dice, rolls_left)


def test_full_card_has_no_options():
    with pytest.raises(IllegalAction):
        option_values(card_with(FULL), (1, 2, 3, 4, 5), 0)
