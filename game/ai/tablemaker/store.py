"""A bounded store of per-state arrays for the batch simulator, keeping the states reused most.

The batch policy (game.ai.tablemaker.policy) works out keep values per card state and keeps them
for the games that meet the state later: the first turns' few states are met by every game
of every batch, the middle turns' states mostly by one game each. So when the store is full
it forgets the states used by the fewest games (not the oldest, which would be exactly the
early states worth keeping), and halves every count so that old fame fades.

Not thread-safe by itself: its owner holds a lock around `rows`.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

#: compute(keys, rows): fill store.data[:, rows] for those keys.
Compute = Callable[[np.ndarray, np.ndarray], None]


class StateStore:
    """Rows of `layers` x `width` floats per int key; at most `limit` rows kept (more only
    when a single call needs more)."""

    def __init__(self, limit: int, layers: int, width: int) -> None:
        if limit < 1:
            raise ValueError(f"a store holds at least one state, got {limit}")
        self.limit = limit
        self.data = np.empty((layers, 0, width))
        self._rows: dict[int, int] = {}
        self._keys = np.zeros(0, dtype=np.int64)  # the key of each row, -1 when free
        self._uses = np.zeros(0, dtype=np.int64)
        self._free: list[int] = []
        self.evicted = 0

    def __len__(self) -> int:
        return len(self._rows)

    def rows(self, keys: np.ndarray, uses: np.ndarray, compute: Compute) -> np.ndarray:
        """The row of each of `keys` (distinct), computing the missing ones; `uses` counts
        the games asking for each key now."""
        rows = np.array([self._rows.get(k, -1) for k in keys.tolist()], dtype=np.int64)
        missing = np.flatnonzero(rows < 0)
        if len(missing):
            fresh = self._allocate(len(missing), protect=rows[rows >= 0])
            rows[missing] = fresh
            self._rows.update(zip(keys[missing].tolist(), fresh.tolist(), strict=True))
            self._keys[fresh] = keys[missing]
            compute(keys[missing], fresh)
        self._uses[rows] += uses
        return rows

    def _allocate(self, count: int, protect: np.ndarray) -> np.ndarray:
        taken = self._free[:count]
        del self._free[:count]
        short = count - len(taken)
        if short and len(self._keys) < self.limit:
            taken += self._grow(min(short, self.limit - len(self._keys)))
            short = count - len(taken)
        if short:
            self._evict(max(short, self.limit // 4), protect)
            more = self._free[:short]
            del self._free[:short]
            taken += more
            short = count - len(taken)
        if short:  # one call alone needs more than the limit
            taken += self._grow(short)
        return np.array(taken, dtype=np.int64)

    def _grow(self, count: int) -> list[int]:
        start = len(self._keys)
        size = start + count
        # Room for the whole limit at once: pages not written to cost nothing.
        capacity = max(size, min(self.limit, 2 * max(start, 1024)))
        if capacity > self.data.shape[1]:
            grown = np.empty((self.data.shape[0], capacity, self.data.shape[2]))
            grown[:, :start] = self.data[:, :start]
            self.data = grown
        self._keys = np.concatenate([self._keys, np.full(count, -1, dtype=np.int64)])
        self._uses = np.concatenate([self._uses, np.zeros(count, dtype=np.int64)])
        return list(range(start, size))

    def _evict(self, count: int, protect: np.ndarray) -> None:
        uses = self._uses.copy()
        uses[self._keys < 0] = np.iinfo(np.int64).max  # already free
        uses[protect] = np.iinfo(np.int64).max  # asked for in this very call
        candidates = np.flatnonzero(uses < np.iinfo(np.int64).max)
        if len(candidates) > count:
            order = np.argpartition(uses[candidates], count)[:count]
            candidates = candidates[order]
        for key in self._keys[candidates].tolist():
            del self._rows[key]
        self._keys[candidates] = -1
        self._uses[candidates] = 0
        self._uses //= 2
        self._free.extend(candidates.tolist())
        self.evicted += len(candidates)
