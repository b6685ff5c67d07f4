"""Where everything on the statistics screen goes: the title, the page tabs, the buttons
along the foot, and under the tabs either the profile list beside (or above, in columns) the
profile's page, or the high score page with its two choosers. The list shows the rows that
fit, scrolled so that the chosen profile is among them (`lay_list`, again whenever the
choice moves).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui.menu_layout import button_height, menu_scale, title_image
from game.ui.scroll import viewport_in

if TYPE_CHECKING:
    from game.ui.fonts import Fonts
    from game.ui.theme import Theme

NOWHERE = pygame.Rect(0, 0, 0, 0)


@dataclass(frozen=True)
class StatsLayout:
    size: tuple[int, int]
    unit: float
    body_px: float  # the pages' and the list's text size
    title: tuple[pygame.Surface, pygame.Rect] | None
    tabs: Mapping[str, pygame.Rect]  # "players", "scores"
    button_size: tuple[int, int]
    button_foot: int  # the buttons' bottom edge
    gap: int
    list_panel: pygame.Rect  # the profile list (nowhere on the high score page)
    panel: pygame.Rect  # the page's panel
    list_cols: int
    list_row_h: int
    variant_cycler: pygame.Rect | None  # the high score page's choosers
    games_cycler: pygame.Rect | None
    viewport: pygame.Rect  # the page's scrolled view inside the panel
    scroll_line: int  # px scrolled by one line step
    scroll_bar: int  # px: the scroll bar's width, as the viewport left room for it


UNPLACED = StatsLayout(
    (0, 0), 1.0, 20.0, None, {}, (0, 0), 0, 8, NOWHERE, NOWHERE, 1, 30, None, None, NOWHERE, 24, 6
)


@dataclass(frozen=True)
class ProfileList:
    """The rows of the profile list in view."""

    rows: tuple[tuple[int, pygame.Rect], ...]  # (profile index, row)
    heads: tuple[tuple[pygame.Surface, pygame.Rect], ...]  # the CPU levels' heading
    first: int  # the first entry shown when the list is longer than its panel
    more: tuple[bool, bool]  # entries hidden above, below


NO_LIST = ProfileList((), (), 0, (False, False))


def lay_out(
    theme: Theme,
    fonts: Fonts,
    size: tuple[int, int],
    *,
    players_page: bool,
    buttons: int,
    profiles: int,
    people: int,
) -> StatsLayout:
    """The screen for `profiles` profiles (the first `people` of them people's) and a row of
    `buttons` buttons, with the players' page or the high score page."""
    w, h = size
    unit, margin, gap = menu_scale(size)
    body_px = max(15.0, min(23 * h / 800, w / 32))
    title = title_image(fonts, theme, _("Statistics"), unit)
    title_rect = title.get_rect(topleft=(margin, margin))

    # The page tabs sit under the title, over the panels.
    tab_h = max(28, round(44 * unit * max(1.0, fonts.text_scale) ** 0.5))
    tab_w = min(round(220 * unit), (w - 2 * margin - gap) // 2)
    top = title_rect.bottom + gap // 2
    tabs = {
        "players": pygame.Rect(margin, top, tab_w, tab_h),
        "scores": pygame.Rect(margin + tab_w + gap // 2, top, tab_w, tab_h),
    }
    button_h = button_height(fonts, unit)
    button_w = min(round(190 * unit), (w - 2 * margin - gap * (buttons - 1)) // buttons)
    body_top = top + tab_h - 2
    body = pygame.Rect(margin, body_top, w - 2 * margin, h - margin - button_h - gap - body_top)
    pad = max(8, round(16 * unit))
    list_panel, list_cols, list_row_h = NOWHERE, UNPLACED.list_cols, UNPLACED.list_row_h
    variant_cycler = games_cycler = None
    if players_page:
        line = fonts.get(body_px).get_linesize()
        list_row_h = round(line * 1.6)
        if body.width >= body.height * 1.15:  # the list to the left of the figures
            list_w = min(max(round(body.width * 0.26), line * 10), round(body.width * 0.4))
            list_panel = pygame.Rect(body.left, body.top, list_w, body.height)
            panel = pygame.Rect(
                body.left + list_w + gap, body.top, body.width - list_w - gap, body.height
            )
            list_cols = 1
        else:  # the list above them, in columns, as tall as it needs up to a third
            list_cols = max(1, (body.width - gap) // (line * 12))
            rows = -(-max(1, len(list_entries(profiles, people, list_cols))) // list_cols)
            list_h = min(rows * list_row_h + gap, body.height // 3)
            list_panel = pygame.Rect(body.left, body.top, body.width, list_h)
            panel = pygame.Rect(
                body.left, body.top + list_h + gap, body.width, body.height - list_h - gap
            )
        top_extra = 0
    else:  # the two choosers along the panel's top
        panel = body
        ch = max(28, round(42 * unit))
        cw = min(round(280 * unit), (body.width - 3 * pad) // 2)
        variant_cycler = pygame.Rect(body.left + pad, body.top + pad, cw, ch)
        games_cycler = pygame.Rect(variant_cycler.right + pad, body.top + pad, cw, ch)
        top_extra = ch + pad
    bar = max(6, round(body_px / 3))
    return StatsLayout(
        size=size,
        unit=unit,
        body_px=body_px,
        title=(title, title_rect),
        tabs=tabs,
        button_size=(button_w, button_h),
        button_foot=h - margin,
        gap=gap,
        list_panel=list_panel,
        panel=panel,
        list_cols=list_cols,
        list_row_h=list_row_h,
        variant_cycler=variant_cycler,
        games_cycler=games_cycler,
        viewport=viewport_in(panel, pad, bar, top_extra),
        scroll_line=round(body_px * 1.3),
        scroll_bar=bar,
    )


def list_entries(profiles: int, people: int, cols: int) -> list[int]:
    """What the list shows, in order: a profile's index, or -1 for the CPU heading (in a
    single column only; in columns the CPU names speak for themselves)."""
    entries = list(range(profiles))
    if cols == 1 and people < profiles:
        entries.insert(people, -1)
    return entries


def lay_list(
    theme: Theme,
    fonts: Fonts,
    screen: StatsLayout,
    *,
    profiles: int,
    people: int,
    selected: int,
    first: int,
) -> ProfileList:
    """Place the rows that fit, scrolled from `first` so the chosen profile is among them."""
    inner = screen.list_panel.inflate(-screen.gap, -screen.gap)
    row_h, cols = screen.list_row_h, screen.list_cols
    per_col = max(1, inner.height // row_h)
    capacity = per_col * cols
    entries = list_entries(profiles, people, cols)
    if selected in entries:
        at = entries.index(selected)
        if at < first:
            first = at - (1 if at and entries[at - 1] == -1 else 0)
        elif at >= first + capacity:
            first = at - capacity + 1
    first = max(0, min(first, max(0, len(entries) - capacity)))
    visible = entries[first : first + capacity]
    col_w = inner.width // cols
    small = fonts.get(screen.body_px * 0.8, bold=True)
    rows: list[tuple[int, pygame.Rect]] = []
    heads: list[tuple[pygame.Surface, pygame.Rect]] = []
    for k, index in enumerate(visible):
        r, c = divmod(k, cols)
        rect = pygame.Rect(inner.left + c * col_w, inner.top + r * row_h, col_w - 4, row_h)
        if index < 0:
            # Translators: the heading over the CPU levels' records, in capitals.
            image = small.render(_("CPU LEVELS"), True, theme.text_dim)
            heads.append((image, image.get_rect(bottomleft=(rect.left + 6, rect.bottom - 4))))
        else:
            rows.append((index, rect))
    return ProfileList(
        tuple(rows), tuple(heads), first, (first > 0, first + capacity < len(entries))
    )
