"""Marks drawn on a scorecard's box (game.ui.scorecard_view): the keyboard focus, and the
box forced order fills next."""

from __future__ import annotations

import pygame

from game.ui.theme import Theme


def draw_next_box(surface: pygame.Surface, theme: Theme, row_h: float, cell: pygame.Rect) -> None:
    """The box forced order fills next: a dashed outline, apart from the focus's."""
    width = max(1, round(row_h / 14))
    rect = cell.inflate(-4, -4)
    dash = max(3, round(row_h / 5))
    ink = theme.accent
    for x in range(rect.left, rect.right, 2 * dash):
        end = min(x + dash, rect.right)
        pygame.draw.line(surface, ink, (x, rect.top), (end, rect.top), width)
        pygame.draw.line(surface, ink, (x, rect.bottom - 1), (end, rect.bottom - 1), width)
    for y in range(rect.top, rect.bottom, 2 * dash):
        end = min(y + dash, rect.bottom)
        pygame.draw.line(surface, ink, (rect.left, y), (rect.left, end), width)
        pygame.draw.line(surface, ink, (rect.right - 1, y), (rect.right - 1, end), width)


def draw_focus(surface: pygame.Surface, theme: Theme, row_h: float, cell: pygame.Rect) -> None:
    """The keyboard's focus on a box: a thick outline and a pointer at its left."""
    width = max(2, round(row_h / 9))
    pygame.draw.rect(surface, theme.focus, cell.inflate(2, 2), width=width, border_radius=4)
    r = max(3, round(row_h * 0.18))
    x, y = cell.left + r + 2, cell.centery
    pygame.draw.polygon(surface, theme.text, [(x - r, y - r), (x + r // 2, y), (x - r, y + r)])
