"""A vertical window onto content taller than it: the mouse wheel, the keys, and a scroll bar
that can be dragged or clicked."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from game.ui.input import is_press
from game.ui.theme import Theme

WHEEL_LINES = 3  # lines scrolled per mouse-wheel notch


def viewport_in(panel: pygame.Rect, pad: int, bar: int, top: int = 0) -> pygame.Rect:
    """The scrolled area of a panel: `pad` in from its edges (and `top` more at the top), with
    room at the right for a scroll bar `bar` wide and the gap before it."""
    return pygame.Rect(
        panel.left + pad,
        panel.top + pad + top,
        panel.width - 2 * pad - 2 * bar,
        panel.height - 2 * pad - top,
    )


@contextmanager
def clipped(surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
    """Draw only inside `rect` in the `with` block; the surface's clip is put back after."""
    clip = surface.get_clip()
    surface.set_clip(rect)
    try:
        yield
    finally:
        surface.set_clip(clip)


class ScrollView:
    """A vertical window onto content taller than it: wheel, keys, and a draggable bar."""

    def __init__(self) -> None:
        self.viewport = pygame.Rect(0, 0, 0, 0)
        self.content_height = 0
        self.offset = 0
        self.line = 24  # px scrolled by one line step
        self.bar_width = 6  # px: the room `viewport_in` left for the bar, never more
        self._drag: tuple[int, int] | None = None  # (mouse y, offset) when the drag began

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.viewport.height)

    def set_content(
        self, viewport: pygame.Rect, content_height: int, line: int, bar_width: int | None = None
    ) -> None:
        """Keep the same fraction scrolled when the window changes size. `bar_width` is the
        bar's width given to `viewport_in` (None keeps the last one), so the bar stays inside
        the room left for it, off the panel's rim."""
        fraction = self.offset / self.max_offset if self.max_offset else 0.0
        self.viewport = pygame.Rect(viewport)
        self.content_height = content_height
        self.line = max(1, line)
        if bar_width is not None:
            self.bar_width = max(1, bar_width)
        self.offset = round(fraction * self.max_offset)

    def scroll_to(self, offset: float) -> bool:
        new = max(0, min(self.max_offset, round(offset)))
        changed = new != self.offset
        self.offset = new
        return changed

    def scroll_by(self, dy: float) -> bool:
        return self.scroll_to(self.offset + dy)

    @property
    def page(self) -> int:
        return max(self.line, self.viewport.height - 2 * self.line)

    @property
    def bar(self) -> pygame.Rect:
        """The scrollbar's track, half its width right of the viewport (in the room
        `viewport_in` left: a gap, the bar, a gap)."""
        w = self.bar_width
        return pygame.Rect(self.viewport.right + w // 2, self.viewport.top, w, self.viewport.height)

    @property
    def thumb(self) -> pygame.Rect:
        track = self.bar
        if not self.content_height:
            return track
        h = max(track.width * 2, track.height * self.viewport.height // self.content_height)
        h = min(h, track.height)
        y = track.top + (track.height - h) * (
            self.offset / self.max_offset if self.max_offset else 0
        )
        return pygame.Rect(track.left, round(y), track.width, h)

    def handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        """Wheel, Up/Down, PageUp/PageDown, Home/End and the scrollbar; True if used."""
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll_by(-event.y * self.line * WHEEL_LINES) or True
        if is_press(event):
            if intent in ("up", "down"):
                self.scroll_by(self.line if intent == "down" else -self.line)
                return True
            keys = {
                pygame.K_PAGEUP: -self.page,
                pygame.K_PAGEDOWN: self.page,
                pygame.K_HOME: -self.content_height,
                pygame.K_END: self.content_height,
            }
            if event.key in keys:
                self.scroll_by(keys[event.key])
                return True
            return False
        if not self.max_offset:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.thumb.collidepoint(event.pos):
                self._drag = (event.pos[1], self.offset)
                return True
            if self.bar.inflate(self.bar.width, 0).collidepoint(event.pos):
                self.scroll_by(self.page if event.pos[1] > self.thumb.centery else -self.page)
                return True
        elif event.type == pygame.MOUSEMOTION and self._drag is not None:
            y0, offset0 = self._drag
            travel = max(1, self.bar.height - self.thumb.height)
            self.scroll_to(offset0 + (event.pos[1] - y0) * self.max_offset / travel)
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag:
            self._drag = None
            return True
        return False

    def to_screen(self, content: pygame.Rect) -> pygame.Rect:
        """Where a rect of the content is on the screen, scrolled as it is now."""
        return content.move(self.viewport.left, self.viewport.top - self.offset)

    def shows(self, rect: pygame.Rect) -> bool:
        """Whether a rect on the screen reaches into the view (touching its edge counts)."""
        return not (rect.bottom < self.viewport.top or rect.top > self.viewport.bottom)

    def blit_content(self, surface: pygame.Surface, content: pygame.Surface) -> None:
        """Blit the part of `content` (a surface as tall as the content) that is in view."""
        view = self.viewport
        surface.blit(content, view.topleft, pygame.Rect(0, self.offset, view.width, view.height))

    def draw_bar(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.max_offset:
            return
        track, thumb = self.bar, self.thumb
        radius = track.width // 2
        pygame.draw.rect(surface, theme.panel_alt, track, 0, radius)
        pygame.draw.rect(surface, theme.panel_edge, thumb, 0, radius)
