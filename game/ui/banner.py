"""The banner: a big message that fades in and out over the table ("Your turn, Ann").

Confetti is game.ui.confetti."""

from __future__ import annotations

import pygame

from game.ui.fonts import Fonts
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

    def draw(
        self, surface: pygame.Surface, rect: pygame.Rect, fonts: Fonts, theme: Theme, unit: float
    ) -> None:
        t = self.age / max(1e-6, self.duration)
        alpha = min(1.0, t * 6, (1 - t) * 4)
        if alpha <= 0:
            return
        title = fonts.render(self.text, 64 * unit, theme.text_on_accent, bold=True)
        sub = fonts.render(self.sub, 28 * unit, theme.text_on_accent) if self.sub else None
        h = title.get_height() + (sub.get_height() if sub else 0) + round(24 * unit)
        w = max(title.get_width(), sub.get_width() if sub else 0) + round(60 * unit)
        box = pygame.Rect(0, 0, min(w, rect.width), h)
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
        panel.blit(title, title.get_rect(midtop=(box.width // 2, y)))
        if sub:
            panel.blit(sub, sub.get_rect(midtop=(box.width // 2, y + title.get_height())))
        panel.set_alpha(round(255 * alpha))
        surface.blit(panel, box)
