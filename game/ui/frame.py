"""What a frame redraws: the whole window, or only where something changed.

The app draws every frame on the same window surface, which keeps what the last frame drew.
While that is still what the window shows (the same one scene drawn, nothing over it, no
resize or expose), a scene that knows what changed since its last frame may limit this frame
to those parts. The parts are gathered into a few separate patches (a die rolling on the felt
and a box glowing on the card are two, not one box over the whole window); the scene draws
once per patch with the surface clipped to it, skipping what lies outside it, and the app
shows only the patches. At 4K a whole frame is mostly copies of the felt and the card; what
moves covers a small part of it.

    frame.begin(retained=True)               # the app, before the scenes draw
    if frame.limit(surface, [die, box]):     # a scene: only these changed
        for clip in frame.passes(surface):   # drawn once per patch, clipped to it
            ...
    rects = frame.end(surface)               # the app: None means show the whole window
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame

MAX_PATCHES = 4  # drawn passes at most: beyond, the nearest patches are joined
SLACK = 0.25  # patches are joined when their union is at most this much larger than both
WINDOW_SLACK = 100  # ... and wastes at most this share of the window (1/100)


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
        self.rects = patches(parts, area.width * area.height // WINDOW_SLACK)
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


def patches(rects: list[pygame.Rect], most_waste: int | None = None) -> list[pygame.Rect]:
    """`rects` gathered into at most MAX_PATCHES rectangles that cover them all: rectangles
    whose union wastes little (at most SLACK of it, and at most `most_waste` pixels) are
    joined, and then, while there are too many, the two whose union wastes the least.

    Rectangles that overlap are not joined for that alone: joined, a wide one (the message
    line) and a tall one (a column of the card) would cover what lies between them, and the
    union would meet the next, until one patch covered the window. Patches may overlap
    (what lies in two is drawn twice, the same)."""
    joined: list[pygame.Rect] = []
    for rect in sorted(rects, key=lambda r: (r.left, r.top)):
        joined.append(pygame.Rect(rect))
        _settle(joined, most_waste)
    while len(joined) > MAX_PATCHES:
        i, j = min(
            ((i, j) for i in range(len(joined)) for j in range(i)),
            key=lambda pair: _waste(joined[pair[0]], joined[pair[1]]),
        )
        merged = joined[j].union(joined.pop(i))
        del joined[j]
        joined.append(merged)
        _settle(joined, most_waste)
    return joined


def _settle(joined: list[pygame.Rect], most_waste: int | None) -> None:
    """Join the last rectangle with any whose union with it wastes little, until none does."""
    last = joined.pop()
    merged = True
    while merged:
        merged = False
        for k, other in enumerate(joined):
            waste, union = _waste(last, other), _area(last.union(other))
            if waste <= SLACK * union and (most_waste is None or waste <= most_waste):
                last = last.union(joined.pop(k))
                merged = True
                break
    joined.append(last)


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height


def _waste(a: pygame.Rect, b: pygame.Rect) -> int:
    """Pixels the union of `a` and `b` covers that neither does."""
    return _area(a.union(b)) - _area(a) - _area(b) + _area(a.clip(b))


def _union(rects: list[pygame.Rect]) -> pygame.Rect:
    if not rects:
        return pygame.Rect(0, 0, 0, 0)
    return rects[0].unionall(rects[1:])
