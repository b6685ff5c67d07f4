"""Draw a die crisply at any pixel size: ivory body, drilled pips, bevel, gloss and a soft shadow.

No bitmaps are scaled. Each die image is computed with numpy from signed distance fields (the
distance of every pixel to the rounded square, to each pip, to the rings), which gives exact
one-pixel anti-aliasing at 24 px and at 400 px alike. Images are cached by (size, face, style,
palette) in a bounded LRU cache and turned with `pygame.transform.rotozoom` for tumbling, so a
frame only blits.

Held dice are marked by shape as well as colour: a ring around the die and a padlock badge on its
corner. Keyboard focus is a second, wider ring with a glow. A "ghost" die is a translucent blank
placeholder, face 0 a blank die, and a "dimmed" die (a finished turn's) is greyed and darkened.

    renderer = DieRenderer()
    renderer.draw(screen, (320, 240), 72, 5, DieStyle(held=True, angle=12.0))
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace

import numpy as np
import pygame

from game.cache import BoundedCache
from game.ui.palette import STANDARD_DICE, DicePalette
from game.ui.raster import (
    AA,
    Layers,
    Point,
    SpriteCache,
    blit_faded,
    bounded,
    coverage,
    grid,
    mix,
    plain,
    rgba_surface,
    rounded_square_sdf,
    vec,
    window,
)
from game.ui.stills import LATER, NEXT, THROW, Stills

MIN_DIE_SIZE = 8  # px: the smallest die that can be drawn (its pips need the room)
CORNER_RADIUS = 0.19  # of the die's side
BEVEL = 0.15  # of the side: the rounded edge band that catches the light
PIP_RADIUS = 0.087  # of the side
PIP_RADIUS_MIN = 1.7  # px, so pips stay round dots on a 24 px die
PIP_OFFSET = 0.265  # of the side, from the centre to a corner pip's centre
ONE_PIP_SCALE = 1.3  # the single pip of a one is drilled larger, as on casino dice
LIGHT = (-0.55, -0.835)  # unit vector towards the light: top left (screen y points down)
SHADOW_OFFSET = (0.05, 0.085)  # of the side, at rest on the table
SHADOW_BLUR = 0.07  # of the side
CONTACT_OFFSET = (0.012, 0.022)  # of the side: the tight shadow right under the die
CONTACT_BLUR = 0.022  # of the side
CONTACT_STRENGTH = 0.9  # times the palette's shadow alpha
LIFT_SHADOW_SLANT = (0.3, 0.3)  # shadow px moved per px of lift by the light from the top left
LIFT_ZOOM = 0.0025  # scale gained per px of lift: a thrown die nears the eye
LIFT_SHADOW_GROWTH = 0.004  # shadow scale gained per px of lift
LIFT_SHADOW_FADE = 0.006  # shadow opacity lost per px of lift (down to 35 %)
CONTACT_FADE = 0.08  # of the side: lift at which the contact shadow is gone
HELD_GAP = 0.05  # of the side, between die and held ring
HELD_WIDTH = 0.055  # of the side
FOCUS_GAP = 0.13  # of the side, between die and focus ring
FOCUS_WIDTH = 0.05  # of the side
RING_MIN = 1.6  # px: thinnest ring or gap, for small dice
BADGE_RADIUS = 0.2  # of the side
PAD = 0.28  # of the side: room around the body for rings, glow and badge
DIM_DESATURATE = 0.55  # share of colour taken out of a dimmed die
DIM_DARKEN = 0.72  # brightness kept by a dimmed die
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

# Pip centres in units of PIP_OFFSET: x right, y down.
PIP_LAYOUT: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((0, 0),),
    2: ((1, -1), (-1, 1)),
    3: ((1, -1), (0, 0), (-1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


# --- pure geometry (no pygame) --------------------------------------------------------------
def pip_centres(face: int, size: float) -> list[Point]:
    """Pip centres relative to the die centre, in px, for an unrotated die of side `size`."""
    step = PIP_OFFSET * size
    return [(gx * step, gy * step) for gx, gy in PIP_LAYOUT[face]]


def pip_radius(face: int, size: float) -> float:
    radius = max(PIP_RADIUS * size, PIP_RADIUS_MIN)
    return radius * (ONE_PIP_SCALE if face == 1 else 1.0)


# --- rasterising -----------------------------------------------------------------------------


@dataclass(frozen=True)
class DieStyle:
    """How a die is drawn: its marks (held, focused), whether it is a ghost or a finished
    turn's dimmed die, its colours, and how it lies (turned, lifted, with its shadow)."""

    held: bool = False
    focused: bool = False
    ghost: bool = False
    dimmed: bool = False
    palette: DicePalette = STANDARD_DICE
    angle: float = 0.0  # degrees, counter-clockwise
    lift: float = 0.0  # px above the table
    shadow: bool = True

    @property
    def image(self) -> DieStyle:
        """What the unturned image depends on: the marks and colours, lying flat."""
        return replace(self, angle=0.0, lift=0.0, shadow=True)


def sprite_extent(size: int, style: DieStyle | None = None) -> int:
    """Side of the square image for a die of side `size`: room for rings and badge only if held or
    focused, since every extra pixel is rotozoomed each frame while the die tumbles."""
    decorated = style is not None and (style.held or style.focused)
    margin = math.ceil(PAD * size + 3) if decorated else math.ceil(AA + 2)
    return size + 2 * margin  # same parity as size, so the die sits on whole pixels


def shadow_extent(size: int) -> int:
    return size + 2 * math.ceil(2.0 * max(SHADOW_BLUR * size, 1.5) + 2)


def render_die(size: int, face: int, style: DieStyle, body: bool = True) -> pygame.Surface:
    """The die image (no shadow, not turned), centred in a square of `sprite_extent(size,
    style)` px.

    Without its `body` it is only the decoration: the held and focus rings and the padlock, to
    lay around a die drawn some other way (game.ui.dice_3d)."""
    if face not in PIP_LAYOUT:
        raise ValueError(f"a die shows 1 to 6 (or 0 for blank), got {face!r}")
    if size < MIN_DIE_SIZE:
        raise ValueError(f"a die needs at least {MIN_DIE_SIZE} px to be drawn, got {size}")
    palette = style.palette
    extent = sprite_extent(size, style)
    x_all, y_all = grid(extent)
    body_all = rounded_square_sdf(x_all, y_all, size / 2.0, CORNER_RADIUS * size)
    layers = Layers(x_all.shape, palette.body)

    if style.focused:
        _ring(layers, body_all, size, FOCUS_GAP, FOCUS_WIDTH, palette.focus, glow=True)
    if style.held:
        _ring(
            layers,
            body_all,
            size,
            HELD_GAP,
            HELD_WIDTH,
            palette.held,
            glow=False,
            edge=palette.held_glyph,
        )

    if body:
        _body(layers, x_all, y_all, body_all, size, face, style, palette)
    if style.held:
        _badge(layers, x_all, y_all, size, palette)
    return layers.surface()


def _body(
    layers: Layers,
    x_all: np.ndarray,
    y_all: np.ndarray,
    body_all: np.ndarray,
    size: int,
    face: int,
    style: DieStyle,
    palette: DicePalette,
) -> None:
    """The die's face, bevel, gloss, pips and edge, laid over the rings."""
    half = size / 2.0
    lx, ly = LIGHT
    # The die itself is shaded only within its own square, whatever room the rings take.
    win = window(x_all, y_all, 0.0, 0.0, half + AA + 1.0)
    x, y, body_d = x_all[win], y_all[win], body_all[win]

    # Face: a soft diagonal gradient, light at the top left.
    along = np.clip((x * lx + y * ly) / (size * 0.75), -1.0, 1.0)  # +1 towards the light
    body = np.where(
        (along > 0.0)[..., None],
        mix(vec(palette.body), vec(palette.body_light), along * 0.9),
        mix(vec(palette.body), vec(palette.body_dark), -along * 0.55),
    )
    # Bevel: the rounded edge faces outwards; it is bright where it faces the light.
    bevel = max(BEVEL * size, 1.5)
    depth = np.clip(1.0 + body_d / bevel, 0.0, 1.0)  # 0 inside the flat face, 1 at the very edge
    curve = 1.0 - np.sqrt(np.clip(1.0 - depth * depth, 0.0, 1.0))  # a quarter round profile
    gx, gy = np.gradient(body_d, axis=1), np.gradient(body_d, axis=0)
    facing = (gx * lx + gy * ly) / (np.hypot(gx, gy) + 1e-9)  # +1: edge faces the light
    body = mix(body, vec(palette.body_light), np.clip(facing, 0.0, 1.0) * curve * 0.85)
    body = mix(body, vec(palette.body_dark), np.clip(-facing, 0.0, 1.0) * curve * 0.9)
    body = mix(body, vec(palette.edge), np.clip(curve - 0.75, 0.0, 1.0) * 1.2)
    # Gloss: a soft elliptical sheen near the lit corner.
    if palette.gloss > 0.0:
        sx, sy = x + 0.2 * size, y + 0.24 * size
        spot = np.exp(-((sx / (0.3 * size)) ** 2 + (sy / (0.17 * size)) ** 2) * 2.2)
        body = mix(body, vec((255, 255, 255)), spot * palette.gloss)

    if not style.ghost:
        for cx, cy in pip_centres(face, size):
            _pip(body, x, y, cx, cy, pip_radius(face, size), palette)

    # Edge line: keeps the silhouette crisp on light and dark cloth alike.
    edge = coverage(np.abs(body_d + palette.edge_width / 2.0) - palette.edge_width / 2.0)
    body = mix(body, vec(palette.edge), edge * (1.0 if palette.high_contrast else 0.7))
    body_alpha = coverage(body_d)
    if style.ghost:
        body_alpha = body_alpha * palette.ghost_alpha
    if style.dimmed:
        # Faded, not translucent: greyed and darkened, so a past turn's dice recede but still read.
        grey = (body @ np.array([0.299, 0.587, 0.114]))[..., None]
        body = (body + (grey - body) * DIM_DESATURATE) * DIM_DARKEN
    layers.over(body, body_alpha, win)


def _pip(
    body: np.ndarray,
    x: np.ndarray,
    y: np.ndarray,
    cx: float,
    cy: float,
    radius: float,
    palette: DicePalette,
) -> None:
    """Drill one pip into `body` in place: dark, its far wall lit, a faint lip on the near side."""
    win = window(x, y, cx, cy, radius + 3.0)
    px, py = x[win] - cx, y[win] - cy
    lx, ly = LIGHT
    dist = np.hypot(px, py)
    wall = np.clip((dist / radius - 0.35) / 0.65, 0.0, 1.0)
    towards = -(px * lx + py * ly) / (dist + 1e-9)  # +1 on the wall opposite the light
    pip = mix(vec(palette.pip), vec(palette.pip_wall), wall * np.clip(towards, 0.0, 1.0) * 0.9)
    lip = coverage(np.abs(dist - radius - 0.6) - 0.6) * np.clip(-towards, 0.0, 1.0)
    patch = mix(body[win], vec(palette.body_dark), lip * 0.5)
    body[win] = mix(patch, pip, coverage(dist - radius))


def _ring(
    layers: Layers,
    body_d: np.ndarray,
    size: int,
    gap: float,
    width: float,
    colour: tuple[int, int, int],
    glow: bool,
    edge: tuple[int, int, int] | None = None,
) -> None:
    inner = max(gap * size, RING_MIN)
    thick = max(width * size, RING_MIN)
    mid = inner + thick / 2.0
    ring = coverage(np.abs(body_d - mid) - thick / 2.0)
    if edge is not None:
        # Light hairlines either side: red on green felt is nearly the same grey, and a held die
        # must stand out for players who see little or no colour.
        line = max(0.014 * size, 0.8)
        halo_d = np.abs(body_d - mid) - thick / 2.0 - line
        layers.over(vec(edge), coverage(halo_d))
    if glow:
        # A soft halo outside the focus ring, so it reads even against a held ring's colour.
        halo = np.exp(-np.clip(body_d - mid, 0.0, None) / max(0.05 * size, 1.5)) * 0.45
        halo *= (body_d > mid).astype(np.float64)
        layers.over(vec(colour), halo)
    layers.over(vec(colour), ring)


def _badge(layers: Layers, x: np.ndarray, y: np.ndarray, size: int, palette: DicePalette) -> None:
    """A round padlock badge on the top-right corner of a held die, clear of the corner pip."""
    radius = max(BADGE_RADIUS * size, 5.5)
    cx, cy = size / 2.0, -size / 2.0  # on the corner itself: it covers ring and rounding, not pips
    outline = max(radius * 0.16, 1.0)
    win = window(x, y, cx, cy, radius + outline + 2.0)
    bx, by = x[win] - cx, y[win] - cy
    dist = np.hypot(bx, by)
    layers.over(vec(palette.held_glyph), coverage(dist - radius - outline), win)
    layers.over(vec(palette.held), coverage(dist - radius), win)
    # Padlock, in units of a fifth of the badge radius: a body and a shackle whose legs meet it.
    unit = radius / 5.0
    lock_d = rounded_square_sdf((bx / 1.3), by - 1.35 * unit, 1.65 * unit, 0.45 * unit)
    arch_r, arch_t = 1.3 * unit, max(0.7 * unit, 0.9)
    sy = by + 0.9 * unit  # the arch's centre sits above the body
    arch = np.abs(np.hypot(bx, np.minimum(sy, 0.0)) - arch_r) - arch_t / 2.0
    arch = np.where(sy > 1.0 * unit, np.inf, arch)  # the legs end inside the body
    glyph = np.maximum(coverage(lock_d), coverage(arch))
    layers.over(vec(palette.held_glyph), glyph, win)
    if radius >= 9.0:
        # A keyhole, once the badge is big enough for it to read as one rather than a speck.
        hole = coverage(np.hypot(bx, by - 1.2 * unit) - 0.45 * unit)
        layers.over(vec(palette.held), hole, win)


def render_shadow(size: int, palette: DicePalette, soft: bool) -> pygame.Surface:
    """The die's footprint blurred, centred in a `shadow_extent(size)` square.

    Two kinds: a `soft` wide shadow cast by the light, and a tight contact shadow right under the
    die that grounds it on the cloth.
    """
    extent = shadow_extent(size)
    x, y = grid(extent)
    blur = max((SHADOW_BLUR if soft else CONTACT_BLUR) * size, 1.0)
    d = rounded_square_sdf(x, y, size / 2.0 - blur * 0.3, CORNER_RADIUS * size)
    # A smoothstep over +-blur approximates a Gaussian blur of the footprint.
    k = np.clip(0.5 - d / (2.0 * blur), 0.0, 1.0)
    strength = palette.shadow[3] / 255.0 * (1.0 if soft else CONTACT_STRENGTH)
    alpha = k * k * (3.0 - 2.0 * k) * strength
    return rgba_surface(plain(palette.shadow, x.shape), alpha)


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
        # Copies of the shadows for the stills' thread to turn, by size, colours and kind.
        self._copies: BoundedCache[tuple[int, DicePalette, bool], pygame.Surface] = BoundedCache(
            SHADOW_COPIES
        )

    def __len__(self) -> int:
        return len(self.cache)

    def sprite(self, size: int, face: int, style: DieStyle = DieStyle()) -> pygame.Surface:
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
        base = self._copies.get((size, palette, soft))
        if base is None:
            base = self.shadow(size, palette, soft=soft).copy()
            self._copies.put((size, palette, soft), base)
        turn = bounded(functools.partial(pygame.transform.rotozoom, base, step * SHADOW_STEP, 1.0))
        return self.stills.want(self.turned, key, turn, rank)

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
        return self.stills.take(self.cache, key, make)

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
        # The thread grows a copy: the frames blit the shadow while it is being read.
        base = self.shadow(side, palette).copy()
        for key in keys:
            make = bounded(functools.partial(pygame.transform.smoothscale_by, base, key[3]))
            wished += self.stills.want(self.cache, key, make, rank)
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
