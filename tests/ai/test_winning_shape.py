"""The shapes of the points to come beyond the exact tables: quantile points and learnt shapes."""

from __future__ import annotations

import numpy as np
import pytest

from game.ai.exact.solver import StateKey
from game.ai.tablemaker.batch import Cards, play, points_to_come, simulate
from game.ai.tablemaker.dice import RandomDice
from game.ai.winning.points_to_come import gamma_points, outlook, points_to_pmf
from game.ai.winning.shape import (
    QUANTILE_POINTS,
    build_shapes,
    open_boxes,
    quantile_points,
    shape_points,
    yahtzee_state,
)
from game.ai.winning.tables import spread_tables
from game.ai.winning.turn import flat_state
from game.rules import Category as C
from game.rules import Variant
from tests.ai.helpers import card_without

pytestmark = pytest.mark.timeout(120)

VIEW = outlook(Variant.OFFICIAL)


def state_of(card) -> int:
    key = StateKey.of(card)
    return flat_state(key.filled, key.upper, key.fifty)


def simulated(card, games: int, seed: int) -> np.ndarray:
    """The Expert's points to come from `card`, played out by the batch simulator."""
    cards = play(Cards.of([card] * games), Variant.OFFICIAL, RandomDice(seed))
    rest = cards.totals - card.total
    return np.bincount(rest, minlength=2048)[:2048] / games


def test_quantile_points_keep_every_lump():
    pmf = np.zeros((1, 60))
    pmf[0, 0], pmf[0, 25], pmf[0, 50] = 0.5, 0.25, 0.25
    points = quantile_points(pmf, 8)[0]
    assert points.tolist() == [0, 0, 0, 0, 25, 25, 50, 50]


def test_open_boxes_and_the_yahtzee_box_from_flat_states():
    open_yahtzee = state_of(card_without({C.YAHTZEE, C.CHANCE}, {}))
    zero = state_of(card_without({C.CHANCE}, {C.YAHTZEE: 0}))
    fifty = state_of(card_without({C.CHANCE, C.ONES}, {C.YAHTZEE: 50}))
    states = np.array([open_yahtzee, zero, fifty])
    assert open_boxes(states).tolist() == [2, 1, 2]
    assert yahtzee_state(states).tolist() == [0, 1, 2]


def test_learnt_shapes_are_standardised_and_binned_by_skewness():
    rng = np.random.default_rng(4)
    state = state_of(card_without({C.YAHTZEE, C.CHANCE, C.FOURS, C.SIXES}, {}))
    n = 20_000
    skew = np.where(np.arange(n) < n // 2, 0.0, 1.0)  # two kinds of state, told by skewness
    rest = np.where(skew > 0, rng.exponential(10.0, n), rng.normal(0.0, 10.0, n)) + 50.0
    edges, shapes = build_shapes(
        np.full(n, state), rest, lambda s: (np.full(len(s), 50.0), np.full(len(s), 10.0), skew)
    )
    row = shapes[4, 0, :2]  # two kinds of skewness: two bins
    assert np.isfinite(row).all() and np.isnan(shapes[4, 0, 2:]).all()
    assert np.allclose(row.mean(axis=1), 0.0) and np.allclose(row.std(axis=1), 1.0)
    assert np.array_equal(shapes[6, 0, :2], row)  # two boxes more open: borrowed
    assert np.isnan(shapes[7]).all() and np.isnan(shapes[4, 1:]).all()  # too far, or unseen
    low = shape_points(
        np.array([state]), np.array([100.0]), np.array([5.0]), np.array([0.0]), edges, shapes
    )
    high = shape_points(
        np.array([state]), np.array([100.0]), np.array([5.0]), np.array([1.0]), edges, shapes
    )
    assert low.mean() == pytest.approx(100.0) and low.std() == pytest.approx(5.0)
    assert np.median(low) == pytest.approx(100.0, abs=0.3)  # the normal's: symmetric
    assert np.median(high) < 98.5  # the exponential's: most below the mean


def test_three_open_boxes_are_exact_to_the_quantile():
    """The shipped quantile points against the distribution played out by the batch simulator:
    every quantile within sampling error, where the gamma of the same moments is far off."""
    card = card_without({C.YAHTZEE, C.LARGE_STRAIGHT, C.FULL_HOUSE}, {C.ONES: 3})
    state = state_of(card)
    tables = spread_tables(Variant.OFFICIAL)
    row = tables.quantile_index.reshape(-1)[state]
    assert row >= 0
    points = tables.quantiles[row]
    assert len(points) == QUANTILE_POINTS
    sim = np.cumsum(simulated(card, 40_000, seed=5))
    model = np.cumsum(points_to_pmf(points[None].astype(np.float64), 2048)[0])
    gamma = np.cumsum(points_to_pmf(gamma_points(*VIEW.moments(np.array([state]))), 2048)[0])
    assert np.abs(model - sim).max() < 0.01
    assert np.abs(gamma - sim).max() > 0.1


def test_learnt_shapes_fit_the_upper_tail_better_than_the_gamma():
    """Eight boxes open, the Yahtzee box among them: the chance of ending 1 to 2 sd above
    the mean, model against the Expert's play (the batch simulator)."""
    card = card_without(
        {C.YAHTZEE, C.SIXES, C.FIVES, C.FOURS, C.FULL_HOUSE, C.SMALL_STRAIGHT, C.CHANCE, C.THREES},
        {C.ONES: 3, C.TWOS: 6},
    )
    state = state_of(card)
    mean, sd, skew = VIEW.moments(np.array([state]))
    assert open_boxes(np.array([state]))[0] == 8
    model = VIEW.remaining(np.array([state]), 2048)[0]
    gamma = points_to_pmf(gamma_points(mean, sd, skew), 2048)[0]
    sim = simulated(card, 40_000, seed=6)
    x = np.arange(2048)
    for k in (1.0, 1.5, 2.0):
        above = x >= mean[0] + k * sd[0]
        truth = sim[above].sum()
        assert abs(model[above].sum() - truth) < abs(gamma[above].sum() - truth)
    assert model.sum() == pytest.approx(1.0)


def test_points_to_come_follow_each_card_from_every_turn_start():
    states, rest = points_to_come(50, Variant.OFFICIAL, seed=3)
    final = simulate(50, Variant.OFFICIAL, seed=3).totals  # the same games
    assert states.shape == rest.shape == (50, 13)
    assert (states[:, 0] == 0).all() and np.array_equal(rest[:, 0], final)
    assert (open_boxes(states) == 13 - np.arange(13)).all()  # a box a turn
    assert (np.diff(rest, axis=1) <= 0).all() and (rest[:, -1] >= 0).all()
