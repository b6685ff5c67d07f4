"""Drawing the settings screen from what its layout placed: the felt and title, the list's
headings and rows (the focused row marked by a triangle as well as a band), the scroll bar,
the footer buttons and the status line. Drawing changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.settings_rows import Row
from game.ui.scroll import clipped
from game.ui.status_line import draw_status_line
from game.ui.text import ellipsize
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.scenes.settings import SettingsScene
    from game.ui.fonts import Fonts
    from game.ui.theme import Theme


def draw_settings(scene: SettingsScene, surface: pygame.Surface) -> None:
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    scene.felt.draw(surface, theme)
    if scene.title is not None:
        surface.blit(*scene.title)
    draw_panel(surface, theme, scene.panel)
    view = scene.scroll.viewport
    # A little beyond the viewport, so a focus outline at its edge is not cut.
    with clipped(surface, view.inflate(8, 8).clip(scene.panel)):
        _draw_rows(scene, surface, theme, fonts)
    scene.scroll.draw_bar(surface, theme)
    focused = scene.grid.focused
    for button in (scene.back, scene.reset_all):
        button.draw(surface, theme, fonts, button is focused)
    draw_status_line(surface, theme, scene.status_font, scene.status_rect, *scene.status())


def _draw_rows(scene: SettingsScene, surface: pygame.Surface, theme: Theme, fonts: Fonts) -> None:
    view = scene.scroll.viewport
    dy = view.top - scene.scroll.offset
    focused = scene.grid.focused
    head_ink = theme.text if theme.high_contrast else theme.accent_dark
    small = fonts.get(scene.body_px * 0.8)
    for row in scene.rows:
        band = scene.scroll.to_screen(row.content)
        if not scene.scroll.shows(band):
            continue
        if row.heading:
            image = scene.head_font.render(row.label, True, head_ink)
            surface.blit(image, (band.left, band.top))
            rule_y = band.bottom - max(2, band.height // 10)
            pygame.draw.line(
                surface, theme.panel_edge, (band.left, rule_y), (band.right, rule_y), 2
            )
            if row.label == "Keys":
                for text, x in scene.key_heads:
                    cap = small.render(text, True, theme.text_dim)
                    rect = cap.get_rect(midbottom=(view.left + x, rule_y - 2))
                    if rect.left > band.left + image.get_width() + 8:
                        surface.blit(cap, rect)
            continue
        is_focused = focused in row.controls
        if is_focused:
            pygame.draw.rect(surface, theme.panel_alt, band.inflate(6, 4), 0, 6)
            _draw_marker(scene, surface, theme, row, band)
        x = view.left + scene.row_indent.get(id(row), scene.marker_w)
        for text, y in row.label_lines:
            shown = ellipsize(scene.body_font, text, row.label_width)
            surface.blit(scene.body_font.render(shown, True, theme.text), (x, y + dy))
        for control in row.controls:
            control.draw(surface, theme, fonts, control is focused)


def _draw_marker(
    scene: SettingsScene, surface: pygame.Surface, theme: Theme, row: Row, band: pygame.Rect
) -> None:
    """A triangle at the focused row's left, level with its label (or its control):
    focus shown by shape, not colour alone."""
    r = max(4, scene.marker_w // 3)
    x = band.left + r
    if row.label_lines:
        y = row.label_lines[0][1] + band.top - row.content.top
        y += scene.body_font.get_linesize() // 2
    else:
        y = row.controls[0].rect.centery
    points = [(x - r + 1, y - r), (x + r, y), (x - r + 1, y + r)]
    pygame.draw.polygon(surface, theme.focus, points)
    pygame.draw.polygon(surface, theme.text, points, 1)
