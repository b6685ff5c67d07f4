"""Tabs over a panel, as the coach's review (one per person) and the statistics (Players,
High scores) show them: rounded on top, the chosen one in the panel's colour, underlined and
open into the panel, so it is told by shape and not by colour alone."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.theme import Theme


def draw_tab(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    chosen: bool,
    hovered: bool,
    draw_label: Callable[[], None],
) -> None:
    """One tab: its face and edge (the focus colour under the mouse), then `draw_label` puts
    its words on it, then the chosen tab's underline goes over them."""
    radius = max(4, rect.height // 4)
    fill = theme.panel if chosen else theme.panel_alt
    pygame.draw.rect(surface, fill, rect, 0, radius, radius, radius, 0, 0)
    edge = theme.focus if hovered and not chosen else theme.panel_edge
    pygame.draw.rect(surface, edge, rect, 2, radius, radius, radius, 0, 0)
    draw_label()
    if chosen:
        mark = pygame.Rect(rect.left + 8, rect.bottom - 6, rect.width - 16, 3)
        pygame.draw.rect(surface, theme.accent, mark)


def open_into_panel(
    surface: pygame.Surface, theme: Theme, tab: pygame.Rect, panel: pygame.Rect
) -> None:
    """The chosen tab opens into the panel under it: no edge between them (drawn after the
    panel)."""
    pygame.draw.rect(surface, theme.panel, (tab.left + 2, panel.top, tab.width - 4, 3))
