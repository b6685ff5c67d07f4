"""The solver's score tables against game.rules itself."""

from __future__ import annotations

import random

import pytest

from game.ai.exact.dicespace import ROLLS
from game.ai.exact.scoring import five_of_a_kind_chip, five_of_a_kind_options, spec
from game.rules import (
    AMERICAN,
    CATEGORIES,
    Card,
    Category,
    Scorecard,
    Variant,
    base_score,
    score_options,
)
from game.rules.cards import CARDS
from game.rules.scorecard import earns_bonus_chip

YAHTZEE = Category.YAHTZEE.value


def test_base_points_are_base_score():
    base = spec(Variant.OFFICIAL).base
    for c, category in enumerate(CATEGORIES):
        for r, roll in enumerate(ROLLS):
            assert base[c, r] == base_score(category, roll)


def test_each_cards_base_points_are_what_the_rules_offer_on_an_empty_card():
    """Every card's table (not the American one's alone) is what the rules score: each
    roll's options on an empty card, through the rules' own scorecard."""
    for card in CARDS.values():
        s = spec(Variant.for_card(card))
        assert s.boxes == card.boxes and s.base.shape == (len(card.boxes), len(ROLLS))
        empty = Scorecard.empty(card)
        for r, roll in enumerate(ROLLS):
            offered = score_options(roll, empty, Variant.for_card(card))
            assert [int(points) for points in s.base[:, r]] == [offered[c] for c in card.boxes]


def _card(open_mask: int, yahtzee_box: int | None, card: Card = AMERICAN) -> Scorecard:
    boxes = [None if open_mask >> c & 1 else 0 for c in range(len(card.boxes))]
    boxes[card.index(Category.YAHTZEE)] = yahtzee_box
    return Scorecard(tuple(boxes), 0, card)


@pytest.mark.parametrize("variant", [Variant.OFFICIAL, Variant.FREE])
@pytest.mark.parametrize("yahtzee_box", [0, 50])
def test_five_of_a_kind_matches_score_options_for_every_open_set(variant, yahtzee_box):
    """Every set of open boxes with the Yahtzee box filled: the Joker cases, exhaustively."""
    for open_mask in range(1 << 13):
        if open_mask >> YAHTZEE & 1:
            continue
        card = _card(open_mask, yahtzee_box)
        for face in range(1, 7):
            dice = (face,) * 5
            expected = {c.value: p for c, p in score_options(dice, card, variant).items()}
            assert five_of_a_kind_options(face, open_mask, yahtzee_box, variant) == expected
            chip = 100 if earns_bonus_chip(dice, card, variant) else 0
            assert five_of_a_kind_chip(yahtzee_box, variant) == chip


@pytest.mark.parametrize("variant", list(Variant))
def test_five_of_a_kind_matches_score_options_on_a_sample(variant):
    """Yahtzee box open (no Joker), and the simple variant, on a seeded sample of cards."""
    rng = random.Random(2024)
    kind = variant.card
    yahtzee = kind.index(Category.YAHTZEE)
    for forced in (False, True):
        for _i in range(1500):
            open_mask = rng.randrange(1, 1 << len(kind.boxes))
            box = None if open_mask >> yahtzee & 1 else rng.choice([0, 50])
            card = _card(open_mask, box, kind)
            face = rng.randint(1, 6)
            dice = (face,) * 5
            options = score_options(dice, card, variant, forced)
            expected = {kind.index(c): p for c, p in options.items()}
            assert five_of_a_kind_options(face, open_mask, box, variant, forced) == expected
            chip = kind.chip_points if earns_bonus_chip(dice, card, variant) else 0
            assert five_of_a_kind_chip(box, variant) == chip


@pytest.mark.parametrize("variant", list(Variant))
def test_spec_base_points_are_the_cards_own(variant):
    s = spec(variant)
    for c, category in enumerate(variant.card.boxes):
        for r, roll in enumerate(ROLLS):
            assert s.base[c, r] == variant.card.score(category, roll)
    assert s.table_shape == (1 << len(variant.card.boxes), 64, 2)
    assert s.chips == (variant in (Variant.OFFICIAL, Variant.FREE))


def test_known_joker_placements():
    all_open_but_fours = ((1 << 13) - 1) & ~(1 << 3)
    assert five_of_a_kind_options(4, 1 << 3 | 1 << 8, 50, Variant.OFFICIAL) == {3: 20}
    assert five_of_a_kind_options(4, 1 << 8 | 1 << 1, 50, Variant.OFFICIAL) == {8: 25}
    assert five_of_a_kind_options(4, 1 << 1 | 1 << 5, 0, Variant.OFFICIAL) == {1: 0, 5: 0}
    assert five_of_a_kind_options(4, 1 << 3 | 1 << 8, 50, Variant.FREE) == {3: 20, 8: 0}
    assert five_of_a_kind_options(4, 1 << 8 | 1 << 1, 50, Variant.FREE) == {1: 0, 8: 25}
    assert five_of_a_kind_options(4, 1 << 8 | 1 << 1, 50, Variant.SIMPLE) == {1: 0, 8: 0}
    assert five_of_a_kind_options(4, all_open_but_fours, None, Variant.OFFICIAL)[YAHTZEE] == 50
