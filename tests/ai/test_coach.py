"""The coach: hints are the optimal move, costs are best minus chosen, reviews add up."""

from __future__ import annotations

import random

import pytest

from game.ai.coach.advice import choice_of, describe, explain, grade, hint, review
from game.ai.exact.options import Keep, keep_to_actions, option_values
from game.rules import (
    CATEGORIES,
    Category,
    Game,
    GameConfig,
    Hold,
    Roll,
    Score,
    Scorecard,
    StartOrder,
    Variant,
)
from game.rules.state import replace
from tests.ai.helpers import turn_state

C = Category


def situation(dice, rolls_left, filled=None, variant=Variant.OFFICIAL, held=(False,) * 5):
    """A one-player state in a turn with these dice, rolls left and boxes written."""
    boxes = [None] * 13
    for category, points in (filled or {}).items():
        boxes[category.value] = points
    return turn_state(Scorecard(tuple(boxes)), dice, rolls_left, variant, held)


CASES = [
    ((1, 3, 3, 5, 6), 2, {}, Variant.OFFICIAL),
    ((2, 3, 4, 5, 6), 0, {}, Variant.OFFICIAL),
    ((6, 6, 6, 6, 6), 1, {C.YAHTZEE: 50}, Variant.OFFICIAL),  # Joker: must score Sixes
    ((6, 6, 6, 6, 6), 0, {C.YAHTZEE: 50, C.SIXES: 24}, Variant.OFFICIAL),  # Joker, lower open
    ((6, 6, 6, 6, 6), 0, {C.YAHTZEE: 0, C.SIXES: 24}, Variant.FREE),
    ((6, 6, 6, 6, 6), 2, {C.YAHTZEE: 50}, Variant.SIMPLE),
    ((1, 1, 2, 2, 5), 1, {C.ONES: 3, C.TWOS: 6, C.FULL_HOUSE: 25}, Variant.OFFICIAL),
]


@pytest.mark.parametrize("dice, rolls_left, filled, variant", CASES)
def test_the_hint_is_the_first_option(dice, rolls_left, filled, variant):
    state = situation(dice, rolls_left, filled, variant)
    options = option_values(state.card, state.dice, rolls_left, variant)
    best = hint(state)
    assert (best.best, best.best_value) == options[0]
    assert best.options == tuple(options[:4])
    if isinstance(best.best, Score):
        assert best.box is best.best.category and best.keep == ()
    else:
        assert sorted(state.dice[i] for i in best.keep) == list(best.best.faces)


def test_the_hint_keeps_dice_already_held_when_it_can():
    state = situation((6, 2, 6, 6, 1), 2, held=(False, False, True, True, False))
    best = hint(state)
    assert best.best == Keep((6, 6, 6))
    assert set(best.keep) == {0, 2, 3}


@pytest.mark.parametrize("dice, rolls_left, filled, variant", CASES)
def test_a_decision_costs_best_minus_chosen(dice, rolls_left, filled, variant):
    state = situation(dice, rolls_left, filled, variant)
    options = option_values(state.card, state.dice, rolls_left, variant)
    for choice, value in options:
        action = choice if isinstance(choice, Score) else Roll()
        if isinstance(choice, Keep):
            held = [False] * 5
            for step in keep_to_actions(state.dice, (False,) * 5, choice):
                held[step.die] = isinstance(step, Hold)
            state_with_holds = replace(state, held=tuple(held))
            decision = grade(state_with_holds, action)
        else:
            decision = grade(state, action)
        assert decision.chosen == choice
        assert decision.cost == pytest.approx(options[0][1] - value, abs=1e-9)


def test_holds_alone_and_first_rolls_decide_nothing():
    state = situation((1, 2, 3, 4, 5), 2)
    assert choice_of(state, Hold(0)) is None
    first = replace(state, dice=None, rolls=0)
    assert choice_of(first, Roll()) is None
    assert choice_of(state, Roll()) == Keep(())


def play(seed: int, pick) -> Game:
    game = Game.new(GameConfig(("Ann",), start=StartOrder.SEATED), seed=seed)
    while not game.state.is_over:
        state = game.state
        if state.dice is None:
            game.apply(Roll())
            continue
        choice = pick(state)
        if isinstance(choice, Score):
            game.apply(choice)
            continue
        for step in keep_to_actions(state.dice, state.held, choice):
            game.apply(step)
        game.apply(Roll())
    return game


def optimal(state):
    return option_values(state.card, state.dice, state.rolls_left)[0][0]


def test_an_optimal_game_loses_nothing_and_luck_is_the_whole_difference():
    game = play(11, optimal)
    (player,) = review(game.config, game.start_rng, game.log).players.values()
    assert len(player.decisions) >= 13
    assert player.skill_lost == pytest.approx(0.0, abs=1e-9)
    assert player.start_expectation == pytest.approx(254.5877, abs=1e-3)
    total = game.state.results[0].cards[0].total
    assert player.final_total == total
    assert total - player.start_expectation == pytest.approx(player.luck, abs=1e-6)
    assert len(player.expected_by_turn) == 14  # 13 turn starts and the final total


def test_luck_and_skill_add_up_for_a_careless_player():
    rng = random.Random(5)

    def careless(state):
        options = option_values(state.card, state.dice, state.rolls_left)
        return rng.choice(options)[0]

    game = play(3, careless)
    (player,) = review(game.config, game.start_rng, game.log).players.values()
    assert player.skill_lost > 20
    actual_minus_expected = player.final_total - player.start_expectation
    assert actual_minus_expected == pytest.approx(player.luck - player.skill_lost, abs=1e-6)
    worst = player.costliest()
    assert len(worst) == 3
    assert worst[0].cost >= worst[1].cost >= worst[2].cost > 0


def test_reasons_come_from_the_values():
    filled = {c: 0 for c in CATEGORIES if c not in (C.YAHTZEE, C.FOURS)}
    zero = situation((1, 1, 2, 3, 5), 0, filled)
    assert explain(zero, Score(C.YAHTZEE)).startswith("a zero in Yahtzee costs least: ")
    fives = situation((5, 5, 5, 1, 2), 2, {C.ONES: 3, C.TWOS: 6})
    line = explain(fives, Keep((5, 5, 5)))
    assert line == "keep 5-5-5 for Fives; upper bonus needs 54 more"
    assert describe(Keep(())) == "reroll all five"
    fresh = situation((5, 5, 5, 1, 2), 2)
    assert "upper bonus" not in explain(fresh, Keep((5, 5, 5)))
