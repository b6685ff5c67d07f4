"""The live scorecard: one column per scorecard, its rows the card's (`game.rules.cards`):
upper section with subtotal, bonus and pace to the card's threshold, lower section, bonus
chips on a card that has them, and totals. The column in play is marked (tint,
outline and a thick colour bar), its open boxes preview what the dice would score, and the box
with the keyboard focus or the mouse over it is outlined with a marker. A CPU's column header
shows its level under the name.

Text comes first: the text grows with the player's text size as far as a row holds it, the
label column takes the width its labels need (short labels, then an ellipsis, before the
text would go under the legible floor), and a figure that does not fit its cell is shown in
a shorter form ("24" for "24 (-3)") rather than cut. The coach's advice figures are drawn
only where they fit at a legible size."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.i18n import N_, _, language, translate
from game.rules import Category, GameState, Scorecard, TeamMode
from game.rules.cards import AMERICAN, Card
from game.ui.advice_view import Advice, draw_advice
from game.ui.fonts import MIN_FONT_PX, Fonts
from game.ui.text import ellipsize, fit_label, wrap_text
from game.ui.theme import Colour, Theme
from game.ui.widgets import draw_panel


def card_rows(card: Card) -> tuple[str | Category, ...]:
    """The rows of a card in order: the header, the upper boxes, their total and bonus, the
    lower boxes, the bonus chips (on a card that has them) and the total."""
    return (
        "header",
        *card.upper,
        "upper",
        "bonus",
        *card.lower,
        *(("chips",) if card.has_chips else ()),
        "total",
    )


ROWS = card_rows(AMERICAN)  # the American card's rows
# The card's summary rows (marked here, translated when the card is laid out).
ROW_LABELS = {
    "upper": N_("Upper total"),
    # Translators: the upper section's bonus row; it is earned at {threshold} points or more.
    "bonus": N_("Bonus ({threshold}+)"),
    # TRANSLATORS: the card's row of bonus points for extra Yahtzees (100 each), not an extra
    # Yahtzee itself.
    "chips": N_("Yahtzee bonus"),
    "total": N_("Total"),
    # Translators: a team's sum of its members' cards (combined cards).
    "team": N_("Team total"),
}
SHORT_LABELS = {
    # Translators: short box names, for a card too narrow for the full ones.
    Category.THREE_OF_A_KIND: N_("3 of a kind"),
    Category.FOUR_OF_A_KIND: N_("4 of a kind"),
    Category.SMALL_STRAIGHT: N_("Sm. straight"),
    Category.LARGE_STRAIGHT: N_("Lg. straight"),
}


HEADER_ROWS = 1.9  # the header's height in rows: the name, a CPU's level, the colour bar
TEXT_SHARE = 0.62  # of a row's height, at text size 100%
TEXT_MOST = 0.85  # of a row's height, at any text size
LABEL_MOST = 0.51  # of the card's width the label column may take
LABEL_INSET = 8  # px from the card's edge to a label
LABEL_CLEAR = 10  # px from a label to the first score column (and its thick outline in play)
SHADOW = 8  # px right and below the card for the panel's drop shadow


def fold_label(font: pygame.font.Font, text: str, room: int, two_lines: bool) -> str:
    """A box's label in `room` px at the smallest text size: whole if it fits, else folded
    at a space onto two lines where the row has the height for them, and cut with an
    ellipsis only where neither will do (text is never shrunk below the floor)."""
    if font.size(text)[0] <= room:
        return text
    if two_lines and " " in text:
        lines = wrap_text(font, text, room)
        fits = len(lines) == 2 and all(font.size(line)[0] <= room for line in lines)
        if fits and " ".join(lines) == text:  # folded at spaces, no word broken
            return "\n".join(lines)
    return ellipsize(font, text, room)


def upper_pace(card: Scorecard) -> int:
    """Points ahead (+) or behind (-) of par in the filled upper boxes: par is the card's
    threshold shared by face (three of each face for a bonus at 63)."""
    rules = card.card
    filled = [c for c in rules.upper if card[c] is not None]
    par = rules.bonus_threshold * sum(c.face for c in filled) / 21
    return sum(card[c] or 0 for c in filled) - round(par)


def row_label(kind: str | Category, card: Card) -> str:
    """A row's name on `card`, in the language in use."""
    if isinstance(kind, Category):
        return translate(card.label(kind))
    if kind == "bonus":
        return translate(ROW_LABELS["bonus"]).format(threshold=card.bonus_threshold)
    return translate(ROW_LABELS[kind])


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
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[object, ...] | None = None
        self._layer_state: GameState | None = None
        self._composite: pygame.Surface | None = None  # the layer on its backdrop, opaque
        self._composite_on: pygame.Surface | None = None

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

    def _fit_labels(self) -> None:
        """The label column: full names at the text size if they fit, else short ones, else
        a smaller size down to the floor, and past that each label cut with an ellipsis.
        The score columns keep room for three digits."""
        fonts, pad = self.fonts, LABEL_INSET + LABEL_CLEAR
        digits = fonts.get_px(self.text_px).size("000")[0] + 8
        most = min(self.inner.width * LABEL_MOST, self.inner.width - digits * self.columns)
        kinds = [k for k in self.rows if k != "header"]
        self._language = language()
        full = {k: row_label(k, self.card) for k in kinds}
        short = {k: translate(SHORT_LABELS[k]) if k in SHORT_LABELS else v for k, v in full.items()}
        px = self.text_px
        while True:
            for labels in (full, short):
                need = max(fonts.get_px(px, bold=True).size(t)[0] for t in labels.values()) + pad
                if need <= most:
                    self.label_px, self.labels, self.label_w = px, labels, round(need)
                    return
            if px <= MIN_FONT_PX:
                break
            px = max(MIN_FONT_PX, px * 0.92)
        self.label_px, self.label_w = MIN_FONT_PX, round(max(most, 0))
        font = fonts.get_px(MIN_FONT_PX, bold=True)
        room = self.label_w - pad
        two_lines = 2 * font.get_linesize() <= self.row_h
        self.labels = {k: fold_label(font, t, room, two_lines) for k, t in short.items()}

    # ----------------------------------------------------------------- geometry
    def cell(self, row: int, column: int) -> pygame.Rect:
        x = self.inner.left + self.label_w + column * self.col_w
        y = self.inner.top + (0 if row == 0 else self.head_h + (row - 1) * self.row_h)
        h = self.head_h if row == 0 else self.row_h
        return pygame.Rect(round(x), round(y), round(self.col_w), round(h))

    def column_rect(self, column: int) -> pygame.Rect:
        """A whole column, its head included."""
        top, foot = self.cell(0, column), self.cell(len(self.rows) - 1, column)
        return top.union(foot)

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
        backdrop: pygame.Surface | None = None,
    ) -> None:
        """Draw the card. Everything but the fading glow of a just-scored box is drawn once
        into a cached layer and redrawn only when what it shows changes. `tags` replaces
        what is written under the names (levels and chances) when given. Given the
        `backdrop` it stands on (the felt, a surface the window's size), the layer is laid
        on it once and the card drawn opaque, with no blending each frame: at 4K that is
        most of a frame's time, and the felt need not be drawn under the card at all."""
        if tags is not None:
            self.tags = tuple(tags) + ("",) * (self.columns - len(tags))
        key = (
            state,
            tuple(colours),
            previews is not None,
            focus,
            active,
            advice,
            self.tags,
            self.rect.size,
            self._language,
        )
        if self._layer is None or self._layer_key != key or self._layer_state is not state:
            size = (self.rect.width + SHADOW, self.rect.height + SHADOW)
            if self._layer is None or self._layer.get_size() != size:
                self._layer = pygame.Surface(size, pygame.SRCALPHA)
            self._layer.fill((0, 0, 0, 0))
            offset = self.rect.topleft
            self._shift(-offset[0], -offset[1])
            try:
                self._draw_card(self._layer, state, colours, previews, focus, active, advice)
            finally:
                self._shift(offset[0], offset[1])
            self._layer_key, self._layer_state = key, state
            self._composite = None
        region = self.region
        if backdrop is not None and backdrop.get_rect().contains(region):
            if self._composite is None or self._composite_on is not backdrop:
                self._composite = backdrop.subsurface(region).copy()
                self._composite.blit(self._layer, (0, 0))
                self._composite_on = backdrop
            surface.blit(self._composite, region.topleft)
        else:
            surface.blit(self._layer, self.rect.topleft)
        if flash is not None and flash.strength > 0:
            rect = self.box_rect(flash.column, flash.category)
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            glow.fill((*self.theme.focus, round(170 * flash.strength)))
            surface.blit(glow, rect)

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
                text = font.render(line, True, theme.text)
                centre_y = round(top + step * (i + 0.5))
                surface.blit(text, text.get_rect(midleft=(row_rect.left + LABEL_INSET, centre_y)))
            pygame.draw.line(surface, theme.panel_alt, row_rect.bottomleft, row_rect.bottomright)
        # Column in play: tint, thick outline and a thick colour bar in the header.
        if active is not None and 0 <= active < self.columns:
            col = pygame.Rect(
                self.cell(0, active).left, self.inner.top, round(self.col_w), self.inner.height
            )
            tint = pygame.Surface(col.size, pygame.SRCALPHA)
            tint.fill((*colours[active], 46))
            surface.blit(tint, col)
            pygame.draw.rect(
                surface, colours[active], col, width=max(2, round(self.row_h / 10)), border_radius=4
            )
        for c in range(self.columns):
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
            corner = pygame.Rect(self.inner.left + 4, self.inner.top, self.label_w - 8, self.head_h)
            boxes = {c: self.box_rect(active, c) for c in advice.values}
            draw_advice(surface, self.fonts, self.theme, advice, boxes, corner, self.advice_px)

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
        theme, fonts = self.theme, self.fonts
        card = state.cards[c]
        head = self.cell(0, c)
        bar_h = max(3, round(self.row_h * (0.26 if active else 0.14)))
        swatch = pygame.Rect(0, 0, head.width - 8, bar_h)
        swatch.midbottom = (head.centerx, head.bottom - 2)
        pygame.draw.rect(surface, colour, swatch, border_radius=2)
        name = state.config.column_name(c)
        font, shown = fit_label(fonts, name, text_px / fonts.text_scale, head.width - 8, True)
        label = font.render(shown, True, theme.text)
        tag = self.tags[c]
        if tag:
            tag_font, tag_text = fit_label(
                fonts, tag, text_px * 0.78 / fonts.text_scale, head.width - 8
            )
            tag_img = tag_font.render(tag_text, True, theme.text_dim)
            block = label.get_height() + tag_img.get_height()
            top = head.top + (swatch.top - head.top - block) // 2
            surface.blit(label, label.get_rect(midtop=(head.centerx, top)))
            surface.blit(tag_img, tag_img.get_rect(midtop=(head.centerx, top + label.get_height())))
        else:
            middle = (head.top + swatch.top) // 2
            surface.blit(label, label.get_rect(center=(head.centerx, middle)))
        # Forced order: the column in play's next box is the only one open, so it is marked
        # even before a roll (and with the previews off).
        forced_next = card.next_open if active and state.config.forced_order else None
        for r, kind in enumerate(self.rows):
            if kind == "header":
                continue
            cell = self.cell(r, c)
            if isinstance(kind, Category):
                if kind is forced_next:
                    self._next_box(surface, cell)
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
                    self._focus(surface, cell)
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
        img = font.render(text, True, colour)
        surface.blit(img, img.get_rect(center=cell.center))

    def _preview(
        self, surface: pygame.Surface, text: str, cell: pygame.Rect, colour: Colour, px: float
    ) -> None:
        # Previews sit in a pale pill, so they differ from written scores by shape too.
        pill = cell.inflate(-max(6, cell.width // 5), -max(4, cell.height // 4))
        pygame.draw.rect(surface, self.theme.panel_alt, pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, colour, pill, width=1, border_radius=pill.height // 2)
        self._text(surface, text, cell, colour, px * 0.85)

    def _next_box(self, surface: pygame.Surface, cell: pygame.Rect) -> None:
        """The box forced order fills next: a dashed outline, apart from the focus's."""
        width = max(1, round(self.row_h / 14))
        rect = cell.inflate(-4, -4)
        dash = max(3, round(self.row_h / 5))
        ink = self.theme.accent
        for x in range(rect.left, rect.right, 2 * dash):
            end = min(x + dash, rect.right)
            pygame.draw.line(surface, ink, (x, rect.top), (end, rect.top), width)
            pygame.draw.line(surface, ink, (x, rect.bottom - 1), (end, rect.bottom - 1), width)
        for y in range(rect.top, rect.bottom, 2 * dash):
            end = min(y + dash, rect.bottom)
            pygame.draw.line(surface, ink, (rect.left, y), (rect.left, end), width)
            pygame.draw.line(surface, ink, (rect.right - 1, y), (rect.right - 1, end), width)

    def _focus(self, surface: pygame.Surface, cell: pygame.Rect) -> None:
        width = max(2, round(self.row_h / 9))
        pygame.draw.rect(
            surface, self.theme.focus, cell.inflate(2, 2), width=width, border_radius=4
        )
        r = max(3, round(self.row_h * 0.18))
        x, y = cell.left + r + 2, cell.centery
        pygame.draw.polygon(
            surface, self.theme.text, [(x - r, y - r), (x + r // 2, y), (x - r, y + r)]
        )

    def _chips(self, surface: pygame.Surface, cell: pygame.Rect, chips: int, px: float) -> None:
        if not chips:
            self._text(surface, "-", cell, self.theme.text_dim, px * 0.8)
            return
        r = max(3, round(min(cell.height * 0.3, cell.width / (2.6 * min(chips, 6) + 2))))
        shown = min(chips, 6)
        x0 = cell.centerx - (shown - 1) * r * 1.25
        for i in range(shown):
            centre = (round(x0 + i * r * 2.5), cell.centery)
            pygame.draw.circle(surface, self.theme.accent, centre, r)
            pygame.draw.circle(surface, self.theme.panel, centre, max(1, r - 2), width=1)
        if chips > 6:
            # Translators: how many Yahtzee bonus chips, beside the first six drawn ("x7").
            count = _("x{count}").format(count=chips)
            self._text(surface, count, cell.move(0, 0), self.theme.text, px * 0.7)
