"""Forced order's exact distributions of the points to come, and the win chances built on them."""

from __future__ import annotations

import dataclasses
import itertools
import random

import numpy as np
import pytest

from game.ai.coach.advice import win_advice
from game.ai.coach.win_review import decision_cost
from game.ai.exact.forced import forced_expected, forced_key, forced_values
from game.ai.levels.strategies import make_strategy
from game.ai.winning.chances import column_total, win_chances
from game.ai.winning.forced_outlook import forced_outlook
from game.rules import Category as C
from game.rules import (
    GameConfig,
    GameState,
    Phase,
    Score,
    Scorecard,
    StartOrder,
    Variant,
    score_options,
)
from tests.ai.helpers import card_with, roll_outcomes
from tests.ai.test_winning import table_state

pytestmark = pytest.mark.timeout(120)

YATZY, OFFICIAL = Variant.YATZY, Variant.OFFICIAL


@pytest.mark.parametrize("variant", list(Variant))
def test_every_state_sums_to_one_with_the_forced_experts_mean(variant):
    view = forced_outlook(variant)
    rests = view.rests
    assert rests.min() >= 0.0
    np.testing.assert_allclose(rests.sum(axis=-1), 1.0, rtol=0, atol=1e-12)
    means = rests @ np.arange(view.length)
    np.testing.assert_allclose(means, forced_values(variant), rtol=0, atol=1e-9)


def test_the_length_is_the_most_a_card_can_still_score():
    # American: 105 upper + 35 + 235 below + one chip (only Chance follows the Yahtzee box).
    assert forced_outlook(OFFICIAL).length == 105 + 35 + 235 + 100 + 1
    # Yatzy: 105 upper + 50 + 219 below; no chips.
    assert forced_outlook(YATZY).length == 105 + 50 + 219 + 1
    # The best game reaches it: at least once, with nothing to spare.
    assert forced_outlook(OFFICIAL).rests[0, 0, 0, -1] > 0.0


def test_the_view_is_built_once_per_variant():
    assert forced_outlook(YATZY) is forced_outlook(YATZY)


# ----------------------------------------------------------------------------- brute force
LENGTH = 480


class Enumerated:
    """R's distribution from a card in forced order by plain enumeration from the rules alone
    (score_options and Scorecard.fill, forced): every roll, every keep of the dice, the
    choice with the highest expected total, a tie going to scoring, then to the bigger keep."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self._rests: dict[tuple, np.ndarray] = {}

    def rest(self, card: Scorecard) -> np.ndarray:
        if card.is_complete:
            return _point(0)
        kind = card.card
        key = (
            card.filled_count,
            min(card.upper_total, kind.bonus_threshold),
            card[C.YAHTZEE] if kind.has_chips else None,
        )
        if key not in self._rests:
            turn = _Turn(self, card)
            self._rests[key] = sum(p * turn.position(roll, 2) for roll, p in roll_outcomes(5))
        return self._rests[key]


def _point(points: int) -> np.ndarray:
    pmf = np.zeros(LENGTH)
    pmf[points] = 1.0
    return pmf


def _mean(pmf: np.ndarray) -> float:
    return float(np.arange(len(pmf)) @ pmf)


class _Turn:
    def __init__(self, game: Enumerated, card: Scorecard) -> None:
        self.game, self.card = game, card
        self._position: dict[tuple, np.ndarray] = {}
        self._keep: dict[tuple, np.ndarray] = {}

    def scored(self, dice: tuple[int, ...]) -> np.ndarray:
        variant = self.game.variant
        (box,) = score_options(dice, self.card, variant, True)
        after = self.card.fill(box, dice, variant, True)
        return np.roll(self.game.rest(after), after.total - self.card.total)

    def position(self, dice: tuple[int, ...], rolls_left: int) -> np.ndarray:
        key = (dice, rolls_left)
        if key not in self._position:
            best = self.scored(dice)
            if rolls_left:
                for size in range(4, -1, -1):
                    for held in sorted(set(itertools.combinations(dice, size))):
                        kept = self.keep(held, rolls_left)
                        if _mean(kept) > _mean(best) + 1e-9:
                            best = kept
            self._position[key] = best
        return self._position[key]

    def keep(self, held: tuple[int, ...], rolls_left: int) -> np.ndarray:
        key = (held, rolls_left)
        if key not in self._keep:
            self._keep[key] = sum(
                p * self.position(tuple(sorted(held + faces)), rolls_left - 1)
                for faces, p in roll_outcomes(5 - len(held))
            )
        return self._keep[key]


UPPER_BONUS = {C.ONES: 3, C.TWOS: 6, C.THREES: 9, C.FOURS: 16, C.FIVES: 15, C.SIXES: 18}
ENDINGS = [
    # Yatzy: Chance, then the Yatzy box.
    (YATZY, {c: 0 for c in YATZY.card.boxes[:-2]}),
    # American: Yahtzee, then Chance, where five alike after a 50 is a Joker and a chip.
    (OFFICIAL, {c: 0 for c in OFFICIAL.card.boxes[:-2]} | UPPER_BONUS),
    # The American card's last three, bonus earned: a full house, Yahtzee and Chance.
    (OFFICIAL, {c: 0 for c in OFFICIAL.card.boxes[:-3]} | UPPER_BONUS),
]


@pytest.mark.parametrize("variant, filled", ENDINGS)
def test_the_last_boxes_match_an_enumeration_from_the_rules(variant, filled):
    card = card_with(filled, card=variant.card)
    view = forced_outlook(variant)
    truth = Enumerated(variant)
    expected = truth.rest(card)
    got = view.rests[forced_key(card)]
    assert expected[view.length :].sum() == 0.0
    np.testing.assert_allclose(got, expected[: view.length], rtol=0, atol=1e-12)
    # With a roll showing: the turn played out from it.
    turn = _Turn(truth, card)
    for dice in ((1, 2, 3, 4, 6), (5, 5, 5, 5, 2), (6, 6, 6, 6, 6), (2, 2, 3, 3, 3)):
        for rolls_left in (0, 1, 2):
            expected = turn.position(dice, rolls_left)[: view.length]
            got = view.in_turn(card, dice, rolls_left)
            np.testing.assert_allclose(got, expected, rtol=0, atol=1e-12)


def test_a_turn_from_its_first_roll_averages_to_the_state_between_turns():
    view = forced_outlook(OFFICIAL)
    card = card_with({C.ONES: 3, C.TWOS: 4, C.THREES: 9})
    mixed = sum(p * view.in_turn(card, roll, 2) for roll, p in roll_outcomes(5))
    np.testing.assert_allclose(mixed, view.rests[forced_key(card)], rtol=0, atol=1e-12)


# ----------------------------------------------------------------------------- win chances
def forced_table(cards, variant=YATZY, dice=None, rolls_left=3) -> GameState:
    """Seat 0 to play on these cards in forced order."""
    names = tuple(f"p{i}" for i in range(len(cards)))
    config = GameConfig(names, variant=variant, start=StartOrder.SEATED, forced_order=True)
    return dataclasses.replace(table_state(cards, 0, dice, rolls_left), config=config)


def test_the_last_box_with_dice_showing_is_exact_in_forced_order():
    """Yatzy's last box is the Yatzy box: A needs its 50 to pass B, four sixes showing."""
    a = card_with({c: 0 for c in YATZY.card.boxes[:-1]} | {C.CHANCE: 10}, card=YATZY.card)
    b = card_with({c: 0 for c in YATZY.card.boxes} | {C.CHANCE: 30}, card=YATZY.card)
    for dice, rolls_left, chance in (
        ((6, 6, 6, 6, 1), 2, 11 / 36),
        ((6, 6, 6, 6, 1), 1, 1 / 6),
        ((6, 6, 6, 6, 1), 0, 0.0),
        ((6, 6, 6, 6, 6), 0, 1.0),
    ):
        chances = win_chances(forced_table([a, b], YATZY, dice, rolls_left))
        assert chances.game[0] == pytest.approx(chance, abs=1e-12)


def _playout(state: GameState, seed: int) -> float:
    """Seat 0's share of the win, every seat playing as the forced Expert to the end."""
    rng = random.Random(seed)
    players = [make_strategy("expert", seed + i) for i in range(len(state.cards))]
    while state.phase in (Phase.TURN, Phase.TIE_BREAK):
        state, _ = state.apply(players[state.player].choose(state), rng)
    winners = state.results[-1].winners
    return 1.0 / len(winners) if 0 in winners else 0.0


def test_forced_order_chances_match_the_forced_experts_playouts():
    """A hand-made Yatzy table, five boxes left each, seat 0 eight points down: the model's
    chance against 3,000 playouts of the forced Expert through the rules (seeded). Their
    standard error is at most sqrt(0.25 / 3000) = 0.0091, so 0.03 (3.3 of them) fails a
    right model about once in a thousand seed sets. The free-order model, which plays these
    cards as if any box could still be chosen, is further off than the forced one."""
    boxes = YATZY.card.boxes
    upper = {C.ONES: 2, C.TWOS: 6, C.THREES: 9, C.FOURS: 12, C.FIVES: 15, C.SIXES: 18}
    lower = {C.ONE_PAIR: 10, C.TWO_PAIRS: 14, C.THREE_OF_A_KIND: 12, C.FOUR_OF_A_KIND: 0}
    a = card_with(upper | lower, card=YATZY.card)
    b = card_with(upper | lower | {C.ONE_PAIR: 12, C.THREE_OF_A_KIND: 18}, card=YATZY.card)
    assert a.filled_count == b.filled_count == len(boxes) - 5
    state = forced_table([a, b])
    model = win_chances(state).game[0]
    games = 3000
    observed = sum(_playout(state, seed) for seed in range(games)) / games
    assert model == pytest.approx(observed, abs=0.03)
    free = win_chances(dataclasses.replace(state, config=_free(state.config))).game[0]
    assert abs(model - observed) < abs(free - observed)


def _free(config: GameConfig) -> GameConfig:
    return dataclasses.replace(config, forced_order=False)


def test_the_coach_and_the_review_weigh_choices_by_forced_order_chances():
    """American card, Chance left on both cards, the rival 24 up: the coach's rival is
    expected to end on the forced Expert's mean, and the review costs a choice in chance."""
    boxes = OFFICIAL.card.boxes
    mine = card_with({c: 0 for c in boxes[:-1]} | {C.ONES: 3})
    rival = card_with({c: 0 for c in boxes[:-1]} | {C.ONES: 3, C.SIXES: 24})
    state = forced_table([mine, rival], OFFICIAL, dice=(1, 1, 2, 3, 6), rolls_left=2)
    advice = win_advice(state)
    assert advice.rival.total == round(forced_expected(rival, OFFICIAL)) == 50
    assert not advice.rival.done
    assert advice.chance_to_win >= advice.chance_for_score
    cost = decision_cost(state, Score(C.CHANCE))  # 13 in Chance now: a sure loss
    assert cost is not None
    assert cost.chance_chosen == pytest.approx(0.0, abs=1e-12)
    assert cost.chance_best == pytest.approx(advice.chance_to_win, abs=1e-12)


def test_a_seats_pace_lowers_its_forced_order_points_to_come():
    """Paces work in forced order as in the free game: the forced Expert's R, scaled to the
    mean lowered by the pace times the open boxes."""
    card = card_with({C.ONES: 3}, card=YATZY.card)
    state = forced_table([card, card])
    expert, slower = column_total(state, 1), column_total(state, 1, pace=2.0)
    assert _mean(expert) == pytest.approx(forced_expected(card, YATZY), abs=1e-9)
    assert _mean(slower) == pytest.approx(_mean(expert) - 2.0 * 14, abs=1e-9)
    chances = win_chances(state, (0.0, 2.0)).game
    assert chances[0] > 0.6 and sum(chances) == pytest.approx(1.0, abs=1e-12)
