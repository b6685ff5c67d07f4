"""The rules of Yahtzee, headless: scoring, the Joker, turns, seats, teams, matches.

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
from game.rules.categories import CATEGORIES, LOWER, UPPER, Category, base_score
from game.rules.config import GameConfig, StartOrder, TeamMode
from game.rules.errors import IllegalAction
from game.rules.game import Game
from game.rules.phase import Phase
from game.rules.scorecard import Scorecard, joker_score, score_options
from game.rules.serial import state_from_dict, state_to_dict
from game.rules.state import ROLLS_PER_TURN, GameResult, GameState
from game.rules.variants import Variant

__all__ = [
    "CATEGORIES",
    "LOWER",
    "ROLLS_PER_TURN",
    "UPPER",
    "Action",
    "Category",
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
    "joker_score",
    "score_options",
    "state_from_dict",
    "state_to_dict",
]
