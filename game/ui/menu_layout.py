"""What the full-window menu scenes lay out alike: their measures at a window size, the
title on the felt, and a row of buttons centred along the foot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.ui.units import layout_unit, share_widths
from game.ui.widgets import button_width

if TYPE_CHECKING:
    from game.ui.fonts import Fonts
    from game.ui.theme import Theme
    from game.ui.widgets import Button


class MenuScale(NamedTuple):
    """A menu scene's measures: `unit` scales its sizes (1 in a 900x800 window), `margin`
    keeps it off the window's edge, `gap` separates its parts (px)."""

    unit: float
    margin: int
    gap: int


MENU_REFERENCE = (900, 800)  # px: the menus are designed at this window size


def menu_scale(size: tuple[int, int]) -> MenuScale:
    unit = layout_unit(size, MENU_REFERENCE)
    return MenuScale(unit, max(8, round(20 * unit)), max(6, round(12 * unit)))


BUTTON_TEXT_GROWTH = 1.5  # a button grows with the text size setting up to this much


def button_height(fonts: Fonts, unit: float, design: float = 48, least: int = 30) -> int:
    """A menu button's height: `design` px at the reference window, taller with the text
    size setting (up to BUTTON_TEXT_GROWTH), so a 200% label has the height it needs."""
    grow = min(max(1.0, fonts.text_scale), BUTTON_TEXT_GROWTH)
    return max(least, round(design * unit * grow))


def title_image(fonts: Fonts, theme: Theme, text: str, unit: float) -> pygame.Surface:
    """A scene's title, large and bold in the panel colour, to sit on the felt."""
    return fonts.get(40 * unit, bold=True).render(text, True, theme.panel)


def place_button_row(
    buttons: Sequence[Button],
    window_w: int,
    bottom: int,
    size: tuple[int, int],
    gap: int,
    fonts: Fonts | None = None,
) -> None:
    """Buttons `size` px, side by side, `gap` apart, centred across a window `window_w`
    wide with their bottoms at `bottom`. Given the `fonts`, a button whose label needs more
    width takes it from the others' room, as far as the window allows."""
    button_w, button_h = size
    widths = [button_w] * len(buttons)
    if fonts is not None:
        needs = {i: button_width(fonts, b.label, button_h) for i, b in enumerate(buttons)}
        if max(needs.values()) > button_w:
            room = window_w - (len(buttons) + 1) * gap
            row = min(room, max(len(buttons) * button_w, sum(needs.values())))
            shared = share_widths(row, dict.fromkeys(needs, 1.0), needs)
            widths = [shared[i] for i in range(len(buttons))]
    row_w = sum(widths) + (len(buttons) - 1) * gap
    x = (window_w - row_w) // 2
    for button, width in zip(buttons, widths, strict=True):
        button.rect = pygame.Rect(x, bottom - button_h, width, button_h)
        x += width + gap
