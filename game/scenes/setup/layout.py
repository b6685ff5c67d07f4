"""Where everything on the setup screen goes: the title, the seats panel (a row per seat,
sized so a full table of eight fits) and the rules panel beside it when the window is wide
enough, else below it; the buttons and the status line at the foot. Computed on resize, as a
frozen value the scene keeps and places its controls by."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.i18n import N_, _, translate
from game.rules.config import MAX_PLAYERS
from game.ui.fonts import Fonts
from game.ui.menu_layout import MENU_REFERENCE, button_height, title_image
from game.ui.text import fitted_px
from game.ui.theme import Theme
from game.ui.units import layout_unit
from game.ui.widgets import button_width

ROW_SHARE_GAP = 0.22  # gap between rows, of a row's height
SEAT_WEIGHTS = {
    "name": 2.4,
    "kind": 3.3,
    "pace": 2.2,
    "colour": 2.5,
    "team": 1.3,
}  # "remove" is square
# Translators: the titles over a seat's columns: who plays it, its colour, its team.
COLUMN_TITLES = {
    "kind": N_("Plays"),
    # Translators: over a CPU seat's pace (Slow, Normal, Fast, Instant).
    "pace": N_("Pace"),
    "colour": N_("Colour"),
    "team": N_("Team"),
}

Image = tuple[pygame.Surface, pygame.Rect]


@dataclass(frozen=True)
class SetupLayout:
    size: tuple[int, int]
    unit: float  # px per design px
    row_h: int  # a seat's or a rule's row (px)
    texts: tuple[Image, ...]  # the title
    panels: tuple[pygame.Rect, pygame.Rect]  # the seats, the rules
    players_label: pygame.Rect  # the seats panel's title line
    rules_label: pygame.Rect
    column_heads: tuple[Image, ...]  # over the first seat's controls
    seat_rows: tuple[pygame.Rect, ...]  # each seat's whole row, for its badge
    seat_cells: tuple[dict[str, pygame.Rect], ...]  # each seat's controls by column
    add: pygame.Rect
    options: tuple[pygame.Rect, ...]  # the rules of the match, in order
    option_columns: int  # how many rules sit side by side
    back: pygame.Rect
    start: pygame.Rect
    status_rect: pygame.Rect
    status_font: pygame.font.Font


def setup_layout(
    size: tuple[int, int],
    fonts: Fonts,
    theme: Theme,
    seats: int,
    columns: Sequence[str],
    options: int,
    footer: Sequence[str] = (),
) -> SetupLayout:
    """The screen for `seats` seat rows, each with the controls `columns` names (left to
    right; "remove" sits square at the row's end), and `options` rules of the match; the
    two buttons at the foot as wide as their labels `footer` need, as far as there is room."""
    w, h = size
    unit = layout_unit(size, MENU_REFERENCE)
    margin = max(8, round(22 * layout_unit(size, least=0.0)))
    gap = max(6, round(14 * unit))
    pad = max(6, round(14 * unit))
    # Seats left and rules right when there is width for both (larger text needs more);
    # else the rules go below the seats.
    side = w >= 1.3 * h and w >= 960 * max(1.0, fonts.text_scale)

    # The title at the top, the buttons (with the status line between them) at the foot.
    title = title_image(fonts, theme, _("New game"), unit)
    title_rect = title.get_rect(topleft=(margin + pad, margin))
    foot = _foot(size, fonts, unit, margin, gap, footer)
    back, start, status_rect, status_font = foot.back, foot.start, foot.status, foot.status_font
    bottom = foot.bottom
    top = title_rect.bottom + gap
    avail = bottom - top

    # Row height: what a full table (8 seats) needs to fit, no more than reads well.
    header_share = 0.75  # a panel's title line, in rows
    seats_w = round((w - 2 * margin - gap) * 0.68) if side else w - 2 * margin
    rules_w = w - 2 * margin - gap - seats_w if side else seats_w
    option_cols = 1
    if not side:
        cell = max(210, round(280 * unit))  # px: a rule, its label and its value
        option_cols = max(1, min(3, (rules_w - 2 * pad + gap) // (cell + gap)))
    option_rows = -(-options // option_cols)
    # Room for a full table (seven seats and the Add button), so the page keeps still as
    # seats come and go; with larger text, the rows take that room to grow instead.
    seat_rows = MAX_PLAYERS if fonts.text_scale <= 1 else min(MAX_PLAYERS, seats + 1)
    if side:
        rows = max(seat_rows + header_share, option_rows + header_share)
        fixed = 2 * pad
    else:
        rows = seat_rows + option_rows + 2 * header_share
        fixed = 4 * pad + gap
    fit = (avail - fixed) / (rows + (rows - 1) * ROW_SHARE_GAP)
    # Larger text asks for taller rows, as far as the window lets them grow.
    scale = max(1.0, fonts.text_scale)
    row_room = round((w - 2 * margin - gap) * 0.6) if side else seats_w  # (before the pace)
    ideal = min(60 * h / 800, (row_room - 2 * pad) / 16) * scale
    rh = max(18, int(min(ideal, fit)))
    rg = max(3, round(rh * ROW_SHARE_GAP))
    header_h = round(rh * header_share)

    def panel_height(n_rows: int) -> int:
        return 2 * pad + header_h + rg + n_rows * (rh + rg) - rg

    # The seats panel.
    seats_panel = pygame.Rect(
        margin, top, seats_w, panel_height(seats + (1 if seats < MAX_PLAYERS else 0))
    )
    inner = seats_panel.inflate(-2 * pad, -2 * pad)
    players_label = pygame.Rect(inner.left, inner.top, inner.width, header_h)
    first = inner.top + header_h + rg
    seat_rows_rects, seat_cells, add = _seat_rows(inner, first, rh, rg, seats, columns)
    column_heads = _column_heads(fonts, theme, header_h, seat_cells, players_label)

    # The rules panel.
    if side:
        rules_panel = pygame.Rect(seats_panel.right + gap, top, rules_w, 0)
    else:
        rules_panel = pygame.Rect(margin, seats_panel.bottom + gap, rules_w, 0)
    col_w = (rules_w - 2 * pad - (option_cols - 1) * gap) // option_cols
    oy = rules_panel.top + pad + header_h + rg
    option_rects = [
        pygame.Rect(rules_panel.left + pad + c * (col_w + gap), oy + r * (rh + rg), col_w, rh)
        for r, c in (divmod(i, option_cols) for i in range(options))
    ]
    rules_panel.height = panel_height(option_rows)
    rules_label = pygame.Rect(
        rules_panel.left + pad, rules_panel.top + pad, rules_w - 2 * pad, header_h
    )
    return SetupLayout(
        size=size,
        unit=unit,
        row_h=rh,
        texts=((title, title_rect),),
        panels=(seats_panel, rules_panel),
        players_label=players_label,
        rules_label=rules_label,
        column_heads=column_heads,
        seat_rows=tuple(seat_rows_rects),
        seat_cells=tuple(seat_cells),
        add=add,
        options=tuple(option_rects),
        option_columns=option_cols,
        back=back,
        start=start,
        status_rect=status_rect,
        status_font=status_font,
    )


@dataclass(frozen=True)
class _Foot:
    """The foot of the screen: the two buttons, the status line (between them where it
    fits, else above them) and how far down the panels may reach."""

    back: pygame.Rect
    start: pygame.Rect
    status: pygame.Rect
    status_font: pygame.font.Font
    bottom: int


def _foot(
    size: tuple[int, int], fonts: Fonts, unit: float, margin: int, gap: int, footer: Sequence[str]
) -> _Foot:
    w, h = size
    button_h = button_height(fonts, unit, 50)
    half = (w - 2 * margin - gap) // 2
    needs = max((button_width(fonts, label, button_h) for label in footer), default=0)
    button_w = min(max(round(220 * unit), needs), half)
    by = h - margin - button_h
    back = pygame.Rect(margin, by, button_w, button_h)
    start = pygame.Rect(w - margin - button_w, by, button_w, button_h)
    status_font = fonts.get(max(11, 19 * unit))
    status_h = status_font.get_linesize() * 2
    between = start.left - back.right - 2 * gap
    if between >= 18 * status_font.size("M")[0]:
        status_rect = pygame.Rect(back.right + gap, by, between, button_h)
        return _Foot(back, start, status_rect, status_font, by - gap)
    status_rect = pygame.Rect(margin, by - gap // 2 - status_h, w - 2 * margin, status_h)
    return _Foot(back, start, status_rect, status_font, status_rect.top - gap // 2)


def _seat_rows(
    inner: pygame.Rect, y: int, rh: int, rg: int, seats: int, columns: Sequence[str]
) -> tuple[list[pygame.Rect], list[dict[str, pygame.Rect]], pygame.Rect]:
    """Each seat's row from `y` down, its controls' cells by column (shared out by
    SEAT_WEIGHTS after the seat's badge; "remove" square at the end), and the Add button's
    place under the last."""
    bgap = max(3, rh // 5)
    fields = [c for c in columns if c != "remove"]
    removable = "remove" in columns
    weights = [SEAT_WEIGHTS[c] for c in fields]
    rows: list[pygame.Rect] = []
    seat_cells: list[dict[str, pygame.Rect]] = []
    for _i in range(seats):
        rect = pygame.Rect(inner.left, y, inner.width, rh)
        rows.append(rect)
        cells: dict[str, pygame.Rect] = {}
        x = rect.left + rh + bgap  # after the seat's numbered badge
        room = rect.right - x - (rh + bgap if removable else 0) - bgap * (len(fields) - 1)
        for column, weight in zip(fields, weights, strict=True):
            width = round(room * weight / sum(weights))
            cells[column] = pygame.Rect(x, y, width, rh)
            x += width + bgap
        if removable:
            cells["remove"] = pygame.Rect(rect.right - rh, y, rh, rh)
        seat_cells.append(cells)
        y += rh + rg
    add = pygame.Rect(inner.left + rh + bgap, y, min(inner.width // 2, round(rh * 6)), rh)
    return rows, seat_cells, add


def _column_heads(
    fonts: Fonts,
    theme: Theme,
    header_h: int,
    seat_cells: Sequence[dict[str, pygame.Rect]],
    players_label: pygame.Rect,
) -> tuple[Image, ...]:
    """The small titles over the seat columns, placed over the first seat's controls."""
    if not seat_cells:
        return ()
    font = fonts.get(fitted_px(fonts, max(10, header_h * 0.62)))
    heads: list[Image] = []
    for column, cell in seat_cells[0].items():
        if column in COLUMN_TITLES:
            image = font.render(translate(COLUMN_TITLES[column]), True, theme.text_dim)
            heads.append((image, image.get_rect(bottomleft=(cell.left + 4, players_label.bottom))))
    return tuple(heads)
