"""Dice on the table: their images (game.ui.die_image) kept in bounded caches, turned with
`pygame.transform.rotozoom` for tumbling, lifted (larger, their shadows grown, moved off and
faded by the light from the top left) and laid with their shadows, so that a frame only
blits. What a coming frame needs is made ahead on the stills' thread (game.ui.stills).

    renderer = DieRenderer()
    renderer.draw(screen, (320, 240), 72, 5, DieStyle(held=True, angle=12.0))
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from game.cache import BoundedCache
from game.ui.die_image import DieStyle, render_die, render_shadow
from game.ui.palette import STANDARD_DICE, DicePalette
from game.ui.raster import Point, SpriteCache, blit_faded, bounded
from game.ui.stills import LATER, NEXT, THROW, Stills

SHADOW_OFFSET = (0.05, 0.085)  # of the side, at rest on the table
CONTACT_OFFSET = (0.012, 0.022)  # of the side: the tight shadow right under the die
LIFT_SHADOW_SLANT = (0.3, 0.3)  # shadow px moved per px of lift by the light from the top left
LIFT_ZOOM = 0.0025  # scale gained per px of lift: a thrown die nears the eye
LIFT_SHADOW_GROWTH = 0.004  # shadow scale gained per px of lift
LIFT_SHADOW_FADE = 0.006  # shadow opacity lost per px of lift (down to 35 %)
CONTACT_FADE = 0.08  # of the side: lift at which the contact shadow is gone
PLAIN = DieStyle()  # a die as it lies unmarked, its own colours
CACHE_SIZE = 160  # images: 5 dice x 7 faces x a few styles and sizes, with room to spare
TURNED_SHADOWS = 240  # every turned shadow of four sizes (free and held, two layouts)
SHADOW_STEP = 3.0  # degrees between the turned shadows kept
SHADOW_TURNS = round(90 / SHADOW_STEP)  # a quarter turn looks the same
GROWN_WISHES = 4  # lifted shadows wished ahead a frame at most, the lowest first (a die
# in the air needs them from the lowest up, and the stills' thread keeps a few wishes only)
TURNED_CACHE = 256  # turned images kept: dice at rest keep their angle frame after frame
SHADOW_COPIES = 8  # shadows copied for the stills' thread to turn: soft and contact, 4 sizes
TURNING_AHEAD = 24  # rings turned at their very angle: drifting dice's, ahead for the next
# frames (5 dice, 2 steps), and those turned in a frame (a held die's while the others fly)


class DieRenderer:
    """Draws dice from bounded caches of rendered images: the dice (or only their rings, to
    lay round a die drawn in 3D), their shadows, and both turned. One per screen that draws
    dice: it is handed to what draws them, never shared through a module."""

    def __init__(self, max_entries: int = CACHE_SIZE, stills: Stills | None = None) -> None:
        self.cache: SpriteCache[pygame.Surface] = SpriteCache(max_entries)
        self.stills = stills  # lifted shadows grown ahead on its thread; None: when first met
        # Shadows turned, kept apart from the rest.
        self.turned: SpriteCache[pygame.Surface] = SpriteCache(TURNED_SHADOWS)
        # Images turned and kept: dice and rings at rest keep their angle frame after frame.
        self.turns: SpriteCache[pygame.Surface] = SpriteCache(TURNED_CACHE)
        # Images turned ahead at the very angle a coming frame turns them (want_turn).
        self.turning: SpriteCache[pygame.Surface] = SpriteCache(TURNING_AHEAD)
        self.late = 0  # lifted shadows shown grown less, for want of time (see `grown`)
        # Copies of the shadows for the stills' thread to turn, by size, colours and kind.
        self._copies: BoundedCache[tuple[int, DicePalette, bool], pygame.Surface] = BoundedCache(
            SHADOW_COPIES
        )

    def __len__(self) -> int:
        return len(self.cache)

    def sprite(self, size: int, face: int, style: DieStyle = PLAIN) -> pygame.Surface:
        """The unrotated die image, its centre the die's centre (cached)."""
        look = style.image
        size = int(round(size))
        return self.cache.get(("die", size, face, look), lambda: render_die(size, face, look))

    def decoration(
        self, size: int, held: bool, focused: bool, palette: DicePalette = STANDARD_DICE
    ) -> pygame.Surface:
        """The held ring and padlock and the focus ring of a die of side `size`, without the
        die: to lay round a die drawn in 3D (cached)."""
        style = DieStyle(held, focused, palette=palette)
        size = int(round(size))
        return self.cache.get(
            ("decoration", size, style), lambda: render_die(size, 0, style, body=False)
        )

    def prewarm_decorations(self, size: int, palette: DicePalette = STANDARD_DICE) -> None:
        """Render the rings and the shadows at `size` now, so the first hold does not stall."""
        for held, focused in ((True, False), (False, True), (True, True)):
            self.decoration(size, held, focused, palette)
        self.shadow(size, palette, soft=True)
        self.shadow(size, palette, soft=False)

    def turned_shadow(
        self, size: int, palette: DicePalette, soft: bool, angle: float
    ) -> pygame.Surface:
        """The shadow turned `angle` degrees (kept). A shadow looks the same every quarter
        turn; 3 degree steps are plenty for a blur, and few enough to keep them all."""
        step = round((angle % 90.0) / SHADOW_STEP) % SHADOW_TURNS
        size = int(round(size))
        base = self.shadow(size, palette, soft=soft)
        if step == 0:
            return base
        key = (size, palette, soft, step)
        make = bounded(functools.partial(pygame.transform.rotozoom, base, step * SHADOW_STEP, 1.0))
        if self.stills is None:
            return self.turned.get(key, make)
        return self.stills.take(self.turned, key, make)

    def warm_shadows(self, size: int, palette: DicePalette, count: int) -> int:
        """Have up to `count` of the turned shadows a die of `size` may need that are not
        kept or under way yet turned (work for frames with little to draw, such as while
        the cup shakes): how many. At 4K each takes 2 ms, too much for the frames the dice
        land in, and for a quiet frame beside a frame's median of 2 ms: they are turned on
        the stills' thread (from a copy of the shadow, which the frames blit meanwhile), or
        here when there is none."""
        made = 0
        size = int(round(size))
        for soft in (False, True):
            for step in range(1, SHADOW_TURNS):
                if made >= count:
                    return made
                if self.stills is None:
                    if (size, palette, soft, step) not in self.turned:
                        self.turned_shadow(size, palette, soft, step * SHADOW_STEP)
                        made += 1
                    continue
                made += self._want_turned_shadow(size, palette, soft, step, LATER)
        return made

    def want_shadows(self, size: int, palette: DicePalette, angle: float, lift: float) -> None:
        """Have the turned shadows a die of `size` px `lift` px above the felt at `angle`
        casts (see shadow_images) turned on the stills' thread for the next frame: the
        dice coming to rest in a game's first throws met turns the quiet frames had not
        warmed yet, and their frames turned them (1 ms each at 4K, up to five a frame)."""
        if self.stills is None or palette.shadow[3] == 0:
            return
        step = round((angle % 90.0) / SHADOW_STEP) % SHADOW_TURNS
        size = int(round(size))
        if step == 0:
            return  # (the shadow as it is)
        if lift == 0.0:  # the soft shadow is turned only lying on the felt: lifted, grown
            self._want_turned_shadow(size, palette, True, step, NEXT)
        if lift < max(CONTACT_FADE * size, 1.0):  # the contact shadow until it fades out
            self._want_turned_shadow(size, palette, False, step, NEXT)

    def _want_turned_shadow(
        self, size: int, palette: DicePalette, soft: bool, step: int, rank: int
    ) -> bool:
        """Have the shadow turned `step` steps on the stills' thread, unless it is kept or
        under way: True if it was not and now is. The thread turns a copy of the shadow
        (the frames blit the shadow meanwhile), made once for its size and colours."""
        assert self.stills is not None
        key = (size, palette, soft, step)
        if key in self.turned or self.stills.wished(key):
            return False
        base = self._copy(size, palette, soft)
        turn = bounded(functools.partial(pygame.transform.rotozoom, base, step * SHADOW_STEP, 1.0))
        return self.stills.want(self.turned, key, turn, rank)

    def _copy(self, size: int, palette: DicePalette, soft: bool = True) -> pygame.Surface:
        """A copy of the shadow for the stills' thread to turn or grow (the frames blit the
        shadow while the thread reads it), made once for its size, colours and kind."""
        base = self._copies.get((size, palette, soft))
        if base is None:
            base = self.shadow(size, palette, soft=soft).copy()
            self._copies.put((size, palette, soft), base)
        return base

    def shadow(
        self, size: int, palette: DicePalette = STANDARD_DICE, *, soft: bool = True
    ) -> pygame.Surface:
        """The unrotated soft (or contact) shadow image, centred on the die's footprint (cached)."""
        size = int(round(size))
        return self.cache.get(
            ("shadow", size, palette, soft),
            bounded(functools.partial(render_shadow, size, palette, soft)),
        )

    def turn(
        self, image: pygame.Surface, angle: float, zoom: float, keep: bool | None = None
    ) -> pygame.Surface:
        """`image` turned `angle` degrees and scaled by `zoom`. Kept (a quarter degree apart)
        when `keep` is true, or by default when not zoomed: dice at rest keep their angle
        frame after frame, while a tumbling die's angle changes every frame and keeping it
        would only churn."""
        if angle % 360.0 == 0.0 and zoom == 1.0:
            return image
        if not (zoom == 1.0 if keep is None else keep):
            # At this very angle: turned ahead (want_turn), or turned here and kept with
            # those a while, for a die that lies as it did a frame ago (a held die's rings
            # in the hold row while the others fly: a hair off square, turned anew every
            # frame, 0.07 ms each at 4K).
            exact = (image, angle, zoom)
            ahead = (
                self.turning.peek(exact)
                if self.stills is None
                else self.stills.ready(self.turning, exact)
            )
            if ahead is None:
                ahead = self.turning.put(exact, pygame.transform.rotozoom(image, angle, zoom))
            return ahead
        key = (image, round(angle * 4) / 4, zoom)
        return self.turns.get(key, lambda: pygame.transform.rotozoom(image, key[1], zoom))

    def want_turn(self, image: pygame.Surface, angle: float, zoom: float = 1.0) -> None:
        """Have `image` turned `angle` degrees and scaled by `zoom` on the stills' thread,
        for a coming frame that turns it so without keeping it (a held die's rings as it
        drifts: at 4K 0.3-0.5 ms a die, every frame of the drift). The thread turns a copy:
        the frames blit the image meanwhile."""
        key = (image, angle, zoom)
        if self.stills is None or (angle % 360.0 == 0.0 and zoom == 1.0):
            return
        if key in self.turning or self.stills.wished(key):
            return
        make = functools.partial(pygame.transform.rotozoom, image.copy(), angle, zoom)
        self.stills.want(self.turning, key, make, NEXT)

    def draw(
        self, surface: pygame.Surface, center: Point, size: int, face: int, style: DieStyle
    ) -> pygame.Rect:
        """Draw a die centred on `center`, as `style` says (turned, lifted, marked).

        `center` is where the die appears. A die `style.lift` px above the table is drawn a
        little larger, and its shadow falls on the table that much lower, slanted away from the
        light, softer and paler. Returns the rectangle blitted."""
        lift = max(style.lift, 0.0)
        zoom = 1.0 + lift * LIFT_ZOOM
        palette = style.palette
        if style.shadow and not style.ghost and palette.shadow[3] > 0:
            for shade, rect, alpha in self.shadow_images(center, size, style.angle, lift, palette):
                blit_faded(surface, shade, rect, alpha)
        image = self.turn(self.sprite(size, face, style), style.angle, zoom)
        rect = image.get_rect(center=(round(center[0]), round(center[1])))
        surface.blit(image, rect)
        return rect

    def grown(self, size: int, palette: DicePalette, zoom: float) -> pygame.Surface:
        """The soft shadow of a lifted die grown by `zoom` (a tenth's step): kept, made
        ahead (see want_grown) or made now. At 4K one is made in 1 to 4.5 ms."""
        key = ("grown", size, palette, zoom)
        make = bounded(
            functools.partial(pygame.transform.smoothscale_by, self.shadow(size, palette), zoom)
        )
        if self.stills is None:
            return self.cache.get(key, make)
        stills = self.stills
        if stills.budget is not None and not stills.peeking:
            done = stills.done(self.cache, key)
            if done is not None:
                return done
            # A frame that keeps to time, and this one is not made yet (the thread is behind:
            # at 4K, high above the felt, one takes 5-16 ms to make): the nearest kept below
            # it for this frame, and it made on the thread for the next.
            stills.want(self.cache, key, self._grow_ahead(size, palette, zoom), NEXT)
            self.late += 1
            return self._grown_below(size, palette, zoom)
        return stills.take(self.cache, key, make)

    def _grow_ahead(
        self, size: int, palette: DicePalette, zoom: float
    ) -> Callable[[], pygame.Surface]:
        """What grows the soft shadow by `zoom` on the stills' thread (from its copy)."""
        grow = functools.partial(pygame.transform.smoothscale_by, self._copy(size, palette), zoom)
        return bounded(grow)

    def _grown_below(self, size: int, palette: DicePalette, zoom: float) -> pygame.Surface:
        """The soft shadow grown most, short of `zoom`, that is kept (else not grown)."""
        for tenth in range(round(zoom * 10) - 1, 10, -1):
            image = self.cache.peek(("grown", size, palette, tenth / 10))
            if image is not None:
                return image
        return self.shadow(size, palette)

    def want_grown(self, size: float, palette: DicePalette, lift: float, rank: int = THROW) -> int:
        """Have the soft shadows a die of `size` px casts up to `lift` px above the felt
        grown ahead on the stills' thread, at `rank` (see Stills.want): a throw's and a
        drift's heights are known before their frames; a die in the air passes through
        every height below its highest. How many were wished."""
        if self.stills is None or palette.shadow[3] == 0:
            return 0
        side, wished = int(round(size)), 0
        keys = [
            ("grown", side, palette, tenth / 10)
            for tenth in range(11, round((1.0 + lift * LIFT_SHADOW_GROWTH) * 10) + 1)
        ]
        if all(key in self.cache for key in keys):
            return 0
        for key in keys:
            wished += self.stills.want(
                self.cache, key, self._grow_ahead(side, palette, key[3]), rank
            )
            if wished >= GROWN_WISHES:
                break  # the lowest first: the rest in the frames after
        return wished

    def shadow_images(
        self, center: Point, size: int, angle: float, lift: float, palette: DicePalette
    ) -> list[tuple[pygame.Surface, pygame.Rect, int]]:
        """The images of the die's shadows on the table (`lift` px under `center`, slanted
        from the light), where they go, and how opaque (0-255: see blit_faded)."""
        if palette.shadow[3] == 0:
            return []
        # The contact shadow fades as the die leaves the cloth; the soft one grows and pales.
        contact = max(0.0, 1.0 - lift / max(CONTACT_FADE * size, 1.0))
        grow, pale = 1.0 + lift * LIFT_SHADOW_GROWTH, max(0.35, 1.0 - lift * LIFT_SHADOW_FADE)
        layers = [(True, SHADOW_OFFSET, grow, pale)]
        if contact > 0.0:
            layers.append((False, CONTACT_OFFSET, 1.0, contact))
        # The table under the die is `lift` px below it; the light slants the shadow further.
        ground_x, ground_y = center[0], center[1] + lift
        shown = []
        for soft, offset, zoom, opacity in layers:
            base = self.shadow(size, palette, soft=soft)
            if zoom == 1.0:
                image = self.turned_shadow(size, palette, soft, angle)
            else:
                # Lifted, the soft shadow is a wide blur whose turn hardly shows: it is only
                # grown, in kept steps of a tenth (a 4K die's shadow is too big to turn anew
                # every frame).
                grown = round(zoom, 1)
                image = base if grown == 1.0 else self.grown(size, palette, grown)
            x = ground_x + offset[0] * size + lift * LIFT_SHADOW_SLANT[0]
            y = ground_y + offset[1] * size + lift * LIFT_SHADOW_SLANT[1]
            rect = image.get_rect(center=(round(x), round(y)))
            shown.append((image, rect, round(255 * opacity) if opacity < 1.0 else 255))
        return shown
