"""How a player values the choices of a turn, in free or forced order: the one entry point.

    valuation(variant, bonus_weight, greed, forced_order).outlook(card)  # a TurnOutlook

Free order is `game.ai.levels.turn.Valuation` (the shipped tables); forced order (boxes top to
bottom) is `ForcedValuation` here, from `game.ai.exact.forced`'s exact values, with the same
distortions for the lower levels: the bonus chase scaled by `bonus_weight`, points written
now counted (1 + greed) times.
"""

from __future__ import annotations

import threading

import numpy as np

from game.ai.exact.dicespace import N_ROLLS
from game.ai.exact.forced import forced_key, forced_rows, forced_values
from game.ai.exact.turn_outlook import TurnOutlook, keep_values
from game.ai.levels.turn import Distortion, Valuation
from game.ai.levels.turn import valuation as free_valuation
from game.cache import VARIANTS_KEPT, BoundedCache, Memo
from game.rules import Scorecard, Variant

OUTLOOK_CACHE = 256


class ForcedValuation(Distortion):
    """How a player values forced-order states (the truth, or a level's distortion), with the
    turn outlooks it has worked out. Shared and thread-safe: use `valuation(...)`."""

    def __init__(self, variant: Variant, bonus_weight: float = 1.0, greed: float = 0.0) -> None:
        super().__init__(variant, bonus_weight, greed)
        true = forced_values(variant)
        # Were the bonus out of reach: the value at the cap (the bonus then settled).
        no_bonus = true[:, self.spec.bonus_at : self.spec.bonus_at + 1, :]
        self.values = no_bonus + self.bonus_weight * (true - no_bonus)
        self._cache: BoundedCache[tuple[int, int, int], TurnOutlook] = BoundedCache(OUTLOOK_CACHE)
        self._lock = threading.Lock()

    def outlook(self, card: Scorecard) -> TurnOutlook:
        """The turn's outlook from `card`: only its next box may be scored."""
        key = forced_key(card)
        with self._lock:
            found = self._cache.get(key)
            if found is None:
                found = self._compute(*key)
                self._cache.put(key, found)
            return found

    def _compute(self, k: int, upper: int, fifty: int) -> TurnOutlook:
        s = self.spec
        points_all, future_all = forced_rows(s, k, self.values[k + 1])
        scale = 1.0 + self.greed
        points = np.zeros((s.n_boxes, N_ROLLS))
        future = np.full((s.n_boxes, N_ROLLS), -np.inf)
        points[k] = scale * points_all[:, upper, fifty]
        future[k] = future_all[:, upper, fifty]
        return TurnOutlook(points, future, *keep_values(points[k] + future[k]), s.boxes)


_forced: Memo[ForcedValuation] = Memo(ForcedValuation, groups=VARIANTS_KEPT)


def valuation(
    variant: Variant, bonus_weight: float = 1.0, greed: float = 0.0, forced_order: bool = False
) -> Valuation | ForcedValuation:
    """The shared valuation for these rules and parameters (its cache serves every player)."""
    if not forced_order:
        return free_valuation(variant, bonus_weight, greed)
    return _forced.get(variant, float(bonus_weight), float(greed))
