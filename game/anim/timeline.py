"""Timelines: compose steps (tweens, waits, calls) into sequences and parallel groups.

Every step follows the `Step` protocol of game.anim.tween: `update(dt)` returns the seconds it did
not use once finished, so a Sequence hands the rest of a large dt to the next step and a long
frame plays several steps in their proper order. `finish()` runs everything that is left, in order
and with every call, which is how the table skips a CPU turn's animation: the state ends exactly
where it would have after watching it.

    >>> log = []
    >>> say = lambda word: Call(lambda: log.append(word))
    >>> show = Sequence(say("roll"), Wait(0.5), say("hold"))
    >>> show.update(0.2), log
    (0.0, ['roll'])
    >>> show.update(1.0), log, show.done
    (0.7, ['roll', 'hold'], True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game.anim.tween import Step


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


class Call:
    """Call `fn` once, taking no time; `fn` receives no arguments (bind them with a lambda)."""

    def __init__(self, fn: Callable[[], object]) -> None:
        self.fn = fn
        self._done = False

    @property
    def done(self) -> bool:
        return self._done

    def update(self, dt: float) -> float:
        self.finish()
        return dt

    def finish(self) -> None:
        if not self._done:
            # Marked first so a callback that finishes its own timeline cannot call it twice.
            self._done = True
            self.fn()

    def __repr__(self) -> str:
        return f"Call({getattr(self.fn, '__name__', self.fn)!r})"


class Sequence:
    """Run steps one after another; time a step does not use goes on to the next."""

    def __init__(self, *steps: Step) -> None:
        self.steps: list[Step] = list(steps)
        self.index = 0  # the step now playing

    @classmethod
    def of(cls, steps: Iterable[Step]) -> Sequence:
        return cls(*steps)

    def then(self, step: Step) -> Sequence:
        """Append a step (also while playing); returns self so calls chain."""
        self.steps.append(step)
        return self

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    def update(self, dt: float) -> float:
        while self.index < len(self.steps):
            step = self.steps[self.index]
            dt = step.update(dt)
            if not step.done:
                return 0.0
            self.index += 1
        return dt

    def finish(self) -> None:
        while self.index < len(self.steps):
            self.steps[self.index].finish()
            self.index += 1

    def __repr__(self) -> str:
        return f"Sequence({self.index}/{len(self.steps)})"


class Parallel:
    """Run steps together; done when the longest is, and its leftover is what the longest left."""

    def __init__(self, *steps: Step) -> None:
        self.steps: list[Step] = list(steps)

    @classmethod
    def of(cls, steps: Iterable[Step]) -> Parallel:
        return cls(*steps)

    def add(self, step: Step) -> Parallel:
        self.steps.append(step)
        return self

    @property
    def done(self) -> bool:
        return all(step.done for step in self.steps)

    def update(self, dt: float) -> float:
        # A step that was already done used none of this dt, so it leaves all of it over.
        leftover = dt
        for step in self.steps:
            if not step.done:
                leftover = min(leftover, step.update(dt))
        return leftover if self.done else 0.0

    def finish(self) -> None:
        for step in self.steps:
            step.finish()

    def __repr__(self) -> str:
        return f"Parallel({sum(s.done for s in self.steps)}/{len(self.steps)} done)"


def stagger(steps: Iterable[Step], gap: float) -> Parallel:
    """Start each step `gap` seconds after the previous one: five dice landing one by one."""
    return Parallel(*(Sequence(Wait(i * gap), step) for i, step in enumerate(steps)))
