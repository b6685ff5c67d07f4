"""The five dice on the table and the cup: a roll shakes the cup, tips it, and the free dice pour
out onto the felt, fly, bounce off the felt, each other and the walls, and come to rest where
the throw puts them, showing the faces the rules decided (game.anim.throw simulates the whole
throw first). Then, if the player likes it tidy, they drift to a row that is easy to read and
click. Held dice sit in the hold row, square and a little smaller, so their rings and padlocks
never touch.

The rules decide the dice first; this only reveals them. Cosmetic randomness (shake phase, the
throw) comes from the tray's own RNG, seeded from the game's seed, and the throw is simulated at
a fixed step, so it looks the same at any frame rate.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.anim import Shake
from game.anim import orientation as ori
from game.anim.orientation import Quat
from game.anim.throw import STEP, Area, Throw, simulate, spread
from game.ui.cup_view import cup_mouth, cup_renderer
from game.ui.dice_3d import die_model
from game.ui.dice_view import (
    SHADOW_BLUR,
    SHADOW_OFFSET,
    blit_faded,
    default_renderer,
    turned_image,
)
from game.ui.layout import TableLayout
from game.ui.palette import DicePalette

SHAKE_TIME = 0.22  # s the cup shakes (its last moments while it already tips)
TIP_FROM = 0.06  # s after the key the cup starts to tip, still shaking a little
TIP_TIME = 0.26  # s the cup takes to tip over: sixteen frames at 60 fps, five at 20
POUR_FROM = 0.7  # of the tip: the dice start to pour out as the cup ends its tip
PLAYBACK = 1.7  # s of the simulated throw shown per s: its slow gravity, played brisker
POUR_ANGLE = -55.0  # degrees the cup tips as the dice pour out
RIGHT_TIME = 0.35  # s the cup takes to stand up again
DRIFT_TIME = 0.3  # s a die takes to drift to its row or its hold slot
STILL_PX = 0.4  # px: a thrown die closer than this to where it rests is shown resting
SETTLED = 0.5  # px: a drift closer than this is over
DRIFT_LIFT = 0.15  # die sizes above the felt of a drifting die, per die size it has to go
LANDED_GRACE = 0.35  # s after the dice land in which presses are not taken as choices
REST_TURN = 2.0  # degrees: a tidied die keeps a slight turn, as a placed die has (more and
# the row no longer fits the tray with felt between its dice's drawn boxes)
ROW_GAP = 2.0  # px of felt at least between the drawn boxes of neighbours in the tidy row
HELD_ROOM = 1.6  # die sizes a held die needs (its ring and padlock, a focus ring and glow)
# to clear its neighbour
MIN_HELD_SCALE = 0.6
MAX_SOUNDS = 3  # impacts heard per frame: five dice landing do not need fifteen clacks
WARM_FROM = 160  # px: dice from this size have their throw's images made ahead (_warm)
WARM_CUPS = 1  # turned cups made ready in a quiet frame
WARM_SHADOWS = 2  # turned shadows


@dataclass
class DieSprite:
    face: int | None = None  # None: in the cup, not shown
    x: float = 0.0  # px: where its top is drawn (the table point under it when lifted)
    y: float = 0.0
    lift: float = 0.0  # die sizes above the felt
    turn: Quat = ori.IDENTITY  # die axes to world axes: which face is up and how it is turned
    held: bool = False
    # Where it came to rest, as shares of the landing area; None: never thrown (a loaded game),
    # so it lies in its place in the row.
    home: tuple[float, float] | None = None
    rest_turn: float = 0.0  # degrees: its slight turn in the tidy row
    scale: float = 1.0  # of the layout's die size: held dice are a little smaller
    thrown: int | None = None  # its index in the throw in the air

    @property
    def heading(self) -> float:
        """Degrees the die is turned about the vertical, counter-clockwise on screen."""
        return math.degrees(ori.heading(self.turn))


def flat_turn(face: int, degrees: float) -> Quat:
    """A die lying flat showing `face`, turned `degrees` counter-clockwise."""
    return ori.multiply(ori.about(ori.UP, math.radians(degrees)), ori.relabel(ori.IDENTITY, face))


def squared(turn: Quat, degrees: float) -> Quat:
    """`turn` laid flat and turned the least way to `degrees` from square (the pips keep their
    places on the face, so a die drifting into the row turns a little, never a quarter)."""
    flat = ori.laid_flat(turn)
    return ori.multiply(ori.about(ori.UP, math.radians(degrees) - ori.heading(flat)), flat)


def landing_area(layout: TableLayout) -> pygame.Rect:
    """The felt where thrown dice may come to rest: right of the cup, above the hold row and
    its label, inside the tray (so never under the scorecard)."""
    size = layout.die_size
    tray = layout.tray
    left = round(layout.cup[0] + layout.cup_height * 0.45)
    top = round(tray.top + 0.12 * size)
    right = round(tray.right - 0.12 * size)
    bottom = round(layout.hold_strip.top - 0.45 * size)
    return pygame.Rect(left, top, max(1, right - left), max(1, bottom - top))


@dataclass
class _Drift:
    """A die on its way from `origin` to `goal`, turning from `turn` to `want`."""

    origin: tuple[float, float]
    turn: Quat
    goal: tuple[float, float]
    want: Quat
    time: float = 0.0  # s under way


@dataclass
class _Flight:
    """A roll in progress: the shake, the tip of the cup and the recorded throw."""

    simulate: Callable[[], Throw]  # the throw, simulated when first needed
    shake: Shake | None
    shake_time: float  # s
    tip_from: float  # s: when the cup starts to tip
    tip_time: float  # s
    speed: float  # animation time scale: 0.5 plays twice as fast
    faces: tuple[int, ...]
    time: float = 0.0  # s since the roll began
    frames: int = 0  # updates since the roll began
    heard: int = 0  # impacts already played
    impacts: list[float] = field(default_factory=list)  # strengths due this frame
    die_size: float = 1.0  # px
    _throw: Throw | None = None
    _end: float = 0.0

    @property
    def throw(self) -> Throw:
        if self._throw is None:
            self._throw = self.simulate()
            self._end = shown_end(self._throw, self.die_size)
        return self._throw

    @property
    def end(self) -> float:
        """Seconds into the throw when it is shown over: no die moves a visible bit after."""
        self.throw  # noqa: B018 (simulated when first needed)
        return self._end

    @property
    def throw_time(self) -> float:
        """Seconds into the throw itself (negative while the cup shakes and tips)."""
        pour = self.tip_from + self.tip_time * POUR_FROM
        return (self.time - pour) / self.speed * PLAYBACK


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


class DiceTray:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.dice = [DieSprite() for _ in range(5)]
        self.layout: TableLayout | None = None
        self.area = pygame.Rect(0, 0, 1, 1)
        self.reduced_motion = False
        self.tidy = True  # dice drift to a row after they settle
        self.flight: _Flight | None = None
        self.settling = 0.0  # s left in which dice that just landed are only being looked at
        self._drifts: dict[int, _Drift] = {}  # die -> its drift under way
        self._row: tuple[TableLayout, tuple[tuple[float, float], ...]] | None = None
        self.dim = False  # the dice of a finished turn, shown faded
        self.palette: DicePalette | None = None  # the dice's colours, as last laid out
        self._sounds: list[float] = []

    # ----------------------------------------------------------------- geometry
    def set_layout(self, layout: TableLayout, palette: DicePalette | None = None) -> None:
        if self.flight is not None:
            self.finish()  # a throw is simulated for one size of felt: land it
        self.layout = layout
        self.area = landing_area(layout)
        self._keep_apart()
        if palette is not None:
            self.palette = palette
            # Render the rings and shadows now, so the first hold mid-game does not stall.
            renderer = default_renderer()
            size = round(layout.die_size)
            renderer.prewarm_decorations(size, palette)
            renderer.prewarm_decorations(round(size * self.held_scale), palette)
        for i, die in enumerate(self.dice):
            die.x, die.y = self._target(i)
            die.scale = self.held_scale if die.held else 1.0

    def _keep_apart(self) -> None:
        """Dice lying where they fell, on a felt of a new shape, are eased apart where their
        drawn boxes would meet (their places are kept as shares of the felt)."""
        lying = [i for i, d in enumerate(self.dice) if d.home is not None and not d.held]
        if self.tidy or not lying or self.layout is None:
            return
        size, area = self.layout.die_size, self.area
        places = [self._home_px(self.dice[i]) for i in lying]
        units = self.units()
        at = [((x - area.left) / size, (y - area.top) / size) for x, y in places]
        apart = spread(at, [self.dice[i].turn for i in lying], units, self.box)
        if apart is None:
            return
        for i, (x, y, turn) in zip(lying, apart, strict=True):
            self.dice[i].home = (x * size / max(1, area.width), y * size / max(1, area.height))
            self.dice[i].turn = turn

    @property
    def held_scale(self) -> float:
        if self.layout is None:
            return 1.0
        slots = self.layout.hold_slots
        step = abs(slots[1][0] - slots[0][0])
        return max(MIN_HELD_SCALE, min(1.0, step / (HELD_ROOM * self.layout.die_size)))

    def _slot(self, i: int, held: bool) -> tuple[float, float]:
        assert self.layout is not None
        return self.layout.hold_slots[i] if held else self.row_slots[i]

    @property
    def row_slots(self) -> tuple[tuple[float, float], ...]:
        """Where the dice lie in the tidy row: the layout's row, spread just enough that the
        drawn boxes of neighbours (their sides seen in perspective, their shadows, their slight
        turn) keep ROW_GAP px of felt between them, and kept between the cup and the tray's
        right edge."""
        assert self.layout is not None
        if self._row is None or self._row[0] is not self.layout:
            self._row = (self.layout, _row_slots(self.layout))
        return self._row[1]

    def _home_px(self, die: DieSprite) -> tuple[float, float]:
        """Where a die that came to rest lies, kept inside the felt of today's layout."""
        assert die.home is not None and self.layout is not None
        area, size = self.area, self.layout.die_size
        # The throw keeps a die's square inside the felt (its middle half a die size or more
        # from the edges); a new layout may not. (Not the die's own reach: that changes as
        # it turns on its way, and its place with it.)
        margin_x = min(0.5 * size, area.width / 2)
        margin_y = min(0.5 * size, area.height / 2)
        x = area.left + die.home[0] * area.width
        y = area.top + die.home[1] * area.height
        return (
            min(max(x, area.left + margin_x), area.right - margin_x),
            min(max(y, area.top + margin_y), area.bottom - margin_y),
        )

    def _target(self, i: int) -> tuple[float, float]:
        """Where die i goes when nothing is thrown: its hold slot, its place in the row, or
        (not tidy) where it came to rest."""
        die = self.dice[i]
        if die.held or self.tidy or die.home is None:
            return self._slot(i, die.held)
        return self._home_px(die)

    def _target_turn(self, i: int) -> Quat:
        die = self.dice[i]
        if die.held:
            return squared(die.turn, 0.0)  # square in the hold row, padlock at the corner
        if self.tidy:
            return squared(die.turn, die.rest_turn)
        return die.turn

    def _placed(self, i: int) -> bool:
        """Die i lies where it belongs, turned as it should (it is not drifting there)."""
        die = self.dice[i]
        return (
            math.dist((die.x, die.y), self._target(i)) <= SETTLED
            and abs(die.heading - math.degrees(ori.heading(self._target_turn(i)))) <= 0.5
        )

    def size_of(self, i: int) -> float:
        assert self.layout is not None
        return self.layout.die_size * self.dice[i].scale

    def die_at(self, pos: tuple[int, int]) -> int | None:
        """The die under the pointer (where it is going counts too, so a click on a die that
        is still drifting still holds it). Dice in the air are not there to be clicked."""
        if self.layout is None or self.flight is not None:
            return None
        for i, die in enumerate(self.dice):
            if die.face is None:
                continue
            half = self.size_of(i) * 0.6
            for x, y in ((die.x, die.y), self._target(i)):
                if abs(pos[0] - x) <= half and abs(pos[1] - y) <= half:
                    return i
        return None

    # ----------------------------------------------------------------- changes
    @property
    def rolling(self) -> bool:
        return self.flight is not None

    def sync(self, dice: tuple[int, ...] | None, held: tuple[bool, ...]) -> None:
        """Show exactly this, with no animation (after undo, skip, load or resize)."""
        self.flight = None
        self.settling = 0.0
        self._drifts.clear()
        if dice is not None:
            self.dim = False  # dice in play (an undone score gives the turn back) are not faded
        for i, die in enumerate(self.dice):
            die.face = None if dice is None else dice[i]
            die.held = bool(held[i]) if dice is not None else False
            die.thrown = None
            die.lift = 0.0
            die.scale = self.held_scale if die.held else 1.0
            if die.face is not None:
                if ori.face_up(die.turn) != die.face:
                    die.turn = flat_turn(die.face, die.rest_turn)
                die.turn = self._target_turn(i)
            if self.layout is not None:
                die.x, die.y = self._target(i)

    def roll(self, dice: tuple[int, ...], rolled: tuple[bool, ...], speed: float) -> None:
        """Animate a roll: the dice in `rolled` go into the cup, it shakes, they pour out."""
        self.dim = False
        thrown = [i for i in range(5) if rolled[i]]
        for i in thrown:
            self.dice[i].held = False
            self.dice[i].rest_turn = self.rng.uniform(-REST_TURN, REST_TURN)
        seed = self.rng.randrange(2**30)
        if speed <= 0 or self.layout is None or self.reduced_motion or not thrown:
            # No throw to watch: the dice are simply there, in the row or where a throw put
            # them (the same seed, so turning motion back on does not change the game's look).
            if self.layout is not None and thrown and not self.tidy:
                throw = self._simulate(thrown, dice, seed)
                for k, i in enumerate(thrown):
                    self._rest(i, throw, k)
            self.sync(dice, tuple(d.held and not rolled[i] for i, d in enumerate(self.dice)))
            return
        size = self.layout.die_size
        shake_time = SHAKE_TIME * speed
        shake = Shake(shake_time, amplitude=size * 0.16, frequency=16, seed=seed)
        # Simulated a frame later, while the cup shakes: the frame of the roll itself is
        # busy enough (a new card, new buttons, a new line).
        simulate = functools.partial(self._simulate, thrown, dice, seed)
        tip_from, tip_time = TIP_FROM * speed, TIP_TIME * speed
        self.flight = _Flight(
            simulate, shake, shake_time, tip_from, tip_time, speed, dice, die_size=size
        )
        for k, i in enumerate(thrown):
            die = self.dice[i]
            die.face, die.thrown, die.scale = None, k, 1.0  # in the cup until it pours out
        # A die held (or let go) a moment ago is still on its way: it gets there now, so
        # no held die lies on the felt while the others fly.
        self._drifts.clear()
        for i, die in enumerate(self.dice):
            if die.thrown is None and die.face is not None:
                die.x, die.y = self._target(i)
                die.turn, die.lift = self._target_turn(i), 0.0
        self.settling = 0.0

    def _simulate(self, thrown: list[int], dice: tuple[int, ...], seed: int) -> Throw:
        return self.simulate(tuple(dice[i] for i in thrown), seed)

    def units(self) -> Area:
        """The landing area in die sizes."""
        assert self.layout is not None
        size, area = self.layout.die_size, self.area
        return Area(max(area.width / size, 2.0), max(area.height / size, 1.5))

    def simulate(self, faces: tuple[int, ...], seed: int) -> Throw:
        """The throw of dice showing `faces` from this layout's cup onto its felt, in die sizes
        from the landing area's top left; no two dice's drawn boxes meet where they rest."""
        assert self.layout is not None
        size, area = self.layout.die_size, self.area
        mouth = cup_mouth(self.layout.cup, self.layout.cup_height, POUR_ANGLE)
        start = ((mouth[0] - area.left) / size, (mouth[1] - area.top) / size)
        return simulate(self.units(), start, faces, seed, self.box)

    def box(self, x: float, y: float, turn: Quat) -> tuple[float, float, float, float]:
        """The drawn box of a die resting at (x, y) die sizes in the landing area, in die
        sizes, a pixel wider all round: two boxes that do not meet have at least two pixels
        of felt between them."""
        assert self.layout is not None
        size, area = self.layout.die_size, self.area
        centre = (area.left + x * size, area.top + y * size)
        left, top, right, bottom = drawn_box(centre, size, turn, self.layout.tray.center)
        return (
            (left - 1.0 - area.left) / size,
            (top - 1.0 - area.top) / size,
            (right + 1.0 - area.left) / size,
            (bottom + 1.0 - area.top) / size,
        )

    def _rest(self, i: int, throw: Throw, k: int) -> None:
        """Die i lies where throw die k came to rest."""
        pose = throw.rest(k)
        die = self.dice[i]
        size = self.layout.die_size if self.layout else 1.0
        die.home = (
            pose.x * size / max(1, self.area.width),
            pose.y * size / max(1, self.area.height),
        )
        die.turn, die.lift, die.thrown = pose.turn, 0.0, None

    def set_held(self, i: int, held: bool) -> None:
        die = self.dice[i]
        die.held = held
        die.scale = self.held_scale if held else 1.0

    def put_away(self) -> None:
        """The turn is over: the dice stay on show, faded, until the next roll."""
        self.dim = True
        for i in range(5):
            self.set_held(i, False)

    def finish(self) -> None:
        """Jump every animation to its end."""
        flight = self.flight
        if flight is not None:
            for i, die in enumerate(self.dice):
                if die.thrown is not None:
                    self._rest(i, flight.throw, die.thrown)
                    die.face = flight.faces[i]
            self.flight = None
            self.settling = LANDED_GRACE
        self._drifts.clear()
        for i, die in enumerate(self.dice):
            if die.face is None:
                continue
            die.lift = 0.0
            die.turn = self._target_turn(i)
            if self.layout is not None:
                die.x, die.y = self._target(i)

    # ----------------------------------------------------------------- time
    @property
    def just_landed(self) -> bool:
        """The dice came to rest moments ago: a press now is a double tap, not a choice made
        after seeing them (the table takes no action until this is over)."""
        return self.settling > 0

    @property
    def animating(self) -> bool:
        if self.rolling or self.just_landed:
            return True
        if self.layout is None:
            return False
        return any(not self._placed(i) for i, d in enumerate(self.dice) if d.face is not None)

    def take_impacts(self) -> list[float]:
        """Strengths (0..1) of the hits the dice made since the last call, loudest first."""
        sounds, self._sounds = self._sounds, []
        return sorted(sounds, reverse=True)[:MAX_SOUNDS]

    def update(self, dt: float) -> None:
        flight = self.flight
        if flight is not None:
            self._fly(flight, dt)
            return
        self.settling = max(0.0, self.settling - dt)
        if self.layout is None:
            return
        if not self.animating:
            self._warm()  # nothing moves (the app steps even while it waits for input)
        self._drift(dt)

    def _drift(self, dt: float) -> None:
        """Move every die that is not where it belongs a step of its drift there: an eased
        move of DRIFT_TIME from wherever it was when its place changed."""
        assert self.layout is not None
        for i, die in enumerate(self.dice):
            if die.face is None:
                continue
            goal = self._target(i)
            drift = self._drifts.get(i)
            if drift is None or drift.goal != goal:
                if self._placed(i) and die.lift == 0.0:
                    self._drifts.pop(i, None)
                    die.x, die.y = goal
                    continue
                # The turn it drifts to is worked out once, from the turn it starts from.
                drift = _Drift((die.x, die.y), die.turn, goal, self._target_turn(i))
                self._drifts[i] = drift
            want = drift.want
            drift.time += dt
            share = min(1.0, drift.time / DRIFT_TIME)
            ease = _smooth(share)
            (x0, y0), (tx, ty) = drift.origin, goal
            die.x, die.y = x0 + (tx - x0) * ease, y0 + (ty - y0) * ease
            # A die on its way rides above the felt, higher the further it has to go, so dice
            # whose ways cross pass over each other, never through: all close in at the same
            # pace, so the one above stays above until they part.
            way = math.dist((die.x, die.y), (tx, ty)) / self.layout.die_size
            die.lift = DRIFT_LIFT * way
            die.turn = ori.slerp(drift.turn, want, ease) if share < 1.0 else want
            if share >= 1.0:
                die.x, die.y, die.lift = tx, ty, 0.0
                del self._drifts[i]

    def _warm(self) -> None:
        """Make a few of the images a throw needs, ahead of the frames that need them: the
        cup turned for its pour and the shadows the landing dice cast. At 4K each takes 2 ms
        or more, too much for the busiest frames of a throw; a few in a quiet frame are not
        seen."""
        if self.layout is None or self.palette is None or self.layout.die_size < WARM_FROM:
            return  # a smaller die's images are made in well under a millisecond
        layout, palette = self.layout, self.palette
        pour = range(0, round(POUR_ANGLE) - 1, -1)
        cup_renderer().warm(layout.cup_height, palette, pour, WARM_CUPS)
        default_renderer().warm_shadows(round(layout.die_size), palette, WARM_SHADOWS)

    def _fly(self, flight: _Flight, dt: float) -> None:
        assert self.layout is not None
        flight.time += dt
        flight.frames += 1
        if flight.shake is not None:
            flight.shake.update(dt)
        t = flight.throw_time
        if t < 0 and flight.frames == 1:
            return  # still in the cup
        if flight.time < flight.shake_time:
            self._warm()  # little moves while the cup shakes
        throw = flight.throw
        while flight.heard < len(throw.impacts) and throw.impacts[flight.heard].time <= t:
            self._sounds.append(throw.impacts[flight.heard].strength)
            flight.heard += 1
        size, area = self.layout.die_size, self.area
        for i, die in enumerate(self.dice):
            if die.thrown is None or t < 0 or not throw.out(die.thrown, t):
                continue
            pose = throw.pose(die.thrown, t)
            die.face = flight.faces[i]
            die.x, die.y = area.left + pose.x * size, area.top + pose.y * size
            die.lift, die.turn = pose.z, pose.turn
        if t >= flight.end:
            for i, die in enumerate(self.dice):
                if die.thrown is not None:
                    self._rest(i, throw, die.thrown)
            self.flight = None
            self.settling = LANDED_GRACE
            self._drift(dt)  # the tidy drift starts in this very frame: no frame stands still

    # ----------------------------------------------------------------- drawing
    def cup_angle(self) -> float:
        flight = self.flight
        if flight is None:
            return 0.0
        # The shake's last wobbles die away while the cup already tips.
        tilt = flight.shake.current[2] if flight.shake is not None else 0.0
        after = flight.time - flight.tip_from
        if after < 0:
            return tilt
        tip, back = flight.tip_time, RIGHT_TIME * flight.speed
        out = flight.throw.born[-1] * flight.speed / PLAYBACK  # the last die leaves the cup
        if after < tip:
            return tilt + POUR_ANGLE * _smooth(after / tip)
        if after < tip + out + 0.05:
            return tilt + POUR_ANGLE
        return tilt + POUR_ANGLE * (1.0 - _smooth((after - tip - out - 0.05) / back))

    def draw(
        self,
        surface: pygame.Surface,
        palette: DicePalette,
        hold_label: pygame.Surface,
        focus: int | None,
        strip_colour,
        strip_edge,
        key_labels: list[pygame.Surface] | None = None,
        pieces: list[Piece] | None = None,
    ) -> None:
        """The hold row, the cup and the dice; `key_labels` (the 1-5 keys) tag each die when
        the player has key hints on. `pieces` are what `pieces()` gave for this frame, if
        the caller asked for them already."""
        layout = self.layout
        if layout is None:
            return
        strip = layout.hold_strip
        pygame.draw.rect(surface, strip_colour, strip, border_radius=max(6, strip.height // 6))
        pygame.draw.rect(
            surface, strip_edge, strip, width=2, border_radius=max(6, strip.height // 6)
        )
        surface.blit(hold_label, hold_label.get_rect(midbottom=(strip.centerx, strip.top - 2)))
        if pieces is None:
            pieces = self.pieces(palette, focus, key_labels)
        for piece in pieces:
            piece.paint(surface)

    def pieces(
        self,
        palette: DicePalette,
        focus: int | None,
        key_labels: list[pygame.Surface] | None = None,
    ) -> list[Piece]:
        """What the tray draws over its hold row, in order: the cup, every die's shadows, the
        dice, their rings and key tags. Each says where it goes and what it shows, so a
        frame can tell what moved since the last one and redraw only there."""
        layout = self.layout
        if layout is None:
            return []
        flight = self.flight
        dx, dy = 0.0, 0.0
        if flight is not None and flight.shake is not None and flight.time < flight.shake_time:
            dx, dy, _ = flight.shake.current
        pieces = [
            Piece.blit(image, rect)
            for image, rect in cup_renderer().images(
                (layout.cup[0] + dx, layout.cup[1] + dy),
                layout.cup_height,
                self.cup_angle(),
                palette,
            )
        ]
        renderer = default_renderer()
        view = layout.tray.center
        flying = flight is not None
        order = [
            i
            for i in sorted(range(5), key=lambda i: (self.dice[i].lift, self.dice[i].y))
            if self.dice[i].face is not None
        ]
        for i in order:  # every shadow on the felt first: a die flies above the others' shadows
            die, size = self.dice[i], self.size_of(i)
            for image, rect, alpha in renderer.shadow_images(
                (die.x, die.y), round(size), die.heading, die.lift * size, palette
            ):
                pieces.append(Piece.blit(image, rect, alpha))
        for i in order:
            die, size = self.dice[i], self.size_of(i)
            heading = die.heading
            # A die in its place in the hold row is seen straight on, its sides hidden, so
            # its square ring and padlock frame all of it (seen from the table's middle, its
            # far side showed above the ring).
            seen_from = (die.x, die.y) if die.held and self._placed(i) else view
            image, at = die_model(size).image(
                (die.x, die.y),
                size,
                die.turn,
                palette,
                view=seen_from,
                lift=die.lift,
                dimmed=self.dim,
                still=die.thrown is None and die.lift == 0.0,
            )
            pieces.append(Piece.blit(image, image.get_rect(topleft=at)))
            if die.held or focus == i:
                ring = renderer.decoration(round(size), die.held, focus == i, palette)
                # Kept only once the die lies still: a die drifting into its place turns a
                # little every frame, and its rings would push out what is worth keeping.
                turned = turned_image(ring, heading, 1.0, cache=not flying and self._placed(i))
                rect = turned.get_rect(center=(round(die.x), round(die.y)))
                pieces.append(Piece.blit(turned, rect))
            if key_labels is not None and self.flight is None:
                corner = (die.x - size * 0.5, die.y + size * 0.5)
                pieces.append(_tag(key_labels[i], corner, palette, i))
        return pieces


@dataclass(frozen=True)
class Piece:
    """One thing drawn that may move from frame to frame: where it goes (its `rect`), what it
    shows (`token`: equal tokens in equal rects draw the same pixels) and how it is drawn."""

    rect: tuple[int, int, int, int]
    token: object
    paint: Callable[[pygame.Surface], object] = field(compare=False)

    @classmethod
    def blit(cls, image: pygame.Surface, rect: pygame.Rect, alpha: int = 255) -> Piece:
        """`image` blitted at `rect`, at `alpha` times its own opacity (see blit_faded)."""
        return cls(
            (rect.x, rect.y, rect.w, rect.h),
            (image, alpha),
            lambda surface: blit_faded(surface, image, rect, alpha),
        )


def _tag(label: pygame.Surface, at: tuple[float, float], palette: DicePalette, i: int) -> Piece:
    """A die's key number on a dark round tag at its lower left corner."""
    radius = max(label.get_width(), label.get_height()) * 0.62
    centre = (round(at[0]), round(at[1]))

    def paint(surface: pygame.Surface) -> None:
        pygame.draw.circle(surface, palette.pip, centre, round(radius))
        pygame.draw.circle(
            surface, palette.body, centre, round(radius), width=max(1, round(radius / 8))
        )
        surface.blit(label, label.get_rect(center=centre))

    reach = max(round(radius), label.get_width() // 2 + 1, label.get_height() // 2 + 1) + 1
    rect = (centre[0] - reach, centre[1] - reach, 2 * reach + 1, 2 * reach + 1)
    # The label is drawn afresh every frame: it is told by the die, its place and its size.
    return Piece(rect, ("tag", i, centre, label.get_size(), palette), paint)


def drawn_box(
    center: tuple[float, float], size: float, turn: Quat, view: tuple[float, float]
) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) px of all a die lying on the felt draws: its body seen in
    perspective from above `view` (its top and whichever sides show) and its soft shadow
    (which covers the contact shadow), with a pixel for anti-aliasing. A pure function of the
    die's size and pose, read off game.ui.dice_3d's projection and game.ui.dice_view's shadow."""
    screen, _normals, _facing = die_model(size).project(center, size, turn, view)
    left, top = screen.min(axis=0)
    right, bottom = screen.max(axis=0)
    angle = ori.heading(turn)
    # The soft shadow: the footprint less 0.3 blur, faded out over one blur, turned with it.
    blur = max(SHADOW_BLUR * size, 1.0)
    half = (size / 2.0 + 0.7 * blur) * (abs(math.cos(angle)) + abs(math.sin(angle)))
    sx, sy = center[0] + SHADOW_OFFSET[0] * size, center[1] + SHADOW_OFFSET[1] * size
    return (
        math.floor(min(left, sx - half)) - 1.0,
        math.floor(min(top, sy - half)) - 1.0,
        math.ceil(max(right, sx + half)) + 1.0,
        math.ceil(max(bottom, sy + half)) + 1.0,
    )


def _row_slots(layout: TableLayout) -> tuple[tuple[float, float], ...]:
    slots = layout.roll_slots
    y, size, view = slots[0][1], layout.die_size, layout.tray.center
    turn = flat_turn(1, REST_TURN)  # a box's width depends on the size of the turn only
    lo, hi = layout.cup_rect.right + ROW_GAP, layout.tray.right - ROW_GAP
    step = slots[1][0] - slots[0][0]

    def box(x: float) -> tuple[float, float, float, float]:
        return drawn_box((x, y), size, turn, view)

    # Each die the layout's step from the one before, or further if their boxes would meet
    # (a die further from the view shows more of its side: a few rounds find the place).
    xs = [slots[0][0]]
    for _ in range(len(slots) - 1):
        x = xs[-1] + step
        for _round in range(4):
            short = box(xs[-1])[2] + ROW_GAP - box(x)[0]
            if short <= 0.0:
                break
            x += short
        xs.append(x)
    # The row centred where the layout has it, moved the least way to keep off the cup and
    # inside the tray (if it cannot, its left end keeps off the cup).
    shift = (slots[0][0] + slots[-1][0]) / 2.0 - (xs[0] + xs[-1]) / 2.0
    shift -= max(0.0, box(xs[-1] + shift)[2] - hi)
    shift += max(0.0, lo - box(xs[0] + shift)[0])
    return tuple((x + shift, y) for x in xs)


def boxes_apart(a: tuple[float, ...], b: tuple[float, ...], gap: float = 1.0) -> bool:
    """Whether two drawn boxes have at least `gap` px of felt between them."""
    return a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1] or b[3] + gap <= a[1]


def drawn_state(tray: DiceTray) -> tuple:
    """What the tray draws, in whole pixels and whole degrees of the cup (as it is drawn) and
    the dice's turns to a thousandth: two frames with equal states look the same."""
    flight = tray.flight
    dx = dy = 0.0
    if flight is not None and flight.shake is not None:
        dx, dy, _ = flight.shake.current
    size = tray.layout.die_size if tray.layout is not None else 1.0
    dice = tuple(
        (d.face, round(d.x), round(d.y), round(d.lift * size), tuple(round(q, 3) for q in d.turn))
        for d in tray.dice
    )
    return (round(tray.cup_angle()), round(dx), round(dy), dice)


def _smooth(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return t * t * (3.0 - 2.0 * t)
