"""Tweens: move one attribute (or dict key) of a target from a start to an end value over seconds.

A `Tween` is a step: `update(dt)` advances it and returns the time it did not use once finished,
`done` says whether it has, `finish()` jumps to the end. Timelines (game.anim.timeline) compose
steps. A `Tweener` runs many steps at once, replaces a running tween when the same (target,
attribute) is tweened again, plays everything faster with `speed`, and `finish_all()` jumps every
animation to its end for "skip animation".

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
from collections.abc import Callable, MutableMapping, Sequence
from typing import Any, Protocol, TypeAlias, TypeVar

from game.anim.easing import Easing, get

log = logging.getLogger(__name__)

Value: TypeAlias = float | tuple[float, ...]

FINISH_ROUNDS_MAX = 1000  # callbacks that keep scheduling new work are cut off after this many


class Step(Protocol):
    """Anything a timeline or a Tweener can run: tweens, waits, calls, sequences, shakes."""

    @property
    def done(self) -> bool: ...

    def update(self, dt: float) -> float:
        """Advance by `dt` seconds; return the seconds left over once finished (else 0.0)."""
        ...

    def finish(self) -> None:
        """Jump to the end, with every side effect (values set, callbacks called) in order."""
        ...


def _as_value(raw: Any) -> Value:
    """A float, or a tuple of floats for anything sequence-like (tuple, Vector2, FRect.center)."""
    if isinstance(raw, (int, float)):
        return float(raw)
    if isinstance(raw, Sequence) or hasattr(raw, "__iter__"):
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


S = TypeVar("S", bound=Step)


class Tween:
    """Animate `target.attr` (or `target[attr]` for a dict) to `end` over `duration` seconds.

    The start value is read when the tween begins (after `delay`) unless given, so a tween queued
    in a sequence starts from wherever the previous step left the attribute. `on_done` is called
    once, when the end is reached by `update` or `finish`; a tween replaced or cancelled by a
    Tweener never calls it.
    """

    def __init__(
        self,
        target: Any,
        attr: str,
        end: Value | Sequence[float],
        duration: float,
        easing: str | Easing = "linear",
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
        self.easing: Easing = get(easing)
        self.on_done = on_done
        self.elapsed = 0.0  # s, including the delay
        self._done = False

    @property
    def key(self) -> tuple[int, str]:
        """What a Tweener replaces on: the target object's identity and the attribute name."""
        return (id(self.target), self.attr)

    @property
    def done(self) -> bool:
        return self._done

    @property
    def progress(self) -> float:
        """Un-eased fraction of the duration played, 0 during the delay."""
        if self.duration == 0.0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(max((self.elapsed - self.delay) / self.duration, 0.0), 1.0)

    def _read(self) -> Any:
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
            isinstance(start, tuple) and len(start) != len(self.end)  # type: ignore[arg-type]
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


class Tweener:
    """Runs tweens and other steps together; one per scene.

    `speed` scales every dt (2.0 plays animations twice as fast); `finish_all()` jumps them all to
    their ends, for "skip animation".
    """

    def __init__(self, speed: float = 1.0) -> None:
        self._steps: list[Step] = []
        self._by_key: dict[tuple[int, str], Tween] = {}
        self.speed = speed

    @property
    def speed(self) -> float:
        return self._speed

    @speed.setter
    def speed(self, factor: float) -> None:
        if factor <= 0.0:
            raise ValueError(f"speed must be > 0, got {factor}")
        self._speed = float(factor)

    def tween(
        self,
        target: Any,
        attr: str,
        end: Value | Sequence[float],
        duration: float,
        easing: str | Easing = "linear",
        *,
        start: Value | Sequence[float] | None = None,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> Tween:
        """Start a Tween (see its arguments), replacing any running on the same attribute."""
        return self.add(
            Tween(target, attr, end, duration, easing, start=start, delay=delay, on_done=on_done)
        )

    def add(self, step: S) -> S:
        """Run `step`; a Tween replaces any running tween on the same (target, attribute)."""
        if isinstance(step, Tween):
            old = self._by_key.pop(step.key, None)
            if old is not None:
                # The old tween stops where it is and the new one, if it reads its start, picks
                # up from there: a die moving to the tray can be sent back mid-way without a jump.
                self._steps.remove(old)
            self._by_key[step.key] = step
        self._steps.append(step)
        return step

    def cancel(self, target: Any, attr: str | None = None) -> None:
        """Stop the tweens on `target` (one attribute, or all), leaving values where they are."""
        for key, tween in list(self._by_key.items()):
            if tween.target is target and (attr is None or tween.attr == attr):
                del self._by_key[key]
                self._steps.remove(tween)

    def clear(self) -> None:
        """Stop everything where it is, without callbacks."""
        self._steps.clear()
        self._by_key.clear()

    def is_tweening(self, target: Any, attr: str | None = None) -> bool:
        return any(
            t.target is target and (attr is None or t.attr == attr) for t in self._by_key.values()
        )

    @property
    def active(self) -> bool:
        """Whether anything is still running."""
        return bool(self._steps)

    def __len__(self) -> int:
        return len(self._steps)

    def update(self, dt: float) -> None:
        """Advance everything by `dt` seconds of real time, times `speed`."""
        scaled = dt * self._speed
        # A snapshot: callbacks may add or replace steps while we iterate; those start next frame.
        for step in list(self._steps):
            if step.done or not self._running(step):
                continue
            step.update(scaled)
        self._prune()

    def finish_all(self) -> None:
        """Jump every step to its end, in the order they were added, running their callbacks.

        Callbacks that start new steps get those finished too, so a chain of animations settles.
        """
        for _ in range(FINISH_ROUNDS_MAX):
            pending = [s for s in self._steps if not s.done]
            if not pending:
                break
            for step in pending:
                if self._running(step):
                    step.finish()
            self._prune()
        else:
            log.warning("finish_all gave up after %d rounds of new steps", FINISH_ROUNDS_MAX)
        self._prune()

    def _running(self, step: Step) -> bool:
        # A tween replaced by a callback during this frame must not be advanced any more.
        return not isinstance(step, Tween) or self._by_key.get(step.key) is step

    def _prune(self) -> None:
        self._steps = [s for s in self._steps if not s.done and self._running(s)]
        self._by_key = {k: t for k, t in self._by_key.items() if not t.done}
