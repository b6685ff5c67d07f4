"""What a frame redraws: the whole window, or only where something changed.

The app draws every frame on the same window surface, which keeps what the last frame drew.
While that is still what the window shows (the same one scene drawn, nothing over it, no
resize or expose), a scene that knows what changed since its last frame may limit this frame
to those parts. The parts are gathered into a few separate patches (a die rolling on the felt
and a box glowing on the card are two, not one box over the whole window), cut apart where
they overlap; the scene draws once per patch with the surface clipped to it, skipping what
lies outside it, and the app shows only the patches. At 4K a whole frame is mostly copies
of the felt and the card; what moves covers a small part of it.

    frame.begin(retained=True)               # the app, before the scenes draw
    if frame.limit(surface, [die, box]):     # a scene: only these changed
        for clip in frame.passes(surface):   # drawn once per patch, clipped to it
            ...
    rects = frame.end(surface)               # the app: None means show the whole window
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import pygame

MAX_PATCHES = 4  # drawn passes at most: beyond, the nearest patches are joined
SLACK = 0.25  # patches are joined when their union is at most this much larger than both
WINDOW_SLACK = 100  # ... and wastes at most this share of the window (1/100)
CUT_FROM = 40_000  # px: patches that overlap by this much are cut apart (see `disjoint`)


class Frame:
    def __init__(self) -> None:
        self.retained = False  # the window surface still holds the last frame, as drawn
        self.rects: list[pygame.Rect] | None = None  # what this frame redraws; None: all

    def begin(self, retained: bool) -> None:
        self.retained = retained
        self.rects = None

    def limit(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> bool:
        """Redraw only `rects` this frame, if the window still holds the last frame: they
        are gathered into patches (see `passes`) and the surface is clipped to all of them
        until `end`. True if it was (False: draw it all)."""
        if not self.retained or self.rects is not None:
            return False
        area = surface.get_rect()
        parts = [part for part in (pygame.Rect(r).clip(area) for r in rects) if part]
        self.rects = disjoint(patches(parts, area.width * area.height // WINDOW_SLACK))
        surface.set_clip(_union(self.rects))
        return True

    def passes(self, surface: pygame.Surface) -> Iterator[pygame.Rect]:
        """The clip of each pass a scene draws this frame: the whole surface once, or each
        patch with the surface clipped to it (and to all of them again after)."""
        if self.rects is None:
            yield surface.get_clip()
            return
        for rect in self.rects:
            surface.set_clip(rect)
            yield rect
        surface.set_clip(_union(self.rects))

    def end(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The parts of the window this frame drew (None: all of it); the clip is lifted."""
        surface.set_clip(None)
        rects, self.rects = self.rects, None
        self.retained = False
        return rects


Box = tuple[int, int, int, int]  # left, top, right, bottom


def patches(rects: list[pygame.Rect], most_waste: int | None = None) -> list[pygame.Rect]:
    """`rects` gathered into at most MAX_PATCHES rectangles that cover them all: rectangles
    whose union wastes little (at most SLACK of it, and at most `most_waste` pixels) are
    joined, and then, while there are too many, the two whose union wastes the least.

    Rectangles that overlap are not joined for that alone: joined, a wide one (the message
    line) and a tall one (a column of the card) would cover what lies between them, and the
    union would meet the next, until one patch covered the window. Patches may overlap:
    a frame draws them cut apart (`disjoint`), each pixel once.

    A frame's rectangles are many (a column of the card is twenty cells) and the joining
    compares each with each, so it works on plain tuples of edges, not Rects, and keeps
    the pairs' wastes (the same patches, in two thirds of the time)."""
    most = math.inf if most_waste is None else most_waste
    joined: list[Box] = []
    for rect in sorted(rects, key=lambda r: (r.left, r.top)):
        joined.append(_settle(joined, (rect.left, rect.top, rect.right, rect.bottom), most))
    wastes: dict[tuple[Box, Box], int] = {}  # of the pairs met so far
    while len(joined) > MAX_PATCHES:
        least, i, j = math.inf, 0, 0
        for m in range(1, len(joined)):  # the first pair that wastes the least
            for n in range(m):
                pair = (joined[m], joined[n])
                waste = wastes.get(pair)
                if waste is None:
                    waste = wastes[pair] = _waste(*pair)
                if waste < least:
                    least, i, j = waste, m, n
        merged = _join(joined[j], joined.pop(i))
        del joined[j]
        joined.append(_settle(joined, merged, most))
    return [
        pygame.Rect(left, top, right - left, bottom - top) for left, top, right, bottom in joined
    ]


def disjoint(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """`rects` cut where they overlap by CUT_FROM pixels or more, so those pixels lie in
    one only: the largest kept whole, each of the others less what the ones before it
    cover there (in up to four bands). A frame draws each patch with the felt and every
    part in it: what lay in two patches was drawn twice (at 4K a sixth to a fifth of the
    pixels of a frame of dice in the air or drifting, whose lifted shadows' patches meet).
    A smaller overlap is drawn twice still: a patch more to draw costs more than it saves."""
    kept: list[Box] = []
    for rect in sorted(rects, key=lambda r: r.width * r.height, reverse=True):
        cuts = [(rect.left, rect.top, rect.right, rect.bottom)]
        for other in kept:
            cuts = [band for cut in cuts for band in _less(cut, other)]
        kept.extend(cuts)
    return [pygame.Rect(left, top, right - left, bottom - top) for left, top, right, bottom in kept]


def bands(rect: pygame.Rect, most: int) -> list[pygame.Rect]:
    """`rect` cut across into bands of at most `most` pixels (at least a row each), top to
    bottom: work drawn a band at a time, between frames."""
    rows = max(1, most // max(1, rect.width))
    return [
        pygame.Rect(rect.left, top, rect.width, min(rows, rect.bottom - top))
        for top in range(rect.top, rect.bottom, rows)
    ]


def outside(box: pygame.Rect, cut: pygame.Rect) -> list[pygame.Rect]:
    """What of `box` lies outside `cut`: itself, or up to four bands round it."""
    met = box.clip(cut)
    if not met:
        return [box]
    found = [
        pygame.Rect(box.left, box.top, box.width, met.top - box.top),
        pygame.Rect(box.left, met.bottom, box.width, box.bottom - met.bottom),
        pygame.Rect(box.left, met.top, met.left - box.left, met.height),
        pygame.Rect(met.right, met.top, box.right - met.right, met.height),
    ]
    return [band for band in found if band.width > 0 and band.height > 0]


def _less(box: Box, other: Box) -> list[Box]:
    """What of `box` lies outside `other`: `box` itself (also when they overlap by less
    than CUT_FROM pixels), or the bands above, below, left and right of `other` (none of
    them empty)."""
    left, top, right, bottom = box
    l2, t2, r2, b2 = other
    across = (right if right < r2 else r2) - (left if left > l2 else l2)
    down = (bottom if bottom < b2 else b2) - (top if top > t2 else t2)
    if across <= 0 or down <= 0 or across * down < CUT_FROM:
        return [box]
    bands = []
    if t2 > top:
        bands.append((left, top, right, t2))
    if b2 < bottom:
        bands.append((left, b2, right, bottom))
    middle_top, middle_bottom = max(top, t2), min(bottom, b2)
    if l2 > left:
        bands.append((left, middle_top, l2, middle_bottom))
    if r2 < right:
        bands.append((r2, middle_top, right, middle_bottom))
    return bands


def _settle(joined: list[Box], last: Box, most: float) -> Box:
    """`last` joined with any of `joined` (taken out of it) whose union with it wastes
    little, until none does: the first that does, from the start each time."""
    left, top, right, bottom = last
    k = 0
    while k < len(joined):
        # (conditional expressions: a tenth of the time of min() and max() here)
        l2, t2, r2, b2 = joined[k]
        ul, ut = (left if left < l2 else l2), (top if top < t2 else t2)
        ur, ub = (right if right > r2 else r2), (bottom if bottom > b2 else b2)
        union = (ur - ul) * (ub - ut)
        waste = union - (right - left) * (bottom - top) - (r2 - l2) * (b2 - t2)
        across = (right if right < r2 else r2) - (left if left > l2 else l2)
        down = (bottom if bottom < b2 else b2) - (top if top > t2 else t2)
        if across > 0 and down > 0:
            waste += across * down
        if waste <= SLACK * union and waste <= most:
            del joined[k]
            left, top, right, bottom = ul, ut, ur, ub
            k = 0
        else:
            k += 1
    return (left, top, right, bottom)


def _join(a: Box, b: Box) -> Box:
    return (
        a[0] if a[0] < b[0] else b[0],
        a[1] if a[1] < b[1] else b[1],
        a[2] if a[2] > b[2] else b[2],
        a[3] if a[3] > b[3] else b[3],
    )


def _waste(a: Box, b: Box) -> int:
    """Pixels the union of `a` and `b` covers that neither does."""
    left, top, right, bottom = _join(a, b)
    across = (a[2] if a[2] < b[2] else b[2]) - (a[0] if a[0] > b[0] else b[0])
    down = (a[3] if a[3] < b[3] else b[3]) - (a[1] if a[1] > b[1] else b[1])
    overlap = across * down if across > 0 and down > 0 else 0
    area_a, area_b = (a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1])
    return (right - left) * (bottom - top) - area_a - area_b + overlap


def _union(rects: list[pygame.Rect]) -> pygame.Rect:
    if not rects:
        return pygame.Rect(0, 0, 0, 0)
    return rects[0].unionall(rects[1:])
