"""The dice tray's next frame composed between frames, for the frame to copy in.

While the dice move, most of a 4K frame's time is the tray's pixels: where a die, its
shadows or the cup moved, the felt is laid again, then the parts under the tray (the hold
row), then the cup, every shadow and die over it (a landing's frame 1-2.5 M pixels, each
laid three or four times; blits hold the interpreter's lock, so a thread cannot share it).
The next frame is foreseen: the dice stepped as the last frame stepped them
(DiceTray.foreseen). In the time a frame leaves (Scene.between_frames) the felt, the parts
under the tray and the tray's foreseen pieces are laid, a band at a time, into a spare
surface over the rectangles that frame will draw again for the tray (of each, the box round
the parts laid there: where the felt alone shows, a frame lays it as quickly as it would
copy it). The frame whose tray pieces, parts under them and whole (window, theme, felt...)
are exactly those composed copies what is composed from the spare, one copy in place of
the felt, shadows and dice, draws the rest, and the parts above, as ever; what was not
finished in time is drawn so too (a landing's frame and the first drifts after it compose
2 M pixels at 4K, 3-5 ms, and the time a frame leaves is often less: all of it was dropped).
Any other frame (the dice stepped otherwise, a person's input, a resize) draws itself, as
it would have anyway.

    ahead.drawn(surface, felt, theme, scene...)   # the canvas, each frame drawn in part
    ahead.between_frames(until, tray)             # the board, in the time the frame left
    composed = ahead.take(whole, below, pieces, skip)  # the canvas, the next frame
    composed.lay(surface, clip, draw)             # per patch: copied, or drawn by `draw`
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui.frame import WINDOW_SLACK, bands, disjoint, outside, patches
from game.ui.stills import NotMade

if TYPE_CHECKING:
    from game.ui.dice_tray import DiceTray
    from game.ui.theme import Theme
    from game.ui.tray_view import Piece
    from game.ui.widgets import FeltBackground

BAND = 400_000  # px composed at a time between frames (at 4K about 0.6 ms of blits)
# The share of the window from which the tray's rectangles are composed ahead: a frame that
# redraws less for the tray is drawn as ever (at 4K a drift's common frame, 0.6 M pixels:
# the copy saves it a few tenths of a millisecond, and composing it costs as much again
# between frames). Composed too, every moving frame at 4K was 0.2 ms cheaper, which lowered
# the median and left more of the card's frames over twice it: measured, 93-98 against 36-46.
SMALLEST = 1 / 10
Named = Sequence[tuple[str, "Piece"]]


@dataclass(frozen=True)
class Drawn:
    """What a frame drew, as the next is foreseen from it."""

    surface: pygame.Surface
    felt: FeltBackground
    theme: Theme
    whole: tuple[object, ...]
    below: tuple[tuple[str, Piece], ...]
    pieces: tuple[Piece, ...]
    skip: pygame.Rect | None  # where the felt is not laid (the card's opaque part)


@dataclass(frozen=True)
class Composed:
    """The spare, holding the felt, the parts `below` and the tray's `pieces` over `rects`."""

    spare: pygame.Surface
    whole: tuple[object, ...]
    below: tuple[tuple[str, Piece], ...]
    pieces: tuple[Piece, ...]
    skip: pygame.Rect | None
    rects: tuple[pygame.Rect, ...]

    def fits(
        self, whole: tuple[object, ...], below: Named, pieces: Sequence[Piece], skip: object
    ) -> bool:
        """Whether a frame of these parts draws, under its parts above, what is composed
        (a part under the tray that changed elsewhere, the message line, does not count)."""
        if self.whole != whole or self.skip != skip or self.pieces != tuple(pieces):
            return False
        was, now = dict(self.below), dict(below)
        if was.keys() != now.keys():
            return False
        for name, piece in now.items():
            old = was[name]
            if old != piece and any(
                rect.colliderect(p.rect) for rect in self.rects for p in (old, piece)
            ):
                return False
        return True

    def lay(self, surface: pygame.Surface, clip: pygame.Rect, draw: Callable[[], None]) -> None:
        """What lies under the parts above in `clip` (the surface clipped to it): copied
        from the spare where it is composed, drawn by `draw` in the bands left (with the
        surface clipped to each); clipped to `clip` again after."""
        left = [clip]
        for rect in self.rects:
            met = clip.clip(rect)
            if met:
                surface.blit(self.spare, met, met)
                left = [band for box in left for band in outside(box, rect)]
        for band in left:
            surface.set_clip(band)
            draw()
        surface.set_clip(clip)


class TrayAhead:
    """The tray's next frame composed between frames (see the module), and how often a
    frame used it or drew itself instead."""

    def __init__(self) -> None:
        self.used = 0  # frames that copied their tray in
        self.missed = 0  # frames composed ahead that drew themselves (not as foreseen)
        self._spare: pygame.Surface | None = None
        self._drawn: Drawn | None = None  # the last frame, while its next is to be foreseen
        self._work: Iterator[None] | None = None
        self._ready: Composed | None = None
        self._until = 0.0  # (time.perf_counter()) when the work between frames stops

    def forget(self) -> None:
        """Nothing is composed until a frame is drawn in part again (a resize, a new scene)."""
        self._drawn = self._work = self._ready = None

    def drawn(self, drawn: Drawn | None) -> None:
        """A frame was drawn of these parts (None: not over the last frame, a picture of the
        board): what was composed for it is spent, and the next may be foreseen from it."""
        self._drawn, self._work, self._ready = drawn, None, None

    def take(
        self, whole: tuple[object, ...], below: Named, pieces: Sequence[Piece], skip: object
    ) -> Composed | None:
        """What is composed for this frame, if it fits its parts (else it draws itself)."""
        ready, self._ready = self._ready, None
        if ready is None:
            return None
        if ready.fits(whole, below, pieces, skip):
            self.used += 1
            return ready
        self.missed += 1
        return None

    def between_frames(self, until: float, tray: DiceTray) -> None:
        """Compose the tray's next frame, a piece at a time, none begun at `until`
        (time.perf_counter()); what is done by the next frame is its to take."""
        if self._work is None:
            drawn, self._drawn = self._drawn, None
            if drawn is None or not tray.animating:
                return
            self._work = self._compose(drawn, tray)
        self._until = until
        while time.perf_counter() < until:
            if next(self._work, False) is False:
                self._work = None
                return

    def _compose(self, drawn: Drawn, tray: DiceTray) -> Iterator[None]:
        """The work: the next frame's pieces foreseen, then the spare laid band by band."""
        while True:  # (an image the frame needs may be under way on the stills' thread)
            try:
                pieces = tray.foreseen()
                break
            except NotMade as image:
                if not image.wished:
                    return  # (the frame makes it: a cup turned, a shadow, a still die)
                tray.renderer.stills.wait(image.key, self._until - time.perf_counter())
                yield
        if pieces is None:
            return
        yield
        area = drawn.surface.get_rect()
        changed = {piece.rect for piece in set(pieces) ^ set(drawn.pieces)}
        rects = [r for r in (pygame.Rect(rect).clip(area) for rect in changed) if r]
        # The rectangles the frame redraws for the tray alone, gathered as it gathers them.
        rects = disjoint(patches(rects, area.width * area.height // WINDOW_SLACK))
        if sum(r.width * r.height for r in rects) < max(1, SMALLEST * area.width * area.height):
            return
        # (Under `skip` the spare keeps what it held: the card's opaque part covers it there,
        # as it covers what the window held where a frame lays no felt.)
        skip = drawn.skip
        spare = self._spare
        if spare is None or spare.get_size() != area.size:
            return  # (made in a frame drawn whole: see `fit`)
        laid = [*(piece for _name, piece in drawn.below), *pieces]
        done: list[pygame.Rect] = []
        for band, meets in _work(rects, laid):
            spare.set_clip(band)
            drawn.felt.draw(spare, drawn.theme, skip)
            for piece in meets:
                piece.paint(spare)
            spare.set_clip(None)
            _joined(done, band)
            # What is composed so far is the frame's to copy, should it come first.
            self._ready = Composed(
                spare, drawn.whole, drawn.below, tuple(pieces), skip, tuple(done)
            )
            yield

    def fit(self, surface: pygame.Surface) -> None:
        """A frame is drawn whole on `surface` (a new scene, a new size): the spare is made
        of its size and pixel format (blended as it is) now, if it is not yet: at 4K its
        memory takes 13 ms to come, too long for a piece of work between frames and a small
        part of a frame drawn whole."""
        spare = self._spare
        if spare is None or spare.get_size() != surface.get_size():
            self._spare = None  # (the old one let go first)
            self._spare = pygame.Surface(surface.get_size(), 0, surface)


def _work(rects: list[pygame.Rect], laid: Sequence[Piece]) -> list[tuple[pygame.Rect, list[Piece]]]:
    """The bands to compose of `rects`, each with the parts laid in it: of each rectangle
    only the box round the parts laid in it (where the felt alone shows, a frame lays it
    as quickly as it copies it: composed, it is time lost between frames), the boxes that
    lay the most parts first, each top to bottom."""
    boxes = []
    for rect in rects:
        meets = [piece for piece in laid if rect.colliderect(piece.rect)]
        if meets:
            covered = [rect.clip(piece.rect) for piece in meets]
            boxes.append((covered[0].unionall(covered[1:]), meets))
    boxes.sort(key=lambda box: len(box[1]), reverse=True)
    return [
        (band, [piece for piece in meets if band.colliderect(piece.rect)])
        for box, meets in boxes
        for band in bands(box, BAND)
    ]


def _joined(done: list[pygame.Rect], band: pygame.Rect) -> None:
    """`band` added to the rectangles composed: joined to the last if it goes on below it
    (a frame lays the rest of a patch round each, a few bands the fewer)."""
    last = done[-1] if done else None
    if last is not None and (last.left, last.width, last.bottom) == (
        band.left,
        band.width,
        band.top,
    ):
        done[-1] = last.union(band)
    else:
        done.append(band)
