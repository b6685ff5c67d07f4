"""A missing or damaged spread table: a clear error naming the build command, never a build.

The spread tables take minutes to build (game.ai.tablemaker.spread, with the batch simulator), so
the game reads them and nothing else (tests/test_architecture.py keeps the builder out of its
imports). Without them the win chances fail with the command that makes them; what stands on
them goes on without: the Champion plays as the Expert, the hint has no move to win, the
review no chances to win.
"""

from __future__ import annotations

import logging

import pytest

from game.ai.coach.advice import win_advice
from game.ai.coach.win_review import costliest_for_win, win_track
from game.ai.exact.tables import TableError
from game.ai.levels.strategies import make_strategy, preload
from game.ai.winning import points_to_come
from game.ai.winning import tables as spread
from game.ai.winning.chances import win_chances
from game.rules import Game, GameConfig, Phase, Variant

pytestmark = pytest.mark.timeout(60)  # a build would take minutes: fail instead

COMMAND = "python -m game.ai.tablemaker --variant {} --only spread"


def test_a_missing_spread_file_is_an_error_naming_the_build_command(tmp_path):
    with pytest.raises(TableError) as raised:
        spread.spread_tables(Variant.OFFICIAL, directory=tmp_path)
    message = str(raised.value)
    assert str(tmp_path / "official-spread.npz") in message and "does not exist" in message
    assert COMMAND.format("official") in message


def test_a_damaged_spread_file_is_an_error_naming_the_build_command(tmp_path):
    spread.spread_path(Variant.YATZY, tmp_path).write_bytes(b"not a zip of arrays")
    with pytest.raises(TableError) as raised:
        spread.spread_tables(Variant.YATZY, directory=tmp_path)
    assert "cannot be read" in str(raised.value)
    assert COMMAND.format("yatzy") in str(raised.value)


@pytest.fixture
def no_spread_tables(tmp_path, monkeypatch):
    """The game's assets without spread tables (an empty folder where it looks for them)."""
    monkeypatch.setattr(spread, "TABLE_DIR", tmp_path)
    spread._spreads.clear()
    points_to_come._outlooks.clear()
    yield
    monkeypatch.undo()
    spread._spreads.clear()
    points_to_come._outlooks.clear()


def two_player_game() -> Game:
    """A two-player game with the first dice of the first turn on the table."""
    game = Game.new(GameConfig(("Ann", "Ben")), seed=3)
    expert = make_strategy("expert", 1)
    while game.state.phase is not Phase.TURN or game.state.dice is None:
        game.apply(expert.choose(game.state))
    return game


def test_the_win_chances_fail_at_once_naming_the_command(no_spread_tables):
    with pytest.raises(TableError, match=COMMAND.format("official")):
        win_chances(two_player_game().state)


def test_the_champion_plays_as_the_expert_and_says_why_once(no_spread_tables, caplog):
    game = two_player_game()
    champion, expert = make_strategy("champion", 7), make_strategy("expert", 7)
    with caplog.at_level(logging.WARNING):
        preload(Variant.OFFICIAL, ["champion"])
        for _ in range(30):
            action = champion.choose(game.state)
            assert action == expert.choose(game.state)
            game.apply(action)
    said = [
        r.getMessage() for r in caplog.records if "the Champion plays as the Expert" in r.message
    ]
    assert len(said) == 1 and COMMAND.format("official") in said[0]


def test_the_hint_has_no_move_to_win_and_the_review_no_chances(no_spread_tables):
    game = two_player_game()
    advice = win_advice(game.state)
    assert not advice.differ and advice.rival is None and advice.need is None
    for _ in range(20):
        game.apply(make_strategy("hard", 2).choose(game.state))
    config, log = game.config, list(game.log)
    assert win_track(config, game.start_rng, log, 0) is None
    assert costliest_for_win(config, game.start_rng, log, 0, (0, 1)) == {}
