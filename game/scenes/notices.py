"""What is shown over every scene: the notices about files and settings (a few seconds
each, wrapped to the window) and, while the match could not be saved, the mark that stays
until it can. The app draws them after the scenes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, translate
from game.ui.text import wrap_text

if TYPE_CHECKING:
    from game.scenes.context import Context

NOTICE_LINES = 4  # a notice wraps to at most this many lines
# The notice beside it says why (a full disk, a read-only folder, records held by another
# program) and what to do; the mark stays until a save goes through.
UNSAVED_MARK = N_("Not saved yet")


def draw_notices(surface: pygame.Surface, ctx: Context) -> None:
    """Messages about files or settings, shown at the top for a few seconds each (wrapped to
    the window), and while the match could not be saved, a mark that stays until it can."""
    w = surface.get_width()
    y = 8
    font = ctx.fonts.get(22)
    drawn: list[pygame.Rect] = []
    for notice in ctx.shown_notices:
        lines = wrap_text(font, notice.text, w - 64)[:NOTICE_LINES]
        images = [font.render(line, True, ctx.theme.text) for line in lines]
        height = sum(image.get_height() for image in images)
        width = max(image.get_width() for image in images)
        box = pygame.Rect(0, 0, width + 24, height + 12)
        box.midtop = (w // 2, y)
        pygame.draw.rect(surface, ctx.theme.panel, box, border_radius=8)
        pygame.draw.rect(surface, ctx.theme.warn, box, width=2, border_radius=8)
        drawn.append(box)
        line_y = box.top + 6
        for image in images:
            surface.blit(image, image.get_rect(midtop=(box.centerx, line_y)))
            line_y += image.get_height()
        y = box.bottom + 6
    if ctx.unsaved:
        mark = ctx.fonts.render(translate(UNSAVED_MARK), 18, ctx.theme.text, bold=True)
        box = mark.get_rect(topright=(w - 18, 14)).inflate(16, 8)
        for notice_box in drawn:  # never over a notice: under them, if they reach that far
            if box.colliderect(notice_box):
                box.top = max(box.top, notice_box.bottom + 6)
        pygame.draw.rect(surface, ctx.theme.panel, box, border_radius=6)
        pygame.draw.rect(surface, ctx.theme.warn, box, width=2, border_radius=6)
        surface.blit(mark, mark.get_rect(center=box.center))
