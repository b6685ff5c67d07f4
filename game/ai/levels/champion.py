"""The Champion: a CPU level that plays to win the game (the match, in a match), not for points.

It plays the turn that maximises its chance of winning against the seats actually at the
table, their scores and open boxes included. The turn is valued as the Expert values it
(game.ai.exact.turn_outlook: the same keep recursion over the 252 rolls and 462 keeps), but a
turn's end is worth its *win chance* rather than its expected points:

    U(box, roll) = sum over k of P(R = k | the state it leads to) * w(total + points + k)

where R is the Champion's points still to come after this turn (as the Expert would score
them: game.ai.winning.points_to_come's distributions, exact with two boxes or fewer open)
and w(y) the chance that its competitor wins if this column ends the game on y
(game.ai.winning.chances.win_curve:
the others' final totals, independent, as the Expert would reach them, ties shared; or, given
the table's paces, as each of them plays: game.ai.levels.pace).

On the last turn of the game (every other seat done, one box left) R is 0 and the others'
totals are known, so U is exactly "finishing above the best total" (1, or 1/k for a k-way
tie, else 0), and the turn maximises that probability exactly. The test in
tests/ai/test_champion.py checks it against a brute-force search.

Ties between choices of the same win chance (a hopeless or a won position) go to the better
expected score: each point of the Expert's expected total adds TIE_POINT to a choice's worth.
Alone at the table (solitaire) there is no one to beat and it plays as the Expert.

In forced order (boxes top to bottom) the turn's only box is the next one, k, and R after it
is the forced Expert's points to come from box k + 1 (game.ai.winning.forced_outlook: exact from
every state), the others' totals too (win_curve follows the rules in play); the same keep
recursion then plays the turn for the win, exact on the game's last turn as above.

Any card: the boxes, bonus and Joker are the variant's (game.ai.exact.scoring.spec through
game.ai.winning.turn and game.ai.winning.chances).
"""

from __future__ import annotations

import numpy as np

from game.ai.exact.forced import forced_key, forced_moves
from game.ai.exact.scoring import spec
from game.ai.exact.solver import StateKey
from game.ai.exact.turn_outlook import TurnOutlook, keep_values
from game.ai.winning.chances import Paces, win_curve
from game.ai.winning.forced_outlook import forced_outlook
from game.ai.winning.points_to_come import GRID, outlook
from game.ai.winning.turn import turn_moves
from game.cache import BoundedCache
from game.rules import GameState

TIE_POINT = 1e-6  # win chance one point of expected score is worth: breaks ties only
_CACHE = 64


def win_outlook(state: GameState, tie_point: float = TIE_POINT, paces: Paces = None) -> TurnOutlook:
    """The turn of the column in play, every choice valued by its chance of winning against
    the other columns playing at their `paces` (game.ai.levels.pace; as the Expert by default).

    Values come as TurnOutlook's (ask with total 0): a choice's value is its win chance plus
    `tie_point` per point of the expected final score (the Expert's from the end of this
    turn); with tie_point 0, exactly its win chance.
    """
    if state.config.forced_order:
        return _forced_win_outlook(state, tie_point, paces)
    card = state.card
    variant = state.config.variant
    view = outlook(variant)
    key = StateKey.of(card)
    moves = turn_moves(key.filled, np.array([key.upper]), np.array([key.fifty]), variant)
    allowed = moves.allowed[:, :, 0]
    child = moves.child[:, :, 0][allowed]
    reached = card.total + moves.points[:, :, 0][allowed].astype(np.intp)
    curve = win_curve(state, state.column, paces)

    states, which = np.unique(child, return_inverse=True)
    pairs, pair_of = np.unique(which * (GRID + 1) + reached, return_inverse=True)
    pair_state, pair_total = np.divmod(pairs, GRID + 1)
    # w beyond the grid: no one reaches it, so the last value (all won) carries on.
    extended = np.concatenate([curve, np.full(GRID, curve[-1])])
    chance = np.empty(len(pairs))
    starts = np.searchsorted(pair_state, np.arange(len(states) + 1))
    # Cached: the same states come back turn after turn.
    for s, rest in enumerate(view.rests(states.tolist())):
        totals = pair_total[starts[s] : starts[s + 1]]
        windows = extended[totals[:, None] + np.arange(len(rest))]
        chance[starts[s] : starts[s + 1]] = windows @ rest
    chance = chance[pair_of]

    expected = reached + view.mean_of(child)
    boxes, keeps = moves.points.shape[:2]
    worth = np.full((boxes, keeps), -np.inf)
    worth[allowed] = chance + tie_point * expected
    card_spec = spec(variant)
    future = np.full((card_spec.n_boxes, keeps), -np.inf)
    future[list(moves.boxes)] = worth
    final = future.max(axis=0)
    return TurnOutlook(np.zeros_like(future), future, *keep_values(final), card_spec.boxes)


def _forced_win_outlook(state: GameState, tie_point: float, paces: Paces) -> TurnOutlook:
    """win_outlook in forced order: each roll scored in the next box, k, is worth its chance
    of winning with R from the state of box k + 1 it leads to."""
    card = state.card
    view = forced_outlook(state.config.variant)
    k, upper, fifty = forced_key(card)
    points, child = (a[:, upper, fifty] for a in forced_moves(view.spec, k))
    reached = card.total + points.astype(np.intp)
    curve = win_curve(state, state.column, paces)
    # w beyond the grid: no one reaches it, so the last value (all won) carries on.
    extended = np.concatenate([curve, np.full(view.length, curve[-1])])
    rests = view.rests[k + 1].reshape(-1, view.length)[child]  # (252, length)
    windows = extended[reached[:, None] + np.arange(view.length)]
    chance = np.einsum("rl,rl->r", windows, rests)
    expected = reached + view.values[k + 1].reshape(-1)[child]
    future = np.full((view.spec.n_boxes, len(chance)), -np.inf)
    future[k] = chance + tie_point * expected
    return TurnOutlook(np.zeros_like(future), future, *keep_values(future[k]), view.spec.boxes)


class WinOutlooks:
    """Win outlooks by situation: one per turn, asked again for each roll of that turn."""

    def __init__(self) -> None:
        self._cache: BoundedCache[tuple[object, ...], TurnOutlook] = BoundedCache(_CACHE)

    def get(self, state: GameState, paces: Paces = None) -> TurnOutlook:
        if paces is not None:  # a turn's paces do not change within it; rounded for the key
            paces = tuple(round(p, 4) for p in paces)
        key = (
            state.config,
            state.column,
            state.cards,
            tuple(r.totals for r in state.results),
            paces,
        )
        return self._cache.get_or_make(key, lambda: win_outlook(state, paces=paces))
