"""The solver, every CPU level and the coach on the Yatzy card, and forced order on either
card: known values, naive expectimax on reduced games, and whole seeded games."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.ai.coach.advice import explain, grade, hint, review
from game.ai.exact.forced import forced_expected, forced_values
from game.ai.exact.options import Keep, expected_score, option_values
from game.ai.exact.solver import StateKey, build_table
from game.ai.exact.tables import ValueTable, read_table, table_path
from game.ai.levels.spec import LEVELS
from game.ai.levels.strategies import make_strategy
from game.ai.levels.turn import valuation as free_valuation
from game.ai.levels.valuations import valuation
from game.rules import (
    AMERICAN,
    YATZY,
    Category,
    Game,
    GameConfig,
    Phase,
    Roll,
    Score,
    Scorecard,
    StartOrder,
    Variant,
    score_options,
)
from tests.ai.bruteforce import BruteForce
from tests.ai.helpers import card_with, card_without, turn_state

C = Category
#: Exact optimal expectations from an empty card, each agreeing with the public yatzy-solver
#: (its "yatzy-scandinavian" and "yatzy-scandinavian+forced" rule sets) to 1e-10.
YATZY_EMPTY = 248.4399893779
YATZY_FORCED_EMPTY = 122.5585273964


def test_the_shipped_yatzy_table_gives_the_known_value():
    values = read_table(table_path(Variant.YATZY), Variant.YATZY)
    assert values.shape == (1 << 15, 64, 2)
    assert float(values[0, 0, 0]) == pytest.approx(YATZY_EMPTY, abs=1e-4)
    assert expected_score(Scorecard.empty(YATZY), Variant.YATZY) == pytest.approx(
        YATZY_EMPTY, abs=1e-4
    )
    # No chips on this card: the flag never changes a value.
    both = np.isfinite(values[:, :, 0])
    assert np.array_equal(values[:, :, 0][both], values[:, :, 1][both])


def test_forced_order_values_are_known():
    assert forced_values(Variant.YATZY)[0, 0, 0] == pytest.approx(YATZY_FORCED_EMPTY, abs=1e-9)
    assert expected_score(Scorecard.empty(YATZY), Variant.YATZY, True) == pytest.approx(
        YATZY_FORCED_EMPTY, abs=1e-9
    )
    # Pinned, as for the free game's three American figures.
    assert forced_values(Variant.OFFICIAL)[0, 0, 0] == pytest.approx(130.28597194, abs=1e-7)
    assert forced_values(Variant.SIMPLE)[0, 0, 0] == pytest.approx(130.18109626, abs=1e-7)
    with pytest.raises(ValueError, match="filled top to bottom"):
        forced_expected(card_with({C.CHANCE: 20}, card=YATZY), Variant.YATZY)


UPPER_45 = {C.ONES: 2, C.TWOS: 4, C.THREES: 9, C.FOURS: 12, C.SIXES: 18}
REDUCED_YATZY = {
    # Fives decide the 50-point bonus (45 + 20 >= 63, 45 + 15 < 63).
    "bonus": card_without({C.FIVES, C.TWO_PAIRS}, UPPER_45, card=YATZY),
    "pairs": card_without({C.ONE_PAIR, C.TWO_PAIRS, C.FULL_HOUSE}, {C.SIXES: 24}, card=YATZY),
    "straights": card_without({C.SMALL_STRAIGHT, C.LARGE_STRAIGHT, C.YAHTZEE}, {}, card=YATZY),
}


@pytest.mark.parametrize("game", list(REDUCED_YATZY))
def test_reduced_yatzy_games_match_naive_expectimax(game):
    card = REDUCED_YATZY[game]
    key = StateKey.of(card)
    values = build_table(Variant.YATZY, within=key.filled)
    solved = card.total + ValueTable(Variant.YATZY, values).value(key)
    assert solved == pytest.approx(BruteForce(Variant.YATZY).expected_total(card), abs=1e-9)


FORCED_ENDINGS = [
    # The last three Yatzy boxes, in order.
    (card_without({C.FULL_HOUSE, C.CHANCE, C.YAHTZEE}, UPPER_45, card=YATZY), Variant.YATZY),
    # The last two, the bonus already earned.
    (card_without({C.CHANCE, C.YAHTZEE}, {**UPPER_45, C.FIVES: 25}, card=YATZY), Variant.YATZY),
    # American: 50 in Yahtzee, so five alike in Chance earns a chip.
    (card_without({C.CHANCE}, {C.YAHTZEE: 50}), Variant.OFFICIAL),
    (card_without({C.LARGE_STRAIGHT, C.YAHTZEE, C.CHANCE}, {}), Variant.OFFICIAL),
]


@pytest.mark.parametrize("card, variant", FORCED_ENDINGS)
def test_forced_order_matches_naive_expectimax(card, variant):
    naive = BruteForce(variant, forced_order=True).expected_total(card)
    assert forced_expected(card, variant) == pytest.approx(naive, abs=1e-9)
    assert expected_score(card, variant, forced_order=True) == pytest.approx(naive, abs=1e-9)


def _random_card(rng: random.Random, variant: Variant, forced: bool) -> Scorecard:
    card = Scorecard.empty(variant.card)
    for _i in range(rng.randint(0, len(card.boxes) - 1)):
        dice = tuple(rng.randint(1, 6) for _j in range(5))
        if rng.random() < 0.15:
            dice = (dice[0],) * 5
        options = list(score_options(dice, card, variant, forced))
        card = card.fill(rng.choice(options), dice, variant, forced)
    return card


@pytest.mark.parametrize("variant", [Variant.YATZY, Variant.OFFICIAL])
@pytest.mark.parametrize("forced", [False, True])
def test_fast_turn_outlooks_equal_option_values(variant, forced):
    """What the CPU levels read (a whole turn at once) against option_values, exactly."""
    rng = random.Random(f"{variant.value} {forced}")
    truth = valuation(variant, forced_order=forced)
    for _i in range(120):
        card = _random_card(rng, variant, forced)
        dice = tuple(rng.randint(1, 6) for _j in range(5))
        rolls_left = rng.randint(0, 2)
        expected = option_values(card, dice, rolls_left, variant, forced)
        got = truth.outlook(card).options(card.total, dice, rolls_left)
        assert [c for c, _ in got] == [c for c, _ in expected]
        assert [v for _, v in got] == pytest.approx([v for _, v in expected], abs=1e-9)
        if forced:
            assert {c.category for c, _ in got if isinstance(c, Score)} == {card.next_open}


def test_forced_order_costs_points_and_is_its_own_game():
    free = expected_score(Scorecard.empty(YATZY), Variant.YATZY)
    forced = expected_score(Scorecard.empty(YATZY), Variant.YATZY, forced_order=True)
    assert forced < free - 100
    assert valuation(Variant.YATZY) is free_valuation(Variant.YATZY)
    assert valuation(Variant.YATZY, forced_order=True) is valuation(Variant.YATZY, 1.0, 0.0, True)


# ----------------------------------------------------------------------------- whole games
def _play(config: GameConfig, level: str, seed: int) -> tuple[Game, int]:
    game = Game.new(config, seed=seed)
    strategy = make_strategy(level, seed)
    decisions = 0
    while not game.state.is_over:
        state = game.state
        action = strategy.choose(state)
        assert action in state.legal_actions()
        if level == "expert" and state.phase is Phase.TURN and state.dice is not None:
            card, forced = state.card, config.forced_order
            best = option_values(card, state.dice, state.rolls_left, config.variant, forced)
            assert strategy.decide(state) == best[0][0]
            decisions += 1
        game.apply(action)
    return game, decisions


@pytest.mark.timeout(120)
@pytest.mark.parametrize("forced", [False, True])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_yatzy_games(level, forced):
    config = GameConfig(
        ("Ann",), variant=Variant.YATZY, start=StartOrder.SEATED, forced_order=forced
    )
    game, decisions = _play(config, level, seed=21)
    (result,) = game.state.results
    card = result.cards[0]
    assert card.card is YATZY and card.is_complete and result.totals == (card.total,)
    if level == "expert":
        assert decisions >= 15


def test_a_seeded_yatzy_game_replays_the_same():
    config = GameConfig(("Ann",), variant=Variant.YATZY, start=StartOrder.SEATED)
    first, _ = _play(config, "medium", seed=5)
    again, _ = _play(config, "medium", seed=5)
    assert first.log == again.log and first.state == again.state


# ----------------------------------------------------------------------------- the coach
def test_the_coach_names_yatzy_boxes():
    empty = Scorecard.empty(YATZY)
    state = turn_state(empty, (6, 6, 6, 6, 6), 0, Variant.YATZY)
    best = hint(state)
    assert best.box is C.YAHTZEE and best.lines()[0].startswith("Best: score Yatzy (")
    assert explain(state, Score(C.YAHTZEE)).startswith("scoring 50 in Yatzy: ")
    pairs = turn_state(empty, (2, 2, 5, 5, 1), 0, Variant.YATZY)
    assert "Two Pairs" in explain(pairs, Score(C.TWO_PAIRS))
    # A keep names what it goes for, on this card.
    keep = turn_state(empty, (6, 6, 6, 6, 2), 2, Variant.YATZY)
    assert explain(keep, Keep((6, 6, 6, 6))).startswith("keep 6-6-6-6 for ")
    assert "Yahtzee" not in explain(keep, Keep((6, 6, 6, 6)))


def test_forced_order_hints_offer_the_next_box_only():
    card = card_with({C.ONES: 3, C.TWOS: 4}, card=YATZY)
    state = turn_state(card, (3, 3, 3, 5, 6), 0, Variant.YATZY, forced_order=True)
    best = hint(state)
    assert best.box is C.THREES and [c for c, _ in best.options] == [Score(C.THREES)]
    decision = grade(turn_state(card, (3, 3, 3, 5, 6), 1, Variant.YATZY, forced_order=True), Roll())
    assert decision is not None and decision.cost >= 0


@pytest.mark.parametrize("forced", [False, True])
def test_a_yatzy_review_adds_up(forced):
    """Final total - start expectation = luck - points lost to decisions, for a Medium game."""
    config = GameConfig(
        ("Ann",), variant=Variant.YATZY, start=StartOrder.SEATED, forced_order=forced
    )
    game, _ = _play(config, "medium", seed=8)
    report = review(config, game.start_rng, game.log).players[0]
    expected = YATZY_FORCED_EMPTY if forced else YATZY_EMPTY
    assert report.start_expectation == pytest.approx(expected, abs=1e-4)
    assert report.skill_lost > 0
    assert report.final_total - report.start_expectation == pytest.approx(
        report.luck - report.skill_lost, abs=1e-6
    )


def test_american_hints_are_unchanged_by_the_second_card():
    state = turn_state(Scorecard(), (6, 6, 6, 6, 6), 0, Variant.OFFICIAL)
    assert hint(state).lines()[0].startswith("Best: score Yahtzee (")
    assert AMERICAN.label(C.YAHTZEE) == "Yahtzee"
