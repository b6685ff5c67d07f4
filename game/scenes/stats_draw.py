"""Drawing the statistics screen from what its layout placed: the felt and title, the page
tabs, the profile list (the chosen profile outlined, arrows where more of the list is hidden)
or the high score choosers, the page in view, and the buttons. Drawing changes nothing."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.ui.tabs import draw_tab, open_into_panel
from game.ui.text import ellipsize, fitted_px
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.scenes.stats import StatsScene


def draw_stats(scene: StatsScene, surface: pygame.Surface) -> None:
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    scene.felt.draw(surface, theme)
    if scene.title is not None:
        surface.blit(*scene.title)
    _draw_tabs(scene, surface)
    if scene.page_name == "players":
        _draw_list(scene, surface)
    draw_panel(surface, theme, scene.panel)
    chosen = scene.tabs.get(scene.page_name)
    if chosen is not None and chosen.bottom >= scene.panel.top:
        open_into_panel(surface, theme, chosen, scene.panel)
    if scene.page_name == "scores":
        for cycler in (scene.variant_cycler, scene.games_cycler):
            cycler.draw(surface, theme, fonts, scene.hover is cycler)
    if scene.page is not None:
        scene.scroll.blit_content(surface, scene.page)
        scene.scroll.draw_bar(surface, theme)
    scene.ring.draw(surface, theme, fonts)


def _draw_tabs(scene: StatsScene, surface: pygame.Surface) -> None:
    labels = {"players": "Players", "scores": "High scores"}
    for name, rect in scene.tabs.items():
        chosen = name == scene.page_name
        label = partial(_draw_tab_label, scene, surface, rect, labels[name], chosen)
        draw_tab(surface, scene.ctx.theme, rect, chosen, scene.hover == name, label)


def _draw_tab_label(
    scene: StatsScene, surface: pygame.Surface, rect: pygame.Rect, text: str, chosen: bool
) -> None:
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    font = fonts.fit(text, fitted_px(fonts, rect.height * 0.5), rect.width - 16, bold=chosen)
    image = font.render(text, True, theme.text if chosen else theme.text_dim)
    surface.blit(image, image.get_rect(center=rect.center))


def _draw_list(scene: StatsScene, surface: pygame.Surface) -> None:
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    draw_panel(surface, theme, scene.list_panel)
    if not scene.names:
        y = scene.list_panel.centery
        for text, bold in (("No profiles yet", True), ("N makes one", False)):
            font = fonts.get(scene.body_px, bold)
            image = font.render(text, True, theme.text_dim)
            surface.blit(image, image.get_rect(midbottom=(scene.list_panel.centerx, y)))
            y += font.get_linesize()
        return
    for image, rect in scene.list_heads:
        surface.blit(image, rect)
    # Arrows at the panel's edge say that more of the list is above or below.
    r = max(4, scene.list_row_h // 6)
    x = scene.list_panel.centerx
    if scene.list_more[0]:
        y = scene.list_panel.top + r + 2
        pygame.draw.polygon(
            surface, theme.text_dim, [(x - r, y + r // 2), (x + r, y + r // 2), (x, y - r // 2)]
        )
    if scene.list_more[1]:
        y = scene.list_panel.bottom - r - 2
        pygame.draw.polygon(
            surface, theme.text_dim, [(x - r, y - r // 2), (x + r, y - r // 2), (x, y + r // 2)]
        )
    font = fonts.get(scene.body_px)
    small = fonts.get(scene.body_px * 0.8)
    for i, rect in scene.list_rows:
        chosen = i == scene.selected
        if chosen:
            pygame.draw.rect(surface, theme.panel_alt, rect, 0, rect.height // 5)
            pygame.draw.rect(
                surface, theme.focus, rect, max(2, rect.height // 14), rect.height // 5
            )
        elif scene.hover == i:
            pygame.draw.rect(surface, theme.panel_edge, rect, 1, rect.height // 5)
        stats = scene.stats[scene.names[i]]
        games = small.render(
            f"{stats.games} game{'s' if stats.games != 1 else ''}", True, theme.text_dim
        )
        room = rect.width - games.get_width() - 24
        bold = fonts.get(scene.body_px, bold=True)
        use = bold if chosen else font
        text = ellipsize(use, scene.names[i], max(10, room))
        image = use.render(text, True, theme.text)
        surface.blit(image, image.get_rect(midleft=(rect.left + 10, rect.centery)))
        if room > 30:
            surface.blit(games, games.get_rect(midright=(rect.right - 10, rect.centery)))
