"""Tweens and waits: the game's timed steps, in seconds.

A `Tween` moves one attribute (or dict key) of a target from a start to an end value over
seconds; a `Wait` does nothing for a while (the CPU's pauses, the coach's). Each is a step:
`update(dt)` advances it and returns the time it did not use once finished, `done` says
whether it has, `finish()` jumps to the end.

Values are floats or tuples of floats (a position, a colour); a `pygame.FRect`'s `center` or a
`Vector2` works because they read as sequences and accept tuples.

    >>> box = {"x": 0.0}
    >>> tween = Tween(box, "x", 10.0, duration=1.0)
    >>> tween.update(0.5)
    0.0
    >>> box["x"]
    5.0
    >>> tween.update(0.75), box["x"], tween.done
    (0.25, 10.0, True)
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, MutableMapping, Sequence
from typing import TypeAlias

from game.anim.easing import Easing, linear

log = logging.getLogger(__name__)

Value: TypeAlias = float | tuple[float, ...]


def _as_value(raw: object) -> Value:
    """A float, or a tuple of floats for anything sequence-like (tuple, Vector2, FRect.center)."""
    if isinstance(raw, (int, float)):
        return float(raw)
    if isinstance(raw, Iterable):
        return tuple(float(v) for v in raw)
    raise TypeError(f"can only tween numbers or sequences of numbers, got {raw!r}")


def lerp(start: Value, end: Value, k: float) -> Value:
    """Blend from `start` (k = 0) to `end` (k = 1); k outside [0, 1] overshoots (back, elastic).

    The end is returned as is at k = 1 so a finished tween sits exactly on its target.

    >>> lerp(0.0, 10.0, 0.25)
    2.5
    >>> lerp((0.0, 10.0), (10.0, 0.0), 0.5)
    (5.0, 5.0)
    """
    if k == 1.0:
        return end
    if isinstance(start, tuple):
        assert isinstance(end, tuple)
        return tuple(a + (b - a) * k for a, b in zip(start, end, strict=True))
    assert isinstance(end, float)
    return start + (end - start) * k


class Tween:
    """Animate `target.attr` (or `target[attr]` for a dict) to `end` over `duration` seconds.

    The start value is read when the tween begins (after `delay`) unless given, so a tween queued
    in a sequence starts from wherever the previous step left the attribute. `on_done` is called
    once, when the end is reached by `update` or `finish`.
    """

    def __init__(
        self,
        target: object,
        attr: str,
        end: Value | Sequence[float],
        duration: float,
        easing: Easing = linear,
        *,
        start: Value | Sequence[float] | None = None,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        if duration < 0.0 or delay < 0.0:
            raise ValueError(f"duration and delay must be >= 0, got {duration} and {delay}")
        self.target = target
        self.attr = attr
        self.end: Value = _as_value(end)
        self.start: Value | None = None if start is None else _as_value(start)
        if self.start is not None:
            self._check_shapes(self.start)
        self.duration = float(duration)
        self.delay = float(delay)
        self.easing = easing
        self.on_done = on_done
        self.elapsed = 0.0  # s, including the delay
        self._done = False

    @property
    def done(self) -> bool:
        return self._done

    @property
    def progress(self) -> float:
        """Un-eased fraction of the duration played, 0 during the delay."""
        if self.duration == 0.0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(max((self.elapsed - self.delay) / self.duration, 0.0), 1.0)

    def _read(self) -> object:
        if isinstance(self.target, MutableMapping):
            return self.target[self.attr]
        return getattr(self.target, self.attr)

    def _write(self, value: Value) -> None:
        if isinstance(self.target, MutableMapping):
            self.target[self.attr] = value
        else:
            setattr(self.target, self.attr, value)

    def _check_shapes(self, start: Value) -> None:
        if isinstance(start, tuple) != isinstance(self.end, tuple) or (
            isinstance(start, tuple) and isinstance(self.end, tuple) and len(start) != len(self.end)
        ):
            raise ValueError(f"cannot tween {self.attr!r} from {start!r} to {self.end!r}")

    def _begin(self) -> None:
        if self.start is None:
            self.start = _as_value(self._read())
            self._check_shapes(self.start)

    def update(self, dt: float) -> float:
        if self._done:
            return dt
        self.elapsed += dt
        if self.elapsed < self.delay:
            return 0.0
        self._begin()
        total = self.delay + self.duration
        if self.elapsed >= total:
            leftover = self.elapsed - total
            self._complete()
            return leftover
        assert self.start is not None
        self._write(lerp(self.start, self.end, self.easing(self.progress)))
        return 0.0

    def finish(self) -> None:
        if self._done:
            return
        self._begin()
        self.elapsed = self.delay + self.duration
        self._complete()

    def _complete(self) -> None:
        self._write(self.end)
        self._done = True
        if self.on_done is not None:
            self.on_done()

    def __repr__(self) -> str:
        return (
            f"Tween({type(self.target).__name__}.{self.attr} -> {self.end!r}, "
            f"{self.elapsed:.3f}/{self.delay + self.duration:.3f} s)"
        )


class Wait:
    """Do nothing for `seconds`."""

    def __init__(self, seconds: float) -> None:
        if seconds < 0.0:
            raise ValueError(f"cannot wait a negative time, got {seconds}")
        self.seconds = float(seconds)
        self.elapsed = 0.0  # s

    @property
    def done(self) -> bool:
        return self.elapsed >= self.seconds

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        self.elapsed += dt
        if self.elapsed >= self.seconds:
            leftover = self.elapsed - self.seconds
            self.elapsed = self.seconds
            return leftover
        return 0.0

    def finish(self) -> None:
        self.elapsed = self.seconds

    def __repr__(self) -> str:
        return f"Wait({self.seconds})"
