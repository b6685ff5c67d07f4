"""An asyncio event loop on a thread of its own: the network never runs on the game's frames.

`start()` runs the loop; `submit(coroutine)` hands it work from any thread; `stop()` ends the
tasks still running, closes the loop and joins the thread, within a time limit.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import threading
from collections.abc import Coroutine
from typing import TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")


class LoopThread:
    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_forever()
        finally:
            tasks = asyncio.all_tasks(self.loop)
            for task in tasks:
                task.cancel()
            with contextlib.suppress(Exception):
                self.loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
                self.loop.run_until_complete(self.loop.shutdown_asyncgens())
                self.loop.run_until_complete(self.loop.shutdown_default_executor())
            self.loop.close()

    def submit(self, coroutine: Coroutine[object, None, T]) -> concurrent.futures.Future[T]:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop)

    def run(self, coroutine: Coroutine[object, None, T], timeout: float) -> T:
        """Run `coroutine` on the loop and wait for its result (from another thread)."""
        return self.submit(coroutine).result(timeout)

    @property
    def in_loop(self) -> bool:
        return threading.current_thread() is self.thread

    def stop(self, timeout: float = 5.0) -> None:
        if self.thread.is_alive():
            with contextlib.suppress(RuntimeError):  # closed already
                self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout)
            if self.thread.is_alive():
                log.error("the network thread %s did not stop in %s s", self.thread.name, timeout)
        elif not self.loop.is_closed():
            self.loop.close()
