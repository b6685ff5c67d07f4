"""Where everything on the coach's review goes: the title and the line under it saying which
game it was, the game chooser of a match, a tab per person over the panel, Back at the foot;
and the page of the chosen player, painted again when the player, the game or the window
changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.review_page import paint_page
from game.ui.menu_layout import menu_scale, title_image
from game.ui.page import render_page
from game.ui.scroll import viewport_in
from game.ui.text import ellipsize, join_names

if TYPE_CHECKING:
    from game.rules import GameConfig
    from game.scenes.review import ReviewScene


def lay_out(scene: ReviewScene, size: tuple[int, int]) -> None:
    scene.size = size
    w, h = size
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    scene.felt.fit(size, theme)
    unit, margin, gap = menu_scale(size)
    scene.unit = unit

    title = title_image(fonts, theme, "Coach's review", unit)
    title_rect = title.get_rect(topleft=(margin, margin))
    scene.title = [(title, title_rect)]
    bottom = title_rect.bottom
    cycler_h = max(26, round(40 * unit))
    if scene.games > 1:
        cw = min(round(260 * unit), w // 2 - margin)
        scene.game_cycler.rect = pygame.Rect(w - margin - cw, margin, cw, cycler_h)
        if scene.game_cycler.rect.left < title_rect.right + gap:  # narrow: under the title
            scene.game_cycler.rect.topleft = (margin, title_rect.bottom + gap // 2)
            bottom = scene.game_cycler.rect.bottom
    sub = scene.subtitle or variant_line(scene.config)
    sub_font = fonts.get(max(13, 20 * unit))
    sub_text = ellipsize(sub_font, sub, w - 2 * margin)
    image = sub_font.render(sub_text, True, theme.panel_alt)
    sub_rect = image.get_rect(topleft=(margin, bottom + gap // 3))
    scene.title.append((image, sub_rect))

    button_h = max(30, round(48 * unit))
    button_w = min(w - 2 * margin, round(200 * unit))
    scene.back.rect = pygame.Rect(0, h - margin - button_h, button_w, button_h)
    scene.back.rect.centerx = w // 2

    # One tab per person, sharing the width; a long name is cut rather than squeezed.
    tab_h = max(28, round(46 * unit * max(1.0, fonts.text_scale) ** 0.5))
    top = sub_rect.bottom + gap
    n = len(scene.people)
    tab_gap = max(3, gap // 2)
    tab_w = min(round(260 * unit), (w - 2 * margin - (n - 1) * tab_gap) // n)
    scene.tabs = [pygame.Rect(margin + i * (tab_w + tab_gap), top, tab_w, tab_h) for i in range(n)]
    panel_top = top + tab_h - 2
    scene.panel = pygame.Rect(
        margin, panel_top, w - 2 * margin, scene.back.rect.top - gap - panel_top
    )
    pad = max(8, round(18 * unit))
    # Text follows the height, but a narrow window keeps enough words to a line.
    body_px = max(15.0, min(24 * h / 800, w / 30))
    bar = max(6, round(fonts.get(body_px).get_linesize() / 2))
    viewport = viewport_in(scene.panel, pad, bar)
    scene.body_px = body_px
    scene.scroll.set_content(viewport, scene.scroll.content_height, round(body_px * 1.3))
    build_page(scene)


def build_page(scene: ReviewScene) -> None:
    """Draw the shown player's page once onto its own surface; draw() only blits it."""
    viewport = scene.scroll.viewport
    if viewport.width <= 0 or viewport.height <= 0:
        return
    pr = scene.player_review
    if pr is None:
        scene.page = None
        scene.page_rects = {}
        scene.scroll.set_content(viewport, 0, scene.scroll.line)
        return
    scene.page, height = render_page(
        lambda page: paint_page(scene, page, pr), viewport.width, scene.ctx.theme
    )
    scene.scroll.set_content(viewport, height, scene.scroll.line)


def variant_line(config: GameConfig) -> str:
    names = join_names(list(config.players))
    match = "" if config.games == 1 else f", a match of {config.games}"
    return f"{config.variant.label} rules{match}: {names}"
