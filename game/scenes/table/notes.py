"""Lines that belong to one seat's moment: the CPU's reason, the grading mark, the last move.

With several seats, a line left over from the previous player contradicts the turn marker
(the reason of the CPU before you, a grading mark with no name). So each such line names
its seat and the moment it belongs to, and is shown only while that moment lasts: from the
action that made it until the next roll or the next turn, whichever comes first.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import GameState

Moment = tuple[int, str, int, int, int, int]


def moment_of(state: GameState) -> Moment:
    """Where the game is, to the roll: a new roll or a new turn is a new moment."""
    return (
        state.game_index,
        state.phase.value,
        state.turn,
        state.rolls,
        len(state.contest),
        state.tiebreak_round,
    )


@dataclass(frozen=True)
class SeatNote:
    text: str
    player: int  # whose line it is (its dot and colour)
    moment: Moment  # the state it was made in

    @classmethod
    def now(cls, text: str, player: int, state: GameState) -> SeatNote:
        return cls(text, player, moment_of(state))

    def shown(self, state: GameState) -> bool:
        return moment_of(state) == self.moment
