"""Marks drawn on a scorecard's box (game.ui.scorecard_view): the keyboard focus, the box
forced order fills next, a preview's pill and the bonus chips."""

from __future__ import annotations

import pygame

from game.ui.theme import Colour, Theme


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


def draw_pill(surface: pygame.Surface, theme: Theme, cell: pygame.Rect, ink: Colour) -> None:
    """Under a preview: a pale pill, so that it differs from a written score by shape too."""
    pill = cell.inflate(-max(6, cell.width // 5), -max(4, cell.height // 4))
    pygame.draw.rect(surface, theme.panel_alt, pill, border_radius=pill.height // 2)
    pygame.draw.rect(surface, ink, pill, width=1, border_radius=pill.height // 2)


def draw_chips(surface: pygame.Surface, theme: Theme, cell: pygame.Rect, shown: int) -> None:
    """`shown` bonus chips in a row, centred in `cell`."""
    r = max(3, round(min(cell.height * 0.3, cell.width / (2.6 * shown + 2))))
    x0 = cell.centerx - (shown - 1) * r * 1.25
    for i in range(shown):
        centre = (round(x0 + i * r * 2.5), cell.centery)
        pygame.draw.circle(surface, theme.accent, centre, r)
        pygame.draw.circle(surface, theme.panel, centre, max(1, r - 2), width=1)
