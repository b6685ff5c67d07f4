"""The rules of Yahtzee and Yatzy, headless: cards, scoring, the Joker, forced order, turns,
seats, teams, matches.

Pure standard library and deterministic (randomness only from a `random.Random` passed in).
Never imports pygame. The public surface below is what the rest of the game relies on.
"""

from game.rules.actions import (
    Action,
    Hold,
    NextGame,
    Release,
    Roll,
    Score,
    Stand,
    action_from_json,
    action_to_json,
)
from game.rules.cards import AMERICAN, CARDS, YATZY, Card, card_named
from game.rules.cards.american import CATEGORIES, LOWER, UPPER, base_score
from game.rules.categories import Category
from game.rules.config import GameConfig, StartOrder, TeamMode
from game.rules.errors import IllegalAction
from game.rules.game import Game
from game.rules.phase import Phase
from game.rules.scorecard import Scorecard, joker_score, score_options
from game.rules.serial import state_from_dict, state_to_dict
from game.rules.state import ROLLS_PER_TURN, GameResult, GameState
from game.rules.variants import Extra, Variant

__all__ = [
    "AMERICAN",
    "CARDS",
    "CATEGORIES",
    "LOWER",
    "ROLLS_PER_TURN",
    "UPPER",
    "YATZY",
    "Action",
    "Card",
    "Category",
    "Extra",
    "Game",
    "GameConfig",
    "GameResult",
    "GameState",
    "Hold",
    "IllegalAction",
    "NextGame",
    "Phase",
    "Release",
    "Roll",
    "Score",
    "Scorecard",
    "Stand",
    "StartOrder",
    "TeamMode",
    "Variant",
    "action_from_json",
    "action_to_json",
    "base_score",
    "card_named",
    "joker_score",
    "score_options",
    "state_from_dict",
    "state_to_dict",
]
