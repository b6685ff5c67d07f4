"""Cosmetic motion for the dice: a decaying cup shake and a die's tumbling flight to the table.

Both are pure functions of time and a seed. Each owns a `random.Random(seed)`, never the
module-level `random`, so the rules' RNG is untouched and a seeded game looks the same at any
frame rate. The rules have already decided the faces; `tumble` only reveals `final_face` on landing.

    >>> cup = Shake(duration=0.6, amplitude=6.0, frequency=14.0, seed=7)
    >>> cup.offset(0.6)
    (0.0, 0.0, 0.0)
    >>> cup.offset(0.3) == Shake(0.6, 6.0, 14.0, seed=7).offset(0.3)
    True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from game.anim.easing import out_cubic, out_quad

SHAKE_ATTACK = 0.04  # s: ramp-in so the cup does not jump on the first frame
SHAKE_MAX_ANGLE = 7.0  # degrees of tilt at full amplitude

TUMBLE_TIME = 0.9  # s: throw to rest
TUMBLE_HEIGHT_PER_DISTANCE = 0.35  # peak lift per px travelled, when no height is given
TUMBLE_MAX_REST_ANGLE = 9.0  # degrees: how crooked a die may come to rest
TUMBLE_FLIP_FIRST = 0.045  # s between the first shown faces while airborne
TUMBLE_FLIP_GROWTH = 1.22  # each flip a little slower, as the die loses spin
FLIGHT_SHARE = 0.86  # of the ground distance covered before first touchdown; the rest is a skid

Point = tuple[float, float]


def _smooth(t: float) -> float:
    return t * t * (3.0 - 2.0 * t)


class Shake:
    """A jittery shake that starts at once and decays to exactly zero at `duration`.

    `amplitude` is in px, `frequency` in direction changes per second, angles in degrees. The
    jitter is value noise over alternating-sign knots: a back-and-forth, like a hand shaking a cup,
    rather than white noise.

    It is also a timeline step: `update(dt)`, `done`, `finish()`, and `current` is the offset now.
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
    ) -> None:
        if duration <= 0.0 or frequency <= 0.0:
            raise ValueError(f"duration and frequency must be > 0, got {duration}, {frequency}")
        self.duration = float(duration)
        self.amplitude = float(amplitude)
        self.frequency = float(frequency)
        self.max_angle = float(max_angle)
        self.attack = min(float(attack), self.duration)
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
        """0..1: the ramp-in times a quadratic decay that is exactly 0 from `duration` on."""
        if t <= 0.0 or t >= self.duration:
            return 0.0
        ramp = 1.0 if self.attack <= 0.0 else min(1.0, t / self.attack)
        return ramp * (1.0 - t / self.duration) ** 2

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


@dataclass(frozen=True)
class TumblePose:
    """Where to draw a tumbling die at one instant.

    `x, y` is the die's centre on screen, raised by `lift` px above its shadow at
    `shadow_x, shadow_y` (the point on the table under it). `face` is the face to show now.
    """

    x: float
    y: float
    shadow_x: float
    shadow_y: float
    lift: float  # px above the table
    angle: float  # degrees, counter-clockwise as pygame.transform.rotate
    face: int
    landed: bool  # True once the last hop is over (it may still skid a few px)


def _adjacent_faces(face: int) -> tuple[int, ...]:
    # A die rolling over one edge shows a neighbour: never the same face, never the opposite one.
    return tuple(f for f in range(1, 7) if f != face and f != 7 - face)


@dataclass(frozen=True)
class TumblePath:
    """One die's throw from `start` to `end`, decided by `seed`; ask `pose(t)` for any time.

    The flight is a ballistic arc to a first touchdown, then two shrinking hops while it skids the
    last bit of the way and its spin runs out; the face settles on the second touchdown. The seed
    varies the touchdown time, hop heights, sideways curve, spin and rest angle, so five dice
    thrown together land a little differently.
    """

    start: Point
    end: Point
    seed: int
    final_face: int | None = None
    duration: float = TUMBLE_TIME
    height: float | None = None  # px of peak lift; None scales it with the distance
    max_rest_angle: float = TUMBLE_MAX_REST_ANGLE
    _plan: dict[str, float] = field(init=False, repr=False, compare=False)
    _flips: tuple[float, ...] = field(init=False, repr=False, compare=False)
    _faces: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.duration <= 0.0:
            raise ValueError(f"a tumble needs a positive duration, got {self.duration}")
        if self.final_face is not None and not 1 <= self.final_face <= 6:
            raise ValueError(f"a die shows 1 to 6, got {self.final_face!r}")
        rng = random.Random(self.seed)
        distance = math.dist(self.start, self.end)
        peak = self.height if self.height is not None else TUMBLE_HEIGHT_PER_DISTANCE * distance
        land = rng.uniform(0.56, 0.66)  # share of the duration in the air before touchdown
        rest = 1.0 - land
        hop1 = rest * rng.uniform(0.42, 0.5)
        hop2 = rest * rng.uniform(0.22, 0.28)
        plan = {
            "land": land,
            "hop1_end": land + hop1,
            "hop2_end": land + hop1 + hop2,
            "peak": peak,
            "hop1_height": peak * rng.uniform(0.16, 0.24),
            "hop2_height": peak * rng.uniform(0.04, 0.07),
            "bulge": rng.uniform(-0.08, 0.08) * distance,  # px sideways at mid-flight
            "spin": rng.choice((-1.0, 1.0)) * rng.uniform(320.0, 620.0),  # degrees
            "rest_angle": rng.uniform(-self.max_rest_angle, self.max_rest_angle),
        }
        # Shown faces change at growing intervals until the face locks on the second touchdown.
        lock = plan["hop1_end"] * self.duration
        flips = []
        t, gap = 0.0, TUMBLE_FLIP_FIRST * rng.uniform(0.8, 1.2)
        while t + gap < lock:
            t += gap
            flips.append(t)
            gap *= TUMBLE_FLIP_GROWTH
        flips.append(lock)
        final = self.final_face if self.final_face is not None else rng.randint(1, 6)
        # Built backwards from the final face so every change is a plausible roll over an edge.
        faces = [final]
        for _ in flips:
            faces.append(rng.choice(_adjacent_faces(faces[-1])))
        faces.reverse()
        object.__setattr__(self, "_plan", plan)
        object.__setattr__(self, "_flips", tuple(flips))
        object.__setattr__(self, "_faces", tuple(faces))

    @property
    def face_sequence(self) -> tuple[int, ...]:
        """Every face shown in order, the last being the face it lands on."""
        return self._faces

    @property
    def rest_angle(self) -> float:
        return self._plan["rest_angle"]

    def _ground(self, u: float) -> Point:
        """The point on the table under the die at time share `u`."""
        plan = self._plan
        if u < plan["land"]:
            along = FLIGHT_SHARE * (u / plan["land"])  # ballistic: constant ground speed
        else:
            skid = (u - plan["land"]) / (1.0 - plan["land"])
            along = FLIGHT_SHARE + (1.0 - FLIGHT_SHARE) * out_quad(skid)
        (x0, y0), (x1, y1) = self.start, self.end
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
        # A sideways curve that is zero at both ends, so the die still stops exactly on `end`.
        side = plan["bulge"] * math.sin(math.pi * along) if length > 0.0 else 0.0
        nx, ny = (-dy / length, dx / length) if length > 0.0 else (0.0, 0.0)
        if along == 1.0:
            return (x1, y1)
        return (x0 + dx * along + nx * side, y0 + dy * along + ny * side)

    def _lift(self, u: float) -> float:
        plan = self._plan
        arcs = (
            (0.0, plan["land"], plan["peak"]),
            (plan["land"], plan["hop1_end"], plan["hop1_height"]),
            (plan["hop1_end"], plan["hop2_end"], plan["hop2_height"]),
        )
        for begin, finish, height in arcs:
            if begin <= u < finish:
                s = (u - begin) / (finish - begin)
                return 4.0 * height * s * (1.0 - s)
        return 0.0

    def _face(self, t: float) -> int:
        for i, flip in enumerate(self._flips):
            if t < flip:
                return self._faces[i]
        return self._faces[-1]

    def pose(self, t: float) -> TumblePose:
        """The die at `t` seconds after the throw; clamped to the start and to rest at the end."""
        u = min(max(t / self.duration, 0.0), 1.0)
        gx, gy = self._ground(u)
        lift = self._lift(u)
        # Spin runs down smoothly and ends exactly on the rest angle.
        angle = self.rest_angle + self._plan["spin"] * (1.0 - out_cubic(u))
        return TumblePose(
            x=gx,
            y=gy - lift,
            shadow_x=gx,
            shadow_y=gy,
            lift=lift,
            angle=angle,
            face=self._face(u * self.duration),
            landed=u >= self._plan["hop2_end"],
        )


def tumble(
    start: Point,
    end: Point,
    t: float,
    seed: int,
    *,
    final_face: int | None = None,
    duration: float = TUMBLE_TIME,
    height: float | None = None,
) -> TumblePose:
    """One die's pose `t` seconds into its throw (see TumblePath; build one to reuse per frame).

    >>> pose = tumble((0.0, 0.0), (300.0, 40.0), t=0.9, seed=3, final_face=5)
    >>> (pose.x, pose.y, pose.lift, pose.face, pose.landed)
    (300.0, 40.0, 0.0, 5, True)
    """
    path = TumblePath(start, end, seed, final_face, duration, height)
    return path.pose(t)
