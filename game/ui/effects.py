"""Celebrations and announcements: confetti bursts and a big fading banner."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.ui.fonts import Fonts
from game.ui.theme import Theme

GRAVITY = 900.0  # px/s² at unit scale
CONFETTI_LIFE = 2.6  # s


@dataclass
class _Bit:
    x: float
    y: float
    vx: float
    vy: float
    spin: float
    angle: float
    colour: tuple[int, int, int]
    w: float
    h: float


class Confetti:
    """A burst of paper bits from a point; seeded, so the same celebration looks the same."""

    def __init__(
        self, origin: tuple[float, float], colours, seed: int, count: int = 90, scale: float = 1.0
    ) -> None:
        rng = random.Random(seed)
        self.scale = scale
        self.age = 0.0
        self.bits = []
        for _ in range(count):
            speed = rng.uniform(350, 900) * scale
            heading = rng.uniform(-math.pi * 0.95, -math.pi * 0.05)
            self.bits.append(
                _Bit(
                    origin[0],
                    origin[1],
                    math.cos(heading) * speed,
                    math.sin(heading) * speed,
                    rng.uniform(-720, 720),
                    rng.uniform(0, 360),
                    rng.choice(colours),
                    rng.uniform(6, 12) * scale,
                    rng.uniform(3, 6) * scale,
                )
            )

    @property
    def done(self) -> bool:
        return self.age >= CONFETTI_LIFE

    def update(self, dt: float) -> None:
        self.age += dt
        drag = math.exp(-1.6 * dt)
        for b in self.bits:
            b.vx *= drag
            b.vy = b.vy * drag + GRAVITY * self.scale * dt
            b.x += b.vx * dt
            b.y += b.vy * dt
            b.angle += b.spin * dt

    def draw(self, surface: pygame.Surface) -> None:
        fade = max(0.0, 1 - max(0.0, self.age - CONFETTI_LIFE * 0.7) / (CONFETTI_LIFE * 0.3))
        for b in self.bits:
            c, s = math.cos(math.radians(b.angle)), math.sin(math.radians(b.angle))
            hw = b.w / 2 * fade
            hh = (b.h / 2 * abs(math.sin(math.radians(b.angle * 1.7))) + 0.5) * fade
            pts = [
                (b.x + dx * c - dy * s, b.y + dx * s + dy * c)
                for dx, dy in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))
            ]
            pygame.draw.polygon(surface, b.colour, pts)


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
