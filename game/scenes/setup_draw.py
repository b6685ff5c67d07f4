"""Drawing the setup screen from what its layout placed: the panels and their titles, the
column heads, each seat's numbered badge in its colour, the controls, a "profile" badge on
a name that matches a profile, and the status line. Drawing changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.config import MAX_PLAYERS
from game.ui.status_line import WARN, draw_status_line
from game.ui.text import fitted_px
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.scenes.setup import SetupScene
    from game.ui.forms import TextField


def draw_setup(scene: SetupScene, surface: pygame.Surface) -> None:
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    scene.felt.draw(surface, theme)
    for image, rect in scene.texts:
        surface.blit(image, rect)
    for panel in scene.panels:
        draw_panel(surface, theme, panel)
    head = fonts.get(fitted_px(fonts, scene.players_label.height * 0.9), bold=True)
    label = head.render(f"Players  {len(scene.seats)}/{MAX_PLAYERS}", True, theme.text)
    surface.blit(label, label.get_rect(bottomleft=scene.players_label.bottomleft))
    # Column titles sit right of the panel title when they would collide with it.
    for image, rect in scene.column_heads:
        if rect.left > scene.players_label.left + label.get_width() + 8:
            surface.blit(image, rect)
    rules = head.render("Rules of the match", True, theme.text)
    surface.blit(rules, rules.get_rect(bottomleft=scene.rules_label.bottomleft))
    for i, rect in enumerate(scene.seat_rows):
        _draw_badge(scene, surface, rect, i)
    scene.grid.draw(surface, theme, fonts)
    for i in range(len(scene.seats)):
        if scene.has_profile(i):
            _draw_profile_badge(scene, surface, scene.seat_controls_of(i)["name"])
    text, is_error = scene.status()
    draw_status_line(
        surface, theme, scene.status_font, scene.status_rect, text, WARN if is_error else ""
    )


def _draw_badge(scene: SetupScene, surface: pygame.Surface, row: pygame.Rect, index: int) -> None:
    theme = scene.ctx.theme
    seat = scene.seats[index]
    centre = (row.left + row.height // 2, row.centery)
    radius = row.height // 2 - 1
    pygame.draw.circle(surface, theme.player(seat.colour), centre, radius)
    pygame.draw.circle(surface, theme.text, centre, radius, max(1, radius // 10))
    font = scene.ctx.fonts.get(fitted_px(scene.ctx.fonts, row.height * 0.5), bold=True)
    digit = font.render(str(index + 1), True, theme.text)
    surface.blit(digit, digit.get_rect(center=centre))


def _draw_profile_badge(scene: SetupScene, surface: pygame.Surface, field: TextField) -> None:
    """A small 'profile' pill at the right end of a name field, where the text is not; a
    dot on the corner when the name leaves no room."""
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    rect = field.rect
    font = fonts.get(fitted_px(fonts, rect.height * 0.34), bold=True)
    label = font.render("profile", True, theme.text_on_accent)
    pill = label.get_rect().inflate(label.get_height(), max(2, label.get_height() // 4))
    pill.midright = (rect.right - max(4, rect.height // 5), rect.centery)
    name_font = fonts.get(fitted_px(fonts, rect.height * 0.5))
    text_right = rect.left + max(4, rect.height // 4) + name_font.size(field.get())[0]
    if text_right + rect.height // 3 < pill.left:
        pygame.draw.rect(surface, theme.good, pill, 0, pill.height // 2)
        surface.blit(label, label.get_rect(center=pill.center))
    else:
        r = max(4, rect.height // 7)
        centre = (rect.right - r, rect.top + r)
        pygame.draw.circle(surface, theme.good, centre, r)
        pygame.draw.circle(surface, theme.panel, centre, r, max(1, r // 3))
