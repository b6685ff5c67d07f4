"""A panel lays only the bands of its shadow that it does not cover: every pixel is what
laying the whole shadow under it gives, on opaque and on see-through surfaces."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ui.theme import make_theme
from game.ui.widgets import draw_panel


def whole_shadow_panel(surface: pygame.Surface, theme, rect: pygame.Rect, alt: bool) -> None:
    """The panel as it was drawn before: its whole shadow first, a surface its size."""
    radius = max(6, min(rect.width, rect.height) // 30)
    shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, theme.shadow, shadow.get_rect(), border_radius=radius)
    surface.blit(shadow, rect.move(4, 6))
    pygame.draw.rect(surface, theme.panel_alt if alt else theme.panel, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.panel_edge, rect, width=2, border_radius=radius)


@pytest.mark.parametrize("flags", [0, pygame.SRCALPHA], ids=["opaque", "see-through"])
def test_a_panel_draws_the_pixels_of_one_over_its_whole_shadow(flags) -> None:
    theme = make_theme("standard", False)
    assert theme.shadow[3] > 0
    rng = random.Random(7)
    for k in range(60):
        rect = pygame.Rect(rng.randint(-20, 200), rng.randint(-20, 200), 0, 0)
        rect.size = (rng.randint(1, 500), rng.randint(1, 500))
        expected, drawn = (pygame.Surface((760, 760), flags) for _i in range(2))
        for canvas in (expected, drawn):
            canvas.fill((30, 90, 60, 255 if k % 2 else 0))
            pygame.draw.circle(canvas, (200, 10, 50), (300, 300), 200)
        whole_shadow_panel(expected, theme, rect, k % 3 == 0)
        draw_panel(drawn, theme, rect, k % 3 == 0)
        assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(expected, "RGBA"), rect
