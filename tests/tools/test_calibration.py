"""The win-chance calibration: its arithmetic, and a small run through the runner's seating."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from game.ai.tablemaker.batch import turn_starts
from game.ai.winning.chances import win_chances
from game.ai.winning.points_to_come import GRID, outlook
from game.rules import GameConfig, GameState, Phase, StartOrder, Variant
from game.tools import tournament
from game.tools.calibration import (
    PACES,
    Seating,
    by_player,
    calibrate,
    collect,
    collect_batch,
    table_chances,
)
from tests.heavy import HEAVY_TIMEOUT

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
    how = Seating(tournament.seat_order, tournament.derive_seed)
    predicted, observed = collect(("expert", "expert"), 2, 5, how)
    assert len(predicted) == len(observed) == 2 * 26 * 2  # games x turn starts x seats
    pairs = predicted.reshape(-1, 2)
    assert np.allclose(pairs.sum(axis=1), 1.0)
    assert pairs[0] == pytest.approx([0.5, 0.5], abs=1e-12)  # the first: two empty cards
    outcomes = observed.reshape(2, 26, 2)
    assert (outcomes == outcomes[:, :1]).all()  # one outcome per game, at every turn start
    assert np.allclose(outcomes.sum(axis=2), 1.0)


def test_a_table_of_experts_is_worked_out_from_the_batch_simulator_as_the_table_shows_it():
    """The batch path's chances are win_chances' for the very same cards."""
    states, totals = turn_starts(3, Variant.OFFICIAL, seed=8)  # three seats' cards
    seats = np.arange(3)
    played = np.array([6, 5, 5])  # seat 1 to play round 6: seat 0 has played it
    cards = [scorecard_at(seed=8, card=i, turns=played[i]) for i in range(3)]
    view = outlook(Variant.OFFICIAL)
    rests = [view.remaining(states[i : i + 1, played[i]], GRID) for i in range(3)]
    chances = table_chances(rests, totals[seats, played][None])[0]
    config = GameConfig(("a", "b", "c"), start=StartOrder.SEATED)
    state, _ = GameState.new(config)
    state = dataclasses.replace(
        state, phase=Phase.TURN, cards=tuple(cards), order=(0, 1, 2), turn=3 * 5 + 1
    )
    assert chances == pytest.approx(win_chances(state).game, abs=1e-9)
    assert chances.sum() == pytest.approx(1.0)


def test_the_batch_path_has_the_engine_paths_layout():
    how = Seating(tournament.seat_order, tournament.derive_seed)
    predicted, observed = collect_batch(2, 3, 5, how)
    assert len(predicted) == len(observed) == 3 * 26 * 2  # games x turn starts x seats
    pairs = predicted.reshape(-1, 2)
    assert np.allclose(pairs.sum(axis=1), 1.0)
    assert pairs[0].tolist() == [0.5, 0.5]  # the first turn start: two empty cards
    outcomes = observed.reshape(3, 26, 2)
    assert (outcomes == outcomes[:, :1]).all()  # one outcome per game, at every turn start
    assert np.allclose(outcomes.sum(axis=2), 1.0)


def scorecard_at(seed: int, card: int, turns: int):
    """Card `card` of turn_starts(3, seed) after `turns` turns, as a Scorecard (the batch
    simulator's play, stopped there)."""
    from game.ai.tablemaker.batch import Cards, _Play
    from game.ai.tablemaker.dice import RandomDice
    from game.ai.tablemaker.policy import expert_policy

    play = _Play(
        Cards.empty(3), Variant.OFFICIAL, RandomDice(seed), expert_policy(Variant.OFFICIAL)
    )
    for _turn in range(turns):
        play.turn()
    return Cards(play.boxes, play.chips).scorecard(card)


@pytest.mark.heavy
@pytest.mark.timeout(HEAVY_TIMEOUT)
def test_taking_seats_at_their_pace_predicts_a_mixed_table_better():
    """Expert against Beginner, 60 games of seed 1 (the same games in every mode): the Brier
    score is lowest with the levels' measured paces, next with paces learnt from each seat's
    own decisions (as for a person), worst with both taken for Experts. Over seeds 1 to 6 the
    order held every time; the gaps here are 0.04 and 0.02."""
    how = Seating(tournament.seat_order, tournament.derive_seed)
    brier = {
        mode: calibrate(*collect(("expert", "beginner"), 60, 1, how, paces=mode)).brier
        for mode in PACES
    }
    assert brier["levels"] < brier["played"] < brier["expert"]


def test_by_player_follows_each_player_round_the_seats():
    """Two games of two players, two turn starts each; the seating turns each game."""
    how = Seating(tournament.seat_order, tournament.derive_seed)
    # Game 0: seats (p0, p1); game 1: seats (p1, p0). Chances per turn start, per seat.
    predicted = np.array([0.8, 0.2, 0.6, 0.4, 0.3, 0.7, 0.1, 0.9])
    observed = np.array([1.0, 0.0, 1.0, 0.0, 0.5, 0.5, 0.5, 0.5])
    each = by_player(predicted, observed, 2, 2, how)
    # p0: 0.7 in game 0 (seat 0) and 0.8 in game 1 (seat 1); won 1 and a half.
    assert each == (pytest.approx((0.75, 0.75)), pytest.approx((0.25, 0.25)))
