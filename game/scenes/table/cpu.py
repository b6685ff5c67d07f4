"""The CPU driver: asks a CPU seat's strategy in a worker thread and paces its actions.

Headless (no pygame): the table calls `step(dt, state)` every frame while a CPU is to play
and gets back an action to apply once the strategy has answered and the pause before it
(an `anim.Wait`, in seconds) has run out. The strategy runs off the main thread so a slow
first decision never freezes the window.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Generic, TypeVar

from game.anim import Wait
from game.rules import GameState
from game.rules.actions import Hold, Release

if TYPE_CHECKING:  # a plain import would load the table package, and pygame with it
    from game.scenes.table.notes import SeatNote

# A CPU's pace (game.storage.settings.CPU_PACES): the seconds before each of its actions, and
# how fast the tray's clock runs in its turn (its throws, tidy slides and drifts: 0.5 plays
# them twice as fast).
# At "normal" a turn of about three rolls shows in 2-3 s (python -m game.tools.bench
# cpu_turns); "instant" shows only where each turn ended.
CPU_DELAY = {"slow": 0.9, "normal": 0.2, "fast": 0.12, "instant": 0.0}
CPU_MOTION = {"slow": 1.0, "normal": 0.33, "fast": 0.2, "instant": 0.0}
CPU_HOLD_SHARE = 0.4  # holds come quicker than rolls and scores
CPU_FAST = 0.3  # delay and animation factor while the player speeds CPUs up

# In the worker thread: the state -> the decision (the board's: the action, and why).
D = TypeVar("D")


def cpu_delay(action: object, pace: str, fast: bool, animation_scale: float) -> float:
    """Seconds to wait before the CPU action that follows `action`.

    >>> round(cpu_delay(Hold(0), "normal", fast=False, animation_scale=1.0), 3)
    0.08
    """
    delay = CPU_DELAY[pace]
    if isinstance(action, (Hold, Release)):
        delay *= CPU_HOLD_SHARE
    if fast:
        delay *= CPU_FAST
    return delay * max(0.2, animation_scale) if delay else 0.0


class CpuDriver(Generic[D]):
    """One CPU decision at a time: asked in a thread, handed over after a pause."""

    def __init__(self, decide: Callable[[GameState], D]) -> None:
        self.decide = decide
        self.fast = False  # the player asked for fast CPU turns
        self.reason: SeatNote | None = None  # the last CPU decision, if reasons are wanted
        self.pause = Wait(0.0)  # before the next action
        self.future: Future[D] | None = None
        self.future_state: GameState | None = None
        self._executor: ThreadPoolExecutor | None = None

    def worker(self) -> ThreadPoolExecutor:
        """The one thread CPU thinking runs on, made when first needed."""
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="cpu")
        return self._executor

    def wait(self, seconds: float) -> None:
        """Pause this long before the next action."""
        self.pause = Wait(seconds)

    def cancel(self) -> None:
        """Forget the decision under way (the state moved on without it)."""
        self.future = None

    def shutdown(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)

    def think(self, state: GameState) -> None:
        """Ask for the decision in `state` now, unless it is asked already: the CPU thinks
        while its last move still plays out, so its decision is in as its pause begins
        (and what the move will do can be worked out ahead over the whole pause)."""
        if self.future is None or self.future_state is not state:
            self.future = self.worker().submit(self.decide, state)
            self.future_state = state

    def step(self, dt: float, state: GameState) -> D | None:
        """One frame of a CPU's turn: the decision when it is time to play it."""
        self.pause.update(dt)
        if self.future is None:
            self.think(state)
            return None
        if not self.pause.done or not self.future.done():
            return None
        future, self.future = self.future, None
        if self.future_state is not state:
            return None  # the state moved on (skip, load): decide again
        return future.result()
