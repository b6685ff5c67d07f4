"""Loading bad data gives a clear error and never a half-loaded game."""

from __future__ import annotations

import copy
import json

import pytest

from game.rules import (
    Category,
    Game,
    GameConfig,
    Phase,
    Roll,
    Score,
    state_from_dict,
    state_to_dict,
)


@pytest.fixture
def saved() -> dict:
    game = Game.new(GameConfig(("Ann", "Bob")), seed=5)
    while game.state.phase is Phase.ROLL_OFF:
        game.apply(Roll())
    game.apply(Roll())
    assert game.state.dice != (1, 1, 1, 1, 2)
    return json.loads(json.dumps(game.to_dict()))


def _mutate(data: dict, path: list, value) -> dict:
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    "path, value, message",
    [
        (["format"], 99, "unknown saved game format 99"),
        (["state", "format"], 2, "unknown game state format 2"),
        (["config", "players"], [], "1 to 8 players"),
        (["config", "variant"], "wild", "'wild' is not a valid Variant"),
        (["state", "dice"], [1, 2, 3, 4, 9], "dice holds whole numbers from 1 to 6"),
        (["state", "rolls"], 10**400, "rolls must be a whole number from 0 to 3"),
        (["state", "cards", 0, "boxes", 0], 1e308, "Ones cannot hold 1e\\+308"),
        (["state", "cards", 0, "boxes", 8], 13, "Full House cannot hold 13"),
        (["state", "cards", 0, "boxes", 0], 7, "Ones cannot hold 7"),
        (["state", "held"], "yes", "held must be a list of five"),
        (["log", 0], ["fly"], "not an action"),
        (["start_rng", 1], [1, 2, 3], "not a Mersenne Twister state"),
        (["state", "dice"], [1, 1, 1, 1, 2], "the saved state does not match its action log"),
    ],
)
def test_bad_saved_games_are_refused_with_a_reason(saved, path, value, message):
    with pytest.raises(ValueError, match=message):
        Game.from_dict(_mutate(saved, path, value))


def test_a_log_that_does_not_replay_is_refused(saved):
    bad = copy.deepcopy(saved)
    bad["log"].append(["score", "CHANCE"])
    bad["log"].append(["score", "CHANCE"])
    with pytest.raises(ValueError, match="does not replay"):
        Game.from_dict(bad)


def test_not_even_an_object():
    for junk in (None, [], "game", 3):
        with pytest.raises(ValueError):
            Game.from_dict(junk)
        with pytest.raises(ValueError):
            state_from_dict(junk)


def test_a_state_whose_cards_disagree_with_its_turn_is_refused():
    game = Game.new(GameConfig(("Ann",)), seed=1)
    game.apply(Roll())
    game.apply(Score(Category.CHANCE))
    data = state_to_dict(game.state)
    data["turn"] = 5
    with pytest.raises(ValueError, match="cards do not match"):
        state_from_dict(data)
