"""The game's caches: `Memo`, values built once per key and kept; `BoundedCache`, the most
recently used values up to a bound; `Recent`, the values made for the last few keys, keys
compared rather than hashed. No pygame, no numpy: any layer may use them.

`Memo`: values built once per key and shared by every thread: the AI's tables and valuations.

A value table, a spread table or a level's valuation takes from milliseconds to seconds to
build and is then read by every player of every game in the process (the table scene, the
coach, a tournament's worker threads). `Memo(build)` keeps `build(*key)` per key: the first
caller builds it while holding the memo's lock, so a second thread asking at the same time
waits for that value rather than building its own (a second copy of a table in memory, or a
second valuation whose outlook cache the first one's players would not share). Building
under the lock also means one key at a time per memo.

The AI's values are big (a variant's value table, its spread tables and the levels'
distorted copies: 30 to 110 MiB a variant), so a memo keyed by a variant first keeps those
of the `groups` variants asked for most recently (`VARIANTS_KEPT`: the rules in play and one
more, say a Yatzy game reviewed beside an American one), and forgets the others: a player
who tried every variant kept all four, 200 MiB more than the game in play needs. A value
forgotten is built again when its variant is asked for again (a table loads in a fraction of
a second); one in use elsewhere lives on until it is no longer used.

Once built, a value is read without the lock: a dict lookup is atomic, and a value is stored
only once it is whole. `functools.cache` would not do, as two threads asking at once may
both build.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


VARIANTS_KEPT = 2  # variants whose AI values a memo keyed by a variant keeps (see above)


class Memo(Generic[V]):
    """`build(*key)` for each key, built once and then shared (see the module docstring).
    With `groups`, only the values of the `groups` most recently asked first key elements
    are kept (all keys starting with each of them)."""

    def __init__(self, build: Callable[..., V], groups: int | None = None) -> None:
        if groups is not None and groups < 1:
            raise ValueError(f"a memo keeps at least one group, not {groups}")
        self._build = build
        self._groups = groups
        self._values: dict[tuple[Hashable, ...], V] = {}
        self._recent: OrderedDict[Hashable, None] = OrderedDict()  # first elements, LRU
        self._lock = threading.Lock()

    def get(self, *key: Hashable) -> V:
        """The value for `key`, built by the first caller (the others wait for it)."""
        if self._groups is None:
            try:
                return self._values[key]
            except KeyError:
                pass
        with self._lock:
            if key not in self._values:
                self._values[key] = self._build(*key)
            if self._groups is not None and key:
                self._recent[key[0]] = None
                self._recent.move_to_end(key[0])
                while len(self._recent) > self._groups:
                    old, _ = self._recent.popitem(last=False)
                    for stale in [k for k in self._values if k and k[0] == old]:
                        del self._values[stale]
            return self._values[key]

    def clear(self) -> None:
        """Forget every value: the next `get` of each key builds it afresh."""
        with self._lock:
            self._values.clear()
            self._recent.clear()


class BoundedCache(Generic[K, V]):
    """At most `size` values by key, the least recently used forgotten first.

    For what is quick enough to make again but asked for over and over: a turn's outlook per
    card state, a distribution per state, a rendered image. Thread-safe call by call (its own
    lock around every look-up and store), so a worker thread may fill it while another reads;
    an owner that must not make a value twice holds its own lock around `get` and `put`.
    """

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"a bounded cache holds at least one value, not {size}")
        self.size = size
        self._values: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._values)

    def __contains__(self, key: object) -> bool:
        return key in self._values

    def get(self, key: K) -> V | None:
        """The value kept for `key` (now the most recently used), or None."""
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        """Keep `value` for `key`, forgetting the least recently used beyond `size`."""
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for `key`, or `make()` kept and returned (made outside the lock: two
        threads missing at once may both make it, and the later one is kept)."""
        value = self.get(key)
        if value is None:
            value = make()
            self.put(key, value)
        return value

    def clear(self) -> None:
        """Forget every value."""
        with self._lock:
            self._values.clear()


class Recent(Generic[V]):
    """The values made for the last `most` keys, the latest last; keys are compared, not
    hashed (a layout's rectangles, a coach's advice are not hashable), so it is for a few
    keys: what a frame shows now and what it is about to show (the card's cells, the message
    line and the notes laid out, a button drawn ahead). One thread's."""

    def __init__(self, most: int) -> None:
        self._most = most
        self._pairs: list[tuple[object, V]] = []

    def kept(self, key: object) -> V | None:
        """The value made for `key`, if it is kept."""
        return next((value for was, value in self._pairs if was == key), None)

    def get(self, key: object, make: Callable[[], V]) -> V:
        """The value made for `key`, or `make()` kept for it; either is the latest now."""
        pairs = self._pairs
        if pairs and pairs[-1][0] == key:
            return pairs[-1][1]
        found = [value for was, value in pairs if was == key]
        value = found[0] if found else make()
        self._pairs = [*(pair for pair in pairs if pair[0] != key), (key, value)][-self._most :]
        return value

    def clear(self) -> None:
        """Forget every value."""
        self._pairs = []
