"""A throw of the dice, simulated in full before it is shown, then played back over time.

pymunk moves the dice on the table's plane (positions, turns about the vertical, collisions with
each other and with the tray's walls); the height above the felt is a ballistic fall with bounces,
and each die's 3D orientation is rolled from its own motion: a seeded spin in the air, rolling
over the felt, then tipping flat onto its nearest face. Only then are the faces assigned: each
die's pips are turned (a turn that leaves the cube looking the same) so the face that ended up on
top is the face the rules rolled. The rules decide; the throw only shows it.

Everything is in die sizes, in the frame of the landing area: x to the right, y down the screen,
z up from the felt; (0, 0) is the area's top left. A fixed time step and a seeded RNG make the
same seed give the same throw at any frame rate: playback interpolates the recorded steps.

    throw = simulate(Area(6.5, 5.3), mouth=(-0.3, 2.0), faces=(3, 3, 5), seed=42)
    pose = throw.pose(0, 0.4)  # die 0, 0.4 s after the cup pours: pose.x, .y, .z, .turn

A throw is plain numbers (game.anim.throw_record turns it into a record and back): one machine
simulates it, another plays it back without pymunk.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pymunk

from game.anim import orientation as ori
from game.anim.felt import Area, Box, spread
from game.anim.orientation import Quat

STEP = 1 / 40  # s: the simulation's fixed time step (playback interpolates between steps)
MAX_TIME = 3.0  # s: a throw that has not settled by then is laid flat where it is
MAX_DICE = 6  # the most dice thrown at once (a card of six dice has them all in the air)
STAGGER = 0.05  # s between dice leaving the cup
MOUTH_SPREAD = 1.3  # die sizes across the cup's mouth the dice leave from
GRAVITY = 42.0  # die sizes/s^2: slower than real (600 for a 16 mm die) so the eye can follow
MOUTH_HEIGHT = 1.1  # die sizes above the felt where dice leave the cup
BOUNCE = 0.38  # share of the falling speed kept by a bounce off the felt
REST_SPEED = 1.4  # die sizes/s: a slower fall than this stays on the felt
BOUNCE_GRIP = 0.82  # share of the sliding speed kept through a bounce
SLIDE_FRICTION = 20.0  # die sizes/s^2: the felt's drag on a sliding die
TURN_FRICTION = 24.0  # rad/s^2: and on its turning about the vertical
ROLL_SHARE = 0.8  # how much of its slide a die on the felt turns into rolling over its edges
SETTLE_SPEED = 1.2  # die sizes/s: slower than this on the felt, a die tips flat
SETTLE_TIME = 0.1  # s to tip flat
STILL = 0.05  # die sizes/s: the throw is over when every die is flat and slower than this
BOX = 1.05  # die sizes: the collision square, a little larger than the die so resting dice
# keep a hair of felt between them
CORNER = 0.02  # die sizes: the square's rounding, small so it still covers the die's corners
SLOP = 0.01  # die sizes the solver lets shapes sink into each other (pymunk's default is 0.1)
WALL = 0.05  # die sizes: the walls' half thickness
STACK_HEIGHT = 0.8  # die sizes: dice higher than this fly over the others (walls still count)
WALLS, LOW, HIGH = 0b001, 0b010, 0b100  # collision categories
# (A die in the air must be of some category: of none, it would fly through the walls too.)
IN_THE_AIR = pymunk.ShapeFilter(categories=HIGH, mask=WALLS)
NEAR_THE_FELT = pymunk.ShapeFilter(categories=LOW, mask=WALLS | LOW)
MAX_CROOKED = math.radians(28.0)  # a die at rest is turned at most this far from square
STRAIGHTEN = 12.0  # 1/s: how fast a crooked resting die is nudged towards that limit
STRAIGHTEN_TIME = 0.25  # s: a die wedged between others that long stays as it is
READABLE_SLACK = math.radians(1.0)  # past MAX_CROOKED, the throw is made again
ATTEMPTS = 6  # throws made before the last one is taken whatever it looks like
LAUNCH_SPEED = (4.5, 7.0)  # die sizes/s across the felt as a die leaves the cup
LAUNCH_RISE = (2.5, 5.0)  # die sizes/s upwards as it leaves
SPREAD_TIME = 0.1  # s the dice take to ease apart where their drawn boxes would touch
NEAR = 0.01  # die sizes: a die resting this near where it comes to rest eases apart from there
IMPACT_SPEED = 1.0  # die sizes/s: slower hits make no sound
LOUDEST = 9.0  # die sizes/s: a hit this hard or harder plays at full volume


Sample = tuple[float, float, float, Quat]  # a die's x, y, z and turn as simulated


@dataclass(frozen=True)
class Pose:
    x: float
    y: float
    z: float  # die sizes above the felt
    turn: Quat  # die axes to world axes (x right, y up the screen, z up)


@dataclass(frozen=True)
class Impact:
    time: float  # s after the pour
    strength: float  # 0..1: how loud


@dataclass
class _Die:
    body: pymunk.Body
    born: float  # s: when it leaves the cup
    z: float = MOUTH_HEIGHT
    vz: float = 0.0
    air_spin: tuple[float, float, float] = (0.0, 0.0, 0.0)
    turn: Quat = ori.IDENTITY
    tipping: float = -1.0  # s spent tipping flat; -1: not yet
    flat: bool = False
    still: bool = False  # flat and no longer moving
    low: bool = False  # near enough the felt to knock into other dice
    straightening: float = 0.0  # s spent nudging it square
    flat_angle: float = math.nan  # the body's angle when its flat turn was last worked out
    # per step: x, y, z and its turn as simulated
    samples: list[Sample] = field(default_factory=list)
    air_step: Quat = ori.IDENTITY  # the turn of one step in the air

    def spin_to(self, omega: tuple[float, float, float]) -> None:
        """Spin at `omega` (rad/s, world axes) while in the air."""
        self.air_spin = omega
        rate = math.sqrt(sum(w * w for w in omega))
        self.air_step = ori.about(omega, rate * STEP) if rate > 0.0 else ori.IDENTITY


@dataclass(frozen=True)
class Throw:
    """A throw as simulated: each die's pose every STEP from when it leaves the cup, the turn
    of its pips that puts its rolled face on top where it ends up, and the hits to be heard.
    Plain numbers: game.anim.throw_record makes it a record another machine plays back."""

    area: Area  # the felt it was thrown onto
    faces: tuple[int, ...]  # what each die shows at rest
    born: tuple[float, ...]  # s after the pour each die leaves the cup
    samples: tuple[tuple[Sample, ...], ...]  # per die, per step: x, y, z and its turn
    pips: tuple[Quat, ...]  # per die: the cube turn that puts the rolled face on top
    impacts: tuple[Impact, ...]

    @property
    def duration(self) -> float:
        """Seconds from the pour until the last die's last pose."""
        pairs = zip(self.born, self.samples, strict=True)
        return max(b + (len(s) - 1) * STEP for b, s in pairs)

    def __len__(self) -> int:
        return len(self.samples)

    def out(self, die: int, t: float) -> bool:
        """Whether die `die` has left the cup `t` seconds after the pour."""
        return t >= self.born[die]

    def pose(self, die: int, t: float) -> Pose:
        """Where die `die` is `t` seconds after the pour (its first pose before it is born, its
        last after the throw)."""
        samples = self.samples[die]
        k = min(max(0.0, (t - self.born[die]) / STEP), len(samples) - 1.0)
        i = int(k)
        j = min(i + 1, len(samples) - 1)
        f = min(k - i, 1.0) if j > i else 0.0
        (x0, y0, z0, q0), (x1, y1, z1, q1) = samples[i], samples[j]
        turn = ori.slerp(q0, q1, f) if f > 0.0 else q0
        return Pose(
            x0 + (x1 - x0) * f,
            y0 + (y1 - y0) * f,
            z0 + (z1 - z0) * f,
            ori.multiply(turn, self.pips[die]),
        )

    def rest(self, die: int) -> Pose:
        return self.pose(die, math.inf)

    def heading(self, die: int) -> float:
        """Radians die `die` rests turned from square, -pi/4..pi/4, counter-clockwise."""
        return ori.heading(self.rest(die).turn)


def _rolling(vx: float, vy: float) -> tuple[float, float, float]:
    """Angular velocity (world axes) of a die rolling over the felt at (vx, vy) in area axes.

    Area y points down the screen and world y up it; rolling turns about up x velocity."""
    wx, wy = vx, -vy
    return (-wy / 0.5 * ROLL_SHARE, wx / 0.5 * ROLL_SHARE, 0.0)


def simulate(
    area: Area,
    mouth: tuple[float, float],
    faces: tuple[int, ...],
    seed: int,
    box: Box | None = None,
) -> Throw:
    """Throw len(faces) dice from `mouth` (area coordinates) into `area`; each comes to rest
    showing its face in `faces`. Deterministic for a given seed.

    `box(x, y, turn)` is what a die resting there draws, (left, top, right, bottom) in die
    sizes (the screen knows its perspective and shadows): dice whose boxes would meet ease
    apart at the end of the throw until every two have felt between them.

    Readability comes first: in the rare throw where a die ends wedged too crooked between
    others, or pressed into one, the throw is made again from the next seed of the same RNG
    (the game never sees the throw that was put aside)."""
    if not 1 <= len(faces) <= MAX_DICE:
        raise ValueError(f"a throw is of one to {MAX_DICE} dice, got {len(faces)}")
    if any(face not in ori.FACE_AXES for face in faces):
        raise ValueError(f"a die shows 1 to 6, got {faces}")
    rng = random.Random(seed)
    for _ in range(ATTEMPTS - 1):
        throw, readable = _throw(area, mouth, faces, rng, box)
        if readable:
            return throw
    return _throw(area, mouth, faces, rng, box)[0]


def _throw(
    area: Area,
    mouth: tuple[float, float],
    faces: tuple[int, ...],
    rng: random.Random,
    box: Box | None = None,
) -> tuple[Throw, bool]:
    """One simulated throw, and whether every die lies square enough and clear of the rest."""
    space = pymunk.Space()
    space.iterations = 12
    space.collision_slop = SLOP
    _add_walls(space, area.width, area.height)
    dice = _launch(area, mouth, len(faces), rng)
    impacts = _roll_out(space, dice)

    pips = tuple(ori.relabel(die.turn, face) for die, face in zip(dice, faces, strict=True))
    impacts.sort(key=lambda hit: hit.time)
    readable = not _pressed(space, dice) and all(
        abs(_square_angle(d.body.angle)) <= MAX_CROOKED + READABLE_SLACK for d in dice
    )
    if box is not None:
        rests = [(d.samples[-1][0], d.samples[-1][1]) for d in dice]
        apart = spread(rests, [d.turn for d in dice], area, box)
        if apart is None:
            readable = False
        elif [(x, y, q) for (x, y), q in zip(rests, [d.turn for d in dice], strict=True)] != apart:
            for die, place in zip(dice, apart, strict=True):
                _ease_to(die, place)
    samples = tuple(tuple(d.samples) for d in dice)
    born = tuple(d.born for d in dice)
    return Throw(area, faces, born, samples, pips, tuple(impacts)), readable


def _add_walls(space: pymunk.Space, w: float, h: float) -> None:
    """The tray's four walls round the felt, w x h die sizes."""
    for a, b in (((0, 0), (w, 0)), ((w, 0), (w, h)), ((w, h), (0, h)), ((0, h), (0, 0))):
        wall = pymunk.Segment(space.static_body, a, b, WALL)
        wall.elasticity, wall.friction, wall.collision_type = 0.55, 0.4, 2
        wall.filter = pymunk.ShapeFilter(categories=WALLS)
        space.add(wall)


def _launch(area: Area, mouth: tuple[float, float], n: int, rng: random.Random) -> list[_Die]:
    """`n` dice poured out of the cup's mouth in a short train, aimed across the felt (not
    yet in the space: each joins it when it is born)."""
    w, h = area.width, area.height
    sx = min(max(mouth[0] + 0.45, 0.75), w - 0.75)
    sy = min(max(mouth[1], 0.75), h - 0.75)
    # Each leaves from its own place across the mouth (in a shuffled order) and is aimed at
    # its own band of the felt, the same way up, so they fan out as they leave rather than
    # fly as a clump.
    dice: list[_Die] = []
    bands = rng.sample(range(n), n)
    # A turned die reaches 0.74 die sizes from its middle: it starts clear of the walls.
    across = min(MOUTH_SPREAD, max(0.0, h - 1.6))  # die sizes from the first place to the last
    top = min(max(sy - across / 2.0, 0.8), h - 0.8 - across)
    for i in range(n):
        body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (BOX, BOX)))
        band = bands[i] / max(n - 1, 1)  # 0 at the top, 1 at the bottom
        body.position = (sx, top + band * across)
        aim_x = w * rng.uniform(0.35, 0.75) - sx
        aim_y = h * (0.15 + 0.7 * min(1.0, max(0.0, band + rng.uniform(-0.15, 0.15)))) - sy
        speed = rng.uniform(*LAUNCH_SPEED)
        norm = math.hypot(aim_x, aim_y) or 1.0
        body.velocity = (aim_x / norm * speed, aim_y / norm * speed)
        body.angle = rng.uniform(-math.pi, math.pi)
        body.angular_velocity = rng.uniform(-9.0, 9.0)
        shape = pymunk.Poly.create_box(body, (BOX - 2 * CORNER, BOX - 2 * CORNER), CORNER)
        shape.elasticity, shape.friction, shape.collision_type = 0.45, 0.35, 1
        die = _Die(body, born=i * STAGGER, vz=rng.uniform(*LAUNCH_RISE), samples=[])
        die.spin_to((rng.uniform(-16.0, 16.0), rng.uniform(-16.0, 16.0), rng.uniform(-16.0, 16.0)))
        gauss = rng.gauss
        die.turn = ori.normalise(
            (gauss(0.0, 1.0), gauss(0.0, 1.0), gauss(0.0, 1.0), gauss(0.0, 1.0))
        )
        shape.filter = IN_THE_AIR
        dice.append(die)
    return dice


def _roll_out(space: pymunk.Space, dice: list[_Die]) -> list[Impact]:
    """The dice stepped from their births until all lie still and apart (or MAX_TIME has
    passed: then each is laid down where it is), sampled every step; the knocks heard."""
    impacts: list[Impact] = []
    now = [0.0]

    def heard(arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        # How fast they close along the contact's normal: a hard knock is loud. (Asked once
        # as they touch, not after every solve: that would cost more than the rest of a step.)
        a, b = arbiter.bodies
        hit = abs((a.velocity - b.velocity).dot(arbiter.normal))
        if hit > IMPACT_SPEED:
            impacts.append(Impact(now[0], min(1.0, hit / LOUDEST)))

    space.on_collision(1, 1, begin=heard)
    space.on_collision(1, 2, begin=heard)

    t = 0.0
    active: list[_Die] = []
    while True:
        for die in dice:
            if die.body.space is None and t >= die.born - 1e-9:
                space.add(die.body, *die.body.shapes)
                active.append(die)
        now[0] = t
        space.step(STEP)
        t += STEP
        for die in active:
            _advance(die, t, impacts)
            x, y = die.body.position  # read even for a die lying still: the solver may nudge it
            die.samples.append((x, y, die.z, die.turn))
        settled = len(active) == len(dice) and all(d.still for d in dice)
        if settled and _pressed(space, dice):
            # At rest but still sunk into a neighbour: the solver pushes them apart over a few
            # more steps (with no speed to show for it), so wait for that.
            for die in dice:
                die.still = False
            settled = False
        if settled or t >= MAX_TIME:
            break
    for die in dice:
        if not die.flat:  # out of time: lay it down where it is
            die.turn = _flat_at(die)
            x, y = die.body.position
            die.samples.append((x, y, 0.0, die.turn))
    return impacts


def _ease_to(die: _Die, place: tuple[float, float, Quat]) -> None:
    """Die `die`, at rest, eases to `place` over SPREAD_TIME: from the moment it came within
    NEAR of where it rested (the creeping before is not worth the wait)."""
    samples = die.samples
    rx, ry, _rz, _rq = samples[-1]
    start = len(samples) - 1
    while start > 0:
        x, y, z, _q = samples[start - 1]
        if z > 0.0 or math.dist((x, y), (rx, ry)) > NEAR:
            break
        start -= 1
    del samples[start + 1 :]
    x0, y0, _z, q0 = samples[-1]
    x1, y1, q1 = place
    steps = max(1, round(SPREAD_TIME / STEP))
    for k in range(1, steps + 1):
        s = k / steps
        e = s * s * (3.0 - 2.0 * s)
        turn = ori.slerp(q0, q1, e) if e < 1.0 else q1
        samples.append((x0 + (x1 - x0) * e, y0 + (y1 - y0) * e, 0.0, turn))
    die.turn = q1


def _pressed(space: pymunk.Space, dice: list[_Die]) -> bool:
    """Whether any die sinks into another die or a wall by more than the solver's slop."""
    for die in dice:
        for shape in die.body.shapes:
            for hit in space.shape_query(shape):
                if any(p.distance < -2.0 * SLOP for p in hit.contact_point_set.points):
                    return True
    return False


def _flat_at(die: _Die) -> Quat:
    """The die's turn laid flat on its nearest face, squared to its body's heading, so what is
    drawn and what collides are the same square."""
    flat = ori.laid_flat(die.turn)
    want = -die.body.angle  # area y points down: a turn there is the other way round on screen
    have = ori.heading(flat)
    quarter = math.pi / 2.0
    delta = (want - have + quarter / 2.0) % quarter - quarter / 2.0
    return ori.normalise(ori.multiply(ori.about(ori.UP, delta), flat))


def _advance(die: _Die, t: float, impacts: list[Impact]) -> None:
    """One step of the die's height, felt friction and 3D turn (pymunk has moved it in plane).

    Run for every die at every step of thousands of throws: it reads and writes pymunk's
    properties as little as it can, and a die lying still costs one read."""
    body = die.body
    vx, vy = body.velocity
    if die.still and abs(vx) + abs(vy) < STILL and abs(body.angular_velocity) < STILL:
        if body.angle != die.flat_angle:  # the solver turned it a hair, pushing it clear
            die.turn, die.flat_angle = _flat_at(die), body.angle
        return
    die.still = False
    low = die.z < STACK_HEIGHT
    if low != die.low:
        die.low = low
        for shape in body.shapes:
            shape.filter = NEAR_THE_FELT if low else IN_THE_AIR
    if die.z > 0.0 or die.vz > 0.0:
        die.vz -= GRAVITY * STEP
        die.z += die.vz * STEP
        if die.z <= 0.0:
            fall = -die.vz
            die.z = 0.0
            if fall > IMPACT_SPEED:
                impacts.append(Impact(t, min(1.0, fall / LOUDEST)))
            if fall > REST_SPEED:
                die.vz = fall * BOUNCE
                body.velocity = (vx * BOUNCE_GRIP, vy * BOUNCE_GRIP)
                # The felt grabs the die: half its spin becomes a roll the way it is going.
                roll = _rolling(vx, vy)
                (a0, a1, a2), (r0, r1, r2) = die.air_spin, roll
                die.spin_to((0.5 * a0 + 0.5 * r0, 0.5 * a1 + 0.5 * r1, 0.5 * a2 + 0.5 * r2))
            else:
                die.vz = 0.0
        if die.z > 0.0:
            die.turn = ori.multiply(die.air_step, die.turn)
            return

    # On the felt: friction slows the slide and the turning.
    speed = math.hypot(vx, vy)
    if speed > 0.0:
        k = max(0.0, speed - SLIDE_FRICTION * STEP) / speed
        body.velocity = (vx * k, vy * k)
    spin = body.angular_velocity
    if spin != 0.0:
        spin = math.copysign(max(0.0, abs(spin) - TURN_FRICTION * STEP), spin)
        body.angular_velocity = spin

    if die.flat:
        if body.angle != die.flat_angle:  # only a turn about the vertical moves it now
            turned = ori.about(ori.UP, die.flat_angle - body.angle)  # reversed: area y is down
            die.turn, die.flat_angle = ori.normalise(ori.multiply(turned, die.turn)), body.angle
        _straighten(die)
        die.still = speed < STILL and abs(body.angular_velocity) < STILL
        return
    if die.tipping < 0.0:
        if speed > SETTLE_SPEED:
            roll = _rolling(vx, vy)
            die.turn = ori.spin(die.turn, (roll[0], roll[1], -spin), STEP)
            return
        die.tipping = 0.0
    die.turn = ori.spin(die.turn, (0.0, 0.0, -spin), STEP)  # area y is down: turns reverse
    die.tipping += STEP
    s = min(1.0, die.tipping / SETTLE_TIME)
    ease = s * s * (3.0 - 2.0 * s)
    flat = _flat_at(die)
    die.turn = ori.slerp(die.turn, flat, ease) if s < 1.0 else flat
    if s >= 1.0:
        die.flat, die.flat_angle = True, body.angle
        impacts.append(Impact(t, 0.15))  # the soft knock of a die tipping onto its face


def _square_angle(angle: float) -> float:
    """Radians from the nearest quarter turn, -pi/4..pi/4: how crooked a square lies."""
    quarter = math.pi / 2.0
    return (angle + quarter / 2.0) % quarter - quarter / 2.0


def _straighten(die: _Die) -> None:
    """Nudge a resting die that lies too crooked to read back within MAX_CROOKED of square."""
    angle = _square_angle(die.body.angle)
    excess = abs(angle) - MAX_CROOKED
    if excess > 0.0 and die.straightening < STRAIGHTEN_TIME:
        die.straightening += STEP
        die.body.angular_velocity = -math.copysign(STRAIGHTEN * excess + 0.3, angle)
