"""The dice tray's next frame composed between frames, in the window itself.

While the dice move, most of a 4K frame's time is the tray's pixels: where a die, its
shadows or the cup moved, the felt is laid again, then the parts under the tray (the hold
row), then the cup, every shadow and die over it (a landing's frame 1-2.5 M pixels, each
laid three or four times; blits hold the interpreter's lock, so a thread cannot share it).
The next frame is foreseen: the dice stepped as the last frame stepped them
(DiceTray.foreseen). In the time a frame leaves (Scene.between_frames) the felt, the parts
under the tray and the tray's foreseen pieces are laid, a band at a time, into the window
over the rectangles that frame will draw again for the tray (of each, the box round the
parts laid there: where the felt alone shows, a frame lays it as quickly as any other
work). Nothing of it shows until the next frame is: a frame shows only what it drew
(game.ui.frame), and the window keeps its pixels between frames.

The next frame, drawn in part, whose tray pieces, parts under them and whole (window,
theme, felt...) are exactly those composed lays nothing there: it draws the rest, and the
parts above, as ever. Composed into a spare and copied in, a landing's 2 M pixels cost the
frame 1.3 ms at 4K, memory's speed; laid in place, nothing. What was not finished in time
is drawn so too (a landing's frame and the first drifts after it compose 2 M pixels at 4K,
3-5 ms, and the time a frame leaves is often less). Any other frame (the dice stepped
otherwise, a person's input, a resize) draws itself, as it would have anyway, and draws
again, besides, what was laid ahead for it (`laid`), which it may not have changed.

    ahead.drawn(drawn)                            # the canvas, each frame drawn in part
    ahead.between_frames(until, tray)             # the board, in the time the frame left
    laid = ahead.laid()                           # the canvas, the next frame: redrawn...
    composed = ahead.take(whole, below, pieces, skip)  # ...unless this fits it
    composed.lay(surface, clip, draw)             # per patch: `draw` where not composed
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
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
    """The window, holding the felt, the parts `below` and the tray's `pieces` over `rects`
    for the next frame."""

    whole: tuple[object, ...]
    below: tuple[tuple[str, Piece], ...]
    pieces: tuple[Piece, ...]
    skip: pygame.Rect | None
    rects: tuple[pygame.Rect, ...]
    passed: list[pygame.Rect] = field(default_factory=list, compare=False)  # this frame's

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
        """What lies under the parts above in `clip` (the surface clipped to it): left as
        it is where it is composed and no pass of this frame came before, drawn by `draw`
        in the bands left (with the surface clipped to each); clipped to `clip` again after.
        (A frame's patches may overlap a little, game.ui.frame.disjoint: where one drawn
        before met what is composed, its parts above lie on it now, some of them half
        transparent, and would be laid twice.)"""
        kept = [met for met in (clip.clip(rect) for rect in self.rects) if met]
        for done in self.passed:
            kept = [band for box in kept for band in outside(box, done)]
        left = [clip]
        for box in kept:
            left = [band for part in left for band in outside(part, box)]
        for band in left:
            surface.set_clip(band)
            draw()
        surface.set_clip(clip)
        self.passed.append(clip)


class TrayAhead:
    """The tray's next frame composed between frames (see the module), and how often a
    frame used it or drew itself instead."""

    def __init__(self) -> None:
        self.used = 0  # frames that found their tray composed
        self.missed = 0  # frames composed ahead that drew themselves (not as foreseen)
        self._drawn: Drawn | None = None  # the last frame, while its next is to be foreseen
        self._work: Iterator[None] | None = None
        self._ready: Composed | None = None
        self._laid: tuple[pygame.Rect, ...] = ()  # in the window since the last frame
        self._until = 0.0  # (time.perf_counter()) when the work between frames stops

    def forget(self) -> None:
        """Nothing is composed until a frame is drawn in part again (a resize, a new scene)."""
        self._drawn = self._work = self._ready = None
        self._laid = ()

    def drawn(self, drawn: Drawn | None) -> None:
        """A frame was drawn of these parts (None: not over the last frame, a picture of the
        board): what was composed for it is spent, and the next may be foreseen from it."""
        self._drawn, self._work, self._ready, self._laid = drawn, None, None, ()

    def laid(self) -> tuple[pygame.Rect, ...]:
        """The rectangles of the window laid since the last frame, for the next: a frame
        that does not take them (`take`) draws them again, whatever it changed."""
        return self._laid

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
        """The work: the next frame's pieces foreseen, then laid in the window band by band."""
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
        if not rects:
            return
        # (Under `skip` no felt is laid: the card's opaque part covers it there, as in a
        # frame. The window's clip is its own again after each band: a frame sets it.)
        skip, window = drawn.skip, drawn.surface
        laid = [*(piece for _name, piece in drawn.below), *pieces]
        done: list[pygame.Rect] = []
        for band, meets in _work(rects, laid):
            self._laid = (*done, band)
            window.set_clip(band)
            try:
                drawn.felt.draw(window, drawn.theme, skip)
                for piece in meets:
                    piece.paint(window)
            except BaseException:
                self._ready = None  # (laid in part: the frame draws all it laid)
                raise
            finally:
                window.set_clip(None)
            _joined(done, band)
            # What is composed so far is the next frame's, should it come first.
            self._ready = Composed(drawn.whole, drawn.below, tuple(pieces), skip, tuple(done))
            yield


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
