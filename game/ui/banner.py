"""The banner: a big message that fades in and out over the table ("Your turn, Ann"), in the
place the table gives it (the felt between the dice and the hold row: never over the dice).

Confetti is game.ui.confetti."""

from __future__ import annotations

import pygame

from game.ui.fonts import MIN_FONT_PX, Fonts
from game.ui.text import wrap_text
from game.ui.theme import Colour, Theme


class Banner:
    """A large message in the middle of the table that fades in and out ("Your turn, Ann")."""

    def __init__(self, text: str, colour: Colour, duration: float = 1.4, sub: str = "") -> None:
        self.text = text
        self.sub = sub
        self.colour = colour
        self.duration = duration
        self.age = 0.0

    @property
    def done(self) -> bool:
        return self.age >= self.duration

    def update(self, dt: float) -> None:
        self.age += dt

    def lines(
        self, fonts: Fonts, room: int, unit: float, height: int | None = None
    ) -> list[tuple[str, pygame.font.Font]]:
        """The banner's lines and their fonts, each line at most `room` px wide and all of
        them together at most `height` px tall (when given): the title's words wrap at
        spaces, and the headline takes a smaller font (rendered at that size, never scaled)
        until every word fits, down to the text floor, so the name in "Your turn, Ann" is
        never lost; then the sub-title's lines."""
        room = max(1, room)
        size = 64 * unit
        while True:
            found = self._lines_at(fonts, room, size)
            tall = sum(font.get_linesize() for _line, font in found)
            words = self.text.split(" ")
            title_font = found[0][1]
            fits = all(title_font.size(word)[0] <= room for word in words)
            if (fits and (height is None or tall <= height)) or size <= MIN_FONT_PX:
                return found
            size = max(MIN_FONT_PX, size * 0.9)

    def _lines_at(self, fonts: Fonts, room: int, size: float) -> list[tuple[str, pygame.font.Font]]:
        title_font = fonts.get(size, bold=True)
        found = [(line, title_font) for line in wrap_text(title_font, self.text, room)]
        if self.sub:
            sub_font = fonts.get(size * 0.45)
            found += [(line, sub_font) for line in wrap_text(sub_font, self.sub, room)]
        return found

    def draw(
        self, surface: pygame.Surface, rect: pygame.Rect, fonts: Fonts, theme: Theme, unit: float
    ) -> None:
        t = self.age / max(1e-6, self.duration)
        alpha = min(1.0, t * 6, (1 - t) * 4)
        if alpha <= 0:
            return
        pad = round(30 * unit)
        edge = round(12 * unit)
        found = self.lines(fonts, rect.width - 2 * pad, unit, rect.height - 2 * edge)
        lines = [font.render(line, True, theme.text_on_accent) for line, font in found]
        h = sum(font.get_linesize() for _line, font in found) + 2 * edge
        w = max(line.get_width() for line in lines) + 2 * pad
        box = pygame.Rect(0, 0, min(w, rect.width), min(h, rect.height))
        box.center = rect.center
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(
            panel, (*theme.felt_dark, 225), panel.get_rect(), border_radius=round(16 * unit)
        )
        pygame.draw.rect(
            panel,
            (*self.colour, 255),
            panel.get_rect(),
            width=max(3, round(5 * unit)),
            border_radius=round(16 * unit),
        )
        y = edge
        for line, (_text, font) in zip(lines, found, strict=True):
            panel.blit(line, line.get_rect(midtop=(box.width // 2, y)))
            y += font.get_linesize()
        panel.set_alpha(round(255 * alpha))
        surface.blit(panel, box)
