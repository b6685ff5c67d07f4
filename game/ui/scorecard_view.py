"""The live scorecard: one column per scorecard, its rows the card's (`game.rules.cards`):
upper section with subtotal, bonus and pace to the card's threshold, lower section, bonus
chips on a card that has them, and totals. The column in play is marked (tint,
outline and a thick colour bar), its open boxes preview what the dice would score, and the box
with the keyboard focus or the mouse over it is outlined with a marker. A CPU's column header
shows its level under the name.

Text comes first: the text grows with the player's text size as far as a row holds it, the
label column takes the width its labels need (short labels, then an ellipsis, before the
text would go under the legible floor: `scorecard_labels.py`), and a figure that does not
fit its cell is shown in a shorter form ("24" for "24 (-3)") rather than cut. The coach's
advice figures are drawn only where they fit at a legible size."""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.cache import Recent
from game.i18n import _, language
from game.rules import Category, GameState, TeamMode
from game.rules.cards import AMERICAN
from game.ui.advice_view import Advice, draw_advice
from game.ui.fonts import MIN_FONT_PX, Fonts
from game.ui.frame import outside, patches
from game.ui.scorecard_ahead import Card, LayerAhead, lay
from game.ui.scorecard_cells import CardArgs, Cells, card_cells, changed, near, upper_pace
from game.ui.scorecard_labels import LABEL_INSET, ROWS, card_rows, fit_labels
from game.ui.scorecard_marks import draw_chips, draw_focus, draw_next_box, draw_pill
from game.ui.text import TAG_JOIN, blit_text, fit_label
from game.ui.theme import Colour, Theme
from game.ui.widgets import draw_panel, panel_solid

HEADER_ROWS = 1.9  # the header's height in rows: the name, a CPU's level, the colour bar
TEXT_SHARE = 0.62  # of a row's height, at text size 100%
TEXT_MOST = 0.85  # of a row's height, at any text size
SHADOW = 8  # px right and below the card for the panel's drop shadow
CELLS_KEPT = 2  # the cells of the arguments drawn last and of those drawn ahead


@dataclass
class Flash:
    column: int
    category: Category
    strength: float  # 1 fades to 0


class ScorecardView:
    def __init__(self, fonts: Fonts, theme: Theme) -> None:
        self.fonts = fonts
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rows: tuple[str | Category, ...] = ROWS
        self.columns = 1
        self.label_w = 0
        self.col_w = 0.0
        self.row_h = 0.0
        self.head_h = 0.0
        self.text_px = 0.0  # on screen, the text size counted
        self.label_px = 0.0
        self.labels: dict[str | Category, str] = {}
        self.card = AMERICAN  # the card whose box names the labels are
        self._language = ""  # the labels' language (a layout in another redraws the layer)
        self.tags: tuple[str, ...] = ()
        self.inner = pygame.Rect(0, 0, 0, 0)
        self._advice_on = False
        self._card: Card | None = None  # its layer and opaque core
        self._layer_cells: Cells | None = None  # what the layer shows (None: draw it whole)
        # the cells of the last arguments (and of those drawn ahead: see `prepare`)
        self._cells = Recent[Cells](CELLS_KEPT)
        self._ahead = LayerAhead()  # the next change drawn ahead, and what it was drawn for
        self._coming: CardArgs | None = None  # the arguments of that change (see `prepare`)

    def layout(self, rect: pygame.Rect, state: GameState, tags: tuple[str, ...] = ()) -> None:
        """Place the card in `rect`; `tags[c]` is shown under column c's name (a CPU level)."""
        self.rect = rect
        config = state.config
        self.columns = len(config.columns)
        self.card = config.card
        self.tags = tuple(tags) + ("",) * (self.columns - len(tags))
        self.rows = card_rows(self.card) + (
            ("team",) if config.team_mode is TeamMode.COMBINED else ()
        )
        pad = max(4, rect.width // 60)
        self.inner = rect.inflate(-2 * pad, -2 * pad)
        self.row_h = self.inner.height / (len(self.rows) - 1 + HEADER_ROWS)
        self.head_h = self.row_h * HEADER_ROWS
        scale = self.fonts.text_scale
        self.text_px = max(
            MIN_FONT_PX, min(self.row_h * TEXT_SHARE * scale, self.row_h * TEXT_MOST)
        )
        self._fit_labels()
        self.col_w = (self.inner.width - self.label_w) / self.columns
        self._layer_cells = None  # laid out anew: the layer is drawn whole
        self._cells.clear()

    def _fit_labels(self) -> None:
        """The label column for this card and width (scorecard_labels.fit_labels)."""
        self._language = language()
        room = (self.inner.width, self.columns, self.row_h)
        fitted = fit_labels(self.fonts, self.rows, self.card, self.text_px, room)
        self.label_px, self.label_w, self.labels = fitted.px, fitted.width, fitted.labels

    # ----------------------------------------------------------------- geometry
    def cell(self, row: int, column: int) -> pygame.Rect:
        x = self.inner.left + self.label_w + column * self.col_w
        y = self.inner.top + (0 if row == 0 else self.head_h + (row - 1) * self.row_h)
        h = self.head_h if row == 0 else self.row_h
        return pygame.Rect(round(x), round(y), round(self.col_w), round(h))

    def column_rect(self, column: int) -> pygame.Rect:
        """A whole column, its head included."""
        return self.cell(0, column).union(self.cell(len(self.rows) - 1, column))

    def row_rect(self, row: int) -> pygame.Rect:
        """A whole row, label column included."""
        cell = self.cell(row, 0)
        return pygame.Rect(self.inner.left, cell.top, self.inner.width, cell.height)

    def box_rect(self, column: int, category: Category) -> pygame.Rect:
        return self.cell(self.rows.index(category), column)

    def box_at(self, pos: tuple[int, int]) -> tuple[int, Category] | None:
        if not self.inner.collidepoint(pos) or self.col_w <= 0:
            return None
        below_head = pos[1] - self.inner.top - self.head_h
        row = 0 if below_head < 0 else 1 + int(below_head // self.row_h)
        column = int((pos[0] - self.inner.left - self.label_w) // self.col_w)
        if 0 <= row < len(self.rows) and 0 <= column < self.columns:
            kind = self.rows[row]
            if isinstance(kind, Category):
                return column, kind
        return None

    # ----------------------------------------------------------------- drawing
    def draw(
        self,
        surface: pygame.Surface,
        state: GameState,
        colours: list[tuple[int, int, int]],
        previews: dict[Category, int] | None,
        focus: Category | None,
        flash: Flash | None,
        active: int | None,
        advice: Advice | None = None,
        tags: tuple[str, ...] | None = None,
    ) -> None:
        """Draw the card: all but a scored box's glow is kept in a layer, drawn again only in
        the cells that changed (game.ui.scorecard_cells); `tags`, when given, replace what is
        under the names. Where the card is opaque (`solid`), it is copied from its core, the
        layer laid opaque (at 4K a column of the card blended is 0.7-1.5 ms a frame, copied
        0.2); only the band round it (its rounded corners, its shadow) is blended onto what
        lies under it."""
        cells = self.cells(state, colours, previews, focus, active, advice, tags)
        size = self.region.size
        areas: list[pygame.Rect] = []  # of the layer, drawn again this time
        ahead = False  # (drawn ahead: game.ui.scorecard_ahead)
        card = self._card
        if card is None or card.layer.get_size() != size or self._layer_cells is None:
            if card is None or card.layer.get_size() != size:
                core = pygame.Surface(size)
                if pygame.display.get_surface() is not None:
                    core = core.convert()  # (the window's format: copied, not converted)
                card = self._card = Card(pygame.Surface(size, pygame.SRCALPHA), core)
                self._ahead.fit(card)
            areas = [card.layer.get_rect()]
        elif self._layer_cells is not cells:
            areas = self._areas(self._layer_cells, cells)
            if areas:
                taken = self._ahead.take(card, self._layer_cells, cells)
                if taken is not None:  # the spares drawn ahead, swapped in: nothing drawn
                    card, ahead = taken, True
                    self._card = card
            else:  # the same cells made anew (a new state that shows the same): the change
                self._layer_cells = cells  # drawn ahead, if any, is still to come
        if areas:
            if not ahead:
                self._draw_layer(card.layer, areas, state, colours, previews, focus, active, advice)
                lay(card, areas)
                self._ahead.drawn(areas)
            self._layer_cells, self._coming = cells, None
        solid, (x, y) = self.solid, self.rect.topleft
        surface.blit(card.core, solid, solid.move(-x, -y))
        for band in outside(self.region, solid):
            surface.blit(card.layer, band, band.move(-x, -y))
        if flash is not None and flash.strength > 0:
            rect = self.box_rect(flash.column, flash.category)
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            glow.fill((*self.theme.focus, round(170 * flash.strength)))
            surface.blit(glow, rect)

    def prepare(self, coming: CardArgs) -> None:
        """`draw` will draw the card with these arguments (a roll's previews while its dice
        fly, a CPU's move in its pause): what it does not show now is drawn ahead between
        frames (`draw_ahead`), until the layer changes."""
        self._coming = coming

    def draw_ahead(self, until: float) -> None:
        """Between frames, until perf_counter() reaches `until`, a piece at a time: the
        change `prepare` was told of drawn ahead (game.ui.scorecard_ahead)."""
        shown, coming, card = self._layer_cells, self._coming, self._card
        if card is None or shown is None or time.perf_counter() >= until:
            return
        if coming is not None:
            cells = self.cells(*coming)
            draw = functools.partial(
                self._draw_layer, state=coming.state, colours=coming.colours,
                previews=coming.previews, focus=coming.focus, active=coming.active,
                advice=coming.advice,
            )  # fmt: skip
            self._ahead.want(shown, cells, functools.partial(self._areas, shown, cells), draw)
        self._ahead.work(card, until)

    def _areas(self, shown: Cells, coming: Cells) -> list[pygame.Rect]:
        """The areas of the layer to draw again for the cells `shown` to show `coming`."""
        offset = (-self.rect.left, -self.rect.top)
        return [area.move(offset) for area in patches(changed(shown, coming))]

    def cells(
        self,
        state: GameState,
        colours: list[tuple[int, int, int]],
        previews: dict[Category, int] | None,
        focus: Category | None,
        active: int | None,
        advice: Advice | None = None,
        tags: tuple[str, ...] | None = None,
    ) -> Cells:
        """The card's cells on screen with what each shows, drawn with these arguments (the
        same Cells while they are the same). `tags`, when given, are kept as the card's."""
        if tags is not None:
            self.tags = tuple(tags) + ("",) * (self.columns - len(tags))
        shown = advice if advice is not None and self.advice_fits() else None
        key = (state, tuple(colours), previews is not None, focus, active, shown, self.tags)
        return self._cells.get(key, lambda: card_cells(
            self.cell, self.corner, self.rows, state, colours, previews, focus, active,
            shown, self.tags,
        ))  # fmt: skip

    def _draw_layer(
        self,
        layer: pygame.Surface,
        areas: list[pygame.Rect],
        state: GameState,
        colours: list[Colour],
        previews: dict[Category, int] | None,
        focus: Category | None,
        active: int | None,
        advice: Advice | None,
    ) -> None:
        """Draw the card on its layer in each of `areas` (the layer's own coordinates): each
        cleared and drawn with all that reaches into it, clipped to it."""
        offset = self.rect.topleft
        self._shift(-offset[0], -offset[1])
        try:
            for area in areas:
                layer.fill((0, 0, 0, 0), area)
                layer.set_clip(area)
                self._draw_card(layer, state, colours, previews, focus, active, advice)
        finally:
            layer.set_clip(None)
            self._shift(offset[0], offset[1])

    @property
    def corner(self) -> pygame.Rect:
        """The advice's legend: over the labels, beside the names."""
        return pygame.Rect(self.inner.left + 4, self.inner.top, self.label_w - 8, self.head_h)

    @property
    def solid(self) -> pygame.Rect:
        """Where the card is opaque on screen, whatever lies under it (its panel but for a
        band round the corners: the column's tint, the marks and the text are laid on the
        panel): laid over whatever is under it, the card's pixels there are its own."""
        return panel_solid(self.rect)

    @property
    def region(self) -> pygame.Rect:
        """What the card covers on screen, its shadow included."""
        return pygame.Rect(self.rect.topleft, (self.rect.width + SHADOW, self.rect.height + SHADOW))

    def _shift(self, dx: int, dy: int) -> None:
        self.rect = self.rect.move(dx, dy)
        self.inner = self.inner.move(dx, dy)

    def _draw_card(
        self,
        surface: pygame.Surface,
        state: GameState,
        colours: list[Colour],
        previews: dict[Category, int] | None,
        focus: Category | None,
        active: int | None,
        advice: Advice | None,
    ) -> None:
        theme, fonts = self.theme, self.fonts
        self._advice_on = advice is not None and self.advice_fits()
        draw_panel(surface, theme, self.rect)
        text_px = self.text_px
        for r, kind in enumerate(self.rows):
            row_rect = self.row_rect(r)
            summary = kind in ("upper", "bonus", "chips", "total", "team")
            if summary:
                pygame.draw.rect(surface, theme.panel_alt, row_rect)
            if kind == "header":
                continue
            font = fonts.get_px(self.label_px, bold=summary)
            lines = self.labels[kind].split("\n")
            step = font.get_linesize()
            top = row_rect.centery - step * len(lines) / 2
            for i, line in enumerate(lines):  # a label folded onto two lines, or one
                centre_y = round(top + step * (i + 0.5))
                at = (row_rect.left + LABEL_INSET, centre_y)
                blit_text(surface, font, line, theme.text, midleft=at)
            pygame.draw.line(surface, theme.panel_alt, row_rect.bottomleft, row_rect.bottomright)
        # Column in play: tint, thick outline and a thick colour bar in the header.
        if active is not None and 0 <= active < self.columns:
            col = pygame.Rect(
                self.cell(0, active).left, self.inner.top, round(self.col_w), self.inner.height
            )
            shaded = col.clip(surface.get_clip())  # one colour: made only where drawn
            if shaded:
                tint = pygame.Surface(shaded.size, pygame.SRCALPHA)
                tint.fill((*colours[active], 46))
                surface.blit(tint, shaded)
            pygame.draw.rect(
                surface, colours[active], col, width=max(2, round(self.row_h / 10)), border_radius=4
            )
        for c in range(self.columns):
            if not near(self.column_rect(c), surface):
                continue
            self._draw_column(
                surface,
                state,
                c,
                colours[c],
                text_px,
                c == active,
                previews if c == active else None,
                focus if c == active else None,
            )
        if advice is not None and active is not None and self._advice_on:
            boxes = {c: self.box_rect(active, c) for c in advice.values}
            draw_advice(surface, self.fonts, self.theme, advice, boxes, self.corner, self.advice_px)

    def _draw_column(
        self,
        surface: pygame.Surface,
        state: GameState,
        c: int,
        colour: Colour,
        text_px: float,
        active: bool,
        previews: dict[Category, int] | None,
        focus: Category | None,
    ) -> None:
        theme = self.theme
        card = state.cards[c]
        head = self.cell(0, c)
        bar_h = max(3, round(self.row_h * (0.26 if active else 0.14)))
        swatch = pygame.Rect(0, 0, head.width - 8, bar_h)
        swatch.midbottom = (head.centerx, head.bottom - 2)
        pygame.draw.rect(surface, colour, swatch, border_radius=2)
        if near(head, surface):
            self._draw_head(surface, state, c, head, swatch.top, text_px)
        # Forced order: the column in play's next box is the only one open, so it is marked
        # even before a roll (and with the previews off).
        forced_next = card.next_open if active and state.config.forced_order else None
        for r, kind in enumerate(self.rows):
            if kind == "header":
                continue
            cell = self.cell(r, c)
            if not near(cell, surface):
                continue
            if isinstance(kind, Category):
                if kind is forced_next:
                    draw_next_box(surface, self.theme, self.row_h, cell)
                value = card[kind]
                if value is not None:
                    self._text(surface, str(value), cell, theme.text, text_px, bold=False)
                elif previews is not None and kind in previews:
                    points = previews[kind]
                    ink = theme.preview if points else theme.zero_preview
                    room = cell if not self._advice_on else cell.inflate(-cell.width * 0.42, 0)
                    room.left = cell.left
                    self._preview(surface, str(points), room, ink, text_px)
                if focus is kind:
                    draw_focus(surface, self.theme, self.row_h, cell)
            elif kind == "upper":
                pace = upper_pace(card)
                total = str(card.upper_total)
                forms = (f"{total} ({pace:+d})", total) if pace else (total,)
                self._text(surface, forms, cell, theme.text, text_px * 0.9, bold=True)
            elif kind == "bonus":
                if card.upper_bonus:
                    self._text(surface, str(card.upper_bonus), cell, theme.good, text_px, True)
                else:
                    need = card.card.bonus_threshold - card.upper_total
                    open_upper = any(card[x] is None for x in card.card.upper)
                    # Translators: in the bonus row, points still needed for the bonus;
                    # short (a narrow cell shows the number alone when it does not fit).
                    needs = _("needs {points}").format(points=need)
                    forms = (needs, str(need)) if open_upper else ("0",)
                    self._text(surface, forms, cell, theme.text_dim, text_px * 0.75)
            elif kind == "chips":
                self._chips(surface, cell, card.bonus_chips, text_px)
            elif kind == "total":
                self._text(surface, str(card.total), cell, theme.text, text_px * 1.05, bold=True)
            elif kind == "team":
                team = next(i for i, cols in enumerate(state.config.competitors) if c in cols)
                self._text(surface, str(state.totals()[team]), cell, theme.text_dim, text_px)

    def _draw_head(
        self,
        surface: pygame.Surface,
        state: GameState,
        c: int,
        head: pygame.Rect,
        bar_top: int,
        text_px: float,
    ) -> None:
        """A column's name, and what is written under it (a CPU's level, the chances)."""
        theme, fonts = self.theme, self.fonts
        name = state.config.column_name(c)
        font, shown = fit_label(fonts, name, text_px / fonts.text_scale, head.width - 8, True)
        tag = self.tags[c]
        if tag:
            tag_font, tag_text = _fit_tag(fonts, tag, text_px * 0.78 / fonts.text_scale, head)
            name_h = font.size(shown)[1]
            block = name_h + tag_font.size(tag_text)[1]
            top = head.top + (bar_top - head.top - block) // 2
            blit_text(surface, font, shown, theme.text, midtop=(head.centerx, top))
            under = (head.centerx, top + name_h)
            blit_text(surface, tag_font, tag_text, theme.text_dim, midtop=under)
        else:
            middle = (head.top + bar_top) // 2
            blit_text(surface, font, shown, theme.text, center=(head.centerx, middle))

    def advice_fits(self) -> bool:
        """Whether the advice figures fit beside the previews at a legible size (they are
        left out where they do not: a narrow card with many columns)."""
        font = self.fonts.get_px(self.advice_px, bold=True)
        return font.size("888")[0] + 8 <= self.col_w * 0.42

    @property
    def advice_px(self) -> float:
        return max(MIN_FONT_PX, self.text_px * 0.7)

    def _text(
        self,
        surface: pygame.Surface,
        forms: str | Sequence[str],
        cell: pygame.Rect,
        colour: Colour,
        px: float,
        bold: bool = False,
    ) -> None:
        """Centre the first of `forms` (a text, or texts longest first) that fits the cell
        at `px` on screen or a little smaller, never under the floor; the last one else."""
        forms = (forms,) if isinstance(forms, str) else forms
        room, fonts = cell.width - 4, self.fonts
        least = max(MIN_FONT_PX, px * 0.75)
        for text in forms:
            font = fonts.fit(text, px / fonts.text_scale, room, bold, least / fonts.text_scale)
            if font.size(text)[0] <= room:
                break
        blit_text(surface, font, text, colour, center=cell.center)

    def _preview(
        self, surface: pygame.Surface, text: str, cell: pygame.Rect, colour: Colour, px: float
    ) -> None:
        draw_pill(surface, self.theme, cell, colour)
        self._text(surface, text, cell, colour, px * 0.85)

    def _chips(self, surface: pygame.Surface, cell: pygame.Rect, chips: int, px: float) -> None:
        if not chips:
            self._text(surface, "-", cell, self.theme.text_dim, px * 0.8)
            return
        draw_chips(surface, self.theme, cell, min(chips, 6))
        if chips > 6:
            # Translators: how many Yahtzee bonus chips, beside the first six drawn ("x7").
            count = _("x{count}").format(count=chips)
            self._text(surface, count, cell.move(0, 0), self.theme.text, px * 0.7)


def _fit_tag(fonts: Fonts, tag: str, px: float, head: pygame.Rect) -> tuple[pygame.font.Font, str]:
    """What is written under a column's name, fitted to it: a CPU's level with its chance to
    win ("Expert · 42%"), or, where the two do not fit whole, the chance alone ("42%"), as
    that is what changes."""
    font, text = fit_label(fonts, tag, px, head.width - 8)
    if text != tag and TAG_JOIN in tag:
        return fit_label(fonts, tag.rpartition(TAG_JOIN)[2], px, head.width - 8)
    return font, text
