"""Drawing the coach's review from its layout and what it shows: the felt and title, the game
chooser, the tabs (a stripe of each player's colour and the points their decisions lost),
the page in view, or while the coach works a spinner ("Analysing"). Drawing changes
nothing."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import format_number
from game.scenes.list_screen import Hit, Row
from game.ui.tabs import draw_tab, open_into_panel
from game.ui.text import ellipsize, fitted_px, wrap_text
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.scenes.review.layout import ReviewLayout
    from game.ui.fonts import Fonts
    from game.ui.forms import Cycler
    from game.ui.scroll import ScrollView
    from game.ui.theme import Colour, Theme
    from game.ui.widgets import Button, FeltBackground

SPINNER_DOTS = 8
SPINNER_SPEED = 1.2  # turns per second


@dataclass(frozen=True)
class TabLabel:
    name: str
    colour: int  # the seat's colour index
    lost: float | None  # expected points the player's decisions lost, once analysed


@dataclass(frozen=True)
class ReviewView:
    """What the review shows this frame, and the widgets that draw themselves."""

    felt: FeltBackground
    scroll: ScrollView
    back: Button
    game_cycler: Cycler | None  # for a match only
    tabs: tuple[TabLabel, ...]
    tab: int  # the chosen tab
    hover: Hit | None  # the tab or control under the mouse
    page: pygame.Surface | None  # the chosen player's page, once analysed
    notice: str  # said instead of the page: why there is none, or that the coach works
    failed: bool  # the notice is the coach's failure
    analysing: bool  # the coach is at work: a spinner turns
    age: float  # s since the scene opened: the spinner's turn


def draw_review(
    surface: pygame.Surface, theme: Theme, fonts: Fonts, layout: ReviewLayout, view: ReviewView
) -> None:
    view.felt.draw(surface, theme)
    for image, rect in layout.title:
        surface.blit(image, rect)
    if view.game_cycler is not None:
        view.game_cycler.draw(surface, theme, fonts, view.hover is view.game_cycler)
    for i, rect in enumerate(layout.tabs):
        selected = i == view.tab
        label = partial(_draw_tab_label, surface, theme, fonts, rect, view.tabs[i], selected)
        draw_tab(surface, theme, rect, selected, view.hover == Row(i), label)
    draw_panel(surface, theme, layout.panel)
    if layout.tabs:
        open_into_panel(surface, theme, layout.tabs[view.tab], layout.panel)
    scroll = view.scroll
    if view.page is not None:
        scroll.blit_content(surface, view.page)
        scroll.draw_bar(surface, theme)
    else:
        _draw_waiting(surface, theme, fonts, layout.body_px, scroll.viewport, view)
    view.back.draw(surface, theme, fonts, True)


def _draw_tab_label(
    surface: pygame.Surface,
    theme: Theme,
    fonts: Fonts,
    rect: pygame.Rect,
    tab: TabLabel,
    selected: bool,
) -> None:
    """A stripe of the player's colour, the name and the points their decisions lost."""
    stripe = pygame.Rect(
        rect.left + 8,
        rect.top + rect.height // 4,
        max(4, rect.height // 6),
        rect.height // 2,
    )
    pygame.draw.rect(surface, theme.player(tab.colour), stripe, 0, stripe.width // 2)
    loss = f"  -{format_number(tab.lost, 1)}" if tab.lost is not None else ""
    px = fitted_px(fonts, rect.height * 0.46)
    font = fonts.get(px, bold=selected)
    room = rect.right - stripe.right - 14
    text = ellipsize(font, tab.name + loss, room)
    if loss and not text.endswith(loss):
        text = ellipsize(font, tab.name, room)
    image = font.render(text, True, theme.text if selected else theme.text_dim)
    surface.blit(image, image.get_rect(midleft=(stripe.right + 8, rect.centery)))


def _draw_waiting(
    surface: pygame.Surface,
    theme: Theme,
    fonts: Fonts,
    px: float,
    view: pygame.Rect,
    shown: ReviewView,
) -> None:
    if shown.failed:
        font = fonts.get(px)
        y = view.top + view.height // 3
        for text in wrap_text(font, shown.notice, view.width):
            image = font.render(text, True, theme.warn)
            surface.blit(image, image.get_rect(midtop=(view.centerx, y)))
            y += font.get_linesize()
        return
    font = fonts.get(px * 1.2, bold=True)
    text = ellipsize(font, shown.notice, view.width)
    image = font.render(text, True, theme.text)
    rect = image.get_rect(center=(view.centerx, view.centery + font.get_linesize()))
    surface.blit(image, rect)
    if shown.analysing:
        radius = max(10, font.get_linesize())
        draw_spinner(
            surface,
            (view.centerx, rect.top - radius * 2),
            radius,
            shown.age * SPINNER_SPEED,
            theme.accent,
        )


def draw_spinner(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, turn: float, ink: Colour
) -> None:
    """Dots round a circle, the leading one darkest: work is going on."""
    for i in range(SPINNER_DOTS):
        angle = (turn + i / SPINNER_DOTS) * math.tau
        x = centre[0] + math.cos(angle) * radius
        y = centre[1] + math.sin(angle) * radius
        r = max(2, round(radius * (0.12 + 0.16 * i / SPINNER_DOTS)))
        pygame.draw.circle(surface, ink, (round(x), round(y)), r)
