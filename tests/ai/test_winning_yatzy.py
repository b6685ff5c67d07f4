"""The win-chance model, the review's chart and the Champion on the Scandinavian Yatzy card."""

from __future__ import annotations

import numpy as np
import pytest

from game.ai.coach.advice import choice_of
from game.ai.coach.win_review import decision_cost, win_track
from game.ai.exact.dicespace import ROLL_INDEX
from game.ai.exact.solver import StateKey
from game.ai.exact.tables import value_table
from game.ai.levels.champion import WinOutlooks
from game.ai.levels.strategies import make_strategy
from game.ai.levels.valuations import valuation
from game.ai.winning.chances import win_chances
from game.ai.winning.points_to_come import outlook
from game.ai.winning.shape import open_boxes, yahtzee_state
from game.ai.winning.tables import spread_tables
from game.ai.winning.turn import flat_state, turn_moves
from game.rules import Category as C
from game.rules import Game, GameConfig, Phase, Scorecard, StartOrder, Variant
from tests.ai.test_levels import play

pytestmark = pytest.mark.timeout(120)

YATZY = Variant.YATZY
CARD = YATZY.card


def test_turn_moves_follow_the_yatzy_card():
    sixes, yatzy = CARD.index(C.SIXES), CARD.index(C.YAHTZEE)
    row = ROLL_INDEX[(6, 6, 6, 6, 6)]
    moves = turn_moves(0, np.array([0, 40]), np.array([0, 0]), YATZY)
    assert moves.boxes == tuple(range(15))
    assert moves.allowed.all()  # no Joker: every box takes every roll
    assert moves.points[yatzy, row].tolist() == [50, 50]
    # Five alike is an ordinary box here: no flag is kept.
    assert moves.child[yatzy, row].tolist() == [
        flat_state(1 << yatzy, 0, 0),
        flat_state(1 << yatzy, 40, 0),
    ]
    # 30 in Sixes from 40 reaches 63: Yatzy's bonus is 50.
    assert moves.points[sixes, row].tolist() == [30, 80]
    assert moves.child[sixes, row].tolist() == [
        flat_state(1 << sixes, 30, 0),
        flat_state(1 << sixes, 63, 0),
    ]
    two_pairs = CARD.index(C.TWO_PAIRS)
    assert moves.points[two_pairs, ROLL_INDEX[(2, 2, 5, 5, 6)]].tolist() == [14, 14]


def test_classes_of_states_count_fifteen_boxes():
    view = outlook(YATZY)
    s = view._spec
    full = flat_state(s.all_boxes, 0, 0)
    yatzy_only = flat_state(1 << CARD.index(C.YAHTZEE), 0, 0)
    assert open_boxes(np.array([0, full, yatzy_only]), s).tolist() == [15, 0, 14]
    assert yahtzee_state(np.array([0, yatzy_only]), s).tolist() == [0, 1]


def test_the_yatzy_spread_tables_match_the_solver():
    tables = spread_tables(YATZY)
    values = value_table(YATZY).values
    assert tables.spread.shape == (1 << 15, 64, 2, 2)
    sd = float(tables.spread[0, 0, 0, 0])
    assert sd == pytest.approx(38.4964, abs=1e-4)  # a Yatzy game's spread (official: 59.6)
    # The exact distributions' means are the solver's values (two boxes open).
    view = outlook(YATZY)
    chance, yatzy = CARD.index(C.CHANCE), CARD.index(C.YAHTZEE)
    filled = ((1 << 15) - 1) & ~(1 << chance) & ~(1 << yatzy)
    for upper in (0, 63):
        pmf = view.exact(flat_state(filled, upper, 0))
        assert pmf.sum() == pytest.approx(1.0, abs=1e-6)
        mean = float(np.arange(len(pmf)) @ pmf)
        assert mean == pytest.approx(float(values[filled, upper, 0]), abs=1e-3)


def test_a_yatzy_games_chances_are_computed_and_sum_to_one_each_round():
    config = GameConfig(("a", "b"), variant=YATZY, start=StartOrder.SEATED)
    game = Game.new(config, seed=13)
    play(game, [make_strategy("expert", 1), make_strategy("expert", 2)])
    assert game.state.phase is Phase.MATCH_OVER
    track = win_track(config, game.start_rng, list(game.log))
    assert len(track.chances) == 2
    assert len(track.chances[0]) == 16  # 15 round starts, then the result
    for k in range(16):
        pair = (track.chances[0][k], track.chances[1][k])
        assert all(0.0 <= c <= 1.0 for c in pair)
        assert sum(pair) == pytest.approx(1.0, abs=1e-6)
    assert track.chances[0][0] == pytest.approx(0.5, abs=0.05)  # even at the start
    assert sorted((track.chances[0][-1], track.chances[1][-1])) in ([0.0, 1.0], [0.5, 0.5])


def test_live_chances_mid_turn_on_a_yatzy_table():
    config = GameConfig(("a", "b"), variant=YATZY, start=StartOrder.SEATED)
    game = Game.new(config, seed=4)
    strategies = [make_strategy("expert", 1), make_strategy("expert", 2)]
    for _i in range(40):
        game.apply(strategies[game.state.player].choose(game.state))
    chances = win_chances(game.state)
    assert sum(chances.game) == pytest.approx(1.0, abs=1e-6)
    assert all(0.0 < c < 1.0 for c in chances.game)


def test_the_champion_plays_for_the_win_on_yatzy():
    """A whole game against the Expert: every move legal, and each of its decisions the best
    for the win by the review's own measure (to within its tie-breaking by points)."""
    config = GameConfig(("a", "b"), variant=YATZY, start=StartOrder.SEATED)
    game = Game.new(config, seed=21)
    champion, expert = make_strategy("champion", 3), make_strategy("expert", 4)
    costs = []

    def check(state, action):
        if state.player == 0:
            cost = decision_cost(state, action)
            if cost is not None:
                costs.append(cost.cost)

    play(game, [champion, expert], check)
    assert all(card.is_complete for card in game.state.results[0].cards)
    assert costs and max(costs) < 1e-3  # its own choices are the best for the win


def test_in_forced_order_the_champion_plays_for_the_win_by_the_forced_model():
    """A whole forced-order game against the Expert: each of the Champion's decisions is
    weighed by the review (no longer None) and is the best for the win by its measure; the
    table's chances come from forced order's own distributions and add up to one."""
    config = GameConfig(("a", "b"), variant=YATZY, start=StartOrder.SEATED, forced_order=True)
    game = Game.new(config, seed=8)
    champion, expert = make_strategy("champion", 5), make_strategy("expert", 6)
    outlooks = WinOutlooks()
    costs = []
    differ = 0

    def check(state, action):
        nonlocal differ
        if state.player == 0 and state.dice is not None:
            forced = valuation(YATZY, forced_order=True).outlook(state.card)
            assert outlooks.get(state) is not forced
            differ += champion.decide(state) != expert.decide(state)
            cost = decision_cost(state, action)
            if choice_of(state, action) is not None:  # not a hold: that decides nothing yet
                assert cost is not None
                costs.append(cost.cost)
            if len(costs) % 5 == 0:
                assert sum(win_chances(state).game) == pytest.approx(1.0, abs=1e-9)

    play(game, [champion, expert], check)
    assert len(costs) >= 15 and max(costs) < 1e-3
    assert differ  # somewhere it plays otherwise than for points
    assert all(card.is_complete for card in game.state.results[0].cards)


def test_state_key_of_a_yatzy_card_indexes_the_tables():
    card = Scorecard.empty(CARD)
    key = StateKey.of(card)
    assert (key.filled, key.upper, key.fifty) == (0, 0, 0)
    assert outlook(YATZY).mean_of(np.array([0]))[0] == pytest.approx(248.44, abs=0.01)
