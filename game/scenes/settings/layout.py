"""Where everything on the settings screen goes: the title, the list in one or two columns
(Keys on the right when both fit whole), each row's label and controls, and the footer of
Back, the status line and Reset all. Rows keep their place in the list's content; the
controls' rects follow the scroll (`place_controls`), so hit tests see what is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.settings_rows import KEY_SLOTS, KeySlot, Row, SettingControl
from game.ui.menu_layout import menu_scale, title_image
from game.ui.scroll import viewport_in
from game.ui.text import wrap_text

if TYPE_CHECKING:
    from game.scenes.settings import SettingsScene


def lay_out(scene: SettingsScene, size: tuple[int, int]) -> None:
    focus_key = getattr(scene.grid.focused, "key", None)
    scene.size = size
    w, h = size
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    scale = fonts.text_scale
    scene.felt.fit(size, theme)
    unit, margin, gap = menu_scale(size)

    # The list's text is sized from the window, then scaled by the text size setting.
    body_px = max(18.0, 24 * unit)
    body = fonts.get(body_px)
    head_font = fonts.get(body_px * 1.2, bold=True)
    em = body.size("M")[0]
    line = body.get_linesize()
    scene.body_font, scene.head_font, scene.body_px = body, head_font, body_px
    ch = max(22, round(body_px * scale * 1.75))  # a control's height
    scene.marker_w = max(10, round(ch * 0.45))
    pad = max(6, round(16 * unit))
    bar_w = max(6, line // 2)
    label_need = max(body.size(r.label)[0] for r in scene.rows if not r.heading)
    column_need = scene.marker_w + label_need + em * 2 + max(round(em * 13), ch * 5)
    col_gap = round(em * 3)
    room = w - 2 * margin - 2 * pad - 2 * bar_w
    # Two columns (Keys on the right) when both fit whole, else one scrolling list;
    # either way no wider than reads well.
    columns = 2 if room >= 2 * column_need + col_gap else 1
    limit = em * (100 if columns == 2 else 58)
    panel_w = min(w - 2 * margin, round(limit) + 2 * pad + 2 * bar_w)
    left = (w - panel_w) // 2

    title = title_image(fonts, theme, "Settings", unit)
    scene.title = (title, title.get_rect(topleft=(left, margin)))

    # The footer, under the panel's edges: Back, the status line, Reset all. Button text
    # follows the text size.
    button_h = max(30, round(44 * unit * max(1.0, scale)))
    label_font = fonts.get(button_h * 0.45 / max(1.0, scale), bold=True)
    # draw_button sizes the small key hint from the button's height and scales it by the
    # text size again: on a button already grown with the text it would cover the label.
    scene.back.hint = scene.ctx.input.label("pause") if scale <= 1.0 else ""
    widths = [label_font.size(b.label)[0] + button_h * 1.3 for b in (scene.back, scene.reset_all)]
    if sum(widths) > panel_w - gap:
        widths = [wd * (panel_w - gap) / sum(widths) for wd in widths]
    by = h - margin - button_h
    scene.back.rect = pygame.Rect(left, by, round(widths[0]), button_h)
    scene.reset_all.rect = pygame.Rect(0, by, round(widths[1]), button_h)
    scene.reset_all.rect.right = left + panel_w
    scene.status_font = fonts.get(max(14, 19 * unit))
    status_h = scene.status_font.get_linesize() * 2
    between = scene.reset_all.rect.left - scene.back.rect.right - 2 * gap
    if between >= 20 * scene.status_font.size("M")[0] and status_h <= button_h + gap:
        scene.status_rect = pygame.Rect(scene.back.rect.right + gap, by, between, button_h)
        bottom = by - gap
    else:
        scene.status_rect = pygame.Rect(left, by - gap // 2 - status_h, panel_w, status_h)
        bottom = scene.status_rect.top - gap // 2

    top = scene.title[1].bottom + gap // 2
    scene.panel = pygame.Rect(left, top, panel_w, max(40, bottom - top))
    viewport = viewport_in(scene.panel, pad, bar_w)
    col_w = (viewport.width - (columns - 1) * col_gap) // columns
    keys_at = next(i for i, r in enumerate(scene.rows) if r.heading and r.label == "Keys")
    scene.content_rects = {}
    scene.row_indent = {}
    scene.key_heads = []
    bottoms = []
    for c in range(columns):
        if columns == 1:
            part = scene.rows
        else:
            part = scene.rows[:keys_at] if c == 0 else scene.rows[keys_at:]
        x0 = c * (col_w + col_gap)
        bottoms.append(_lay_column(scene, part, x0, col_w, ch, em, line))
    scene.scroll.set_content(viewport, max(bottoms) + pad // 2, max(line, ch // 2))
    place_controls(scene)

    grid_rows: list[list] = [list(r.controls) for r in scene.rows if r.controls]
    grid_rows.append([scene.back, scene.reset_all])
    scene.grid.set_rows(grid_rows, focus_key)
    reveal(scene, scene.grid.focused)


def _lay_column(
    scene: SettingsScene, rows: list[Row], x0: int, width: int, ch: int, em: int, line: int
) -> int:
    """Place `rows` in a column of the list's content; returns the column's bottom.

    Labels sit left of their controls, on up to two lines, when every label fits so;
    else (a narrow window at a large text size) each label goes above its control."""
    body = scene.body_font
    rgap = max(3, round(ch * 0.2))
    control_w = min(width - scene.marker_w, max(round(em * 13), ch * 5, round(width * 0.42)))

    def indent(row: Row) -> int:
        return scene.marker_w + (em * 2 if row.indent else 0)

    label_room = width - control_w - em
    side = all(
        len(wrap_text(body, r.label, label_room - indent(r))) <= 2
        and body.size(max(r.label.split(), key=len, default=""))[0] <= label_room - indent(r)
        for r in rows
        if not r.heading
    )
    if side:
        control_x = x0 + width - control_w
    else:
        control_x, control_w = x0 + scene.marker_w, width - scene.marker_w
    slot_gap = max(4, round(em * 0.6))
    slot_w = (control_w - slot_gap) // KEY_SLOTS
    y = 0
    for i, row in enumerate(rows):
        if row.heading:
            y += 0 if i == 0 else round(line * 0.9)
            hh = scene.head_font.get_linesize() + max(4, line // 3)
            row.content = pygame.Rect(x0, y, width, hh)
            if row.label == "Keys":
                scene.key_heads = [
                    ("Key", control_x + slot_w // 2),
                    ("Second key", control_x + slot_w + slot_gap + slot_w // 2),
                ]
            y += hh + rgap
            continue
        left = indent(row)
        scene.row_indent[id(row)] = x0 + left
        if side:
            row.label_width = label_room - left
            texts = wrap_text(body, row.label, row.label_width) if row.label else []
            row_h = max(ch, len(texts) * line)
            top = y + (row_h - len(texts) * line) // 2
            row.label_lines = [(t, top + k * line) for k, t in enumerate(texts)]
            control_top = y + (row_h - ch) // 2
        else:
            row.label_width = width - left
            texts = wrap_text(body, row.label, row.label_width) if row.label else []
            row.label_lines = [(t, y + k * line) for k, t in enumerate(texts)]
            control_top = y + len(texts) * line + (max(2, rgap // 2) if texts else 0)
            row_h = control_top - y + ch
        row.content = pygame.Rect(x0, y, width, row_h)
        if isinstance(row.controls[0], KeySlot):
            for k, control in enumerate(row.controls):
                scene.content_rects[id(control)] = pygame.Rect(
                    control_x + k * (slot_w + slot_gap), control_top, slot_w, ch
                )
        else:
            for control in row.controls:
                scene.content_rects[id(control)] = pygame.Rect(
                    control_x, control_top, control_w, ch
                )
        y += row_h + rgap
    return y - rgap


def place_controls(scene: SettingsScene) -> None:
    """Put the list's controls where the scroll shows them (hit tests use these)."""
    for row in scene.rows:
        for control in row.controls:
            rect = scene.content_rects.get(id(control))
            if rect is not None:
                control.rect = scene.scroll.to_screen(rect)


def reveal(scene: SettingsScene, control: SettingControl | None) -> None:
    """Scroll so the focused row shows (with its heading, when it starts a section)."""
    if control is None or control in (scene.back, scene.reset_all):
        return
    index = next((i for i, r in enumerate(scene.rows) if control in r.controls), None)
    if index is None:
        return
    top, bottom = scene.rows[index].content.top, scene.rows[index].content.bottom
    pad = scene.scroll.line // 2
    view_h = scene.scroll.viewport.height
    heading = scene.rows[index - 1] if index > 0 and scene.rows[index - 1].heading else None
    if heading is not None and bottom - heading.content.top + 2 * pad <= view_h:
        top = heading.content.top  # its section's name too, when both fit
    if top - pad < scene.scroll.offset:
        scene.scroll.scroll_to(top - pad)
    elif bottom + pad > scene.scroll.offset + view_h:
        scene.scroll.scroll_to(bottom + pad - view_h)
    place_controls(scene)


def control_at(scene: SettingsScene, pos: tuple[int, int]) -> SettingControl | None:
    """The control under the mouse: its own rect, or its row's label; footer buttons."""
    for button in (scene.back, scene.reset_all):
        if button.hit(pos):
            return button
    if not scene.scroll.viewport.collidepoint(pos):
        return None
    for row in scene.rows:
        if not row.controls:
            continue
        for control in row.controls:
            if control.rect.collidepoint(pos):
                return control
        if scene.scroll.to_screen(row.content).collidepoint(pos):
            return row.controls[0]  # the label: its row's (first) control
    return None
