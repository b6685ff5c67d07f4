"""What a frame redraws: the whole window, or only where something changed.

The app draws every frame on the same window surface, which keeps what the last frame drew.
While that is still what the window shows (the same one scene drawn, nothing over it, no
resize or expose), a scene that knows what changed since its last frame may limit this frame
to those parts: it clips the surface to them and draws as always (whatever falls outside the
clip costs next to nothing), and the app shows only them. At 4K a whole frame is mostly
copies of the felt and the card; the dice in the air cover a small part of it.

    frame.begin(retained=True)          # the app, before the scenes draw
    frame.limit(surface, [die_rect])    # a scene: only this changed
    rects = frame.end(surface)          # the app: None means show the whole window
"""

from __future__ import annotations

import pygame


class Frame:
    def __init__(self) -> None:
        self.retained = False  # the window surface still holds the last frame, as drawn
        self.rects: list[pygame.Rect] | None = None  # what this frame redraws; None: all

    def begin(self, retained: bool) -> None:
        self.retained = retained
        self.rects = None

    def limit(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> bool:
        """Redraw only `rects` this frame, if the window still holds the last frame: the
        surface is clipped to them until `end`. True if it was (False: draw it all)."""
        if not self.retained or self.rects is not None:
            return False
        area = surface.get_rect()
        parts = [part for part in (pygame.Rect(r).clip(area) for r in rects) if part]
        if not parts:
            self.rects = []
            surface.set_clip(pygame.Rect(0, 0, 0, 0))
            return True
        # One clip for the lot: drawing the scene once costs less than once per part.
        clip = parts[0].unionall(parts[1:])
        surface.set_clip(clip)
        self.rects = [clip]
        return True

    def end(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The parts of the window this frame drew (None: all of it); the clip is lifted."""
        surface.set_clip(None)
        rects, self.rects = self.rects, None
        self.retained = False
        return rects
