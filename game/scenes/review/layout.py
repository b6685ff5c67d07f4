"""Where everything on the coach's review goes: the title and the line under it saying which
game it was, the game chooser of a match, a tab per person over the panel, Back at the foot,
and the scrolled view of the chosen player's page inside the panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, translate
from game.ui.menu_layout import button_height, menu_scale, title_image
from game.ui.scroll import viewport_in
from game.ui.text import ellipsize, join_names

if TYPE_CHECKING:
    from game.rules import GameConfig
    from game.ui.fonts import Fonts
    from game.ui.theme import Theme

NOWHERE = pygame.Rect(0, 0, 0, 0)


@dataclass(frozen=True)
class ReviewLayout:
    size: tuple[int, int]
    unit: float
    title: tuple[tuple[pygame.Surface, pygame.Rect], ...]  # the title, the line under it
    game_cycler: pygame.Rect | None  # the game chooser, for a match only
    back: pygame.Rect
    tabs: tuple[pygame.Rect, ...]  # one per person
    panel: pygame.Rect
    viewport: pygame.Rect  # the page's scrolled view inside the panel
    body_px: float  # the page's text size
    scroll_line: int  # px scrolled by one line step
    scroll_bar: int  # px: the scroll bar's width, as the viewport left room for it


UNPLACED = ReviewLayout((0, 0), 1.0, (), None, NOWHERE, (), NOWHERE, NOWHERE, 20.0, 24, 6)


def lay_out(
    theme: Theme,
    fonts: Fonts,
    size: tuple[int, int],
    *,
    subtitle: str,
    games: int,
    people: int,
) -> ReviewLayout:
    w, h = size
    unit, margin, gap = menu_scale(size)

    title = title_image(fonts, theme, _("Coach's review"), unit)
    title_rect = title.get_rect(topleft=(margin, margin))
    bottom = title_rect.bottom
    cycler = None
    cycler_h = max(26, round(40 * unit))
    if games > 1:
        cw = min(round(260 * unit), w // 2 - margin)
        cycler = pygame.Rect(w - margin - cw, margin, cw, cycler_h)
        if cycler.left < title_rect.right + gap:  # narrow: under the title
            cycler.topleft = (margin, title_rect.bottom + gap // 2)
            bottom = cycler.bottom
    sub_font = fonts.get(max(13, 20 * unit))
    sub_text = ellipsize(sub_font, subtitle, w - 2 * margin)
    sub = sub_font.render(sub_text, True, theme.panel_alt)
    sub_rect = sub.get_rect(topleft=(margin, bottom + gap // 3))

    button_h = button_height(fonts, unit)
    button_w = min(w - 2 * margin, round(200 * unit))
    back = pygame.Rect(0, h - margin - button_h, button_w, button_h)
    back.centerx = w // 2

    # One tab per person, sharing the width; a long name is cut rather than squeezed.
    tab_h = max(28, round(46 * unit * max(1.0, fonts.text_scale) ** 0.5))
    top = sub_rect.bottom + gap
    tab_gap = max(3, gap // 2)
    tab_w = min(round(260 * unit), (w - 2 * margin - (people - 1) * tab_gap) // people)
    tabs = tuple(
        pygame.Rect(margin + i * (tab_w + tab_gap), top, tab_w, tab_h) for i in range(people)
    )
    panel_top = top + tab_h - 2
    panel = pygame.Rect(margin, panel_top, w - 2 * margin, back.top - gap - panel_top)
    pad = max(8, round(18 * unit))
    # Text follows the height, but a narrow window keeps enough words to a line.
    body_px = max(15.0, min(24 * h / 800, w / 30))
    bar = max(6, round(fonts.get(body_px).get_linesize() / 2))
    return ReviewLayout(
        size=size,
        unit=unit,
        title=((title, title_rect), (sub, sub_rect)),
        game_cycler=cycler,
        back=back,
        tabs=tabs,
        panel=panel,
        viewport=viewport_in(panel, pad, bar),
        body_px=body_px,
        scroll_line=round(body_px * 1.3),
        scroll_bar=bar,
    )


def variant_line(config: GameConfig) -> str:
    """'Official rules, a match of 3: Ann, Bob and Cy': the line under the title."""
    names = join_names(list(config.players))
    variant = translate(config.variant.label)
    if config.games == 1:
        # Translators: the line under the review's title; {names} lists the players.
        return _("{variant} rules: {names}").format(variant=variant, names=names)
    return _("{variant} rules, a match of {games}: {names}").format(
        variant=variant, games=config.games, names=names
    )
