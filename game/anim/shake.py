"""The cup's shake: a decaying jitter, a pure function of time and a seed.

It owns a `random.Random(seed)`, never the module-level `random`, so the rules' RNG is
untouched and a seeded game looks the same at any frame rate. (The dice's flight is
game.anim.throw.)

    >>> cup = Shake(duration=0.6, amplitude=6.0, frequency=14.0, seed=7)
    >>> cup.offset(0.6)
    (0.0, 0.0, 0.0)
    >>> cup.offset(0.3) == Shake(0.6, 6.0, 14.0, seed=7).offset(0.3)
    True
"""

from __future__ import annotations

import math
import random

SHAKE_ATTACK = 0.04  # s: ramp-in so the cup does not jump on the first frame
SHAKE_MAX_ANGLE = 7.0  # degrees of tilt at full amplitude


def _smooth(t: float) -> float:
    return t * t * (3.0 - 2.0 * t)


class Shake:
    """A jittery shake that starts at once and decays to exactly zero at `duration`.

    `amplitude` is in px, `frequency` in direction changes per second, angles in degrees. The
    jitter is value noise over alternating-sign knots: a back-and-forth, like a hand shaking a cup,
    rather than white noise.

    A step, as tweens are: `update(dt)`, `done`, `finish()`; `current` is the offset now.
    """

    def __init__(
        self,
        duration: float,
        amplitude: float,
        frequency: float = 14.0,
        seed: int = 0,
        *,
        max_angle: float = SHAKE_MAX_ANGLE,
        attack: float = SHAKE_ATTACK,
        hold: float = 0.0,
    ) -> None:
        if duration <= 0.0 or frequency <= 0.0:
            raise ValueError(f"duration and frequency must be > 0, got {duration}, {frequency}")
        self.duration = float(duration)
        self.amplitude = float(amplitude)
        self.frequency = float(frequency)
        self.max_angle = float(max_angle)
        self.attack = min(float(attack), self.duration)
        self.hold = min(max(float(hold), 0.0), self.duration)  # s at full swing (after the ramp)
        self.seed = seed
        rng = random.Random(seed)
        count = math.ceil(self.duration * self.frequency) + 2
        self._knots = tuple(self._channel(rng, count) for _ in range(3))
        self.elapsed = 0.0  # s

    @staticmethod
    def _channel(rng: random.Random, count: int) -> tuple[float, ...]:
        sign = rng.choice((-1.0, 1.0))
        knots = []
        for _ in range(count):
            knots.append(sign * rng.uniform(0.45, 1.0))
            sign = -sign
        return tuple(knots)

    def envelope(self, t: float) -> float:
        """0..1: the ramp-in, full swing until `hold`, then a quadratic decay that is exactly
        0 from `duration` on."""
        if t <= 0.0 or t >= self.duration:
            return 0.0
        ramp = 1.0 if self.attack <= 0.0 else min(1.0, t / self.attack)
        if t <= self.hold:
            return ramp
        return ramp * (1.0 - (t - self.hold) / (self.duration - self.hold)) ** 2

    def _noise(self, channel: int, t: float) -> float:
        x = t * self.frequency
        i = int(x)
        knots = self._knots[channel]
        a, b = knots[i], knots[min(i + 1, len(knots) - 1)]
        return a + (b - a) * _smooth(x - i)

    def offset(self, t: float) -> tuple[float, float, float]:
        """(dx px, dy px, angle degrees) at `t` s; (0, 0, 0) before 0 and from `duration` on."""
        k = self.envelope(t)
        if k == 0.0:
            return (0.0, 0.0, 0.0)
        dx = self.amplitude * k * self._noise(0, t)
        # Up and down half a swing behind: while one way turns, the other moves (a cup swung
        # round, never still for a moment).
        dy = self.amplitude * k * 0.6 * self._noise(1, t + 0.5 / self.frequency)
        # The cup tilts with its sideways swing, plus a little of its own wobble.
        angle = self.max_angle * k * (0.7 * self._noise(0, t) + 0.3 * self._noise(2, t))
        return (dx, dy, angle)

    @property
    def current(self) -> tuple[float, float, float]:
        return self.offset(self.elapsed)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        self.elapsed += dt
        if self.elapsed >= self.duration:
            leftover = self.elapsed - self.duration
            self.elapsed = self.duration
            return leftover
        return 0.0

    def finish(self) -> None:
        self.elapsed = self.duration
