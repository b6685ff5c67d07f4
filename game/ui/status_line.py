"""The status line of a form scene (setup, settings): what the focused control does, or a
message. A message worth a look (NOTE) is boxed; a refusal or an error (WARN) is boxed in the
warning colour, so it reads as one by its box as well as its colour."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.text import ellipsize, wrap_lines, wrap_text

if TYPE_CHECKING:
    from game.ui.theme import Theme

NOTE, WARN = "note", "warn"  # levels of a message: worth a look; refused ("" is a plain line)


def draw_status_line(
    surface: pygame.Surface,
    theme: Theme,
    font: pygame.font.Font,
    rect: pygame.Rect,
    text: str,
    level: str = "",
    smaller: pygame.font.Font | None = None,
) -> None:
    """`text` centred in `rect` on as many lines as it holds (two at least), boxed unless its
    level is plain. A text too long for them takes the `smaller` font (the text floor) if
    that fits it; else its last line ends in an ellipsis, never cut silently."""
    if not text:
        return
    width = rect.width - 16
    most = max(2, (rect.height - 6) // font.get_linesize())
    if smaller is not None and len(wrap_text(font, text, width)) > most:
        font = smaller
        most = max(2, (rect.height - 6) // font.get_linesize())
    lines = wrap_lines(font, text, width, most)
    if level:
        box_h = font.get_linesize() * len(lines) + 6
        box = pygame.Rect(rect.left, rect.centery - box_h // 2, rect.width, box_h)
        edge, ink = (theme.warn, theme.warn) if level == WARN else (theme.accent, theme.text)
        pygame.draw.rect(surface, theme.panel, box, 0, 6)
        pygame.draw.rect(surface, edge, box, 2, 6)
        y = box.top + 3
    else:
        ink = theme.panel_alt
        y = rect.centery - font.get_linesize() * len(lines) // 2
    for line in lines:
        image = font.render(ellipsize(font, line, width), True, ink)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
        y += font.get_linesize()
