"""The host's limits on what any one peer, or all of them together, may cost it.

Every number is here, in one record, so the tests, the docs and the threat model name the same
ones. A `Bucket` is a token bucket: `rate` tokens a second up to `burst`; a message that finds
it empty is refused (and logged), and one that keeps finding it empty ends the connection.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    max_connections: int = 24  # joined or joining, watchers included
    max_handshakes: int = 8  # handshakes under way at once
    handshake_seconds: float = 10.0  # from the connection to the host's proof
    handshakes_per_second: float = 5.0  # for everyone together (SPAKE2 costs the host ~6 ms)
    handshake_burst: int = 10
    wrong_codes_per_minute: float = 5.0  # per address
    wrong_codes_burst: int = 5
    all_wrong_codes_per_minute: float = 30.0  # for everyone together
    messages_per_second: float = 10.0  # a friend's sealed messages
    message_burst: int = 30
    too_many_before_closing: int = 50  # refused for speed in a row: the connection is closed
    reactions_per_second: float = 0.5  # a friend's reactions (a short set, never free text)
    reaction_burst: int = 3
    syncs_per_minute: float = 2.0  # the whole match sent again
    sync_burst: int = 2
    outbox: int = 512  # messages waiting for a slow friend: past this, they are dropped
    ping_interval: float = 5.0  # s between WebSocket pings (the heartbeat)
    ping_timeout: float = 20.0  # s without an answer: the peer is gone


class Bucket:
    """A token bucket: `take()` is True while the rate (per second) and burst allow."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        self.rate = rate
        self.burst = float(burst)
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def peek(self) -> bool:
        """Whether a token is left (taking none)."""
        if self.take():
            self.tokens += 1.0
            return True
        return False


class Buckets:
    """One bucket per key (an address), made on first use, the oldest forgotten past `most`."""

    def __init__(self, rate: float, burst: int, most: int = 1024) -> None:
        self.rate = rate
        self.burst = burst
        self.most = most
        self._buckets: dict[str, Bucket] = {}

    def take(self, key: str) -> bool:
        bucket = self._buckets.pop(key, None) or Bucket(self.rate, self.burst)
        self._buckets[key] = bucket  # most recently used last
        while len(self._buckets) > self.most:
            del self._buckets[next(iter(self._buckets))]
        return bucket.take()

    def peek(self, key: str) -> bool:
        """Whether `key` has a token left (taking none)."""
        bucket = self._buckets.get(key)
        return bucket is None or bucket.peek()
