"""Scrolled pages of figures, as the coach's review and the statistics show them: each page
is laid out and painted once onto its own surface (`render_page`), and draw() only blits the
part in view. A `PageWriter` places the text, or with no surface only measures it, so one
function both lays a page out and paints it. Figures sit in tiles (`paint_tiles`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.ui.text import ellipsize, wrap_lines

if TYPE_CHECKING:
    from game.ui.fonts import Fonts
    from game.ui.theme import Colour, Theme

# A figure's tile: (label, value, ink of the value or None for the text colour).
Tile = tuple[str, str, "Colour | None"]
LABEL_SIZE = 0.8  # a tile's label, of the page's text size


class PageWriter:
    """Places text on a page surface; with no surface it only measures (a layout pass)."""

    def __init__(
        self, surface: pygame.Surface | None, theme: Theme, fonts: Fonts, px: float
    ) -> None:
        self.surface = surface
        self.theme = theme
        self.fonts = fonts
        self.px = px
        self.body = fonts.get(px)
        self.line = self.body.get_linesize()

    def text(
        self,
        text: str,
        pos: tuple[int, int],
        *,
        size: float = 1.0,
        bold: bool = False,
        ink: Colour | None = None,
        width: int | None = None,
        anchor: str = "topleft",
    ) -> pygame.Rect:
        font = self.fonts.get(self.px * size, bold)
        if width is not None:
            text = ellipsize(font, text, width)
        image = font.render(text, True, ink or self.theme.text)
        rect = image.get_rect(**{anchor: pos})
        if self.surface is not None:
            self.surface.blit(image, rect)
        return rect


def render_page(
    paint: Callable[[pygame.Surface | None], int], width: int, theme: Theme
) -> tuple[pygame.Surface, int]:
    """The page `paint` draws, and its height: `paint(None)` lays it out and returns the
    height, then `paint(surface)` paints it on a panel-coloured surface that tall."""
    height = paint(None)
    page = pygame.Surface((width, max(1, height)))
    if pygame.display.get_surface() is not None:
        page = page.convert()
    page.fill(theme.panel)
    paint(page)
    return page, height


def tile_gap(line: int) -> int:
    """The space between tiles, for a page whose text lines are `line` px apart."""
    return max(4, line // 3)


def paint_tiles(
    pen: PageWriter,
    rects: dict[str, pygame.Rect],
    tiles: Sequence[Tile],
    top: int,
    width: int,
    cols: int,
    tile_h: int,
    value_size: float,
    fit_values: bool = False,
) -> int:
    """Figures in tiles, `cols` to a row from `top`: a small label over a large value (cut to
    the tile when `fit_values`). A label too wide for its tile takes two lines, and every
    tile grows by a line for it ("Victoires contre des adversaires" at 640x480 with 200%
    text); only a longer one ends in an ellipsis. Each tile's rect goes in `rects` as
    "tile0", "tile1" ...; returns the bottom of the last row."""
    line = pen.line
    theme = pen.theme
    gap = tile_gap(line)
    tile_w = (width - (cols - 1) * gap) // cols
    label_font = pen.fonts.get(pen.px * LABEL_SIZE)
    labels = [wrap_lines(label_font, label, tile_w - line, 2) for label, _value, _ink in tiles]
    label_line = label_font.get_linesize()
    tile_h += max((len(lines) - 1 for lines in labels), default=0) * label_line
    for i, (_label, value, ink) in enumerate(tiles):
        r, c = divmod(i, cols)
        tile = pygame.Rect(c * (tile_w + gap), top + r * (tile_h + gap), tile_w, tile_h)
        rects[f"tile{i}"] = tile
        if pen.surface is not None:
            pygame.draw.rect(pen.surface, theme.panel_alt, tile, 0, max(4, line // 4))
            for n, words in enumerate(labels[i]):
                pen.text(
                    words,
                    (tile.left + line // 2, tile.top + line // 4 + n * label_line),
                    size=LABEL_SIZE,
                    ink=theme.text_dim,
                    width=tile.width - line,
                )
            pen.text(
                value,
                (tile.left + line // 2, tile.bottom - line // 5),
                size=value_size,
                bold=True,
                ink=ink,
                anchor="bottomleft",
                width=tile.width - line if fit_values else None,
            )
    rows = -(-len(tiles) // cols)
    return top + rows * tile_h + (rows - 1) * gap
