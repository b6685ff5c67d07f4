"""The live scorecard: one column per scorecard, upper section with subtotal, bonus and pace
to 63, lower section, Yahtzee bonus chips and totals. The column in play is marked (tint,
outline and an arrow), its open boxes preview what the dice would score, and the box with the
keyboard focus or the mouse over it is outlined with a marker."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules import CATEGORIES, Category, GameState, TeamMode
from game.rules.categories import UPPER_BONUS_THRESHOLD
from game.ui.fonts import Fonts
from game.ui.text import fit_label
from game.ui.theme import Theme
from game.ui.widgets import draw_panel

# Row kinds in card order.
ROWS: tuple[str | Category, ...] = (
    "header",
    *CATEGORIES[:6],
    "upper",
    "bonus",
    *CATEGORIES[6:],
    "chips",
    "total",
)
ROW_LABELS = {
    "upper": "Upper total",
    "bonus": "Bonus (63+)",
    "chips": "Yahtzee bonus",
    "total": "Total",
    "team": "Team total",
}
SHORT_LABELS = {
    Category.THREE_OF_A_KIND: "3 of a kind",
    Category.FOUR_OF_A_KIND: "4 of a kind",
    Category.SMALL_STRAIGHT: "Sm. straight",
    Category.LARGE_STRAIGHT: "Lg. straight",
}


def upper_pace(card) -> int:
    """Points ahead (+) or behind (-) of three of each face in the filled upper boxes."""
    return sum(card[c] - 3 * c.face for c in CATEGORIES[:6] if card[c] is not None)


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
        self.inner = pygame.Rect(0, 0, 0, 0)
        self._advice_on = False
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self._layer_state: GameState | None = None

    def layout(self, rect: pygame.Rect, state: GameState) -> None:
        self.rect = rect
        config = state.config
        self.columns = len(config.columns)
        self.rows = ROWS + (("team",) if config.team_mode is TeamMode.COMBINED else ())
        pad = max(4, rect.width // 60)
        self.inner = rect.inflate(-2 * pad, -2 * pad)
        self.row_h = self.inner.height / len(self.rows)
        self.label_w = round(self.inner.width * (0.42 if self.columns <= 2 else 0.3))
        self.col_w = (self.inner.width - self.label_w) / self.columns

    # ----------------------------------------------------------------- geometry
    def cell(self, row: int, column: int) -> pygame.Rect:
        x = self.inner.left + self.label_w + column * self.col_w
        y = self.inner.top + row * self.row_h
        return pygame.Rect(round(x), round(y), round(self.col_w), round(self.row_h))

    def box_rect(self, column: int, category: Category) -> pygame.Rect:
        return self.cell(self.rows.index(category), column)

    def box_at(self, pos: tuple[int, int]) -> tuple[int, Category] | None:
        if not self.inner.collidepoint(pos) or self.col_w <= 0:
            return None
        row = int((pos[1] - self.inner.top) // self.row_h)
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
        advice: dict[Category, float] | None = None,
    ) -> None:
        """Draw the card. Everything but the fading glow of a just-scored box is drawn once
        into a cached layer and redrawn only when what it shows changes."""
        key = (
            state,
            tuple(colours),
            previews is not None,
            focus,
            active,
            tuple(sorted((c.value, v) for c, v in advice.items())) if advice else None,
            self.rect.size,
        )
        if self._layer is None or self._layer_key != key or self._layer_state is not state:
            margin = 8  # room for the panel's drop shadow
            size = (self.rect.width + margin, self.rect.height + margin)
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
        surface.blit(self._layer, self.rect.topleft)
        if flash is not None and flash.strength > 0:
            rect = self.box_rect(flash.column, flash.category)
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            glow.fill((*self.theme.focus, round(170 * flash.strength)))
            surface.blit(glow, rect)

    def _shift(self, dx: int, dy: int) -> None:
        self.rect = self.rect.move(dx, dy)
        self.inner = self.inner.move(dx, dy)

    def _draw_card(self, surface, state, colours, previews, focus, active, advice) -> None:
        theme, fonts = self.theme, self.fonts
        self._advice_on = bool(advice)
        draw_panel(surface, theme, self.rect)
        text_px = self.row_h * 0.62
        label_font_px = min(text_px, self.label_w / 7.5)
        for r, kind in enumerate(self.rows):
            y = self.inner.top + r * self.row_h
            row_rect = pygame.Rect(self.inner.left, round(y), self.inner.width, round(self.row_h))
            summary = kind in ("upper", "bonus", "chips", "total", "team")
            if summary:
                pygame.draw.rect(surface, theme.panel_alt, row_rect)
            if kind == "header":
                continue
            label = (
                ROW_LABELS.get(kind)
                if isinstance(kind, str)
                else (SHORT_LABELS.get(kind, kind.label) if self.label_w < 150 else kind.label)
            )
            text = fonts.render(label, label_font_px, theme.text, bold=summary)
            surface.blit(text, text.get_rect(midleft=(row_rect.left + 6, row_rect.centery)))
            pygame.draw.line(surface, theme.panel_alt, row_rect.bottomleft, row_rect.bottomright)
        # Column in play: tint, thick outline and an arrow in the header.
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
        if advice and active is not None:
            self._draw_advice(surface, active, advice, text_px)

    def _draw_column(self, surface, state, c, colour, text_px, active, previews, focus) -> None:
        theme, fonts = self.theme, self.fonts
        card = state.cards[c]
        head = self.cell(0, c)
        name = state.config.column_name(c)
        font, shown = fit_label(fonts, name, text_px, head.width - 8, bold=True)
        label = font.render(shown, True, theme.text)
        swatch = pygame.Rect(0, 0, head.width - 8, max(3, round(self.row_h * 0.14)))
        swatch.midbottom = (head.centerx, head.bottom - 2)
        pygame.draw.rect(surface, colour, swatch, border_radius=2)
        surface.blit(label, label.get_rect(center=(head.centerx, head.centery - swatch.height)))
        if active:
            r = max(3, round(self.row_h * 0.16))
            x, y = head.centerx, head.top + 1
            pygame.draw.polygon(surface, theme.text, [(x - r, y), (x + r, y), (x, y + r)])
        for r, kind in enumerate(self.rows):
            if kind == "header":
                continue
            cell = self.cell(r, c)
            if isinstance(kind, Category):
                value = card[kind]
                if value is not None:
                    self._text(surface, str(value), cell, theme.text, text_px, bold=False)
                elif previews is not None and kind in previews:
                    points = previews[kind]
                    ink = theme.preview if points else theme.zero_preview
                    room = cell if not self._advice_on else cell.inflate(-cell.width * 0.4, 0)
                    room.left = cell.left
                    self._preview(surface, str(points), room, ink, text_px)
                if focus is kind:
                    self._focus(surface, cell)
            elif kind == "upper":
                pace = upper_pace(card)
                pace_text = f"{card.upper_total}" + (f" ({pace:+d})" if pace else "")
                self._text(surface, pace_text, cell, theme.text, text_px * 0.9, bold=True)
            elif kind == "bonus":
                if card.upper_bonus:
                    self._text(surface, str(card.upper_bonus), cell, theme.good, text_px, True)
                else:
                    need = UPPER_BONUS_THRESHOLD - card.upper_total
                    open_upper = any(card[x] is None for x in CATEGORIES[:6])
                    text = f"needs {need}" if open_upper else "0"
                    self._text(surface, text, cell, theme.text_dim, text_px * 0.75)
            elif kind == "chips":
                self._chips(surface, cell, card.bonus_chips, text_px)
            elif kind == "total":
                self._text(surface, str(card.total), cell, theme.text, text_px * 1.05, bold=True)
            elif kind == "team":
                team = next(i for i, cols in enumerate(state.config.competitors) if c in cols)
                self._text(surface, str(state.totals()[team]), cell, theme.text_dim, text_px)

    def _draw_advice(self, surface, column, advice, px) -> None:
        """The coach's overlay: expected final total if the box is scored now."""
        best = max(advice.values())
        for category, value in advice.items():
            cell = self.box_rect(column, category)
            top = value >= best - 1e-9
            ink = self.theme.good if top else self.theme.text_dim
            img = self.fonts.render(f"{value:.0f}", px * 0.62, ink, bold=top)
            surface.blit(img, img.get_rect(midright=(cell.right - 2, cell.centery)))

    def _text(self, surface, text, cell, colour, px, bold=False) -> None:
        img = self.fonts.fit(text, px, cell.width - 4, bold).render(text, True, colour)
        surface.blit(img, img.get_rect(center=cell.center))

    def _preview(self, surface, text, cell, colour, px) -> None:
        # Previews sit in a pale pill, so they differ from written scores by shape too.
        pill = cell.inflate(-max(6, cell.width // 5), -max(4, cell.height // 4))
        pygame.draw.rect(surface, self.theme.panel_alt, pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, colour, pill, width=1, border_radius=pill.height // 2)
        self._text(surface, text, cell, colour, px * 0.85)

    def _focus(self, surface, cell) -> None:
        width = max(2, round(self.row_h / 9))
        pygame.draw.rect(
            surface, self.theme.focus, cell.inflate(2, 2), width=width, border_radius=4
        )
        r = max(3, round(self.row_h * 0.18))
        x, y = cell.left + r + 2, cell.centery
        pygame.draw.polygon(
            surface, self.theme.text, [(x - r, y - r), (x + r // 2, y), (x - r, y + r)]
        )

    def _chips(self, surface, cell, chips, px) -> None:
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
            self._text(surface, f"x{chips}", cell.move(0, 0), self.theme.text, px * 0.7)
