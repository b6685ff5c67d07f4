"""A person's coming decision worked out ahead, on the coach's own thread.

What the coach says of a person's move comes from the exact solver: the move is graded as it
is made (its option values, 0.6-1 ms), a score may first be asked about as a big mistake (the
same values), a hint adds the move to win (the Champion's outlook: up to 25 ms at the first
look at a turn), and the advice on the card shows the values. All of it was worked out in the
frame of the key that asked. But the dice a person decides on are known the moment they are
thrown (the rules roll them), a second before they land: `work_out` hands the state over as
it is reached, and this thread fills the coach's kept values (game.ai.coach.advice: `valued`,
`win_advice`) while the dice fly. The frame finds them made; one that comes first (a state
not yet worked out) works them out itself, as before, to the same values.

Only the newest state waits (game.newest): a person's quick clicks never queue work.
"""

from __future__ import annotations

from game.ai.coach.advice import valued, win_advice
from game.ai.winning.chances import Paces
from game.newest import Newest
from game.rules import GameState, Phase

_thread: Newest[tuple[GameState, Paces]] | None = None


def asks(state: GameState) -> bool:
    """Whether a decision in `state` is one the coach grades: dice on the table in a turn."""
    return state.phase is Phase.TURN and state.dice is not None


def work_out(state: GameState, paces: Paces = None) -> None:
    """Work out, on the coach's thread, what the coach will ask of a decision in `state`:
    its option values and, with someone to beat, the move to win with the others at `paces`."""
    global _thread
    if not asks(state):
        return
    if _thread is None:
        _thread = Newest(_work, "coach-ahead")
    _thread.hand((state, None if paces is None else tuple(paces)))


def settle() -> None:
    """Wait until the state handed over last is worked out."""
    if _thread is not None:
        _thread.settle()


def stop() -> None:
    """Finish the state under way and stop the thread (a later `work_out` starts it again)."""
    if _thread is not None:
        _thread.close()


def _work(item: tuple[GameState, Paces]) -> None:
    state, paces = item
    valued(state)
    if len(state.config.competitors) > 1:
        win_advice(state, paces)
