"""The banner: a big message that fades in and out over the table ("Your turn, Ann").

Confetti is game.ui.confetti."""

from __future__ import annotations

import pygame

from game.ui.fonts import Fonts
from game.ui.text import wrap_text
from game.ui.theme import Theme


class Banner:
    """A large message in the middle of the table that fades in and out ("Your turn, Ann")."""

    def __init__(self, text: str, colour, duration: float = 1.4, sub: str = "") -> None:
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

    def lines(self, fonts: Fonts, room: int, unit: float) -> list[tuple[str, pygame.font.Font]]:
        """The banner's lines and their fonts, each line at most `room` px wide: the title's
        words wrap at spaces, and a word too long for the felt takes a smaller headline font
        (rendered at that size, never scaled); then the sub-title's lines."""
        room = max(1, room)
        headline = fonts.get(64 * unit, bold=True)
        longest = max(self.text.split(" "), key=lambda word: headline.size(word)[0])
        title_font = fonts.fit(longest, 64 * unit, room, bold=True, least=28 * unit)
        found = [(line, title_font) for line in wrap_text(title_font, self.text, room)]
        if self.sub:
            sub_font = fonts.get(28 * unit)
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
        lines = [
            font.render(line, True, theme.text_on_accent)
            for line, font in self.lines(fonts, rect.width - 2 * pad, unit)
        ]
        h = sum(line.get_height() for line in lines) + round(24 * unit)
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
        y = round(12 * unit)
        for line in lines:
            panel.blit(line, line.get_rect(midtop=(box.width // 2, y)))
            y += line.get_height()
        panel.set_alpha(round(255 * alpha))
        surface.blit(panel, box)
