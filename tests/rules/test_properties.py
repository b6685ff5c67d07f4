"""Hypothesis properties of cards, legal actions, whole random games and JSON round trips."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import (
    CATEGORIES,
    Game,
    GameConfig,
    Hold,
    IllegalAction,
    NextGame,
    Release,
    Roll,
    Score,
    Scorecard,
    Stand,
    StartOrder,
    TeamMode,
    Variant,
    score_options,
    state_from_dict,
    state_to_dict,
)
from game.rules.scorecard import MAX_BONUS_CHIPS
from game.rules.variants import Extra

EVERY_ACTION = (
    [Roll(), Stand(), NextGame()]
    + [Hold(i) for i in range(5)]
    + [Release(i) for i in range(5)]
    + [Score(c) for c in CATEGORIES]
)

dice_st = st.tuples(*[st.integers(1, 6)] * 5)
variant_st = st.sampled_from(list(Variant))


@st.composite
def configs(draw):
    players = draw(st.integers(1, 5))
    names = tuple(f"P{i}" for i in range(players))
    mode = draw(st.sampled_from(list(TeamMode))) if players >= 2 else TeamMode.OFF
    teams = ()
    if mode is not TeamMode.OFF:
        teams = tuple(i % 2 for i in range(players))
    return GameConfig(
        names,
        variant=draw(variant_st),
        team_mode=mode,
        teams=teams,
        start=draw(st.sampled_from(list(StartOrder))),
        tie_breaker=draw(st.booleans()),
        games=draw(st.integers(1, 2)),
        forced_order=draw(st.booleans()),
    )


@settings(max_examples=300, deadline=None)
@given(
    variant_st,
    st.booleans(),
    st.lists(st.tuples(dice_st, st.integers(0, 14)), min_size=15, max_size=15),
)
def test_a_completed_card_totals_its_parts_and_stays_under_the_maximum(variant, forced, turns):
    kind = variant.card
    card = Scorecard.empty(kind)
    for dice, pick in turns[: len(kind.boxes)]:
        options = sorted(score_options(dice, card, variant, forced), key=kind.index)
        if forced:
            assert list(options) == [card.next_open]
        card = card.fill(options[pick % len(options)], dice, variant, forced)
    assert card.is_complete
    upper = sum(card[c] for c in kind.upper)
    lower = sum(card[c] for c in kind.lower)
    bonus = kind.upper_bonus if upper >= 63 else 0
    assert card.total == upper + bonus + lower + kind.chip_points * card.bonus_chips
    chips_allowed = MAX_BONUS_CHIPS if kind.has_chips and variant.extra is not Extra.NONE else 0
    assert card.bonus_chips <= chips_allowed
    assert card.total <= kind.max_total
    assert Scorecard.from_dict(card.to_dict(), kind) == card


@settings(max_examples=60, deadline=None)
@given(configs(), st.integers(0, 2**32 - 1))
def test_legal_actions_are_exactly_the_accepted_ones_and_games_end_full(config, seed):
    game = Game.new(config, seed=seed)
    chooser = random.Random(seed)
    steps = 0
    while not game.state.is_over:
        state = game.state
        legal = state.legal_actions()
        assert legal, state.phase
        for action in EVERY_ACTION:
            probe = random.Random(0)
            if action in legal:
                state.apply(action, probe)
            else:
                try:
                    state.apply(action, probe)
                except IllegalAction as refusal:
                    assert str(refusal)
                else:
                    raise AssertionError(f"{action} accepted but not offered in {state.phase}")
        game.apply(chooser.choice(legal))
        steps += 1
        assert steps < 20_000
    for result in game.state.results:
        assert all(card.is_complete for card in result.cards)
    assert len(game.state.results) == config.games


@settings(max_examples=40, deadline=None)
@given(configs(), st.integers(0, 2**32 - 1), st.integers(0, 400))
def test_states_and_games_round_trip_through_json(config, seed, stop):
    game = Game.new(config, seed=seed)
    chooser = random.Random(seed)
    for _ in range(stop):
        if game.state.is_over:
            break
        game.apply(chooser.choice(game.legal_actions()))
    state_json = json.loads(json.dumps(state_to_dict(game.state)))
    assert state_from_dict(state_json) == game.state
    game_json = json.loads(json.dumps(game.to_dict()))
    again = Game.from_dict(game_json)
    assert again.state == game.state and again.log == game.log
    # The restored game continues with the same dice for the same choices.
    if not game.state.is_over:
        action = game.legal_actions()[0]
        assert again.apply(action) == game.apply(action)
