"""The Scandinavian Yatzy card: every box over all 7,776 rolls against a second formulation,
exact examples, no chips and no Joker, and forced order (tvångsyatzy) on either card."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from game.i18n import N_
from game.rules import (
    AMERICAN,
    CARDS,
    YATZY,
    Category,
    Game,
    GameConfig,
    IllegalAction,
    Phase,
    Roll,
    Score,
    Scorecard,
    StartOrder,
    Variant,
    card_named,
    score_options,
)
from tests.rules.helpers import card_with

C = Category


def independent_yatzy(dice: tuple[int, ...]) -> list[int]:
    """The fifteen boxes in card order, from the sorted dice and a Counter: written apart
    from game.rules (no face counts by index, no shared helpers)."""
    ordered = sorted(dice)
    tally = Counter(dice)
    pairs = sorted((face for face, n in tally.items() if n >= 2), reverse=True)
    triples = [face for face, n in tally.items() if n >= 3]
    quads = [face for face, n in tally.items() if n >= 4]
    upper = [face * tally[face] for face in range(1, 7)]
    return upper + [
        2 * pairs[0] if pairs else 0,
        2 * pairs[0] + 2 * pairs[1] if len(pairs) >= 2 else 0,
        3 * triples[0] if triples else 0,
        4 * quads[0] if quads else 0,
        15 if ordered == [1, 2, 3, 4, 5] else 0,
        20 if ordered == [2, 3, 4, 5, 6] else 0,
        sum(dice) if sorted(tally.values()) == [2, 3] else 0,
        sum(dice),
        50 if len(tally) == 1 else 0,
    ]


def test_the_card_is_fifteen_boxes_in_the_scandinavian_order():
    assert YATZY.boxes == (
        C.ONES,
        C.TWOS,
        C.THREES,
        C.FOURS,
        C.FIVES,
        C.SIXES,
        C.ONE_PAIR,
        C.TWO_PAIRS,
        C.THREE_OF_A_KIND,
        C.FOUR_OF_A_KIND,
        C.SMALL_STRAIGHT,
        C.LARGE_STRAIGHT,
        C.FULL_HOUSE,
        C.CHANCE,
        C.YAHTZEE,
    )
    assert (YATZY.upper_bonus, YATZY.bonus_threshold, YATZY.chip_points) == (50, 63, 0)
    assert not YATZY.has_chips and AMERICAN.has_chips
    assert [YATZY.index(c) for c in (C.ONE_PAIR, C.YAHTZEE)] == [6, 14]
    assert Variant.YATZY.card is YATZY and Variant.SIMPLE.card is AMERICAN
    assert (CARDS["american"], CARDS["yatzy"]) == (AMERICAN, YATZY)
    assert card_named("yatzy") is YATZY
    with pytest.raises(ValueError, match="unknown scorecard 'kniffel'"):
        card_named("kniffel")


def test_box_names_are_the_cards_own_and_marked_for_translation():
    assert YATZY.label(C.YAHTZEE) == N_("Yatzy") == "Yatzy"
    assert AMERICAN.label(C.YAHTZEE) == "Yahtzee"
    assert [YATZY.label(c) for c in YATZY.boxes[6:8]] == ["One Pair", "Two Pairs"]
    assert (YATZY.name, Variant.YATZY.label) == ("Yatzy", "Yatzy")


def test_every_roll_matches_the_independent_formulation():
    empty = Scorecard.empty(YATZY)
    checked = 0
    for dice in itertools.product(range(1, 7), repeat=5):
        options = score_options(dice, empty, Variant.YATZY)
        assert [options[c] for c in YATZY.boxes] == independent_yatzy(dice), dice
        assert list(YATZY.scores(tuple(sorted(dice)))) == independent_yatzy(dice)
        checked += 1
    assert checked == 7776


@pytest.mark.parametrize(
    "dice, expected",
    [
        # Ones..Sixes, One Pair, Two Pairs, 3oaK, 4oaK, 1-5, 2-6, Full House, Chance, Yatzy
        ((2, 2, 5, 5, 6), [0, 4, 0, 0, 10, 6, 10, 14, 0, 0, 0, 0, 0, 20, 0]),
        ((6, 6, 6, 2, 2), [0, 4, 0, 0, 0, 18, 12, 16, 18, 0, 0, 0, 22, 22, 0]),
        ((3, 3, 3, 3, 1), [1, 0, 12, 0, 0, 0, 6, 0, 9, 12, 0, 0, 0, 13, 0]),
        ((4, 4, 4, 4, 4), [0, 0, 0, 20, 0, 0, 8, 0, 12, 16, 0, 0, 0, 20, 50]),
        ((1, 2, 3, 4, 5), [1, 2, 3, 4, 5, 0, 0, 0, 0, 0, 15, 0, 0, 15, 0]),
        ((6, 5, 4, 3, 2), [0, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 20, 0, 20, 0]),
        ((1, 3, 4, 5, 6), [1, 0, 3, 4, 5, 6, 0, 0, 0, 0, 0, 0, 0, 19, 0]),  # no 4-run box
        ((1, 1, 6, 6, 3), [2, 0, 3, 0, 0, 12, 12, 14, 0, 0, 0, 0, 0, 17, 0]),
    ],
)
def test_yatzy_boxes_score_exactly(dice, expected):
    options = score_options(dice, Scorecard.empty(YATZY), Variant.YATZY)
    assert [options[c] for c in YATZY.boxes] == expected


def test_five_alike_again_is_an_ordinary_roll_no_chip_no_joker():
    card = card_with({C.YAHTZEE: 50, C.FOURS: 16}, card=YATZY)
    options = score_options((4, 4, 4, 4, 4), card, Variant.YATZY)
    assert len(options) == 13 and options[C.FULL_HOUSE] == 0 and options[C.SMALL_STRAIGHT] == 0
    written = card.fill(C.CHANCE, (4, 4, 4, 4, 4), Variant.YATZY)
    assert (written.bonus_chips, written.yahtzee_bonus, written.total) == (0, 0, 86)


def test_upper_bonus_is_fifty_at_sixty_three():
    upper = {C.ONES: 3, C.TWOS: 6, C.THREES: 9, C.FOURS: 12, C.FIVES: 15, C.SIXES: 18}
    card = card_with({**upper, C.CHANCE: 20}, card=YATZY)
    assert (card.upper_total, card.upper_bonus, card.total) == (63, 50, 133)
    assert card_with({**upper, C.SIXES: 12}, card=YATZY).upper_bonus == 0


def test_rules_and_card_must_agree():
    with pytest.raises(ValueError, match="yatzy rules need a yatzy card, not american"):
        score_options((1, 2, 3, 4, 5), Scorecard(), Variant.YATZY)
    with pytest.raises(ValueError, match="official rules need a american card, not yatzy"):
        Scorecard.empty(YATZY).fill(C.CHANCE, (1, 2, 3, 4, 5), Variant.OFFICIAL)
    # Without a variant, a card plays by its own first rules.
    assert score_options((1, 2, 3, 4, 5), Scorecard.empty(YATZY))[C.SMALL_STRAIGHT] == 15
    with pytest.raises(IllegalAction, match="One Pair is not a box on this card"):
        Scorecard().fill(C.ONE_PAIR, (2, 2, 3, 4, 5))
    with pytest.raises(ValueError, match="a yatzy scorecard has 15 boxes, got 13"):
        Scorecard((None,) * 13, 0, YATZY)


# ------------------------------------------------------------------------- forced order
@pytest.mark.parametrize("variant", [Variant.YATZY, Variant.OFFICIAL])
def test_forced_order_offers_only_the_next_box_and_says_why_not(variant):
    card = Scorecard.empty(variant.card)
    dice = (2, 2, 5, 5, 6)
    assert score_options(dice, card, variant, forced_order=True) == {C.ONES: 0}
    with pytest.raises(IllegalAction) as refused:
        card.fill(C.CHANCE, dice, variant, forced_order=True)
    assert str(refused.value) == "boxes are filled in order: this roll goes in Ones"
    card = card.fill(C.ONES, dice, variant, forced_order=True)
    assert score_options(dice, card, variant, forced_order=True) == {C.TWOS: 4}
    with pytest.raises(IllegalAction, match="Ones is already filled"):
        card.fill(C.ONES, dice, variant, forced_order=True)


def test_forced_order_extra_yahtzee_keeps_its_chip_and_jokers_once_its_face_is_filled():
    upper = {C.ONES: 3, C.TWOS: 6, C.THREES: 9, C.FOURS: 12, C.FIVES: 15, C.SIXES: 18}
    lower = {C.THREE_OF_A_KIND: 20, C.FOUR_OF_A_KIND: 0}
    card = card_with({**upper, **lower, C.YAHTZEE: 50})  # next box: Full House
    # Fives are filled: the Joker's 25 in Full House, and the chip.
    assert score_options((5,) * 5, card, Variant.OFFICIAL, True) == {C.FULL_HOUSE: 25}
    written = card.fill(C.FULL_HOUSE, (5,) * 5, Variant.OFFICIAL, True)
    assert (written[C.FULL_HOUSE], written.bonus_chips) == (25, 1)
    # Simple rules: no Joker, no chip.
    assert score_options((5,) * 5, card, Variant.SIMPLE, True) == {C.FULL_HOUSE: 0}


def test_forced_order_plays_through_the_engine_top_to_bottom():
    config = GameConfig(("Ann",), variant=Variant.YATZY, start=StartOrder.SEATED, forced_order=True)
    game = Game.new(config, seed=7)
    chooser = random.Random(7)
    order = []
    while not game.state.is_over:
        state = game.state
        if state.dice is None or (state.rolls_left and chooser.random() < 0.4):
            game.apply(Roll())
            continue
        (box,) = state.score_options()
        assert [a for a in state.legal_actions() if isinstance(a, Score)] == [Score(box)]
        order.append(box)
        game.apply(Score(box))
    assert tuple(order) == YATZY.boxes
    (result,) = game.state.results
    assert result.cards[0].is_complete and result.totals == (result.cards[0].total,)


def test_a_yatzy_game_is_fifteen_turns_a_player():
    config = GameConfig(("Ann", "Bob"), variant=Variant.YATZY, start=StartOrder.SEATED)
    game = Game.new(config, seed=3)
    turns = 0
    while game.state.phase is Phase.TURN:
        game.apply(Roll())
        options = game.state.score_options()
        game.apply(Score(max(options, key=lambda c: (options[c], -YATZY.index(c)))))
        turns += 1
    assert turns == 30
    assert all(card.card is YATZY and card.is_complete for card in game.state.results[0].cards)
