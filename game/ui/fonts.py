"""The game's typeface, Noto Sans (assets/fonts), cached per pixel size, scaled by the
player's text size setting.

Sizes are the layouts' own measure: they were made for pygame's bundled font, which draws a
size-24 text with 12 px capitals. `em_px` turns a size into the typeface's em in pixels so that
capitals keep that height (Noto Sans's capitals are 0.714 of its em): the layouts keep their
proportions, and the text keeps its apparent size.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import assets

if TYPE_CHECKING:
    from game.ui.theme import Colour

CAP_LEAST = 8  # px: no text is drawn with capitals shorter than this
INK = 48  # the alpha from which a rendered pixel counts as ink
EM_PER_SIZE = 2 / 3  # the em, in pixels, of a text of size 1 (capitals as the old font's)
REGULAR = "fonts/NotoSans-Regular.ttf"
BOLD = "fonts/NotoSans-Bold.ttf"


def em_px(size: float) -> int:
    """The typeface's em in pixels for a text of `size`."""
    return max(1, round(size * EM_PER_SIZE))


def face(bold: bool = False) -> Path:
    """The file of the regular or the bold weight."""
    return assets.path(BOLD if bold else REGULAR)


def least_legible_size() -> int:
    """The smallest size whose capitals are CAP_LEAST px tall, as the pygame and FreeType in
    use render the typeface: 15 (an em of 10 px). Measured, so a release that draws it
    otherwise keeps the floor true."""
    pygame.font.init()
    size = 9
    while (
        pygame.font.Font(face(), em_px(size))
        .render("H", True, (0, 0, 0))
        .get_bounding_rect(INK)
        .height
        < CAP_LEAST
        and size < 24
    ):
        size += 1
    return size


# The smallest size any text is drawn at. Layouts fold, drop or cut what does not fit; no
# text goes smaller (tests/i18n/test_text_floor.py measures every text drawn).
MIN_FONT_PX = least_legible_size()
PROBE_PX = 24  # px: the size at which a character is compared with the missing-glyph box
NO_GLYPH = "\ue000"  # a private-use character, which no font of ours has: its box


class Fonts:
    """One font object per (size, bold); sizes are in pixels before the text scale."""

    def __init__(self, text_scale: float = 1.0) -> None:
        self.text_scale = text_scale
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}
        self._drawable: dict[str, bool] = {}

    def get(self, size: float, bold: bool = False) -> pygame.font.Font:
        px = max(MIN_FONT_PX, round(size * self.text_scale))
        key = (px, bold)
        font = self._cache.get(key)
        if font is None:
            font = pygame.font.Font(face(bold), em_px(px))  # a real bold, never a smeared one
            self._cache[key] = font
            if len(self._cache) > 96:  # window resizes make new sizes; keep memory bounded
                self._cache.pop(next(iter(self._cache)))
        return font

    def get_px(self, pixels: float, bold: bool = False) -> pygame.font.Font:
        """A font of `pixels` on screen (the text size already counted), at least the floor."""
        return self.get(pixels / self.text_scale, bold)

    def can_draw(self, char: str) -> bool:
        """Whether the font has a glyph for `char` (one character), rather than the box it
        draws for a missing one."""
        known = self._drawable.get(char)
        if known is None:
            font = self.get(PROBE_PX / self.text_scale)

            def image(c: str) -> bytes:
                return pygame.image.tobytes(font.render(c, False, (255, 255, 255)), "RGBA")

            try:
                known = char.isspace() or image(char) != image(NO_GLYPH)
            except pygame.error:  # "Text has zero width": a character that draws nothing
                known = False
            self._drawable[char] = known
        return known

    def render(self, text: str, size: float, colour: Colour, bold: bool = False) -> pygame.Surface:
        return self.get(size, bold).render(text, True, colour)

    def fit(
        self, text: str, size: float, width: int, bold: bool = False, least: float = MIN_FONT_PX
    ) -> pygame.font.Font:
        """The largest font from `size` down to `least` in which `text` fits `width` pixels
        (or the `least` one, if none does)."""
        font = self.get(size, bold)
        while font.size(text)[0] > width and size > least:
            size = max(least, size * 0.9)
            font = self.get(size, bold)
        return font
