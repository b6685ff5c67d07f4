"""Drawing the statistics screen from its layout and what it shows: the felt and title, the
page tabs, the profile list (the chosen profile outlined, arrows where more of the list is
hidden) or the high score choosers, the page in view, and the buttons. Drawing changes
nothing."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, ngettext, translate
from game.scenes.list_screen import Hit, Row, Tab
from game.scenes.stats.profiles import shown_name
from game.ui.tabs import draw_tab, open_into_panel
from game.ui.text import ellipsize, fitted_px
from game.ui.widgets import corner_key, draw_panel

if TYPE_CHECKING:
    from game.scenes.stats.layout import ProfileList, StatsLayout
    from game.ui.fonts import Fonts
    from game.ui.forms import Cycler
    from game.ui.scroll import ScrollView
    from game.ui.theme import Theme
    from game.ui.widgets import FeltBackground, FocusRing

TAB_LABELS = {"players": N_("Players"), "scores": N_("High scores")}  # translated when drawn


@dataclass(frozen=True)
class StatsView:
    """What the statistics show this frame, and the widgets that draw themselves."""

    felt: FeltBackground
    scroll: ScrollView
    ring: FocusRing  # the buttons
    cyclers: tuple[Cycler, ...]  # the high score page's choosers (none on the players' page)
    page_name: str  # "players" or "scores"
    hover: Hit | None  # the tab, profile's row or chooser under the mouse
    page: pygame.Surface | None
    profiles: tuple[tuple[str, int], ...]  # (name, games played) of every profile listed
    selected: int  # the chosen profile
    new_key: str  # the letter of the button that makes a new profile
    page_key: str  # the letter that switches the page, shown on the High scores tab


def draw_stats(
    surface: pygame.Surface,
    theme: Theme,
    fonts: Fonts,
    screen: StatsLayout,
    rows: ProfileList,
    view: StatsView,
) -> None:
    view.felt.draw(surface, theme)
    if screen.title is not None:
        surface.blit(*screen.title)
    for name, rect in screen.tabs.items():
        chosen = name == view.page_name
        key = view.page_key if name == "scores" else ""
        label = partial(
            _draw_tab_label, surface, theme, fonts, rect, translate(TAB_LABELS[name]), chosen, key
        )
        draw_tab(surface, theme, rect, chosen, view.hover == Tab(name), label)
    if view.page_name == "players":
        _draw_list(surface, theme, fonts, screen, rows, view)
    draw_panel(surface, theme, screen.panel)
    open_tab = screen.tabs.get(view.page_name)
    if open_tab is not None and open_tab.bottom >= screen.panel.top:
        open_into_panel(surface, theme, open_tab, screen.panel)
    for cycler in view.cyclers:
        cycler.draw(surface, theme, fonts, view.hover is cycler)
    if view.page is not None:
        view.scroll.blit_content(surface, view.page)
        view.scroll.draw_bar(surface, theme)
    view.ring.draw(surface, theme, fonts)


def _draw_tab_label(
    surface: pygame.Surface,
    theme: Theme,
    fonts: Fonts,
    rect: pygame.Rect,
    text: str,
    chosen: bool,
    key: str,
) -> None:
    font = fonts.fit(text, fitted_px(fonts, rect.height * 0.5), rect.width - 16, bold=chosen)
    image = font.render(text, True, theme.text if chosen else theme.text_dim)
    at = image.get_rect(center=rect.center)
    surface.blit(image, at)
    small = corner_key(fonts, theme.text_dim, rect, key, image, at)
    if small is not None:
        surface.blit(*small)


def _draw_list(
    surface: pygame.Surface,
    theme: Theme,
    fonts: Fonts,
    screen: StatsLayout,
    rows: ProfileList,
    view: StatsView,
) -> None:
    panel, px = screen.list_panel, screen.body_px
    draw_panel(surface, theme, panel)
    if not view.profiles:
        y = panel.centery
        empty = _("No profiles yet")
        # Translators: under "No profiles yet"; {key} is the letter of the key that makes a
        # new profile (the New button's, N in English).
        hint = _("{key} makes one").format(key=view.new_key)
        for text, bold in ((empty, True), (hint, False)):
            font = fonts.get(px, bold)
            image = font.render(text, True, theme.text_dim)
            surface.blit(image, image.get_rect(midbottom=(panel.centerx, y)))
            y += font.get_linesize()
        return
    for image, rect in rows.heads:
        surface.blit(image, rect)
    # Arrows at the panel's edge say that more of the list is above or below.
    r = max(4, screen.list_row_h // 6)
    x = panel.centerx
    if rows.more[0]:
        y = panel.top + r + 2
        pygame.draw.polygon(
            surface, theme.text_dim, [(x - r, y + r // 2), (x + r, y + r // 2), (x, y - r // 2)]
        )
    if rows.more[1]:
        y = panel.bottom - r - 2
        pygame.draw.polygon(
            surface, theme.text_dim, [(x - r, y - r // 2), (x + r, y - r // 2), (x, y + r // 2)]
        )
    font = fonts.get(px)
    small = fonts.get(px * 0.8)
    for i, rect in rows.rows:
        chosen = i == view.selected
        if chosen:
            pygame.draw.rect(surface, theme.panel_alt, rect, 0, rect.height // 5)
            pygame.draw.rect(
                surface, theme.focus, rect, max(2, rect.height // 14), rect.height // 5
            )
        elif view.hover == Row(i):
            pygame.draw.rect(surface, theme.panel_edge, rect, 1, rect.height // 5)
        name, games = view.profiles[i]
        played = ngettext("{count} game", "{count} games", games).format(count=games)
        games_image = small.render(played, True, theme.text_dim)
        room = rect.width - games_image.get_width() - 24
        bold_font = fonts.get(px, bold=True)
        use = bold_font if chosen else font
        name = shown_name(name)
        # The name comes first: where it does not fit beside its count (a longer language's
        # CPU level), the count gives way.
        beside = use.size(name)[0] <= room
        text = ellipsize(use, name, max(10, room if beside else rect.width - 20))
        image = use.render(text, True, theme.text)
        surface.blit(image, image.get_rect(midleft=(rect.left + 10, rect.centery)))
        if beside and room > 30:
            surface.blit(
                games_image, games_image.get_rect(midright=(rect.right - 10, rect.centery))
            )
