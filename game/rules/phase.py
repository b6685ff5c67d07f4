"""The phases a game (or match) goes through."""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    ROLL_OFF = "roll_off"  # everyone rolls five dice to see who starts
    TURN = "turn"  # normal play: roll, hold, score
    TIE_BREAK = "tie_break"  # tied leaders each play one more turn; the dice total counts
    GAME_OVER = "game_over"  # a game of the match is over; the next one is to start
    MATCH_OVER = "match_over"
