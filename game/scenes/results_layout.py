"""Where everything on the results screen goes: the title, the banner (the trophy and the
verdict), the final scores and, for a match or teams, the match table, side by side in a
wide window; the buttons at the foot. Every text is rendered here, once, for draw() to
blit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules import Phase
from game.scenes.results_summary import card_rows, match_rows
from game.ui.celebration import draw_trophy
from game.ui.menu_layout import place_button_row, title_image
from game.ui.text import ellipsize, fitted_px

if TYPE_CHECKING:
    from game.scenes.results import ResultsScene


def lay_out(scene: ResultsScene, size: tuple[int, int]) -> None:
    scene.size = size
    w, h = size
    scene.felt.fit(size, scene.ctx.theme)
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    config, state = scene.session.config, scene.session.state
    unit = max(0.5, min(w / 1100, h / 800))
    margin = max(8, round(20 * unit))
    gap = max(6, round(14 * unit))
    pad = max(6, round(14 * unit))
    scene.texts, scene.tables, scene.stripes, scene.highlights = [], [], [], []

    # Title on the felt.
    if state.phase is Phase.MATCH_OVER and config.games > 1:
        title = "Match over"
    elif config.games > 1:
        title = f"Game {len(state.results)} of {config.games}"
    else:
        title = "Game over"
    image = title_image(fonts, theme, title, unit)
    title_rect = image.get_rect(midtop=(w // 2, margin))
    scene.texts.append((image, title_rect))

    # Buttons at the foot.
    button_h = max(30, round(50 * unit))
    button_w = min(round(240 * unit), (w - 2 * margin - gap) // len(scene.buttons))
    place_button_row(scene.buttons, w, h - margin, (button_w, button_h), gap)

    # What goes in between: the banner, then one or two tables.
    top = title_rect.bottom + gap
    bottom = h - margin - button_h - gap
    avail = bottom - top
    width = min(w - 2 * margin, round(1200 * unit))
    left = (w - width) // 2
    cards = card_rows(scene.session, scene.column_colour)
    teams_differ = config.competitors != tuple((c,) for c in range(len(config.columns)))
    match = (
        match_rows(scene.session, scene.competitor_colour)
        if config.games > 1 or teams_differ
        else None
    )
    side = match is not None and w >= 1.2 * h
    banner_h = max(48, min(round(avail * 0.22), round(130 * unit)))
    tables = [cards] if match is None else [cards, match]
    lines = [len(rows) for rows in tables]  # the caption shares the header's line
    row_px = 40 * max(unit, min(w / 900, h / 1000)) * max(1.0, fonts.text_scale)
    if side:
        room = avail - banner_h - gap - 2 * pad
        rh = max(14, min(round(row_px), room // max(lines)))
        heights = [max(lines) * rh + 2 * pad] * 2
    else:
        room = avail - banner_h - gap * len(tables) - 2 * pad * len(tables)
        rh = max(14, min(round(row_px), room // sum(lines)))
        heights = [n * rh + 2 * pad for n in lines]
    content = banner_h + gap + (heights[0] if side else sum(heights) + gap * (len(heights) - 1))
    y = top + max(0, (avail - content) // 2)

    scene.banner = pygame.Rect(left, y, width, banner_h)
    _lay_banner(scene, unit, pad, gap)
    y = scene.banner.bottom + gap
    if side:
        left_w = round((width - gap) * 0.55)
        _lay_table(scene, pygame.Rect(left, y, left_w, heights[0]), cards, "Final scores", rh, pad)
        _lay_table(
            scene,
            pygame.Rect(left + left_w + gap, y, width - left_w - gap, heights[1]),
            match,
            "Match",
            rh,
            pad,
        )
    else:
        for rows, height, caption in zip(tables, heights, ("Final scores", "Match"), strict=False):
            _lay_table(scene, pygame.Rect(left, y, width, height), rows, caption, rh, pad)
            y += height + gap


def _lay_banner(scene: ResultsScene, unit: float, pad: int, gap: int) -> None:
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    trophy_h = scene.banner.height - 2 * pad
    scene.trophy = pygame.Rect(
        scene.banner.left + pad * 2, scene.banner.top + pad, round(trophy_h * 0.85), trophy_h
    )
    # Drawn large and scaled down: pygame's shapes have no anti-aliasing of their own.
    big = pygame.Surface((scene.trophy.width * 4, scene.trophy.height * 4), pygame.SRCALPHA)
    colours = [scene.competitor_colour(i) for i in scene.verdict.winners]
    draw_trophy(big, big.get_rect(), colours, theme)
    scene.trophy_image = pygame.transform.smoothscale(big, scene.trophy.size) if colours else None
    text_left = scene.trophy.right + pad * 2
    text_w = scene.banner.right - pad - text_left
    head_px = min(40 * unit, fitted_px(fonts, scene.banner.height * 0.34))
    head_font = fonts.fit(scene.verdict.headline, head_px, text_w, bold=True)
    detail_font = fonts.fit(scene.verdict.detail, min(22 * unit, head_px * 0.6), text_w)
    head = head_font.render(scene.verdict.headline, True, theme.text)
    detail = detail_font.render(
        ellipsize(detail_font, scene.verdict.detail, text_w), True, theme.text_dim
    )
    block = head.get_height() + detail.get_height() + gap // 3
    y = scene.banner.centery - block // 2
    scene.texts.append((head, head.get_rect(topleft=(text_left, y))))
    y += head.get_height() + gap // 3
    scene.texts.append((detail, detail.get_rect(topleft=(text_left, y))))


def _lay_table(
    scene: ResultsScene, rect: pygame.Rect, rows, caption: str, rh: int, pad: int
) -> None:
    """Place a table's texts in `rect`: a caption, a header, then the rows."""
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    scene.tables.append(rect)
    inner = rect.inflate(-2 * pad, -2 * pad)
    text_px = fitted_px(fonts, rh * 0.62)
    cells = len(rows[0][2])
    name_w = round(inner.width * (0.3 if cells <= 5 else 0.26))
    caption_font = fonts.fit(caption, text_px * 1.1, name_w - 8, bold=True)
    image = caption_font.render(caption, True, theme.text)
    scene.texts.append((image, image.get_rect(midleft=(inner.left, inner.top + rh // 2))))
    cell_w = (inner.width - name_w) / cells
    body = fonts.get(text_px)
    strong = fonts.get(text_px, bold=True)
    y = inner.top  # the header line, with the caption at its left

    def cell(i: int) -> pygame.Rect:
        return pygame.Rect(round(inner.left + name_w + i * cell_w), y, round(cell_w), rh)

    for index, (name, colour, values, winner) in enumerate(rows):
        row = pygame.Rect(inner.left, y, inner.width, rh)
        if index == 0:
            for i, value in enumerate(values):
                _lay_head(scene, cell(i), value, text_px * 0.82)
            y += rh
            continue
        if winner:
            scene.highlights.append(row)
        stripe = pygame.Rect(row.left + 4, row.top + rh // 5, max(4, rh // 5), rh - 2 * (rh // 5))
        scene.stripes.append((stripe, colour or theme.text))
        font = strong if winner else body
        label = ellipsize(font, name, name_w - stripe.width - 16)
        image = font.render(label, True, theme.text)
        scene.texts.append((image, image.get_rect(midleft=(stripe.right + 8, row.centery))))
        for i, value in enumerate(values):
            last = i == len(values) - 1
            image = (strong if last else body).render(value, True, theme.text)
            box = cell(i)
            scene.texts.append((image, image.get_rect(midright=(box.right - 6, box.centery))))
        y += rh


def _lay_head(scene: ResultsScene, box: pygame.Rect, text: str, px: float) -> None:
    """A column heading, right-aligned; on two lines when one is too narrow."""
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    room = box.width - 6
    font = fonts.get(px)
    parts = [text]
    if font.size(text)[0] > room and " " in text:
        parts = text.split(" ", 1)
        px = min(px, fitted_px(fonts, box.height * 0.62))
    font = fonts.fit(max(parts, key=len), px, room)
    line = font.get_linesize()
    y = box.centery - line * len(parts) // 2
    for part in parts:
        image = font.render(part, True, theme.text_dim)
        scene.texts.append((image, image.get_rect(topright=(box.right - 6, y))))
        y += line
