"""Work handed to a thread of its own, where only the newest of what waits matters.

The game hands some work off its drawing thread: the game in progress written to disk after
every action (game.storage.soon), a person's coming decision worked out while the dice fly
(game.ai.coach.ahead). In both, what was handed over while the thread was busy is not queued:
only the newest waits, as it makes the others needless (the newest save holds every action;
the newest state is the one the person will decide in). So the thread never runs behind, and
at exit at most one piece of work is left to finish.

No pygame, no numpy: any layer may use it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


class Newest(Generic[T]):
    """Runs `work` on each item handed over, on a thread named `name`, the newest only.

    `work` runs on one thread at a time, never on the caller's. An exception it raises is
    logged (as a bug, with its trace) and the next item is worked on.
    """

    def __init__(self, work: Callable[[T], object], name: str) -> None:
        self._work = work
        self._name = name
        self._lock = threading.Lock()
        self._pending: tuple[T] | None = None  # (a 1-tuple: an item may itself be None)
        self._idle = threading.Event()
        self._idle.set()
        self._worker: ThreadPoolExecutor | None = None

    def hand(self, item: T) -> None:
        """Work on `item` soon, in place of any item not yet begun."""
        with self._lock:
            self._pending = (item,)
            start = self._idle.is_set()
            self._idle.clear()
            if start:
                if self._worker is None:
                    self._worker = ThreadPoolExecutor(1, thread_name_prefix=self._name)
                self._worker.submit(self._drain)

    def settle(self) -> None:
        """Wait until every item handed over is worked on."""
        self._idle.wait()

    def close(self) -> None:
        """Finish what was handed over, then stop the thread (a later `hand` starts it again)."""
        self.settle()
        with self._lock:
            worker, self._worker = self._worker, None
        if worker is not None:
            worker.shutdown(wait=True)

    def _drain(self) -> None:
        while True:
            with self._lock:
                pending, self._pending = self._pending, None
                if pending is None:
                    self._idle.set()
                    return
            try:
                self._work(pending[0])
            except Exception:  # a bug: told in the log, the game goes on
                log.exception("%s failed", self._name)
