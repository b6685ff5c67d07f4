"""Saves carry the card and forced order; saves from before there were two cards still load."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from game.rules import (
    YATZY,
    Game,
    GameConfig,
    Phase,
    Roll,
    Score,
    StartOrder,
    Variant,
    state_from_dict,
    state_to_dict,
)


def _played(config: GameConfig, turns: int, seed: int = 11) -> Game:
    game = Game.new(config, seed=seed)
    while game.state.phase is Phase.ROLL_OFF:
        game.apply(Roll())
    for _i in range(turns):
        game.apply(Roll())
        options = game.state.score_options()
        game.apply(Score(max(options, key=lambda c: (options[c], -config.card.index(c)))))
    game.apply(Roll())
    return game


@pytest.mark.parametrize("forced", [False, True])
def test_a_yatzy_game_round_trips_through_json(forced):
    config = GameConfig(("Ann", "Bob"), variant=Variant.YATZY, forced_order=forced)
    game = _played(config, 9)
    data = json.loads(json.dumps(game.to_dict()))
    assert data["config"]["variant"] == "yatzy" and data["config"]["forced_order"] is forced
    assert {c["card"] for c in data["state"]["cards"]} == {"yatzy"}
    assert all(len(c["boxes"]) == 15 for c in data["state"]["cards"])
    again = Game.from_dict(data)
    assert again.state == game.state and again.log == game.log
    assert again.state.config.forced_order is forced and again.state.card.card is YATZY
    assert again.apply(Roll()) == game.apply(Roll())


def test_a_finished_yatzy_game_round_trips():
    config = GameConfig(("Ann",), variant=Variant.YATZY, start=StartOrder.SEATED)
    game = _played(config, 14)
    options = game.state.score_options()
    game.apply(Score(next(iter(options))))
    assert game.state.is_over
    state = json.loads(json.dumps(state_to_dict(game.state)))
    assert state_from_dict(state) == game.state


def test_saves_from_before_the_second_card_still_load():
    """A save written before cards had names: no 'card' in its cards, no 'forced_order'."""
    game = _played(GameConfig(("Ann", "Bob")), 5)
    data = json.loads(json.dumps(game.to_dict()))
    del data["config"]["forced_order"]
    del data["state"]["config"]["forced_order"]
    for card in data["state"]["cards"]:
        del card["card"]
    again = Game.from_dict(data)
    assert again.state == game.state and not again.state.config.forced_order


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d["state"]["cards"][0].update(card="american"), "a american scorecard in a"),
        (lambda d: d["state"]["cards"][0].update(card="kniffel"), "unknown scorecard 'kniffel'"),
        (lambda d: d["state"]["cards"][0]["boxes"].pop(), "a list of 15 boxes"),
        (lambda d: d["state"]["cards"][0].update(bonus_chips=1), "bonus chips must be 0 to 0"),
        (lambda d: d["config"].update(forced_order="yes"), "forced_order must be true or false"),
    ],
)
def test_bad_yatzy_saves_are_refused_with_a_reason(change, message):
    game = _played(GameConfig(("Ann", "Bob"), variant=Variant.YATZY), 4)
    data = copy.deepcopy(json.loads(json.dumps(game.to_dict())))
    change(data)
    with pytest.raises(ValueError, match=message):
        Game.from_dict(data)


def test_a_yatzy_box_refuses_a_score_it_cannot_hold():
    game = _played(GameConfig(("Ann",), variant=Variant.YATZY, start=StartOrder.SEATED), 3)
    data = state_to_dict(game.state)
    data["cards"][0]["boxes"][YATZY.index(YATZY.boxes[7])] = 13  # Two Pairs: even sums only
    with pytest.raises(ValueError, match="Two Pairs cannot hold 13"):
        state_from_dict(data)


def test_a_state_pickles_with_its_card_by_name():
    """Worker processes receive states by pickle; the card comes back as the same object."""
    game = _played(GameConfig(("Ann",), variant=Variant.YATZY, start=StartOrder.SEATED), 3)
    again = pickle.loads(pickle.dumps(game.state))
    assert again == game.state and again.card.card is YATZY
