"""Where everything on the settings screen goes: the title, the list in one or two columns
(Pads and Keys on the right when both fit whole), each row's label and controls, and the footer of
Back, the status line and Reset all. `settings_layout` returns it all as one frozen
`SettingsLayout`; rows keep their place in the list's content, and the scene moves the
controls' rects with the scroll so hit tests see what is shown. The queries at the end
(`reveal_offset`, `rows_in_view`, `control_at`) read a layout and change nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.scenes.settings.key_slot import KEY_SLOTS, KeySlot
from game.scenes.settings.rows import Row, SettingControl
from game.storage.settings import TEXT_SCALE
from game.ui.menu_layout import menu_scale, title_image
from game.ui.scroll import ScrollView, viewport_in
from game.ui.text import wrap_text

if TYPE_CHECKING:
    from game.ui.fonts import Fonts
    from game.ui.forms import FormButton
    from game.ui.theme import Theme


@dataclass(frozen=True)
class RowPlace:
    """Where one row goes in the list's content (before scrolling)."""

    content: pygame.Rect  # the row's band
    label_x: int  # the label's x in the list
    label_lines: tuple[tuple[str, int], ...] = ()  # (text, y in content)
    label_width: int = 0  # px the label may take
    controls: tuple[pygame.Rect, ...] = ()  # one per control, in content


@dataclass(frozen=True)
class SettingsLayout:
    size: tuple[int, int]
    title: pygame.Surface
    title_rect: pygame.Rect
    panel: pygame.Rect  # the list's panel
    viewport: pygame.Rect  # the scrolled part of the panel
    content_height: int  # px of the list's content
    scroll_line: int  # px one scroll step moves
    scroll_bar: int  # px: the scroll bar's width, as the viewport left room for it
    rows: tuple[RowPlace, ...]  # one per row of the list, in its order
    key_heads: tuple[tuple[str, int], ...]  # captions over the key columns: (text, x in list)
    marker_w: int  # px left of the labels for the focus marker
    body_font: pygame.font.Font
    head_font: pygame.font.Font
    caption_font: pygame.font.Font  # the key columns' captions
    status_font: pygame.font.Font
    status_rect: pygame.Rect
    back: pygame.Rect
    reset_all: pygame.Rect
    back_hint: str  # the key shown on Back ("" when the text is too large for it)


def settings_layout(
    size: tuple[int, int],
    theme: Theme,
    fonts: Fonts,
    rows: Sequence[Row],
    footer: tuple[FormButton, FormButton],
    back_key: str,
) -> SettingsLayout:
    """Lay out `rows` and the `footer` (Back, Reset all) in a window of `size`; `back_key`
    names the key that goes back."""
    # Long for a reason: one screen placed top to bottom, each band on the measures above it.
    w, h = size
    scale = fonts.text_scale
    unit, margin, gap = menu_scale(size)

    # The list's text is sized from the window, then scaled by the text size setting.
    body_px = max(18.0, 24 * unit)
    body = fonts.get(body_px)
    head_font = fonts.get(body_px * 1.2, bold=True)
    em = body.size("M")[0]
    line = body.get_linesize()
    ch = max(22, round(body_px * scale * 1.75))  # a control's height
    marker_w = max(10, round(ch * 0.45))
    pad = max(6, round(16 * unit))
    bar_w = max(6, line // 2)
    label_need = max(body.size(r.label)[0] for r in rows if not r.heading)
    column_need = marker_w + label_need + em * 2 + max(round(em * 13), ch * 5)
    col_gap = round(em * 3)
    room = w - 2 * margin - 2 * pad - 2 * bar_w
    # Two columns (Pads and Keys on the right) when both fit whole even at the largest text
    # size, else one scrolling list; either way no wider than reads well. The count depends
    # on the window alone, so a click on the text size never moves the page sideways.
    largest = TEXT_SCALE[1] / scale
    columns = 2 if room >= 2 * column_need * largest + col_gap else 1
    # The width reads well at any text size and does not change with it (a click on the
    # text size must not slide the controls along): the width of 1.3 times 100% text.
    em_plain = fonts.get_px(body_px).size("M")[0]
    limit = em_plain * 1.3 * (100 if columns == 2 else 58)
    panel_w = min(w - 2 * margin, round(limit) + 2 * pad + 2 * bar_w)
    left = (w - panel_w) // 2

    title = title_image(fonts, theme, _("Settings"), unit)
    title_rect = title.get_rect(topleft=(left, margin))

    # The footer, under the panel's edges: Back, the status line, Reset all. Button text
    # follows the text size.
    button_h = max(30, round(44 * unit * max(1.0, scale)))
    label_font = fonts.get(button_h * 0.45 / max(1.0, scale), bold=True)
    # draw_button sizes the small key hint from the button's height and scales it by the
    # text size again: on a button already grown with the text it would cover the label.
    back_hint = back_key if scale <= 1.0 else ""
    widths = [label_font.size(b.label)[0] + button_h * 1.3 for b in footer]
    if sum(widths) > panel_w - gap:
        widths = [wd * (panel_w - gap) / sum(widths) for wd in widths]
    by = h - margin - button_h
    back = pygame.Rect(left, by, round(widths[0]), button_h)
    reset_all = pygame.Rect(0, by, round(widths[1]), button_h)
    reset_all.right = left + panel_w
    status_font = fonts.get(max(14, 19 * unit))
    status_h = status_font.get_linesize() * 2
    between = reset_all.left - back.right - 2 * gap
    if between >= 20 * status_font.size("M")[0] and status_h <= button_h + gap:
        status_rect = pygame.Rect(back.right + gap, by, between, button_h)
        bottom = by - gap
    else:
        status_rect = pygame.Rect(left, by - gap // 2 - status_h, panel_w, status_h)
        bottom = status_rect.top - gap // 2

    top = title_rect.bottom + gap // 2
    panel = pygame.Rect(left, top, panel_w, max(40, bottom - top))
    viewport = viewport_in(panel, pad, bar_w)
    col_w = (viewport.width - (columns - 1) * col_gap) // columns
    # The right column holds the bindings: the pads' buttons and the keys.
    keys_at = next(i for i, r in enumerate(rows) if r.heading and r.section in ("pads", "keys"))
    measures = _Measures(body, head_font, ch, em, line, marker_w)
    places: list[RowPlace] = []
    key_heads: tuple[tuple[str, int], ...] = ()
    bottoms = []
    parts = [rows] if columns == 1 else [rows[:keys_at], rows[keys_at:]]
    for c, part in enumerate(parts):
        column = _lay_column(part, c * (col_w + col_gap), col_w, measures)
        places += column.places
        key_heads = key_heads or column.key_heads
        bottoms.append(column.bottom)
    return SettingsLayout(
        size=size,
        title=title,
        title_rect=title_rect,
        panel=panel,
        viewport=viewport,
        content_height=max(bottoms) + pad // 2,
        scroll_line=max(line, ch // 2),
        scroll_bar=bar_w,
        rows=tuple(places),
        key_heads=key_heads,
        marker_w=marker_w,
        body_font=body,
        head_font=head_font,
        caption_font=fonts.get(body_px * 0.8),
        status_font=status_font,
        status_rect=status_rect,
        back=back,
        reset_all=reset_all,
        back_hint=back_hint,
    )


@dataclass(frozen=True)
class _Measures:
    """The list's fonts and sizes, shared by its columns."""

    body: pygame.font.Font
    head_font: pygame.font.Font
    ch: int  # a control's height
    em: int
    line: int
    marker_w: int


@dataclass(frozen=True)
class _Column:
    places: list[RowPlace]
    key_heads: tuple[tuple[str, int], ...]
    bottom: int


def _lay_column(rows: Sequence[Row], x0: int, width: int, m: _Measures) -> _Column:
    """Place `rows` in a column of the list's content.

    Labels sit left of their controls, on up to two lines, when every label fits so;
    else (a narrow window at a large text size) each label goes above its control."""
    body, ch, em, line = m.body, m.ch, m.em, m.line
    rgap = max(3, round(ch * 0.2))
    control_w = min(width - m.marker_w, max(round(em * 13), ch * 5, round(width * 0.42)))

    def indent(row: Row) -> int:
        return m.marker_w + (em * 2 if row.indent else 0)

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
        control_x, control_w = x0 + m.marker_w, width - m.marker_w
    slot_gap = max(4, round(em * 0.6))
    slot_w = (control_w - slot_gap) // KEY_SLOTS
    places: list[RowPlace] = []
    key_heads: tuple[tuple[str, int], ...] = ()
    y = 0
    for i, row in enumerate(rows):
        if row.heading:
            y += 0 if i == 0 else round(line * 0.9)
            hh = m.head_font.get_linesize() + max(4, line // 3)
            places.append(RowPlace(pygame.Rect(x0, y, width, hh), m.marker_w))
            if row.section == "keys":
                key_heads = (
                    (_("Key"), control_x + slot_w // 2),
                    (_("Second key"), control_x + slot_w + slot_gap + slot_w // 2),
                )
            y += hh + rgap
            continue
        left = indent(row)
        if side:
            label_width = label_room - left
            texts = wrap_text(body, row.label, label_width) if row.label else []
            row_h = max(ch, len(texts) * line)
            top = y + (row_h - len(texts) * line) // 2
            label_lines = tuple((t, top + k * line) for k, t in enumerate(texts))
            control_top = y + (row_h - ch) // 2
        else:
            label_width = width - left
            texts = wrap_text(body, row.label, label_width) if row.label else []
            label_lines = tuple((t, y + k * line) for k, t in enumerate(texts))
            control_top = y + len(texts) * line + (max(2, rgap // 2) if texts else 0)
            row_h = control_top - y + ch
        if isinstance(row.controls[0], KeySlot):
            rects = tuple(
                pygame.Rect(control_x + k * (slot_w + slot_gap), control_top, slot_w, ch)
                for k in range(len(row.controls))
            )
        else:
            rects = tuple(
                pygame.Rect(control_x, control_top, control_w, ch) for _control in row.controls
            )
        content = pygame.Rect(x0, y, width, row_h)
        places.append(RowPlace(content, x0 + left, label_lines, label_width, rects))
        y += row_h + rgap
    return _Column(places, key_heads, y - rgap)


def reveal_offset(
    layout: SettingsLayout,
    rows: Sequence[Row],
    control: SettingControl | None,
    scroll: ScrollView,
) -> int | None:
    """The scroll offset that shows `control`'s row (with its heading, when it starts a
    section and both fit), or None when no scrolling is needed or it is not in the list."""
    index = next((i for i, r in enumerate(rows) if control in r.controls), None)
    if control is None or index is None:
        return None
    top, bottom = layout.rows[index].content.top, layout.rows[index].content.bottom
    pad = scroll.line // 2
    view_h = scroll.viewport.height
    if index > 0 and rows[index - 1].heading:
        heading_top = layout.rows[index - 1].content.top
        if bottom - heading_top + 2 * pad <= view_h:
            top = heading_top  # its section's name too, when both fit
    if top - pad < scroll.offset:
        return top - pad
    if bottom + pad > scroll.offset + view_h:
        return bottom + pad - view_h
    return None


def rows_in_view(layout: SettingsLayout, rows: Sequence[Row], scroll: ScrollView) -> list[Row]:
    """The rows with controls that `scroll` shows whole."""
    view = scroll.viewport
    return [
        row
        for row, place in zip(rows, layout.rows, strict=True)
        if row.controls and view.contains(scroll.to_screen(place.content))
    ]


def control_at(
    layout: SettingsLayout,
    rows: Sequence[Row],
    footer: Sequence[SettingControl],
    scroll: ScrollView,
    pos: tuple[int, int],
) -> SettingControl | None:
    """The control under the mouse: its own rect, or its row's label; footer buttons."""
    for button in footer:
        if button.hit(pos):
            return button
    if not scroll.viewport.collidepoint(pos):
        return None
    for row, place in zip(rows, layout.rows, strict=True):
        if not row.controls:
            continue
        for control in row.controls:
            if control.rect.collidepoint(pos):
                return control
        if scroll.to_screen(place.content).collidepoint(pos):
            return row.controls[0]  # the label: its row's (first) control
    return None
