"""A raster toolkit for images drawn with numpy from signed distance fields: the distance of
every pixel to a shape gives its exact one-pixel anti-aliased edge at any size. Layers of float
colour composited 'over' one another, made into a pygame Surface; a bounded cache of what was
drawn.

    x, y = grid(64)
    layers = Layers(x.shape, (255, 255, 255))
    layers.over(vec((200, 0, 0)), coverage(rounded_square_sdf(x, y, 24.0, 6.0)))
    image = layers.surface()
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

import numpy as np
import pygame

from game.cache import BoundedCache

Point = tuple[float, float]
T = TypeVar("T")  # what a SpriteCache keeps: a Surface, or a Surface and its corner
AA = 1.0  # px: width of the anti-aliased edge


def rounded_square_sdf(
    x: np.ndarray | np.float64, y: np.ndarray | np.float64, half: float, radius: float
) -> np.ndarray:
    """Signed distance (px) to a square of half-side `half` with corners rounded by `radius`."""
    qx = np.abs(x) - (half - radius)
    qy = np.abs(y) - (half - radius)
    outside = np.hypot(np.maximum(qx, 0.0), np.maximum(qy, 0.0))
    inside = np.minimum(np.maximum(qx, qy), 0.0)
    return outside + inside - radius


def coverage(distance: np.ndarray, aa: float = AA) -> np.ndarray:
    """0..1 share of each pixel inside the shape whose signed distance is given."""
    return np.clip(0.5 - distance / aa, 0.0, 1.0)


def mix(a: np.ndarray, b: np.ndarray, k: np.ndarray) -> np.ndarray:
    """`a` towards `b` by `k` (0: all `a`, 1: all `b`), pixel by pixel."""
    result: np.ndarray = a + (b - a) * k[..., None]
    return result


def vec(colour: tuple[int, ...]) -> np.ndarray:
    """A colour as a float RGB vector; numpy broadcasts it over an image."""
    return np.asarray(colour[:3], dtype=np.float64)


def plain(colour: tuple[int, ...], shape: tuple[int, int]) -> np.ndarray:
    """An image of `shape` all of one colour, to draw on."""
    return np.broadcast_to(vec(colour), (*shape, 3)).copy()


class Layers:
    """Straight-alpha 'over' compositing of float RGB layers: the bottom layer is added first.

    Colour is kept where alpha is 0, so rotozoom's filtering does not pull dark fringes in from
    transparent black around the die.
    """

    def __init__(self, shape: tuple[int, int], base: tuple[int, ...]) -> None:
        self.rgb = plain(base, shape)
        self.alpha = np.zeros(shape)

    def over(
        self, rgb: np.ndarray, alpha: np.ndarray, win: tuple[slice, ...] | None = None
    ) -> None:
        """Lay `rgb` at `alpha` over what is there; `win` limits it to a window of the image."""
        win = win if win is not None else (slice(None), slice(None))
        below_rgb, below_a = self.rgb[win], self.alpha[win]
        out_a = alpha + below_a * (1.0 - alpha)
        safe = np.where(out_a > 0.0, out_a, 1.0)
        mixed = (rgb * alpha[..., None] + below_rgb * (below_a * (1.0 - alpha))[..., None]) / safe[
            ..., None
        ]
        self.rgb[win] = np.where((out_a > 0.0)[..., None], mixed, rgb)
        self.alpha[win] = out_a

    def surface(self) -> pygame.Surface:
        return rgba_surface(self.rgb, self.alpha)


def rgba_surface(rgb: np.ndarray, alpha: np.ndarray) -> pygame.Surface:
    """A per-pixel-alpha Surface from float RGB (h, w, 3) in 0..255 and alpha (h, w) in 0..1."""
    height, width = alpha.shape
    pixels = np.empty((height, width, 4), dtype=np.uint8)
    pixels[..., :3] = np.clip(np.rint(rgb), 0, 255)
    pixels[..., 3] = np.clip(np.rint(alpha * 255.0), 0, 255)
    surface = pygame.image.frombytes(pixels.tobytes(), (width, height), "RGBA")
    # convert_alpha needs a display; headless tests and start-up before set_mode skip it.
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()
    return surface


def grid(extent: int) -> tuple[np.ndarray, np.ndarray]:
    """Pixel-centre coordinates (px) relative to the middle of an `extent` x `extent` image."""
    coords = np.arange(extent, dtype=np.float64) + 0.5 - extent / 2.0
    return np.meshgrid(coords, coords)  # x varies along columns, y along rows


def window(x: np.ndarray, y: np.ndarray, cx: float, cy: float, reach: float) -> tuple[slice, ...]:
    """The rows and columns within `reach` px of (cx, cy): work there, not on the whole image."""
    cols, rows = x[0], y[:, 0]
    c0, c1 = np.searchsorted(cols, [cx - reach, cx + reach])
    r0, r1 = np.searchsorted(rows, [cy - reach, cy + reach])
    return (slice(r0, r1), slice(c0, c1))


class SpriteCache(Generic[T]):
    """A bounded least-recently-used cache of rendered images, keyed by what made them (an
    image is a Surface, or whatever a renderer keeps with it: a Surface and its corner)."""

    def __init__(self, max_entries: int) -> None:
        if max_entries < 1:
            raise ValueError("the cache must hold at least one image")
        self.max_entries = max_entries
        self._images: BoundedCache[Hashable, T] = BoundedCache(max_entries)
        self.renders = 0  # images computed, for tests and benchmarks

    def __len__(self) -> int:
        return len(self._images)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._images

    def clear(self) -> None:
        self._images.clear()

    def peek(self, key: Hashable) -> T | None:
        """The image kept for `key`, or None (nothing is made)."""
        return self._images.get(key)

    def put(self, key: Hashable, image: T, made: bool = True) -> T:
        """Keep `image` for `key` (`made`: here, now; else made elsewhere, as ahead)."""
        self.renders += made
        self._images.put(key, image)
        return image

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The image for `key`, made by `make()` on a miss; the oldest unused one is dropped."""
        image = self._images.get(key)
        if image is None:
            image = make()
            self.renders += 1
            self._images.put(key, image)
        return image


def blit_faded(
    surface: pygame.Surface,
    image: pygame.Surface,
    at: pygame.Rect | Point,
    alpha: int,
    area: pygame.Rect | None = None,
) -> pygame.Rect:
    """Blit `image` (or its `area`) at `alpha` (0-255) times its own opacity: the image is
    faded only for the blit and left as it was (it may be a kept one), with no copy made
    (at 4K a lifted die's shadow is copied in 0.5 ms)."""
    if alpha >= 255:
        return surface.blit(image, at, area)
    image.set_alpha(alpha)
    try:
        return surface.blit(image, at, area)
    finally:
        image.set_alpha(255)


# The part of each image that shows (see `visible`), while the image lives.
_visible: weakref.WeakKeyDictionary[pygame.Surface, tuple[int, int, int, int]] = (
    weakref.WeakKeyDictionary()
)
_visible_lock = threading.Lock()  # (found on the stills' thread too)


def visible(image: pygame.Surface) -> pygame.Rect:
    """The part of `image` that shows (its pixels of any opacity), found once for each
    image: a soft shadow's blur and a turned image's corners leave a third to a half of it
    wholly transparent, which a blit blends for nothing (leaving what is under it as it
    was) and a frame's patch covers with felt. Finding it reads the image's margins (up to
    0.6 ms at 4K): images made ahead have it found where they are made (`bounded`)."""
    with _visible_lock:
        found = _visible.get(image)
    if found is None:
        shows = image.get_bounding_rect()
        found = (shows.x, shows.y, shows.w, shows.h)
        with _visible_lock:
            _visible[image] = found
    return pygame.Rect(found)


def bounded(make: Callable[[], pygame.Surface]) -> Callable[[], pygame.Surface]:
    """`make`, with the part of the image it makes that shows found as well (`visible`):
    where it is made (on the stills' thread for an image made ahead), not in the frame
    that first blits it."""

    def made() -> pygame.Surface:
        image = make()
        visible(image)
        return image

    return made


def same_kind(image: pygame.Surface, surface: pygame.Surface) -> bool:
    """Whether what is drawn on `image` is what would be drawn on `surface` there: the same
    size and pixel format, per-pixel alpha or not (a window has flags of its own besides)."""
    alpha = pygame.SRCALPHA
    shape = (image.get_size(), image.get_bitsize(), image.get_masks())
    return shape == (surface.get_size(), surface.get_bitsize(), surface.get_masks()) and (
        image.get_flags() & alpha == surface.get_flags() & alpha
    )
