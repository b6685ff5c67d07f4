"""The win-chance calibration: its arithmetic, and a small run through the runner's seating."""

from __future__ import annotations

import numpy as np
import pytest

from game.tools import sim
from game.tools.calibration import Seating, calibrate, collect

pytestmark = pytest.mark.timeout(120)


def test_calibration_bins_predictions_and_weighs_the_gaps():
    result = calibrate(np.array([0.05, 0.05, 0.95, 0.95, 1.0]), np.array([0, 1, 1, 1, 1.0]))
    assert result.counts == (2, 0, 0, 0, 0, 0, 0, 0, 0, 3)  # 100 % goes in the top bin
    assert result.predicted[0] == pytest.approx(0.05)
    assert result.observed[0] == pytest.approx(0.5)
    assert result.observed[9] == pytest.approx(1.0)
    # |0.1 - 1| over bin 0 and |2.9 - 3| over bin 9, out of 5 predictions, in points.
    assert result.ece == pytest.approx(100 * (0.9 + 0.1) / 5)
    assert result.brier == pytest.approx((0.05**2 + 0.95**2 + 0.05**2 + 0.05**2) / 5)


def test_every_turn_start_gives_each_seat_a_chance_and_the_game_its_outcome():
    how = Seating(sim.seat_order, sim.derive_seed)
    predicted, observed = collect(("expert", "expert"), 2, 5, how)
    assert len(predicted) == len(observed) == 2 * 26 * 2  # games x turn starts x seats
    pairs = predicted.reshape(-1, 2)
    assert np.allclose(pairs.sum(axis=1), 1.0)
    assert pairs[0].tolist() == [0.5, 0.5]  # the first turn start: two empty cards
    outcomes = observed.reshape(2, 26, 2)
    assert (outcomes == outcomes[:, :1]).all()  # one outcome per game, at every turn start
    assert np.allclose(outcomes.sum(axis=2), 1.0)
