"""The forced-order Expert's points still to come, R, from every state: exact distributions.

    view = forced_outlook(variant)              # shared, thread-safe, built on first use
    view.rests[k, upper, fifty]                 # P(R = 0, 1, ...) between turns
    view.card_total(card, dice, rolls_left)     # a card's final total, a roll in progress

In forced order (game.ai.exact.forced: boxes top to bottom) a state between turns is only (next box
k, capped upper total, Yahtzee box holds 50), at most 16 x 64 x 2 states, and R is small
(the American card's best is 475: 105 upper, the 35 bonus, 235 below and one chip of 100,
only Chance coming after the Yahtzee box; Yatzy's 374). So unlike the free game, where R's
distribution can be exact only with a few boxes open (game.ai.winning.points_to_come), here it is
exact from every state: the win chances (game.ai.winning.chances), the Champion
(game.ai.levels.champion) and the review stand on the model the forced Expert actually plays,
not the free one.

The model is the forced Expert's play (the highest expected total, forced_values), carried
backwards box by box. A turn in box k ends in one of a few *outcomes*, a (points written,
state of box k + 1) pair (a score of 0 to 5 dice in an upper box, the sum of the dice in
Chance...). The probability of each outcome is a linear statistic of the turn, so it follows
the Expert's choices through the same keep recursion and tie-breaks as the free game's
spreads (game.ai.winning.turn.spread_turn: choices by value, statistics carried along);
then R from box k is the mixture of the outcomes' R from box k + 1, each shifted by its
points. Carrying the few outcome probabilities (at most a few dozen) through the recursion,
rather than whole distributions of R (hundreds of points long), is what makes the build
quick: about half a second a variant (0.47 s the American card, 0.42 s Yatzy, on first use;
its log line says how long), so it is worked out rather than shipped, as forced.py's values.

The scoring (points, bonus, Joker and chip, next state) is forced.py's (forced_moves), the
one statement of forced order's rules for values and distributions alike. The distributions'
length is the most any state can still score, worked out from the card by the same moves.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.ai.exact.dicespace import N_MULTISETS, N_ROLLS, ROLL_INDEX
from game.ai.exact.forced import forced_key, forced_moves, forced_values
from game.ai.exact.scoring import Spec, spec
from game.ai.winning.turn import TurnMoves, TurnSpread, shift_distribution, spread_turn
from game.cache import VARIANTS_KEPT, BoundedCache, Memo
from game.rules import Scorecard, Variant

log = logging.getLogger(__name__)

MEMORY = 100 * 2**20  # bytes a chunk of states may take while its turn is worked out
_COPIES = 6  # arrays of the turn's size spread_turn holds at once (statistics, temporaries)
TURN_CACHE = 64  # states whose within-turn outcome probabilities are kept: ~0.2 MB each


def most_to_come(s: Spec) -> np.ndarray:
    """M[k, upper, fifty]: the most points still to come from each state (best rolls
    every turn), by the card's own moves; R's distribution needs M + 1 whole points."""
    most = np.zeros((s.n_boxes + 1, s.bonus_at + 1, 2), dtype=np.int64)
    for k in range(s.n_boxes - 1, -1, -1):
        points, child = forced_moves(s, k)
        reach = points.astype(np.int64) + most[k + 1].reshape(-1)[child]
        most[k] = reach.max(axis=0)
    return most


@dataclass(frozen=True, slots=True)
class _Outcomes:
    """The distinct ends of one turn in box k from n states: outcome o of state i writes
    `points[i, o]` and leads to state `child[i, o]` (flat upper * 2 + fifty) of box k + 1;
    `of_roll[r, i]` is the outcome of scoring roll r. Unused outcomes (a state with fewer
    than the most) repeat its last and never occur."""

    of_roll: np.ndarray  # (252, n)
    child: np.ndarray  # (n, outcomes)
    points: np.ndarray  # (n, outcomes)

    @classmethod
    def of(cls, points: np.ndarray, child: np.ndarray) -> _Outcomes:
        """From the points and next state of each roll, (252, n) each."""
        width = int(points.max()) + 1
        keys = child.astype(np.int64) * width + points.astype(np.int64)
        of_roll = np.empty(keys.shape, dtype=np.intp)
        distinct = []
        for i in range(keys.shape[1]):
            found, of_roll[:, i] = np.unique(keys[:, i], return_inverse=True)
            distinct.append(found)
        most = max(len(found) for found in distinct)
        table = np.array([np.pad(found, (0, most - len(found)), "edge") for found in distinct])
        child_of, points_of = np.divmod(table, width)
        return cls(of_roll, child_of, points_of.astype(np.float64))

    def part(self, states: slice) -> _Outcomes:
        return _Outcomes(self.of_roll[:, states], self.child[states], self.points[states])

    def spread(self, k: int, values: np.ndarray, moves_points: np.ndarray) -> TurnSpread:
        """The Expert's turn (game.ai.winning.turn.spread_turn) with, as its statistic, the
        probability of each outcome. `values`: box k + 1's (upper totals, 2) expected points
        to come, by which the Expert chooses; `moves_points` (252, n): the points of each roll.
        """
        n, count = self.child.shape
        future = values.reshape(-1)[self.child].T.ravel()  # by outcome o * n + state i
        onehot = np.eye(count)
        moves = TurnMoves(
            (k,),
            moves_points[None],
            (self.of_roll * n + np.arange(n))[None],
            np.ones((1, N_ROLLS, n), dtype=bool),
        )
        return spread_turn(
            moves,
            lambda index: future[index],
            lambda index: onehot[index // n],
            lambda stats, _points: stats,  # the points are in the outcome already
        )

    def mix(self, chances: np.ndarray, after: np.ndarray) -> np.ndarray:
        """R from the turn's states, (n, length): each outcome's R from box k + 1 (`after`,
        (states, length)), shifted by its points and weighted by its chance (n, outcomes)."""
        shifted = shift_distribution(after[self.child], self.points)
        mixed: np.ndarray = np.einsum("io,iol->il", chances, shifted)
        return mixed


class ForcedOutlook:
    """Exact distributions of the forced Expert's points to come for one variant (see the
    module docstring). Shared and thread-safe: use `forced_outlook(variant)`."""

    def __init__(self, variant: Variant) -> None:
        started = time.perf_counter()
        self.variant = variant
        self.spec = s = spec(variant)
        self.values = forced_values(variant)
        self.length = int(most_to_come(s).max()) + 1
        shape = (s.n_boxes + 1, s.bonus_at + 1, 2)
        rests = np.zeros(shape + (self.length,))
        rests[s.n_boxes, :, :, 0] = 1.0  # a full card: nothing to come
        states = (s.bonus_at + 1) * 2
        for k in range(s.n_boxes - 1, -1, -1):
            points, child = (a.reshape(N_ROLLS, states) for a in forced_moves(s, k))
            after = rests[k + 1].reshape(states, self.length)
            out = rests[k].reshape(states, self.length)
            every = _Outcomes.of(points, child)
            chunk = self._chunk(every.child.shape[1])
            for start in range(0, states, chunk):
                part = slice(start, start + chunk)
                outcomes = every.part(part)
                spread = outcomes.spread(k, self.values[k + 1], points[:, part])
                out[part] = outcomes.mix(spread.start_stats, after)
        rests.flags.writeable = False
        self.rests = rests
        self._turns: BoundedCache[tuple[int, int, int], tuple[_Outcomes, TurnSpread]]
        self._turns = BoundedCache(TURN_CACHE)
        self.build_seconds = time.perf_counter() - started
        log.info("forced-order outlook (%s) in %.2f s", variant.value, self.build_seconds)

    def _chunk(self, outcomes: int) -> int:
        """States per batch: the turn's statistics and the mixture within MEMORY."""
        per_state = 8 * (N_MULTISETS * outcomes * _COPIES + 3 * outcomes * self.length)
        return max(1, MEMORY // per_state)

    # ------------------------------------------------------------------ between turns
    def rest(self, card: Scorecard) -> np.ndarray:
        """R's distribution from a card between turns, up to its last possible value."""
        return _trimmed(self.rests[forced_key(card)])

    # ------------------------------------------------------------------ within a turn
    def in_turn(self, card: Scorecard, dice: Sequence[int], rolls_left: int) -> np.ndarray:
        """(length,) distribution of R (this turn's points included) for a card with `dice`
        showing and `rolls_left`, the Expert playing the turn out."""
        key = forced_key(card)
        outcomes, spread = self._turn(key)
        chances = spread.stats[rolls_left][ROLL_INDEX[tuple(sorted(dice))]]  # (1, outcomes)
        k = key[0]
        after = self.rests[k + 1].reshape(-1, self.length)
        mixed: np.ndarray = outcomes.mix(chances, after)[0]
        return mixed

    def _turn(self, key: tuple[int, int, int]) -> tuple[_Outcomes, TurnSpread]:
        found = self._turns.get(key)
        if found is not None:
            return found
        k, upper, fifty = key
        points, child = (a[:, upper, fifty][:, None] for a in forced_moves(self.spec, k))
        outcomes = _Outcomes.of(points, child)
        found = (outcomes, outcomes.spread(k, self.values[k + 1], points))
        self._turns.put(key, found)
        return found

    def card_total(
        self, card: Scorecard, dice: Sequence[int] | None = None, rolls_left: int = 0
    ) -> np.ndarray:
        """Distribution of the card's final total from 0 up to its last possible value
        (dice: the roll in progress), as game.ai.winning.points_to_come.Outlook.card_total."""
        if dice is not None:
            rest = _trimmed(self.in_turn(card, dice, rolls_left))
        else:
            rest = self.rest(card)
        return np.concatenate([np.zeros(card.total), rest])


def _trimmed(pmf: np.ndarray) -> np.ndarray:
    return pmf[: int(np.flatnonzero(pmf).max()) + 1]


_outlooks: Memo[ForcedOutlook] = Memo(ForcedOutlook, groups=VARIANTS_KEPT)


def forced_outlook(variant: Variant = Variant.OFFICIAL) -> ForcedOutlook:
    """The shared ForcedOutlook of a variant (built on first use)."""
    return _outlooks.get(variant)
