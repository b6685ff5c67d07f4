"""What is shown over every scene: the notices about files and settings (a few seconds
each, wrapped to the window) and, while the match could not be saved, the mark that stays
until it can. The app draws them after the scenes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, translate
from game.ui.text import wrap_text
from game.ui.units import layout_unit

if TYPE_CHECKING:
    from game.scenes.context import Context

NOTICE_LINES = 4  # a notice wraps to at most this many lines
# The notice beside it says why (a full disk, a read-only folder, records held by another
# program) and what to do; the mark stays until a save goes through.
UNSAVED_MARK = N_("Not saved yet")


def draw_notices(surface: pygame.Surface, ctx: Context) -> list[pygame.Rect]:
    """Messages about files, settings and the network, shown for a few seconds each, wrapped,
    at the top of the top scene's `notice_room` (where they hide nothing the player must
    read: the table's felt, under its message line and beside its card; else the window's
    top); and while the match could not be saved, a mark that stays until it can,
    in the room's top right corner. Their text is sized as the scenes' is, by the window.
    The boxes drawn."""
    top = ctx.stack.top
    room = top.notice_room() if top is not None else None
    room = surface.get_rect() if room is None else room.clip(surface.get_rect())
    unit = layout_unit(surface.get_size())
    gap = max(4, round(8 * unit))
    y = room.top + gap
    font = ctx.fonts.get(22 * unit)
    drawn: list[pygame.Rect] = []
    for notice in ctx.shown_notices:
        lines = wrap_text(font, notice.text, max(40, room.width - 6 * gap))[:NOTICE_LINES]
        images = [font.render(line, True, ctx.theme.text) for line in lines]
        height = sum(image.get_height() for image in images)
        width = max(image.get_width() for image in images)
        box = pygame.Rect(0, 0, width + 3 * gap, height + gap + gap // 2)
        box.midtop = (room.centerx, y)
        pygame.draw.rect(surface, ctx.theme.panel, box, border_radius=gap)
        pygame.draw.rect(surface, ctx.theme.warn, box, width=2, border_radius=gap)
        drawn.append(box)
        line_y = box.top + (box.height - height) // 2
        for image in images:
            surface.blit(image, image.get_rect(midtop=(box.centerx, line_y)))
            line_y += image.get_height()
        y = box.bottom + gap
    if ctx.unsaved:
        mark = ctx.fonts.render(translate(UNSAVED_MARK), 18 * unit, ctx.theme.text, bold=True)
        box = mark.get_rect(topright=(room.right - 2 * gap, room.top + 2 * gap))
        box = box.inflate(2 * gap, gap)
        for notice_box in drawn:  # never over a notice: under them, if they reach that far
            if box.colliderect(notice_box):
                box.top = max(box.top, notice_box.bottom + gap)
        pygame.draw.rect(surface, ctx.theme.panel, box, border_radius=gap)
        pygame.draw.rect(surface, ctx.theme.warn, box, width=2, border_radius=gap)
        surface.blit(mark, mark.get_rect(center=box.center))
        drawn.append(box)
    return drawn
