"""Values built once per key and shared by every thread: the AI's tables and valuations.

A value table, a spread table or a level's valuation takes from milliseconds to seconds to
build and is then read by every player of every game in the process (the table scene, the
coach, a tournament's worker threads). `Memo(build)` keeps `build(*key)` per key: the first
caller builds it while holding the memo's lock, so a second thread asking at the same time
waits for that value rather than building its own (a second copy of a table in memory, or a
second valuation whose outlook cache the first one's players would not share). Building
under the lock also means one key at a time per memo; the keys are few (a variant, a level's
parameters), so the memo keeps every value, with no bound.

Once built, a value is read without the lock: a dict lookup is atomic, and a value is stored
only once it is whole. `functools.cache` would not do, as two threads asking at once may
both build.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Memo(Generic[V]):
    """`build(*key)` for each key, built once and then shared (see the module docstring)."""

    def __init__(self, build: Callable[..., V]) -> None:
        self._build = build
        self._values: dict[tuple[Hashable, ...], V] = {}
        self._lock = threading.Lock()

    def get(self, *key: Hashable) -> V:
        """The value for `key`, built by the first caller (the others wait for it)."""
        try:
            return self._values[key]
        except KeyError:
            pass
        with self._lock:
            if key not in self._values:
                self._values[key] = self._build(*key)
            return self._values[key]

    def clear(self) -> None:
        """Forget every value: the next `get` of each key builds it afresh."""
        with self._lock:
            self._values.clear()
