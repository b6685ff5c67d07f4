"""A die's flat image, crisp at any pixel size: ivory body, drilled pips, bevel, gloss, the
held ring and padlock badge, the focus ring; and its soft shadow.

No bitmaps are scaled. Each image is computed with numpy from signed distance fields (the
distance of every pixel to the rounded square, to each pip, to the rings), which gives exact
one-pixel anti-aliasing at 24 px and at 400 px alike. game.ui.dice_view keeps them, turns them
and lays them on the table.

Held dice are marked by shape as well as colour: a ring around the die and a padlock badge on its
corner. Keyboard focus is a second, wider ring with a glow. A "ghost" die is a translucent blank
placeholder, face 0 a blank die, and a "dimmed" die (a finished turn's) is greyed and darkened.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
import pygame

from game.ui.palette import STANDARD_DICE, DicePalette
from game.ui.raster import (
    AA,
    Layers,
    Point,
    coverage,
    grid,
    mix,
    plain,
    rgba_surface,
    rounded_square_sdf,
    vec,
    window,
)

MIN_DIE_SIZE = 8  # px: the smallest die that can be drawn (its pips need the room)
CORNER_RADIUS = 0.19  # of the die's side
BEVEL = 0.15  # of the side: the rounded edge band that catches the light
PIP_RADIUS = 0.087  # of the side
PIP_RADIUS_MIN = 1.7  # px, so pips stay round dots on a 24 px die
PIP_OFFSET = 0.265  # of the side, from the centre to a corner pip's centre
ONE_PIP_SCALE = 1.3  # the single pip of a one is drilled larger, as on casino dice
LIGHT = (-0.55, -0.835)  # unit vector towards the light: top left (screen y points down)
SHADOW_BLUR = 0.07  # of the side
CONTACT_BLUR = 0.022  # of the side
CONTACT_STRENGTH = 0.9  # times the palette's shadow alpha
HELD_GAP = 0.05  # of the side, between die and held ring
HELD_WIDTH = 0.055  # of the side
FOCUS_GAP = 0.13  # of the side, between die and focus ring
FOCUS_WIDTH = 0.05  # of the side
RING_MIN = 1.6  # px: thinnest ring or gap, for small dice
BADGE_RADIUS = 0.2  # of the side
PAD = 0.28  # of the side: room around the body for rings, glow and badge
DIM_DESATURATE = 0.55  # share of colour taken out of a dimmed die
DIM_DARKEN = 0.72  # brightness kept by a dimmed die

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
