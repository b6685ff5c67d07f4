"""Where everything on the statistics screen goes: the title, the page tabs, the buttons
along the foot, and under the tabs either the profile list beside (or above, in columns) the
profile's page, or the high score page with its two choosers. The list shows the rows that
fit, scrolled so that the chosen profile is among them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.stats_pages import build_page
from game.ui.menu_layout import menu_scale, place_button_row, title_image
from game.ui.scroll import viewport_in

if TYPE_CHECKING:
    from game.scenes.stats import StatsScene


def lay_out(scene: StatsScene, size: tuple[int, int]) -> None:
    scene.size = size
    w, h = size
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    scene.felt.fit(size, theme)
    unit, margin, gap = menu_scale(size)
    scene.unit = unit
    scene.body_px = max(15.0, min(23 * h / 800, w / 32))
    title = title_image(fonts, theme, "Statistics", unit)
    scene.title = (title, title.get_rect(topleft=(margin, margin)))

    # The page tabs sit under the title, over the panels.
    tab_h = max(28, round(44 * unit * max(1.0, fonts.text_scale) ** 0.5))
    tab_w = min(round(220 * unit), (w - 2 * margin - gap) // 2)
    top = scene.title[1].bottom + gap // 2
    scene.tabs = {
        "players": pygame.Rect(margin, top, tab_w, tab_h),
        "scores": pygame.Rect(margin + tab_w + gap // 2, top, tab_w, tab_h),
    }
    buttons = scene.ring.buttons
    button_h = max(30, round(48 * unit))
    button_w = min(round(190 * unit), (w - 2 * margin - gap * (len(buttons) - 1)) // len(buttons))
    place_button_row(buttons, w, h - margin, (button_w, button_h), gap)
    body_top = top + tab_h - 2
    body = pygame.Rect(margin, body_top, w - 2 * margin, h - margin - button_h - gap - body_top)
    if scene.page_name == "players":
        _lay_players(scene, body, gap)
    else:
        scene.list_panel = pygame.Rect(0, 0, 0, 0)
        scene.list_rows, scene.list_heads = [], []
        scene.panel = body
        _lay_viewport(scene, top_extra=_lay_cyclers(scene, body))
    build_page(scene)


def _lay_players(scene: StatsScene, body: pygame.Rect, gap: int) -> None:
    line = scene.ctx.fonts.get(scene.body_px).get_linesize()
    scene.list_row_h = round(line * 1.6)
    side = body.width >= body.height * 1.15
    if side:  # the list to the left of the figures
        list_w = min(max(round(body.width * 0.26), line * 10), round(body.width * 0.4))
        scene.list_panel = pygame.Rect(body.left, body.top, list_w, body.height)
        scene.panel = pygame.Rect(
            body.left + list_w + gap, body.top, body.width - list_w - gap, body.height
        )
        scene.list_cols = 1
    else:  # the list above them, in columns, as tall as it needs up to a third
        scene.list_cols = max(1, (body.width - gap) // (line * 12))
        rows = -(-max(1, len(list_entries(scene))) // scene.list_cols)
        list_h = min(rows * scene.list_row_h + gap, body.height // 3)
        scene.list_panel = pygame.Rect(body.left, body.top, body.width, list_h)
        scene.panel = pygame.Rect(
            body.left, body.top + list_h + gap, body.width, body.height - list_h - gap
        )
    scene.list_gap = gap
    lay_list(scene)
    _lay_viewport(scene, top_extra=0)


def list_entries(scene: StatsScene) -> list[int]:
    """What the list shows, in order: a profile's index, or -1 for the CPU heading (in a
    single column only; in columns the CPU names speak for themselves)."""
    entries = list(range(len(scene.names)))
    if scene.list_cols == 1 and scene.people < len(scene.names):
        entries.insert(scene.people, -1)
    return entries


def lay_list(scene: StatsScene) -> None:
    """Place the rows that fit, scrolled so the chosen profile is among them."""
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    inner = scene.list_panel.inflate(-scene.list_gap, -scene.list_gap)
    row_h, cols = scene.list_row_h, scene.list_cols
    per_col = max(1, inner.height // row_h)
    capacity = per_col * cols
    entries = list_entries(scene)
    if scene.selected in entries:
        at = entries.index(scene.selected)
        if at < scene.list_first:
            scene.list_first = at - (1 if at and entries[at - 1] == -1 else 0)
        elif at >= scene.list_first + capacity:
            scene.list_first = at - capacity + 1
    scene.list_first = max(0, min(scene.list_first, max(0, len(entries) - capacity)))
    visible = entries[scene.list_first : scene.list_first + capacity]
    scene.list_more = (scene.list_first > 0, scene.list_first + capacity < len(entries))
    col_w = inner.width // cols
    small = fonts.get(scene.body_px * 0.8, bold=True)
    scene.list_rows, scene.list_heads = [], []
    for k, index in enumerate(visible):
        r, c = divmod(k, cols)
        rect = pygame.Rect(inner.left + c * col_w, inner.top + r * row_h, col_w - 4, row_h)
        if index < 0:
            image = small.render("CPU LEVELS", True, theme.text_dim)
            scene.list_heads.append(
                (image, image.get_rect(bottomleft=(rect.left + 6, rect.bottom - 4)))
            )
        else:
            scene.list_rows.append((index, rect))


def _lay_cyclers(scene: StatsScene, body: pygame.Rect) -> int:
    """The high score page's two choosers along the panel's top; returns their height."""
    pad = max(8, round(16 * scene.unit))
    h = max(28, round(42 * scene.unit))
    w = min(round(280 * scene.unit), (body.width - 3 * pad) // 2)
    scene.variant_cycler.rect = pygame.Rect(body.left + pad, body.top + pad, w, h)
    scene.games_cycler.rect = pygame.Rect(
        scene.variant_cycler.rect.right + pad, body.top + pad, w, h
    )
    return h + pad


def _lay_viewport(scene: StatsScene, top_extra: int) -> None:
    pad = max(8, round(16 * scene.unit))
    bar = max(6, round(scene.body_px / 3))
    viewport = viewport_in(scene.panel, pad, bar, top_extra)
    scene.scroll.set_content(viewport, scene.scroll.content_height, round(scene.body_px * 1.3))
