"""The win-chance model: distributions of the points to come, and chances at the table."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from game.ai.exact.solver import StateKey
from game.ai.exact.tables import value_table
from game.ai.tablemaker.spread import save_spread
from game.ai.winning.chances import tie_shares, win_chances, win_curve, win_shares
from game.ai.winning.points_to_come import gamma_points, outlook, points_to_pmf
from game.ai.winning.shape import QUANTILE_POINTS
from game.ai.winning.tables import (
    EXACT_LENGTH,
    SpreadTables,
    TableError,
    read_spread,
    shape_arrays,
    spread_tables,
)
from game.ai.winning.turn import flat_state
from game.rules import Category as C
from game.rules import (
    GameConfig,
    GameResult,
    GameState,
    Phase,
    Scorecard,
    StartOrder,
    TeamMode,
    Variant,
)
from tests.ai.helpers import card_without

pytestmark = pytest.mark.timeout(60)

VIEW = outlook(Variant.OFFICIAL)
#: Three-of-a-kind-free odds: a Yahtzee within a turn, keeping the most common face
#: (the classic 2,783,176 / 60,466,176), which is what the Expert does with only the box left.
YAHTZEE_IN_A_TURN = 2_783_176 / 60_466_176


def state_of(card) -> int:
    key = StateKey.of(card)
    return flat_state(key.filled, key.upper, key.fifty)


def table_state(cards, column=0, dice=None, rolls_left=3, games=1, results=(), teams=()):
    players = tuple(f"p{i}" for i in range(len(cards)))
    config = GameConfig(
        players,
        start=StartOrder.SEATED,
        games=games,
        team_mode=TeamMode.COMBINED if teams else TeamMode.OFF,
        teams=teams,
    )
    state, _ = GameState.new(config)
    return dataclasses.replace(
        state,
        phase=Phase.TURN,
        cards=tuple(cards),
        order=tuple(range(len(cards))),
        turn=column,
        dice=dice,
        rolls=3 - rolls_left if dice is not None else 0,
        results=results,
    )


# ----------------------------------------------------------------------------- distributions
def test_only_the_yahtzee_box_left_is_fifty_points_with_the_classic_odds():
    card = card_without({C.YAHTZEE}, {C.ONES: 3})  # no bonus possible, Yahtzee box open
    pmf = VIEW.exact(state_of(card))
    assert pmf[50] == pytest.approx(YAHTZEE_IN_A_TURN, abs=1e-7)
    assert pmf[0] == pytest.approx(1 - YAHTZEE_IN_A_TURN, abs=1e-7)
    assert pmf.sum() == pytest.approx(1.0)


def test_exact_distributions_have_the_value_tables_mean_and_the_spread_tables_sd():
    """Two computations that share only the turn rules: distributions and raw moments."""
    tables = spread_tables(Variant.OFFICIAL)
    values = value_table(Variant.OFFICIAL).values.reshape(-1)
    index = tables.exact_index.reshape(-1)
    sd = tables.spread[..., 0].reshape(-1)
    rng = np.random.default_rng(3)
    states = rng.choice(np.flatnonzero(index > 0), 200, replace=False)
    points = np.arange(EXACT_LENGTH)
    for state in states:
        pmf = tables.exact[index[state]].astype(np.float64)
        mean = points @ pmf
        assert mean == pytest.approx(values[state], abs=2e-3)
        assert np.sqrt(((points - mean) ** 2) @ pmf) == pytest.approx(sd[state], abs=2e-3)


def test_the_empty_card_spread_is_the_experts_known_sd():
    spread = spread_tables(Variant.OFFICIAL).spread[0, 0, 0]
    assert spread[0] == pytest.approx(59.6076, abs=1e-3)  # the Expert's sd of 59.6
    assert spread[1] == pytest.approx(1.5878, abs=1e-3)  # skewed right: the bonus chips


def test_gamma_points_keep_mean_and_sd_and_bend_with_skewness():
    for skew in (0.0, 1.0, -1.0):
        points = gamma_points(np.array(100.0), np.array(20.0), np.array(skew))
        assert points.mean() == pytest.approx(100.0, abs=0.2)
        assert points.std() == pytest.approx(20.0, rel=0.03)
    right = gamma_points(np.array(100.0), np.array(20.0), np.array(1.0))
    assert np.median(right) < 100.0  # the long tail is to the right


def test_points_to_pmf_splits_a_point_between_its_neighbours():
    pmf = points_to_pmf(np.array([[2.25, 5.0]]), 8)[0]
    assert pmf.tolist() == [0, 0, 0.375, 0.125, 0, 0.5, 0, 0]


# ----------------------------------------------------------------------------- shares
def test_win_shares_split_ties_and_count_what_beats_what():
    def at(*points):
        pmf = np.zeros(6)
        for p in points:
            pmf[p] += 1 / len(points)
        return pmf

    assert win_shares(np.stack([at(3), at(2)])).tolist() == [1.0, 0.0]
    assert win_shares(np.stack([at(3), at(3)])).tolist() == [0.5, 0.5]
    assert win_shares(np.stack([at(3), at(3), at(3)])) == pytest.approx([1 / 3] * 3)
    # A is 1 or 5, B is 3: half each. With C also 5 half the time, A's 5 ties C's 5.
    assert win_shares(np.stack([at(1, 5), at(3)])).tolist() == [0.5, 0.5]
    shares = win_shares(np.stack([at(1, 5), at(3), at(0, 5)]))
    assert shares == pytest.approx([0.25 + 0.125, 0.25, 0.25 + 0.125])


def test_tie_shares_against_nobody_is_a_sure_win():
    assert tie_shares(np.zeros((0, 4))).tolist() == [1.0, 1.0, 1.0, 1.0]


# ----------------------------------------------------------------------------- the table
def test_equal_seats_have_equal_chances():
    for seats in (2, 3, 4):
        chances = win_chances(table_state([Scorecard()] * seats))
        assert chances.game == pytest.approx([1 / seats] * seats, abs=1e-12)
        assert sum(chances.game) == pytest.approx(1.0)


def test_last_turn_with_dice_showing_is_exact():
    """A needs a Yahtzee to pass B: four sixes showing, two rolls left: 1 - (5/6)^2."""
    a = card_without({C.YAHTZEE}, {C.CHANCE: 10})  # 10 points, Yahtzee box open
    b = card_without(set(), {C.CHANCE: 30})  # done on 30
    for dice, rolls_left, chance in (
        ((6, 6, 6, 6, 1), 2, 11 / 36),
        ((6, 6, 6, 6, 1), 1, 1 / 6),
        ((6, 6, 6, 6, 1), 0, 0.0),
        ((6, 6, 6, 6, 6), 0, 1.0),
    ):
        chances = win_chances(table_state([a, b], 0, dice, rolls_left))
        assert chances.game[0] == pytest.approx(chance, abs=1e-12)
        assert chances.game[1] == pytest.approx(1 - chance, abs=1e-12)


def test_a_tie_on_the_last_turn_counts_half():
    a = card_without({C.CHANCE}, {C.ONES: 3})  # 3 points, Chance open
    b = card_without(set(), {C.ONES: 3, C.CHANCE: 30})  # 33
    dice = (6, 6, 6, 6, 6)  # 30 in Chance: 33 all, or a Joker elsewhere? Only Chance is open
    chances = win_chances(table_state([a, b], 0, dice, 0))
    assert chances.game == pytest.approx((0.5, 0.5))


def test_chances_add_up_to_one_and_a_lead_counts():
    ahead = card_without({C.CHANCE, C.YAHTZEE, C.SIXES}, {C.FULL_HOUSE: 25, C.FOURS: 12})
    behind = card_without({C.CHANCE, C.YAHTZEE, C.SIXES}, {C.FOURS: 12})
    chances = win_chances(table_state([ahead, behind]))
    assert sum(chances.game) == pytest.approx(1.0)
    assert 0.7 < chances.game[0] < 0.95


def test_match_chances_count_finished_games_and_games_to_come():
    cards = (Scorecard(), Scorecard())
    done = GameResult(cards, (300, 200), (0,))
    chances = win_chances(table_state(cards, games=2, results=(done,)))
    assert chances.game == pytest.approx((0.5, 0.5))
    assert sum(chances.match) == pytest.approx(1.0)
    assert chances.match[0] > 0.85  # 100 points ahead with one game of sd 60 each to go


def test_combined_teams_add_their_members_cards():
    # Players 0 and 2 are team 0, 1 and 3 team 1: the first team is 50 points up.
    up = card_without({C.CHANCE}, {C.YAHTZEE: 50})
    even = card_without({C.CHANCE}, {})
    chances = win_chances(table_state([up, even, even, even], teams=(0, 1, 0, 1)))
    assert len(chances.game) == 2
    assert chances.game[0] > 0.99


def test_win_curve_is_the_chance_for_each_final_total():
    b = card_without(set(), {C.CHANCE: 30})  # done on 30
    a = card_without({C.CHANCE}, {})
    curve = win_curve(table_state([a, b]), 0)
    assert curve[29] == 0.0 and curve[30] == 0.5 and curve[31] == 1.0


# ----------------------------------------------------------------------------- the files
def test_spread_file_round_trip_and_damage(tmp_path):
    tables = SpreadTables(
        np.zeros((8192, 64, 2, 2), np.float32),
        np.zeros((8192, 64, 2), np.int32),
        np.zeros((1, EXACT_LENGTH), np.float32),
        np.zeros((8192, 64, 2), np.int32),
        np.zeros((1, QUANTILE_POINTS), np.uint16),
        np.zeros(shape_arrays(Variant.OFFICIAL)[0], np.float32),
        np.zeros(shape_arrays(Variant.OFFICIAL)[1], np.float32),
    )
    path = tmp_path / "official-spread.npz"
    save_spread(path, Variant.OFFICIAL, tables)
    first = path.read_bytes()
    save_spread(path, Variant.OFFICIAL, tables)
    assert path.read_bytes() == first  # the same tables, the same bytes
    read = read_spread(path, Variant.OFFICIAL)
    assert np.array_equal(read.exact, tables.exact)
    with pytest.raises(TableError, match="holds the official spread"):
        read_spread(path, Variant.FREE)
    pointing = dataclasses.replace(tables, quantile_index=np.ones((8192, 64, 2), np.int32))
    save_spread(path, Variant.OFFICIAL, pointing)
    with pytest.raises(TableError, match="points past"):
        read_spread(path, Variant.OFFICIAL)
    save_spread(path, Variant.OFFICIAL, tables)
    path.write_bytes(first[: len(first) // 2])
    with pytest.raises(TableError, match="cannot be read"):
        read_spread(path, Variant.OFFICIAL)
    with pytest.raises(TableError, match="does not exist"):
        read_spread(tmp_path / "none.npz", Variant.OFFICIAL)
