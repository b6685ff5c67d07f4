"""The dice on the table as a model, with no pygame: where each die is, what it is doing, and
how that changes over time. The screen (game.ui.dice_tray) gives it the table's places and
draws what it says; the rules decide the faces, this only moves the dice to show them.

Each die is in one of four states: in the cup (not on show: before the first roll, or waiting
to pour out), flying (moved by the throw in the air), drifting (easing to its place in the tidy
row or the hold row) or resting. `step(dt)` moves them all and returns what happened as events:
a die poured out of the cup, a hit to be heard, a die landed. A roll plays a throw simulated
here (game.anim.throw) or one recorded elsewhere (game.anim.throw_record), the same way.

Cosmetic randomness (each die's slight turn in the row, the shake, the throw's seed) comes from
the model's own RNG, seeded from the game's seed, so a seeded game looks the same every time.

    model = TrayModel(5, seed=7)
    model.place(places)  # the table's places (game.ui.tray_layout.tray_places)
    model.roll((2, 5, 5, 1, 6), (True,) * 5, speed=1.0)
    events = model.step(1 / 60)
"""

from __future__ import annotations

import functools
import math
import random
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field, replace

from game.anim import orientation as ori
from game.anim.die import (
    Die,
    Drifting,
    Flying,
    ImpactHeard,
    InCup,
    Landed,
    Point,
    PouredOut,
    Resting,
    TrayEvent,
    flat_turn,
    squared,
)
from game.anim.drift import plan_hops, slide
from game.anim.felt import Area, Box, spread
from game.anim.flight import Flight
from game.anim.landing import LandingPlan, ghost_of, plan_landing, take_plan
from game.anim.orientation import Quat
from game.anim.throw import Throw, simulate

SETTLED = 0.5  # px: a drift closer than this is over
LANDED_GRACE = 0.35  # s after the dice land in which presses are not taken as choices
RECENT_STEPS = 8  # frames whose dt is kept: the next frame's is most likely one of them
REST_TURN = 2.0  # degrees: a tidied die keeps a slight turn, as a placed die has (more and
# the row no longer fits the tray with felt between its dice's drawn boxes)


# ----------------------------------------------------------------- the table's places
@dataclass(frozen=True)
class Felt:
    """The landing area in whole px."""

    left: int
    top: int
    width: int
    height: int

    @property
    def right(self) -> int:
        return self.left + self.width

    @property
    def bottom(self) -> int:
        return self.top + self.height


@dataclass(frozen=True)
class TrayPlaces:
    """What the model needs of the table's layout, in px."""

    die_size: float
    felt: Felt  # where thrown dice may come to rest
    row: tuple[Point, ...]  # each die's place in the tidy row
    hold: tuple[Point, ...]  # each die's place in the hold row
    held_scale: float  # a held die's size, of a free one's
    mouth: Point  # where dice leave the cup as it pours
    box: Box = field(compare=False)  # a die's drawn box, in die sizes of the felt

    @property
    def units(self) -> Area:
        """The felt in die sizes."""
        size, felt = self.die_size, self.felt
        return Area(max(felt.width / size, 2.0), max(felt.height / size, 1.5))


def _given(throw: Throw) -> Throw:
    """The throw as recorded elsewhere: played, not simulated."""
    return throw


# ----------------------------------------------------------------- the model
class TrayModel:
    """`count` dice and the cup, moved over time."""

    def __init__(self, count: int, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.dice = [Die() for _ in range(count)]
        self.places: TrayPlaces | None = None
        self.reduced_motion = False
        self.tidy = True  # dice drift to a row after they settle
        self.flight: Flight | None = None
        self.settling = 0.0  # s left in which dice that just landed are only being looked at
        self.dim = False  # the dice of a finished turn, shown faded
        # The drifts the next landing (or a change foreseen) starts, planned ahead (game.
        # anim.landing); None: none.
        self.landing: Future[LandingPlan | None] | None = None
        self.recent_steps: deque[float] = deque(maxlen=RECENT_STEPS)  # the last frames' dt

    # ----------------------------------------------------------------- places
    def place(self, places: TrayPlaces) -> None:
        """The table's places changed (a new window size): a throw in the air lands, dice
        lying where they fell are kept apart on the new felt, the rest go to their places."""
        if self.flight is not None:
            self.finish()  # a throw is simulated for one size of felt: land it
        self.places = places
        self._keep_apart()
        for i, die in enumerate(self.dice):
            die.x, die.y = self.target(i)
            die.scale = self.held_scale if die.held else 1.0

    def _keep_apart(self) -> None:
        """Dice lying where they fell, on a felt of a new shape, are eased apart where their
        drawn boxes would meet (their places are kept as shares of the felt)."""
        lying = [i for i, d in enumerate(self.dice) if d.fell is not None and not d.held]
        places = self.places
        if self.tidy or not lying or places is None:
            return
        size, felt = places.die_size, places.felt
        at = [
            ((x - felt.left) / size, (y - felt.top) / size)
            for x, y in (self._fell_px(self.dice[i]) for i in lying)
        ]
        apart = spread(at, [self.dice[i].turn for i in lying], places.units, places.box)
        if apart is None:
            return
        for i, (x, y, turn) in zip(lying, apart, strict=True):
            self.dice[i].fell = (x * size / max(1, felt.width), y * size / max(1, felt.height))
            self.dice[i].turn = turn

    @property
    def held_scale(self) -> float:
        return 1.0 if self.places is None else self.places.held_scale

    def _fell_px(self, die: Die) -> Point:
        """Where a die that came to rest lies, kept inside the felt of today's places."""
        assert die.fell is not None and self.places is not None
        felt, size = self.places.felt, self.places.die_size
        # The throw keeps a die's square inside the felt (its middle half a die size or more
        # from the edges); new places may not. (Not the die's own reach: that changes as it
        # turns on its way, and its place with it.)
        margin_x = min(0.5 * size, felt.width / 2)
        margin_y = min(0.5 * size, felt.height / 2)
        x = felt.left + die.fell[0] * felt.width
        y = felt.top + die.fell[1] * felt.height
        return (
            min(max(x, felt.left + margin_x), felt.right - margin_x),
            min(max(y, felt.top + margin_y), felt.bottom - margin_y),
        )

    def target(self, i: int) -> Point:
        """Where die i goes when nothing is thrown: its hold slot, its place in the row, or
        (not tidy) where it came to rest."""
        die, places = self.dice[i], self.places
        assert places is not None
        if die.held:
            return places.hold[i]
        if self.tidy or die.fell is None:
            return places.row[i]
        return self._fell_px(die)

    def target_turn(self, i: int) -> Quat:
        die = self.dice[i]
        if die.held:
            return squared(die.turn, 0.0)  # square in the hold row, padlock at the corner
        if self.tidy:
            return squared(die.turn, die.rest_turn)
        return die.turn

    def placed(self, i: int, die: Die | None = None) -> bool:
        """Die i (or `die` in its place) lies where it belongs, turned as it should."""
        die = self.dice[i] if die is None else die
        return (
            math.dist((die.x, die.y), self.target(i)) <= SETTLED
            and abs(die.heading - math.degrees(ori.heading(self.target_turn(i)))) <= 0.5
        )

    def size_of(self, i: int) -> float:
        assert self.places is not None
        return self.places.die_size * self.dice[i].scale

    def die_at(self, pos: tuple[float, float]) -> int | None:
        """The die under the pointer (where it is going counts too, so a click on a die that
        is still drifting still holds it). Dice in the air are not there to be clicked."""
        if self.places is None or self.flight is not None:
            return None
        for i, die in enumerate(self.dice):
            if not die.shown:
                continue
            half = self.size_of(i) * 0.6
            for x, y in ((die.x, die.y), self.target(i)):
                if abs(pos[0] - x) <= half and abs(pos[1] - y) <= half:
                    return i
        return None

    # ----------------------------------------------------------------- changes
    @property
    def rolling(self) -> bool:
        return self.flight is not None

    @property
    def just_landed(self) -> bool:
        """The dice came to rest moments ago: a press now is a double tap, not a choice made
        after seeing them (the table takes no action until this is over)."""
        return self.settling > 0

    @property
    def animating(self) -> bool:
        if self.rolling or self.just_landed:
            return True
        if self.places is None:
            return False
        return any(not self.placed(i) for i, d in enumerate(self.dice) if d.shown)

    def sync(self, dice: tuple[int, ...] | None, held: tuple[bool, ...] | None = None) -> None:
        """Show exactly this, with no animation (after undo, skip, load or resize); no dice:
        all in the cup."""
        self.flight = None
        self.landing = None
        self.settling = 0.0
        if dice is not None:
            self.dim = False  # dice in play (an undone score gives the turn back) are not faded
        for i, die in enumerate(self.dice):
            die.held = dice is not None and held is not None and bool(held[i])
            die.lift = 0.0
            die.scale = self.held_scale if die.held else 1.0
            if dice is None:
                die.state = InCup()
            else:
                die.state, die.face = Resting(), dice[i]
                if ori.face_up(die.turn) != die.face:
                    die.turn = flat_turn(die.face, die.rest_turn)
                die.turn = self.target_turn(i)
            if self.places is not None:
                die.x, die.y = self.target(i)

    def roll(
        self,
        dice: tuple[int, ...],
        rolled: tuple[bool, ...],
        speed: float,
        throw: Throw | None = None,
        worker: Executor | None = None,
    ) -> None:
        """Animate a roll: the dice in `rolled` go into the cup, it shakes, they pour out. The
        throw is simulated (on `worker`, while the cup shakes, if there is one), or played
        as `throw` (recorded elsewhere, of the rolled dice in order)."""
        self.dim = False
        thrown = [i for i in range(len(self.dice)) if rolled[i]]
        for i in thrown:
            self.dice[i].held = False
            self.dice[i].rest_turn = self.rng.uniform(-REST_TURN, REST_TURN)
        seed = self.rng.randrange(2**30)
        faces = tuple(dice[i] for i in thrown)
        if throw is not None and throw.faces != faces:
            raise ValueError(f"the throw shows {throw.faces}, the rolled dice {faces}")
        make: Callable[[], Throw] = functools.partial(self._simulate, self.places, faces, seed)
        if throw is not None:
            make = functools.partial(_given, throw)
        animated = speed > 0 and self.places is not None and not self.reduced_motion
        if animated and thrown and throw is None and worker is not None:
            make = worker.submit(make).result  # the same throw, made while the cup shakes
        if not animated or not thrown:
            # No throw to watch: the dice are simply there, in the row or where a throw put
            # them (the same seed, so turning motion back on does not change the game's look).
            if self.places is not None and thrown and not self.tidy:
                played = make()
                for k, i in enumerate(thrown):
                    self._rest(i, played, k)
            self.sync(dice, tuple(d.held and not rolled[i] for i, d in enumerate(self.dice)))
            return
        assert self.places is not None
        self.flight = Flight.start(make, speed, self.places.die_size, seed)
        for k, i in enumerate(thrown):
            die = self.dice[i]
            die.state, die.face, die.scale = InCup(k), dice[i], 1.0
        # A die held (or let go) a moment ago is still on its way: it gets there now, so
        # no held die lies on the felt while the others fly.
        for i, die in enumerate(self.dice):
            if die.shown:
                die.state = Resting()
                die.x, die.y = self.target(i)
                die.turn, die.lift = self.target_turn(i), 0.0
        self.settling = 0.0
        self.landing = None
        if worker is not None:  # the drifts after the landing, planned there too
            self.landing = worker.submit(plan_landing, ghost_of(self), make)

    def simulate(self, faces: tuple[int, ...], seed: int) -> Throw:
        """The throw of dice showing `faces` from the cup onto the felt, in die sizes from the
        felt's top left; no two dice's drawn boxes meet where they rest."""
        return self._simulate(self.places, faces, seed)

    @staticmethod
    def _simulate(places: TrayPlaces | None, faces: tuple[int, ...], seed: int) -> Throw:
        assert places is not None
        size, felt, mouth = places.die_size, places.felt, places.mouth
        start = ((mouth[0] - felt.left) / size, (mouth[1] - felt.top) / size)
        return simulate(places.units, start, faces, seed, places.box)

    @property
    def throw(self) -> Throw | None:
        """The throw in the air (simulated now if it was not yet), to send to another
        machine (game.anim.throw_record); None when no dice are in the air."""
        return None if self.flight is None else self.flight.throw

    def _rest(self, i: int, throw: Throw, k: int) -> None:
        """Die i lies where throw die k came to rest."""
        pose = throw.rest(k)
        die = self.dice[i]
        die.fell = self._fell(pose.x, pose.y)
        die.turn, die.lift, die.state = pose.turn, 0.0, Resting()

    def _fell(self, x: float, y: float) -> Point:
        """A place on the felt in die sizes, as shares of the felt."""
        size = self.places.die_size if self.places is not None else 1.0
        felt = self.places.felt if self.places is not None else Felt(0, 0, 1, 1)
        return (x * size / max(1, felt.width), y * size / max(1, felt.height))

    def coming_rests(self) -> list[tuple[int, Point, Quat]]:
        """Where dice on their way will come to rest, and turned how: those in the air (once
        their throw is known) and those drifting to their places."""
        rests: list[tuple[int, Point, Quat]] = []
        flight, places = self.flight, self.places
        if flight is not None and flight.simulated and places is not None:
            throw = flight.throw
            for i, die in enumerate(self.dice):
                state = die.state
                if not isinstance(state, InCup | Flying) or state.throw is None:
                    continue
                pose = throw.rest(state.throw)
                if self.tidy:
                    rests.append((i, places.row[i], squared(pose.turn, die.rest_turn)))
                else:
                    fell = replace(die, fell=self._fell(pose.x, pose.y))
                    rests.append((i, self._fell_px(fell), pose.turn))
        for i, die in enumerate(self.dice):
            if isinstance(die.state, Drifting):
                rests.append((i, die.state.goal, die.state.want))
        return rests

    def set_held(self, i: int, held: bool) -> None:
        die = self.dice[i]
        die.held = held
        die.scale = self.held_scale if held else 1.0

    def put_away(self) -> None:
        """The turn is over: the dice stay on show, faded, until the next roll."""
        self.dim = True
        for i in range(len(self.dice)):
            self.set_held(i, False)

    def finish(self) -> None:
        """Jump every animation to its end."""
        flight, self.landing = self.flight, None
        if flight is not None:
            for i, die in enumerate(self.dice):
                if isinstance(die.state, InCup | Flying) and die.state.throw is not None:
                    self._rest(i, flight.throw, die.state.throw)
            self.flight = None
            self.settling = LANDED_GRACE
        for i, die in enumerate(self.dice):
            if not die.shown:
                continue
            die.state, die.lift = Resting(), 0.0
            die.turn = self.target_turn(i)
            if self.places is not None:
                die.x, die.y = self.target(i)

    # ----------------------------------------------------------------- time
    def step(self, dt: float) -> list[TrayEvent]:
        """Move everything on by `dt` seconds; what happened meanwhile."""
        events: list[TrayEvent] = []
        if dt > 0:
            self.recent_steps.append(dt)
        flight = self.flight
        if flight is not None:
            self._fly(flight, dt, events)
            return events
        self.settling = max(0.0, self.settling - dt)
        if self.places is not None:
            self._drift(dt)
        return events

    def _fly(self, flight: Flight, dt: float, events: list[TrayEvent]) -> None:
        assert self.places is not None
        flight.advance(dt)
        t = flight.throw_time
        if t < 0:
            return  # still in the cup (the throw is needed from the pour on)
        throw = flight.throw
        while flight.heard < len(throw.impacts) and throw.impacts[flight.heard].time <= t:
            events.append(ImpactHeard(throw.impacts[flight.heard].strength))
            flight.heard += 1
        size, felt = self.places.die_size, self.places.felt
        for i, die in enumerate(self.dice):
            state = die.state
            if not isinstance(state, InCup | Flying) or state.throw is None:
                continue
            if t < 0 or not throw.out(state.throw, t):
                continue
            if isinstance(state, InCup):
                die.state = Flying(state.throw)
                events.append(PouredOut(i))
            pose = throw.pose(state.throw, t)
            die.x, die.y = felt.left + pose.x * size, felt.top + pose.y * size
            die.lift, die.turn = pose.z, pose.turn
        if t >= flight.end:
            events.extend(Landed(i) for i in self.land(throw))
            self._drift(dt)  # the tidy drift starts in this very step: no frame stands still
            self.landing = None  # (taken, or not wanted: no drift, the dice untidy)

    def land(self, throw: Throw) -> list[int]:
        """The dice in the air come to rest where `throw` puts them: which they are."""
        assert self.places is not None
        landed = []
        for i, die in enumerate(self.dice):
            state = die.state
            if isinstance(state, InCup | Flying) and state.throw is not None:
                self._rest(i, throw, state.throw)
                landed.append(i)
        self.flight = None
        self.settling = LANDED_GRACE
        if throw.area != self.places.units:
            self._keep_apart()  # recorded on a felt of another shape
        for i in landed:
            # Where it rests, which the frame found it within STILL_PX of: its drift from
            # there is known before the landing (game.anim.landing), whenever the frame is.
            self.dice[i].x, self.dice[i].y = self._fell_px(self.dice[i])
        return landed

    def _drift(self, dt: float) -> None:
        """Move every die that is not where it belongs a step of its drift there: an eased
        move of DRIFT_TIME from wherever it was when its place changed, hopping over the
        dice in its way (game.anim.hops)."""
        assert self.places is not None
        starting = self.start_drifts()
        size = self.places.die_size
        if starting:
            sizes = [self.size_of(i) for i in range(len(self.dice))]
            if not take_plan(self, sizes, starting):
                plan_hops(self.dice, sizes, starting, size)
        for die in self.dice:
            if die.shown and isinstance(die.state, Drifting):
                slide(die, die.state, dt, size)

    def start_drifts(self) -> list[int]:
        """Every die not where it belongs, and not drifting there, starts to (its hop is
        still to be planned): which they are."""
        starting = []
        for i, die in enumerate(self.dice):
            if not die.shown:
                continue
            goal = self.target(i)
            drift = die.state
            if not isinstance(drift, Drifting) or drift.goal != goal:
                if self.placed(i) and die.lift == 0.0:
                    die.state = Resting()
                    die.x, die.y = goal
                    continue
                # The turn it drifts to is worked out once, from the turn it starts from.
                die.state = Drifting((die.x, die.y), die.turn, goal, self.target_turn(i))
                starting.append(i)
        return starting

    # ----------------------------------------------------------------- the cup
    def cup_angle(self) -> float:
        return 0.0 if self.flight is None else self.flight.cup_angle()

    def cup_offset(self) -> Point:
        return (0.0, 0.0) if self.flight is None else self.flight.cup_offset()
