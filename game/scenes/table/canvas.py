"""The board drawn in parts: each part of the table (the message line, the hold row, each
thing the dice tray draws, the buttons, the card and a scored box's glow, the notes, the
hint, a banner, the key hints) with the rectangle it covers, a token that changes whenever
its pixels do, and how it is drawn.

A frame compares the parts with the last frame's: only the rectangles of parts that changed,
came or went are drawn again (game.ui.frame gathers them into a few patches), and in each
patch only the parts that reach into it are drawn, over the felt. When the window size, the
theme, the fonts, the language or the layout changed, the frame is drawn whole.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui.tray_ahead import Drawn, TrayAhead
from game.ui.tray_view import HoldRow, Piece, draw_hold_row, hold_row_rect

if TYPE_CHECKING:
    from game.scenes.context import Context
    from game.ui.widgets import FeltBackground

Rect4 = tuple[int, int, int, int]
SHADE = (4, 6)  # px a panel's shadow reaches right and down (game.ui.widgets.draw_panel)


def shaded(rect: pygame.Rect, drop: int = SHADE[1]) -> Rect4:
    """A panel's or a button's rectangle with its shadow, as a part's rectangle."""
    r = rect.union(rect.move(SHADE[0], drop)).inflate(2, 2)
    return (r.x, r.y, r.w, r.h)


def part(
    rect: pygame.Rect | Rect4, token: object, paint: Callable[[pygame.Surface], object]
) -> Piece:
    """A part of the board: where it is drawn, what it shows, how."""
    r = pygame.Rect(rect)
    return Piece((r.x, r.y, r.w, r.h), token, paint)


def unpainted(_surface: pygame.Surface) -> None:
    """A part drawn by another (a scored box's glow is drawn with the card)."""


@dataclass(frozen=True)
class Scene:
    """A frame of the board as parts, in the order they are drawn, and what would make the
    whole frame change (`whole`: the window, theme, fonts, language, layout, felt)."""

    below: Sequence[tuple[str, Piece]]  # under the tray's pieces
    pieces: Sequence[Piece]  # the dice tray's
    above: Sequence[tuple[str, Piece]]
    whole: tuple[object, ...]
    solid: pygame.Rect | None = None  # where a part above covers all under it (the card's)

    @property
    def named(self) -> dict[str, Piece]:
        return dict([*self.below, *self.above])


class Canvas:
    """The board's last frame as parts, and the drawing of the next."""

    def __init__(self) -> None:
        self._drawn: Scene | None = None
        self.ahead = TrayAhead()  # the tray's next frame, composed between frames

    def forget(self) -> None:
        """The next frame is drawn whole."""
        self._drawn = None
        self.ahead.forget()

    def draw(
        self,
        surface: pygame.Surface,
        ctx: Context,
        felt: FeltBackground,
        scene: Scene,
        retained: bool,
    ) -> None:
        """Draw `scene`: whole, or (`retained`: the window still holds the last frame as
        drawn) only where it changed. The felt is not laid where the scene's `solid` part
        will cover it.

        Where the tray's next frame was composed ahead in the window (game.ui.tray_ahead)
        and this is it, what lies under the parts above is left as composed rather than
        drawn; where it is not, what was composed is drawn again too."""
        skip = scene.solid
        laid = self.ahead.laid()
        composed = self.ahead.take(scene.whole, scene.below, scene.pieces, skip)
        drawn = Drawn(
            surface, felt, ctx.theme, scene.whole, (*scene.below,), (*scene.pieces,), skip
        )
        self.ahead.drawn(drawn if retained else None)
        changed = self._changed(scene) if retained else None
        self._drawn = scene if retained else None
        if changed is not None:
            if composed is None:
                changed.extend(pygame.Rect(rect) for rect in laid)
            if not ctx.frame.limit(surface, changed):
                changed = None  # the window does not hold the last frame: all of it
            elif not changed:
                return  # nothing changed: the window shows this frame already
        if changed is None:
            composed = None  # (drawn whole: the window may hold anything)
        lower = [*(piece for _name, piece in scene.below), *scene.pieces]
        upper = [piece for _name, piece in scene.above if piece.paint is not unpainted]
        # (the card's cells are drawn by the card: skipped in every pass)

        def draw_lower() -> None:
            clip = surface.get_clip()
            felt.draw(surface, ctx.theme, skip)
            for piece in lower:
                if clip.colliderect(piece.rect):
                    piece.paint(surface)

        for clip in ctx.frame.passes(surface):
            if composed is None:
                draw_lower()
            else:
                composed.lay(surface, clip, draw_lower)
            for piece in upper:
                if clip.colliderect(piece.rect):
                    piece.paint(surface)

    def _changed(self, scene: Scene) -> list[pygame.Rect] | None:
        """The rectangles of what changed since the last frame drawn; None: all of it."""
        before = self._drawn
        if before is None or before.whole != scene.whole:
            return None
        rects = {p.rect for p in set(scene.pieces) ^ set(before.pieces)}
        was, now = before.named, scene.named
        for name in was.keys() | now.keys():
            old, new = was.get(name), now.get(name)
            if old is new or (old is not None and new is not None and old == new):
                continue  # (the card's cells are the same parts while the cells are)
            rects.update(p.rect for p in (old, new) if p is not None)
        # Each rectangle once (a card's cell that changed is where it was).
        return [pygame.Rect(rect) for rect in rects]


def hold_part(strip: pygame.Rect, hold: HoldRow) -> Piece:
    """The hold row's strip and its label."""
    rect = hold_row_rect(strip, hold.label)
    token = ("hold", hold.label.get_size(), hold.colour, hold.edge)
    return part(rect, token, lambda surface: draw_hold_row(surface, strip, hold))
