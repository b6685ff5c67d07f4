"""Where everything on the results screen goes: the title, the banner (the trophy and the
verdict), the final scores and, for a match or teams, the match table, side by side in a
wide window; the buttons at the foot. Every text is rendered here, once, into a frozen
`ResultsLayout` that draw() only blits."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.rules import Phase
from game.scenes.results.summary import (
    TableRow,
    Verdict,
    card_details,
    card_rows,
    match_rows,
)
from game.ui.celebration import draw_trophy
from game.ui.fonts import MIN_FONT_PX
from game.ui.menu_layout import MENU_REFERENCE, button_height, place_button_row, title_image
from game.ui.text import TAG_JOIN, ellipsize, fitted_px, wrap_lines, wrap_text
from game.ui.units import layout_unit

if TYPE_CHECKING:
    from game.match.session import Session
    from game.ui.fonts import Fonts
    from game.ui.theme import Colour, Theme
    from game.ui.widgets import Button

ROW_REFERENCE = (900, 1000)  # table rows grow with the window from this size up
CELL_MARGIN = 6  # px: a figure or heading keeps this far from each side of its column


@dataclass(frozen=True)
class ResultsLayout:
    """The results screen at one window size: rendered texts and the rects they sit in."""

    texts: tuple[tuple[pygame.Surface, pygame.Rect], ...] = ()
    banner: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    trophy: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    trophy_image: pygame.Surface | None = None
    tables: tuple[pygame.Rect, ...] = ()
    stripes: tuple[tuple[pygame.Rect, Colour], ...] = ()  # each row's colour marker
    highlights: tuple[pygame.Rect, ...] = ()  # winners' rows


@dataclass
class _Sheet:
    """What the layout collects while it places things, frozen at the end."""

    theme: Theme
    fonts: Fonts
    texts: list[tuple[pygame.Surface, pygame.Rect]] = field(default_factory=list)
    tables: list[pygame.Rect] = field(default_factory=list)
    stripes: list[tuple[pygame.Rect, Colour]] = field(default_factory=list)
    highlights: list[pygame.Rect] = field(default_factory=list)


def lay_out(
    size: tuple[int, int],
    theme: Theme,
    fonts: Fonts,
    session: Session,
    verdict: Verdict,
    buttons: Sequence[Button],
    column_colour: Callable[[int], Colour],
    competitor_colour: Callable[[int], Colour],
) -> ResultsLayout:
    """Place the results of `session` in a window of `size` (the buttons along its foot)."""
    # Long for a reason: one screen placed top to bottom, each band on the measures above it.
    w, h = size
    sheet = _Sheet(theme, fonts)
    config, state = session.config, session.state
    unit = layout_unit(size, MENU_REFERENCE)
    margin = max(8, round(20 * unit))
    gap = max(6, round(14 * unit))
    pad = max(6, round(14 * unit))

    # Title on the felt.
    if state.phase is Phase.MATCH_OVER and config.games > 1:
        title = _("Match over")
    elif config.games > 1:
        title = _("Game {game} of {games}").format(game=len(state.results), games=config.games)
    else:
        title = _("Game over")
    image = title_image(fonts, theme, title, unit)
    title_rect = image.get_rect(midtop=(w // 2, margin))
    sheet.texts.append((image, title_rect))

    # Buttons at the foot.
    button_h = button_height(fonts, unit, 50)
    button_w = min(round(240 * unit), (w - 2 * margin - gap) // len(buttons))
    place_button_row(buttons, w, h - margin, (button_w, button_h), gap, fonts)

    # What goes in between: the banner, then one or two tables.
    top = title_rect.bottom + gap
    bottom = h - margin - button_h - gap
    avail = bottom - top
    width = min(w - 2 * margin, round(1200 * unit))
    left = (w - width) // 2
    cards = card_rows(session, column_colour)
    details = card_details(config.card)
    teams_differ = config.competitors != tuple((c,) for c in range(len(config.columns)))
    match = match_rows(session, competitor_colour) if config.games > 1 or teams_differ else None
    side = match is not None and w >= 1.2 * h
    tables = [cards] if match is None else [cards, match]
    lines = [len(rows) for rows in tables]  # the caption shares the header's line
    # The banner as tall as its words need at the text size (the verdict's detail, the
    # most personal line, never below the floor), up to half the room the tables leave.
    least_tables = sum(n * 14 + 2 * pad for n in lines) + gap * len(tables)
    banner_h = max(48, min(round(130 * unit), round(avail * 0.22)))
    banner_h = min(
        max(banner_h, _banner_needs(fonts, verdict, width, unit, pad, gap)),
        max(banner_h, (avail - least_tables) // 2),
    )
    row_unit = max(unit, layout_unit(size, ROW_REFERENCE, least=0.0))
    # Rows as tall as the window's height allows, up to twice their reference: a few rows
    # of results should not float in a screen left two-thirds empty.
    text_px = 40 * row_unit * max(1.0, fonts.text_scale)  # a row's height for its text
    row_px = 2 * text_px
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

    banner = pygame.Rect(left, y, width, banner_h)
    colours = [competitor_colour(i) for i in verdict.winners]
    trophy, trophy_image = _lay_banner(sheet, banner, verdict, colours, unit, pad, gap)
    y = banner.bottom + gap
    captions = (_("Final scores"), _("Match"))
    if side:
        assert match is not None
        left_w = round((width - gap) * 0.55)
        text_h = min(rh, round(text_px))
        place = pygame.Rect(left, y, left_w, heights[0])
        _lay_table(sheet, place, cards, captions[0], (rh, text_h), pad, details)
        right = pygame.Rect(left + left_w + gap, y, width - left_w - gap, heights[1])
        _lay_table(sheet, right, match, captions[1], (rh, text_h), pad)
    else:
        for rows, height, caption in zip(tables, heights, captions, strict=False):
            drop = details if rows is cards else ()
            place = pygame.Rect(left, y, width, height)
            _lay_table(sheet, place, rows, caption, (rh, min(rh, round(text_px))), pad, drop)
            y += height + gap
    return ResultsLayout(
        tuple(sheet.texts),
        banner,
        trophy,
        trophy_image,
        tuple(sheet.tables),
        tuple(sheet.stripes),
        tuple(sheet.highlights),
    )


def _lay_banner(
    sheet: _Sheet,
    banner: pygame.Rect,
    verdict: Verdict,
    colours: list[Colour],
    unit: float,
    pad: int,
    gap: int,
) -> tuple[pygame.Rect, pygame.Surface | None]:
    """The verdict's texts in the banner; returns the trophy's rect and image."""
    theme, fonts = sheet.theme, sheet.fonts
    trophy_h = banner.height - 2 * pad
    trophy = pygame.Rect(banner.left + pad * 2, banner.top + pad, round(trophy_h * 0.85), trophy_h)
    # Drawn large and scaled down: pygame's shapes have no anti-aliasing of their own.
    big = pygame.Surface((trophy.width * 4, trophy.height * 4), pygame.SRCALPHA)
    draw_trophy(big, big.get_rect(), colours, theme)
    trophy_image = pygame.transform.smoothscale(big, trophy.size) if colours else None
    text_left = trophy.right + pad * 2 if colours else banner.left + pad * 2  # no trophy: no gap
    text_w = banner.right - pad - text_left
    head_px = min(40 * unit, fitted_px(fonts, banner.height * 0.34))
    head_font = fonts.fit(verdict.headline, head_px, text_w, bold=True)
    head = head_font.render(verdict.headline, True, theme.text)
    room = banner.height - 2 * pad - head.get_height() - gap // 3
    # The detail at the text size (22 at 100%), on as many lines as the banner holds; the
    # last ends in an ellipsis when it needs more (the banner grew for it where it could).
    detail_font = fonts.get(22 * unit)
    most = max(1, room // detail_font.get_linesize())
    lines = wrap_lines(detail_font, verdict.detail, text_w, most)
    details = [detail_font.render(line, True, theme.text_dim) for line in lines]
    block = head.get_height() + sum(d.get_height() for d in details) + gap // 3
    y = banner.centery - block // 2
    sheet.texts.append((head, head.get_rect(topleft=(text_left, y))))
    y += head.get_height() + gap // 3
    for detail in details:
        sheet.texts.append((detail, detail.get_rect(topleft=(text_left, y))))
        y += detail.get_height()
    return trophy, trophy_image


def _banner_needs(
    fonts: Fonts, verdict: Verdict, width: int, unit: float, pad: int, gap: int
) -> int:
    """The banner's height for its headline and detail at the text size (as _lay_banner
    sets them, the trophy beside them)."""
    text_w = width - 3 * pad - round(130 * unit)  # less the trophy's room, at most
    head = fonts.fit(verdict.headline, 40 * unit, text_w, bold=True).get_linesize()
    detail = fonts.get(22 * unit)
    lines = len(wrap_text(detail, verdict.detail, max(1, text_w)))
    return 2 * pad + head + gap // 3 + lines * detail.get_linesize()


def _lay_table(
    sheet: _Sheet,
    rect: pygame.Rect,
    rows: list[TableRow],
    caption: str,
    heights: tuple[int, int],
    pad: int,
    droppable: Sequence[int] = (),
) -> None:
    """Place a table's texts in `rect`: a caption, a header, then the rows, each row `rh`
    tall with text sized for `text_h` (`heights`: rows may be roomier than their text). The
    columns `droppable` lists are left out, in that order, where the figures do not fit."""
    theme, fonts = sheet.theme, sheet.fonts
    rh, text_h = heights
    sheet.tables.append(rect)
    inner = rect.inflate(-2 * pad, -2 * pad)
    text_px = fitted_px(fonts, text_h * 0.62)
    body = fonts.get(text_px)
    strong = fonts.get(text_px, bold=True)
    caption_font = fonts.get(text_px * 1.1, bold=True)
    share = 0.3 if len(rows[0][2]) <= 5 else 0.26
    caption_w = caption_font.size(caption)[0] + 8
    name_w = min(max(round(inner.width * share), caption_w), inner.width // 2)
    # The names' column gives the figures room down to what the names (without their level)
    # and the caption's longest word need (the caption no smaller than the names), before a
    # column is dropped or squeezed.
    stripe_w = max(4, rh // 5)
    names = max(strong.size(r[0].split(TAG_JOIN)[0])[0] for r in rows[1:]) + stripe_w + 16
    caption_least = max(strong.size(word)[0] for word in caption.split()) + 8
    name_least = min(name_w, max(names, caption_least))
    head_font = fonts.get(text_px * 0.82)
    rows = _columns_that_fit(rows, droppable, head_font, strong, inner.width - name_least)
    needs = sum(_column_need(rows, i, head_font, strong, False) for i in range(len(rows[0][2])))
    name_w = max(name_least, min(name_w, inner.width - needs))
    caption_box = pygame.Rect(inner.left, inner.top, name_w - 8, rh)
    _lay_words(sheet, caption_box, caption, text_px * 1.1, left=True)
    lefts: list[float] = [inner.left + name_w]
    for width in _column_widths(rows, head_font, strong, inner.width - name_w):
        lefts.append(lefts[-1] + width)
    y = inner.top  # the header line, with the caption at its left

    def cell(i: int) -> pygame.Rect:
        return pygame.Rect(round(lefts[i]), y, round(lefts[i + 1]) - round(lefts[i]), rh)

    for index, (name, colour, values, winner) in enumerate(rows):
        row = pygame.Rect(inner.left, y, inner.width, rh)
        if index == 0:
            for i, value in enumerate(values):
                box = cell(i).inflate(-2 * CELL_MARGIN, 0)  # clear of its neighbour's heading
                _lay_words(sheet, box, value, text_px * 0.82)
            y += rh
            continue
        if winner:
            sheet.highlights.append(row)
        stripe = pygame.Rect(row.left + 4, row.top + rh // 5, stripe_w, rh - 2 * (rh // 5))
        sheet.stripes.append((stripe, colour or theme.text))
        font = strong if winner else body
        room = name_w - stripe.width - 16
        if font.size(name)[0] > room and TAG_JOIN in name:  # the name without its level
            name = name.split(TAG_JOIN)[0]
        label = ellipsize(font, name, room)
        image = font.render(label, True, theme.text)
        sheet.texts.append((image, image.get_rect(midleft=(stripe.right + 8, row.centery))))
        for i, value in enumerate(values):
            last = i == len(values) - 1
            image = (strong if last else body).render(value, True, theme.text)
            box = cell(i)
            midright = (box.right - CELL_MARGIN, box.centery)
            sheet.texts.append((image, image.get_rect(midright=midright)))
        y += rh


def _column_need(
    rows: list[TableRow], i: int, head: pygame.font.Font, cell: pygame.font.Font, whole: bool
) -> int:
    """The px column `i` needs: its heading (whole, else its widest word, as it wraps a word
    a line) or its widest figure, and a margin at each side, so that neighbours keep at
    least two margins apart."""
    heading = rows[0][2][i]
    words = [heading] if whole else heading.split()
    texts = [head.size(w)[0] for w in words] + [cell.size(r[2][i])[0] for r in rows[1:]]
    return max(texts) + 2 * CELL_MARGIN


def _column_widths(
    rows: list[TableRow], head: pygame.font.Font, cell: pygame.font.Font, room: int
) -> list[float]:
    """The figure columns' widths in `room` px: as even as their needs allow (headings whole
    when all fit so, else a word a line); a narrow column gives its spare room to a wide
    one ("Spiel 2" and "Gesamt" at 640x480 with 200% text); even shares when none fits."""
    count = len(rows[0][2])
    for whole in (True, False):
        needs = [_column_need(rows, i, head, cell, whole) for i in range(count)]
        if sum(needs) <= room:
            break
    else:
        return [room / count] * count
    # Fill the narrow columns up to one level, the water line, and leave the wide ones.
    level = room / count
    wide = [n for n in needs if n > level]
    while wide:
        level = (room - sum(wide)) / (count - len(wide))
        wider = [n for n in needs if n > level]
        if len(wider) == len(wide):
            break
        wide = wider
    return [max(n, level) for n in needs]


def _columns_that_fit(
    rows: list[TableRow],
    droppable: Sequence[int],
    head: pygame.font.Font,
    cell: pygame.font.Font,
    room: int,
) -> list[TableRow]:
    """The table's rows without the columns `droppable` names (in its order) that must go
    for the rest to fit `room` px: their headings (a word a line) and their figures."""

    shown = list(range(len(rows[0][2])))
    for column in droppable:
        if room >= sum(_column_need(rows, i, head, cell, whole=False) for i in shown):
            break
        shown.remove(column)
    return [(name, colour, [cells[i] for i in shown], win) for name, colour, cells, win in rows]


def _lay_words(sheet: _Sheet, box: pygame.Rect, text: str, px: float, left: bool = False) -> None:
    """A column heading in `box`, right-aligned; or (`left`) a table's caption, bold, from
    the left; on two lines when one is too narrow."""
    theme, fonts = sheet.theme, sheet.fonts
    room = box.width
    font = fonts.get(px, left)
    parts = [text]
    if font.size(text)[0] > room:
        parts = _two_lines(text, fonts.get(MIN_FONT_PX / fonts.text_scale), room)
        if len(parts) == 2:
            px = min(px, fitted_px(fonts, box.height * 0.62))
    font = fonts.fit(max(parts, key=lambda part: font.size(part)[0]), px, room, left)
    line = font.get_linesize()
    y = box.centery - line * len(parts) // 2
    for part in parts:
        image = font.render(part, True, theme.text if left else theme.text_dim)
        place = (
            image.get_rect(topleft=(box.left, y))
            if left
            else image.get_rect(topright=(box.right, y))
        )
        sheet.texts.append((image, place))
        y += line


def _two_lines(text: str, least: pygame.font.Font, room: int) -> list[str]:
    """A heading too wide for its column on two lines: at its first space, else after a
    hyphen, else (a compound such as the Swedish 'Yatzybonus', too wide even at the smallest
    size) hyphenated in the middle; kept whole when it fits at the smallest size.

    >>> _two_lines("Yahtzee bonus", None, 0)
    ['Yahtzee', 'bonus']
    """
    if " " in text:
        return text.split(" ", 1)
    if "-" in text.strip("-"):
        head, tail = text.split("-", 1)
        return [head + "-", tail]
    if least is None or least.size(text)[0] <= room or len(text) < 6:
        return [text]
    middle = (len(text) + 1) // 2
    return [text[:middle] + "-", text[middle:]]
