"""Paces: each seat's expected points lost per box, and what they do to the win chances."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np
import pytest

from game.ai.exact.options import Keep
from game.ai.levels.champion import WinOutlooks
from game.ai.levels.pace import PRIOR_BOXES, column_paces, level_pace, played_pace
from game.ai.levels.spec import (
    CPU_LEVELS,
    REFERENCE_BOXES,
    REFERENCE_CARD,
    LevelSpec,
    Personality,
)
from game.ai.levels.strategies import make_strategy
from game.ai.winning.chances import win_chances, win_curve
from game.ai.winning.paced import paced
from game.match.seats import Seat
from game.match.session import Session
from game.rules import (
    AMERICAN,
    YATZY,
    Category,
    Game,
    GameConfig,
    Roll,
    Score,
    StartOrder,
    TeamMode,
    Variant,
)
from game.rules.cards import CARDS

pytestmark = pytest.mark.timeout(120)

PAIR = GameConfig(("a", "b"), start=StartOrder.SEATED)


@dataclass(frozen=True)
class Graded:  # what column_paces reads of a game.ai.coach.advice.Decision
    player: int
    cost: float
    chosen: object


def test_a_level_loses_its_measured_points_per_box_and_a_person_has_no_level():
    assert level_pace("beginner") == pytest.approx(79.04 / 13)
    assert level_pace("beginner", YATZY) == pytest.approx(109.10 / 15)  # fifteen boxes
    assert level_pace("beginner", AMERICAN, True) == pytest.approx(43.39 / 13)  # forced order
    assert level_pace("expert") == level_pace("champion", YATZY, True) == 0.0
    assert level_pace("person") is None
    measured = set.intersection(*(set(level.lost_per_game) for level in CPU_LEVELS))
    assert len(measured) == 4  # both cards, both orders
    for key in measured:  # on every card and order, each level loses less than the one below
        lost = [level.lost_per_game[key] for level in CPU_LEVELS]
        assert lost == sorted(lost, reverse=True) and lost[:4] == sorted(set(lost[:4]))[::-1]


def test_a_level_without_a_measured_pace_on_the_reference_card_is_refused():
    """Left out, it would silently have been taken for a person (the Expert's pace at first)."""
    with pytest.raises(ValueError, match="needs a measured pace on the reference card"):
        LevelSpec(
            "new",
            "New",
            "CPU New",
            "CPU New: plays anew.",
            Personality(),
            {("american", False): 10.0, ("yatzy", False): 12.0},
        )


def test_a_new_card_gets_every_levels_pace_without_a_change_to_the_levels():
    """PACE_KEYS named the two cards: a third had no pace for any level (KeyError, issue 32)."""
    assert len(CARDS[REFERENCE_CARD].boxes) == REFERENCE_BOXES
    maxi = dataclasses.replace(YATZY, id="maxi")  # a new card: its own id, not measured
    for level in CPU_LEVELS:
        for forced in (False, True):
            per_box = level.lost_per_game[(REFERENCE_CARD, forced)] / REFERENCE_BOXES
            assert level_pace(level.id, maxi, forced) == pytest.approx(per_box)
    assert level_pace("beginner", maxi) == pytest.approx(79.04 / 13)
    assert level_pace("beginner", YATZY) == pytest.approx(109.10 / 15)  # measured: its own


def test_a_table_takes_its_cpus_paces_from_its_own_card_and_order():
    kinds = ["expert", "easy"]
    forced = GameConfig(("a", "b"), variant=Variant.YATZY, forced_order=True)
    assert column_paces(forced, kinds) == pytest.approx((0.0, 26.67 / 15))
    assert column_paces(PAIR, kinds) == pytest.approx((0.0, 39.49 / 13))


def test_a_person_starts_as_the_expert_and_comes_to_their_own_pace():
    assert played_pace(0.0, 0) == 0.0
    # 26 points over one game of 13 boxes: half way from the Expert (0) to 2 a box.
    assert played_pace(26.0, 13) == pytest.approx(26.0 / (13 + PRIOR_BOXES)) == 1.0
    assert played_pace(260.0, 130) == pytest.approx(2.0 * 10 / 11)  # ten games: 91%


def test_column_paces_count_costs_and_boxes_scored_per_player():
    score, keep = Score(Category.CHANCE), Keep((6, 6))
    decisions = [Graded(0, 3.0, keep), Graded(0, 1.0, score), Graded(1, 0.5, score)]
    paces = column_paces(PAIR, ["person", "person"], decisions)
    assert paces == pytest.approx((4.0 / (1 + PRIOR_BOXES), 0.5 / (1 + PRIOR_BOXES)))
    before = {0: (52.0, 26)}  # two earlier games, 26 points lost
    paces = column_paces(PAIR, ["person", "medium"], decisions, before)
    assert paces == pytest.approx((56.0 / (27 + PRIOR_BOXES), 20.53 / 13))


def test_a_writing_team_column_plays_at_its_players_mean_pace():
    config = GameConfig(("a", "b", "c", "d"), teams=(0, 0, 1, 1), team_mode=TeamMode.SHARED)
    paces = column_paces(config, ["beginner", "expert", "easy", "easy"])
    assert paces == pytest.approx((79.04 / 26, 39.49 / 13))


@pytest.mark.parametrize("pace, boxes", [(0.7, 3), (2.0, 5), (6.0, 13)])
def test_paced_points_keep_the_shape_and_lower_the_mean_exactly(pace, boxes):
    rng = np.random.default_rng(3)
    rest = rng.random(300)
    rest /= rest.sum()
    points = np.arange(len(rest))
    slow = paced(rest, pace, boxes)
    assert slow.sum() == pytest.approx(1.0)
    assert np.arange(len(slow)) @ slow == pytest.approx(points @ rest - pace * boxes)
    assert len(slow) < len(rest)  # scaled down, not shifted: nothing goes below 0


def test_no_pace_or_no_box_leaves_the_points_alone_and_a_hopeless_pace_scores_nothing():
    rest = np.array([0.5, 0.0, 0.0, 0.5])
    assert paced(rest, 0.0, 3) is rest
    assert paced(rest, 1.0, 0) is rest
    assert paced(rest, 5.0, 3).tolist() == [1.0]  # a mean of 1.5 cannot lose 15


# Head to head, 20,000 games per pair, seed 1 (the README's level table: `python -m
# game.tools.sim --players expert,hard --games 20000 --seed 1` and so on); a standard error
# of 0.35 points each.
HEAD_TO_HEAD = [
    ("expert", "hard", 0.542),
    ("hard", "medium", 0.601),
    ("medium", "easy", 0.628),
    ("easy", "beginner", 0.780),
]


@pytest.mark.parametrize("stronger, weaker, measured", HEAD_TO_HEAD)
def test_the_chance_on_empty_cards_is_the_measured_head_to_head(stronger, weaker, measured):
    state = Game.new(PAIR, seed=1).state
    paces = column_paces(PAIR, [stronger, weaker])
    chances = win_chances(state, paces).game
    assert chances[0] == pytest.approx(measured, abs=0.015)
    assert win_chances(state).game[0] == pytest.approx(0.5)  # as Experts: even


def test_win_chances_want_one_pace_per_column():
    state = Game.new(PAIR, seed=1).state
    with pytest.raises(ValueError, match="one pace per column"):
        win_chances(state, (0.0,))


def test_a_match_counts_the_games_to_come_at_each_pace():
    config = GameConfig(("a", "b"), start=StartOrder.SEATED, games=3)
    state = Game.new(config, seed=1).state
    one = win_chances(Game.new(PAIR, seed=1).state, (0.0, 1.5)).game[0]
    three = win_chances(state, (0.0, 1.5)).match[0]
    assert 0.5 < one < three  # the edge grows with the games


def test_the_champion_plays_against_the_tables_paces():
    game = Game.new(PAIR, seed=4)
    game.apply(Roll())
    state = game.state
    asked = []

    def paces(seen):
        asked.append(seen)
        return (0.0, 6.0)

    champion = make_strategy("champion", 1, paces)
    champion.choose(state)
    assert asked and asked[0] is state
    # Against a slow second seat the first is likelier to win from any final total.
    fast, slow = win_curve(state, 0), win_curve(state, 0, (0.0, 6.0))
    assert (slow >= fast - 1e-12).all() and slow[200] > fast[200] + 0.05
    cache = WinOutlooks()
    assert cache.get(state, (0.0, 6.0)) is not cache.get(state)


def test_a_session_paces_a_cpu_by_its_level_and_a_person_as_they_have_played():
    seats = (Seat("Ann", profile="Ann"), Seat("Robo", "beginner", colour=1))
    session = Session.new(PAIR, seats, seed=2, played_before={0: (26.0, 13)})
    assert session.paces() == pytest.approx((26.0 / (13 + PRIOR_BOXES), 79.04 / 13))
    session.apply(Roll())
    options = session.state.score_options()
    session.apply(Score(min(options, key=lambda c: (options[c], c.value))))  # a poor score
    cost = session.decisions[-1].cost
    assert cost > 0
    assert session.paces()[0] == pytest.approx((26.0 + cost) / (14 + PRIOR_BOXES))


def test_a_sessions_champion_asks_the_session_for_the_paces():
    seats = (Seat("Ann", profile="Ann"), Seat("Champ", "champion", colour=1))
    session = Session.new(PAIR, seats, seed=2, played_before={0: (52.0, 13)})
    champion = session.strategy(1)
    assert champion._paces(session.state) == session.paces() == (2.0, 0.0)


def test_the_coachs_to_win_advice_weighs_the_rival_at_its_pace():
    from game.ai.coach.advice import win_advice

    game = Game.new(PAIR, seed=6)
    game.apply(Roll())
    state = game.state
    as_expert = win_advice(state)
    slow = win_advice(state, (0.0, 3.0))
    assert slow.rival.total == pytest.approx(as_expert.rival.total - 3.0 * 13, abs=1)
    assert slow.need == pytest.approx(as_expert.need - 3.0 * 13, abs=1)
    assert slow.chance_to_win > as_expert.chance_to_win + 0.1
