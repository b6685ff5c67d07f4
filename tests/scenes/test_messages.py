"""The message line's sentences, exactly."""

from __future__ import annotations

import pytest

from game.rules import Category, GameConfig, StartOrder
from game.rules import events as ev
from game.scenes.table.messages import describe, progress

CONFIG = GameConfig(("Bob", "You"))


@pytest.mark.parametrize(
    "event, text",
    [
        (
            ev.Scored(0, 0, Category.THREE_OF_A_KIND, 28, (6, 6, 6, 5, 5), False, False),
            "Bob scored 28 in Three of a Kind",
        ),
        (
            ev.Scored(1, 1, Category.FULL_HOUSE, 25, (4,) * 5, True, True),
            "Yahtzee bonus +100! You scored 25 in Full House",
        ),
        (
            ev.Scored(0, 0, Category.CHANCE, 20, (4,) * 5, True, False),
            "Bob scored 20 in Chance (Joker)",
        ),
        (ev.Scored(0, 0, Category.YAHTZEE, 50, (2,) * 5, False, False), "YAHTZEE! Bob scored 50"),
        (ev.UpperBonusEarned(1), "Upper bonus for You: +35!"),
        (ev.RollOffRolled(0, 0, (6, 6, 5, 1, 2)), "Bob rolled 20 for the start"),
        (ev.RollOffTied((0, 1), 22), "Bob and You tied on 22: they roll again"),
        (ev.OrderDecided((1, 0)), "First to play: You"),
        (ev.GameOver(0, (180, 201), (1,)), "You win with 201!"),
        (ev.GameOver(0, (230, 201), (0,)), "Bob wins with 230!"),
        (ev.GameOver(0, (201, 201), (0, 1)), "Shared win on 201: Bob and You"),
        (ev.HoldChanged(2, True), None),
    ],
)
def test_sentences(event, text):
    assert describe(event, CONFIG) == text


def test_progress_tells_the_turn_and_the_game_of_the_match():
    from game.rules import Game, Roll, Score

    game = Game.new(GameConfig(("Bob", "You"), games=3, start=StartOrder.SEATED), seed=4)
    assert progress(game.state) == "Turn 1 of 13 · Game 1 of 3"
    for _player in range(2):  # both seats play their first turn
        game.apply(Roll())
        game.apply(Score(Category.CHANCE))
    assert progress(game.state) == "Turn 2 of 13 · Game 1 of 3"
    solo = Game.new(GameConfig(("You",)), seed=4)
    assert progress(solo.state) == "Turn 1 of 13"
