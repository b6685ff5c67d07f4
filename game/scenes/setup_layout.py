"""Where everything on the setup screen goes: the title, the seats panel (a row per seat,
sized so a full table of eight fits) and the rules panel beside it when the window is wide
enough, else below it; the buttons and the status line at the foot."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.config import MAX_PLAYERS
from game.ui.forms import Cycler, FormButton
from game.ui.menu_layout import title_image
from game.ui.text import fitted_px

if TYPE_CHECKING:
    from game.scenes.setup import SetupScene

ROW_SHARE_GAP = 0.22  # gap between rows, of a row's height
SEAT_WEIGHTS = {"name": 3.0, "kind": 2.9, "colour": 2.6, "team": 1.3}


def lay_out(scene: SetupScene, size: tuple[int, int], focus_key: object = None) -> None:
    if focus_key is None and scene.grid.focused is not None:
        focus_key = getattr(scene.grid.focused, "key", None)
    scene.size = size
    w, h = size
    scene.felt.fit(size, scene.ctx.theme)
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    unit = max(0.5, min(w / 900, h / 800))
    scene.unit = unit
    margin = max(8, round(22 * min(w / 1280, h / 800)))
    gap = max(6, round(14 * unit))
    pad = max(6, round(14 * unit))
    # Seats left and rules right when there is width for both (larger text needs more);
    # else the rules go below the seats.
    side = w >= 1.3 * h and w >= 960 * max(1.0, fonts.text_scale)

    # The title at the top, the buttons (with the status line between them) at the foot.
    title = title_image(fonts, theme, "New game", unit)
    title_rect = title.get_rect(topleft=(margin + pad, margin))
    scene.texts = [(title, title_rect)]
    button_h = max(30, round(50 * unit))
    button_w = min(round(220 * unit), (w - 2 * margin - gap) // 2)
    by = h - margin - button_h
    scene.back.rect = pygame.Rect(margin, by, button_w, button_h)
    scene.start_button.rect = pygame.Rect(w - margin - button_w, by, button_w, button_h)
    scene.status_font = fonts.get(max(11, 19 * unit))
    status_h = scene.status_font.get_linesize() * 2
    between = scene.start_button.rect.left - scene.back.rect.right - 2 * gap
    if between >= 18 * scene.status_font.size("M")[0]:
        scene.status_rect = pygame.Rect(scene.back.rect.right + gap, by, between, button_h)
        bottom = by - gap
    else:
        scene.status_rect = pygame.Rect(margin, by - gap // 2 - status_h, w - 2 * margin, status_h)
        bottom = scene.status_rect.top - gap // 2
    top = title_rect.bottom + gap
    avail = bottom - top

    # Row height: what a full table (8 seats) needs to fit, no more than reads well.
    header_share = 0.75  # a panel's title line, in rows
    seats_w = round((w - 2 * margin - gap) * 0.6) if side else w - 2 * margin
    rules_w = w - 2 * margin - gap - seats_w if side else seats_w
    option_cols = 1
    if not side:
        cell = max(170, round(280 * unit))
        option_cols = max(1, min(3, (rules_w - 2 * pad + gap) // (cell + gap)))
    option_rows = -(-len(scene.option_controls) // option_cols)
    seat_rows = MAX_PLAYERS  # a full table, or seven seats and the Add button
    if side:
        rows = max(seat_rows + header_share, option_rows + header_share)
        fixed = 2 * pad
    else:
        rows = seat_rows + option_rows + 2 * header_share
        fixed = 4 * pad + gap
    fit = (avail - fixed) / (rows + (rows - 1) * ROW_SHARE_GAP)
    # Larger text asks for taller rows, as far as the window lets them grow.
    scale = max(1.0, fonts.text_scale)
    ideal = min(60 * h / 800, (seats_w - 2 * pad) / 16) * scale
    rh = max(18, int(min(ideal, fit)))
    rg = max(3, round(rh * ROW_SHARE_GAP))
    header_h = round(rh * header_share)
    scene.row_h = rh

    def panel_height(n_rows: int) -> int:
        return 2 * pad + header_h + rg + n_rows * (rh + rg) - rg

    # The seats panel.
    n = len(scene.seats)
    seats_panel = pygame.Rect(margin, top, seats_w, panel_height(n + (1 if n < MAX_PLAYERS else 0)))
    inner = seats_panel.inflate(-2 * pad, -2 * pad)
    scene.players_label = pygame.Rect(inner.left, inner.top, inner.width, header_h)
    y = inner.top + header_h + rg
    scene.seat_rows = []
    bgap = max(3, rh // 5)
    for row in scene.seat_controls:
        rect = pygame.Rect(inner.left, y, inner.width, rh)
        scene.seat_rows.append(rect)
        x = rect.left + rh + bgap  # after the seat's numbered badge
        remove = [c for c in row if isinstance(c, FormButton)]
        fields = [c for c in row if not isinstance(c, FormButton)]
        room = rect.right - x - (rh + bgap if remove else 0) - bgap * (len(fields) - 1)
        weights = [SEAT_WEIGHTS[c.key[0]] for c in fields]
        for control, weight in zip(fields, weights, strict=True):
            width = round(room * weight / sum(weights))
            control.rect = pygame.Rect(x, y, width, rh)
            x += width + bgap
        for control in remove:
            control.rect = pygame.Rect(rect.right - rh, y, rh, rh)
        y += rh + rg
    scene.add_button.rect = pygame.Rect(
        inner.left + rh + bgap, y, min(inner.width // 2, round(rh * 6)), rh
    )
    scene.column_heads = _seat_heads(scene, fonts, theme, header_h)

    # The rules panel.
    if side:
        rules_panel = pygame.Rect(seats_panel.right + gap, top, rules_w, 0)
    else:
        rules_panel = pygame.Rect(margin, seats_panel.bottom + gap, rules_w, 0)
    col_w = (rules_w - 2 * pad - (option_cols - 1) * gap) // option_cols
    oy = rules_panel.top + pad + header_h + rg
    option_grid: list[list[Cycler]] = []
    for i, control in enumerate(scene.option_controls):
        r, c = divmod(i, option_cols)
        if c == 0:
            option_grid.append([])
        control.rect = pygame.Rect(
            rules_panel.left + pad + c * (col_w + gap), oy + r * (rh + rg), col_w, rh
        )
        control.label_width = round(col_w * 0.4)
        option_grid[-1].append(control)
    rules_panel.height = panel_height(len(option_grid))
    scene.rules_label = pygame.Rect(
        rules_panel.left + pad, rules_panel.top + pad, rules_w - 2 * pad, header_h
    )
    scene.panels = [seats_panel, rules_panel]

    rows_for_grid: list[list] = [list(row) for row in scene.seat_controls]
    if scene.add_button.enabled:
        rows_for_grid.append([scene.add_button])
    rows_for_grid.extend(option_grid)
    rows_for_grid.append([scene.back, scene.start_button])
    scene.grid.set_rows(rows_for_grid, focus_key)


def _seat_heads(
    scene: SetupScene, fonts, theme, header_h: int
) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """The small titles over the seat columns, placed over the first seat's controls."""
    heads: list[tuple[pygame.Surface, pygame.Rect]] = []
    if not scene.seat_controls:
        return heads
    font = fonts.get(fitted_px(fonts, max(10, header_h * 0.62)))
    titles = {"kind": "Plays", "colour": "Colour", "team": "Team"}
    for control in scene.seat_controls[0]:
        key = getattr(control, "key", None)
        if not isinstance(key, tuple) or key[0] not in titles:
            continue
        image = font.render(titles[key[0]], True, theme.text_dim)
        rect = image.get_rect(bottomleft=(control.rect.left + 4, scene.players_label.bottom))
        heads.append((image, rect))
    return heads
