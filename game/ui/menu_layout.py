"""What the full-window menu scenes lay out alike: their measures at a window size, the
title on the felt, and a row of buttons centred along the foot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.ui.layout import layout_unit

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


def title_image(fonts: Fonts, theme: Theme, text: str, unit: float) -> pygame.Surface:
    """A scene's title, large and bold in the panel colour, to sit on the felt."""
    return fonts.get(40 * unit, bold=True).render(text, True, theme.panel)


def place_button_row(
    buttons: Sequence[Button], window_w: int, bottom: int, size: tuple[int, int], gap: int
) -> None:
    """Buttons of one `size` side by side, `gap` apart, centred across a window `window_w`
    wide with their bottoms at `bottom`."""
    button_w, button_h = size
    row_w = len(buttons) * button_w + (len(buttons) - 1) * gap
    x = (window_w - row_w) // 2
    for button in buttons:
        button.rect = pygame.Rect(x, bottom - button_h, button_w, button_h)
        x += button_w + gap
