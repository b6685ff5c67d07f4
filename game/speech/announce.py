"""What the game says, as typed values: an `Announcement` is one phrase, made from the game's
values (never read back off the screen), with what it tells of, the seat it is about, whether
the player must hear it whole, and whether a newer phrase may take its place.

The table's presenter makes them from the rules' events, a scene from what it shows, a key
from what it reads; the Speaker (game.speech.channel) says them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Told(enum.Enum):
    """What a phrase tells of."""

    THROW = "throw"  # "Ada rolls...": dice in the air
    ROLLED = "rolled"  # what the dice show, once they land
    HOLD = "hold"  # a die held or released
    SCORED = "scored"  # a box written, and the new total
    BONUS = "bonus"  # the upper bonus, a Yahtzee bonus
    TURN = "turn"  # whose turn it is now
    START_ROLL = "start_roll"  # a start roll's total
    ORDER = "order"  # who plays first, a tie in the start roll
    TIE_BREAK = "tie_break"  # the tie-breaker and its totals
    GAME = "game"  # game 2 of 3
    RESULT = "result"  # who won
    REASON = "reason"  # why a CPU chose (detail)
    SUMMARY = "summary"  # a CPU's whole turn in one phrase (Brief)
    HINT = "hint"  # the coach's best move, asked for
    GRADE = "grade"  # the coach's mark on a choice (detail)
    ANSWER = "answer"  # what a key asked for: a read key, a refusal, a setting changed
    FOCUS = "focus"  # what has the focus now
    SCREEN = "screen"  # a screen come up: its name and what it shows first
    NOTICE = "notice"  # a message about files, pads, settings


# What the player must hear whole: the game waits for these (and a blind test counts them).
MUST_HEAR = frozenset(
    {
        Told.ROLLED,
        Told.SCORED,
        Told.BONUS,
        Told.TURN,
        Told.START_ROLL,
        Told.ORDER,
        Told.TIE_BREAK,
        Told.GAME,
        Told.RESULT,
        Told.REASON,
        Told.SUMMARY,
        Told.HINT,
    }
)
# Said only at full verbosity: commentary, not the state of the game.
DETAIL = frozenset({Told.REASON, Told.GRADE})


@dataclass(frozen=True)
class Announcement:
    """One phrase to say. `seat`: the player it is about (None: nobody in particular).
    `interruptible`: a newer phrase may take its place before it is heard (where the focus
    is: only the newest matters); the player's own keys cut anything."""

    text: str
    told: Told = Told.ANSWER
    seat: int | None = None

    @property
    def important(self) -> bool:
        return self.told in MUST_HEAR

    @property
    def detail(self) -> bool:
        return self.told in DETAIL

    @property
    def interruptible(self) -> bool:
        return self.told is Told.FOCUS
