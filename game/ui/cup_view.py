"""Draw the dice cup crisply at any size and tilt: stitched leather, a wooden rim, a soft shadow.

Like the dice (game.ui.die_image) the cup is computed with numpy from distance fields, seen a little
from above: a tapered cylinder lit from the top left, with a leather sheen and grain, two dark
stitched bands, a lit rim and the dark felt-lined mouth. The upright image is cached per height
and palette and turned with rotozoom for the shake and the pour; the shadow stays on the table.

    CupRenderer().draw(screen, (900, 300), 180, angle=-20.0)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Hashable, Iterable

import numpy as np
import pygame

from game.ui.palette import STANDARD_DICE, DicePalette
from game.ui.raster import Layers, Point, SpriteCache, bounded, coverage, rgba_surface
from game.ui.stills import THROW, Stills

TOP_WIDTH = 0.8  # of the height: the mouth's outer width
BOTTOM_WIDTH = 0.64  # of the height: the base, narrower so the cup tapers
ELLIPSE = 0.3  # minor/major axis of the rim and base seen from above
RIM_THICKNESS = 0.085  # of the top width: the lip seen around the mouth
BAND_TOP = (0.06, 0.2)  # of the height, below the rim: the upper stitched band
BAND_BOTTOM = (0.84, 0.985)  # of the height: the base band
STITCHES = 56  # around the whole cup
GRAIN = 0.06  # leather grain depth: +-6 % brightness
GRAIN_SEED = 1961  # fixed: the leather looks the same every run
LIGHT = (-0.6, 0.25, 0.76)  # unit vector to the light: left, up, towards the viewer
SHADOW_ALPHA = 0.55  # of the palette's shadow alpha
CACHE_SIZE = 160  # images: a cup at every whole degree of a shake and a pour (80), its shadows


def _ellipse_distance(x: np.ndarray, y: np.ndarray, rx: float, ry: float) -> np.ndarray:
    """Approximate signed distance (px) to an axis-aligned ellipse: f / |grad f|, exact enough
    within a pixel or two of the edge, which is all anti-aliasing needs."""
    f = (x / rx) ** 2 + (y / ry) ** 2 - 1.0
    grad = 2.0 * np.hypot(x / rx**2, y / ry**2) + 1e-9
    distance: np.ndarray = f / grad
    return distance


def _box_blur(a: np.ndarray, passes: int) -> np.ndarray:
    for _ in range(passes):
        a = (a + np.roll(a, 1, 0) + np.roll(a, -1, 0) + np.roll(a, 1, 1) + np.roll(a, -1, 1)) / 5.0
    return a


def _shade(dark: np.ndarray, mid: np.ndarray, light: np.ndarray, k: np.ndarray) -> np.ndarray:
    """Blend dark (k = 0) to mid (0.5) to light (1)."""
    lo = dark + (mid - dark) * np.clip(k * 2.0, 0.0, 1.0)[..., None]
    shaded: np.ndarray = lo + (light - mid) * np.clip(k * 2.0 - 1.0, 0.0, 1.0)[..., None]
    return shaded


def cup_extent(height: int) -> tuple[int, int]:
    """(width, height) of the upright cup image, with a margin for anti-aliasing."""
    return (math.ceil(TOP_WIDTH * height) + 4, height + 4)


def render_cup(height: int, palette: DicePalette) -> pygame.Surface:
    """The upright cup, its centre halfway between the rim's top and the base's bottom."""
    if height < 16:
        raise ValueError(f"a cup needs at least 16 px to be drawn, got {height}")
    width, extent_h = cup_extent(height)
    xs = np.arange(width, dtype=np.float64) + 0.5 - width / 2.0
    ys = np.arange(extent_h, dtype=np.float64) + 0.5 - extent_h / 2.0
    x, y = np.meshgrid(xs, ys)
    shape = x.shape
    h = float(height)
    rx_t, rx_b = TOP_WIDTH * h / 2.0, BOTTOM_WIDTH * h / 2.0
    ry_t, ry_b = ELLIPSE * rx_t, ELLIPSE * rx_b
    y_t, y_b = -h / 2.0 + ry_t, h / 2.0 - ry_b  # centres of the rim and base ellipses

    def rgb(colour: tuple[int, int, int]) -> np.ndarray:
        return np.broadcast_to(np.asarray(colour, dtype=np.float64), (*shape, 3))

    # Where each pixel is on the cylinder: s runs 0 at the rim to 1 at the base, u across -1..1.
    s = np.clip((y - y_t) / (y_b - y_t), 0.0, 1.0)
    half_w = rx_t + (rx_b - rx_t) * s
    u = np.clip(x / half_w, -1.0, 1.0)
    nz = np.sqrt(1.0 - u * u)
    ry_here = ry_t + (ry_b - ry_t) * s
    level = y - ry_here * nz  # the height on the cylinder this pixel shows, following the curve
    along = (level - y_t) / (y_b - y_t)  # 0 at the rim, 1 at the base

    side_d = np.maximum(np.abs(x) - half_w, np.maximum(y_t - y, y - y_b))
    body_d = np.minimum(side_d, _ellipse_distance(x, y - y_b, rx_b, ry_b))
    body_d = np.minimum(body_d, _ellipse_distance(x, y - y_t, rx_t, ry_t))

    # Cylinder lighting, a sheen down the lit side, and occlusion near the table and the rim.
    lx, ly, lz = LIGHT
    diffuse = np.clip(u * lx + nz * lz, 0.0, 1.0)
    sheen = np.exp(-(((u + 0.42) / 0.13) ** 2)) * 0.35
    occlusion = 1.0 - 0.35 * np.clip((along - 0.8) / 0.2, 0.0, 1.0) ** 2
    under_rim = 1.0 - 0.35 * np.exp(-np.clip(along, 0.0, None) / 0.04)
    light = (0.06 + 0.86 * diffuse**1.3) * occlusion * under_rim
    grain = _box_blur(np.random.default_rng(GRAIN_SEED).standard_normal(shape), 2)
    grain = grain / (np.max(np.abs(grain)) + 1e-9)
    light = np.clip(light * (1.0 + GRAIN * grain) + sheen, 0.0, 1.0)
    leather = _shade(
        rgb(palette.cup_leather_dark),
        rgb(palette.cup_leather),
        rgb(palette.cup_leather_light),
        light,
    )
    band_colour = _shade(
        rgb(palette.cup_leather_dark), rgb(palette.cup_band), rgb(palette.cup_leather), light * 0.9
    )

    # The two bands, each with a row of stitches along both edges, following the curve.
    theta = np.arcsin(u)
    stitch_on = np.sin(theta * STITCHES / 2.0 + 0.5) > 0.05
    stitch_t = max(0.0065 * h, 0.55)
    colour = leather
    for top, bottom in (BAND_TOP, BAND_BOTTOM):
        band_d = (np.abs(along - (top + bottom) / 2.0) - (bottom - top) / 2.0) * h
        colour = colour + (band_colour - colour) * coverage(band_d)[..., None]
        # A crease where the band's leather is folded over: a dark line with a lit lip beside it.
        crease = coverage(np.abs(band_d) - max(0.004 * h, 0.5))
        fold_lip = coverage(np.abs(band_d - max(0.012 * h, 1.2)) - max(0.004 * h, 0.5))
        colour = colour + (rgb(palette.cup_leather_dark) - colour) * (crease * 0.8)[..., None]
        colour = colour + (leather * 1.15 - colour) * (fold_lip * 0.5)[..., None]
        for edge in (top + 0.028, bottom - 0.028):
            line = (
                coverage(np.abs(along - edge) * h - stitch_t)
                * stitch_on
                * np.clip(nz * 3 - 0.6, 0, 1)
            )
            stitch = rgb(palette.cup_stitch) * (0.55 + 0.45 * light[..., None])
            colour = colour + (stitch - colour) * line[..., None]

    layers = Layers(shape, palette.cup_leather)
    layers.over(colour, coverage(body_d))
    dark_edge = coverage(np.abs(body_d + 0.6) - 0.6)
    layers.over(rgb(palette.cup_leather_dark), dark_edge * 0.8)

    _rim(layers, x, y, (y_t, rx_t, ry_t), palette)
    return layers.surface()


def _rim(
    layers: Layers,
    x: np.ndarray,
    y: np.ndarray,
    ellipse: tuple[float, float, float],
    palette: DicePalette,
) -> None:
    """The rim over the body: a lit wooden lip, brightest at the front left, around a dark
    felt-lined mouth (`ellipse`: the rim's centre height and its radii)."""
    y_t, rx_t, ry_t = ellipse
    shape = x.shape
    rim_outer = _ellipse_distance(x, y - y_t, rx_t, ry_t)
    lip = RIM_THICKNESS * rx_t * 2.0
    rim_inner = _ellipse_distance(x, y - y_t - lip * 0.12, rx_t - lip, ry_t - lip * 0.7)
    around = np.arctan2((y - y_t) / ry_t, x / rx_t)  # 0 right, pi/2 front (screen y is down)
    rim_light = np.clip(0.5 + 0.5 * np.cos(around - math.radians(135.0)), 0.0, 1.0)
    rim = _shade(
        _rgb(shape, palette.cup_leather_dark),
        _rgb(shape, palette.cup_rim),
        _rgb(shape, palette.cup_rim_light),
        rim_light,
    )
    layers.over(rim, coverage(rim_outer))
    # Inside: the far wall shows felt in the upper part; the near wall's shadow fills the front.
    depth = np.clip((y - (y_t - ry_t)) / (2.0 * ry_t), 0.0, 1.0)
    inside = (
        _rgb(shape, palette.cup_felt)
        + (_rgb(shape, palette.cup_inside) - _rgb(shape, palette.cup_felt))
        * (np.clip(depth * 1.6 - 0.2, 0.0, 1.0)[..., None])
    )
    layers.over(inside, coverage(rim_inner))
    # A thin highlight on the inner edge of the lip at the back, where the light grazes it.
    inner_edge = coverage(np.abs(rim_inner) - 0.5) * np.clip(-(y - y_t) / ry_t, 0.0, 1.0)
    layers.over(_rgb(shape, palette.cup_rim_light), inner_edge * 0.6)
    layers.over(
        _rgb(shape, palette.cup_leather_dark), coverage(np.abs(rim_outer + 0.5) - 0.5) * 0.7
    )


def _rgb(shape: tuple[int, ...], colour: tuple[int, int, int]) -> np.ndarray:
    return np.broadcast_to(np.asarray(colour, dtype=np.float64), (*shape, 3))


def render_cup_shadow(width: int, height: int, palette: DicePalette) -> pygame.Surface:
    """A soft elliptical shadow `width` x `height` px (plus its blur)."""
    blur = max(0.25 * height, 2.0)
    w, h = width + int(4 * blur), height + int(4 * blur)
    xs = np.arange(w, dtype=np.float64) + 0.5 - w / 2.0
    ys = np.arange(h, dtype=np.float64) + 0.5 - h / 2.0
    x, y = np.meshgrid(xs, ys)
    d = _ellipse_distance(x, y, width / 2.0, height / 2.0)
    k = np.clip(0.5 - d / (2.0 * blur), 0.0, 1.0)
    alpha = k * k * (3.0 - 2.0 * k) * palette.shadow[3] / 255.0 * SHADOW_ALPHA
    rgb = np.broadcast_to(np.asarray(palette.shadow[:3], dtype=np.float64), (*x.shape, 3))
    return rgba_surface(rgb, alpha)


def _rotate(offset: Point, angle: float) -> Point:
    # Counter-clockwise on screen, as pygame.transform.rotate turns images (y points down).
    rad = math.radians(angle)
    return (
        offset[0] * math.cos(rad) + offset[1] * math.sin(rad),
        -offset[0] * math.sin(rad) + offset[1] * math.cos(rad),
    )


def cup_mouth(center: Point, height: float, angle: float = 0.0) -> Point:
    """Screen point at the middle of the cup's mouth: where thrown dice leave it."""
    rx_t = TOP_WIDTH * height / 2.0
    dx, dy = _rotate((0.0, -height / 2.0 + ELLIPSE * rx_t), angle)
    return (center[0] + dx, center[1] + dy)


def _shadow_size(height: int, angle: float) -> tuple[float, int, int]:
    """How far the cup is laid over (0 to 1), and its shadow's width and height in px. The
    shadow lies under whatever part of the cup is lowest, as wide as the cup looks from
    above: the base when upright, the whole length when laid over to pour."""
    tilt = abs(math.sin(math.radians(angle)))
    width = BOTTOM_WIDTH * height * (1.0 - tilt) + height * 0.95 * tilt
    width = int(round(width / 4.0)) * 4 + 4  # in steps of 4 px so a tilting cup reuses images
    flat = max(int(round(ELLIPSE * BOTTOM_WIDTH * height * 0.9)), 3)
    return tilt, width, flat


class CupRenderer:
    """Draws cups from a small cache of upright images and shadows."""

    def __init__(self, max_entries: int = CACHE_SIZE, stills: Stills | None = None) -> None:
        self.cache: SpriteCache[pygame.Surface] = SpriteCache(max_entries)
        self.stills = stills  # turned cups and shadows made ahead on its thread (see warm)
        # The copy of the upright cup the thread turns (see warm), and what it is of.
        self._upright: tuple[Hashable, pygame.Surface] | None = None

    def __len__(self) -> int:
        return len(self.cache)

    def sprite(self, height: float, palette: DicePalette = STANDARD_DICE) -> pygame.Surface:
        height = int(round(height))
        return self.cache.get(
            ("cup", height, palette), bounded(functools.partial(render_cup, height, palette))
        )

    def draw(
        self,
        surface: pygame.Surface,
        center: Point,
        height: float,
        angle: float = 0.0,
        palette: DicePalette = STANDARD_DICE,
        *,
        shadow: bool = True,
    ) -> pygame.Rect:
        """Draw the cup centred on `center`, turned `angle` degrees counter-clockwise."""
        rect = pygame.Rect(round(center[0]), round(center[1]), 0, 0)
        for image, rect in self.images(center, height, angle, palette, shadow=shadow):
            surface.blit(image, rect)
        return rect

    def images(
        self,
        center: Point,
        height: float,
        angle: float = 0.0,
        palette: DicePalette = STANDARD_DICE,
        *,
        shadow: bool = True,
    ) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """What draw blits, and where: the shadow (if any), then the cup."""
        height = int(round(height))
        shown = []
        if shadow and palette.shadow[3] > 0:
            shown.append(self._shadow(center, height, angle, palette))
        image = self.turned(height, palette, angle)
        shown.append((image, image.get_rect(center=(round(center[0]), round(center[1])))))
        return shown

    def turned(self, height: float, palette: DicePalette, angle: float) -> pygame.Surface:
        """The cup turned `angle` degrees: in whole degrees, kept (a shake and a pour reuse
        the same few dozen images)."""
        degrees = round(angle)
        upright = self.sprite(height, palette)
        if degrees % 360 == 0:
            return upright
        key = ("turned", int(round(height)), palette, degrees)
        make = bounded(functools.partial(pygame.transform.rotozoom, upright, degrees, 1.0))
        return self._kept(key, make)

    def warm(self, height: float, palette: DicePalette, angles: range, count: int) -> int:
        """Have the cup turned (and its shadow laid) for up to `count` of the whole-degree
        `angles` not kept or under way yet: how many. At 4K each takes 2 to 4 ms, too much
        for the frames a pour fills, and for a quiet frame beside a frame's median of 2 ms:
        they are made on the stills' thread (from a copy of the upright cup, which the
        frames blit meanwhile: one copy, kept, not one a call), or here when there is none."""
        made = 0
        height = int(round(height))
        for degrees in angles:
            if made >= count:
                break
            key = ("turned", height, palette, degrees)
            if not degrees % 360 or key in self.cache:
                continue
            if self.stills is None:
                self.turned(height, palette, degrees)
                self._shadow((0.0, 0.0), height, degrees, palette)
                made += 1
                continue
            if self.stills.want(self.cache, key, self._turn(height, palette, degrees)):
                made += 1
                self.stills.want(self.cache, *self._shadow_image(height, degrees, palette))
        return made

    def foresee(
        self, height: float, palette: DicePalette, angles: Iterable[float], count: int
    ) -> int:
        """Have the cup turned to each of `angles` (as it is drawn: to the whole degree) and
        its shadow laid at it (at the very angle: its size follows the angle) on the stills'
        thread, before the images warmed in quiet frames (see Stills), for up to `count`
        of them not kept or under way yet, in their order: how many. For a roll's frames,
        whose angles are known as it begins (game.anim.flight: Flight.cup_angles)."""
        made = 0
        height = int(round(height))
        if self.stills is None:
            return made
        for angle in angles:
            if made >= count:
                break
            degrees = round(angle)
            key = ("turned", height, palette, degrees)
            wished = bool(degrees % 360) and self.stills.want(
                self.cache, key, self._turn(height, palette, degrees), THROW
            )
            shadow, lay = self._shadow_image(height, angle, palette)
            made += self.stills.want(self.cache, shadow, lay, THROW) or wished
        return made

    def _turn(
        self, height: int, palette: DicePalette, degrees: int
    ) -> Callable[[], pygame.Surface]:
        """What turns the cup `degrees` on the stills' thread: a copy of it (see `warm`)."""
        upright = self._upright_copy(height, palette)
        return bounded(functools.partial(pygame.transform.rotozoom, upright, degrees, 1.0))

    def _upright_copy(self, height: int, palette: DicePalette) -> pygame.Surface:
        """A copy of the upright cup for the stills' thread to turn, made once for its size
        and colours (at 4K a copy takes a quarter of a millisecond)."""
        key = (height, palette)
        if self._upright is None or self._upright[0] != key:
            self._upright = (key, self.sprite(height, palette).copy())
        return self._upright[1]

    def _kept(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The image for `key`: kept, made ahead (waited for if under way), or made now."""
        if self.stills is None:
            return self.cache.get(key, make)
        return self.stills.take(self.cache, key, make)

    def _shadow(
        self, center: Point, height: int, angle: float, palette: DicePalette
    ) -> tuple[pygame.Surface, pygame.Rect]:
        tilt, _width, flat = _shadow_size(height, angle)
        base = _rotate((0.0, height / 2.0), angle)
        top = _rotate((0.0, -height / 2.0), angle)
        lowest = max(base[1], top[1], 0.0)
        x = center[0] + (base[0] + top[0]) / 2.0 * tilt + 0.06 * height
        y = center[1] + lowest * (1.0 - 0.5 * tilt) + 0.02 * height - flat * 0.35
        image = self._kept(*self._shadow_image(height, angle, palette))
        return image, image.get_rect(center=(round(x), round(y)))

    @staticmethod
    def _shadow_image(
        height: int, angle: float, palette: DicePalette
    ) -> tuple[Hashable, Callable[[], pygame.Surface]]:
        """The key of the shadow of the cup turned `angle` degrees, and what makes it."""
        _tilt, width, flat = _shadow_size(height, angle)
        return ("shadow", width, flat, palette), bounded(
            functools.partial(render_cup_shadow, width, flat, palette)
        )
