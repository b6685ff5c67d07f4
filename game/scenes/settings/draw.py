"""Drawing the settings screen from its layout: the title, the list's headings and rows (the
focused row marked by a triangle as well as a band), the scroll bar, the footer buttons and
the status line. Drawing changes nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.scenes.settings.layout import RowPlace, SettingsLayout
from game.scenes.settings.rows import Row, SettingControl
from game.ui.fonts import MIN_FONT_PX
from game.ui.scroll import ScrollView, clipped
from game.ui.status_line import draw_status_line
from game.ui.text import ellipsize
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.ui.fonts import Fonts
    from game.ui.forms import FormButton
    from game.ui.theme import Theme


def draw_settings(
    surface: pygame.Surface,
    theme: Theme,
    fonts: Fonts,
    layout: SettingsLayout,
    rows: Sequence[Row],
    scroll: ScrollView,
    focused: SettingControl | None,
    footer: Sequence[FormButton],
    status: tuple[str, str],
) -> None:
    """Everything over the felt: `rows` as `layout` placed them and `scroll` shows them,
    `focused` marked, the `footer` buttons and the `status` line (text, level)."""
    surface.blit(layout.title, layout.title_rect)
    draw_panel(surface, theme, layout.panel)
    view = scroll.viewport
    # A little beyond the viewport, so a focus outline at its edge is not cut.
    with clipped(surface, view.inflate(8, 8).clip(layout.panel)):
        for row, place in zip(rows, layout.rows, strict=True):
            band = scroll.to_screen(place.content)
            if not scroll.shows(band):
                continue
            if row.heading:
                _draw_heading(surface, theme, layout, row, band, view.left)
            else:
                _draw_row(surface, theme, fonts, layout, row, place, band, focused)
    scroll.draw_bar(surface, theme)
    for button in footer:
        button.draw(surface, theme, fonts, button is focused)
    floor = fonts.get_px(MIN_FONT_PX)
    draw_status_line(surface, theme, layout.status_font, layout.status_rect, *status, floor)


def _draw_heading(
    surface: pygame.Surface,
    theme: Theme,
    layout: SettingsLayout,
    row: Row,
    band: pygame.Rect,
    list_left: int,
) -> None:
    """A section's name over a rule; the Keys section's also names its two columns."""
    head_ink = theme.text if theme.high_contrast else theme.accent_dark
    image = layout.head_font.render(row.label, True, head_ink)
    surface.blit(image, (band.left, band.top))
    rule_y = band.bottom - max(2, band.height // 10)
    pygame.draw.line(surface, theme.panel_edge, (band.left, rule_y), (band.right, rule_y), 2)
    if row.section == "keys":
        for text, x in layout.key_heads:
            cap = layout.caption_font.render(text, True, theme.text_dim)
            rect = cap.get_rect(midbottom=(list_left + x, rule_y - 2))
            if rect.left > band.left + image.get_width() + 8:
                surface.blit(cap, rect)


def _draw_row(
    surface: pygame.Surface,
    theme: Theme,
    fonts: Fonts,
    layout: SettingsLayout,
    row: Row,
    place: RowPlace,
    band: pygame.Rect,
    focused: SettingControl | None,
) -> None:
    """A setting's label and controls at `band` (its place, scrolled), banded when focused."""
    if focused in row.controls:
        pygame.draw.rect(surface, theme.panel_alt, band.inflate(6, 4), 0, 6)
        _draw_marker(surface, theme, layout, row, place, band)
    dx, dy = band.left - place.content.left, band.top - place.content.top  # the scroll's shift
    body = layout.body_font
    for text, y in place.label_lines:
        shown = ellipsize(body, text, place.label_width)
        surface.blit(body.render(shown, True, theme.text), (dx + place.label_x, y + dy))
    for control in row.controls:
        control.draw(surface, theme, fonts, control is focused)


def _draw_marker(
    surface: pygame.Surface,
    theme: Theme,
    layout: SettingsLayout,
    row: Row,
    place: RowPlace,
    band: pygame.Rect,
) -> None:
    """A triangle at the focused row's left, level with its label (or its control):
    focus shown by shape, not colour alone."""
    r = max(4, layout.marker_w // 3)
    x = band.left + r
    if place.label_lines:
        y = place.label_lines[0][1] + band.top - place.content.top
        y += layout.body_font.get_linesize() // 2
    else:
        y = row.controls[0].rect.centery
    points = [(x - r + 1, y - r), (x + r, y), (x - r + 1, y + r)]
    pygame.draw.polygon(surface, theme.focus, points)
    pygame.draw.polygon(surface, theme.text, points, 1)
