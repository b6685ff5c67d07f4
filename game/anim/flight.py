"""A roll in progress, as time: the cup shakes, tips and pours, the throw plays back, and the
cup stands up again. Pure math over seconds (no pygame), the same at any frame rate.

The throw itself (game.anim.throw) is simulated when first needed: a frame after the key, so
the frame of the roll itself (a new card, new buttons, a new line) has less to do.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from game.anim.shake import Shake
from game.anim.throw import STEP, Throw

# The key: the cup shakes at full swing for SHAKE_HOLD, a rattle the eye sees, and tips as the
# shake dies away; the first die is out of the cup within 0.2 s of the key.
SHAKE_TIME = 0.16  # s the cup shakes (its last moments while it already tips)
SHAKE_HOLD = 0.09  # s of it at full swing, before the tip
TIP_FROM = 0.09  # s after the key the cup starts to tip, the shake dying away
TIP_TIME = 0.11  # s the cup takes to tip over: seven frames at 60 fps, three at 20
POUR_FROM = 0.7  # of the tip: the dice start to pour out as the cup ends its tip
PLAYBACK = 1.7  # s of the simulated throw shown per s: its slow gravity, played brisker
POUR_ANGLE = -55.0  # degrees the cup tips as the dice pour out
RIGHT_TIME = 0.35  # s the cup takes to stand up again
STILL_PX = 0.4  # px: a thrown die closer than this to where it rests is shown resting
SHAKE_SIZE = 0.2  # die sizes the cup swings at most as it shakes
SHAKE_TILT = 12.0  # degrees it tilts at most with its swing
SHAKE_FREQUENCY = 26.0  # its changes of direction a second: two back and forth before the tip


@dataclass
class Flight:
    """A roll in progress: the shake, the tip of the cup and the throw played back."""

    simulate: Callable[[], Throw]  # the throw, simulated (or taken as recorded) when needed
    shake: Shake | None
    shake_time: float  # s
    tip_from: float  # s: when the cup starts to tip
    tip_time: float  # s
    speed: float  # animation time scale: 0.5 plays twice as fast
    die_size: float = 1.0  # px
    time: float = 0.0  # s since the roll began
    frames: int = 0  # steps since the roll began
    heard: int = 0  # impacts already played
    _throw: Throw | None = None
    _end: float = 0.0

    @classmethod
    def start(
        cls, simulate: Callable[[], Throw], speed: float, die_size: float, seed: int
    ) -> Flight:
        """A roll begun at `speed` (1: normal) for dice of `die_size` px; `seed` makes the
        shake."""
        shake_time = SHAKE_TIME * speed
        shake = Shake(
            shake_time,
            amplitude=die_size * SHAKE_SIZE,
            frequency=SHAKE_FREQUENCY,
            seed=seed,
            max_angle=SHAKE_TILT,
            hold=SHAKE_HOLD * speed,
        )
        return cls(simulate, shake, shake_time, TIP_FROM * speed, TIP_TIME * speed, speed, die_size)

    @property
    def throw(self) -> Throw:
        if self._throw is None:
            self._throw = self.simulate()
            self._end = shown_end(self._throw, self.die_size)
        return self._throw

    @property
    def simulated(self) -> bool:
        """Whether the throw is known yet (it is simulated a step after the roll)."""
        return self._throw is not None

    @property
    def end(self) -> float:
        """Seconds into the throw when it is shown over: no die moves a visible bit after."""
        self.throw  # noqa: B018 (simulated when first needed)
        return self._end

    @property
    def throw_time(self) -> float:
        """Seconds into the throw itself (negative while the cup shakes and tips)."""
        return self.throw_time_at(self.time)

    def throw_time_at(self, time: float) -> float:
        """Seconds into the throw at `time` s into the roll."""
        pour = self.tip_from + self.tip_time * POUR_FROM
        return (time - pour) / self.speed * PLAYBACK

    def advance(self, dt: float) -> None:
        self.time += dt
        self.frames += 1
        if self.shake is not None:
            self.shake.update(dt)

    @property
    def shaking(self) -> bool:
        return self.time < self.shake_time

    def cup_offset(self) -> tuple[float, float]:
        """px the cup is moved from its place by the shake."""
        if self.shake is None or not self.shaking:
            return (0.0, 0.0)
        dx, dy, _ = self.shake.current
        return (dx, dy)

    def cup_angle(self) -> float:
        """Degrees the cup is turned (counter-clockwise): shaking, tipping, pouring, righting."""
        # The shake's last wobbles die away while the cup already tips.
        tilt = self.shake.current[2] if self.shake is not None else 0.0
        return self._cup_angle(tilt, self.time)

    def cup_angles(self, step: float, known: bool) -> list[float]:
        """The cup's angles (as `cup_angle` gives them) in the frames to come, `step` s
        apart, in their order: to the end of its righting if the throw is `known` (the
        righting waits for the last die to leave the cup), else while it shakes before it
        tips (its tip is drawn with the throw in hand)."""
        end = self.tip_from
        if known:
            out = self.throw.born[-1] * self.speed / PLAYBACK
            end += self.tip_time + out + 0.05 + RIGHT_TIME * self.speed
        angles: list[float] = []
        time = self.time + step
        while time < end:
            tilt = self.shake.offset(time)[2] if self.shake is not None else 0.0
            angles.append(self._cup_angle(tilt, time))
            time += step
        return angles

    def _cup_angle(self, tilt: float, time: float) -> float:
        """The cup's angle `time` s into the roll, tilted `tilt` degrees by its shake."""
        after = time - self.tip_from
        if after < 0:
            return tilt
        tip, back = self.tip_time, RIGHT_TIME * self.speed
        out = self.throw.born[-1] * self.speed / PLAYBACK  # the last die leaves the cup
        if after < tip:
            return tilt + POUR_ANGLE * smooth(after / tip)
        if after < tip + out + 0.05:
            return tilt + POUR_ANGLE
        return tilt + POUR_ANGLE * (1.0 - smooth((after - tip - out - 0.05) / back))


def shown_end(throw: Throw, size: float) -> float:
    """Seconds into `throw` from which every die is less than STILL_PX from how it rests (its
    place, height and corners), for dice of `size` px: the creeping of its last moments is not
    worth watching."""
    end = 0.0
    near = STILL_PX / max(size, 1.0)  # in die sizes
    for k, samples in enumerate(throw.samples):
        rx, ry, rz, rq = samples[-1]
        last = 0
        for i in range(len(samples) - 1, -1, -1):
            x, y, z, q = samples[i]
            dot = abs(sum(a * b for a, b in zip(q, rq, strict=True)))
            turned = 2.0 * math.acos(min(1.0, dot)) * 0.87  # a corner's way, in die sizes
            if math.dist((x, y, z), (rx, ry, rz)) > near or turned > near:
                last = i + 1
                break
        end = max(end, throw.born[k] + last * STEP)
    return min(end, throw.duration)


def smooth(t: float) -> float:
    """Smoothstep of `t` clamped to 0..1: eases in and out."""
    t = min(max(t, 0.0), 1.0)
    return t * t * (3.0 - 2.0 * t)
