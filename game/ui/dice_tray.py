"""The dice on the table and the cup, as the table uses them: a roll shakes the cup, tips it,
and the free dice pour out onto the felt, fly, bounce off the felt, each other and the walls,
and come to rest where the throw puts them, showing the faces the rules decided. Then, if the
player likes it tidy, they drift to a row that is easy to read and click. Held dice sit in the
hold row, square and a little smaller, so their rings and padlocks never touch.

Three rooms, and this joins them: the model (game.anim.tray: the dice's states over time, no
pygame), the places (game.ui.tray_layout: pure geometry for a layout) and the view
(game.ui.tray_view: draws both, changes neither), with the renderer handed in.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

import pygame

from game.anim.die import Die, ImpactHeard, TrayEvent
from game.anim.felt import Area
from game.anim.flight import POUR_ANGLE, SHAKE_TILT, Flight
from game.anim.landing import LandingPlan, ghost_of, plan_change
from game.anim.throw import Throw
from game.anim.tray import TrayModel
from game.ui import tray_view
from game.ui.layout import TableLayout
from game.ui.palette import DicePalette
from game.ui.stills import LATER
from game.ui.tray_layout import tray_places
from game.ui.tray_view import HoldRow, Piece, TrayLook, TrayRenderer, recent

DICE = 5  # dice on the table unless told otherwise
MAX_SOUNDS = 3  # impacts heard per frame: five dice landing do not need fifteen clacks
WARM_CUPS = 4  # turned cups wished ahead in a quiet frame (made on the stills' thread)
WARM_SHADOWS = 4  # turned shadows
WARM_LIFT = 1.0  # die sizes: lifted dice's grown shadows warmed up to this height


class DiceTray:
    def __init__(
        self, seed: int = 0, count: int = DICE, renderer: TrayRenderer | None = None
    ) -> None:
        self.model = TrayModel(count, seed)
        self.renderer = renderer if renderer is not None else TrayRenderer()
        # Throws are simulated here while the cup shakes, not in the frames that draw it;
        # the drifts of a change foreseen are planned here too.
        self._thrower: ThreadPoolExecutor | None = None
        # The plan of a change foreseen, whose dice are to be drawn ahead once it is in.
        self._foreseen: Future[LandingPlan | None] | None = None
        self.layout: TableLayout | None = None
        self.palette: DicePalette | None = None  # the dice's colours, as last laid out
        # The roll whose cup angles are wished ahead, whether its throw was known then,
        # and the angles (see _want_cups).
        self._cup_plan: tuple[Flight | None, bool, list[float]] = (None, False, [])
        # The layout and colours whose images are all warmed (see _warm).
        self._warmed: tuple[TableLayout | None, DicePalette | None] = (None, None)
        self._sounds: list[float] = []
        self._look: TrayLook | None = None  # how the last frame's pieces looked

    # ----------------------------------------------------------------- the model's face
    @property
    def dice(self) -> list[Die]:
        return self.model.dice

    @property
    def rng(self) -> random.Random:
        return self.model.rng

    @property
    def tidy(self) -> bool:
        return self.model.tidy

    @tidy.setter
    def tidy(self, tidy: bool) -> None:
        self.model.tidy = tidy

    @property
    def reduced_motion(self) -> bool:
        return self.model.reduced_motion

    @reduced_motion.setter
    def reduced_motion(self, reduced: bool) -> None:
        self.model.reduced_motion = reduced

    @property
    def dim(self) -> bool:
        """The dice are a finished turn's, shown faded."""
        return self.model.dim

    @property
    def rolling(self) -> bool:
        return self.model.rolling

    @property
    def just_landed(self) -> bool:
        """The dice came to rest moments ago (see TrayModel.just_landed)."""
        return self.model.just_landed

    @property
    def under_way(self) -> bool:
        """A roll began a frame or more ago: its first frame (a new card, new buttons) is
        drawn, and work that would have added to it can be done now."""
        flight = self.model.flight
        return flight is not None and flight.frames > 1

    @property
    def animating(self) -> bool:
        return self.model.animating

    def die_at(self, pos: tuple[int, int]) -> int | None:
        return self.model.die_at(pos)

    def size_of(self, i: int) -> float:
        return self.model.size_of(i)

    @property
    def row_slots(self) -> tuple[tuple[float, float], ...]:
        assert self.model.places is not None
        return self.model.places.row

    @property
    def area(self) -> pygame.Rect:
        """The felt thrown dice land on."""
        places = self.model.places
        if places is None:
            return pygame.Rect(0, 0, 1, 1)
        felt = places.felt
        return pygame.Rect(felt.left, felt.top, felt.width, felt.height)

    def units(self) -> Area:
        assert self.model.places is not None
        return self.model.places.units

    def simulate(self, faces: tuple[int, ...], seed: int) -> Throw:
        return self.model.simulate(faces, seed)

    def cup_angle(self) -> float:
        return self.model.cup_angle()

    # ----------------------------------------------------------------- changes
    def set_layout(self, layout: TableLayout, palette: DicePalette | None = None) -> None:
        self.layout = layout
        self.model.place(tray_places(layout))
        if palette is not None:
            self.palette = palette
            # Render the rings and shadows now, and make the 3D dice of both sizes (a held
            # die's may be a coarser mesh, 1-3 ms to build), so the first hold mid-game does
            # not stall.
            size = round(layout.die_size)
            dice = self.renderer.dice
            dice.prewarm_decorations(size, palette)
            dice.prewarm_decorations(round(size * self.model.held_scale), palette)
            for scale in (1.0, self.model.held_scale):  # (a die's size, as a frame asks)
                self.renderer.model(layout.die_size * scale)

    def sync(self, dice: tuple[int, ...] | None, held: tuple[bool, ...] | None = None) -> None:
        """Show exactly this, with no animation (after undo, skip, load or resize)."""
        self.model.sync(dice, held)

    def roll(
        self,
        dice: tuple[int, ...],
        rolled: tuple[bool, ...],
        speed: float,
        throw: Throw | None = None,
    ) -> None:
        """Animate a roll (see TrayModel.roll): simulated on the tray's thread, or played
        from `throw`."""
        self.model.roll(dice, rolled, speed, throw, self._worker())

    def _worker(self) -> ThreadPoolExecutor:
        """The tray's thread, made when first needed."""
        if self._thrower is None:
            self._thrower = ThreadPoolExecutor(1, thread_name_prefix="dice-throw")
        return self._thrower

    def foresee(self, change: Callable[[TrayModel], object]) -> None:
        """`change` (a die held or let go, the dice put away) is coming, a few frames from
        now: the drifts it starts are planned on the tray's thread, on a copy of the model
        as it is now (as a landing's: game.anim.landing), and once they are, the dice of the
        frame it is made in and of the next are drawn ahead (see `update`)."""
        if self.model.flight is not None or self.layout is None or self.palette is None:
            return
        planned = self._worker().submit(plan_change, ghost_of(self.model), change)
        self.model.landing = self._foreseen = planned

    def close(self) -> None:
        """Stop the tray's threads (the throw under way is finished first)."""
        thrower, self._thrower = self._thrower, None
        if thrower is not None:
            thrower.shutdown(wait=True, cancel_futures=True)
        self.renderer.close()

    def set_held(self, i: int, held: bool) -> None:
        self.model.set_held(i, held)

    def put_away(self) -> None:
        """The turn is over: the dice stay on show, faded, until the next roll."""
        self.model.put_away()

    def finish(self) -> None:
        """Jump every animation to its end."""
        self.model.finish()

    # ----------------------------------------------------------------- time
    def update(self, dt: float) -> list[TrayEvent]:
        """Move the dice on by `dt` seconds: what happened (the hits are also kept to be
        heard, see take_impacts)."""
        events = self.model.step(dt)
        for event in events:
            if isinstance(event, ImpactHeard):
                self._sounds.append(event.strength)
        self._prepare_foreseen()
        flight = self.model.flight
        if flight is None and not self.model.animating:
            self._warm()  # nothing moves (the app steps even while it waits for input)
        elif flight is not None:
            self._want_cups(flight)
            if self.under_way and flight.shaking:
                self._warm()  # little moves while the cup shakes
        return events

    def _prepare_foreseen(self) -> None:
        """Once the drifts of a change foreseen are planned, have its frames' dice drawn
        ahead (once, whether or not the frames keep to time); nothing if the plan was
        replaced or used up meanwhile."""
        foreseen = self._foreseen
        if foreseen is None or not foreseen.done():
            return
        self._foreseen = None
        layout, palette = self.layout, self.palette
        if foreseen is self.model.landing and layout is not None and palette is not None:
            tray_view.prepare_landing(self.model, self.renderer, palette, layout.tray.center)

    def take_impacts(self) -> list[float]:
        """Strengths (0..1) of the hits the dice made since the last call, loudest first."""
        sounds, self._sounds = self._sounds, []
        return sorted(sounds, reverse=True)[:MAX_SOUNDS]

    def _warm(self) -> None:
        """Have a few of the images a throw needs made ahead of the frames that need them,
        on the stills' thread: the cup turned for its pour, the shadows the landing dice
        cast (free and held) and a lifted die's grown shadows. At 4K each takes 1 to 4 ms,
        too much for the busiest frames of a throw and for a quiet frame beside a frame's
        median of 2 ms; at 1080p a few tenths of a millisecond, against a median under 1
        ms. A few at a time, while the thread has nothing else to make (a throw's own
        images come first), until all are made for these places and colours."""
        layout, palette = self.layout, self.palette
        if layout is None or palette is None or self.renderer.stills.busy:
            return
        if self._warmed[0] is layout and self._warmed[1] is palette:
            return  # all of them made: looked for no more (a quiet frame's tenth of a ms)
        # Every whole degree the cup is met at: its shake's tilt either way, and the pour's.
        turns = range(round(SHAKE_TILT), round(POUR_ANGLE - SHAKE_TILT) - 1, -1)
        wished = self.renderer.cups.warm(layout.cup_height, palette, turns, WARM_CUPS)
        dice, size = self.renderer.dice, layout.die_size
        left = WARM_SHADOWS - dice.warm_shadows(round(size), palette, WARM_SHADOWS)
        if left:  # then a held die's, as a CPU's hold drifts it into its place
            left -= dice.warm_shadows(round(size * self.model.held_scale), palette, left)
        # And a lifted die's soft shadows, grown, up to where a throw's dice fly (a game's
        # first throw wished them all at once, with its cup and its dice, and met the
        # highest before they were made).
        wished += WARM_SHADOWS - left + dice.want_grown(size, palette, WARM_LIFT * size, LATER)
        if not wished:
            self._warmed = (layout, palette)

    def _want_cups(self, flight: Flight) -> None:
        """Have the cup turned ahead to the angles this roll's coming frames draw it at, in
        the order they come (made before a landing's images and the images warmed in quiet
        frames: see Stills), while it shakes and, once the throw is known, as it tips and
        rights itself: a roll met angles the quiet frames had not warmed yet (the first
        of a game's, with 80 whole degrees to warm) and turned them in its frames, 3-4 ms
        each at 4K. Worked out once for what is known of the roll, a few wished a frame
        until all are (looking through the kept ones was a tenth of a millisecond)."""
        layout, palette = self.layout, self.palette
        if layout is None or palette is None:
            return
        landing = self.model.landing
        known = flight.simulated or (landing is not None and landing.done())
        if self._cup_plan[0] is not flight or self._cup_plan[1] != known:
            steps = recent(self.model.recent_steps, 2)  # (as the frames step: see tray_view)
            angles = [a for dt in steps for a in flight.cup_angles(dt, known)]
            self._cup_plan = (flight, known, angles)
        if not self.renderer.cups.foresee(layout.cup_height, palette, self._cup_plan[2], WARM_CUPS):
            self._cup_plan = (flight, known, [])  # all kept or under way: looked for no more

    def between_frames(self, until: float) -> None:
        """The images wished for the frames to come, made in the time a frame left, until
        `until` (time.perf_counter()): the next frame's dice first (game.ui.stills)."""
        self.renderer.stills.between_frames(until)

    # ----------------------------------------------------------------- drawing
    def pieces(self, look: TrayLook) -> list[Piece]:
        """What the tray draws over its hold row this frame (see tray_view.pieces)."""
        if self.layout is None:
            return []
        self._look = look
        return tray_view.pieces(self.model, self.layout, self.renderer, look)

    def foreseen(self) -> list[Piece] | None:
        """What the tray will draw next frame if that frame steps the dice as the last did
        and looks as it did (a copy of the model stepped so, with the images kept or made
        ahead: stills.NotMade names one wished and not made yet); None while that is not
        known without waiting for the tray's thread (a throw not yet simulated, a landing's
        drifts not yet planned) or nothing moves."""
        model, layout, look = self.model, self.layout, self._look
        if layout is None or look is None or not model.recent_steps or not model.animating:
            return None
        flight, landing = model.flight, model.landing
        step = model.recent_steps[-1]
        if (
            flight is not None
            and not flight.simulated
            and flight.throw_time_at(flight.time + step) >= 0
        ):
            return None
        if landing is not None and not landing.done():
            return None
        ghost = ghost_of(model)
        ghost.landing = landing  # (its plan is read, not changed)
        if flight is not None:
            ghost.flight = copy.copy(flight)
            ghost.flight.shake = copy.copy(flight.shake)
        ghost.step(step)
        stills = self.renderer.stills
        stills.peeking = True
        try:
            return tray_view.laid(ghost, layout, self.renderer, look)
        finally:
            stills.peeking = False

    def draw(
        self,
        surface: pygame.Surface,
        look: TrayLook,
        hold: HoldRow,
        pieces: list[Piece] | None = None,
    ) -> None:
        """The hold row, the cup and the dice; `pieces` are what `pieces()` gave for this
        frame, if the caller asked for them already."""
        if self.layout is None:
            return
        if pieces is None:
            pieces = self.pieces(look)
        tray_view.draw(surface, pieces, self.layout, hold)
