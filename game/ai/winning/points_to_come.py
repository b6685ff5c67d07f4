"""The Expert's points still to come, R, from any card state: their whole distribution.

    view = outlook(variant)                # shared, thread-safe, tables loaded on first use
    view.rest(state)                       # P(R = k), k = 0, 1, ... from a flat card state
    view.card_total(card, dice, rolls_left)  # the card's final total, with a roll in progress

The win chances (game.ai.winning.chances) and the Champion (game.ai.levels.champion) stand on
it. R's distribution is
- exact for a card with `EXACT_OPEN` boxes or fewer open: worked out on demand through the
  Expert's turns (game.ai.winning.turn) with the whole distribution carried along, since one
  or two boxes left is where it is most lumpy (a Yahtzee is 50 or nothing);
- with three boxes open, exact to within its quantiles (128 equally likely whole points);
- with more, the exact mean and standard deviation of R (the spread tables,
  game.ai.winning.tables) on a shape learnt from the Expert's own games for states like it
  (open boxes, Yahtzee box, skewness: game.ai.winning.shape), which keeps the humps a
  Yahtzee, a chip and the upper bonus make; a gamma of the same mean, sd and skewness
  (Wilson-Hilferty quantiles) where no shape was learnt;
and for the seat in play with dice showing, R is taken from that roll and rolls left (there,
beyond two open boxes, the gamma of R's moments).

Numpy over a grid of whole points (GRID). Thread-safe (caches under a lock), no pygame.
Memory: the spread tables (about 40 MB in memory with their float64 copies) and bounded
caches (REST_CACHE, TURN_CACHE).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from statistics import NormalDist

import numpy as np

from game.ai.exact.dicespace import ROLL_INDEX
from game.ai.exact.scoring import spec
from game.ai.exact.solver import StateKey
from game.ai.exact.tables import value_table
from game.ai.winning.shape import shape_points
from game.ai.winning.tables import EXACT_LENGTH, EXACT_OPEN, spread_tables
from game.ai.winning.turn import (
    TurnSpread,
    flat_state,
    shift_distribution,
    shift_moments,
    spread_turn,
    turn_moves,
)
from game.cache import VARIANTS_KEPT, BoundedCache, Memo
from game.rules import Scorecard, Variant

GRID = 2048  # whole-point totals 0 .. GRID - 1 of one game (the best card makes 1,575)
QUANTILES = 512  # points standing for an approximated distribution
_Z = np.array([NormalDist().inv_cdf((k + 0.5) / QUANTILES) for k in range(QUANTILES)])
MAX_SKEW = 3.0  # Wilson-Hilferty's quantiles bend back beyond about this
REST_CACHE = 1024  # states whose distributions of R are kept: at most 16 kB each
TURN_CACHE = 32  # states whose within-turn spreads are kept: up to 2 MB each (exact)


# ----------------------------------------------------------------------------- one state
def gamma_points(mean: np.ndarray, sd: np.ndarray, skew: np.ndarray) -> np.ndarray:
    """(..., QUANTILES) equally likely points of a shifted gamma with those moments.

    Wilson-Hilferty: the gamma's standardised quantile at normal quantile z is
    (2 / g) ((1 + g z / 6 - g^2 / 36)^3 - 1) for skewness g (the normal's z as g -> 0).
    """
    g = np.clip(np.asarray(skew, dtype=np.float64), -MAX_SKEW, MAX_SKEW)[..., None]
    small = np.abs(g) < 1e-4
    safe = np.where(small, 1.0, g)
    bent = (2.0 / safe) * ((1.0 + safe * _Z / 6.0 - safe * safe / 36.0) ** 3 - 1.0)
    standard = np.where(small, _Z, bent)
    points: np.ndarray = np.asarray(mean)[..., None] + np.asarray(sd)[..., None] * standard
    return points


def points_to_pmf(points: np.ndarray, length: int) -> np.ndarray:
    """(..., length) probabilities of whole points from equally likely real points, each
    split between the two whole numbers around it (so the mean is kept)."""
    points = np.clip(points, 0.0, length - 1.0)
    low = np.floor(points)
    upper_weight = points - low
    low = low.astype(np.intp)
    high = np.minimum(low + 1, length - 1)
    rows = points.shape[:-1]
    offset = (np.arange(int(np.prod(rows))) * length).reshape(rows + (1,))
    weight = 1.0 / points.shape[-1]
    flat = np.bincount(
        (offset + low).ravel(), ((1.0 - upper_weight) * weight).ravel(), int(np.prod(rows)) * length
    )
    flat += np.bincount(
        (offset + high).ravel(), (upper_weight * weight).ravel(), int(np.prod(rows)) * length
    )
    return flat.reshape(rows + (length,))


class Outlook:
    """Distributions of the Expert's points to come for one variant, from any card state.

    Shared and thread-safe: use `outlook(variant)`.
    """

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        table = value_table(variant)
        self._table = table
        self._values = table.values.reshape(-1)
        tables = spread_tables(variant)
        self._sd = tables.spread[..., 0].reshape(-1).astype(np.float64)
        self._skew = tables.spread[..., 1].reshape(-1).astype(np.float64)
        self._exact_index = tables.exact_index.reshape(-1)
        self._exact_rows = tables.exact.astype(np.float64)
        self._quantile_index = tables.quantile_index.reshape(-1)
        self._quantiles = tables.quantiles
        self._shape_edges = tables.shape_edges.astype(np.float64)
        self._shapes = tables.shapes.astype(np.float64)
        self._spec = spec(variant)
        n = self._spec.n_boxes
        self._open = np.array([n - f.bit_count() for f in range(1 << n)])
        self._exact: dict[int, np.ndarray] = {}
        self._turns: BoundedCache[tuple[int, bool], TurnSpread] = BoundedCache(TURN_CACHE)
        self._rests: BoundedCache[int, np.ndarray] = BoundedCache(REST_CACHE)
        self._lock = threading.RLock()

    # ------------------------------------------------------------------ between turns
    def open_boxes(self, state: int) -> int:
        return int(self._open[state // 128])

    def moments(self, states: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(mean, sd, skewness) of R from states given as flat indices (any shape)."""
        mean = self._values[states]
        if np.isnan(mean).any():
            mean = np.array([self._value(s) for s in np.ravel(states)]).reshape(np.shape(states))
        sd, skew = self._sd[states], self._skew[states]
        missing = np.isnan(sd)
        if missing.any():  # a hand-made card no game reaches: a normal of the mean's size
            sd = np.where(missing, 0.25 * np.maximum(mean, 0.0), sd)
            skew = np.where(missing, 0.0, skew)
        return mean, sd, skew

    def _value(self, state: int) -> float:
        filled, rest = divmod(int(state), 128)
        return self._table.value(StateKey(filled, rest // 2, rest % 2))

    def remaining(self, states: np.ndarray, length: int) -> np.ndarray:
        """(len(states), length) distributions of R from flat states (between turns)."""
        states = np.asarray(states, dtype=np.intp)
        out = np.zeros((len(states), length))
        exact = self._open[states // 128] <= EXACT_OPEN
        for i in np.flatnonzero(exact):
            pmf = self.exact(int(states[i]))
            out[i, : min(length, len(pmf))] = pmf[:length]
        known = self._quantile_index[states]
        quantiles = np.flatnonzero(~exact & (known >= 0))
        if len(quantiles):
            points = self._quantiles[known[quantiles]].astype(np.float64)
            out[quantiles] = points_to_pmf(points, length)
        rest = np.flatnonzero(~exact & (known < 0))
        if len(rest):
            mean, sd, skew = self.moments(states[rest])
            points = shape_points(
                states[rest], mean, sd, skew, self._shape_edges, self._shapes, self._spec
            )
            unknown = np.isnan(points).any(axis=1)
            shaped = rest[~unknown]
            out[shaped] = points_to_pmf(points[~unknown], length)
            if unknown.any():  # a class no game taught: the gamma of the same moments
                gamma = gamma_points(mean[unknown], sd[unknown], skew[unknown])
                out[rest[unknown]] = points_to_pmf(gamma, length)
        return out

    def exact(self, state: int) -> np.ndarray:
        """The exact distribution (EXACT_LENGTH) of R from a state with few open boxes."""
        row = self._exact_index[state]
        if row >= 0:
            exact: np.ndarray = self._exact_rows[row]
            return exact
        found = self._exact.get(state)
        if found is not None:
            return found
        with self._lock:  # a state no game reaches, from a hand-made card
            if state in self._exact:
                return self._exact[state]
            if self.open_boxes(state) == 0:
                pmf = np.zeros(EXACT_LENGTH)
                pmf[0] = 1.0
            else:
                spread = self._turn(state, exact=True)
                pmf = spread.start_stats[0]
            pmf.flags.writeable = False
            self._exact[state] = pmf
            return pmf

    def _turn(self, state: int, exact: bool) -> TurnSpread:
        """The Expert's turn from a state, with distributions (exact) or raw moments."""
        key = (state, exact)
        with self._lock:
            known = self._turns.get(key)
            if known is not None:
                return known
            filled, rest = divmod(state, 128)
            moves = turn_moves(filled, np.array([rest // 2]), np.array([rest % 2]), self.variant)
            if exact:
                children = np.unique(moves.child)
                by_child = {int(c): self.exact(int(c)) for c in children}
                stats = np.stack([by_child[int(c)] for c in children])
                spread = spread_turn(
                    moves,
                    self.mean_of,
                    lambda i: stats[np.searchsorted(children, i)],
                    shift_distribution,
                )
            else:
                spread = spread_turn(moves, self.mean_of, self._raw_moments, shift_moments)
            self._turns.put(key, spread)
            return spread

    def mean_of(self, states: np.ndarray) -> np.ndarray:
        """The Expert's expected points to come (the value table) from flat states."""
        values: np.ndarray = self._values[states]
        if np.isnan(values).any():
            for s in np.unique(states[np.isnan(values)]):
                self._value(int(s))  # computed into the value table
            values = self._values[states]
        return values

    def _raw_moments(self, states: np.ndarray) -> np.ndarray:
        mean, sd, skew = self.moments(states)
        variance = sd * sd
        return np.stack(
            [mean, variance + mean * mean, skew * sd**3 + 3 * mean * variance + mean**3], axis=-1
        )

    # ------------------------------------------------------------------ within a turn
    def in_turn(
        self, card: Scorecard, dice: Sequence[int], rolls_left: int, length: int
    ) -> np.ndarray:
        """(length,) distribution of R for a card with `dice` showing and rolls left."""
        key = StateKey.of(card)
        state = flat_state(key.filled, key.upper, key.fifty)
        roll = ROLL_INDEX[tuple(sorted(dice))]
        exact = self.open_boxes(state) <= EXACT_OPEN
        spread = self._turn(state, exact)
        stats = spread.stats[rolls_left][roll, 0]
        if exact:
            out = np.zeros(length)
            out[: min(length, len(stats))] = stats[:length]
            return out
        m1, m2, m3 = stats
        variance = max(m2 - m1 * m1, 0.0)
        sd = variance**0.5
        skew = (m3 - 3 * m1 * m2 + 2 * m1**3) / sd**3 if sd > 1e-6 else 0.0
        points = gamma_points(np.array([m1]), np.array([sd]), np.array([skew]))
        pmf: np.ndarray = points_to_pmf(points, length)[0]
        return pmf

    def card_total(
        self, card: Scorecard, dice: Sequence[int] | None = None, rolls_left: int = 0
    ) -> np.ndarray:
        """Distribution of the card's final total from 0 up to its last possible value
        (dice: the roll in progress)."""
        if dice is not None:
            rest = _trimmed(self.in_turn(card, dice, rolls_left, GRID))
        else:
            key = StateKey.of(card)
            rest = self.rest(flat_state(key.filled, key.upper, key.fifty))
        return np.concatenate([np.zeros(card.total), rest])

    def rest(self, state: int) -> np.ndarray:
        """The distribution of R from a flat state, up to its last possible value (cached)."""
        return self.rests([state])[0]

    def rests(self, states: list[int]) -> list[np.ndarray]:
        """`rest` of many states; those not cached are worked out together."""
        found = [self._rests.get(state) for state in states]
        missing = [state for state, rest in zip(states, found, strict=True) if rest is None]
        if missing:
            computed = {}
            for state, pmf in zip(missing, self.remaining(np.array(missing), GRID), strict=True):
                computed[state] = _trimmed(pmf)
                computed[state].flags.writeable = False
            for state, rest in computed.items():
                self._rests.put(state, rest)
            found = [
                computed[s] if rest is None else rest for s, rest in zip(states, found, strict=True)
            ]
        return [rest for rest in found if rest is not None]


def _trimmed(pmf: np.ndarray) -> np.ndarray:
    return pmf[: int(np.flatnonzero(pmf).max()) + 1]


_outlooks: Memo[Outlook] = Memo(Outlook, groups=VARIANTS_KEPT)


def outlook(variant: Variant = Variant.OFFICIAL) -> Outlook:
    """The shared Outlook of a variant (tables loaded on first use)."""
    return _outlooks.get(variant)
